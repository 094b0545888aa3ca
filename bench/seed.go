package main

import (
	"fmt"
	"io"
)

// seedRow is one row of the seed's own table (Node.js 26: JSON.stringify
// first, safe-stable-stringify on TypeError; median of 15 runs), and the
// case of this bench that measures the same thing.
type seedRow struct {
	Case, Slug string
	Seed       string // before → after, as the seed reports it
	Speedup    string
}

var seedRows = []seedRow{
	{"20 objects", "items-20", "29.6 → 4.7 µs", "6.3×"},
	{"500 objects", "items-500", "887.7 → 221.1 µs", "4.0×"},
	{"20 objects + replacer", "replacer-20", "35.8 → 23.0 µs", "1.6×"},
	{"20 objects + bigint / + NaN (fallback)", "nan-20", "37.9 → 40.1 µs", "0.95×"},
	{"20 objects + circular (fallback)", "circular-20", "34.0 → 100.6 µs", "0.34×"},
	{"`{a, self}` circular (fallback)", "selfmap", "0.3 → 12,471 µs", "~0.00002×"},
}

// writeSeedMarkdown writes the seed's figures beside this run's Before and
// After for the same cases; a case the report does not hold is marked so.
func writeSeedMarkdown(w io.Writer, rep Report) {
	fmt.Fprintf(w, "%s\n\n", rep.Machine.Line())
	fmt.Fprintln(w, "| Case | seed (Node.js): before → after | speedup | safejson here: before → after | speedup |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	var notes footnotes
	for _, s := range seedRows {
		name, here, speedup := s.Case, "not measured", "—"
		for _, r := range rep.Rows {
			if r.Slug == s.Slug {
				here = timeCell(&r.Before, false) + " → " + timeCell(&r.After, false)
				speedup = formatRatio(r.Speedup)
				name += notes.mark(slowerReason(r))
			}
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", name, s.Seed, s.Speedup, here, speedup)
	}
	fmt.Fprintln(w, "| a route returning 20 objects | 9,600 → 15,000 req/s | +55% | `go run ./bench -http` | |")
	fmt.Fprintf(w, "\nHere, before is the reference encoder alone (package `safe`), after is safejson; %s.\n", clockNote(rep.Clock))
	if load := loadNote(rep); load != "" {
		fmt.Fprintf(w, "\n%s\n", load)
	}
	notes.write(w)
}
