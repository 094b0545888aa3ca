package conformance

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/flavor"
)

// The region of docs/differences.md generated from the cases' known
// differences.
const (
	DocBegin = "<!-- BEGIN known-differences"
	DocEnd   = "<!-- END known-differences -->"
)

// RawSummary says in a word what the raw engine did with the case's value:
// "ok" (the expected bytes or error), "same bytes" (encoding/json's bytes, which
// the case deliberately does not expect), "differs", "error: <short>",
// "panic" or "hung"; "not run" when the case was not run on the engine. It is
// "" for SafeColumn.
func (r Result) RawSummary() string {
	if r.Engine == SafeColumn {
		return ""
	}
	if r.NotRun {
		return "not run"
	}
	raw := r.Raw
	if errors.Is(raw.Err, ErrStdDies) {
		return "dies (not run)"
	}
	if errors.Is(raw.Err, ErrRawSkipped) {
		return "crashed"
	}
	if len(caseExpectation(r.Case, r.Std).check(raw)) == 0 {
		return "ok"
	}
	switch {
	case raw.Hung:
		return "hung"
	case raw.Panicked:
		return "panic"
	case raw.Err != nil:
		return "error: " + shortError(raw.Err)
	case r.Std.Err == nil && !r.Std.Panicked && bytes.Equal(raw.Bytes, r.Std.Bytes):
		return "same bytes"
	}
	return "differs"
}

// shortError is the start of the error's message, on one line.
func shortError(err error) string {
	msg := strings.Join(strings.Fields(err.Error()), " ")
	if utf8.RuneCountInString(msg) > 48 {
		msg = string([]rune(msg)[:47]) + "…"
	}
	return msg
}

// Summary counts results by status.
type Summary struct {
	Cases, Columns            int
	Pass, Known, Fail         int
	Engines                   []string
	FailedCases, KnownAtCases []string
}

// Summarize counts the results.
func Summarize(results []Result) Summary {
	var s Summary
	seenCase := map[*corpus.Case]bool{}
	seenEngine := map[string]bool{}
	for _, r := range results {
		if !seenCase[r.Case] {
			seenCase[r.Case] = true
			s.Cases++
		}
		if !seenEngine[r.Engine] {
			seenEngine[r.Engine] = true
			s.Engines = append(s.Engines, r.Engine)
		}
		switch r.Status {
		case Pass:
			s.Pass++
		case KnownDiff:
			s.Known++
			s.KnownAtCases = append(s.KnownAtCases, r.Case.Name+" on "+r.Engine)
		default:
			s.Fail++
			s.FailedCases = append(s.FailedCases, r.Case.Name+" on "+r.Engine)
		}
	}
	s.Columns = len(s.Engines)
	return s
}

// Verdict is the report's one-line conclusion. It names the toolchain and the
// flavour of encoding/json the cases were judged against.
func (s Summary) Verdict() string {
	if s.Fail > 0 {
		return fmt.Sprintf("verdict: FAIL: %d of %d results differ from what the cases expect (%d cases × %s on %s/%s, %s)",
			s.Fail, s.Pass+s.Known+s.Fail, s.Cases, strings.Join(s.Engines, ", "), runtime.GOOS, runtime.GOARCH, Toolchain())
	}
	return fmt.Sprintf("verdict: OK: %d cases × %s on %s/%s, %s, %d known differences, no other",
		s.Cases, strings.Join(s.Engines, ", "), runtime.GOOS, runtime.GOARCH, Toolchain(), s.Known)
}

// Toolchain names the Go toolchain and the flavour of its encoding/json:
// "go1.27.4, encoding/json v2 (on json/v2)" or "go1.26.8, encoding/json v1
// (classic)".
func Toolchain() string {
	kind := "classic"
	if flavor.V2 {
		kind = "on json/v2"
	}
	return fmt.Sprintf("%s, encoding/json %s (%s)", runtime.Version(), flavor.Name, kind)
}

// WriteMarkdown writes the case × engine table of results, then the failures
// with their reasons, then the verdict.
func WriteMarkdown(w io.Writer, results []Result) error {
	s := Summarize(results)
	var b strings.Builder
	fmt.Fprintf(&b, "| case | kind |")
	for _, e := range s.Engines {
		fmt.Fprintf(&b, " %s |", e)
	}
	b.WriteString("\n|---|---|")
	for range s.Engines {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for i := 0; i < len(results); {
		c := results[i].Case
		fmt.Fprintf(&b, "| [%s](%s#L%d) | %s |", c.Name, c.File, c.Line, c.Kind)
		for ; i < len(results) && results[i].Case == c; i++ {
			fmt.Fprintf(&b, " %s |", cell(results[i]))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nCells: the verdict of safejson through that engine (Marshal, Append, Encoder) against the case's literal expectation, then what the raw engine did: ok (what the case expects), same bytes (encoding/json's bytes, which the case deliberately does not expect), differs, error, panic, hung.\n\n")
	fmt.Fprintf(&b, "%d cases × %d columns: %d pass, %d known differences, %d FAIL.\n", s.Cases, s.Columns, s.Pass, s.Known, s.Fail)
	if s.Fail > 0 {
		b.WriteString("\n### Failures\n\n")
		for _, r := range results {
			if r.Status != Fail {
				continue
			}
			fmt.Fprintf(&b, "- **%s** on %s (%s):\n", r.Case.Name, r.Engine, r.Case.Where())
			for _, p := range r.Problems {
				fmt.Fprintf(&b, "  - %s\n", markdownText(p))
			}
		}
	}
	fmt.Fprintf(&b, "\n%s\n", s.Verdict())
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteTSV writes one line per result: case, column, status, raw engine
// summary, tab-separated; scripts compare two runs with it.
func WriteTSV(w io.Writer, results []Result) error {
	var b strings.Builder
	for _, r := range results {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", r.Case.Name, r.Engine, r.Status, strings.ReplaceAll(r.RawSummary(), "\t", " "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func cell(r Result) string {
	var verdict string
	switch r.Status {
	case Pass:
		verdict = "pass"
	case KnownDiff:
		verdict = "known"
	default:
		verdict = "**FAIL**"
	}
	if raw := r.RawSummary(); raw != "" {
		verdict += " · raw " + markdownText(raw)
	}
	return verdict
}

// markdownText keeps text from breaking a table cell or list item.
func markdownText(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\n", " ")
	return strings.ReplaceAll(s, "`", "'")
}

// DocSection is the generated body of the region of docs/differences.md:
// the known differences of the cases, or a statement that there are none.
// Its links to the cases are relative to docs/.
func DocSection(cases []*corpus.Case) string {
	var b strings.Builder
	b.WriteString("\n## Known differences\n\n")
	b.WriteString("Where safejson's output through an engine differs from encoding/json's (or, for values\n")
	b.WriteString("encoding/json rejects, from the reference encoder `safe`), the conformance case that shows\n")
	b.WriteString("it records the engine, the reason and the bytes. This list is generated from those cases\n")
	b.WriteString("(`go run ./internal/conformance/cmd/report -docs`); a test fails when it is stale, and when a\n")
	b.WriteString("listed difference no longer happens.\n\n")
	n := 0
	for _, c := range cases {
		n += len(c.Known)
	}
	if n == 0 {
		b.WriteString("**None.** No case lists one: through every engine, safejson must give exactly the bytes\n")
		b.WriteString("(or the error) the case expects.\n\n")
		writeFlavorTable(&b, cases)
		return b.String()
	}
	b.WriteString("| engine | case | reason | safejson writes |\n|---|---|---|---|\n")
	for _, c := range cases {
		for _, k := range c.Known {
			eng := k.Engine
			if k.Arch != "" {
				eng += " (" + k.Arch + ")"
			}
			fmt.Fprintf(&b, "| %s | [%s](../%s#L%d) | %s | `%s` |\n", eng, c.Name, c.File, c.Line, markdownText(k.Reason), markdownText(quote(k.Got)))
		}
	}
	b.WriteString("\n")
	writeFlavorTable(&b, cases)
	return b.String()
}

// writeFlavorTable lists the cases whose expectation depends on the flavour of
// encoding/json, by reason: not differences of safejson's, which follows the
// toolchain, but where the toolchain's answer changes.
func writeFlavorTable(b *strings.Builder, cases []*corpus.Case) {
	var reasons []string
	byReason := map[string][]*corpus.Case{}
	for _, c := range cases {
		for _, f := range c.Flavors {
			if byReason[f.Reason] == nil {
				reasons = append(reasons, f.Reason)
			}
			byReason[f.Reason] = append(byReason[f.Reason], c)
		}
	}
	if len(reasons) == 0 {
		return
	}
	b.WriteString("## Where the toolchain's encoding/json changes the answer\n\n")
	b.WriteString("safejson follows the encoding/json of the toolchain that builds the program, so these cases\n")
	b.WriteString("expect one answer on Go 1.26 and Go 1.27 with `GOEXPERIMENT=nojsonv2` (classic) and another on\n")
	b.WriteString("Go 1.27 (encoding/json on json/v2); each case states both, and the suite checks both literals\n")
	b.WriteString("against the encoding/json of the toolchain it runs on.\n\n")
	b.WriteString("| what changed on json/v2 | cases |\n|---|---|\n")
	slices.Sort(reasons)
	for _, r := range reasons {
		var links []string
		for _, c := range byReason[r] {
			links = append(links, fmt.Sprintf("[%s](../%s#L%d)", c.Name, c.File, c.Line))
		}
		fmt.Fprintf(b, "| %s | %s |\n", markdownText(r), strings.Join(links, ", "))
	}
	b.WriteString("\n")
}

// ReplaceDocSection returns the document with the text between the end of the
// DocBegin line and DocEnd replaced by section.
func ReplaceDocSection(doc []byte, section string) ([]byte, error) {
	_, start, end, err := docRegion(doc)
	if err != nil {
		return nil, err
	}
	out := append([]byte{}, doc[:start]...)
	out = append(out, section...)
	return append(out, doc[end:]...), nil
}

// DocRegion returns the current text between the markers of doc.
func DocRegion(doc []byte) (string, error) {
	body, _, _, err := docRegion(doc)
	return body, err
}

func docRegion(doc []byte) (body string, start, end int, err error) {
	b := bytes.Index(doc, []byte(DocBegin))
	if b < 0 {
		return "", 0, 0, errors.New("conformance: the document has no " + DocBegin + " marker")
	}
	nl := bytes.IndexByte(doc[b:], '\n')
	if nl < 0 {
		return "", 0, 0, errors.New("conformance: the document ends on its " + DocBegin + " line")
	}
	start = b + nl + 1
	e := bytes.Index(doc[start:], []byte(DocEnd))
	if e < 0 {
		return "", 0, 0, errors.New("conformance: the document has no " + DocEnd + " marker after " + DocBegin)
	}
	end = start + e
	return string(doc[start:end]), start, end, nil
}
