//go:build js && wasm

package webhost

import "github.com/a2ui-go/a2ui/render"

// warmedUpdate is set once a2uiWarm ran render.WarmUpdate (__a2uiGo.stats().warmedUpdate).
var warmedUpdate bool

// warmExport is exported as a2uiWarm: it runs render.WarmUpdate once, so that the
// agent's first updateDataModel does not pay for compiling the data-update path. The
// runtime calls it in idle time a few frames after the first op batch (a2ui-runtime.js
// warmSoon). Like a2uiInput it runs only with uiMu free and the queue empty and
// otherwise declines (the runtime tries again later); it answers as a2uiInput does.
// JS thread, on the goroutine the call finds.
//
//go:wasmexport a2uiWarm
func warmExport() int32 {
	if warmedUpdate {
		return inputDone
	}
	if work.Len() > 0 || !uiMu.TryLock() {
		return inputDeclined
	}
	warmedUpdate = true
	return exportTask(func() { render.WarmUpdate() })
}
