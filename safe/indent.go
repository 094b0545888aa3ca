package safe

// newline starts a line at the given depth: a newline, the prefix, and the
// indent depth times, as json.Indent writes it.
func (e *encodeState) newline(depth int) {
	e.buf = append(e.buf, '\n')
	e.buf = append(e.buf, e.prefix...)
	for range depth {
		e.buf = append(e.buf, e.indent...)
	}
}
