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

// seedSeries are the bars of each case of the seed's table, top to bottom,
// with their colours.
var seedSeries = []struct {
	enc   int
	label string
	color string
}{
	{encBefore, "Before: package safe alone", "#9e9e9e"},
	{encAfter, "After: safejson", "#1565c0"},
	{encEngine, "raw engine", "#ef6c00"},
	{encStd, "encoding/json", "#2e7d32"},
}

// chartSpec is what a chart shows: grouped horizontal bars, one group per
// row, one bar per series, on a log scale of time per call.
type chartSpec struct {
	Title string
	// Subtitle is the grey line under the title (machine, runs, clock).
	Subtitle string
	Series   []chartSeries
	Groups   []chartGroup
	// Footer is the grey line at the bottom.
	Footer string
}

// chartSeries is one bar of every group.
type chartSeries struct {
	// Key names the series in SVG ids; letters only.
	Key         string
	Label       string
	LegendLabel string
	Color       string
}

// chartGroup is one row of a table.
type chartGroup struct {
	Name, Subtitle string
	// Warn marks the name with ⚠: something is wrong with the row's outputs.
	Warn bool
	// Bars are in series order.
	Bars []chartBar
}

// chartBar is one encoder's figure on one row.
type chartBar struct {
	// Ns is the time per call; 0 for none (then NA or Err says why).
	Ns float64
	// NA, when set, says why the encoder does not apply.
	NA string
	// Err is the encoder's error: the bar is hatched and measures its time
	// to the error.
	Err      string
	Rejected bool
}

// drawChart draws the seed's table: one group per case, a bar per encoder. A
// failing encoder's bar is hatched and measures its time to the error.
func drawChart(rep Report) []byte { return renderChart(seedChart(rep)) }

// seedChart is the chart of the seed's table.
func seedChart(rep Report) chartSpec {
	clockName := "wall"
	if rep.Clock == "cpu" {
		clockName = "CPU"
	}
	spec := chartSpec{
		Title:    "safejson: time per encode, log scale (shorter is faster)",
		Subtitle: fmt.Sprintf("%s · median of %d runs · %s time", rep.Machine.Line(), rep.Runs, clockName),
		Footer:   "Before = safe alone; After = safejson (engine first, safe when it rejects). Under each case: output size · Before/After speedup · After/raw engine time.",
	}
	for _, s := range seedSeries {
		legend := s.label
		if s.enc == encEngine {
			legend = "raw engine (" + rep.Machine.Engine + ")"
		}
		spec.Series = append(spec.Series, chartSeries{Key: encoderNames[s.enc], Label: s.label, LegendLabel: legend, Color: s.color})
	}
	for _, row := range rep.Rows {
		g := chartGroup{Name: row.Case, Subtitle: groupSubtitle(row), Warn: len(row.Notes) > 0}
		res := row.results()
		for _, s := range seedSeries {
			r := res[s.enc]
			g.Bars = append(g.Bars, chartBar{Ns: r.Ns, NA: r.NA, Err: r.Err, Rejected: r.Rejected})
		}
		spec.Groups = append(spec.Groups, g)
	}
	return spec
}

// renderChart draws spec as SVG.
func renderChart(spec chartSpec) []byte {
	lo, hi := chartDomain(spec)
	labelW := spec.labelWidth()
	chartWidth := labelW + chartPlotW + chartValueW
	plotX := float64(labelW)
	plotW := float64(chartPlotW)
	groupH := len(spec.Series)*(chartBarH+chartBarGap) - chartBarGap + chartGroupG
	height := chartTop + len(spec.Groups)*groupH + chartBottom
	x := func(ns float64) float64 {
		return plotX + (math.Log10(ns)-lo)/(hi-lo)*plotW
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">`+"\n",
		chartWidth, height, chartWidth, height)
	b.WriteString("<defs>\n")
	for _, s := range spec.Series {
		fmt.Fprintf(&b, `<pattern id="hatch-%s" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/><rect width="3" height="6" fill="%s"/></pattern>`+"\n",
			s.Key, s.Color)
	}
	b.WriteString("</defs>\n")
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", chartWidth, height)
	fmt.Fprintf(&b, `<text x="16" y="24" font-size="16" font-weight="bold">%s</text>`+"\n", esc(spec.Title))
	fmt.Fprintf(&b, `<text x="16" y="44" fill="#555555" font-size="11">%s</text>`+"\n", esc(spec.Subtitle))

	// Legend.
	lx := 16.0
	for _, s := range spec.Series {
		fmt.Fprintf(&b, `<rect x="%.0f" y="56" width="14" height="12" fill="%s"/><text x="%.0f" y="66">%s</text>`+"\n", lx, s.Color, lx+19, esc(s.LegendLabel))
		lx += 19 + 7.2*float64(len(s.LegendLabel)) + 24
	}
	hatch := "engine"
	if len(spec.Series) > 2 {
		hatch = spec.Series[2].Key
	}
	fmt.Fprintf(&b, `<rect x="%.0f" y="56" width="14" height="12" fill="url(#hatch-%s)"/><text x="%.0f" y="66">hatched: time to error</text>`+"\n", lx, hatch, lx+19)

	// Decade grid and its labels.
	top, bottom := chartTop-6, height-chartBottom+4
	for d := int(lo); d <= int(hi); d++ {
		gx := x(math.Pow(10, float64(d)))
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#dddddd"/>`+"\n", gx, top, gx, bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555555">%s</text>`+"\n", gx, bottom+16, decadeLabel(d))
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555555">%s</text>`+"\n", gx, top-4, decadeLabel(d))
	}

	// One group per row.
	for i, g := range spec.Groups {
		gy := float64(chartTop + i*groupH)
		mid := gy + float64(groupH-chartGroupG)/2
		name := g.Name
		if g.Warn {
			name = "⚠ " + name
		}
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" font-weight="bold">%s</text>`+"\n",
			labelW-10, mid-2, esc(name))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" fill="#555555" font-size="11">%s</text>`+"\n",
			labelW-10, mid+12, esc(g.Subtitle))
		for j, s := range spec.Series {
			r := g.Bars[j]
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
			fill, label := s.Color, formatDuration(r.Ns)
			if r.Err != "" {
				fill = "url(#hatch-" + s.Key + ")"
				if r.Rejected {
					label = "rejects after " + label
				} else {
					label = "error after " + label
				}
			}
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%d" fill="%s" stroke="%s" stroke-width="0.5"><title>%s: %s</title></rect>`+"\n",
				plotX, by, w, chartBarH, fill, s.Color, esc(s.Label), esc(label))
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" fill="#333333" font-size="11">%s</text>`+"\n", plotX+w+4, ty, esc(label))
		}
	}
	fmt.Fprintf(&b, `<text x="16" y="%d" fill="#555555" font-size="11">%s</text>`+"\n", height-8, esc(spec.Footer))
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// chartLabelWidth is the room for the case names and their subtitles, left of
// the plot, in the chart of rep.
func chartLabelWidth(rep Report) int { return seedChart(rep).labelWidth() }

// labelWidth is the room for the group names and their subtitles, left of
// the plot.
func (spec chartSpec) labelWidth() int {
	longest := 30
	for _, g := range spec.Groups {
		longest = max(longest, utf8.RuneCountInString(g.Name)+2, utf8.RuneCountInString(g.Subtitle))
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
func chartDomain(spec chartSpec) (lo, hi float64) {
	minNs, maxNs := math.Inf(1), 0.0
	for _, g := range spec.Groups {
		for _, r := range g.Bars {
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
