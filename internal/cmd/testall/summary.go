package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// A Summary is the end of a run: every part's result and what it means.
type Summary struct {
	Parts        []*Part // those selected, in plan order
	Results      map[*Part]Result
	NotRun       []*Part // left out by QUICK or PARTS
	Selection    string  // how they were left out, e.g. "QUICK=1"
	Wall         time.Duration
	Jobs         int
	LogDir       string // printed when a part failed (the logs are kept then)
	AllowMissing bool   // ALLOW_MISSING_TOOLCHAIN: a missing toolchain only warns
	Interrupted  bool
}

// Write prints the table of parts and the loud lines to out and loud, and
// returns the exit code: 1 when a part failed, when the run was interrupted,
// or when a toolchain was missing (unless AllowMissing).
func (s *Summary) Write(out, loud io.Writer) int {
	fmt.Fprintf(out, "\n=== summary (wall clock %s, JOBS=%d; part times overlap when parts run side by side)\n", secs(s.Wall), s.Jobs)
	fmt.Fprintf(out, "%-44s %-8s %8s %8s  %s\n", "part", "result", "time", "CPU", "failed commands")
	var fails, skips, advisory []string
	var cpu time.Duration
	missing := false
	for _, p := range s.Parts {
		r := s.Results[p]
		status, _, _ := strings.Cut(r.Status, ":")
		fmt.Fprintf(out, "%-44s %-8s %8s %8s  %s\n", p.Name, status, secs(r.Wall), secs(r.CPU), strings.Join(r.Failed, "; "))
		cpu += r.CPU
		switch {
		case p.Advisory && (r.Status == "FAIL" || r.NoToolchain):
			advisory = append(advisory, fmt.Sprintf("%s (%s)", p.Name, r.Status))
			continue
		case r.Status == "FAIL":
			fails = append(fails, p.Name)
		case strings.HasPrefix(r.Status, "SKIPPED: "):
			skips = append(skips, fmt.Sprintf("%s (%s)", p.Name, strings.TrimPrefix(r.Status, "SKIPPED: ")))
		}
		missing = missing || r.NoToolchain
	}
	fmt.Fprintf(out, "%-44s %-8s %8s %8s\n", "total", "", secs(s.Wall), secs(cpu))
	for _, p := range s.NotRun {
		fmt.Fprintf(out, "%-44s %-8s\n", p.Name, "not run")
	}
	if len(s.NotRun) > 0 {
		Loud(loud, "NOT RUN (%s): %d parts, listed above", s.Selection, len(s.NotRun))
	}
	if len(skips) > 0 {
		Loud(loud, "SKIPPED: %s", strings.Join(skips, ", "))
	}
	if len(advisory) > 0 {
		Loud(loud, "ADVISORY (reported, fails nothing): %s", strings.Join(advisory, ", "))
	}
	if s.Interrupted {
		Loud(loud, "INTERRUPTED: the parts not started were skipped")
	}
	if len(fails) > 0 {
		if s.LogDir != "" {
			fmt.Fprintf(out, "the parts' logs: %s\n", s.LogDir)
		}
		Loud(loud, "FAILED: %d parts: %s", len(fails), strings.Join(fails, ", "))
		return 1
	}
	if s.Interrupted {
		return 1
	}
	if missing && !s.AllowMissing {
		Loud(loud, "FAILED: a Go toolchain could not be had (ALLOW_MISSING_TOOLCHAIN=1 accepts that)")
		return 1
	}
	fmt.Fprintln(out, "all parts passed")
	return 0
}

// Loud prints a line nobody can miss.
func Loud(w io.Writer, format string, args ...any) {
	bar := strings.Repeat("!", 72)
	fmt.Fprintf(w, "\n%s\n!!! %s\n%s\n\n", bar, fmt.Sprintf(format, args...), bar)
}

// secs prints a duration as 1m05s, rounded down to the second.
func secs(d time.Duration) string {
	s := int(d / time.Second)
	return fmt.Sprintf("%dm%02ds", s/60, s%60)
}
