package jsonwire

// State is the structure of a JSON text read so far: the arrays and objects
// open, as a bit per level, and what may come next. A scanner reads the
// tokens itself (SkipSpace, SkipString, SkipNumber, the literals) and tells
// State each one by the method of its kind, before or after lexing it; a
// method reports false where the grammar does not allow that token there,
// and the text is then not JSON. So the grammar of the structure — a value
// at the top; in an object names, colons, values and commas; in an array
// values and commas; the closing byte of the innermost container; at most
// MaxNesting levels — is written once, here, and every scanner does its
// own work at each token (build a value, copy, lay out).
//
// The zero State is at the start of a text, where one value is due. It
// neither allocates nor recurses, whatever the input; its methods are small
// enough to be inlined in a scanner's loop.
type State struct {
	// next is what may come next, the bits below; after is what may come
	// after a value besides (noValue set): a comma or the close of the
	// innermost container, nothing at the top.
	next, after uint8
	depth       int
	// objects has bit d set when the container at depth d+1 is an object.
	objects [MaxNesting/64 + 1]uint64
}

// The bits of State.next and State.after. noValue is the one set when a
// value may not come, so that the zero State expects one.
const (
	noValue    = 1 << iota // a value may not come
	allowName              // a member name may come
	allowColon             // the colon after a name is due
	allowComma             // a comma may come
	allowEndObject
	allowEndArray

	afterInObject = allowComma | allowEndObject
	afterInArray  = allowComma | allowEndArray
)

// Value reports whether a value other than a string, an array or an object
// (a number or a literal) may come, and takes it as read.
func (s *State) Value() bool {
	if s.next&noValue != 0 {
		return false
	}
	s.next = s.after | noValue
	return true
}

// String reports whether a string may come, and whether it is a member name
// (then its colon is due next), and takes it as read.
func (s *State) String() (name, ok bool) {
	if s.next&allowName != 0 {
		s.next = noValue | allowColon
		return true, true
	}
	if s.next&noValue != 0 {
		return false, false
	}
	s.next = s.after | noValue
	return false, true
}

// Name reports whether a member name may come, and takes it as read: its
// colon is due next.
func (s *State) Name() bool {
	if s.next&allowName == 0 {
		return false
	}
	s.next = noValue | allowColon
	return true
}

// Open reports whether the array or object that c ('[' or '{') opens may
// come, and opens it: not where a value may not come, nor past MaxNesting
// levels.
func (s *State) Open(c byte) bool {
	d := uint(s.depth)
	if s.next&noValue != 0 || d >= MaxNesting {
		return false
	}
	if c == '{' {
		s.objects[d/64] |= 1 << (d % 64)
		s.next, s.after = noValue|allowName|allowEndObject, afterInObject
	} else {
		s.objects[d/64] &^= 1 << (d % 64)
		s.next, s.after = allowEndArray, afterInArray
	}
	s.depth++
	return true
}

// Close reports whether c ('}' or ']') may come, closing the innermost
// container, and closes it.
func (s *State) Close(c byte) bool {
	want := uint8(allowEndArray)
	if c == '}' {
		want = allowEndObject
	}
	if s.next&want == 0 {
		return false
	}
	s.depth--
	after := uint8(0) // at the top
	if d := uint(s.depth) - 1; d < MaxNesting {
		after = afterInArray
		if s.objects[d/64]>>(d%64)&1 != 0 {
			after = afterInObject
		}
	}
	s.next, s.after = after|noValue, after
	return true
}

// Comma reports whether a comma may come, and whether a member name is due
// after it (in an object) or a value (in an array), and takes it as read.
func (s *State) Comma() (name, ok bool) {
	if s.next&allowComma == 0 {
		return false, false
	}
	if s.after&allowEndObject != 0 {
		s.next = noValue | allowName
		return true, true
	}
	s.next = 0
	return false, true
}

// Colon reports whether a colon may come, and takes it as read.
func (s *State) Colon() bool {
	if s.next&allowColon == 0 {
		return false
	}
	s.next = 0
	return true
}

// Done reports whether the text read so far is one whole value.
func (s *State) Done() bool { return s.depth == 0 && s.next == noValue }

// Depth is the number of arrays and objects open.
func (s *State) Depth() int { return s.depth }

// InObject reports whether the innermost container open is an object.
func (s *State) InObject() bool { return s.after&allowEndObject != 0 }

// Reset makes s the zero State again, at the start of a text, without
// clearing its nesting bits (each level's is set when the level opens), so
// that a State kept from text to text costs nothing per text.
func (s *State) Reset() { s.next, s.after, s.depth = 0, 0, 0 }
