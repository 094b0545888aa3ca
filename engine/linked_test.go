package engine

import (
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	iengine "github.com/safejson/safejson/internal/engine"
	"github.com/safejson/safejson/internal/toolchain"
)

// required returns the version safejson's go.mod requires of each engine module.
func required(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile("../go.mod")
	require.NoError(t, err)
	out := map[string]string{}
	for _, m := range modules {
		v := regexp.MustCompile(`(?m)^\s*(?:require\s+)?` + regexp.QuoteMeta(m) + `\s+(v\S+)`).FindSubmatch(data)
		require.NotNil(t, v, "go.mod requires %s", m)
		out[m] = string(v[1])
	}
	return out
}

// The generated table holds the versions go.mod requires and the pinned Go
// releases: a change of either without `go generate ./engine` fails here.
func TestVerifiedTableIsCurrent(t *testing.T) {
	for m, v := range required(t) {
		assert.Contains(t, verified[m], v, "%s %s is not in engine/verified.go: run go generate ./engine", m, v)
	}
	for _, l := range toolchain.Lines {
		assert.Contains(t, verified["std"], l.Pinned(), "run go generate ./engine")
	}
	assert.Contains(t, verified["std"], toolchain.Lines[len(toolchain.Lines)-1].Pinned()+"-X:nojsonv2", "Go 1.27's classic flavour")
}

func buildInfo(deps ...*debug.Module) *debug.BuildInfo {
	return &debug.BuildInfo{Path: "example.com/app", Main: debug.Module{Path: "example.com/app", Version: "(devel)"}, Deps: deps}
}

func TestLinkedFrom(t *testing.T) {
	req := required(t)
	goVerified := verified["std"][0]
	byName := func(infos []Info) map[string]Info {
		m := map[string]Info{}
		for _, in := range infos {
			m[in.Engine.Name()] = in
		}
		return m
	}

	// The versions safejson requires, on a verified Go: every engine verified.
	got := byName(linkedFrom(buildInfo(
		&debug.Module{Path: "github.com/bytedance/sonic", Version: req["github.com/bytedance/sonic"]},
		&debug.Module{Path: "github.com/goccy/go-json", Version: req["github.com/goccy/go-json"]},
	), goVerified))
	require.Len(t, got, len(iengine.All()))
	for name, in := range got {
		assert.True(t, in.Verified, name)
		if m, ok := modules[name]; ok {
			assert.Equal(t, m, in.Module)
			assert.Equal(t, req[m], in.Version)
		} else {
			assert.Equal(t, Info{Engine: in.Engine, Module: "std", Version: goVerified, Native: true, Verified: true}, in)
		}
	}

	// An older sonic, a goccy replaced by a directory, a Go patch release
	// not run: none verified.
	got = byName(linkedFrom(buildInfo(
		&debug.Module{Path: "github.com/bytedance/sonic", Version: "v1.15.3"},
		&debug.Module{Path: "github.com/goccy/go-json", Version: "v0.12.0", Replace: &debug.Module{Path: "../go-json"}},
	), "go1.27.99"))
	if in, ok := got["sonic"]; ok {
		assert.Equal(t, "v1.15.3", in.Version)
		assert.False(t, in.Verified)
	}
	if in, ok := got["goccy"]; ok {
		assert.Equal(t, "../go-json", in.Version)
		assert.False(t, in.Verified)
	}
	assert.False(t, got["std"].Verified)

	// A replacement by another version counts as that version.
	got = byName(linkedFrom(buildInfo(&debug.Module{Path: "github.com/goccy/go-json", Version: "v0.10.0",
		Replace: &debug.Module{Path: "github.com/goccy/go-json", Version: req["github.com/goccy/go-json"]}}), goVerified))
	if in, ok := got["goccy"]; ok {
		assert.True(t, in.Verified)
	}

	// No build information: no version, nothing verified but std.
	for name, in := range byName(linkedFrom(nil, goVerified)) {
		if name != "std" {
			assert.Equal(t, "", in.Version, name)
			assert.False(t, in.Verified, name)
		}
	}
}

// Linked in this test binary: the engines of All, in order; a test binary
// holds no module versions, so only std can be verified, and OnUnverified
// reports the others.
func TestLinked(t *testing.T) {
	infos := Linked()
	require.Len(t, infos, len(All()))
	var unverified []string
	for i, in := range infos {
		assert.Equal(t, All()[i], in.Engine)
		assert.True(t, in.Native, "%s runs its own code in this build", in.Engine)
		if in.Engine.Name() == "std" {
			assert.Equal(t, "std", in.Module)
			assert.Equal(t, runtime.Version(), in.Version)
			assert.Equal(t, slices.Contains(verified["std"], runtime.Version()), in.Verified)
		} else {
			assert.Equal(t, modules[in.Engine.Name()], in.Module)
		}
		if !in.Verified {
			unverified = append(unverified, in.Engine.Name())
		}
	}
	infos[0].Version = "changed"
	assert.NotEqual(t, "changed", Linked()[0].Version, "the slice is the caller's")

	var reported []string
	n := OnUnverified(func(in Info) { reported = append(reported, in.Engine.Name()) })
	assert.Equal(t, unverified, reported)
	assert.Equal(t, len(unverified), n)
	assert.Equal(t, len(unverified) == 0, Verified())
}

// A program's view: built with the build tag this test runs under (read from
// which engines it holds), it reports the versions of safejson's go.mod,
// verified, and std as verified exactly when its Go release was run.
func TestLinkedBinary(t *testing.T) {
	tags := map[string]string{"sonic goccy std": "", "sonic std": "safejson_sonic", "goccy std": "safejson_goccy", "std": "safejson_std"}
	var names []string
	for _, e := range All() {
		names = append(names, e.Name())
	}
	tag, ok := tags[joinSpace(names)]
	require.True(t, ok, "engines %v", names)
	if tag == "safejson_goccy" && runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		tag = "" // goccy alone is this architecture's default
	}
	bin := t.TempDir() + "/linked"
	cmd := exec.Command("go", "build", "-tags", tag, "-o", bin, "./testdata/linked")
	cmd.Env = append(os.Environ(), "GOARCH="+runtime.GOARCH)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	if runtime.GOARCH != hostArch(t) {
		t.Logf("built for %s; not run on this %s host", runtime.GOARCH, hostArch(t))
		return
	}
	out, err = exec.Command(bin).Output()
	require.NoError(t, err)
	var got struct {
		Linked []struct {
			Name, Module, Version string
			Native, Verified      bool
		}
		Verified bool
	}
	require.NoError(t, json.Unmarshal(out, &got), "%s", out)
	req := required(t)
	require.Len(t, got.Linked, len(names))
	allVerified := true
	for i, in := range got.Linked {
		assert.Equal(t, names[i], in.Name)
		assert.True(t, in.Native, in.Name)
		if in.Name == "std" {
			assert.Equal(t, slices.Contains(verified["std"], in.Version), in.Verified, "%s", in.Version)
		} else {
			assert.Equal(t, req[in.Module], in.Version, in.Name)
			assert.True(t, in.Verified, in.Name)
		}
		allVerified = allVerified && in.Verified
	}
	assert.Equal(t, allVerified, got.Verified)
}

func joinSpace(s []string) string {
	out := ""
	for i, w := range s {
		if i > 0 {
			out += " "
		}
		out += w
	}
	return out
}

// hostArch is the architecture of the go command's own machine.
func hostArch(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOHOSTARCH").Output()
	require.NoError(t, err)
	return string(regexp.MustCompile(`\s+`).ReplaceAll(out, nil))
}
