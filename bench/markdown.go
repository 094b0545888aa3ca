package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
)

// A generated section of a markdown file: the lines between
//
//	<!-- BEGIN bench NAME ... -->
//	<!-- END bench NAME -->
//
// are what the bench printed for that section, so that the figures in the
// documentation are never edited by hand. -markdown FILE -section NAME
// writes the run's tables there (a saved run's, with -from).

// sectionName is what a section may be called: letters, digits, '.', '_', '-'.
var sectionName = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// sectionMarkers returns the begin marker (the start of its line: the name
// is followed by a space, a colon or the comment's end) and the end marker of
// the section name.
func sectionMarkers(name string) (begin *regexp.Regexp, end string) {
	return regexp.MustCompile(`<!-- BEGIN bench ` + regexp.QuoteMeta(name) + `(:| |-->)`), "<!-- END bench " + name + " -->"
}

// replaceSection returns doc with the body of section name replaced by body.
// The marker lines are kept as they are.
func replaceSection(doc []byte, name string, body []byte) ([]byte, error) {
	begin, end := sectionMarkers(name)
	loc := begin.FindIndex(doc)
	if loc == nil {
		return nil, fmt.Errorf("no <!-- BEGIN bench %s --> marker", name)
	}
	b := loc[0]
	nl := bytes.IndexByte(doc[b:], '\n')
	if nl < 0 {
		return nil, fmt.Errorf("the file ends on the marker of section %s", name)
	}
	start := b + nl + 1
	e := bytes.Index(doc[start:], []byte(end))
	if e < 0 {
		return nil, fmt.Errorf("no %q marker after the begin marker", end)
	}
	out := append([]byte{}, doc[:start]...)
	out = append(out, '\n')
	out = append(out, bytes.TrimSpace(body)...)
	out = append(out, '\n', '\n')
	return append(out, doc[start+e:]...), nil
}

// writeSection puts body into section name of the markdown file at path.
func writeSection(path, name string, body []byte) error {
	if !sectionName.MatchString(name) {
		return fmt.Errorf("bench: -section %q: want letters, digits, '.', '_' or '-'", name)
	}
	doc, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("bench: -markdown: %w", err)
	}
	out, err := replaceSection(doc, name, body)
	if err != nil {
		return fmt.Errorf("bench: -markdown %s: %w", path, err)
	}
	return os.WriteFile(path, out, 0o644)
}
