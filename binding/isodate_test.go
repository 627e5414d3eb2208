package binding

import (
	"math/rand"
	"strings"
	"testing"
	"time"
)

// parseDateStd is ParseDate's string branch as it was written with time.Parse: the
// oracle parseISODate must agree with.
func parseDateStd(s string, loc *time.Location) (time.Time, bool) {
	for _, l := range []string{"2006-01-02", "2006-01", "2006"} {
		if t, err := time.ParseInLocation(l, s, time.UTC); err == nil {
			return t, true
		}
	}
	if len(s) > 10 && s[10] == ' ' {
		s = s[:10] + "T" + s[11:]
	}
	for _, l := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00"} {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	for _, l := range []string{"2006-01-02T15:04:05.999999999", "2006-01-02T15:04"} {
		if t, err := time.ParseInLocation(l, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func checkISODate(t *testing.T, s string, loc *time.Location) {
	t.Helper()
	got, ok := parseISODate(s, loc)
	want, wok := parseDateStd(s, loc)
	if ok != wok || !got.Equal(want) {
		t.Errorf("parseISODate(%q) = %v, %v; time.Parse gives %v, %v", s, got, ok, want, wok)
	}
}

func TestParseISODateMatchesTime(t *testing.T) {
	est := time.FixedZone("EST", -5*3600)
	for _, s := range []string{
		"2006", "0000", "9999", "206", "20061", "2006-", "2006-1", "2006-00", "2006-12", "2006-13",
		"2006-01-", "2006-01-1", "2006-01-00", "2006-01-31", "2006-02-29", "2004-02-29",
		"1900-02-29", "2000-02-29", "2006-04-31", "2006-01-02x", "2006/01/02", "+006-01-02",
		"-006", "2006-01-02T", "2006-01-02T1", "2006-01-02T1:04", "2006-01-02T01:04",
		"2006-01-02T24:00", "2006-01-02T23:59", "2006-01-02T23:60", "2006-01-02T23:5",
		"2006-01-02T15:04Z", "2006-01-02T15:04+01:00", "2006-01-02T15:04:05",
		"2006-01-02T15:04:05Z", "2006-01-02T15:04:60Z", "2006-01-02T15:04:5Z",
		"2006-01-02T15:04:05.Z", "2006-01-02T15:04:05.1Z", "2006-01-02T15:04:05,123Z",
		"2006-01-02T15:04:05.123456789123Z", "2006-01-02T15:04:05.999999999999",
		"2006-01-02T15:04:05.5", "2006-01-02T15:04.5", "2006-01-02T15:04:05+24:60",
		"2006-01-02T15:04:05+25:00", "2006-01-02T15:04:05+01:61", "2006-01-02T15:04:05-07:00",
		"2006-01-02T15:04:05*07:00", "2006-01-02T15:04:05+0700", "2006-01-02T15:04:05+07:0",
		"2006-01-02T15:04:05+07:000", "2006-01-02T15:04:05ZZ", "2006-01-02T15:04:05z",
		"2006-01-02 15:04:05Z", "2006-01-02t15:04", "2006-01-02T15:04:05 Z",
		"2006-01-02T1:04:05.5+01:30", "2006-01-02T15:04:05.+01:00", "2006-01-02T-1:04",
		"2006-01-02T+1:04", "2006-01-02T15:-4", "2006-01-02T15:04:-5", "2006-01-02T15:04:05.-1",
		"2006-01-02T15:04:05+-1:00", "2006-01-02T15:04:05+01:+1", "\u0663\u0663\u0663\u0663",
	} {
		checkISODate(t, s, est)
		checkISODate(t, s, time.UTC)
	}
	// Random strings over the characters the syntax uses, around valid shapes.
	rng := rand.New(rand.NewSource(1))
	parts := []string{"2", "0", "1", "9", "6", "-", ":", "T", " ", "Z", "+", ".", ",", "3", "5"}
	shapes := []string{"2006", "2006-01", "2006-01-02", "2006-01-02T15:04", "2006-01-02T15:04:05",
		"2006-01-02T15:04:05.123", "2006-01-02T15:04:05Z", "2006-01-02T15:04+07:00",
		"2006-01-02T15:04:05.1234567891-07:30"}
	for n := 0; n < 50000; n++ {
		b := []byte(shapes[rng.Intn(len(shapes))])
		for k := rng.Intn(3); k > 0; k-- {
			p := parts[rng.Intn(len(parts))]
			i := rng.Intn(len(b) + 1)
			switch rng.Intn(3) {
			case 0: // replace a byte
				if i < len(b) {
					b[i] = p[0]
				}
			case 1: // insert
				b = append(b[:i], append([]byte(p), b[i:]...)...)
			default: // delete
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			}
		}
		checkISODate(t, string(b), time.UTC)
		if t.Failed() {
			return
		}
	}
}

func FuzzParseISODate(f *testing.F) {
	for _, s := range []string{"2006", "2006-01-02T15:04:05.5+01:00", "2006-01-02 1:04", "2006-02-29"} {
		f.Add(s)
	}
	loc := time.FixedZone("X", 5*3600+1800)
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.TrimSpace(s)
		checkISODate(t, s, loc)
	})
}

func TestFormatISO(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	times := []time.Time{
		time.Date(2006, 1, 2, 15, 4, 5, 999999999, time.UTC),
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 12, 31, 23, 59, 59, 1e6, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.FixedZone("", 3600)),
		time.UnixMilli(-8.64e15), time.UnixMilli(8.64e15),
	}
	for n := 0; n < 10000; n++ {
		times = append(times, time.UnixMilli(rng.Int63n(2*8.64e15)-8.64e15).In(time.FixedZone("", rng.Intn(100000)-50000)))
	}
	for _, tm := range times {
		if got, want := FormatISO(tm), tm.UTC().Format("2006-01-02T15:04:05.000Z"); got != want {
			t.Fatalf("FormatISO(%v) = %q, want %q", tm, got, want)
		}
	}
}
