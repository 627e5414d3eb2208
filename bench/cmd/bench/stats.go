package main

import (
	"slices"
	"strconv"
	"strings"
)

// series is what one renderer measured for one row over the runs.
type series struct {
	Vals    []float64 `json:"vals,omitempty"`
	Over    int       `json:"over,omitempty"`    // runs stopped at the ceiling
	Skipped string    `json:"skipped,omitempty"` // why the row was not run (a smaller N hit the ceiling)
	Text    string    `json:"text,omitempty"`    // a fixed cell (not a number)
	Errors  []string  `json:"errors,omitempty"`  // runs that failed
}

func (s *series) add(v float64) { s.Vals = append(s.Vals, v) }

// summary is the median, min and max of vals; ok is false for an empty slice.
func summary(vals []float64) (med, lo, hi float64, ok bool) {
	if len(vals) == 0 {
		return 0, 0, 0, false
	}
	v := slices.Clone(vals)
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		med = v[n/2]
	} else {
		med = (v[n/2-1] + v[n/2]) / 2
	}
	return med, v[0], v[n-1], true
}

// median of vals (0 when empty).
func median(vals []float64) float64 {
	m, _, _, _ := summary(vals)
	return m
}

// fmtNum formats v with a precision that suits its size: 3 significant digits below
// 100, whole numbers (with thousands separators) above.
func fmtNum(v float64) string {
	a := v
	if a < 0 {
		a = -a
	}
	switch {
	case a == 0:
		return "0"
	case v == float64(int64(v)):
		return group(strconv.FormatInt(int64(v), 10))
	case a < 1:
		return strconv.FormatFloat(v, 'f', 3, 64)
	case a < 10:
		return strconv.FormatFloat(v, 'f', 2, 64)
	case a < 100:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return group(strconv.FormatFloat(v, 'f', 0, 64))
}

// group inserts thousands separators into an integer string.
func group(s string) string {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// cell renders a series as "median (min–max)", "> ceiling" or its fixed text.
func cell(s *series, ceiling string) string {
	if s == nil {
		return "–"
	}
	if s.Text != "" {
		return s.Text
	}
	med, lo, hi, ok := summary(s.Vals)
	switch {
	case !ok && s.Skipped != "":
		return "> " + ceiling + " (not run: " + s.Skipped + ")"
	case !ok && s.Over > 0:
		return "> " + ceiling
	case !ok && len(s.Errors) > 0:
		return "error"
	case !ok:
		return "–"
	}
	out := fmtNum(med)
	if len(s.Vals) > 1 {
		out += " (" + fmtNum(lo) + "–" + fmtNum(hi) + ")"
	}
	if s.Over > 0 {
		out += "; " + strconv.Itoa(s.Over) + "× > " + ceiling
	}
	return out
}

// ratio is ours / best anchor for a lower-is-better row: the median of ours over the
// smallest anchor median. An anchor that only hit the ceiling counts as the ceiling
// value, giving "< x" (ours is at least that much better).
func ratio(ours *series, anchors []*series, ceilingMs float64) string {
	if ours == nil || ours.Text != "" {
		return "–"
	}
	om, _, _, ok := summary(ours.Vals)
	if !ok {
		if ours.Over == 0 && ours.Skipped == "" {
			return "–"
		}
		for _, a := range anchors {
			if a != nil && len(a.Vals) > 0 {
				return "> 1 (ours hit the ceiling)"
			}
		}
		return "– (all hit the ceiling)"
	}
	best, bounded, any := 0.0, false, false
	for _, a := range anchors {
		if a == nil || a.Text != "" {
			continue
		}
		if m, _, _, ok := summary(a.Vals); ok && a.Over == 0 {
			if !any || m < best {
				best = m
			}
			any = true
			continue
		}
		if a.Over > 0 || a.Skipped != "" {
			bounded = true
		}
	}
	if !any && bounded && ceilingMs > 0 {
		return "< " + fmtRatio(om/ceilingMs)
	}
	if !any || best == 0 {
		return "–"
	}
	return fmtRatio(om / best)
}

func fmtRatio(r float64) string {
	switch {
	case r < 0.01:
		return strconv.FormatFloat(r, 'f', 4, 64) + "×"
	case r < 10:
		return strconv.FormatFloat(r, 'f', 2, 64) + "×"
	}
	return strconv.FormatFloat(r, 'f', 1, 64) + "×"
}
