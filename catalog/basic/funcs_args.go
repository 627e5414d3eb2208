package basic

import (
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
)

// need returns args[name] or a "missing required argument" error.
func need(c *binding.Context, args map[string]any, name string) (any, error) {
	v, ok := args[name]
	if !ok {
		return nil, binding.FuncError(c, "missing required argument "+strconv.Quote(name))
	}
	return v, nil
}

// optNumber returns a numeric optional argument: ok false when absent or null or NaN.
func optNumber(args map[string]any, name string) (float64, bool) {
	v, ok := args[name]
	if !ok || v == nil {
		return 0, false
	}
	f, ok := binding.ParseNumber(v)
	if !ok {
		if b, isBool := v.(bool); isBool {
			return binding.ToNumber(b), true
		}
		return 0, false
	}
	return f, true
}
