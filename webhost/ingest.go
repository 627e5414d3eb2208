//go:build js && wasm

package webhost

import (
	"time"

	"github.com/a2ui-go/a2ui/internal/pacing"
	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
)

// The one ingest path. Every byte source of a renderer enters the same way: the
// page's process() payloads and the payloads it held for a frame (processPayload), the
// bodies fetch reads for attach(), connect() and action answers, and the agent
// connections' response bodies (feed). Each is cut into pieces of about pacing's Piece
// bytes and pushed to the renderer's pump (jsRenderer.in, a uiqueue.Pump on the UI
// queue), which applies them in order, one per task, each written into a render.Stream
// (a payload is a stream of its own: Renderer.ProcessPieces). So a large input never
// holds the main thread for long, input events and frames run between its pieces, and
// a frame that took held payloads renders once they are applied (take).

// The sizes and budgets of this path are pacing's: Piece (the pieces a byte source is
// applied in), InputLimit (how many may wait in a renderer's pump before its stream
// readers wait) and FrameWork (how long a frame applies the payloads it took before it
// renders; the rest are applied after it, so a long stream's progress is painted).

// ingest pushes one source's pieces to the pump, in order. With wait false (the UI
// goroutine, a JS callback) it never blocks; reader goroutines pass wait true and wait
// while InputLimit pieces are pending.
func (jr *jsRenderer) ingest(pieces []func(), wait bool) {
	for _, p := range pieces {
		task := func() {
			if jr.destroyed {
				return
			}
			if jr.render != nil && pacing.Default.TakeExpired(jr.taken, time.Now()) {
				jr.renderNow()
			}
			p()
		}
		if wait {
			jr.in.PushWait(task)
		} else {
			jr.in.Push(task)
		}
	}
}

// processPayload queues a payload the page gave (a JSON message, array or JSONL text),
// cut at line ends (UI goroutine).
func (jr *jsRenderer) processPayload(p []byte) {
	jr.ingest(jr.r.ProcessPieces(p, pacing.Default.Piece), false)
}

// feed queues a chunk a reader goroutine read for write, cut anywhere (the stream
// keeps a partial line); it waits while InputLimit pieces are pending.
func (jr *jsRenderer) feed(buf []byte, write func([]byte)) {
	var pieces []func()
	for len(buf) > 0 {
		piece := buf[:min(len(buf), pacing.Default.Piece)]
		buf = buf[len(piece):]
		pieces = append(pieces, func() { write(piece) })
	}
	jr.ingest(pieces, true)
}

// processCalls counts the page's process() calls into Go, heldPayloads the payloads
// taken from the page's hold instead (__a2uiGo.stats()).
var processCalls, heldPayloads int

// newFrame makes jr's frame requester: a frame renders jr, paced by its DOM size. While
// one is pending the page holds process() payloads (hooks.hold); the frame takes them
// first (take).
func (jr *jsRenderer) newFrame() *frameRequester {
	// hooks.frame (worker mode, web/a2ui-worker.js) hears of every frame: the page's
	// mirror of the data model follows a change that patched nothing.
	onFrame, _ := jr.hooks.Get("frame")
	notify := onFrame.Type() == safejs.TypeFunction
	fr := newFrameRequester(func() {
		if !jr.destroyed {
			jr.r.Frame()
			if notify {
				_, _ = onFrame.Invoke()
			}
		}
	}, func() int {
		if jr.destroyed {
			return 0
		}
		return jr.r.Nodes()
	})
	fr.hold = func(on bool) { _ = jr.hooks.Set("hold", on) }
	fr.take = jr.take
	return fr
}

// take queues the payloads the page held and reports whether there were any; then, if
// not nil, is the frame: it runs once they are applied, or once FrameWork has passed
// (ingest), whichever is first (UI goroutine).
func (jr *jsRenderer) take(then func()) bool {
	if jr.destroyed || !jr.enqueueHeld(jr.takeHeld()) {
		return false
	}
	if then != nil {
		jr.takes++
		n := jr.takes
		jr.render, jr.taken = then, time.Now()
		jr.in.Push(func() {
			if jr.takes == n { // not a later take's frame
				jr.renderNow()
			}
		})
	}
	return true
}

// renderNow runs the frame waiting for a take, if any (UI goroutine).
func (jr *jsRenderer) renderNow() {
	if f := jr.render; f != nil {
		jr.render = nil
		f()
	}
}

// takeHeld takes the payloads the page held while a frame was pending (web/a2ui.js:
// hooks.hold, hooks.take): one call for all of them, each a 4-byte little-endian length
// and that many bytes of UTF-8. Called in a JS callback or on the UI goroutine; the
// bytes are copied before any JS runs again.
func (jr *jsRenderer) takeHeld() []byte {
	v, err := jr.hooks.Call("take")
	if err != nil || v.Type() != safejs.TypeObject {
		return nil
	}
	n, err := v.Length()
	if err != nil || n <= 0 {
		return nil
	}
	b := make([]byte, n)
	if _, err := safejs.CopyBytesToGo(b, v); err != nil {
		return nil
	}
	return b
}

// takeHeldIf is takeHeld when the page may hold payloads (a frame is pending).
func (jr *jsRenderer) takeHeldIf() []byte {
	if !jr.frame.holding {
		return nil
	}
	return jr.takeHeld()
}

// enqueueHeld queues the payloads of takeHeld, in order, and reports whether there were
// any (UI goroutine).
func (jr *jsRenderer) enqueueHeld(b []byte) bool {
	queued := false
	for len(b) > 0 {
		p, rest, ok := heldPayload(b)
		if !ok {
			logError("a2ui: malformed held payloads")
			break
		}
		jr.processPayload(p)
		heldPayloads++
		b, queued = rest, true
	}
	return queued
}

// heldPayload cuts the first length-prefixed payload off b.
func heldPayload(b []byte) (p, rest []byte, ok bool) {
	if len(b) < 4 {
		return nil, nil, false
	}
	n := int(b[0]) | int(b[1])<<8 | int(b[2])<<16 | int(b[3])<<24
	if n < 0 || n > len(b)-4 {
		return nil, nil, false
	}
	return b[4 : 4+n], b[4+n:], true
}

// textEncoder is the page's TextEncoder, made on first use.
var textEncoder safejs.Value

// stringBytes returns the JS string v as UTF-8 bytes, copied once from TextEncoder's
// output (Value.String and a []byte conversion would copy a large payload three times).
func stringBytes(v safejs.Value) ([]byte, bool) {
	if v.Type() != safejs.TypeString {
		return nil, false
	}
	if textEncoder.IsUndefined() {
		ctor, err := safejs.Global().Get("TextEncoder")
		if err != nil {
			return nil, false
		}
		if textEncoder, err = ctor.New(); err != nil {
			return nil, false
		}
	}
	u8, err := textEncoder.Call("encode", v)
	if err != nil {
		return nil, false
	}
	n, err := u8.Length()
	if err != nil {
		return nil, false
	}
	b := make([]byte, n)
	if _, err := safejs.CopyBytesToGo(b, u8); err != nil {
		return nil, false
	}
	return b, true
}
