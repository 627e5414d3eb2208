package main

import (
	"strconv"
	"strings"
)

// hostMarkdown renders the host-page tables: a row per renderer (ours once per mode),
// then ours / best anchor per column, and worker mode / main mode.
func (b *bench) hostMarkdown() string {
	if !b.hostRan {
		return ""
	}
	vs := b.hostVariants()
	ceiling := strconv.FormatFloat(b.cfg.ceiling.Seconds(), 'f', -1, 64) + " s"
	var sb strings.Builder
	sb.WriteString("\n## Host page main thread\n\n")
	sb.WriteString("What each renderer does to the main thread of the page that embeds it, ms: the total ")
	sb.WriteString("blocking time (Σ over long tasks of duration − 50 ms), the longest task (0: none over 50 ms), ")
	sb.WriteString("and at start the worst lateness of the page's own 16 ms timer until the login form is painted. ")
	sb.WriteString("Ours has a row per mode (`A2UI_MODE`). Start: a browser with a fresh profile per run, cold = its ")
	sb.WriteString("first load, warm = its third. Workloads: from the first message until the page has settled. ")
	sb.WriteString("Median (min–max); the ratio rows are ours / best anchor (median), and worker mode / main ")
	sb.WriteString("mode, or the difference in ms where the divisor is 0.\n\n")
	table := func(cols [][2]string) {
		sb.WriteString("| main thread, ms |")
		for _, c := range cols {
			sb.WriteString(" " + c[1] + " |")
		}
		sb.WriteString("\n|---|" + strings.Repeat("---:|", len(cols)) + "\n")
		for _, v := range vs {
			label := v.label
			if b.hostModeNote(v) != "" {
				label += " †"
			}
			sb.WriteString("| " + label + " |")
			for _, c := range cols {
				sb.WriteString(" " + cell(b.res[c[0]][v.key], ceiling) + " |")
			}
			sb.WriteString("\n")
		}
		for _, v := range vs {
			if !v.ours() || !hasAnchor(vs) {
				continue
			}
			sb.WriteString("| " + v.label + " / best anchor |")
			for _, c := range cols {
				var anchors []*series
				for _, a := range vs {
					if !a.ours() {
						anchors = append(anchors, b.res[c[0]][a.key])
					}
				}
				sb.WriteString(" " + hostRatio(b.res[c[0]][v.key], anchors) + " |")
			}
			sb.WriteString("\n")
		}
		if len(vs) > 1 && vs[0].key == "ours-main" && vs[1].key == "ours-worker" {
			sb.WriteString("| ours (worker) / ours (main) |")
			for _, c := range cols {
				sb.WriteString(" " + hostRatio(b.res[c[0]]["ours-worker"], []*series{b.res[c[0]]["ours-main"]}) + " |")
			}
			sb.WriteString("\n")
		}
	}
	table(hostStartCols)
	sb.WriteString("\n")
	table(hostLoadCols())
	var notes []string
	for _, v := range vs {
		if n := b.hostModeNote(v); n != "" {
			notes = append(notes, "† "+n)
		}
	}
	if len(notes) > 0 {
		sb.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	}
	return sb.String()
}

func hasAnchor(vs []hostVariant) bool {
	for _, v := range vs {
		if !v.ours() {
			return true
		}
	}
	return false
}

// hostRatio is ours / best anchor for a main-thread column: the best anchor is the
// smallest median among the anchors that finished; where it is 0 (no long task), the
// difference in ms instead. A run stopped at the ceiling gives a bound: its blocking time
// so far is at most what it would have been, so ours unfinished gives "≥", and every anchor
// unfinished gives "≤" against the smallest of theirs.
func hostRatio(ours *series, anchors []*series) string {
	if ours == nil || ours.Text != "" {
		return "–"
	}
	om, _, _, ok := summary(ours.Vals)
	if !ok {
		return "–"
	}
	best, any := 0.0, false
	bound, bounded := 0.0, false
	for _, a := range anchors {
		if a == nil || a.Text != "" {
			continue
		}
		m, _, _, ok := summary(a.Vals)
		switch {
		case !ok:
		case a.Over == 0 && (!any || m < best):
			best, any = m, true
		case a.Over > 0 && (!bounded || m < bound):
			bound, bounded = m, true
		}
	}
	switch {
	case !any && bounded && ours.Over == 0 && bound > 0:
		return "≤ " + fmtRatio(om/bound) + " (no anchor finished)"
	case !any:
		return "–"
	case best == 0 && om == 0:
		return "0 (both 0)"
	case best == 0:
		return "+" + fmtNum(om) + " ms"
	case ours.Over > 0:
		return "≥ " + fmtRatio(om/best) + " (ours not finished)"
	}
	return fmtRatio(om / best)
}
