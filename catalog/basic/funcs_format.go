package basic

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/binding"
)

// formatString: ToString(value) interpolated by Context.Interpolate.
func fnFormatString(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	return c.Interpolate(binding.ToString(v))
}

// decimalsArg reads the optional decimals argument: -1 when absent or null; an error
// unless it is a number in 0..20 (fractions truncated).
func decimalsArg(c *binding.Context, args map[string]any) (int, error) {
	v, ok := args["decimals"]
	if !ok || v == nil {
		return -1, nil
	}
	f, ok := binding.ParseNumber(v)
	if !ok || f < 0 || f >= 21 {
		return 0, binding.FuncError(c, "decimals must be a number from 0 to 20")
	}
	return int(f), nil
}

// groupingArg: grouping is on unless the argument is given and coerces to false.
func groupingArg(args map[string]any) bool {
	v, ok := args["grouping"]
	if !ok || v == nil {
		return true
	}
	return binding.ToBool(v)
}

// formatNumber: the Formatter's locale number format; decimals fixes both minimum and
// maximum fraction digits (default 0..3); grouping on unless false. null or blank text
// formats as ""; a value that is not a number is FUNCTION_FAILED (formatValue).
func fnFormatNumber(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	d, err := decimalsArg(c, args)
	if err != nil {
		return nil, err
	}
	n, ok, err := binding.FormatValue(c, v)
	if !ok {
		return "", err
	}
	return c.Format.FormatNumber(n, d, groupingArg(args)), nil
}

// formatCurrency: like formatNumber in currency style for the ISO 4217 code (any case). A
// code that is not three ASCII letters falls back, like web_core, to the plain number
// with decimals (default 2) fraction digits and no grouping.
func fnFormatCurrency(c *binding.Context, args map[string]any) (any, error) {
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
	n, ok, err := binding.FormatValue(c, v)
	if !ok {
		return "", err
	}
	code := strings.ToUpper(binding.ToString(cv))
	if !isCurrencyCode(code) {
		if d < 0 {
			d = 2
		}
		return binding.ToFixed(n, d), nil
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
func fnFormatDate(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	fv, err := need(c, args, "format")
	if err != nil {
		return nil, err
	}
	t, ok := binding.ParseDate(v, binding.ZoneOf(c.Format))
	if !ok {
		return "", nil
	}
	pattern := binding.ToString(fv)
	if pattern == "ISO" {
		return binding.FormatISO(t), nil
	}
	return c.Format.FormatDate(t, pattern), nil
}

// pluralize: the Formatter's plural category of ToNumber(value) picks the argument of
// that name (zero, one, two, few, many, other); when it is absent or null, other; when
// other is absent too, "".
func fnPluralize(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	cat := c.Format.PluralCategory(binding.ToNumber(v))
	if s, ok := args[cat]; ok && s != nil {
		return binding.ToString(s), nil
	}
	return binding.ToString(args["other"]), nil
}

// capitalize (minimal catalog): ToString(value) with its first letter upper-cased (the
// rest unchanged: "hello world" → "Hello world").
func fnCapitalize(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	s := binding.ToString(v)
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s, nil
	}
	return string(unicode.ToUpper(r)) + s[n:], nil
}
