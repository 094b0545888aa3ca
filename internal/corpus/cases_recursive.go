package corpus

// recursiveTypeCases: types whose element type is the type itself (type T []T,
// type M map[string]M, type P *P), cyclic values of them or not. They come
// last in the corpus: an encoder that loops forever on such a type leaves a
// goroutine spinning after the report command gives up on it (its -hang
// guard), which slows whatever runs next.
func recursiveTypeCases() []*Case {
	selfRecSlice := recSlice{nil, nil}
	selfRecSlice[1] = selfRecSlice
	selfRecMap := recMap{"k": nil}
	selfRecMap["self"] = selfRecMap
	return []*Case{
		same("recursive/named-slice-of-itself", recSlice{recSlice{}, nil, recSlice{recSlice{}}}, `[[],null,[[]]]`),
		same("recursive/named-map-of-itself", recMap{"a": recMap{}, "b": nil, "c": recMap{"d": recMap{}}}, `{"a":{},"b":null,"c":{"d":{}}}`),
		same("recursive/named-pointer-to-itself-nil", recPtr(nil), `null`),
		sub("recursive/named-slice-of-itself-cycle", selfRecSlice, `[null,null]`),
		sub("recursive/named-map-of-itself-cycle", selfRecMap, `{"k":null}`),
	}
}
