// Package webcore holds the functions web_core's basic catalog has beyond the A2UI basic
// catalog: add, subtract, multiply, divide, equals, not_equals, greater_than, less_than,
// contains, starts_with and ends_with. Agents written against web_core call them; the
// spec's catalogs do not define them, so they are opt-in: Register adds them to a
// binding.Functions (the page opts in with the mount option functions: ["web_core"] or
// the attribute functions="web_core"). Without it a call to add stays an unknown function.
//
// Pipeline: binding evaluates a {"call": ...} value → the registry looks the name up →
// these Funcs run on the renderer's UI goroutine with already-evaluated arguments.
//
// Semantics are web_core's (renderers/web_core/src/v0_9/basic_catalog/functions, with the
// zod argument schemas of basic_functions_api): arguments are coerced the way JavaScript's
// Number() and String() do, a missing argument (or a null number) is FUNCTION_FAILED,
// equality is JavaScript's ===. The table tests in this package spell every case out.
package webcore
