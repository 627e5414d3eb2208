package binding

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/protocol"
)

// The coercion rules of the v0.9 renderer guide §3 "Type Coercion Standards" (protocol.md
// §6.5), shared by every component and function so the whole renderer agrees on them:
//
//	input                                  target  result
//	"true"/"false" (any case)              bool    true / false; any other string is false
//	number ≠ 0                             bool    true (NaN is false)
//	number 0                               bool    false
//	anything                               string  locale-neutral representation
//	null / missing                         string  ""
//	null / missing                         number  0
//	numeric string                         number  the parsed value, or 0 if unparsable
//	number / bool                          string  JavaScript's String(v): 1, 1.5, 1e+21, true
//	object / array                         string  JSON (keys sorted, no HTML escaping)
//
// Cases the table leaves open, decided here: bool → number is 1/0; object/array → number
// is 0 and → bool is false; null → bool is false.

// ToString converts a data-model or function value to its display string.
func ToString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return "true"
		}
		return "false"
	case float64:
		return FormatJSNumber(x)
	case float32:
		return FormatJSNumber(float64(x))
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return string(x)
		}
		return FormatJSNumber(f)
	case OpenURL:
		return "" // a void effect interpolates as nothing
	case []string:
		return marshalJSON(x)
	case []any, map[string]any:
		return marshalJSON(x)
	}
	return marshalJSON(v)
}

// marshalJSON renders v as compact JSON like JSON.stringify: no HTML escaping, numbers in
// the ECMAScript form, NaN and infinities as null (protocol.AppendJSON, no reflection).
func marshalJSON(v any) string { return string(protocol.AppendJSON(nil, v)) }

// FormatJSNumber formats f the way JavaScript's Number.prototype.toString does: the
// shortest round-tripping digits, plain notation for 1e-7 < |f| < 1e21, otherwise
// exponent notation ("1e+21", "1.5e-7"); "NaN", "Infinity", "-Infinity"; -0 is "0".
func FormatJSNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	// digits and exponent from the shortest 'e' form: d.ddddde±XX
	e := strconv.FormatFloat(f, 'e', -1, 64)
	neg := false
	if e[0] == '-' {
		neg = true
		e = e[1:]
	}
	ei := strings.IndexByte(e, 'e')
	mant, expS := e[:ei], e[ei+1:]
	exp, _ := strconv.Atoi(expS)
	digits := strings.Replace(mant, ".", "", 1)
	k := len(digits)
	n := exp + 1 // position of the decimal point relative to the digits
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	switch {
	case k <= n && n <= 21:
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", n-k))
	case 0 < n && n <= 21:
		b.WriteString(digits[:n])
		b.WriteByte('.')
		b.WriteString(digits[n:])
	case -6 < n && n <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -n))
		b.WriteString(digits)
	default:
		b.WriteByte(digits[0])
		if k > 1 {
			b.WriteByte('.')
			b.WriteString(digits[1:])
		}
		b.WriteByte('e')
		if n-1 >= 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(n - 1))
	}
	return b.String()
}

// ToNumber converts a value to a number: numbers as is, numeric strings parsed (surrounding
// white space allowed, "" → 0), unparsable strings, null, objects and arrays → 0,
// true → 1, false → 0.
func ToNumber(v any) float64 {
	f, ok := ParseNumber(v)
	if !ok {
		if b, isBool := v.(bool); isBool && b {
			return 1
		}
		return 0
	}
	return f
}

// ParseNumber is the strict form behind ToNumber used by validation (numeric): ok is
// false for null, booleans, objects, arrays, blank strings and strings that are not a
// decimal number (JavaScript syntax: optional sign, digits, fraction, exponent,
// "Infinity"; hex and Go-only spellings such as "inf", "0x1p4" or "1_000" are refused).
func ParseNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, !math.IsNaN(x)
	case float32:
		return float64(x), !math.IsNaN(float64(x))
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case json.Number:
		return parseNumberString(string(x))
	case string:
		return parseNumberString(x)
	}
	return 0, false
}

func parseNumberString(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	body := s
	if body[0] == '+' || body[0] == '-' {
		body = body[1:]
	}
	if body == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	// only JS decimal-literal characters
	seenDigit := false
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '0' && c <= '9':
			seenDigit = true
		case c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-':
		default:
			return 0, false
		}
	}
	if !seenDigit {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true // ±Inf or 0 on overflow/underflow, as JS
		}
		return 0, false
	}
	return f, true
}

// ToBool converts a value to a boolean: bools as is; strings "true"/"false" in any case
// (every other string is false); numbers true unless 0 or NaN; null, objects and arrays
// false.
func ToBool(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case string:
		return strings.EqualFold(x, "true")
	case float64:
		return x != 0 && !math.IsNaN(x)
	case float32:
		return x != 0 && !math.IsNaN(float64(x))
	case int:
		return x != 0
	case int64:
		return x != 0
	case int32:
		return x != 0
	case uint64:
		return x != 0
	case json.Number:
		f, ok := parseNumberString(string(x))
		return ok && f != 0
	}
	return false
}

// ToStringList converts a DynamicStringList value: an array becomes its elements through
// ToString (null elements become ""), a []string is copied, a non-empty string becomes a
// one-element list (a v0.8 single selection), everything else (null, "", numbers,
// objects) is an empty (nil) list.
func ToStringList(v any) []string {
	switch x := v.(type) {
	case []any:
		out := make([]string, len(x))
		for i, e := range x {
			out[i] = ToString(e)
		}
		return out
	case []string:
		return append([]string(nil), x...)
	case string:
		if x == "" {
			return nil
		}
		return []string{x}
	}
	return nil
}
