package binding

import (
	"strings"
	"time"
)

// parseISODate parses the ISO 8601 forms ParseDate documents (s trimmed), accepting
// exactly what time.Parse accepted with the layouts ParseDate used before
// (TestParseISODateMatchesTime): "2006", "2006-01", "2006-01-02" (UTC midnight);
// "2006-01-02T15:04" ("T" or " "), optionally ":05" and then "." or "," and any number
// of digits (truncated to nanoseconds), then "Z", "±07:00" or nothing (wall time in loc).
// The hour may have one digit and offsets go up to ±24:60, as in time.Parse. Written by
// hand so that time's layout parser stays out of the wasm.
func parseISODate(s string, loc *time.Location) (time.Time, bool) {
	num := func(i, n int) int { // the n digits at s[i:], -1 if not all digits or past the end
		if i < 0 || i+n > len(s) {
			return -1
		}
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	year, month, day := num(0, 4), 1, 1
	i := 4
	if year >= 0 && i < len(s) {
		if s[i] != '-' {
			return time.Time{}, false
		}
		month, i = num(i+1, 2), i+3
	}
	if month >= 1 && i < len(s) {
		if s[i] != '-' {
			return time.Time{}, false
		}
		day, i = num(i+1, 2), i+3
	}
	if year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year) {
		return time.Time{}, false
	}
	if i >= len(s) {
		return time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC), true
	}
	if i != 10 || s[i] != 'T' && s[i] != ' ' {
		return time.Time{}, false
	}
	i++
	hour := num(i, 2)
	if hour >= 0 {
		i += 2
	} else if hour = num(i, 1); hour >= 0 {
		i++
	}
	if hour < 0 || hour > 23 || i >= len(s) || s[i] != ':' {
		return time.Time{}, false
	}
	minute := num(i+1, 2)
	i += 3
	sec, nsec := 0, 0
	if i < len(s) && s[i] == ':' {
		sec = num(i+1, 2)
		i += 3
		if i+1 < len(s) && (s[i] == '.' || s[i] == ',') && s[i+1] >= '0' && s[i+1] <= '9' {
			n := 0
			for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
				if n < 9 {
					nsec = nsec*10 + int(s[i]-'0')
					n++
				}
			}
			for ; n < 9; n++ {
				nsec *= 10
			}
		}
	}
	if minute < 0 || minute > 59 || sec < 0 || sec > 59 {
		return time.Time{}, false
	}
	switch rest := s[i:]; {
	case rest == "":
		return time.Date(year, time.Month(month), day, hour, minute, sec, nsec, loc), true
	case rest == "Z":
		return time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.UTC), true
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, om := num(i+1, 2), num(i+4, 2)
		if oh < 0 || oh > 24 || om < 0 || om > 60 {
			return time.Time{}, false
		}
		off := oh*60 + om
		if rest[0] == '-' {
			off = -off
		}
		return time.Date(year, time.Month(month), day, hour, minute-off, sec, nsec, time.UTC), true
	}
	return time.Time{}, false
}

// daysInMonth is the number of days of month (1-12) in year (proleptic Gregorian).
func daysInMonth(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// FormatISO formats t in UTC as JavaScript's toISOString does for years 0-9999
// ("2006-01-02T15:04:05.000Z", milliseconds truncated); other years are written as
// time.Format's "2006" writes them ("-0001", "10000").
func FormatISO(t time.Time) string {
	t = t.UTC()
	year, month, day := t.Date()
	var b strings.Builder
	b.Grow(24)
	if year < 0 {
		b.WriteByte('-')
		year = -year
	}
	pad(&b, year, 4)
	for _, f := range [...]struct {
		sep   byte
		v, to int
	}{{'-', int(month), 2}, {'-', day, 2}, {'T', t.Hour(), 2}, {':', t.Minute(), 2}, {':', t.Second(), 2}, {'.', t.Nanosecond() / 1e6, 3}} {
		b.WriteByte(f.sep)
		pad(&b, f.v, f.to)
	}
	b.WriteByte('Z')
	return b.String()
}
