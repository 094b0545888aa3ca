//go:build goexperiment.jsonv2 && go1.27

package conformance

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/safejson/safejson/internal/v2route"
)

// TestV2RouteFacts checks the routing rule of package v2route against the
// json/v2 column: wherever it lets goccy encode a case, goccy writes
// encoding/json/v2's bytes or fails (under every option set), and every
// case where goccy writes other bytes, or bytes where encoding/json/v2
// fails, is one it keeps from goccy.
func TestV2RouteFacts(t *testing.T) {
	needV2Column(t)
	routed, kept := 0, 0
	for _, r := range v2Column() {
		if r.Engine != "goccy" || r.Verdict == V2NotRun || r.Verdict == V2StdDies {
			continue
		}
		ok := v2route.GoccyValue(r.Case.Value)
		if route := v2route.GoccyType(reflect.TypeOf(r.Case.Value)); route != v2route.PerValue {
			assert.Equal(t, route == v2route.Goccy, ok, "%s: GoccyType and GoccyValue disagree", r.Case.Name)
		}
		switch r.Verdict {
		case V2Differs, V2Accepts, V2Panic:
			assert.False(t, ok, "%s under %s: goccy %s (%s, encoding/json/v2 %s), and v2route lets goccy encode it",
				r.Case.Name, r.Set.Name, r.Verdict, v2Shown(r.Got, r.Set), v2Shown(r.Std, r.Set))
		}
		if ok {
			routed++
		} else {
			kept++
		}
	}
	assert.Positive(t, kept, "the rule keeps some case from goccy")
	assert.Greater(t, routed, 10*kept, "the rule lets goccy encode most cases")
}
