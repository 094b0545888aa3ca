//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The sonic this module requires builds its native encoder wherever
// safejson links it (the build constraints are the same): the probe says so,
// and so it does of every other engine linked.
func TestSonicNative(t *testing.T) {
	assert.True(t, Native(Sonic()))
	for _, e := range All() {
		assert.True(t, Native(e), e.Name())
	}
}
