package plan

import "reflect"

// Rejection says whether encoding/json can reject a value of a type for what
// the value holds (the user's own methods aside: their errors are the
// user's on any path), read from the type once.
type Rejection uint8

const (
	// NeverRejected: encoding/json writes every value of the type.
	NeverRejected Rejection = iota
	// RejectedByValue: a value may hold a NaN or ±Inf (the type can hold a
	// float) or a cycle (the type is recursive); only the value tells.
	RejectedByValue
	// RejectedByType: the type can hold an interface other than a marshal
	// method's (which may hold anything), a chan, func, complex or
	// unsafe.Pointer, or a map whose key type the classic encoding/json
	// rejects.
	RejectedByType
)

// StdRejection returns whether encoding/json can reject a value of type t,
// from the planner's features of t (computed once per type, cached).
func StdRejection(t reflect.Type) Rejection { return infoOf(t).reject }

// rejection computes typeInfo.reject from a type's features and whether an
// interface other than a marshal method's is reachable from it
// (jsontype.Component.Open).
func rejection(f features, open bool) Rejection {
	switch {
	case open || f&(featUnsupported|featBadMapKey) != 0:
		return RejectedByType
	case f&(featFloat|featRecursive) != 0:
		return RejectedByValue
	}
	return NeverRejected
}
