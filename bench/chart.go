package main

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"unicode/utf8"
)

// The chart's geometry, in SVG user units (pixels).
const (
	chartPlotW  = 570 // the bars' span, from the lowest decade to the highest
	chartValueW = 150 // room after the longest bar for its label
	chartCharW  = 7.6 // a generous width of one bold 12px character
	chartTop    = 96  // where the plot starts, below title, machine line and legend
	chartBarH   = 12
	chartBarGap = 2
	chartGroupG = 16 // space between two cases
	chartBottom = 44
)

// chartSeries are the bars of each case, top to bottom, with their colours.
var chartSeries = []struct {
	enc   int
	label string
	color string
}{
	{encBefore, "Before: package safe alone", "#9e9e9e"},
	{encAfter, "After: safejson", "#1565c0"},
	{encEngine, "raw engine", "#ef6c00"},
	{encStd, "encoding/json", "#2e7d32"},
}

// drawChart draws the report as grouped horizontal bars, one group per case,
// on a log scale of time per call. A failing encoder's bar is hatched and
// measures its time to the error.
func drawChart(rep Report) []byte {
	lo, hi := chartDomain(rep)
	labelW := chartLabelWidth(rep)
	chartWidth := labelW + chartPlotW + chartValueW
	plotX := float64(labelW)
	plotW := float64(chartPlotW)
	groupH := len(chartSeries)*(chartBarH+chartBarGap) - chartBarGap + chartGroupG
	height := chartTop + len(rep.Rows)*groupH + chartBottom
	x := func(ns float64) float64 {
		return plotX + (math.Log10(ns)-lo)/(hi-lo)*plotW
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">`+"\n",
		chartWidth, height, chartWidth, height)
	b.WriteString("<defs>\n")
	for _, s := range chartSeries {
		fmt.Fprintf(&b, `<pattern id="hatch-%s" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/><rect width="3" height="6" fill="%s"/></pattern>`+"\n",
			encoderNames[s.enc], s.color)
	}
	b.WriteString("</defs>\n")
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", chartWidth, height)
	fmt.Fprintf(&b, `<text x="16" y="24" font-size="16" font-weight="bold">safejson: time per encode, log scale (shorter is faster)</text>`+"\n")
	clockName := "wall"
	if rep.Clock == "cpu" {
		clockName = "CPU"
	}
	fmt.Fprintf(&b, `<text x="16" y="44" fill="#555555" font-size="11">%s · median of %d runs · %s time</text>`+"\n", esc(rep.Machine.Line()), rep.Runs, clockName)

	// Legend.
	lx := 16.0
	for _, s := range chartSeries {
		label := s.label
		if s.enc == encEngine {
			label = "raw engine (" + rep.Machine.Engine + ")"
		}
		fmt.Fprintf(&b, `<rect x="%.0f" y="56" width="14" height="12" fill="%s"/><text x="%.0f" y="66">%s</text>`+"\n", lx, s.color, lx+19, esc(label))
		lx += 19 + 7.2*float64(len(label)) + 24
	}
	fmt.Fprintf(&b, `<rect x="%.0f" y="56" width="14" height="12" fill="url(#hatch-engine)"/><text x="%.0f" y="66">hatched: time to error</text>`+"\n", lx, lx+19)

	// Decade grid and its labels.
	top, bottom := chartTop-6, height-chartBottom+4
	for d := int(lo); d <= int(hi); d++ {
		gx := x(math.Pow(10, float64(d)))
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#dddddd"/>`+"\n", gx, top, gx, bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555555">%s</text>`+"\n", gx, bottom+16, decadeLabel(d))
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555555">%s</text>`+"\n", gx, top-4, decadeLabel(d))
	}

	// One group per case.
	for i, row := range rep.Rows {
		gy := float64(chartTop + i*groupH)
		res := row.results()
		name := row.Case
		if len(row.Notes) > 0 {
			name = "⚠ " + name
		}
		mid := gy + float64(groupH-chartGroupG)/2
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" font-weight="bold">%s</text>`+"\n",
			labelW-10, mid-2, esc(name))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" fill="#555555" font-size="11">%s</text>`+"\n",
			labelW-10, mid+12, esc(groupSubtitle(row)))
		for j, s := range chartSeries {
			r := res[s.enc]
			by := gy + float64(j*(chartBarH+chartBarGap))
			ty := by + chartBarH - 2
			if r.NA != "" || r.Ns <= 0 {
				text := "n/a (" + r.NA + ")"
				if r.NA == "" {
					text = shorten(r.Err, 60)
				}
				fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" fill="#777777" font-style="italic">%s</text>`+"\n", plotX+4, ty, esc(text))
				continue
			}
			w := math.Max(1, x(r.Ns)-plotX)
			fill, label := s.color, formatDuration(r.Ns)
			if r.Err != "" {
				fill = "url(#hatch-" + encoderNames[s.enc] + ")"
				if r.Rejected {
					label = "rejects after " + label
				} else {
					label = "error after " + label
				}
			}
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%d" fill="%s" stroke="%s" stroke-width="0.5"><title>%s: %s</title></rect>`+"\n",
				plotX, by, w, chartBarH, fill, s.color, esc(s.label), esc(label))
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" fill="#333333" font-size="11">%s</text>`+"\n", plotX+w+4, ty, esc(label))
		}
	}
	fmt.Fprintf(&b, `<text x="16" y="%d" fill="#555555" font-size="11">Before = safe alone; After = safejson (engine first, safe when it rejects). Under each case: output size · Before/After speedup · After/raw engine time.</text>`+"\n", height-8)
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// chartLabelWidth is the room for the case names and their subtitles, left of
// the plot.
func chartLabelWidth(rep Report) int {
	longest := 30
	for _, row := range rep.Rows {
		longest = max(longest, utf8.RuneCountInString(row.Case)+2, utf8.RuneCountInString(groupSubtitle(row)))
	}
	return int(float64(longest)*chartCharW) + 20
}

// groupSubtitle is the line under a case's name: its size and speedup.
func groupSubtitle(row Row) string {
	if !row.After.ok() {
		return "After failed: see the table"
	}
	s := formatSize(row.Size, true)
	if row.Speedup > 0 {
		s += " · speedup " + formatRatio(row.Speedup)
	}
	if row.AfterVsEngine > 0 {
		s += " · " + formatRatio2(row.AfterVsEngine) + " raw"
	}
	return s
}

// chartDomain returns the decades (log10 of ns) the chart spans: from the one
// below the fastest time to the one above the slowest.
func chartDomain(rep Report) (lo, hi float64) {
	minNs, maxNs := math.Inf(1), 0.0
	for _, row := range rep.Rows {
		for _, r := range row.results() {
			if r.Ns > 0 {
				minNs, maxNs = math.Min(minNs, r.Ns), math.Max(maxNs, r.Ns)
			}
		}
	}
	if maxNs == 0 {
		return 2, 6 // nothing measured: 100 ns to 1 ms
	}
	lo, hi = math.Floor(math.Log10(minNs)), math.Ceil(math.Log10(maxNs))
	if hi <= lo {
		hi = lo + 1
	}
	return lo, hi
}

// decadeLabel writes 10^d nanoseconds in the unit that reads best.
func decadeLabel(d int) string {
	units := []string{"ns", "µs", "ms", "s"}
	u := min(max(d/3, 0), len(units)-1)
	v := math.Pow(10, float64(d-3*u))
	return fmt.Sprintf("%g %s", v, units[u])
}

// esc escapes text for SVG.
func esc(s string) string { return html.EscapeString(s) }
