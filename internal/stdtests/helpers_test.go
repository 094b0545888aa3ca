//lint:file-ignore U1000 used by Go's own encode tests, which scripts/stdtests.sh adds to this package at run time

package json

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
)

// CaseName names a table case and records where it is written, as the
// tests print it (tt.Where).
type CaseName struct {
	Name  string
	Where CasePos
}

// CasePos is the file and line of a case.
type CasePos struct {
	file string
	line int
}

func (p CasePos) String() string { return fmt.Sprintf("%s:%d", filepath.Base(p.file), p.line) }

// Name returns a CaseName at the caller's line.
func Name(s string) CaseName {
	_, file, line, _ := runtime.Caller(1)
	return CaseName{Name: s, Where: CasePos{file, line}}
}

// indentNewlines indents every line after the first by a tab, for
// multi-line values in a failure message.
func indentNewlines(s string) string { return strings.ReplaceAll(s, "\n", "\n\t") }

// stripWhitespace drops the JSON whitespace characters.
func stripWhitespace(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r':
			return -1
		}
		return r
	}, s)
}

// unmarshalerText is a map key type whose text is "A:B".
type unmarshalerText struct{ A, B string }

func (u unmarshalerText) MarshalText() ([]byte, error) { return []byte(u.A + ":" + u.B), nil }

func (u *unmarshalerText) UnmarshalText(b []byte) error {
	a, b2, ok := strings.Cut(string(b), ":")
	if !ok {
		return fmt.Errorf("unmarshalerText: no ':' in %q", b)
	}
	u.A, u.B = a, b2
	return nil
}
