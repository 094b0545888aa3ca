package engine

import (
	"fmt"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/options"
)

// valueCase is a value every engine must write exactly as encoding/json
// does, with the case's name and location.
type valueCase struct {
	name string
	v    any
}

// ordinaryValues are the corpus's values every engine must write exactly as
// encoding/json does, compact, indented, with and without HTML escaping
// (corpus.Case.Engines). None of them triggers a quirk (quirks_test.go has
// those); the marshalers among them return valid, compact UTF-8. A failure
// names the case as "name (file:line)".
func ordinaryValues() []valueCase {
	var out []valueCase
	for _, c := range corpus.Cases() {
		if c.Engines {
			out = append(out, valueCase{c.Name + " (" + c.Where() + ")", c.Value})
		}
	}
	return out
}

// The types quirks_test.go and race_test.go need.

type valueMarshaler struct{ X int }

func (v valueMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"v" : %d, "html":"<&>"}`, v.X)), nil
}

type pointerMarshaler struct{ X int }

func (p *pointerMarshaler) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"nil receiver"`), nil
	}
	return []byte(`"pointer"`), nil
}

type pointerText struct{ X int }

func (p *pointerText) MarshalText() ([]byte, error) { return []byte("ptext"), nil }

// indentVariants are the settings every ordinary value is written under.
var indentVariants = []options.Output{
	{},
	{NoEscapeHTML: true},
	{Indent: "\t"},
	{Prefix: ">", Indent: "  "},
	{Prefix: "//", NoEscapeHTML: true},
}
