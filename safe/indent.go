package safe

// newline starts a line at the given depth: a newline, the prefix, and the
// indent depth times, as json.Indent writes it.
func (e *encodeState) newline(b []byte, depth int) []byte {
	b = append(b, '\n')
	b = append(b, e.prefix...)
	for range depth {
		b = append(b, e.indent...)
	}
	return b
}
