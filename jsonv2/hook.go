//go:build goexperiment.jsonv2 && go1.27

package jsonv2

import (
	"cmp"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/flavor"
	"github.com/safejson/safejson/internal/v2route"
)

// maxDepth is encoding/json/v2's nesting limit: a value that would open
// an object or array this deep becomes "[Object]" or "[Array]".
const maxDepth = flavor.JSONv2DepthLimit

// hooks is the state of one hooked encode: encoding/json/v2 runs with
// json.MarshalToFunc(h.hook) joined after the user's marshalers, so that the
// hook sees every value (as a pointer to it) that no marshaler of the user's
// takes first, and returns errors.ErrUnsupported (skip) for every value that
// encoding/json/v2 writes itself.
type hooks struct {
	cfg          config
	allowInvalid bool // the encode runs under jsontext.AllowInvalidUTF8(true)
	whitespace   bool // under Multiline, SpaceAfterColon or SpaceAfterComma (empty containers then open)
	sorted       bool // under Deterministic
	allowDup     bool // under jsontext.AllowDuplicateNames(true)
	base         int  // the depth of the value in the caller's encoder

	entering any            // the value the hook lets through once, to encoding/json/v2
	path     ancestors      // the pointers, maps and slices the encode is inside
	err      error          // the error the encode returns: a nested one or a Strict one
	subs     []Substitution // the substitutes written, for the report
	regions  regions        // what the region scans found

	self    *json.Marshalers // MarshalToFunc(h.hook), made once per hooks
	cur     *json.Marshalers // the user's marshalers of this encode
	user    *json.Marshalers // the user's marshalers in joined
	joined  *json.Marshalers // user, then self
	optsBuf []json.Options
}

var hooksPool = sync.Pool{New: func() any {
	h := &hooks{}
	h.self = json.MarshalToFunc(h.hook)
	return h
}}

func getHooks(c config) *hooks {
	h := hooksPool.Get().(*hooks)
	h.cfg = c
	h.regions.at = noRegion
	return h
}

func putHooks(h *hooks) {
	h.entering, h.err, h.base, h.cur = nil, nil, 0, nil
	h.allowInvalid, h.whitespace, h.sorted, h.allowDup = false, false, false, false
	h.path.reset()
	h.regions.reset()
	clear(h.subs)
	h.subs = h.subs[:0]
	clear(h.optsBuf)
	h.optsBuf = h.optsBuf[:0]
	hooksPool.Put(h)
}

// marshalers returns the user's marshalers joined with the hook after them:
// the user's keep precedence.
func (h *hooks) marshalers(user *json.Marshalers) *json.Marshalers {
	h.cur = user
	if user == nil {
		return h.self
	}
	if user != h.user || h.joined == nil {
		h.user, h.joined = user, json.JoinMarshalers(user, h.self)
	}
	return h.joined
}

// options returns std with the hooks' marshalers last.
func (h *hooks) options(std []json.Options) []json.Options {
	var user *json.Marshalers
	for _, o := range std {
		if m, ok := json.GetOption(o, json.WithMarshalers); ok {
			user = m
		}
		if v, ok := json.GetOption(o, jsontext.AllowInvalidUTF8); ok {
			h.allowInvalid = v
		}
		if v, ok := json.GetOption(o, json.Deterministic); ok {
			h.sorted = v
		}
		if v, ok := json.GetOption(o, jsontext.AllowDuplicateNames); ok {
			h.allowDup = v
		}
		for _, ws := range [...]func(bool) json.Options{jsontext.Multiline, jsontext.SpaceAfterColon, jsontext.SpaceAfterComma} {
			if v, ok := json.GetOption(o, ws); ok {
				h.whitespace = h.whitespace || v
			}
		}
	}
	h.regions.on = user == nil && !regionsOff
	h.optsBuf = append(append(h.optsBuf[:0], std...), json.WithMarshalers(h.marshalers(user)))
	return h.optsBuf
}

// hook is called by encoding/json/v2 with a pointer to each value.
func (h *hooks) hook(enc *jsontext.Encoder, v any) error {
	if h.entering != nil && v == h.entering {
		h.entering = nil
		return errors.ErrUnsupported
	}
	rv := reflect.ValueOf(v).Elem()
	t := rv.Type()
	ti := infoOf(t)
	if ti.class <= classMethod {
		return errors.ErrUnsupported
	}
	if inName(enc) {
		return errors.ErrUnsupported // map keys are checked with their map
	}
	switch ti.class {
	case classFloat:
		if f := rv.Float(); !math.IsNaN(f) && !math.IsInf(f, 0) {
			return errors.ErrUnsupported
		}
		return h.substitute(enc, t, ReasonNonFinite, jsontext.Null)
	case classString:
		if h.allowInvalid || utf8.ValidString(rv.String()) {
			return errors.ErrUnsupported
		}
		if h.cfg.strict {
			return h.fail(enc, t, ReasonInvalidUTF8)
		}
		h.record(enc, t, ReasonInvalidUTF8)
		return h.nested(enc, v, noRegion, allowInvalidUTF8)
	case classUnsupported:
		return h.substitute(enc, t, ReasonUnsupported, jsontext.Null)
	}
	if ti.opens && enc.StackDepth()+h.base >= maxDepth && (h.whitespace || opens(rv)) {
		if ti.object {
			return h.substitute(enc, t, ReasonDepth, jsontext.String("[Object]"))
		}
		return h.substitute(enc, t, ReasonDepth, jsontext.String("[Array]"))
	}
	region := noRegion
	if h.regions.on && (t == mapStringAny || t == sliceAny) && rv.Len() > 0 {
		d := enc.StackDepth() + h.base
		fast, ok := h.regions.region(v, d)
		if fast {
			return h.fast(enc, v)
		}
		if ok {
			region = d
		}
	}
	// Under AllowInvalidUTF8, string keys with invalid UTF-8 are written
	// here too: encoding/json/v2 sorts string keys by their bytes, but by
	// their names once a marshaler (the hook) applies to the key type, and
	// two such keys may become the same name.
	if ti.keys != keysFine && rv.Len() > 0 && !h.keysWritable(rv, ti.keys) {
		if h.cfg.strict {
			return h.fail(enc, t, ReasonMapKey)
		}
		h.record(enc, t, ReasonMapKey)
		return h.writeMap(enc, rv, ti)
	}
	if ti.class != classRef || rv.IsNil() || (t.Kind() != reflect.Pointer && rv.Len() == 0) {
		return errors.ErrUnsupported
	}
	if ti.chain && h.cur == nil {
		// A chain of pointers writes null, or the cycle's substitute: no
		// value of the user's is inside it.
		if _, cyclic := v2route.Chain(rv.UnsafePointer()); !cyclic {
			return enc.WriteToken(jsontext.Null)
		}
		return h.cycle(enc, t)
	}
	k := keyOf(rv)
	if h.path.onPath(k) {
		return h.cycle(enc, t)
	}
	h.path.push(k)
	err := h.nested(enc, v, region)
	h.path.pop(k)
	return err
}

// cycle writes the substitute of a cycle, or fails under Strict.
func (h *hooks) cycle(enc *jsontext.Encoder, t reflect.Type) error {
	if h.cfg.strict {
		return h.fail(enc, t, ReasonCycle)
	}
	h.record(enc, t, ReasonCycle)
	if h.cfg.placeholder != "" {
		return enc.WriteToken(jsontext.String(h.cfg.placeholder))
	}
	return enc.WriteToken(jsontext.Null)
}

var allowInvalidUTF8 = jsontext.AllowInvalidUTF8(true)

// nested has encoding/json/v2 write v (a pointer the hook was given) at the
// encoder's position, with the hooks still on for what lies inside it; the
// hook lets v itself through. region is the depth of v when it is a marked
// container of a region (see regions), else noRegion. An error is recorded
// as the encode's: the error encoding/json/v2 would have returned, unwrapped
// by the layers above.
func (h *hooks) nested(enc *jsontext.Encoder, v any, region int, opts ...json.Options) error {
	h.entering = v
	at := h.regions.at
	h.regions.at = region
	err := json.MarshalEncode(enc, v, opts...)
	h.regions.at = at
	h.entering = nil
	if err != nil && h.err == nil {
		h.err = err
	}
	return err
}

// opens reports whether encoding/json/v2 opens an object or array for rv
// (of a type that opens) in compact output: it writes an empty map or
// slice as a literal there (and a nil one as null, or as a literal too).
func opens(rv reflect.Value) bool {
	switch rv.Kind() {
	case reflect.Map, reflect.Slice:
		return rv.Len() > 0
	}
	return true
}

// top puts in on the path when it is a pointer: encoding/json/v2 writes
// what a top-level pointer points to without the hook seeing the pointer.
func (h *hooks) top(in any) {
	rv := reflect.ValueOf(in)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() && infoOf(rv.Type()).class == classRef {
		h.path.push(keyOf(rv))
	}
}

// substitute writes tok for a value encoding/json/v2 cannot write, or fails
// under Strict.
func (h *hooks) substitute(enc *jsontext.Encoder, t reflect.Type, reason string, tok jsontext.Token) error {
	if h.cfg.strict {
		return h.fail(enc, t, reason)
	}
	h.record(enc, t, reason)
	return enc.WriteToken(tok)
}

// record keeps the substitute for a value of type t at the encoder's
// position for the report (OnSubstitute), which receives them once the
// encode succeeded.
func (h *hooks) record(enc *jsontext.Encoder, t reflect.Type, reason string) {
	if h.cfg.report != nil {
		h.subs = append(h.subs, Substitution{Pointer: nextPointer(enc), Reason: reason, Type: t})
	}
}

// report hands the recorded substitutes to the report, in the order they
// were written.
func (h *hooks) report() {
	for _, s := range h.subs {
		h.cfg.report(s)
	}
}

// fail records the Strict error of a substitute at the encoder's position.
func (h *hooks) fail(enc *jsontext.Encoder, t reflect.Type, reason string) error {
	if h.err == nil {
		h.err = &json.SemanticError{
			ByteOffset:  enc.OutputOffset(),
			JSONPointer: nextPointer(enc),
			GoType:      t,
			Err:         &SubstituteError{Reason: reason},
		}
	}
	return errStrict
}

// inName reports whether the encoder's next token is an object member name.
func inName(enc *jsontext.Encoder) bool {
	d := enc.StackDepth()
	if d == 0 {
		return false
	}
	k, n := enc.StackIndex(d)
	return k == '{' && n%2 == 0
}

// nextPointer is the JSON Pointer of the value the encoder writes next.
func nextPointer(enc *jsontext.Encoder) jsontext.Pointer {
	p := enc.StackPointer()
	d := enc.StackDepth()
	if d == 0 {
		return p
	}
	k, n := enc.StackIndex(d)
	if k != '[' {
		return p // after a name: the name is the last token
	}
	s := string(p)
	if n > 0 {
		s = s[:strings.LastIndexByte(s, '/')]
	}
	return jsontext.Pointer(s + "/" + strconv.FormatInt(n, 10))
}

// replaceInvalid replaces each invalid byte of s with U+FFFD.
func replaceInvalid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// keysWritable reports whether encoding/json/v2 writes every key of the map
// m as a member name.
func (h *hooks) keysWritable(m reflect.Value, rule keyRule) bool {
	switch {
	case rule == keysNever:
		return false
	}
	k := reflect.New(m.Type().Key()).Elem()
	it := m.MapRange()
	for it.Next() {
		k.SetIterKey(it)
		if rule == keysString {
			if !utf8.ValidString(k.String()) {
				return false
			}
			continue
		}
		if rule == keysJSON || !keyWritable(k, false) {
			_, ok, err := h.v2Name(k)
			// A JSON method that fails is the user's error: encoding/json/v2 returns it.
			if !ok && (rule != keysJSON || err == nil || errors.Is(err, jsontext.ErrNonStringName)) {
				return false
			}
		}
	}
	return true
}

// v2Name returns the name encoding/json/v2 writes for the map key k (with
// the user's marshalers, which may write a key it cannot), if it writes one:
// it is asked to write a map of k alone.
func (h *hooks) v2Name(k reflect.Value) (string, bool, error) {
	m := reflect.MakeMapWithSize(reflect.MapOf(k.Type(), emptyStruct), 1)
	m.SetMapIndex(k, reflect.Zero(emptyStruct))
	b, err := json.Marshal(m.Interface(), h.optsBuf[:len(h.optsBuf)-1]...) // the user's options: no hooks
	if err != nil {
		return "", false, err
	}
	var one map[string]jsontext.Value
	if err := json.Unmarshal(b, &one, jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)); err != nil || len(one) != 1 {
		return "", false, err
	}
	for name := range one {
		return name, true, nil
	}
	return "", false, nil
}

var emptyStruct = reflect.TypeFor[struct{}]()

func keyWritable(k reflect.Value, viaInterface bool) bool {
	if k.Kind() == reflect.Pointer && k.IsNil() {
		return false // written as null
	}
	if infoOf(k.Type()).class == classMethod {
		return true
	}
	switch k.Kind() {
	case reflect.Interface:
		return !k.IsNil() && keyWritable(k.Elem(), true)
	case reflect.Pointer:
		return !k.IsNil() && keyWritable(k.Elem(), viaInterface)
	case reflect.String:
		return utf8.ValidString(k.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Float32, reflect.Float64:
		f := k.Float()
		return !viaInterface && !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	return false
}

type mapEntry struct {
	name, text string // text: the key's text before U+FFFD replaced invalid bytes
	value      reflect.Value
}

// writeMap writes a map whose keys encoding/json/v2 cannot all write: each
// key's text is its name (as fmt.Sprint prints it; invalid UTF-8 as U+FFFD),
// entries sorted by text, an entry whose key would print an address left
// out, and U+FFFD appended to a name already written. Each value is written
// by encoding/json/v2, hooked.
func (h *hooks) writeMap(enc *jsontext.Encoder, m reflect.Value, ti *typeInfo) error {
	if ti.class == classRef {
		k := refKey{t: m.Type(), p: m.UnsafePointer()}
		if h.path.onPath(k) {
			h.record(enc, m.Type(), ReasonCycle)
			if h.cfg.placeholder != "" {
				return enc.WriteToken(jsontext.String(h.cfg.placeholder))
			}
			return enc.WriteToken(jsontext.Null)
		}
		h.path.push(k)
		defer h.path.pop(k)
	}
	entries := make([]mapEntry, 0, m.Len())
	it := m.MapRange()
	for it.Next() {
		k := it.Key()
		var text string
		ok := false
		if k.Kind() == reflect.String && infoOf(k.Type()).class == classString {
			text, ok = k.String(), true // its bytes: encoding/json/v2 sorts by them
		} else {
			text, ok, _ = h.v2Name(k)
		}
		if !ok {
			if printsAddress(k) {
				continue
			}
			text = keyText(k)
		}
		name := text
		if !h.allowInvalid {
			name = replaceInvalid(text)
		}
		entries = append(entries, mapEntry{name: name, text: text, value: it.Value()})
	}
	slices.SortFunc(entries, func(a, b mapEntry) int { return cmp.Compare(a.text, b.text) })
	if err := enc.WriteToken(jsontext.BeginObject); err != nil {
		return err
	}
	at := h.regions.at
	h.regions.at = noRegion
	defer func() { h.regions.at = at }()
	written := make(map[string]bool, len(entries))
	for _, e := range entries {
		name := e.name
		for !h.allowDup && written[replaceInvalid(name)] {
			name += "\uFFFD"
		}
		written[replaceInvalid(name)] = true
		if err := enc.WriteToken(jsontext.String(name)); err != nil {
			return err
		}
		// A map value is not addressable: given by value (not through a
		// pointer), encoding/json/v2 calls its methods as it does inside the
		// map (under the v1 options, no pointer-receiver method). An
		// interface goes through a pointer to keep its static type.
		ev := e.value
		in := ev.Interface()
		if ev.Kind() == reflect.Interface {
			p := reflect.New(ev.Type())
			p.Elem().Set(ev)
			in = p.Interface()
		}
		if err := json.MarshalEncode(enc, in); err != nil {
			if h.err == nil {
				h.err = err
			}
			return err
		}
	}
	return enc.WriteToken(jsontext.EndObject)
}

// keyText is a map key's name in writeMap.
func keyText(k reflect.Value) string {
	for k.Kind() == reflect.Interface || k.Kind() == reflect.Pointer {
		if k.IsNil() {
			return "null"
		}
		k = k.Elem()
	}
	switch k.Kind() {
	case reflect.Float32, reflect.Float64:
		f := k.Float()
		switch {
		case math.IsNaN(f):
			return "NaN"
		case math.IsInf(f, 1):
			return "+Inf"
		case math.IsInf(f, -1):
			return "-Inf"
		}
		return strconv.FormatFloat(f, 'g', -1, k.Type().Bits())
	case reflect.String:
		return k.String()
	}
	return fmt.Sprint(k.Interface())
}

// printsAddress reports whether fmt.Sprint of the key k would print an
// address (a non-nil pointer, chan, func or unsafe.Pointer below
// interfaces, structs and arrays).
func printsAddress(k reflect.Value) bool {
	switch k.Kind() {
	case reflect.Interface:
		return !k.IsNil() && printsAddress(k.Elem())
	case reflect.Pointer:
		// A pointer key is printed as what it points to when that is a
		// string or a number (keyText); anything else prints the address.
		if k.IsNil() {
			return false
		}
		switch k.Elem().Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Struct, reflect.Array, reflect.Map, reflect.Slice,
			reflect.Chan, reflect.Func, reflect.UnsafePointer:
			return true
		}
		return false
	case reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return !k.IsNil()
	case reflect.Struct:
		for i := range k.NumField() {
			if printsAddress(k.Field(i)) {
				return true
			}
		}
	case reflect.Array:
		for i := range k.Len() {
			if printsAddress(k.Index(i)) {
				return true
			}
		}
	}
	return false
}
