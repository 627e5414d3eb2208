// Package binding evaluates A2UI dynamic values: the step between the data model and the
// component tree. The catalog calls Eval for every bound prop of a component instance,
// in that instance's Scope (surface + data scope), and re-renders the node when one of
// the paths recorded in Scope.Reads changes.
//
// Pipeline: protocol (wire) → model (surfaces, data) → binding (values, functions,
// checks, coercion, formatting) → catalog (components) → dom.
//
// Contents:
//   - Eval / EvalValue: literal, {"path"}, {"call","args"} and the lifted v0.8 init form
//     {"path","literal"}; Seeder writes such literals into the model once per key.
//     v1.0's {"call":"@index"} is the template row index (index.go). The catalog a call
//     runs in (its catalogId from v1.0, else the surface's) is resolved in callcatalog.go,
//     which also finds the calls CallsWithoutCatalog reports on a surface without one.
//   - ToString, ToNumber, ToBool, ToStringList: the renderer guide's coercion table.
//   - Functions: the registry (Register, Policy, the regex cache behind
//     Context.CompileRegexp), with formatString's ${...} interpolation
//     (Context.Interpolate). The basic functions themselves live in catalog/basic
//     (basic.Functions), written on this package's exported API.
//   - Checks: the v0.9 CheckRule list of Checkable components.
//   - Formatter / GoFormatter: locale-dependent number, currency, date and plural output.
//   - Subpackage webcore: web_core's extra functions (add … ends_with), opt-in.
//
// Everything runs on the renderer's UI goroutine; nothing here blocks or does I/O. The
// package is pure Go (no syscall/js) and tested on the host.
package binding
