//go:build js && wasm

// Package browser connects the dom layer to the page: Patcher hands op batches to
// web/a2ui-runtime.js (one CopyBytesToJS into a reused Uint8Array and one call per batch)
// and Events turns the runtime's delegated DOM events into dom.Event values on a channel.
//
// Place in the pipeline: the last step of a frame (dom.Tree.Render → Encoder bytes →
// Patcher.Patch) and the first step of user input (runtime listener → Events.C() → the
// renderer's UI goroutine → Tree.Lookup). With cmd/wasm it is the only package that
// imports syscall/js; every file carries the js && wasm build constraint.
package browser
