package flavor

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
