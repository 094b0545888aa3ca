package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const smallPlan = `
# a comment
mode one:         GOTOOLCHAIN=go1 GOEXPERIMENT=
mode two:         GOTOOLCHAIN=go2 GOEXPERIMENT=
mode two x:       GOTOOLCHAIN=go2 GOEXPERIMENT=x
each tag:         t1 t2
quick:            ^(fmt|{module} one)$
need qemu qemu-pkg: ^arm64 
service DSN scripts/db.sh: ^sub/b 

fmt:              @gofmt
{module} one:     go -C {module} vet ./...
{module} one:     GOWORK=off go -C {module} list -f={{""}} ./...
-tags {tag} two:  go test -tags {tag} ./...
. two x:          go test ./...
{submodule} two:  go -C {submodule} test -race ./...
`

func parse(t *testing.T, plan string) *Plan {
	t.Helper()
	pl, err := ParsePlan(strings.NewReader(plan), []string{".", "a", "sub/b"})
	require.NoError(t, err)
	return pl
}

func names(parts []*Part) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p.Name)
	}
	return out
}

func TestParsePlan(t *testing.T) {
	pl := parse(t, smallPlan)
	require.Len(t, pl.Modes, 3)
	assert.Equal(t, Mode{Name: "two x", Env: []string{"GOTOOLCHAIN=go2", "GOEXPERIMENT=x"}}, pl.Modes[2])
	assert.Equal(t, "go2", pl.Modes[2].Toolchain())
	assert.Equal(t, []string{
		"fmt", ". one", "a one", "sub/b one", "-tags t1 two", "-tags t2 two", ". two x", "a two", "sub/b two",
	}, names(pl.Parts))

	byName := map[string]*Part{}
	for _, p := range pl.Parts {
		byName[p.Name] = p
	}
	assert.Equal(t, "one", byName["fmt"].Mode.Name, "a name that names no mode: the first mode")
	assert.Equal(t, "two x", byName[". two x"].Mode.Name, "the longest mode the name ends with")
	assert.Equal(t, "two", byName["-tags t2 two"].Mode.Name)

	a := byName["a one"]
	assert.Equal(t, "{module} one", a.Template)
	assert.Equal(t, []Command{
		{Args: []string{"go", "-C", "a", "vet", "./..."}},
		{Env: []string{"GOWORK=off"}, Args: []string{"go", "-C", "a", "list", `-f={{""}}`, "./..."}},
	}, a.Commands)
	assert.Equal(t, `GOWORK=off go -C a list -f={{""}} ./...`, a.Commands[1].String())
	assert.Equal(t, []string{"go", "test", "-tags", "t2", "./..."}, byName["-tags t2 two"].Commands[0].Args)
	assert.Equal(t, []string{"go", "-C", "sub/b", "test", "-race", "./..."}, byName["sub/b two"].Commands[0].Args)

	require.Len(t, pl.Needs, 1)
	assert.Equal(t, "qemu", pl.Needs[0].Program)
	assert.Equal(t, "qemu-pkg", pl.Needs[0].Package)
	require.Len(t, pl.Services, 1)
	assert.Equal(t, Service{Var: "DSN", Script: "scripts/db.sh", Parts: pl.Services[0].Parts}, pl.Services[0])
	assert.True(t, matches(pl.Services[0].Parts, byName["sub/b one"]))
	assert.False(t, matches(pl.Services[0].Parts, byName["a one"]))
}

func TestParsePlanErrors(t *testing.T) {
	for _, tc := range []struct{ plan, err string }{
		{"mode one: GOTOOLCHAIN=go1\nfmt @gofmt", "no colon"},
		{"mode one: GOTOOLCHAIN", "is not VAR=VALUE"},
		{"fmt: @gofmt", "no mode"},
		{"mode one: A=1\n{nolist} one: go test", "no list {nolist}"},
		{"mode one: A=1\n{module} one: go -C {submodule} test", "{submodule} is not in the part's name"},
		{"mode one: A=1\nx one: go vet\ny one: go vet\nx one: go test", "already defined above"},
		{"mode one: A=1\nx one: go test -run 'A|B'", "no quoting"},
		{"mode one: A=1\nx one: A=1", "no command"},
		{"mode one: A=1\nquick: (", "missing closing )"},
		{"mode one: A=1\nneed prog: ^x", "wrong number of words"},
		{"mode one: A=1\neach module: a b", "a new NAME"},
		{"mode one: A=1\neach tag: a a\n{tag} one: go vet", `two parts named "a one"`},
	} {
		_, err := ParsePlan(strings.NewReader(tc.plan), []string{"."})
		if assert.Error(t, err, tc.plan) {
			assert.Contains(t, err.Error(), tc.err, tc.plan)
		}
	}
}

func TestSelect(t *testing.T) {
	pl := parse(t, smallPlan)
	run, notRun := pl.Select(false, nil)
	assert.Len(t, run, len(pl.Parts))
	assert.Empty(t, notRun)

	run, notRun = pl.Select(true, nil)
	assert.Equal(t, []string{"fmt", ". one", "a one", "sub/b one"}, names(run))
	assert.Len(t, notRun, len(pl.Parts)-4)

	run, _ = pl.Select(false, regexp.MustCompile(`two`))
	assert.Equal(t, []string{"-tags t1 two", "-tags t2 two", ". two x", "a two", "sub/b two"}, names(run))

	run, _ = pl.Select(false, regexp.MustCompile(`^{submodule} `))
	assert.Equal(t, []string{"a two", "sub/b two"}, names(run), "PARTS matches the name as written in the plan too")

	run, _ = pl.Select(true, regexp.MustCompile(`^a `))
	assert.Equal(t, []string{"a one"}, names(run), "QUICK and PARTS: both must match")

	pl.Quick = nil
	run, _ = pl.Select(true, nil)
	assert.Empty(t, run, "no quick line: QUICK=1 keeps nothing")
}

// TestTestShPlan reads the plan of scripts/test.sh (its variables set as the
// script sets them) with a fixed list of modules.
func TestTestShPlan(t *testing.T) {
	script, err := os.ReadFile("../../../scripts/test.sh")
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(script), "<<EOF\n")
	require.True(t, ok, "scripts/test.sh hands the plan to the driver as <<EOF")
	text, _, ok := strings.Cut(rest, "\nEOF\n")
	require.True(t, ok)
	plan := func(next string) *Plan {
		vars := map[string]string{"GO126": "go1.26.11", "GO127": "go1.27.4", "GONEXT:-none": next, "STATICCHECK": "staticcheck@v"}
		pl, err := ParsePlan(strings.NewReader(os.Expand(text, func(k string) string {
			v, ok := vars[k]
			assert.True(t, ok, "a variable the test does not know: %s", k)
			return v
		})), []string{".", "bench", "compat/gin", "compat/pgx"})
		require.NoError(t, err)
		return pl
	}

	// With a release candidate of the next Go listed: its lane, advisory.
	var advisory []string
	for _, p := range plan("go1.28rc1").Parts {
		if p.Advisory {
			advisory = append(advisory, p.Name)
			assert.Equal(t, "go1.28rc1", p.Mode.Toolchain())
		}
	}
	assert.Equal(t, []string{". next", "stdtests next"}, advisory)

	// Without: no such lane, and nothing else is advisory.
	pl := plan("none")

	modes := map[string]int{}
	toolchains := map[string]bool{}
	for _, p := range pl.Parts {
		modes[p.Mode.Name]++
		toolchains[p.Mode.Toolchain()] = true
		assert.False(t, p.Advisory, p.Name)
		if p.Name != "gofmt" {
			assert.True(t, strings.HasSuffix(p.Name, " "+p.Mode.Name), "%s names its mode %s", p.Name, p.Mode.Name)
		}
	}
	assert.Equal(t, map[string]bool{"go1.26.11": true, "go1.27.4": true}, toolchains)
	assert.Equal(t, 3, len(modes))

	quick, _ := pl.Select(true, nil)
	assert.Equal(t, []string{"gofmt", ". go1.26", "bench go1.26", "compat/gin go1.26", "compat/pgx go1.26", "stdtests go1.26", "bench_full go1.26", "load go1.26"}, names(quick))
	for _, tc := range []struct {
		re   *regexp.Regexp
		want []string
	}{
		{pl.Needs[0].Parts, []string{"arm64 go1.26", "arm64 go1.27"}},
		{pl.Needs[1].Parts, []string{"load go1.26"}},
		{pl.Services[0].Parts, []string{"compat/pgx go1.26", "compat/pgx go1.27"}},
	} {
		var got []string
		for _, p := range pl.Parts {
			if matches(tc.re, p) {
				got = append(got, p.Name)
			}
		}
		assert.Equal(t, tc.want, got, tc.re.String())
	}
}

func TestWorkUses(t *testing.T) {
	work := "go 1.26.0\n\nuse (\n\t.\n\t./bench // the benchmarks\n\t\"./compat/gin\"\n)\nuse ./extra\n"
	assert.Equal(t, []string{".", "./bench", "./compat/gin", "./extra"}, workUses([]byte(work)))
}
