package flavor

import (
	"strings"
	"unicode"
)

// TagOptions are the options of a `json` tag that encoding changes with.
type TagOptions struct {
	OmitEmpty bool // omitempty
	OmitZero  bool // omitzero
	String    bool // string
	// Format: a format option (format:…), which only json/v2 reads: its
	// encoding/json rejects every struct with such a field
	// (jsontype.Info.FormatField).
	Format bool
}

func (o *TagOptions) set(name string) {
	switch name {
	case "omitempty":
		o.OmitEmpty = true
	case "omitzero":
		o.OmitZero = true
	case "string":
		o.String = true
	case "format":
		o.Format = true
	}
}

// ClassicTagPunct is the ASCII punctuation, and the space, that the classic
// encoding/json takes in a tag's name besides letters and digits (any other
// character makes it ignore the name).
const ClassicTagPunct = "!#$%&()*+-./:;<=>?@[]^_{|}~ "

// ClassicName reports whether the classic encoding/json takes a tag's name
// (what comes before its first comma) as the member name: it is not empty
// and made of letters, digits and ClassicTagPunct. json/v2's encoding/json
// takes such a name as it is too (it cuts names only at a quote or
// backslash, none of which ClassicTagPunct holds): the flavours read it
// alike.
func ClassicName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !strings.ContainsRune(ClassicTagPunct, c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}
