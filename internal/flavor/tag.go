package flavor

import (
	"strings"
	"unicode"
)

// Tag is a struct field's `json` tag (not "-"), read once (ParseTag): every
// rule about tags reads this.
type Tag struct {
	// Name is the member name the tag gives, as this flavour reads it; ""
	// when none, so the Go field name is used.
	Name string
	// Written is the tag's name as written: what comes before its first
	// comma.
	Written string
	// Plain: Written is empty or one the classic encoding/json takes whole
	// (ClassicName), which json/v2 takes whole too, so Name is Written on
	// both flavours. Other names are where the flavours of encoding/json
	// differ, and where engines may differ from either.
	Plain bool
	// Opts are the tag's options.
	Opts TagOptions
}

// newTag returns the Tag of a tag whose name as written is written, with
// the name and options this flavour reads.
func newTag(written, name string, opts TagOptions) Tag {
	return Tag{Name: name, Written: written, Plain: written == "" || ClassicName(written), Opts: opts}
}

// TagOptions are the options of a `json` tag that encoding changes with.
type TagOptions struct {
	OmitEmpty bool // omitempty
	OmitZero  bool // omitzero
	String    bool // string
	// Format: a format option (format:…), which only json/v2 reads: its
	// encoding/json rejects every struct with such a field
	// (jsontype.Info.FormatField).
	Format bool
	// Embed: the option ",embed", which no encoding/json honours; json/v2's
	// decoding panics on an unexported embedded pointer to a struct holding
	// a field with it (plan.DecodeCrashes).
	Embed bool
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
	case "embed":
		o.Embed = true
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
