//go:build !safejson_sonic && !safejson_goccy && !safejson_std && (amd64 || arm64) && !go1.28

package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSelectDefaultSonic(t *testing.T) {
	assert.Equal(t, "sonic", Default().Name())
	assert.Equal(t, []string{"sonic", "goccy", "std"}, engineNames())
}
