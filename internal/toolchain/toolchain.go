// Package toolchain is the rule that picks the Go releases this repository is
// checked on: the newest patch release of each supported line (Lines), found
// at run time from the toolchains the module proxy lists (`go list -m
// -versions golang.org/toolchain`), the pinned release of the line when the
// proxy cannot be asked; and the next Go (Next) once a release candidate of it
// is listed, for a lane that reports but never fails.
//
// scripts/test.sh, scripts/engine-upgrade.sh and the bench's corpus take their
// toolchains from it, through `go run ./internal/cmd/toolchain`.
package toolchain

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
)

// Lines are the Go release lines the repository supports, oldest first, and
// the environment variable that names each one's toolchain.
var Lines = []Line{{"1.26", "GO126"}, {"1.27", "GO127"}}

// Next is the next Go line, checked in an advisory lane once the proxy lists
// a release candidate (or a release) of it.
var Next = Line{"1.28", "GONEXT"}

// pinned is the newest patch release of each line this repository was last
// checked on by hand: the fallback when the module proxy cannot be asked.
var pinned = map[string]string{"1.26": "go1.26.11", "1.27": "go1.27.4"}

// A Line is a Go release line ("1.27") and its variable ("GO127").
type Line struct{ Version, Var string }

// Pinned returns the line's fallback release ("" for Next).
func (l Line) Pinned() string { return pinned[l.Version] }

// Release is the toolchain chosen for a line and why.
type Release struct {
	Line
	Toolchain string // e.g. "go1.27.4"; "" when none (Next not yet listed)
	Source    string // how it was chosen, for the log line
}

func (r Release) String() string {
	tc := r.Toolchain
	if tc == "" {
		tc = "none"
	}
	return fmt.Sprintf("release go%s %s: %s (%s)", r.Version, r.Var, tc, r.Source)
}

// Listed returns the Go versions the module proxy lists as toolchains for
// this machine's GOOS and GOARCH ("go1.27.4", "go1.28rc1"), asking the go
// command.
func Listed(ctx context.Context) ([]string, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-m", "-versions", "golang.org/toolchain")
	cmd.Dir = os.TempDir() // outside any module: nothing of the repository's is loaded
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("go list -m -versions golang.org/toolchain: %v: %s", err, strings.TrimSpace(string(out)))
	}
	return Parse(string(out), runtime.GOOS, runtime.GOARCH), nil
}

// Parse returns the Go versions in the output of `go list -m -versions
// golang.org/toolchain` whose toolchain is built for goos/goarch (module
// versions v0.0.1-go1.27.4.linux-amd64).
func Parse(listing, goos, goarch string) []string {
	var out []string
	suffix := "." + goos + "-" + goarch
	for _, f := range strings.Fields(listing) {
		v, ok := strings.CutPrefix(f, "v0.0.1-")
		if !ok {
			continue
		}
		if v, ok = strings.CutSuffix(v, suffix); ok && parse(v).ok {
			out = append(out, v)
		}
	}
	return out
}

// version is a parsed Go version: go1.MINOR.PATCH, or go1.MINORrcN (pre > 0).
type version struct {
	minor, patch, pre int
	ok                bool
}

func parse(v string) version {
	rest, ok := strings.CutPrefix(v, "go1.")
	if !ok {
		return version{}
	}
	if m, rc, ok := strings.Cut(rest, "rc"); ok {
		mi, err1 := strconv.Atoi(m)
		n, err2 := strconv.Atoi(rc)
		return version{minor: mi, pre: n, ok: err1 == nil && err2 == nil && n > 0}
	}
	m, p, ok := strings.Cut(rest, ".")
	if !ok {
		return version{}
	}
	mi, err1 := strconv.Atoi(m)
	pa, err2 := strconv.Atoi(p)
	return version{minor: mi, patch: pa, ok: err1 == nil && err2 == nil}
}

// less orders versions of one line: every rc before the releases.
func (a version) less(b version) bool {
	switch {
	case (a.pre > 0) != (b.pre > 0):
		return a.pre > 0
	case a.pre > 0:
		return a.pre < b.pre
	}
	return a.patch < b.patch
}

// Newest returns the newest version of the line in versions: the newest
// patch release, or, when withRC and the line has no release yet, its newest
// release candidate. "" when there is none.
func Newest(versions []string, line string, withRC bool) string {
	want := parse("go" + line + ".0")
	best, bestV := "", version{}
	for _, s := range versions {
		v := parse(s)
		if !v.ok || v.minor != want.minor || (v.pre > 0 && !withRC) {
			continue
		}
		if best == "" || bestV.less(v) {
			best, bestV = s, v
		}
	}
	return best
}

// Resolve returns the toolchain of each line of Lines, then of Next: the
// value of the line's variable when it is set in the environment, else the
// newest listed (versions, as Listed returns them; listErr when the proxy
// could not be asked), else the pinned release (Next: none).
func Resolve(versions []string, listErr error, getenv func(string) string) []Release {
	var out []Release
	for _, l := range append(append([]Line(nil), Lines...), Next) {
		r := Release{Line: l}
		switch newest := Newest(versions, l.Version, l == Next); {
		case getenv(l.Var) != "":
			r.Toolchain, r.Source = getenv(l.Var), "from $"+l.Var
		case listErr != nil && l == Next:
			r.Source = "the module proxy could not be asked: no advisory lane"
		case listErr != nil:
			r.Toolchain, r.Source = l.Pinned(), "pinned: the module proxy could not be asked"
		case newest == "" && l == Next:
			r.Source = "no release candidate listed yet"
		case newest == "":
			r.Toolchain, r.Source = l.Pinned(), "pinned: the module proxy lists none"
		default:
			r.Toolchain, r.Source = newest, "the newest the module proxy lists"
			if p := l.Pinned(); p != "" && p != newest {
				r.Source += "; pinned " + p
			}
		}
		out = append(out, r)
	}
	return out
}

// For returns the release of one line ("1.27", or Next.Version) by the rule
// of Resolve, asking the module proxy and reading the environment.
func For(ctx context.Context, line string) (Release, bool) {
	versions, err := Listed(ctx)
	for _, r := range Resolve(versions, err, os.Getenv) {
		if r.Version == line {
			return r, true
		}
	}
	return Release{}, false
}
