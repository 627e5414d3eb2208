package binding

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Formatter supplies the locale-dependent parts of the formatting functions. The browser
// build implements it with Intl (NumberFormat, PluralRules); GoFormatter is the pure-Go
// implementation used on the host and as the fallback. Methods are called on the
// goroutine evaluating a dynamic value (the renderer's UI goroutine) and must not panic.
type Formatter interface {
	// FormatNumber formats v in decimal style; decimals -1 means the default (0 to 3
	// fraction digits), otherwise exactly decimals fraction digits.
	FormatNumber(v float64, decimals int, grouping bool) string
	// FormatCurrency formats v in currency style for an upper-case ISO 4217 code;
	// decimals -1 means the currency's default digits (2; 0 for JPY, KRW, ...).
	FormatCurrency(v float64, currency string, decimals int, grouping bool) string
	// FormatDate formats t with a Unicode TR35 pattern ("EEEE, MMMM d, yyyy 'at' h:mm a").
	FormatDate(t time.Time, pattern string) string
	// PluralCategory returns the CLDR cardinal category of v: "zero", "one", "two",
	// "few", "many" or "other".
	PluralCategory(v float64) string
	// Locale returns the BCP 47 tag in use ("en-US").
	Locale() string
}

// Zoned is optionally implemented by a Formatter whose dates are shown in a zone other
// than UTC; formatDate reads ISO date-times without an offset as wall time in it.
type Zoned interface {
	Location() *time.Location
}

// ZoneOf returns the zone f shows dates in: its Location when it implements Zoned
// (and returns non-nil), else UTC.
func ZoneOf(f Formatter) *time.Location {
	if z, ok := f.(Zoned); ok {
		if l := z.Location(); l != nil {
			return l
		}
	}
	return time.UTC
}

var defaultFormatter Formatter = &GoFormatter{Tag: "en-US", loc: &localeEnUS}

// GoFormatter is the pure-Go Formatter. It reproduces Intl's output for a handful of
// locales — en-US (the default for unknown tags), en-GB, de, fr, es, it, pt (Brazil), ja —
// for numbers (grouping, decimal mark, the ES "minimum grouping digits" of es/it) and
// for USD/EUR/GBP/JPY symbols (other codes print as the code); plural categories also for
// ru and pl; month and day names in en, de, fr and es (English elsewhere, which is what
// web_core's date-fns does for every locale). Numbers are rounded like ICU: the shortest
// decimal form of the float, half away from zero (1.005 → "1.01").
//
// Dates are formatted in Zone (nil = UTC): on the host there is no user time zone, so
// UTC is the documented choice; the browser's Formatter uses the user's zone.
type GoFormatter struct {
	// Tag is the BCP 47 locale tag; NewGoFormatter canonicalizes it.
	Tag string
	// Zone is where dates are shown; nil means UTC.
	Zone *time.Location
	loc  *localeData
}

// NewGoFormatter returns a GoFormatter for tag ("en-US", "de", "fr-CA", ...); unknown
// languages format like en-US but keep their tag.
func NewGoFormatter(tag string) *GoFormatter {
	if tag == "" {
		tag = "en-US"
	}
	return &GoFormatter{Tag: tag, loc: lookupLocale(tag)}
}

func (g *GoFormatter) data() *localeData {
	if g.loc == nil {
		g.loc = lookupLocale(g.Tag)
	}
	return g.loc
}

// Locale implements Formatter.
func (g *GoFormatter) Locale() string { return g.Tag }

// Location implements Zoned.
func (g *GoFormatter) Location() *time.Location {
	if g.Zone == nil {
		return time.UTC
	}
	return g.Zone
}

// FormatNumber implements Formatter.
func (g *GoFormatter) FormatNumber(v float64, decimals int, grouping bool) string {
	minF, maxF := 0, 3
	if decimals >= 0 {
		minF, maxF = decimals, decimals
	}
	neg, num := g.data().number(v, minF, maxF, grouping)
	if neg {
		return "-" + num
	}
	return num
}

// FormatCurrency implements Formatter.
func (g *GoFormatter) FormatCurrency(v float64, currency string, decimals int, grouping bool) string {
	d := decimals
	if d < 0 {
		d = currencyDigits(currency)
	}
	l := g.data()
	neg, num := l.number(v, d, d, grouping)
	sym, known := l.symbols.of(currency)
	if !known {
		sym = currency
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	if l.curSuffix {
		b.WriteString(num)
		b.WriteString("\u00a0")
		b.WriteString(sym)
		return b.String()
	}
	b.WriteString(sym)
	if !known || l.curPrefixSpace {
		b.WriteString("\u00a0")
	}
	b.WriteString(num)
	return b.String()
}

func currencyDigits(code string) int {
	switch code {
	case "JPY", "KRW", "VND", "CLP", "ISK", "PYG", "UGX", "XAF", "XOF", "RWF":
		return 0
	case "BHD", "KWD", "OMR", "JOD", "TND", "IQD", "LYD":
		return 3
	}
	return 2
}

// PluralCategory implements Formatter (operands after Intl's default rounding to at most
// three fraction digits).
func (g *GoFormatter) PluralCategory(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "other"
	}
	ip, fp := roundDecimal(math.Abs(v), 0, 3)
	return g.data().plural(pluralOperands(ip, fp))
}

// FormatDate implements Formatter.
func (g *GoFormatter) FormatDate(t time.Time, pattern string) string {
	return formatTR35(t.In(g.Location()), pattern, g.data().dates)
}

// ToFixed is JavaScript's Number.prototype.toFixed for 0 ≤ d ≤ 20 (no grouping).
func ToFixed(v float64, d int) string {
	if math.IsNaN(v) {
		return "NaN"
	}
	if math.IsInf(v, 0) {
		if v < 0 {
			return "-Infinity"
		}
		return "Infinity"
	}
	if math.Abs(v) >= 1e21 {
		return FormatJSNumber(v)
	}
	abs := math.Abs(v)
	s := strconv.FormatFloat(abs, 'f', d, 64)
	if isExactTie(abs, d) {
		// strconv rounds exact ties to even; JavaScript picks the larger candidate.
		ip, fp := roundDecimal(abs, d, d)
		s = ip
		if fp != "" {
			s += "." + fp
		}
	}
	if v < 0 {
		return "-" + s
	}
	return s
}

// isExactTie reports whether abs lies exactly halfway between two multiples of 10^-d.
func isExactTie(abs float64, d int) bool {
	short := strconv.FormatFloat(abs, 'f', -1, 64)
	_, frac, _ := strings.Cut(short, ".")
	if len(frac) != d+1 || frac[d] != '5' {
		return false
	}
	// A float64 has a finite decimal expansion (at most 1074 fraction digits); with that
	// many digits FormatFloat is exact, so the value is a tie iff nothing follows the 5.
	exact := strconv.FormatFloat(abs, 'f', 1074, 64)
	_, efrac, _ := strings.Cut(exact, ".")
	return strings.TrimRight(efrac[d+1:], "0") == ""
}

// roundDecimal renders abs (≥ 0, finite) with between minF and maxF fraction digits,
// rounding the shortest round-trip decimal form half away from zero, as ICU does.
func roundDecimal(abs float64, minF, maxF int) (intPart, frac string) {
	s := strconv.FormatFloat(abs, 'f', -1, 64)
	intPart, frac, _ = strings.Cut(s, ".")
	if len(frac) > maxF {
		up := frac[maxF] >= '5'
		digits := []byte(intPart + frac[:maxF])
		if up {
			i := len(digits) - 1
			for ; i >= 0; i-- {
				if digits[i] == '9' {
					digits[i] = '0'
					continue
				}
				digits[i]++
				break
			}
			if i < 0 {
				digits = append([]byte{'1'}, digits...)
			}
		}
		intPart = string(digits[:len(digits)-maxF])
		frac = string(digits[len(digits)-maxF:])
	}
	for len(frac) > minF && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	if len(frac) < minF {
		frac += strings.Repeat("0", minF-len(frac))
	}
	return intPart, frac
}

type localeData struct {
	group, decimal string
	// minGrouping is the number of integer digits from which grouping applies (4, or 5
	// for es and it where 1234 stays ungrouped).
	minGrouping    int
	curSuffix      bool // "1.234,50 €" rather than "€1,234.50"
	curPrefixSpace bool // "US$ 1.234,50" (pt)
	symbols        *currencySymbols
	plural         func(o operands) string
	dates          *dateNames
}

// number formats v's magnitude; neg reports a minus sign (kept for -0 like Intl).
func (l *localeData) number(v float64, minF, maxF int, grouping bool) (neg bool, s string) {
	if math.IsNaN(v) {
		return false, "NaN"
	}
	neg = math.Signbit(v)
	if math.IsInf(v, 0) {
		return neg, "∞"
	}
	ip, fp := roundDecimal(math.Abs(v), minF, maxF)
	if grouping && len(ip) >= l.minGrouping {
		var b strings.Builder
		first := len(ip) % 3
		if first == 0 {
			first = 3
		}
		b.WriteString(ip[:first])
		for i := first; i < len(ip); i += 3 {
			b.WriteString(l.group)
			b.WriteString(ip[i : i+3])
		}
		ip = b.String()
	}
	if fp == "" {
		return neg, ip
	}
	return neg, ip + l.decimal + fp
}

// operands are the CLDR plural operands: i integer digits, v visible fraction digits,
// n absolute value.
type operands struct {
	i uint64
	v int
	n float64
}

func pluralOperands(ip, fp string) operands {
	var o operands
	if len(ip) > 18 {
		ip = ip[len(ip)-18:] // only the low digits matter to the modulo rules
	}
	o.i, _ = strconv.ParseUint(ip, 10, 64)
	o.v = len(fp)
	o.n, _ = strconv.ParseFloat(ip+"."+fp+"0", 64)
	return o
}

func pluralOneIntV0(o operands) string { // en, de, it one; many for it handled separately
	if o.i == 1 && o.v == 0 {
		return "one"
	}
	return "other"
}

func pluralMillions(o operands) bool { return o.v == 0 && o.i != 0 && o.i%1000000 == 0 }

func pluralFrench(o operands) string { // fr, pt
	if o.i == 0 || o.i == 1 {
		return "one"
	}
	if pluralMillions(o) {
		return "many"
	}
	return "other"
}

func pluralSpanish(o operands) string {
	if o.n == 1 {
		return "one"
	}
	if pluralMillions(o) {
		return "many"
	}
	return "other"
}

func pluralItalian(o operands) string {
	if o.i == 1 && o.v == 0 {
		return "one"
	}
	if pluralMillions(o) {
		return "many"
	}
	return "other"
}

func pluralOther(operands) string { return "other" }

func pluralRussian(o operands) string {
	if o.v != 0 {
		return "other"
	}
	i10, i100 := o.i%10, o.i%100
	switch {
	case i10 == 1 && i100 != 11:
		return "one"
	case i10 >= 2 && i10 <= 4 && (i100 < 12 || i100 > 14):
		return "few"
	}
	return "many"
}

func pluralPolish(o operands) string {
	if o.v != 0 {
		return "other"
	}
	i10, i100 := o.i%10, o.i%100
	switch {
	case o.i == 1:
		return "one"
	case i10 >= 2 && i10 <= 4 && (i100 < 12 || i100 > 14):
		return "few"
	}
	return "many"
}

// currencySymbols are a locale's symbols for USD, EUR, GBP and JPY, in that order (static
// data: nothing is built at package init).
type currencySymbols [4]string

// of returns the symbol of an ISO 4217 code; false for the codes it has none for.
func (s *currencySymbols) of(code string) (string, bool) {
	switch code {
	case "USD":
		return s[0], true
	case "EUR":
		return s[1], true
	case "GBP":
		return s[2], true
	case "JPY":
		return s[3], true
	}
	return "", false
}

var (
	symEnUS = currencySymbols{"$", "€", "£", "¥"}
	symEnGB = currencySymbols{"US$", "€", "£", "JP¥"}
	symDe   = currencySymbols{"$", "€", "£", "¥"}
	symFr   = currencySymbols{"$US", "€", "£GB", "JPY"}
	symEs   = currencySymbols{"US$", "€", "GBP", "JPY"}
	symIt   = currencySymbols{"USD", "€", "£", "JPY"}
	symPt   = currencySymbols{"US$", "€", "£", "JP¥"}
	symPl   = currencySymbols{"USD", "€", "GBP", "JPY"}
	symJa   = currencySymbols{"$", "€", "£", "￥"}
)

var (
	localeEnUS = localeData{group: ",", decimal: ".", minGrouping: 4, symbols: &symEnUS, plural: pluralOneIntV0, dates: datesEn}
	localeEnGB = localeData{group: ",", decimal: ".", minGrouping: 4, symbols: &symEnGB, plural: pluralOneIntV0, dates: datesEn}
	localeDe   = localeData{group: ".", decimal: ",", minGrouping: 4, curSuffix: true, symbols: &symDe, plural: pluralOneIntV0, dates: datesDe}
	localeFr   = localeData{group: "\u202f", decimal: ",", minGrouping: 4, curSuffix: true, symbols: &symFr, plural: pluralFrench, dates: datesFr}
	localeEs   = localeData{group: ".", decimal: ",", minGrouping: 5, curSuffix: true, symbols: &symEs, plural: pluralSpanish, dates: datesEs}
	localeIt   = localeData{group: ".", decimal: ",", minGrouping: 5, curSuffix: true, symbols: &symIt, plural: pluralItalian, dates: datesEn}
	localePt   = localeData{group: ".", decimal: ",", minGrouping: 4, curPrefixSpace: true, symbols: &symPt, plural: pluralFrench, dates: datesEn}
	localeJa   = localeData{group: ",", decimal: ".", minGrouping: 4, symbols: &symJa, plural: pluralOther, dates: datesEn}
	localeZh   = localeData{group: ",", decimal: ".", minGrouping: 4, symbols: &symEnGB, plural: pluralOther, dates: datesEn}
	localeKo   = localeData{group: ",", decimal: ".", minGrouping: 4, symbols: &symEnGB, plural: pluralOther, dates: datesEn}
	localeRu   = localeData{group: "\u00a0", decimal: ",", minGrouping: 4, curSuffix: true, symbols: &symDe, plural: pluralRussian, dates: datesEn}
	localePl   = localeData{group: "\u00a0", decimal: ",", minGrouping: 5, curSuffix: true, symbols: &symPl, plural: pluralPolish, dates: datesEn}
)

// locale returns the data of an exact key ("en-US", "de"; nil for none).
func locale(key string) *localeData {
	switch key {
	case "en-US":
		return &localeEnUS
	case "en-GB":
		return &localeEnGB
	case "de":
		return &localeDe
	case "fr":
		return &localeFr
	case "es":
		return &localeEs
	case "it":
		return &localeIt
	case "pt":
		return &localePt
	case "ja":
		return &localeJa
	case "zh":
		return &localeZh
	case "ko":
		return &localeKo
	case "ru":
		return &localeRu
	case "pl":
		return &localePl
	}
	return nil
}

// lookupLocale picks the data for a BCP 47 tag: exact "en-GB"-style match first (case
// and "_" tolerated), then the language, then en-US. English outside the US formats like
// en-GB ("US$", "JP¥"); a bare "en" is en-US.
func lookupLocale(tag string) *localeData {
	t := strings.ReplaceAll(tag, "_", "-")
	lang, region, _ := strings.Cut(t, "-")
	lang = strings.ToLower(lang)
	if i := strings.IndexByte(region, '-'); i >= 0 {
		region = region[:i]
	}
	region = strings.ToUpper(region)
	if l := locale(lang + "-" + region); l != nil {
		return l
	}
	if lang == "en" {
		if region == "" {
			return &localeEnUS
		}
		return &localeEnGB
	}
	if l := locale(lang); l != nil {
		return l
	}
	return &localeEnUS
}
