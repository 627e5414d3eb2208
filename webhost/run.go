//go:build js && wasm

package webhost

import (
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/a2ui-go/a2ui/internal/pacing"
	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

	"github.com/a2ui-go/a2ui/internal/uiqueue"
	"github.com/a2ui-go/a2ui/protocol"
)

// work is the UI goroutine's one ordered queue. JS callbacks enqueue with post, which
// never blocks; a renderer's input goes through its pump on it (ingest.go), where stream
// readers wait for room. Its PostWait limit is pacing's WorkLimit (the pumps have their
// own, InputLimit).
var work = uiqueue.New(pacing.Default.WorkLimit)

// post enqueues f for the UI goroutine without ever blocking the caller.
func post(f func()) { work.Post(f) }

// uiMu is held while a task runs: by the UI goroutine, or by the input fast path
// (inputNow), which runs only when it can take uiMu with the queue empty.
var uiMu sync.Mutex

// gcPercent is the GOGC the renderer runs with unless the page's environment sets GOGC.
// Measured in the wasm under Node's V8 (render.BenchmarkBulkTexts1000, medians of 6):
// 215 ms at 100, 162 at 200, 137 at 400; 200 keeps the heap within 3x the live data.
const gcPercent = 200

// Run starts the browser host and never returns: it installs window.__a2uiGo for
// web/a2ui.js and runs the UI loop. A wasm main calls it last (after AddCatalog).
func Run() {
	mark("go-main")
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	g := safejs.Global()
	startYield()
	if err := startDOM(); err != nil {
		logError("a2ui: " + err.Error())
		return
	}
	api, _ := safejs.ValueOf(map[string]any{})
	_ = api.Set("create", jsFunc(createRenderer).Value())
	_ = api.Set("stats", jsFunc(stats).Value())
	if hooks, err := g.Get("__a2uiTestHooks"); err == nil {
		if on, _ := hooks.Truthy(); on {
			// Tests of the loader's recovery end the Go program on purpose. Only a page
			// script that set window.__a2uiTestHooks before the runtime started can
			// reach this; nothing an agent sends can.
			_ = api.Set("exitForTest", jsFunc(func(safejs.Value, []safejs.Value) any {
				post(func() { os.Exit(3) })
				return nil
			}).Value())
		}
	}
	_ = g.Set("__a2uiGo", api)
	if started, err := g.Get("__a2uiStarted"); err == nil && started.Type() == safejs.TypeFunction {
		_, _ = started.Invoke()
	}
	// Queued work runs in slices: past pacing's Slice of continuous work, the loop sleeps a
	// moment, which hands the main thread back to the browser (input, paint) before the
	// rest of the queue.
	for {
		f, ok := work.TryNext()
		if !ok {
			f = work.Next() // idle until more work: the browser has the thread
			sliceStart = time.Time{}
			growStack(0) // the GC may have shrunk the stack while the loop waited
		}
		if sliceStart.IsZero() {
			sliceStart = time.Now()
		}
		uiMu.Lock()
		inLoop = true
		runTask(f)
		inLoop = false
		uiMu.Unlock()
		if work.Len() > 0 && pacing.Default.SliceSpent(sliceStart, time.Now()) {
			yieldToBrowser()
			sliceStart = time.Time{}
			growStack(0)
		}
	}
}

// inLoop is set while the UI loop runs a task (not in the input fast path, which runs
// inside a JS callback and must never block); sliceStart is when the loop's current
// slice of work began.
var (
	inLoop     bool
	sliceStart time.Time
)

// yieldLong is render.Options.Yield: inside a task of the UI loop that has run past
// pacing's Line, it hands the main thread to the browser before the task goes on (a line
// at the size cap is decoded in slices). The queued work waits: order is kept.
func yieldLong() {
	if inLoop && pacing.Default.LineSpent(sliceStart, time.Now()) {
		yieldToBrowser()
		sliceStart = time.Now()
	}
}

// yielded is signalled by the MessageChannel callback of yieldToBrowser.
var (
	yielded   = make(chan struct{}, 1)
	yieldPort safejs.Value
)

// yieldToBrowser blocks the UI goroutine until the browser ran the tasks already queued
// (input, timers) and, when due, a rendering step: a message posted to a MessageChannel
// is a task of its own, without setTimeout's clamping. Falls back to a sleep (pacing's
// YieldSleep).
func yieldToBrowser() {
	if yieldPort.IsUndefined() {
		time.Sleep(pacing.Default.YieldSleep)
		return
	}
	if _, err := yieldPort.Call("postMessage", nil); err != nil {
		time.Sleep(pacing.Default.YieldSleep)
		return
	}
	<-yielded
}

// startYield makes the MessageChannel of yieldToBrowser, at start-up: its callback is
// one of the runtime's own js.Funcs, not one that appears the first time work yields.
func startYield() {
	ctor, err := safejs.Global().Get("MessageChannel")
	if err != nil || ctor.Type() != safejs.TypeFunction {
		return
	}
	ch, err := ctor.New()
	if err != nil {
		return
	}
	p1, _ := ch.Get("port1")
	_ = p1.Set("onmessage", jsFunc(func(safejs.Value, []safejs.Value) any {
		select {
		case yielded <- struct{}{}:
		default:
		}
		return nil
	}).Value())
	yieldPort, _ = ch.Get("port2")
}

// runTask runs one queued function; a panic is logged and the loop goes on (the surface
// code recovers its own panics; this is the last line of defence for the whole page).
func runTask(f func()) {
	defer func() {
		if p := recover(); p != nil {
			logError("a2ui: recovered panic: " + protocol.PanicText(p))
		}
	}()
	f()
}

// mark adds the user-timing mark "a2ui:"+name (make bench prints the start-up trace).
func mark(name string) {
	if p, err := safejs.Global().Get("performance"); err == nil && p.Type() == safejs.TypeObject {
		_, _ = p.Call("mark", "a2ui:"+name)
	}
}

func logError(msg string) {
	if c, err := safejs.Global().Get("console"); err == nil {
		_, _ = c.Call("error", msg)
	}
}
