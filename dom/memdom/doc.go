// Package memdom is an in-memory DOM that applies dom op batches, the host-side twin of
// web/a2ui-runtime.js. Tests render trees with dom.Tree, apply the bytes here and compare
// the serialized HTML, count mutations (Stats) and simulate user input (Node.SetLive).
//
// Place in the pipeline: a test-time replacement for the browser applier at the end of
// the catalog build → dom.Tree.Render → applier, and the applier of package prerender's
// host-side render. Single goroutine.
package memdom
