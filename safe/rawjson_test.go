package safe_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/safe"
)

// FuzzMarshalJSONOutput compares what safe and encoding/json make of bytes
// returned by a MarshalJSON method: the same compacted (or indented, or
// unescaped) bytes when valid, the same *json.MarshalerError when not.
func FuzzMarshalJSONOutput(f *testing.F) {
	for _, s := range []string{
		``, ` `, `0`, `-0`, `-`, `01`, `1.`, `1.5`, `1e5`, `1E+5`, `1e`, `1e+`, `-1.5e-10`, `.5`, `+1`,
		`true`, `false`, `null`, `tru`, `nul`, `truex`, `"`, `""`, `"a`, `"\"`, `"\u00e9"`, `"\u00g9"`,
		`"\x"`, "\"\x01\"", "\"\x7f\"", `"<&>"`, "\"\u2028\u2029\"", "\"\xff\xfe\"", "\"\xe2\x80\"",
		`[]`, `[ ]`, `[1,]`, `[,1]`, `[1 2]`, `[[[]]]`, `[1,[2,[3]]]`, `{}`, `{ }`, `{"a":1}`, `{"a" : 1 , "b":[ {} ]}`,
		`{"a"}`, `{"a":}`, `{a:1}`, `{"a":1,}`, `{,"a":1}`, `{"a":1 "b":2}`, " \t\n\r[1]\n ", `1 2`, `{}}`, `[]]`,
		`{"<":">"}`, `[1e400, -0.0e-0]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v := rawJSON(data)
		std, stdErr := json.Marshal(v)
		got, err := safe.Marshal(v)
		if stdErr != nil {
			require.Error(t, err)
			require.Equal(t, stdErr.Error(), err.Error())
			return
		}
		require.NoError(t, err)
		require.Equal(t, string(std), string(got))

		std, stdErr = json.MarshalIndent([]any{v, map[string]any{"k": v}}, "> ", "\t")
		require.NoError(t, stdErr)
		got, err = safe.MarshalIndent([]any{v, map[string]any{"k": v}}, "> ", "\t")
		require.NoError(t, err)
		require.Equal(t, string(std), string(got))

		std, stdErr = stdEncoder(v, false, "", "")
		require.NoError(t, stdErr)
		got, err = safe.Options{NoEscapeHTML: true}.Marshal(v)
		require.NoError(t, err)
		require.Equal(t, string(std), string(got))
	})
}
