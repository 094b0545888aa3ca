package corpus

// ShapedFiles returns the files whose JSON real API types decode loosely,
// each with such a type: fields of several kinds or often null as any, lists
// a client does not read as []any, free-form parts as map[string]any or
// json.RawMessage, and maps of hundreds of members. These are the types
// that send a decode to encoding/json when an engine cannot be trusted
// with them; Files' types avoid them.
func ShapedFiles() []File {
	return []File{
		{"citm_catalog", func() any { return new(CITMShaped) }},
		{"synthea_fhir", func() any { return new(FHIRShapedBundle) }},
		{"twitter_status", func() any { return new(TwitterShaped) }},
	}
}
