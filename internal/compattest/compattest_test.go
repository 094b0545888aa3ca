package compattest_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/compattest"
	"github.com/safejson/safejson/safe"
)

// TestUnsupported: encoding/json rejects every value, and safe's default
// substitutes are the cases' (escaping HTML and not).
func TestUnsupported(t *testing.T) {
	for name, c := range compattest.Unsupported() {
		_, err := json.Marshal(c.V)
		require.Error(t, err, name)
		assert.Equal(t, err.Error(), c.StdErr().Error(), name)
		assert.IsType(t, err, c.StdErr(), name)
		assert.Equal(t, err.Error(), json.NewEncoder(&discard{}).Encode(c.V).Error(), name)
		got, err := safe.Marshal(c.V)
		require.NoError(t, err, name)
		assert.Equal(t, c.Want, string(got), name)
		got, err = safe.Options{NoEscapeHTML: true}.Marshal(c.V)
		require.NoError(t, err, name)
		assert.Equal(t, c.WantNoEscapeHTML, string(got), name)
	}
	assert.Len(t, compattest.UnsupportedValues(), len(compattest.Unsupported()))
}

type discard struct{}

func (*discard) Write(p []byte) (int, error) { return len(p), nil }

// TestLoginEcho: the first login body, bound and written back by
// encoding/json, is LoginEcho.
func TestLoginEcho(t *testing.T) {
	var in compattest.Login
	require.NoError(t, json.Unmarshal([]byte(compattest.LoginBodies()[0]), &in))
	out, err := json.Marshal(in)
	require.NoError(t, err)
	assert.Equal(t, compattest.LoginEcho, string(out))
}

// TestHTTPHelpers: Do sends what it is given and reads the whole answer;
// ConcurrentGets passes on right bodies.
func TestHTTPHelpers(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/x-"+r.Method)
		w.WriteHeader(http.StatusTeapot)
		_, _ = w.Write([]byte(r.Header.Get("Content-Type") + "|" + r.URL.Path))
	}))
	defer srv.Close()
	compattest.WaitUp(srv.URL)
	assert.Equal(t, compattest.Answer(http.StatusTeapot, "text/x-POST", "application/json|/p"), compattest.Do(t, http.MethodPost, srv.URL+"/p", ""))
	assert.Equal(t, compattest.Answer(http.StatusTeapot, "text/x-GET", "|/g"), compattest.Get(t, srv.URL+"/g"))
	compattest.ConcurrentGets(t, func(k string) string { return srv.URL + "/" + k }, map[string]string{"a": "|/a", "b": "|/b"})
}
