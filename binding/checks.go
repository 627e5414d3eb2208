package binding

import (
	"encoding/json"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// DefaultCheckMessage is shown for a failing check that carries no message (the lenient
// flat form may omit it), as web_core does.
const DefaultCheckMessage = "Validation failed"

// Checks evaluates a Checkable component's checks array in scope s:
//
//	[{"condition": DynamicBoolean, "message": "..."}, ...]
//
// also accepting the lenient flat form {"call": ..., "args": {...}, "message": "..."} found
// in the protocol doc. Each condition is evaluated with Eval and coerced with ToBool; a
// check passes when it is true. Every check is evaluated (so Scope.Reads learns every path
// any check depends on), ok is true only when all pass, and msg is the message of the
// first failing check ("" when ok). A condition whose evaluation fails (bad regex,
// unknown function, ...) counts as failing — checks fail closed — and its error is
// appended to errs. A missing, null or empty array passes; raw that is not a JSON array
// of objects fails with one VALIDATION_FAILED error and DefaultCheckMessage.
func Checks(s Scope, raw json.RawMessage, fns *Functions, f Formatter) (msg string, ok bool, errs []error) {
	if len(raw) == 0 {
		return "", true, nil
	}
	v, err := jsonscan.Parse(raw)
	if err != nil {
		return DefaultCheckMessage, false, []error{validationErr(s, "checks must be an array of {condition, message}: "+err.Error())}
	}
	return ChecksValue(s, v, fns, f)
}

// ChecksValue is Checks for an already decoded checks value (nil passes).
func ChecksValue(s Scope, v any, fns *Functions, f Formatter) (msg string, ok bool, errs []error) {
	if v == nil {
		return "", true, nil
	}
	list, isList := v.([]any)
	if !isList {
		return DefaultCheckMessage, false, []error{validationErr(s, "checks must be an array of {condition, message}")}
	}
	ok = true
	c := newContext(s, fns, f)
	for i, item := range list {
		rule, isObj := item.(map[string]any)
		if !isObj || rule == nil {
			errs = append(errs, validationErr(s, "check "+itoa(i)+" is not an object"))
			if ok {
				msg, ok = DefaultCheckMessage, false
			}
			continue
		}
		message, _ := rule["message"].(string)
		if message == "" {
			message = DefaultCheckMessage
		}
		var cond any
		if cv, has := rule["condition"]; has {
			cond = cv
		} else if _, has := rule["call"]; has {
			cond = map[string]any{"call": rule["call"], "args": rule["args"]}
		} else {
			errs = append(errs, validationErr(s, "check "+itoa(i)+" has no condition"))
			if ok {
				msg, ok = message, false
			}
			continue
		}
		v, err := c.eval(cond, 0)
		pass := err == nil && ToBool(v)
		if err != nil {
			errs = append(errs, err)
		}
		if !pass && ok {
			msg, ok = message, false
		}
	}
	return msg, ok, errs
}
