package corpus

import (
	"encoding/json"
	"errors"
	"net/netip"
	"strconv"
)

// newMethodCases: AppendText (encoding.TextAppender), which encoding/json on
// json/v2 calls before MarshalText, for values and map keys, and the classic
// encoding/json ignores (category N). MarshalJSONTo's cases are in
// cases_newmethods_v2.go: its interface exists only on json/v2.
func newMethodCases() []*Case {
	cs := []*Case{
		same("newmethods/appendtext/value-receiver", appendOnly{"x"}, `{}`).
			onV2(v2NewMethods, `"appended:x"`),
		same("newmethods/appendtext/value-receiver-field", struct{ A appendOnly }{appendOnly{"f"}}, `{"A":{}}`).
			onV2(v2NewMethods, `{"A":"appended:f"}`),
		same("newmethods/appendtext/value-receiver-in-interface", []any{appendOnly{"i"}}, `[{}]`).
			onV2(v2NewMethods, `["appended:i"]`),
		same("newmethods/appendtext/value-receiver-nil-pointer", struct{ P *appendOnly }{}, `{"P":null}`),
		same("newmethods/appendtext/html", appendOnly{"<&>"}, `{}`).
			onV2(v2NewMethods, `"appended:\u003c\u0026\u003e"`),
		same("newmethods/appendtext/pointer-receiver-addressable", &struct{ P appendPtr }{appendPtr{1}}, `{"P":{"N":1}}`).
			onV2(v2NewMethods, `{"P":"ptr:1"}`),
		same("newmethods/appendtext/pointer-receiver-not-addressable", struct{ P appendPtr }{appendPtr{2}}, `{"P":{"N":2}}`),
		same("newmethods/appendtext/pointer-receiver-in-slice", []appendPtr{{3}}, `[{"N":3}]`).
			onV2(v2NewMethods, `["ptr:3"]`),
		same("newmethods/appendtext/pointer-receiver-in-map-value", map[string]appendPtr{"k": {4}}, `{"k":{"N":4}}`),
		same("newmethods/appendtext/pointer-receiver-in-map-value-struct", map[string]struct{ P appendPtr }{"k": {appendPtr{5}}}, `{"k":{"P":{"N":5}}}`),
		same("newmethods/appendtext/both-text-methods", bothText{}, `"marshal"`).
			onV2(v2NewMethods, `"append"`),
		same("newmethods/appendtext/both-text-methods-field", struct{ B bothText }{}, `{"B":"marshal"}`).
			onV2(v2NewMethods, `{"B":"append"}`),
		same("newmethods/appendtext/marshaljson-first", jsonAndAppend{}, `"json"`),
		same("newmethods/appendtext/map-key", map[appendKey]int{7: 1}, `{"7":1}`).
			onV2(v2NewMethods, `{"key:7":1}`),
		same("newmethods/appendtext/map-key-both", map[bothText]int{{}: 1}, `{"marshal":1}`).
			onV2(v2NewMethods, `{"append":1}`),
		same("newmethods/appendtext/std-netip", struct{ A netip.Addr }{netip.MustParseAddr("192.0.2.1")}, `{"A":"192.0.2.1"}`),
		same("newmethods/appendtext/std-netip-key", map[netip.Addr]int{netip.MustParseAddr("::1"): 1}, `{"::1":1}`),
		same("newmethods/appendtext/error", failAppend{}, `{}`).
			failsOnV2(v2NewMethods, ErrAs[*json.MarshalerError]("json: error calling AppendText for type *corpus.failAppend: boom")),
		same("newmethods/appendtext/error-map-key", map[failAppendKey]int{1: 1}, `{"1":1}`).
			failsOnV2(v2NewMethods, ErrAs[*json.MarshalerError]("json: error calling AppendText for type *corpus.failAppendKey: boom")),
	}
	return append(cs, marshalerToCases()...)
}

// appendOnly has AppendText only: json/v2 writes it as a string, the
// classic encoding/json as a struct with no exported field.
type appendOnly struct{ s string }

func (a appendOnly) AppendText(b []byte) ([]byte, error) { return append(b, "appended:"+a.s...), nil }

// appendPtr has AppendText on its pointer only.
type appendPtr struct{ N int }

func (a *appendPtr) AppendText(b []byte) ([]byte, error) {
	return strconv.AppendInt(append(b, "ptr:"...), int64(a.N), 10), nil
}

// bothText has MarshalText and AppendText, writing different texts.
type bothText struct{}

func (bothText) MarshalText() ([]byte, error)        { return []byte("marshal"), nil }
func (bothText) AppendText(b []byte) ([]byte, error) { return append(b, "append"...), nil }

// jsonAndAppend has MarshalJSON, which comes first, and AppendText.
type jsonAndAppend struct{}

func (jsonAndAppend) MarshalJSON() ([]byte, error)        { return []byte(`"json"`), nil }
func (jsonAndAppend) AppendText(b []byte) ([]byte, error) { return append(b, "append"...), nil }

// appendKey is an integer map key with AppendText.
type appendKey int

func (k appendKey) AppendText(b []byte) ([]byte, error) {
	return strconv.AppendInt(append(b, "key:"...), int64(k), 10), nil
}

// failAppend and failAppendKey have an AppendText that fails.
type failAppend struct{}

func (failAppend) AppendText(b []byte) ([]byte, error) { return b, errors.New("boom") }

type failAppendKey int

func (failAppendKey) AppendText(b []byte) ([]byte, error) { return b, errors.New("boom") }
