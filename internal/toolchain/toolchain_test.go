package toolchain

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const listing = "golang.org/toolchain v0.0.1-go1.21.0.darwin-amd64 v0.0.1-go1.26.8.linux-amd64 v0.0.1-go1.26.10.linux-amd64 " +
	"v0.0.1-go1.26.9.linux-amd64 v0.0.1-go1.26.12.linux-arm64 v0.0.1-go1.27.0.linux-amd64 v0.0.1-go1.27.4.linux-amd64 " +
	"v0.0.1-go1.27rc2.linux-amd64 v0.0.1-go1.26rc1.linux-amd64 v0.0.1-go1.28rc1.linux-amd64 v0.0.1-go1.28rc2.linux-amd64 v0.0.1-go1.28rc2.windows-amd64"

func TestParse(t *testing.T) {
	assert.Equal(t, []string{"go1.26.8", "go1.26.10", "go1.26.9", "go1.27.0", "go1.27.4", "go1.27rc2", "go1.26rc1", "go1.28rc1", "go1.28rc2"},
		Parse(listing, "linux", "amd64"))
	assert.Equal(t, []string{"go1.26.12"}, Parse(listing, "linux", "arm64"))
	assert.Empty(t, Parse("golang.org/toolchain", "linux", "amd64"))
}

func TestNewest(t *testing.T) {
	vs := Parse(listing, "linux", "amd64")
	assert.Equal(t, "go1.26.10", Newest(vs, "1.26", false), "10 after 9: numbers, not strings")
	assert.Equal(t, "go1.27.4", Newest(vs, "1.27", true), "a release beats every rc")
	assert.Equal(t, "", Newest(vs, "1.28", false))
	assert.Equal(t, "go1.28rc2", Newest(vs, "1.28", true))
	assert.Equal(t, "go1.28.0", Newest(append(vs, "go1.28.0"), "1.28", true))
	assert.Equal(t, "", Newest(vs, "1.29", true))
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestResolve(t *testing.T) {
	vs := Parse(listing, "linux", "amd64")
	rs := Resolve(vs, nil, env(nil))
	require.Len(t, rs, 3)
	assert.Equal(t, []string{"go1.26.10", "go1.27.4", "go1.28rc2"}, []string{rs[0].Toolchain, rs[1].Toolchain, rs[2].Toolchain})
	assert.Equal(t, "release go1.26 GO126: go1.26.10 (the newest the module proxy lists; pinned go1.26.11)", rs[0].String())
	assert.Equal(t, "release go1.28 GONEXT: go1.28rc2 (the newest the module proxy lists)", rs[2].String())

	// Offline: the pinned releases, no advisory lane.
	rs = Resolve(nil, errors.New("no network"), env(nil))
	assert.Equal(t, []string{"go1.26.11", "go1.27.4", ""}, []string{rs[0].Toolchain, rs[1].Toolchain, rs[2].Toolchain})
	assert.Contains(t, rs[0].String(), "pinned: the module proxy could not be asked")
	assert.Equal(t, "release go1.28 GONEXT: none (the module proxy could not be asked: no advisory lane)", rs[2].String())

	// No rc of the next Go yet; a variable set wins.
	rs = Resolve(Parse("v0.0.1-go1.27.5.linux-amd64 v0.0.1-go1.26.11.linux-amd64", "linux", "amd64"), nil, env(map[string]string{"GO126": "go1.26.8"}))
	assert.Equal(t, []string{"go1.26.8", "go1.27.5", ""}, []string{rs[0].Toolchain, rs[1].Toolchain, rs[2].Toolchain})
	assert.Equal(t, "from $GO126", rs[0].Source)
	assert.Equal(t, "no release candidate listed yet", rs[2].Source)
}
