//go:build js && wasm

package webhost

import (
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

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
// goroutine, in order.
func startDOM() error {
	var err error
	if patcher, err = browser.NewPatcher(); err != nil {
		return err
	}
	events, err = browser.NewEvents(func(ev dom.Event) {
		entries++
		if !inputNow(ev) {
			post(func() { dispatchEvent(ev) })
		}
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
	runInPlace(func() { dispatchEvent(ev) })
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
	if ev.Type == "focusin" && !warmed {
		// The first focus of a field (only bound fields listen to focusin): warm the
		// typing path now, before the user's first key, instead of in the first keystroke.
		warmed = true
		render.WarmTyping()
	}
}

// warmed is set once render.WarmTyping ran (on the first field focus, UI goroutine).
var warmed bool

// patched is set after the first op batch (the a2ui:first-frame mark).
var patched bool

func patch(ops []byte) {
	if err := patcher.Patch(ops); err != nil {
		logError("a2ui: patch failed: " + err.Error())
	}
	if !patched {
		patched = true
		mark("first-frame")
	}
}

func registerHost(handle int, id string, el safejs.Value) {
	if err := patcher.Attach(hostPrefix(handle)+id, el); err != nil {
		logError("a2ui: attach failed: " + err.Error())
	}
}

func unregisterHost(handle int, id string) {
	_ = patcher.Detach(hostPrefix(handle) + id)
}
