//go:build js && wasm

package webhost

import (
	"runtime"
	"unsafe"
)

// The typing fast path without js.FuncOf. The runtime's delegated `input` listener calls
// the wasm export a2uiInput synchronously, with the event as numbers and the control's
// value as UTF-8 in inputBuf (TextEncoder.encodeInto; a2uiInputBuf gives its address).
// A js.FuncOf call goes JS → _resume → runtime.handleEvent → syscall/js's argument
// reads (one crossing each, one for each string) → the callback, then parks and runs
// the scheduler before returning; the export skips all of that. web/a2ui.js hands the
// exports to the runtime (__a2uiRuntime.setInput) once main() is up.
//
// An export runs on whatever goroutine the JS call finds (the idle one, or the one whose
// call into JS led here), with no scheduler run after it, so it must never block:
// like inputNow it runs only with uiMu free and the queue empty, and otherwise declines
// (the runtime then sends the event through the js.FuncOf bridge, which queues it).
// Work that needs the scheduler after it (something queued, a goroutine started, a
// timer armed, a nested call into Go) makes it answer kickSched: the runtime then calls
// the bridge with no event, which only runs the scheduler.

// Answers of a2uiInput.
const (
	inputDeclined = 0 // not handled: send it through the bridge
	inputDone     = 1 // handled (or dropped, as the bridge would)
	kickSched     = 2 // handled; goroutines wait for the scheduler
)

// typingStats counts a2uiInput's answers (__a2uiGo.stats(): typingExport, typingDeclined,
// typingKicks).
var typingStats struct{ handled, declined, kicks int }

// inputBuf holds the value of the input event a2uiInput reads; never moved (Go's heap
// does not move) and only replaced by a2uiInputBuf.
var inputBuf []byte

// maxInputBuf bounds inputBuf (JS asks for 3 bytes a UTF-16 unit: values up to 21,845
// units); a longer value (a paste) goes through the bridge.
const maxInputBuf = 64 << 10

// entries counts calls from JS into Go's callbacks (the bridge and jsFunc), so the
// export can tell a nested call (one that may have woken a goroutine) happened during it.
var entries int

// timersArmed counts afterFunc timers; one armed inside the export needs the scheduler.
var timersArmed int

// inputBufAddr is exported as a2uiInputBuf: the address of a buffer of at least n bytes
// for a2uiInput's value, 0 when n is out of range (JS thread, Go idle).
//
//go:wasmexport a2uiInputBuf
func inputBufAddr(n int32) int32 {
	if n <= 0 || n > maxInputBuf {
		return 0
	}
	if int(n) > len(inputBuf) {
		inputBuf = make([]byte, max(int(n), 256))
	}
	return int32(uintptr(unsafe.Pointer(&inputBuf[0])))
}

// inputExport is exported as a2uiInput: an `input` event of the runtime's host index
// host on node id node (flags and timeStamp as the bridge gets them) whose value is the
// first n bytes of inputBuf. It dispatches the event and patches its frame at once, or
// declines (see above). JS thread, on the goroutine the call finds.
//
//go:wasmexport a2uiInput
func inputExport(host, node, flags int32, t float64, n int32) int32 {
	if events == nil || n < 0 || int(n) > len(inputBuf) || work.Len() > 0 || !uiMu.TryLock() {
		typingStats.declined++
		return inputDeclined
	}
	ev, ok := events.Event(int(host), uint32(node), int(flags), t, "input", string(inputBuf[:n]))
	if !ok {
		uiMu.Unlock()
		return inputDone
	}
	answer := exportTask(func() { dispatchEvent(ev) })
	typingStats.handled++
	if answer == kickSched {
		typingStats.kicks++
	}
	return answer
}

// exportTask runs f in place for an export that took uiMu, releases uiMu, and answers
// kickSched when f left work for the scheduler (something queued, a goroutine started, a
// nested call into Go, a timer armed), inputDone otherwise.
func exportTask(f func()) int32 {
	g, e, tm := runtime.NumGoroutine(), entries, timersArmed
	runInPlace(f)
	uiMu.Unlock()
	if work.Len() > 0 || runtime.NumGoroutine() != g || entries != e || timersArmed != tm {
		return kickSched
	}
	return inputDone
}
