//go:build js && wasm

package webhost

import (
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/browser"
	"github.com/a2ui-go/a2ui/render"
)

// The page has one op applier and one event bridge, shared by all renderers. Surface
// hosts are registered as "r<handle>:<surfaceId>" so two renderers never share a name.
var (
	patcher *browser.Patcher
	events  *browser.Events
)

func hostPrefix(handle int) string { return "r" + strconv.Itoa(handle) + ":" }

// startDOM finds web/a2ui-runtime.js, queues every delegated event for the UI
// goroutine, in order, and makes whenIdle's callback.
func startDOM() error {
	var err error
	if patcher, err = browser.NewPatcher(); err != nil {
		return err
	}
	events, err = browser.NewEvents(func(ev dom.Event) {
		if !inputNow(ev) {
			post(func() { dispatchEvent(ev) })
		}
	})
	idleCB = jsFunc(func(_ safejs.Value, args []safejs.Value) any {
		// Wait for a real idle period, not the sliver before the next frame: the work is
		// one uninterruptible chunk and must not hold that frame back.
		if len(args) > 0 && idleRetries < maxIdleRetries && idleLeft(args[0]) < minIdleMs {
			idleRetries++
			if requestIdle() {
				return nil
			}
		}
		idleRetries = 0
		work := idleWork
		idleWork = nil
		for _, f := range work {
			post(f)
		}
		return nil
	})
	return err
}

// inputNow is the typing fast path (inside the JS event callback): an input event that
// finds the UI goroutine idle with nothing queued is dispatched, and its frame patched
// (render.Dispatch renders at once), right there, without waking the UI goroutine.
// Anything else (other events, queued work, a task in progress) is queued, in order.
func inputNow(ev dom.Event) bool {
	if ev.Type != "input" || work.Len() > 0 || !uiMu.TryLock() {
		return false
	}
	defer uiMu.Unlock()
	runTask(func() { dispatchEvent(ev) })
	return true
}

// dispatchEvent routes a delegated DOM event to its renderer (UI goroutine).
func dispatchEvent(ev dom.Event) {
	name := ev.Surface
	if !strings.HasPrefix(name, "r") {
		return
	}
	i := strings.IndexByte(name, ':')
	if i < 0 {
		return
	}
	h, err := strconv.Atoi(name[1:i])
	if err != nil {
		return
	}
	jr := renderers[h]
	if jr == nil || jr.destroyed {
		return
	}
	jr.r.Dispatch(name[i+1:], ev)
}

// patched is set after the first op batch (the a2ui:first-frame mark).
var patched bool

func patch(ops []byte) {
	if err := patcher.Patch(ops); err != nil {
		logError("a2ui: patch failed: " + err.Error())
	}
	if !patched {
		patched = true
		mark("first-frame")
		// The first keystroke would otherwise compile its path (V8 compiles a wasm
		// function on its first call): type into a private field meanwhile.
		whenIdle(func() { render.WarmTyping() })
	}
}

// idleCB is the requestIdleCallback callback of whenIdle, made at start-up like the
// runtime's other callbacks (one js.Func for the page's life); idleWork is what it posts.
var (
	idleCB      safejs.Func
	idleWork    []func()
	idleRetries int
)

// minIdleMs is the idle time whenIdle's work waits for (requestIdleCallback's deadline),
// up to maxIdleRetries periods or its one-second timeout.
const (
	minIdleMs      = 12
	maxIdleRetries = 30
)

// idleLeft is an IdleDeadline's timeRemaining() (a large value once it timed out or
// when it cannot be read, so that the work runs).
func idleLeft(deadline safejs.Value) float64 {
	if to, err := deadline.Get("didTimeout"); err == nil {
		if b, err := to.Bool(); err == nil && b {
			return 1e9
		}
	}
	v, err := deadline.Call("timeRemaining")
	if err != nil {
		return 1e9
	}
	f, err := v.Float()
	if err != nil {
		return 1e9
	}
	return f
}

// whenIdle runs f on the UI goroutine in an idle period of at least minIdleMs
// (requestIdleCallback; after maxIdleRetries shorter periods, or on its timeout, in any
// case; else a timer).
func whenIdle(f func()) {
	idleWork = append(idleWork, f)
	if len(idleWork) > 1 {
		return // already asked
	}
	if !requestIdle() {
		idleWork = nil
	}
}

// requestIdle asks for idleCB once (requestIdleCallback, else a 100 ms timer).
func requestIdle() bool {
	g := safejs.Global()
	if ric, err := g.Get("requestIdleCallback"); err == nil && ric.Type() == safejs.TypeFunction {
		opts, _ := safejs.ValueOf(map[string]any{"timeout": 1000})
		if _, err := ric.Invoke(idleCB.Value(), opts); err == nil {
			return true
		}
	}
	if st, err := g.Get("setTimeout"); err == nil && st.Type() == safejs.TypeFunction {
		if _, err := st.Invoke(idleCB.Value(), 100); err == nil {
			return true
		}
	}
	return false
}

func registerHost(handle int, id string, el safejs.Value) {
	if err := patcher.Attach(hostPrefix(handle)+id, el); err != nil {
		logError("a2ui: attach failed: " + err.Error())
	}
}

func unregisterHost(handle int, id string) {
	_ = patcher.Detach(hostPrefix(handle) + id)
}
