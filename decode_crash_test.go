package safejson_test

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson"
	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/plan"
	"github.com/safejson/safejson/internal/testutil"
)

type crashInner struct{ Value int }

type crashChild struct{ crashInner }

func (c *crashChild) UnmarshalJSON(data []byte) error { return json.Unmarshal(data, &c.crashInner) }

// crashParent: a field embedding a pointer whose type has UnmarshalJSON.
type crashParent struct {
	MyChild struct{ *crashChild }
}

type crashHiddenFallback struct {
	Extra map[string]any `json:",embed"`
}

// crashDestination: an unexported embedded pointer to a struct with a
// ",embed" field.
type crashDestination struct {
	*crashHiddenFallback
}

// crashShapes are the shapes of plan.DecodeCrashes with an input that
// makes encoding/json on json/v2 panic.
// want is the value the classic encoding/json decodes.
var crashShapes = map[string]struct {
	input string
	new   func() any
	want  any
}{
	"81244": {`{"MyChild": {"Value": 3}}`, func() any { return new(crashParent) },
		new(crashParent)}, // the classic encoding/json leaves the embedded pointer nil
	"81297": {`{"unmatched": 1}`, func() any { return new(crashDestination) }, new(crashDestination)},
}

const crashChildEnv = "SAFEJSON_DECODE_CRASH_SHAPE"

// TestDecodeCrashShapesChild is the child process of TestDecodeCrashShapes:
// encoding/json alone on one shape.
func TestDecodeCrashShapesChild(t *testing.T) {
	name := os.Getenv(crashChildEnv)
	if name == "" {
		t.Skip("run by TestDecodeCrashShapes")
	}
	c := crashShapes[name]
	_ = json.Unmarshal([]byte(c.input), c.new())
}

// TestDecodeCrashShapes: on each shape, encoding/json (in a child process)
// panics on json/v2 and not on the classic flavour; safejson never panics:
// where encoding/json panics it returns a *safejson.CrashError, elsewhere
// encoding/json's verdict.
func TestDecodeCrashShapes(t *testing.T) {
	for name, c := range crashShapes {
		out, err := testutil.RunSelf("^TestDecodeCrashShapesChild$", crashChildEnv+"="+name)
		var exit *exec.ExitError
		require.True(t, err == nil || errors.As(err, &exit), "%s: the child process: %v", name, err)
		stdPanics := err != nil
		assert.Equal(t, flavor.V2, stdPanics, "%s: encoding/json panics on json/v2 only: %s", name, out)
		if stdPanics {
			assert.Contains(t, string(out), "panic", name)
		}
		assert.Equal(t, flavor.V2, plan.DecodeCrashes(reflect.TypeOf(c.new())), name)

		for _, dec := range []string{"Unmarshal", "Decoder"} {
			got := c.new()
			var err error
			require.NotPanics(t, func() {
				if dec == "Unmarshal" {
					err = safejson.Unmarshal([]byte(c.input), got)
				} else {
					err = safejson.NewDecoder(strings.NewReader(c.input)).Decode(got)
				}
			}, "%s %s", name, dec)
			if !stdPanics {
				want := c.new()
				assert.Equal(t, json.Unmarshal([]byte(c.input), want), err, "%s %s", name, dec)
				assert.Equal(t, want, got, "%s %s", name, dec)
				assert.Equal(t, c.want, got, "%s %s", name, dec)
				continue
			}
			var ce *safejson.CrashError
			require.True(t, errors.As(err, &ce), "%s %s: %v", name, dec, err)
			assert.Equal(t, reflect.TypeOf(c.new()), ce.Type)
			assert.Contains(t, err.Error(), "encoding/json panics on this type")
		}
	}
}
