package doccheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/safejson/safejson/internal/testutil"
)

// documents returns the documents whose Go code must compile: README.md,
// CONTRIBUTING.md and docs/*.md of the repository at root.
func documents(t *testing.T, root string) []string {
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	var files []string
	for _, f := range append([]string{filepath.Join(root, "README.md"), filepath.Join(root, "CONTRIBUTING.md")}, docs...) {
		if _, err := os.Stat(f); err == nil {
			files = append(files, f)
		}
	}
	return files
}

// A block is Go code found in a document: a ```go block, or the code spans of
// a row of the README's framework table.
type block struct {
	File string // absolute path of the document
	Line int    // line of the first line of code
	// Code is the block's text. A block that starts with a package clause is
	// a file of its own; any other is a fragment: optional import
	// declarations, then top-level declarations (when it starts with func,
	// type, var or const) or statements, which are wrapped in a function.
	Code string
	// Vars are the parameters of that function ("w http.ResponseWriter, v
	// any"): what a fragment uses without declaring it, from a comment
	// <!-- go: vars ... --> on the line before the block.
	Vars string
	// Imports are import specs given beside the code (the table's import
	// column), added to the file.
	Imports []string
	// Build is the build constraint of the block's file, from a comment
	// <!-- go: build EXPR --> on a line before the block (beside a vars
	// comment): code of a package that exists only on some toolchains.
	Build string
}

func (b block) String() string { return fmt.Sprintf("%s:%d", filepath.Base(b.File), b.Line) }

var (
	varsComment  = regexp.MustCompile(`^<!-- go: vars (.*) -->$`)
	buildComment = regexp.MustCompile(`^<!-- go: build (.*) -->$`)
)

// goBlocks returns the ```go blocks of a markdown document.
func goBlocks(path string, text string) ([]block, error) {
	lines := strings.Split(text, "\n")
	var out []block
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimSpace(lines[i])
		if fence != "```go" {
			continue
		}
		b := block{File: path, Line: i + 2}
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			l := strings.TrimSpace(lines[j])
			if m := varsComment.FindStringSubmatch(l); m != nil {
				b.Vars = m[1]
			} else if m := buildComment.FindStringSubmatch(l); m != nil {
				b.Build = m[1]
			} else {
				break
			}
		}
		var code []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			code = append(code, lines[i])
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s:%d: a ```go block that does not end", path, b.Line-1)
		}
		b.Code = strings.Join(code, "\n")
		out = append(out, b)
	}
	return out, nil
}

var codeSpan = regexp.MustCompile("`([^`]+)`")

// tableVars are what a line of the README's framework table uses without
// declaring it, by the table's first column.
var tableVars = map[string]string{
	"net/http": "w http.ResponseWriter, v any",
	"resty v2": "c *resty.Client",
	"pgx v5":   "conn *pgx.Conn",
	"go-kit":   "e endpoint.Endpoint, dec httptransport.DecodeRequestFunc",
}

// tableBlocks returns one block per row of the README's framework tables
// (a header "| library | import | the line |"): the row's import specs and
// its line's statements. Rows whose line holds no code (a link) are left out.
func tableBlocks(path, text string) []block {
	lines := strings.Split(text, "\n")
	var out []block
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "| library | import | the line |" {
			continue
		}
		for i += 2; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
			cells := strings.Split(strings.Trim(lines[i], "| "), " | ")
			if len(cells) != 3 {
				continue
			}
			var imports, stmts []string
			for _, m := range codeSpan.FindAllStringSubmatch(cells[1], -1) {
				imports = append(imports, strings.TrimPrefix(m[1], "import "))
			}
			for _, m := range codeSpan.FindAllStringSubmatch(cells[2], -1) {
				stmts = append(stmts, m[1])
			}
			if len(stmts) == 0 {
				continue
			}
			out = append(out, block{File: path, Line: i + 1, Code: strings.Join(stmts, "\n"), Imports: imports, Vars: tableVars[cells[0]]})
		}
	}
	return out
}

// knownImports are the packages a fragment may use without importing them,
// by the name it uses.
var knownImports = map[string]string{
	"bytes": "bytes", "context": "context", "errors": "errors", "fmt": "fmt",
	"http": "net/http", "io": "io", "json": "encoding/json", "log": "log",
	"math": "math", "os": "os", "slog": "log/slog", "strings": "strings", "time": "time",
	"safejson": "github.com/safejson/safejson",
	"safe":     "github.com/safejson/safejson/safe",
	"engine":   "github.com/safejson/safejson/engine",
	"compat":   "github.com/safejson/safejson/compat",

	"gin":            "github.com/gin-gonic/gin",
	"ginjson":        "github.com/gin-gonic/gin/codec/json",
	"safejsongin":    "github.com/safejson/safejson/compat/gin",
	"httpx":          "github.com/zeromicro/go-zero/rest/httpx",
	"safejsongozero": "github.com/safejson/safejson/compat/gozero",
	"huma":           "github.com/danielgtaylor/huma/v2",
	"zap":            "go.uber.org/zap",
	"zapcore":        "go.uber.org/zap/zapcore",
	"zerolog":        "github.com/rs/zerolog",
	"logrus":         "github.com/sirupsen/logrus",
	"safejsonlogrus": "github.com/safejson/safejson/compat/logrus",
}

var (
	importLine = regexp.MustCompile(`^import\s+(\w+\s+)?"[^"]+"\s*$`)
	declLine   = regexp.MustCompile(`^(func|type|var|const)\b`)
	// a statement declaring names at the fragment's top level
	shortDecl = regexp.MustCompile(`^([\p{L}_][\p{L}\d_]*(\s*,\s*[\p{L}_][\p{L}\d_]*)*)\s*:=`)
)

// topLevel reports whether a fragment is declarations: every line that
// starts a statement at its left margin declares (func, type, var, const) or
// closes one.
func topLevel(body string) bool {
	any := false
	for _, l := range strings.Split(body, "\n") {
		switch {
		case l == "" || l[0] == ' ' || l[0] == '\t' || strings.HasPrefix(l, "//") || l[0] == ')' || l[0] == '}':
		case declLine.MatchString(l):
			any = true
		default:
			return false
		}
	}
	return any
}

// source returns the Go file for b, in package p, with //line directives so
// that errors name the document's lines.
func source(b block) (string, error) {
	if strings.HasPrefix(strings.TrimSpace(b.Code), "package ") {
		if b.Build != "" {
			return "", fmt.Errorf("%s: a build comment on a block with its own package clause: put the constraint in the block", b)
		}
		return fmt.Sprintf("//line %s:%d\n%s\n", b.File, b.Line, b.Code), nil
	}
	lines := strings.Split(b.Code, "\n")
	imports := map[string]bool{} // import specs
	named := map[string]bool{}   // the names they bind
	addImport := func(spec string) {
		spec = strings.TrimSpace(spec)
		imports[spec] = true
		f := strings.Fields(spec)
		if len(f) == 2 {
			named[f[0]] = true
		} else {
			p, _ := strconv.Unquote(f[0])
			named[p[strings.LastIndex(p, "/")+1:]] = true
		}
	}
	for _, spec := range b.Imports {
		addImport(spec)
	}
	// Leading import declarations, one per line.
	first := 0
	for ; first < len(lines); first++ {
		l := strings.TrimSpace(lines[first])
		if l == "" {
			continue
		}
		if !importLine.MatchString(l) {
			break
		}
		addImport(strings.TrimPrefix(l, "import"))
	}
	body := strings.Join(lines[first:], "\n")
	// The packages the code (and the types of its vars) names: an
	// identifier followed by a period, outside comments and strings.
	var s scanner.Scanner
	fset := token.NewFileSet()
	src := []byte(b.Vars + "\n" + body)
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, 0)
	var prev string
	declared := map[string]bool{}
	for _, v := range strings.Split(b.Vars, ",") {
		if f := strings.Fields(v); len(f) > 0 {
			declared[f[0]] = true
		}
	}
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.PERIOD && prev != "" && !named[prev] && !declared[prev] {
			if p, ok := knownImports[prev]; ok {
				addImport(strconv.Quote(p))
			}
		}
		prev = ""
		if tok == token.IDENT {
			prev = lit
		}
	}
	var f strings.Builder
	if b.Build != "" {
		fmt.Fprintf(&f, "//go:build %s\n\n", b.Build)
	}
	f.WriteString("package p\n\n")
	specs := make([]string, 0, len(imports))
	for spec := range imports {
		specs = append(specs, spec)
	}
	slices.Sort(specs)
	for _, spec := range specs {
		fmt.Fprintf(&f, "import %s\n", spec)
	}
	line := b.Line + first
	if topLevel(body) {
		fmt.Fprintf(&f, "\n//line %s:%d\n%s\n", b.File, line, body)
		return f.String(), nil
	}
	// Statements: in a function, each name they declare at the top level used.
	var used []string
	for _, l := range strings.Split(body, "\n") {
		if m := shortDecl.FindStringSubmatch(l); m != nil {
			for _, n := range strings.Split(m[1], ",") {
				if n = strings.TrimSpace(n); n != "_" {
					used = append(used, n)
				}
			}
		}
	}
	fmt.Fprintf(&f, "\nfunc _(%s) {\n//line %s:%d\n%s\n", b.Vars, b.File, line, body)
	for _, n := range used {
		fmt.Fprintf(&f, "\t_ = %s\n", n)
	}
	f.WriteString("}\n")
	return f.String(), nil
}

// TestDocsCompile: every Go block of README.md, CONTRIBUTING.md and
// docs/*.md, and every line of the README's framework table, compiles (and
// passes go vet) against this repository's packages and the libraries they
// show.
func TestDocsCompile(t *testing.T) {
	if testing.Short() || testutil.RaceEnabled {
		// The blocks compile the same under -race; the run without it builds
		// them, and a second build of every framework would cost minutes.
		t.Skip("builds every block with the go command: not under -short or -race")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	var blocks []block
	for _, doc := range documents(t, root) {
		text, err := os.ReadFile(doc)
		require.NoError(t, err)
		bs, err := goBlocks(doc, string(text))
		require.NoError(t, err)
		blocks = append(blocks, bs...)
		if filepath.Base(doc) == "README.md" {
			rows := tableBlocks(doc, string(text))
			assert.GreaterOrEqual(t, len(rows), 15, "the README's framework table: one line per library")
			blocks = append(blocks, rows...)
		}
	}
	require.NotEmpty(t, blocks)

	// Each block is a package of its own, in this module's directory tree
	// (so that its imports resolve here) through an overlay: nothing is
	// written into the repository.
	here, err := os.Getwd()
	require.NoError(t, err)
	tmp := t.TempDir()
	overlay := map[string]string{}
	var pkgs []string
	for i, b := range blocks {
		src, err := source(b)
		require.NoError(t, err, b.String())
		real := filepath.Join(tmp, fmt.Sprintf("b%03d.go", i))
		require.NoError(t, os.WriteFile(real, []byte(src), 0o644))
		dir := fmt.Sprintf("blocks/b%03d", i)
		overlay[filepath.Join(here, dir, "block.go")] = real
		if b.Build != "" {
			// A file for the toolchains the constraint leaves out, so that
			// the package still has one to build.
			doc := filepath.Join(tmp, fmt.Sprintf("b%03d_doc.go", i))
			require.NoError(t, os.WriteFile(doc, []byte("// Package p is a block built where "+b.Build+".\npackage p\n"), 0o644))
			overlay[filepath.Join(here, dir, "doc.go")] = doc
		}
		pkgs = append(pkgs, "./"+dir)
	}
	ov, err := json.Marshal(map[string]any{"Replace": overlay})
	require.NoError(t, err)
	ovPath := filepath.Join(tmp, "overlay.json")
	require.NoError(t, os.WriteFile(ovPath, ov, 0o644))

	cmd := exec.Command("go", append([]string{"build", "-overlay", ovPath}, pkgs...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build of the documentation's Go code: %v\n%s", err, out.String())
	}
	t.Logf("%d blocks compiled", len(blocks))
}

func TestBuildComment(t *testing.T) {
	bs, err := goBlocks("/r/a.md", "<!-- go: build go1.27 -->\n<!-- go: vars v any -->\n```go\nb, err := json.Marshal(v)\n```\n")
	require.NoError(t, err)
	require.Len(t, bs, 1)
	assert.Equal(t, "go1.27", bs[0].Build)
	assert.Equal(t, "v any", bs[0].Vars)
	src, err := source(bs[0])
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(src, "//go:build go1.27\n\npackage p\n"), src)
	_, err = source(block{File: "/r/a.md", Line: 3, Build: "go1.27", Code: "package q"})
	assert.Error(t, err, "a constraint beside a package clause")
}

func TestSource(t *testing.T) {
	src, err := source(block{File: "/r/README.md", Line: 10, Vars: "v any", Code: "import \"io\"\nb, err := safejson.Marshal(v) // as json.Marshal\n_ = io.EOF"})
	require.NoError(t, err)
	assert.Equal(t, "package p\n\nimport \"github.com/safejson/safejson\"\nimport \"io\"\n\nfunc _(v any) {\n//line /r/README.md:11\nb, err := safejson.Marshal(v) // as json.Marshal\n_ = io.EOF\n\t_ = b\n\t_ = err\n}\n", src,
		"json in a comment imports nothing; the names declared are used")

	src, err = source(block{File: "/r/a.md", Line: 3, Code: "func f() error { return errors.New(\"x\") }"})
	require.NoError(t, err)
	assert.Equal(t, "package p\n\nimport \"errors\"\n\n//line /r/a.md:3\nfunc f() error { return errors.New(\"x\") }\n", src)

	src, err = source(block{File: "/r/a.md", Line: 3, Code: "var x any\nx = &x"})
	require.NoError(t, err)
	assert.Contains(t, src, "func _() {\n", "a var followed by statements is statements")

	src, err = source(block{File: "/r/a.md", Line: 3, Vars: "w io.Writer", Code: "_ = w"})
	require.NoError(t, err)
	assert.Contains(t, src, "import \"io\"\n", "the vars' types are imported")

	src, err = source(block{File: "/r/a.md", Line: 3, Code: "package main\n\nfunc main() {}"})
	require.NoError(t, err)
	assert.Equal(t, "//line /r/a.md:3\npackage main\n\nfunc main() {}\n", src)

	src, err = source(block{File: "/r/a.md", Line: 3, Imports: []string{`ginjson "github.com/gin-gonic/gin/codec/json"`}, Code: "ginjson.API = nil"})
	require.NoError(t, err)
	assert.Contains(t, src, "import ginjson \"github.com/gin-gonic/gin/codec/json\"\n\n")
	assert.NotContains(t, src, "import \"github.com/gin-gonic/gin/codec/json\"")
}

func TestBlocks(t *testing.T) {
	bs, err := goBlocks("x.md", "a\n<!-- go: vars v any -->\n```go\nx := v\n```\n```sh\nls\n```\n```go\npackage main\n```\n")
	require.NoError(t, err)
	require.Len(t, bs, 2)
	assert.Equal(t, block{File: "x.md", Line: 4, Code: "x := v", Vars: "v any"}, bs[0])
	assert.Equal(t, block{File: "x.md", Line: 10, Code: "package main"}, bs[1])
	_, err = goBlocks("x.md", "```go\nnever ends\n")
	assert.Error(t, err)

	rows := tableBlocks("R.md", "| library | import | the line |\n|---|---|---|\n| net/http | `\"github.com/safejson/safejson/compat\"` | `err := compat.WriteJSON(w, http.StatusOK, v)` |\n| huma | `\"x\"` | [a link](x.md) |\n\ntext\n")
	require.Len(t, rows, 1)
	assert.Equal(t, block{File: "R.md", Line: 3, Code: "err := compat.WriteJSON(w, http.StatusOK, v)", Imports: []string{`"github.com/safejson/safejson/compat"`}, Vars: "w http.ResponseWriter, v any"}, rows[0])
}
