// Package dom is the renderer's DOM layer: the resolved tree (Node), the diff (Tree) and the
// binary op stream (Encoder) that the appliers execute.
//
// Place in the pipeline: the catalog build turns a surface into a *Node tree; the renderer
// hands it to the surface's Tree.Render, which diffs it against the previously mounted tree and
// appends the DOM mutations to an Encoder; the encoder's bytes go, once per frame, to an
// applier — web/a2ui-runtime.js in the browser (through dom/browser's Patcher, one
// CopyBytesToJS and one call per batch) or dom/memdom on the host. In the other direction
// the runtime reports delegated DOM events as Event{Surface, Node, Type, ...}; the renderer
// finds the node with Tree.Lookup and its handler with Node.Handler.
//
// This package is pure Go: no syscall/js, usable and tested on the host. Everything in it
// runs on the renderer's UI goroutine.
package dom
