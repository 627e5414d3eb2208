// Package uiqueue is the UI goroutine's work queue: one ordered, unbounded FIFO of
// functions that the browser host (webhost) drains on its single UI goroutine.
//
// Place in the pipeline: every JS callback (events, frames, timers, promise
// settlements) and every stream reader goroutine hands its work to the UI goroutine
// through one Queue, so work runs in the order it was posted. Post never blocks (a JS
// callback must not wait on the Go scheduler); PostWait lets a background reader wait
// for room, which keeps a fast network from filling memory faster than the page renders.
// A Pump on the Queue is one renderer's ordered input (page payloads, stream bodies):
// one function per task, so other work runs between the pieces of a large input, and
// PushWait gives its readers the same backpressure.
//
// The package is plain Go (no syscall/js) and tested on the host.
package uiqueue
