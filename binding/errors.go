package binding

import "github.com/a2ui-go/a2ui/protocol"

// Every error this package returns is a *protocol.Error so the renderer can forward it to
// the agent unchanged (after filling Path with the JSON Pointer of the offending prop):
//
//   - protocol.CodeFunction (FUNCTION_FAILED): unknown function, missing or bad argument,
//     bad regex, formatString syntax error, nesting too deep, URL refused by openUrl;
//   - protocol.CodePolicy (POLICY_DENIED): the Functions policy switched the function off;
//   - protocol.CodeValidationFailed (VALIDATION_FAILED): malformed JSON or a malformed
//     path (bad "~" escape), a "path"/"call" that is not a string, a bad checks array.
//
// SurfaceID is set from the Scope when it has a surface; Path is left empty.

func funcErr(s Scope, name, msg string) *protocol.Error {
	m := msg
	if name != "" {
		m = name + ": " + msg
	}
	return &protocol.Error{Code: protocol.CodeFunction, SurfaceID: s.surfaceID(), Message: m}
}

func policyErr(s Scope, name string) *protocol.Error {
	return &protocol.Error{Code: protocol.CodePolicy, SurfaceID: s.surfaceID(),
		Message: "function " + name + " is disabled by policy"}
}

func validationErr(s Scope, msg string) *protocol.Error {
	return &protocol.Error{Code: protocol.CodeValidationFailed, SurfaceID: s.surfaceID(), Message: msg}
}

// FuncError builds the error a custom Func should return for bad arguments or a failed
// evaluation: a *protocol.Error with Code FUNCTION_FAILED and Message "<name>: <msg>".
func FuncError(c *Context, msg string) error {
	return funcErr(c.Scope, c.Name, msg)
}
