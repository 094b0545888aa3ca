package corpus

import (
	"strings"
)

// stringCases: HTML characters, U+2028/2029, invalid UTF-8, control characters,
// ",string" on strings.
func stringCases() []*Case {
	x := `x"<`
	// longPrefix puts the characters to escape past the first vector widths
	// of SIMD encoders.
	longPrefix := strings.Repeat("abcdefgh", 13)
	return []*Case{
		same("string/html", `<a href="x">&amp;</a>`, `"\u003ca href=\"x\"\u003e\u0026amp;\u003c/a\u003e"`).engines(),
		same("string/html-no-escape", `<a href="x">&amp;</a>`, `"<a href=\"x\">&amp;</a>"`).with(noEscapeHTML),
		same("string/line-separators", "a\u2028b\u2029c", `"a\u2028b\u2029c"`).engines(),
		same("string/line-separators-no-escape-html", "a\u2028b\u2029c", `"a\u2028b\u2029c"`).with(noEscapeHTML),
		same("string/invalid-utf8", "a\xffb\xc0\xafc\xed\xa0\x80d", `"a\ufffdb\ufffd\ufffdc\ufffd\ufffd\ufffdd"`).
			onV2(v2InvalidUTF8, "\"a\uFFFDb\uFFFD\uFFFDc\uFFFD\uFFFD\uFFFDd\""),
		same("string/truncated-utf8-at-end", "x\xe2\x82", `"x\ufffd\ufffd"`).onV2(v2InvalidUTF8, "\"x\uFFFD\uFFFD\""),
		same("string/valid-multibyte", "héllo 世界 😀", `"héllo 世界 😀"`),
		same("string/control-characters", "\x00\x01\x07\b\t\n\v\f\r\x1b\x1f\x7f",
			`"\u0000\u0001\u0007\b\t\n\u000b\f\r\u001b\u001f`+"\x7f"+`"`),
		same("string/long-escapes-late", longPrefix+"<\u2028\xff\b\"é", `"`+longPrefix+`\u003c\u2028\ufffd\b\"é"`).
			onV2(v2InvalidUTF8, `"`+longPrefix+`\u003c\u2028`+"\uFFFD"+`\b\"é"`),
		same("string/long-escapes-late-no-escape-html", longPrefix+"<&\u2029\x00", `"`+longPrefix+`<&\u2029\u0000"`).
			with(noEscapeHTML),
		same("string/quotes-backslash-slash", `q"b\s/`, `"q\"b\\s/"`),
		same("string/empty", "", `""`).engines(),
		same("string/in-slice-mixed", []string{"<", "\u2028", "\xff", "\t"}, `["\u003c","\u2028","\ufffd","\t"]`).
			onV2(v2InvalidUTF8, `["\u003c","\u2028","`+"\uFFFD"+`","\t"]`),
		same("string-option/string", struct {
			S string `json:",string"`
		}{`a"b<`}, `{"S":"\"a\\\"b\\u003c\""}`),
		same("string-option/string-no-escape-html", struct {
			S string `json:",string"`
		}{`a"b<`}, `{"S":"\"a\\\"b<\""}`).with(noEscapeHTML),
		same("string-option/string-pointer", struct {
			S *string `json:",string"`
			N *string `json:",string"`
		}{S: &x}, `{"S":"\"x\\\"\\u003c\"","N":null}`),
		same("string-option/string-invalid-utf8", struct {
			S string `json:",string"`
		}{"\xff\n"}, `{"S":"\"\\ufffd\\n\""}`).onV2(v2InvalidUTF8, `{"S":"\"`+"\uFFFD"+`\\n\""}`),
		same("string-option/named-string-type-in-map", map[string]struct {
			S name `json:"s,string"`
		}{"k": {"v"}}, `{"k":{"s":"\"v\""}}`),
	}
}
