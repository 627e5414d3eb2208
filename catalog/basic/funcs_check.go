package basic

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/binding"
)

// Limits of the regex function (security.md ): agent patterns run in internal/re
// (RE2 syntax, linear time); longer patterns or inputs make the check fail closed with an
// error.
// MaxRegexSteps bounds one match's work (internal/re thread steps, tens of milliseconds):
// an anchored or literal-led pattern over the largest input stays far below it, while a
// pattern with hundreds of live states over a long input fails closed instead of holding
// the main thread for seconds.
const (
	MaxRegexPattern = 256
	MaxRegexInput   = 64 << 10
	MaxRegexSteps   = 1 << 22
)

// required: true iff value is not null/missing, not "" and not an empty array. false and
// 0 are present. The argument itself must be given (a binding to a missing path is null).
func fnRequired(c *binding.Context, args map[string]any) (any, error) {
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

// regex: ToString(value) matched, unanchored, against pattern compiled by internal/re
// (RE2 syntax). A pattern over MaxRegexPattern bytes, an input over MaxRegexInput bytes,
// a pattern it cannot compile (look-around, back-references) or a match over
// MaxRegexSteps is an error: callers fail
// the check closed. Compiled patterns (and compile errors) are cached per registry.
func fnRegex(c *binding.Context, args map[string]any) (any, error) {
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
		return nil, binding.FuncError(c, "pattern must be a string")
	}
	if len(pattern) > MaxRegexPattern {
		return nil, binding.FuncError(c, "pattern longer than "+strconv.Itoa(MaxRegexPattern)+" bytes")
	}
	s := binding.ToString(v)
	if len(s) > MaxRegexInput {
		return nil, binding.FuncError(c, "value longer than "+strconv.Itoa(MaxRegexInput)+" bytes")
	}
	re, err := c.CompileRegexp(pattern)
	if err != nil {
		return nil, err
	}
	matched, err := re.MatchStringLimit(s, MaxRegexSteps)
	if err != nil {
		return nil, binding.FuncError(c, "pattern "+strconv.Quote(pattern)+": "+err.Error())
	}
	return matched, nil
}

// length: min ≤ len(value) ≤ max for the bounds given (at least one is required). Strings
// are measured in runes (code points), arrays in elements, anything else has length 0.
// A bound that is null or not a number is ignored, as in web_core.
func fnLength(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	_, hasMin := args["min"]
	_, hasMax := args["max"]
	if !hasMin && !hasMax {
		return nil, binding.FuncError(c, "must provide either 'min' or 'max'")
	}
	n := 0
	switch x := v.(type) {
	case string:
		n = utf8.RuneCountInString(x)
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
func fnNumeric(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	n, ok := binding.ParseNumber(v)
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

// email: ToString(value) matches web_core's ^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$.
func fnEmail(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	s := binding.ToString(v)
	if len(s) > MaxRegexInput {
		return false, nil
	}
	return isEmail(s), nil
}

// isEmail is web_core's email pattern by hand (no regexp in the wasm): a non-empty local
// part of [a-zA-Z0-9._%+-], '@', then [a-zA-Z0-9.-] with a last '.' that has at least one
// character before it and two or more letters (only) after it.
func isEmail(s string) bool {
	at := strings.IndexByte(s, '@')
	if at < 1 {
		return false
	}
	for i := 0; i < at; i++ {
		if c := s[i]; !isAlnumASCII(c) && !strings.ContainsRune("._%+-", rune(c)) {
			return false
		}
	}
	d := s[at+1:]
	dot := strings.LastIndexByte(d, '.')
	if dot < 1 || len(d)-dot-1 < 2 {
		return false
	}
	for i := 0; i < len(d); i++ {
		c := d[i]
		if i > dot {
			if c|0x20 < 'a' || c|0x20 > 'z' {
				return false
			}
		} else if !isAlnumASCII(c) && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

func isAlnumASCII(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
