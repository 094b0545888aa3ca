package expvar_test

import (
	"encoding/json"
	"expvar"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sjexpvar "github.com/safejson/safejson/compat/expvar"
	"github.com/safejson/safejson/engine"
)

func TestPublishEngines(t *testing.T) {
	sjexpvar.PublishEngines("safejson_engines_test")
	v := expvar.Get("safejson_engines_test")
	require.NotNil(t, v)
	var got struct {
		Engines  []sjexpvar.EngineInfo `json:"engines"`
		Verified bool                  `json:"verified"`
	}
	require.NoError(t, json.Unmarshal([]byte(v.String()), &got))
	linked := engine.Linked()
	require.Len(t, got.Engines, len(linked))
	for i, in := range linked {
		assert.Equal(t, sjexpvar.EngineInfo{Engine: in.Engine.Name(), Module: in.Module, Version: in.Version, Native: in.Native, Verified: in.Verified}, got.Engines[i])
	}
	assert.Equal(t, "std", got.Engines[len(got.Engines)-1].Module)
	assert.Equal(t, engine.Verified(), got.Verified)
	assert.Panics(t, func() { sjexpvar.PublishEngines("safejson_engines_test") }, "the name is taken")
}
