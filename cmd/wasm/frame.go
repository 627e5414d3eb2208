//go:build js && wasm

package main

import "github.com/hack-pad/safejs"

// frameRequester coalesces frame requests into one requestAnimationFrame callback (with a
// timer fallback, since hidden tabs pause animation frames). The JS callbacks only post
// the frame to the UI goroutine.
type frameRequester struct {
	fn        func()
	cb        safejs.Func
	requested bool
	released  bool
	// outstanding counts scheduled invocations of cb: cb is released only when none
	// remains, since calling a released js.Func ends the Go program.
	outstanding int
}

func newFrameRequester(fn func()) *frameRequester {
	fr := &frameRequester{fn: fn}
	fr.cb = jsFunc(func(safejs.Value, []safejs.Value) any {
		fr.outstanding--
		if fr.released {
			if fr.outstanding == 0 {
				release(fr.cb)
			}
			return nil
		}
		post(fr.run)
		return nil
	})
	return fr
}

func (fr *frameRequester) run() {
	if !fr.requested || fr.released {
		return
	}
	fr.requested = false
	fr.fn()
}

func (fr *frameRequester) request() {
	if fr.requested || fr.released {
		return
	}
	fr.requested = true
	g := safejs.Global()
	if raf, err := g.Get("requestAnimationFrame"); err == nil && raf.Type() == safejs.TypeFunction {
		if _, err := raf.Invoke(fr.cb.Value()); err == nil {
			fr.outstanding++
		}
	}
	if st, err := g.Get("setTimeout"); err == nil {
		if _, err := st.Invoke(fr.cb.Value(), 100); err == nil {
			fr.outstanding++
		}
	}
}

func (fr *frameRequester) release() {
	if fr.released {
		return
	}
	fr.released = true
	if fr.outstanding == 0 {
		release(fr.cb)
	}
}
