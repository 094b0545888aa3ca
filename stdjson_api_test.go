package safejson_test

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const modulePath = "github.com/safejson/safejson"

// The one exported identifier of encoding/json (Go 1.27 with jsonv2) that the
// root package has with another meaning: its Options are safejson's.
const optionsException = "Options"

// loadPackages type-checks encoding/json and the root package from the
// export data the go command builds for this toolchain mode (GOTOOLCHAIN,
// GOEXPERIMENT), through one importer, so that a type both packages name is
// one *types.Package's.
func loadPackages(t *testing.T) (std, own *types.Package) {
	t.Helper()
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}", "encoding/json", modulePath).Output()
	require.NoError(t, err, "go list -export: %s", out)
	exports := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), "\t"); ok {
			exports[path] = file
		}
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(exports[path])
	})
	std, err = imp.Import("encoding/json")
	require.NoError(t, err)
	own, err = imp.Import(modulePath)
	require.NoError(t, err)
	return std, own
}

// TestEncodingJSONIdentifiers: every exported identifier of the toolchain's
// encoding/json is in the root package with the same meaning: a type is the
// same type (Encoder and Decoder: safejson's, with the same methods), a
// function has the same signature (NewEncoder and NewDecoder return
// safejson's), and what encoding/json marks deprecated is marked here.
func TestEncodingJSONIdentifiers(t *testing.T) {
	std, own := loadPackages(t)
	ownTypes := map[string]bool{"Encoder": true, "Decoder": true}
	sig := func(o types.Object) string {
		s := types.TypeString(o.Type(), nil)
		for name := range ownTypes {
			s = strings.ReplaceAll(s, "*"+modulePath+"."+name, "*encoding/json."+name)
		}
		return s
	}
	var names []string
	for _, name := range std.Scope().Names() {
		obj := std.Scope().Lookup(name)
		if !obj.Exported() {
			continue
		}
		names = append(names, name)
		mine := own.Scope().Lookup(name)
		if !assert.NotNil(t, mine, "encoding/json.%s is missing", name) {
			continue
		}
		switch obj := obj.(type) {
		case *types.TypeName:
			if name == optionsException {
				t.Logf("the named exception: encoding/json.%s is %s; safejson.%s is %s", name, obj.Type().Underlying(), name, mine.Type())
				continue
			}
			if ownTypes[name] {
				ms := types.NewMethodSet(types.NewPointer(obj.Type()))
				for i := range ms.Len() {
					m := ms.At(i).Obj()
					if !m.Exported() {
						continue
					}
					own, _, _ := types.LookupFieldOrMethod(types.NewPointer(mine.Type()), false, nil, m.Name())
					if assert.NotNil(t, own, "%s.%s is missing", name, m.Name()) {
						assert.True(t, types.Identical(m.Type(), own.Type()), "%s.%s: %s, encoding/json's %s", name, m.Name(), own.Type(), m.Type())
					}
				}
				continue
			}
			assert.True(t, types.Identical(obj.Type(), mine.Type()), "%s: %s, encoding/json's %s", name, mine.Type(), obj.Type())
		default: // a function, a variable or a constant: of the same kind and type
			// Identical sees through aliases (Options on Go 1.27, which
			// encoding/json and encoding/json/v2 both name); sig reads
			// safejson's Encoder and Decoder as encoding/json's.
			assert.IsType(t, obj, mine, "%s: encoding/json's is a %T", name, obj)
			assert.True(t, types.Identical(obj.Type(), mine.Type()) || sig(obj) == sig(mine), "%s: %s, encoding/json's %s", name, sig(mine), sig(obj))
		}
	}
	t.Logf("%s (jsonv2 %v): %d exported identifiers of encoding/json: %s", runtime.Version(), hasJSONv2(), len(names), strings.Join(names, " "))

	stdDeprecated := deprecated(t, stdDir(t))
	ownDeprecated := deprecated(t, ".")
	require.NotEmpty(t, stdDeprecated)
	for _, name := range stdDeprecated {
		assert.Contains(t, ownDeprecated, name, "encoding/json marks %s deprecated", name)
	}
}

// stdDir returns the directory of encoding/json's source in the GOROOT of
// the go command that runs the test (the toolchain that built it).
func stdDir(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	return filepath.Join(strings.TrimSpace(string(out)), "src", "encoding", "json")
}

// hasJSONv2 reports whether this build's encoding/json runs on json/v2.
func hasJSONv2() bool { return slices.Contains(build.Default.ToolTags, "goexperiment.jsonv2") }

// deprecated returns the names of the types and functions whose
// documentation in the package in dir (its files for this build) has a
// "Deprecated:" paragraph.
func deprecated(t *testing.T, dir string) []string {
	t.Helper()
	pkg, err := build.Default.ImportDir(dir, 0)
	require.NoError(t, err)
	var names []string
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		require.NoError(t, err)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && strings.Contains(d.Doc.Text(), "\nDeprecated: ") {
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					doc := d.Doc
					if ts, ok := s.(*ast.TypeSpec); ok {
						if ts.Doc != nil {
							doc = ts.Doc
						}
						if strings.Contains(doc.Text(), "\nDeprecated: ") {
							names = append(names, ts.Name.Name)
						}
					}
				}
			}
		}
	}
	return names
}

// TestEncodingJSONExamples runs Go's own examples of encoding/json (the
// example files of this toolchain's GOROOT for this build, never kept here)
// with "encoding/json" replaced by this package, in a module of their own
// that takes this checkout by a replace directive.
func TestEncodingJSONExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs a module of Go's encoding/json examples against this checkout")
	}
	stdDir := stdDir(t)
	pkg, err := build.Default.ImportDir(stdDir, 0)
	require.NoError(t, err)
	root, err := filepath.Abs(".")
	require.NoError(t, err)
	dir := t.TempDir()

	var files []string
	for _, name := range pkg.XTestGoFiles {
		if !strings.Contains(name, "example") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(stdDir, name))
		require.NoError(t, err)
		changed := strings.Replace(string(src), "\t\"encoding/json\"\n", "\tjson \""+modulePath+"\"\n", 1)
		require.NotEqual(t, string(src), changed, "%s imports encoding/json on a line of its own", name)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(changed), 0o644))
		files = append(files, name)
	}
	require.NotEmpty(t, files)

	// go.mod: this module's requirements (so that go.sum, copied, covers
	// them), and this checkout for the module.
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	require.NoError(t, err)
	_, requires, ok := strings.Cut(string(gomod), "\nrequire")
	require.True(t, ok)
	goVersion := strings.TrimPrefix(runtime.Version(), "go")
	if i := strings.IndexAny(goVersion, " -"); i >= 0 {
		goVersion = goVersion[:i]
	}
	mod := "module example.com/encodingjsonexamples\n\ngo " + goVersion + "\n\nrequire " + modulePath + " v0.0.0\n\nrequire" + requires +
		"\nreplace " + modulePath + " => " + root + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))

	cmd := exec.Command("go", "test", "-count=1", "-v", ".")
	cmd.Dir = dir
	// For the machine that runs the go command (GOARCH unset): a run under
	// an emulator (go test -exec) is not passed on. The module graph outside
	// the workspace may name versions the workspace never needed (an older
	// indirect requirement of an engine), which the go command fetches
	// through the module proxy on a machine whose module cache lacks them.
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOARCH=")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	passed := strings.Count(string(out), "--- PASS: Example")
	assert.Zero(t, strings.Count(string(out), "--- FAIL"), "%s", out)
	assert.Positive(t, passed, "%s", out)
	t.Logf("%s (jsonv2 %v): %s: %d examples passed", runtime.Version(), hasJSONv2(), strings.Join(files, " "), passed)
}
