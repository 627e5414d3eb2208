package binding

import (
	"math"
	"testing"
	"time"
)

// The expected strings are Intl's output (Node 22 / ICU) for the same inputs.
func TestGoFormatterNumbers(t *testing.T) {
	tests := []struct {
		locale   string
		v        float64
		decimals int
		grouping bool
		want     string
	}{
		{"en-US", 1234567.891, -1, true, "1,234,567.891"},
		{"en-US", 1234.5678, -1, true, "1,234.568"},
		{"en-US", 999.9999, -1, true, "1,000"},
		{"en-US", 0.0005, -1, true, "0.001"},
		{"en-US", 2.5, 0, true, "3"},
		{"en-US", -2.5, 0, true, "-3"},
		{"en-US", 1.005, 2, true, "1.01"},
		{"en-US", 1e21, -1, true, "1,000,000,000,000,000,000,000"},
		{"en-US", 123, -1, true, "123"},
		{"en-US", 1234, -1, false, "1234"},
		{"en-US", math.NaN(), -1, true, "NaN"},
		{"en-US", math.Inf(1), -1, true, "∞"},
		{"de-DE", -1234567.25, -1, true, "-1.234.567,25"},
		{"de", 1234, -1, true, "1.234"},
		{"fr-FR", -1234567.25, -1, true, "-1\u202f234\u202f567,25"},
		{"es-ES", 1234, -1, true, "1234"},
		{"es-ES", 12345, -1, true, "12.345"},
		{"it-IT", 1234, -1, true, "1234"},
		{"ja-JP", 1234567.25, -1, true, "1,234,567.25"},
		{"ru-RU", 12345.5, -1, true, "12\u00a0345,5"},
		{"xx-YY", 1234.5, -1, true, "1,234.5"},
	}
	for _, tt := range tests {
		g := NewGoFormatter(tt.locale)
		if got := g.FormatNumber(tt.v, tt.decimals, tt.grouping); got != tt.want {
			t.Errorf("%s FormatNumber(%v, %d, %v) = %q, want %q", tt.locale, tt.v, tt.decimals, tt.grouping, got, tt.want)
		}
	}
}

func TestGoFormatterCurrency(t *testing.T) {
	tests := []struct {
		locale, code string
		v            float64
		want         string
	}{
		{"en-US", "USD", -1234567.5, "-$1,234,567.50"},
		{"en-US", "EUR", -1234567.5, "-€1,234,567.50"},
		{"en-US", "GBP", -1234567.5, "-£1,234,567.50"},
		{"en-US", "JPY", -1234567.5, "-¥1,234,568"},
		{"en-US", "CHF", -1234567.5, "-CHF\u00a01,234,567.50"},
		{"en-GB", "USD", -1234567.5, "-US$1,234,567.50"},
		{"en-GB", "JPY", -1234567.5, "-JP¥1,234,568"},
		{"de-DE", "USD", -1234567.5, "-1.234.567,50\u00a0$"},
		{"de-DE", "EUR", -1234567.5, "-1.234.567,50\u00a0€"},
		{"de-DE", "CHF", -1234567.5, "-1.234.567,50\u00a0CHF"},
		{"fr-FR", "USD", -1234567.5, "-1\u202f234\u202f567,50\u00a0$US"},
		{"fr-FR", "JPY", -1234567.5, "-1\u202f234\u202f568\u00a0JPY"},
		{"es-ES", "USD", -1234567.5, "-1.234.567,50\u00a0US$"},
		{"es-ES", "EUR", 1234.5, "1234,50\u00a0€"},
		{"pt-BR", "USD", -1234567.5, "-US$\u00a01.234.567,50"},
		{"it-IT", "GBP", -1234567.5, "-1.234.567,50\u00a0£"},
		{"ja-JP", "JPY", -1234567.5, "-￥1,234,568"},
		{"pl-PL", "EUR", -1234.5, "-1234,50\u00a0€"},
	}
	for _, tt := range tests {
		g := NewGoFormatter(tt.locale)
		if got := g.FormatCurrency(tt.v, tt.code, -1, true); got != tt.want {
			t.Errorf("%s FormatCurrency(%v, %s) = %q, want %q", tt.locale, tt.v, tt.code, got, tt.want)
		}
	}
}

func TestGoFormatterPlural(t *testing.T) {
	values := []float64{0, 1, 1.5, 2, 3, 5, 11, 21, 22, 25, 100, 1000000, 0.5, -1}
	want := map[string]string{
		"en-US": "other one other other other other other other other other other other other one",
		"de-DE": "other one other other other other other other other other other other other one",
		"fr-FR": "one one one other other other other other other other other many one one",
		"es-ES": "other one other other other other other other other other other many other one",
		"ja-JP": "other other other other other other other other other other other other other other",
		"pt-BR": "one one one other other other other other other other other many one one",
		"it-IT": "other one other other other other other other other other other many other one",
		"ru-RU": "many one other few few many many one few many many many other one",
		"pl-PL": "many one other few few many many many few many many many other one",
	}
	for loc, w := range want {
		g := NewGoFormatter(loc)
		got := ""
		for i, v := range values {
			if i > 0 {
				got += " "
			}
			got += g.PluralCategory(v)
		}
		if got != w {
			t.Errorf("%s plural categories\n got %s\nwant %s", loc, got, w)
		}
	}
}

func TestGoFormatterDates(t *testing.T) {
	tm := time.Date(2025, time.March, 4, 19, 5, 7, 123456789, time.UTC)
	tests := []struct {
		locale, pattern, want string
	}{
		{"en-US", "EEEE, MMMM d, yyyy 'at' h:mm a", "Tuesday, March 4, 2025 at 7:05 PM"},
		{"en-US", "E, MMM d", "Tue, Mar 4"},
		{"en-US", "EEE EE E EEEEE EEEEEE", "Tue Tue Tue T Tu"},
		{"en-US", "yy yyy yyyy y", "25 2025 2025 2025"},
		{"en-US", "M MM MMM MMMM MMMMM", "3 03 Mar March M"},
		{"en-US", "d dd", "4 04"},
		{"en-US", "h hh H HH K k mm m ss s", "7 07 19 19 7 19 05 5 07 7"},
		{"en-US", "HH:mm:ss.SSS", "19:05:07.123"},
		{"en-US", "a aa aaa", "PM PM pm"},
		{"en-US", "'quoted ''text''' yyyy", "quoted 'text' 2025"},
		{"en-US", "''", "'"},
		{"en-US", "'unterminated", "unterminated"},
		{"en-US", "yyyy-MM-dd'T'HH:mm", "2025-03-04T19:05"},
		{"en-US", "YYYY-MM-DD Q", "YYYY-03-DD Q"},
		{"en-US", "d/M · ✓", "4/3 · ✓"},
		{"de-DE", "EEEE, d. MMMM yyyy", "Dienstag, 4. März 2025"},
		{"de-DE", "E, d. MMM", "Di, 4. März"},
		{"fr-FR", "EEEE d MMMM", "mardi 4 mars"},
		{"es-ES", "EEEE, d 'de' MMMM", "martes, 4 de marzo"},
		{"es-ES", "h:mm a", "7:05 p.\u00a0m."},
		{"ja-JP", "MMM d", "Mar 4"},
	}
	for _, tt := range tests {
		g := NewGoFormatter(tt.locale)
		if got := g.FormatDate(tm, tt.pattern); got != tt.want {
			t.Errorf("%s FormatDate(%q) = %q, want %q", tt.locale, tt.pattern, got, tt.want)
		}
	}
	midnight := time.Date(2025, 1, 1, 0, 30, 0, 0, time.UTC)
	if got := NewGoFormatter("en-US").FormatDate(midnight, "h:mm a"); got != "12:30 AM" {
		t.Errorf("00:30 = %q, want 12:30 AM", got)
	}
	// A zone shifts the wall clock.
	g := NewGoFormatter("en-US")
	g.Zone = time.FixedZone("X", -5*3600)
	if got := g.FormatDate(tm, "MMM d HH:mm"); got != "Mar 4 14:05" {
		t.Errorf("zoned = %q, want Mar 4 14:05", got)
	}
}

func TestToFixed(t *testing.T) {
	tests := []struct {
		v    float64
		d    int
		want string
	}{
		{1234.5, 2, "1234.50"},
		{2.5, 0, "3"},
		{0.125, 2, "0.13"},
		{1.005, 2, "1.00"},
		{-0.001, 2, "-0.00"},
		{-1.5, 0, "-2"},
		{1e21, 2, "1e+21"},
	}
	for _, tt := range tests {
		if got := ToFixed(tt.v, tt.d); got != tt.want {
			t.Errorf("ToFixed(%v, %d) = %q, want %q", tt.v, tt.d, got, tt.want)
		}
	}
}

func TestParseDate(t *testing.T) {
	est := time.FixedZone("EST", -5*3600)
	tests := []struct {
		in   any
		want string // RFC3339Nano in UTC, "" = not a date
	}{
		{"2025-12-15", "2025-12-15T00:00:00Z"},
		{"2025-12", "2025-12-01T00:00:00Z"},
		{"2025", "2025-01-01T00:00:00Z"},
		{"2025-12-15T10:00:00Z", "2025-12-15T10:00:00Z"},
		{"2025-12-15T10:00:00.5+02:00", "2025-12-15T08:00:00.5Z"},
		{"2025-12-15T10:00", "2025-12-15T15:00:00Z"},
		{"2025-12-15 10:00:00", "2025-12-15T15:00:00Z"},
		{1735689600000.0, "2025-01-01T00:00:00Z"},
		{0.0, ""},
		{"", ""},
		{nil, ""},
		{true, ""},
		{"tomorrow", ""},
		{"1735689600000", ""},
		{9e15, ""},
	}
	for _, tt := range tests {
		tm, ok := ParseDate(tt.in, est)
		got := ""
		if ok {
			got = tm.UTC().Format(time.RFC3339Nano)
		}
		if got != tt.want {
			t.Errorf("ParseDate(%#v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
