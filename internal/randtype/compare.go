package randtype

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
)

// Outcome is what one encode did: its output, its error, or the value it
// panicked with.
type Outcome struct {
	Out   []byte
	Err   error
	Panic any
	Stack string // where it panicked
}

// Run calls encode and returns what it did, recovering a panic.
func Run(encode func() ([]byte, error)) (o Outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = Outcome{Panic: r, Stack: string(debug.Stack())}
		}
	}()
	o.Out, o.Err = encode()
	return o
}

// String describes the outcome for a failure message.
func (o Outcome) String() string {
	switch {
	case o.Panic != nil:
		return fmt.Sprintf("panic: %v\n%s", o.Panic, o.Stack)
	case o.Err != nil:
		return fmt.Sprintf("error (%T): %v", o.Err, o.Err)
	}
	const limit = 3000
	if len(o.Out) > limit {
		return fmt.Sprintf("%d bytes: %s…(cut)", len(o.Out), o.Out[:limit])
	}
	return fmt.Sprintf("%d bytes: %s", len(o.Out), o.Out)
}

// Compare checks got, an encode of s.Value by a safejson encoder, against std,
// the same encode by encoding/json, under safejson's promises, and returns nil
// or what is wrong. valid says whether output is well-formed (json.Valid, or
// json.Valid after Unindent for indented output).
//
//   - Where std succeeds, got has the same bytes.
//   - Where std fails in the user's code (UserError), got fails with the same
//     message, as a *json.MarshalerError where std's is one.
//   - Where std rejects the value, got is valid output; or an error a value
//     can hold after a substitute (where std stopped): a user error if the
//     value has a failing method, an invalid json.Number error if it has one.
//   - Where std panics (a value method called through a nil pointer in an
//     interface), got panics with the same value, writes valid output, or
//     fails as after a substitute.
//   - got never panics otherwise.
func (s Sample) Compare(std, got Outcome, valid func([]byte) bool) error {
	if std.Panic != nil {
		switch {
		case got.Panic != nil && fmt.Sprint(got.Panic) != fmt.Sprint(std.Panic):
			return errors.New("std and safejson panicked differently")
		case got.Panic == nil && got.Err != nil && !s.laterError(got.Err):
			return errors.New("std panicked, safejson failed")
		case got.Panic == nil && got.Err == nil && !valid(got.Out):
			return errors.New("std panicked, safejson wrote invalid JSON")
		}
		return nil
	}
	if got.Panic != nil {
		return errors.New("safejson panicked")
	}
	switch Classify(std.Err) {
	case NoError:
		if got.Err != nil {
			return errors.New("std succeeded, safejson failed")
		}
		if !bytes.Equal(std.Out, got.Out) {
			i := 0
			for i < len(std.Out) && i < len(got.Out) && std.Out[i] == got.Out[i] {
				i++
			}
			return fmt.Errorf("different bytes from byte %d", i)
		}
	case UserError:
		if got.Err == nil {
			return errors.New("std failed in user code, safejson did not")
		}
		if got.Err.Error() != std.Err.Error() {
			return errors.New("different user error")
		}
		var sm, gm *json.MarshalerError
		if errors.As(std.Err, &sm) && (!errors.As(got.Err, &gm) || gm.Type != sm.Type) {
			return errors.New("not a *json.MarshalerError of the same type")
		}
	default: // Unsupported, BadData, OtherError
		switch {
		case got.Err == nil:
			if !valid(got.Out) {
				return errors.New("invalid JSON")
			}
		case s.laterError(got.Err), got.Err.Error() == std.Err.Error():
		default:
			return errors.New("std rejected the value, safejson failed")
		}
	}
	return nil
}

// laterError reports whether err is an error an encoder may return after going
// on where encoding/json stopped (at a substitute, or a panic): a user error,
// or an invalid json.Number (which safejson reports as std does), of which the
// value holds one.
func (s Sample) laterError(err error) bool {
	switch Classify(err) {
	case UserError:
		return s.Stats.Failing > 0
	case BadData:
		return s.Stats.BadNumbers > 0
	}
	return false
}

// Unindent removes prefix and indentation from the lines of indented output
// (they need not be whitespace), so that json.Valid can check it. Every newline
// in JSON output is one that indentation added: strings escape theirs.
func Unindent(b []byte, prefix, indent string) []byte {
	lines := bytes.Split(b, []byte("\n"))
	for i := 1; i < len(lines); i++ {
		l := bytes.TrimPrefix(lines[i], []byte(prefix))
		for indent != "" && bytes.HasPrefix(l, []byte(indent)) {
			l = l[len(indent):]
		}
		lines[i] = l
	}
	return bytes.Join(lines, []byte("\n"))
}
