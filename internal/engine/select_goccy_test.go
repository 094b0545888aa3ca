//go:build safejson_goccy && !safejson_sonic && !safejson_std

package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSelectGoccy(t *testing.T) {
	assert.Equal(t, "goccy", Default().Name())
	assert.Equal(t, []string{"goccy", "std"}, engineNames())
}
