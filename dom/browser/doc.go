//go:build js && wasm

// Package browser connects the dom layer to the page: Patcher hands op batches to
// web/a2ui-runtime.js (one CopyBytesToJS into a reused Uint8Array and one call per batch)
// and Events turns the runtime's delegated DOM events into dom.Event values for a callback.
//
// Place in the pipeline: the last step of a frame (dom.Tree.Render → Encoder bytes →
// Patcher.Patch) and the first step of user input (runtime listener → Events' deliver
// callback, which queues for the renderer's UI goroutine → Tree.Lookup). It calls JS only
// through github.com/hack-pad/safejs (exceptions become errors); every file carries the
// js && wasm build constraint.
package browser
