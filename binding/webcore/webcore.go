package webcore

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unsafe"

	"github.com/a2ui-go/a2ui/binding"
)

// SetName is the name pages use to opt in ("web_core").
const SetName = "web_core"

// Names lists the functions Register adds, in web_core's order.
var Names = []string{"add", "subtract", "multiply", "divide", "equals", "not_equals",
	"greater_than", "less_than", "contains", "starts_with", "ends_with"}

// Register adds web_core's extra functions to f, replacing functions of the same names.
// Call it during setup (before the registry is used).
func Register(f *binding.Functions) {
	f.Register("add", arith(func(a, b float64) float64 { return a + b }))
	f.Register("subtract", arith(func(a, b float64) float64 { return a - b }))
	f.Register("multiply", arith(func(a, b float64) float64 { return a * b }))
	f.Register("divide", arith(func(a, b float64) float64 {
		if b == 0 {
			return math.Inf(1) // web_core: any division by zero (even 0/0, -1/0) is Infinity
		}
		return a / b
	}))
	f.Register("equals", func(c *binding.Context, args map[string]any) (any, error) {
		a, b, err := anyPair(c, args)
		if err != nil {
			return nil, err
		}
		return strictEqual(a, b), nil
	})
	f.Register("not_equals", func(c *binding.Context, args map[string]any) (any, error) {
		a, b, err := anyPair(c, args)
		if err != nil {
			return nil, err
		}
		return !strictEqual(a, b), nil
	})
	f.Register("greater_than", compare(func(a, b float64) bool { return a > b }))
	f.Register("less_than", compare(func(a, b float64) bool { return a < b }))
	f.Register("contains", text("substring", strings.Contains))
	f.Register("starts_with", text("prefix", strings.HasPrefix))
	f.Register("ends_with", text("suffix", strings.HasSuffix))
}

// numArg is z.preprocess(null → undefined, z.coerce.number()): absent or null fails, any
// other value goes through Number() and fails when that is NaN.
func numArg(c *binding.Context, args map[string]any, name string) (float64, error) {
	v, ok := args[name]
	if !ok || v == nil {
		return 0, binding.FuncError(c, "missing required argument "+strconv.Quote(name))
	}
	f := Number(v)
	if math.IsNaN(f) {
		return 0, binding.FuncError(c, name+" must be a number")
	}
	return f, nil
}

func numPair(c *binding.Context, args map[string]any) (a, b float64, err error) {
	if a, err = numArg(c, args, "a"); err != nil {
		return 0, 0, err
	}
	b, err = numArg(c, args, "b")
	return a, b, err
}

func arith(op func(a, b float64) float64) binding.Func {
	return func(c *binding.Context, args map[string]any) (any, error) {
		a, b, err := numPair(c, args)
		if err != nil {
			return nil, err
		}
		return op(a, b), nil
	}
}

func compare(op func(a, b float64) bool) binding.Func {
	return func(c *binding.Context, args map[string]any) (any, error) {
		a, b, err := numPair(c, args)
		if err != nil {
			return nil, err
		}
		return op(a, b), nil
	}
}

// anyPair is equals' schema: a and b may be anything, null included, but must be given.
func anyPair(c *binding.Context, args map[string]any) (a, b any, err error) {
	var ok bool
	if a, ok = args["a"]; !ok {
		return nil, nil, binding.FuncError(c, `missing required argument "a"`)
	}
	if b, ok = args["b"]; !ok {
		return nil, nil, binding.FuncError(c, `missing required argument "b"`)
	}
	return a, b, nil
}

// text is the string functions' schema: both arguments given (null is the text "null"),
// each through String(); an array is its elements joined with "," (so contains on an
// array tests the joined text, as web_core does).
func text(second string, op func(s, sub string) bool) binding.Func {
	return func(c *binding.Context, args map[string]any) (any, error) {
		s, ok := args["string"]
		if !ok {
			return nil, binding.FuncError(c, `missing required argument "string"`)
		}
		t, ok := args[second]
		if !ok {
			return nil, binding.FuncError(c, "missing required argument "+strconv.Quote(second))
		}
		return op(String(s), String(t)), nil
	}
}

// strictEqual is JavaScript's ===: numbers by value (NaN unequal to itself, 0 equal to
// -0), strings, booleans and null by value and type, objects and arrays by identity (the
// same data-model value read twice is equal; two literals never are).
func strictEqual(a, b any) bool {
	if fa, ok := number(a); ok {
		fb, ok := number(b)
		return ok && fa == fb
	}
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case map[string]any:
		y, ok := b.(map[string]any)
		// Identity: a map value is a pointer to its runtime header (no reflect in the wasm).
		return ok && x != nil && *(*unsafe.Pointer)(unsafe.Pointer(&x)) == *(*unsafe.Pointer)(unsafe.Pointer(&y))
	case []any:
		y, ok := b.([]any)
		return ok && len(x) > 0 && len(x) == len(y) && &x[0] == &y[0]
	}
	return false
}

// number reports whether v is a Go number (not a numeric string) and its value.
func number(v any) (float64, bool) {
	switch v.(type) {
	case float64, float32, int, int64, int32, uint64:
		return binding.ParseNumber(v)
	}
	return 0, false
}

// Number is JavaScript's Number(v): numbers as is; null → 0; booleans → 1/0; strings by
// StringToNumber (trimmed, "" → 0, decimal, "Infinity", 0x/0o/0b integers, else NaN);
// arrays through their String(); objects → NaN.
func Number(v any) float64 {
	if f, ok := number(v); ok {
		return f
	}
	switch x := v.(type) {
	case nil:
		return 0
	case bool:
		if x {
			return 1
		}
		return 0
	case string:
		return stringToNumber(x)
	case []any:
		return stringToNumber(String(x))
	}
	return math.NaN()
}

func stringToNumber(s string) float64 {
	s = strings.TrimFunc(s, isJSSpace)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			return radix(s[2:], base)
		}
	}
	if f, ok := binding.ParseNumber(s); ok {
		return f
	}
	return math.NaN()
}

// radix reads digits in base (no sign, no separators) as a float, NaN when invalid.
func radix(d string, base int) float64 {
	f := 0.0
	for i := 0; i < len(d); i++ {
		c := d[i]
		var v int
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'a' && c <= 'f':
			v = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			v = int(c-'A') + 10
		default:
			return math.NaN()
		}
		if v >= base {
			return math.NaN()
		}
		f = f*float64(base) + float64(v)
	}
	return f
}

// isJSSpace is ECMAScript's WhiteSpace and LineTerminator (what Number() trims).
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0xFEFF, 0x2028, 0x2029:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}

// String is JavaScript's String(v): null → "null"; numbers in JavaScript's form; arrays
// joined with "," (null elements empty, nested arrays flattened the same way); objects →
// "[object Object]".
func String(v any) string {
	if f, ok := number(v); ok {
		return binding.FormatJSNumber(f)
	}
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case bool:
		if x {
			return "true"
		}
		return "false"
	case []any:
		var b strings.Builder
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if e != nil {
				b.WriteString(String(e))
			}
		}
		return b.String()
	}
	return "[object Object]"
}
