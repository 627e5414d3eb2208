//go:build js && wasm

package webhost

import (
	"time"

	"github.com/a2ui-go/a2ui/internal/pacing"
	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
)

// frameRequester coalesces frame requests into one requestAnimationFrame callback (with a
// timer fallback, since hidden tabs pause animation frames). The JS callbacks only post
// the frame to the UI goroutine. Frames adapt to their cost: when the last frame took
// more than a few milliseconds (a very large surface being streamed), the next one waits
// at least as long again, so rendering never takes more than about half of the time and
// the stream keeps flowing (pacing.Table.FrameGap). While a frame is pending the page
// holds process() payloads (hold, take): the frame applies them first, so a stream costs
// a call per frame.
type frameRequester struct {
	fn func()
	// size returns the mounted DOM size (nodes), which paces frames: see run.
	size      func() int
	cb        safejs.Func
	requested bool
	released  bool
	// outstanding counts scheduled invocations of cb: cb is released only when none
	// remains, since calling a released js.Func ends the Go program.
	outstanding int
	// last is the last frame run.
	last pacing.Frame
	// hold tells the page whether a frame is pending (holding: the last value given;
	// the page holds payloads only while it is set): while one is, the page holds the
	// payloads given to process() instead of calling in. take queues the held payloads
	// and calls then (if not nil) once they are applied or pacing's FrameWork has
	// passed; it reports whether there were any. taking: a take awaits its render.
	hold    func(on bool)
	take    func(then func()) bool
	holding bool
	taking  bool
}

func newFrameRequester(fn func(), size func() int) *frameRequester {
	fr := &frameRequester{fn: fn, size: size}
	fr.cb = jsFunc(func(_ safejs.Value, args []safejs.Value) any {
		fr.outstanding--
		if fr.released {
			if fr.outstanding == 0 {
				release(fr.cb)
			}
			return nil
		}
		// requestIdleCallback passes an IdleDeadline (rAF a number, setTimeout nothing).
		if len(args) > 0 && args[0].Type() == safejs.TypeObject {
			post(fr.runIdle)
		} else {
			post(fr.run)
		}
		return nil
	})
	return fr
}

func (fr *frameRequester) run() { fr.runFrame(false) }

// runIdle is run when the browser is idle: the frame need not wait out its gap, which
// keeps time for messages and layout while a stream flows; idle, it is only latency (the
// last message of a stream would wait up to pacing's MaxCostGap).
func (fr *frameRequester) runIdle() {
	if fr.requested && !fr.taking && !fr.released {
		idleFrames++
	}
	fr.runFrame(true)
}

// idleFrames counts the frames run by requestIdleCallback (__a2uiGo.stats()).
var idleFrames int

func (fr *frameRequester) runFrame(idle bool) {
	if !fr.requested || fr.released || fr.taking {
		return // (a take in progress renders when its payloads are applied)
	}
	if !idle {
		if wait := pacing.Default.WaitMillis(fr.last, fr.size(), time.Now()); wait > 0 {
			fr.schedule("setTimeout", wait)
			fr.schedule("requestIdleCallback", -1)
			return
		}
	}
	if fr.holding && fr.take != nil && fr.take(fr.render) {
		fr.taking = true
		return
	}
	fr.render()
}

// render runs the frame (UI goroutine). Payloads held since the take are taken now,
// behind the queued ones (the pump yields to the browser, so the page can hold more
// while a take is applied): process() calls in again until the next frame request.
func (fr *frameRequester) render() {
	if fr.released {
		return
	}
	fr.taking = false
	fr.requested = false
	if fr.holding {
		fr.setHold(false)
		if fr.take != nil {
			fr.take(nil)
		}
	}
	start := time.Now()
	fr.fn()
	fr.last.End = time.Now()
	fr.last.Cost = fr.last.End.Sub(start)
}

func (fr *frameRequester) setHold(on bool) {
	if fr.hold != nil && fr.holding != on {
		fr.holding = on
		fr.hold(on)
	}
}

// schedule calls cb through the global timer function fn (with delay ms, if >= 0).
func (fr *frameRequester) schedule(fn string, delay int) {
	f, err := safejs.Global().Get(fn)
	if err != nil || f.Type() != safejs.TypeFunction {
		return
	}
	args := []any{fr.cb.Value()}
	if delay >= 0 {
		args = append(args, delay)
	}
	if _, err := f.Invoke(args...); err == nil {
		fr.outstanding++
	}
}

func (fr *frameRequester) request() {
	if fr.requested || fr.released {
		return
	}
	fr.requested = true
	// An isolated change on an idle, small page renders at the end of the current task
	// (a microtask) instead of waiting up to a frame: still at most one render per
	// animation-frame interval, and every message processed in this task is batched.
	// So does the renderer's first frame: its work (on a cold load mostly compiling the
	// render path) starts at once instead of at the next animation frame.
	// (The page need not hold payloads for it: they would be applied first anyway.)
	if fr.last.End.IsZero() || pacing.Default.AtOnce(fr.last, fr.size(), time.Now()) {
		fr.schedule("queueMicrotask", -1)
		return
	}
	fr.setHold(true)
	fr.schedule("requestAnimationFrame", -1)
	fr.schedule("setTimeout", pacing.Default.FallbackMillis())
}

func (fr *frameRequester) release() {
	if fr.released {
		return
	}
	fr.released = true
	fr.setHold(false)
	if fr.outstanding == 0 {
		release(fr.cb)
	}
}
