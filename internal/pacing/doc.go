// Package pacing is the one table of the engine's pacing constants and budgets, and the
// pure decisions made from them.
//
// Place in the pipeline: the browser host (webhost) runs one UI goroutine. Its UI loop
// runs queued work in slices and yields to the browser; its frame requester coalesces
// frame requests and spaces frames by their cost and the DOM size; its ingest path cuts
// every byte source into pieces that a renderer's pump (internal/uiqueue) applies one per
// task. All three read Default here instead of constants of their own, and ask the
// Table's methods when to yield, when to render, and how long to wait. webhost is
// js/wasm only; this package is plain Go (no syscall/js) and tested on the host, with
// the clock passed in.
//
// Pacing that stays elsewhere, each beside the code that counts it:
//   - the yield points inside long work, counted in bytes or instances, not time:
//     internal/jsonscan.PauseEvery (64 KiB scanned between two Pause calls) and the
//     catalog build's deadline check every 32 instances (catalog/budget.go
//     pastDeadline); the UI loop decides at those points whether to yield (Table.Line);
//   - the renderer's public options: render.DefaultRenderBudget (how long one surface
//     build may take), render.DefaultActionTimeout, the click debounce
//     (render/options.go) and the stream reconnect backoff (render/stream.go);
//   - the JS side, in web/ (not Go): web/a2ui-runtime.js WARM_IDLE_MS and WARM_TRIES
//     (the idle period and tries of the data-update warm-up, warmSoon) and its 250 ms
//     idle fallback; web/a2ui-worker.js LARGE_MS (a data-model mirror that cost more is
//     left out of the frame's small mirror), the mirror pacing (a model is mirrored at
//     most every 4x its last cost, mirrorSoon) and the worker's warm-up retries (50 ms,
//     40 tries); web/a2ui.js HOLD_MAX (the largest payload the page holds for a frame).
package pacing
