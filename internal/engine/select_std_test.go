//go:build safejson_std && !safejson_sonic && !safejson_goccy

package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSelectStd(t *testing.T) {
	assert.Equal(t, "std", Default().Name())
	assert.Equal(t, []string{"std"}, engineNames())
}
