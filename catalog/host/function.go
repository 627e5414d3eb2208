package host

import (
	"strconv"
	"sync/atomic"
	"time"

	"github.com/a2ui-go/a2ui/binding"
)

// MaxOverruns is how many calls of a host function may run over its budget before it is
// disabled for the rest of the renderer's life (every later call fails at once): a
// slow function stalls at most that many builds, and one hiccup (a GC pause, a busy
// machine) does not switch a fast one off.
const MaxOverruns = 3

// binding wraps f as a binding function: arguments coerced to their declared types, the
// call timed, the result coerced to Returns. Called on the UI goroutine.
func (f *Function) binding(now func() time.Time) binding.Func {
	budget := f.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	var overruns atomic.Int32
	return func(c *binding.Context, args map[string]any) (any, error) {
		if overruns.Load() >= MaxOverruns {
			return nil, binding.FuncError(c, "disabled: "+strconv.Itoa(MaxOverruns)+" calls took longer than its "+budget.String()+" budget")
		}
		in := make(map[string]any, len(f.Args))
		for name, t := range f.Args {
			v, ok := args[name]
			if !ok {
				continue
			}
			cv, ok := convert(v, t)
			if !ok {
				return nil, binding.FuncError(c, "argument "+strconv.Quote(name)+" must be "+article(t))
			}
			in[name] = cv
		}
		start := now()
		v, err := f.Call(in)
		if took := now().Sub(start); took > budget {
			overruns.Add(1)
			return nil, binding.FuncError(c, "took "+took.Round(time.Millisecond).String()+", over its "+budget.String()+" budget: the value was discarded")
		}
		if err != nil {
			return nil, binding.FuncError(c, err.Error())
		}
		r, ok := convert(v, f.Returns)
		if !ok {
			return nil, binding.FuncError(c, "returned a value that is not "+article(f.Returns))
		}
		return r, nil
	}
}

// convert coerces v to type t the way basic functions coerce their arguments: strings,
// numbers and booleans convert (binding.ToString, ToNumber, ToBool), objects and arrays
// must be one, any passes.
func convert(v any, t string) (any, bool) {
	switch t {
	case String:
		return binding.ToString(v), true
	case Number:
		return binding.ToNumber(v), true
	case Boolean:
		return binding.ToBool(v), true
	case Object:
		_, ok := v.(map[string]any)
		return v, ok || v == nil
	case Array:
		_, ok := v.([]any)
		return v, ok || v == nil
	}
	return v, true
}
