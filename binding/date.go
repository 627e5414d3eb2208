package binding

import (
	"math"
	"strconv"
	"strings"
	"time"
)

type dateNames struct {
	months, monthsAbbr [12]string
	days, daysAbbr     [7]string // Sunday first
	am, pm             string
}

var datesEn = &dateNames{
	months:     [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	monthsAbbr: [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	days:       [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
	daysAbbr:   [7]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"},
	am:         "AM", pm: "PM",
}

var datesDe = &dateNames{
	months:     [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
	monthsAbbr: [12]string{"Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."},
	days:       [7]string{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"},
	daysAbbr:   [7]string{"So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"},
	am:         "AM", pm: "PM",
}

var datesFr = &dateNames{
	months:     [12]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
	monthsAbbr: [12]string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."},
	days:       [7]string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"},
	daysAbbr:   [7]string{"dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."},
	am:         "AM", pm: "PM",
}

var datesEs = &dateNames{
	months:     [12]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
	monthsAbbr: [12]string{"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"},
	days:       [7]string{"domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"},
	daysAbbr:   [7]string{"dom", "lun", "mar", "mié", "jue", "vie", "sáb"},
	am:         "a.\u00a0m.", pm: "p.\u00a0m.",
}

// formatTR35 formats t (already in the display zone) with a Unicode TR35 date pattern,
// covering the tokens A2UI documents and date-fns' spellings of them:
//
//	y yyyy (year; yyy pads to 3)  yy (two digits)
//	M MM (month number)  MMM (Jan)  MMMM (January)  MMMMM (J)
//	d dd (day)  E EE EEE (Tue)  EEEE (Tuesday)  EEEEE (T)  EEEEEE (Tu)
//	h hh (1-12)  H HH (0-23)  K KK (0-11)  k kk (1-24)  m mm  s ss
//	S… (fraction of a second, truncated)  a aa (AM) aaa (am)
//	'literal'   '' (a single quote)
//
// Other ASCII letters are copied as they are (date-fns would throw, and web_core would
// then show the ISO string); every non-letter is literal. An unterminated quote runs to
// the end of the pattern.
func formatTR35(t time.Time, pattern string, n *dateNames) string {
	if n == nil {
		n = datesEn
	}
	var b strings.Builder
	for i := 0; i < len(pattern); {
		c := pattern[i]
		if c == '\'' {
			if i+1 < len(pattern) && pattern[i+1] == '\'' {
				b.WriteByte('\'')
				i += 2
				continue
			}
			i++
			for i < len(pattern) {
				if pattern[i] == '\'' {
					if i+1 < len(pattern) && pattern[i+1] == '\'' {
						b.WriteByte('\'')
						i += 2
						continue
					}
					i++
					break
				}
				b.WriteByte(pattern[i])
				i++
			}
			continue
		}
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(pattern) && pattern[j] == c {
			j++
		}
		count := j - i
		if !writeField(&b, t, c, count, n) {
			b.WriteString(pattern[i:j])
		}
		i = j
	}
	return b.String()
}

func pad(b *strings.Builder, v, width int) {
	s := strconv.Itoa(v)
	for k := len(s); k < width; k++ {
		b.WriteByte('0')
	}
	b.WriteString(s)
}

// writeField writes one pattern field; false means the letter is not supported.
func writeField(b *strings.Builder, t time.Time, c byte, count int, n *dateNames) bool {
	switch c {
	case 'y':
		y := t.Year()
		if count == 2 {
			pad(b, ((y%100)+100)%100, 2)
		} else {
			pad(b, y, count)
		}
	case 'M', 'L':
		m := int(t.Month())
		switch {
		case count <= 2:
			pad(b, m, count)
		case count == 3:
			b.WriteString(n.monthsAbbr[m-1])
		case count == 4:
			b.WriteString(n.months[m-1])
		default:
			r := []rune(n.months[m-1])
			b.WriteString(strings.ToUpper(string(r[:1])))
		}
	case 'd':
		pad(b, t.Day(), count)
	case 'E':
		wd := int(t.Weekday())
		switch {
		case count <= 3:
			b.WriteString(n.daysAbbr[wd])
		case count == 4:
			b.WriteString(n.days[wd])
		case count == 5:
			r := []rune(n.days[wd])
			b.WriteString(strings.ToUpper(string(r[:1])))
		default:
			r := []rune(n.days[wd])
			if len(r) > 2 {
				r = r[:2]
			}
			b.WriteString(string(r))
		}
	case 'h':
		h := t.Hour() % 12
		if h == 0 {
			h = 12
		}
		pad(b, h, count)
	case 'H':
		pad(b, t.Hour(), count)
	case 'K':
		pad(b, t.Hour()%12, count)
	case 'k':
		h := t.Hour()
		if h == 0 {
			h = 24
		}
		pad(b, h, count)
	case 'm':
		pad(b, t.Minute(), count)
	case 's':
		pad(b, t.Second(), count)
	case 'S':
		ns := strconv.Itoa(t.Nanosecond() + 1e9)[1:] // 9 digits
		for k := 0; k < count; k++ {
			if k < 9 {
				b.WriteByte(ns[k])
			} else {
				b.WriteByte('0')
			}
		}
	case 'a':
		mark := n.am
		if t.Hour() >= 12 {
			mark = n.pm
		}
		if count == 3 {
			mark = strings.ToLower(mark)
		}
		b.WriteString(mark)
	default:
		return false
	}
	return true
}

// ParseDate converts a formatDate value to a time: epoch milliseconds (number), or an ISO
// 8601 string in the forms JavaScript's Date parses reliably: "2006", "2006-01",
// "2006-01-02" (UTC), "2006-01-02T15:04[:05[.000…]]" with "Z" or "±07:00" (that instant)
// or without offset (wall time in loc; nil = UTC), "T" or " " as separator. ok is false for
// null, "", 0, false and anything unparsable (web_core returns "" for those).
func ParseDate(v any, loc *time.Location) (time.Time, bool) {
	if loc == nil {
		loc = time.UTC
	}
	switch x := v.(type) {
	case string:
		s := strings.TrimSpace(x)
		if s == "" {
			return time.Time{}, false
		}
		return parseISODate(s, loc)
	case bool, nil:
		return time.Time{}, false
	}
	f, ok := ParseNumber(v)
	if !ok || f == 0 || math.IsInf(f, 0) || math.Abs(f) > 8.64e15 {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(f)).UTC(), true
}
