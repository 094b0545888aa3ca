package randtype

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCompare(t *testing.T) {
	userErr := func(v any) error { _, err := json.Marshal(v); return err }
	refused := userErr(JSONFail(-1))
	cycle := userErr(func() any { m := map[string]any{}; m["m"] = m; return m }())
	number := userErr(json.Number("x"))
	plain := Sample{}
	failing := Sample{Stats: Stats{Failing: 1}}
	badNumber := Sample{Stats: Stats{BadNumbers: 1}}
	out := func(s string) Outcome { return Outcome{Out: []byte(s)} }
	fail := func(err error) Outcome { return Outcome{Err: err} }
	panicked := func(p any) Outcome { return Outcome{Panic: p} }
	for _, c := range []struct {
		name     string
		s        Sample
		std, got Outcome
		ok       bool
	}{
		{"same bytes", plain, out(`{"a":1}`), out(`{"a":1}`), true},
		{"different bytes", plain, out(`{"a":1}`), out(`{"a":2}`), false},
		{"std ok, safe fails", plain, out(`1`), fail(refused), false},
		{"same user error", failing, fail(refused), fail(refused), true},
		{"user error lost", failing, fail(refused), out(`1`), false},
		{"another user error", failing, fail(refused), fail(errors.New("x")), false},
		{"not a MarshalerError", failing, fail(refused), fail(errors.New(refused.Error())), false},
		{"substitute", plain, fail(cycle), out(`{}`), true},
		{"invalid substitute", plain, fail(cycle), out(`{`), false},
		{"user error after a substitute", failing, fail(cycle), fail(refused), true},
		{"user error without a failing method", plain, fail(cycle), fail(refused), false},
		{"number error after a substitute", badNumber, fail(cycle), fail(number), true},
		{"same number error", plain, fail(number), fail(number), true},
		{"substitute fails", plain, fail(cycle), fail(cycle), true},
		{"safe panics", plain, out(`1`), panicked("boom"), false},
		{"same panic", plain, panicked("boom"), panicked("boom"), true},
		{"other panic", plain, panicked("boom"), panicked("bang"), false},
		{"no panic, valid", plain, panicked("boom"), out(`null`), true},
		{"no panic, user error", failing, panicked("boom"), fail(refused), true},
		{"no panic, unexplained error", plain, panicked("boom"), fail(refused), false},
	} {
		err := c.s.Compare(c.std, c.got, json.Valid)
		if c.ok {
			assert.NoError(t, err, c.name)
		} else {
			assert.Error(t, err, c.name)
		}
	}
}

func TestUnindent(t *testing.T) {
	for _, ind := range [][2]string{{"", "\t"}, {">", "  "}, {"\t", "<&>"}, {"", ""}} {
		b, err := json.MarshalIndent(map[string]any{"a": []any{1, map[string]any{"b": "<\n>"}}, "c": []any{}}, ind[0], ind[1])
		assert.NoError(t, err)
		assert.True(t, json.Valid(Unindent(b, ind[0], ind[1])), "%q: %s", ind, b)
	}
	assert.False(t, json.Valid(Unindent([]byte("{\n>\"a\": 1\n>}"), "", "  ")))
}

func TestRun(t *testing.T) {
	o := Run(func() ([]byte, error) { panic("boom") })
	assert.Equal(t, "boom", o.Panic)
	assert.Contains(t, o.String(), "panic: boom")
	o = Run(func() ([]byte, error) { return []byte("1"), nil })
	assert.Equal(t, "1 bytes: 1", o.String())
	o = Run(func() ([]byte, error) { return nil, ErrRefused })
	assert.Contains(t, o.String(), "randtype: refused")
}
