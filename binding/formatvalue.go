package binding

import (
	"math"
	"strings"
)

// FormatValue reads the value argument of a number formatter (the basic catalog's
// formatNumber and formatCurrency, or a host catalog's). A number, or a string holding
// one (JavaScript syntax, surrounding white space allowed), is formatted, as web_core's
// z.coerce.number() does. Nothing to format yet — null (a binding to a missing path) or
// blank text — gives ok=false and the formatter should return "". Anything else (text
// that is not a number, a boolean, an object, an array, NaN) is FUNCTION_FAILED: the
// value argument must be a number (the v1.0 schema's DynamicNumber).
func FormatValue(c *Context, v any) (n float64, ok bool, err error) {
	switch x := v.(type) {
	case nil:
		return 0, false, nil
	case string:
		if strings.TrimSpace(x) == "" {
			return 0, false, nil
		}
	case bool, map[string]any, []any:
		return 0, false, FuncError(c, "value must be a number, got "+typeOf(v))
	}
	f, isNum := ParseNumber(v)
	if !isNum || math.IsNaN(f) {
		return 0, false, FuncError(c, "value must be a number, got "+typeOf(v))
	}
	return f, true, nil
}

// typeOf names v's JSON type for error messages; a string is quoted (shortened).
func typeOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		if len(x) > 32 {
			x = x[:32] + "…"
		}
		return "string " + quote(x)
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case float64:
		return "NaN"
	}
	return "a non-JSON value"
}
