package binding

import (
	"math"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Limits of the regex function (security.md ): agent patterns run in Go's RE2 engine
// (linear time); longer patterns or inputs make the check fail closed with an error.
const (
	MaxRegexPattern = 256
	MaxRegexInput   = 64 << 10
)

// OpenURL is the effect value returned by openUrl: the renderer (not this package) opens
// URL in a new browsing context with noopener/noreferrer when it runs an action's
// functionCall. Interpolated or coerced, it is "" (openUrl returns void).
type OpenURL struct {
	URL string
}

// BasicFunctions returns a new registry holding the v0.9 basic catalog's functions
// (required, regex, length, numeric, email, formatString, formatNumber, formatCurrency,
// formatDate, pluralize, openUrl, and, or, not) plus the minimal catalog's capitalize.
// Semantics follow basic_catalog_implementation_guide.md §2 and web_core, with the
// coercion table of this package; the per-function doc comments note every deviation.
func BasicFunctions() *Functions {
	f := NewFunctions()
	f.Register("required", fnRequired)
	f.Register("regex", fnRegex)
	f.Register("length", fnLength)
	f.Register("numeric", fnNumeric)
	f.Register("email", fnEmail)
	f.Register("formatString", fnFormatString)
	f.Register("formatNumber", fnFormatNumber)
	f.Register("formatCurrency", fnFormatCurrency)
	f.Register("formatDate", fnFormatDate)
	f.Register("pluralize", fnPluralize)
	f.Register("openUrl", fnOpenURL)
	f.Register("and", fnAnd)
	f.Register("or", fnOr)
	f.Register("not", fnNot)
	f.Register("capitalize", fnCapitalize)
	return f
}

// need returns args[name] or a "missing required argument" error.
func need(c *Context, args map[string]any, name string) (any, error) {
	v, ok := args[name]
	if !ok {
		return nil, FuncError(c, "missing required argument "+quote(name))
	}
	return v, nil
}

// optNumber returns a numeric optional argument: ok false when absent or null or NaN.
func optNumber(args map[string]any, name string) (float64, bool) {
	v, ok := args[name]
	if !ok || v == nil {
		return 0, false
	}
	f, ok := ParseNumber(v)
	if !ok {
		if b, isBool := v.(bool); isBool {
			return ToNumber(b), true
		}
		return 0, false
	}
	return f, true
}

// required: true iff value is not null/missing, not "" and not an empty array. false and
// 0 are present. The argument itself must be given (a binding to a missing path is null).
func fnRequired(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case nil:
		return false, nil
	case string:
		return x != "", nil
	case []any:
		return len(x) > 0, nil
	case []string:
		return len(x) > 0, nil
	}
	return true, nil
}

type regexEntry struct {
	re  *regexp.Regexp
	err string
}

// regex: ToString(value) matched, unanchored, against pattern compiled by Go's regexp
// (RE2). A pattern over MaxRegexPattern bytes, an input over MaxRegexInput bytes or a
// pattern RE2 cannot compile (look-around, back-references) is an error: callers fail
// the check closed. Compiled patterns (and compile errors) are cached per registry.
func fnRegex(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	p, err := need(c, args, "pattern")
	if err != nil {
		return nil, err
	}
	pattern, ok := p.(string)
	if !ok {
		return nil, FuncError(c, "pattern must be a string")
	}
	if len(pattern) > MaxRegexPattern {
		return nil, FuncError(c, "pattern longer than "+itoa(MaxRegexPattern)+" bytes")
	}
	s := ToString(v)
	if len(s) > MaxRegexInput {
		return nil, FuncError(c, "value longer than "+itoa(MaxRegexInput)+" bytes")
	}
	re, err := compileRegex(c, pattern)
	if err != nil {
		return nil, err
	}
	return re.MatchString(s), nil
}

func compileRegex(c *Context, pattern string) (*regexp.Regexp, error) {
	var cache *lru[regexEntry]
	if c.Funcs != nil {
		cache = c.Funcs.regex
	}
	if cache != nil {
		if e, ok := cache.get(pattern); ok {
			if e.err != "" {
				return nil, FuncError(c, e.err)
			}
			return e.re, nil
		}
	}
	re, cerr := regexp.Compile(pattern)
	e := regexEntry{re: re}
	if cerr != nil {
		e.err = "invalid pattern " + quote(pattern) + " (Go RE2 syntax; no look-around or back-references): " + cerr.Error()
	}
	if cache != nil {
		cache.put(pattern, e)
	}
	if e.err != "" {
		return nil, FuncError(c, e.err)
	}
	return re, nil
}

// length: min ≤ len(value) ≤ max for the bounds given (at least one is required). Strings
// are measured in runes (code points), arrays in elements, anything else has length 0.
// A bound that is null or not a number is ignored, as in web_core.
func fnLength(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	_, hasMin := args["min"]
	_, hasMax := args["max"]
	if !hasMin && !hasMax {
		return nil, FuncError(c, "must provide either 'min' or 'max'")
	}
	n := 0
	switch x := v.(type) {
	case string:
		n = runeLen(x)
	case []any:
		n = len(x)
	case []string:
		n = len(x)
	}
	if lo, ok := optNumber(args, "min"); ok && float64(n) < lo {
		return false, nil
	}
	if hi, ok := optNumber(args, "max"); ok && float64(n) > hi {
		return false, nil
	}
	return true, nil
}

// numeric: value parsed as a number (ParseNumber: numbers and numeric strings; null, "",
// booleans and other text are not numbers → false), then checked against the inclusive
// min/max given. web_core coerces null and "" to 0; here an empty field is not numeric
// (pair with required to make it mandatory anyway).
func fnNumeric(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	n, ok := ParseNumber(v)
	if !ok {
		return false, nil
	}
	if lo, ok := optNumber(args, "min"); ok && n < lo {
		return false, nil
	}
	if hi, ok := optNumber(args, "max"); ok && n > hi {
		return false, nil
	}
	return true, nil
}

// emailRE is compiled on first use: nothing heavy runs at package init (cold start).
var emailRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`)
})

// email: ToString(value) matches web_core's ^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$.
func fnEmail(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	s := ToString(v)
	if len(s) > MaxRegexInput {
		return false, nil
	}
	return emailRE().MatchString(s), nil
}

// formatString: ToString(value) interpolated by Context.Interpolate.
func fnFormatString(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	return c.Interpolate(ToString(v))
}

// decimalsArg reads the optional decimals argument: -1 when absent or null; an error
// unless it is a number in 0..20 (fractions truncated).
func decimalsArg(c *Context, args map[string]any) (int, error) {
	v, ok := args["decimals"]
	if !ok || v == nil {
		return -1, nil
	}
	f, ok := ParseNumber(v)
	if !ok || f < 0 || f >= 21 {
		return 0, FuncError(c, "decimals must be a number from 0 to 20")
	}
	return int(f), nil
}

// groupingArg: grouping is on unless the argument is given and coerces to false.
func groupingArg(args map[string]any) bool {
	v, ok := args["grouping"]
	if !ok || v == nil {
		return true
	}
	return ToBool(v)
}

// formatNumber: the Formatter's locale number format; decimals fixes both minimum and
// maximum fraction digits (default 0..3); grouping on unless false. null or blank text
// formats as ""; a value that is not a number is FUNCTION_FAILED (formatValue).
func fnFormatNumber(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	d, err := decimalsArg(c, args)
	if err != nil {
		return nil, err
	}
	n, ok, err := formatValue(c, v)
	if !ok {
		return "", err
	}
	return c.Format.FormatNumber(n, d, groupingArg(args)), nil
}

// formatCurrency: like formatNumber in currency style for the ISO 4217 code (any case). A
// code that is not three ASCII letters falls back, like web_core, to the plain number
// with decimals (default 2) fraction digits and no grouping.
func fnFormatCurrency(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	cv, err := need(c, args, "currency")
	if err != nil {
		return nil, err
	}
	d, err := decimalsArg(c, args)
	if err != nil {
		return nil, err
	}
	n, ok, err := formatValue(c, v)
	if !ok {
		return "", err
	}
	code := strings.ToUpper(ToString(cv))
	if !isCurrencyCode(code) {
		if d < 0 {
			d = 2
		}
		return toFixed(n, d), nil
	}
	return c.Format.FormatCurrency(n, code, d, groupingArg(args)), nil
}

func isCurrencyCode(s string) bool {
	if len(s) != 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// formatDate: value is an ISO 8601 string (date, date-time with or without offset, a
// space instead of "T" accepted; a date-only string is UTC midnight, a date-time without
// offset is in the Formatter's zone — see Zoned) or a number of epoch milliseconds. A
// falsy (null, "", 0, false) or unparsable value gives "". format "ISO" gives
// JavaScript's toISOString (UTC, milliseconds); anything else is a TR35 pattern handed
// to the Formatter.
func fnFormatDate(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	fv, err := need(c, args, "format")
	if err != nil {
		return nil, err
	}
	t, ok := ParseDate(v, zoneOf(c.Format))
	if !ok {
		return "", nil
	}
	pattern := ToString(fv)
	if pattern == "ISO" {
		return t.UTC().Format("2006-01-02T15:04:05.000Z"), nil
	}
	return c.Format.FormatDate(t, pattern), nil
}

// pluralize: the Formatter's plural category of ToNumber(value) picks the argument of
// that name (zero, one, two, few, many, other); when it is absent or null, other; when
// other is absent too, "".
func fnPluralize(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	cat := c.Format.PluralCategory(ToNumber(v))
	if s, ok := args[cat]; ok && s != nil {
		return ToString(s), nil
	}
	return ToString(args["other"]), nil
}

// openUrl: returns OpenURL{URL} for an http or https URL with a host (the href as parsed
// by net/url), or for a relative or protocol-relative one, which the renderer resolves
// against the stream's URL and checks against its policy's link allowlist; any other
// scheme or an unparsable URL is an error. The renderer performs the effect; nothing is
// opened here.
func fnOpenURL(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "url")
	if err != nil {
		return nil, err
	}
	s, ok := v.(string)
	if !ok {
		return nil, FuncError(c, "url must be a string")
	}
	u, perr := url.Parse(strings.TrimSpace(s))
	if perr != nil {
		return nil, FuncError(c, "invalid URL "+quote(s))
	}
	scheme := strings.ToLower(u.Scheme)
	if u.Scheme == "" && u.Opaque == "" && strings.TrimSpace(s) != "" {
		return OpenURL{URL: u.String()}, nil // relative: resolved by the renderer
	}
	if scheme != "http" && scheme != "https" {
		return nil, FuncError(c, "unsupported URL scheme "+quote(u.Scheme+":"))
	}
	if u.Host == "" {
		return nil, FuncError(c, "URL has no host: "+quote(s))
	}
	u.Scheme = scheme
	return OpenURL{URL: u.String()}, nil
}

// boolValues reads the values array of and/or: at least two items, each through ToBool
// (so the string "false" is false, unlike web_core's JavaScript truthiness).
func boolValues(c *Context, args map[string]any) ([]bool, error) {
	v, err := need(c, args, "values")
	if err != nil {
		return nil, err
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, FuncError(c, "values must be an array")
	}
	if len(arr) < 2 {
		return nil, FuncError(c, "values needs at least 2 items")
	}
	out := make([]bool, len(arr))
	for i, e := range arr {
		out[i] = ToBool(e)
	}
	return out, nil
}

func fnAnd(c *Context, args map[string]any) (any, error) {
	vs, err := boolValues(c, args)
	if err != nil {
		return nil, err
	}
	for _, b := range vs {
		if !b {
			return false, nil
		}
	}
	return true, nil
}

func fnOr(c *Context, args map[string]any) (any, error) {
	vs, err := boolValues(c, args)
	if err != nil {
		return nil, err
	}
	for _, b := range vs {
		if b {
			return true, nil
		}
	}
	return false, nil
}

func fnNot(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	return !ToBool(v), nil
}

// capitalize (minimal catalog): ToString(value) with its first letter upper-cased (the
// rest unchanged: "hello world" → "Hello world").
func fnCapitalize(c *Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	s := ToString(v)
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s, nil
	}
	return string(unicode.ToUpper(r)) + s[n:], nil
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
	case bool, nil:
		return time.Time{}, false
	}
	f, ok := ParseNumber(v)
	if !ok || f == 0 || math.IsInf(f, 0) || math.Abs(f) > 8.64e15 {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(f)).UTC(), true
}
