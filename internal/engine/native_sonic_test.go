//go:build !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The sonic this module requires builds its native encoder wherever
// safejson links it (the build constraints are the same): the probe says so.
func TestSonicNative(t *testing.T) {
	assert.True(t, Native(Sonic()))
	assert.True(t, Native(Goccy()))
	assert.True(t, Native(Std()))
}
