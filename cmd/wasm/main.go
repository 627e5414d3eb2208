//go:build js && wasm

// Command wasm is the browser entry point of the A2UI renderer (GOOS=js GOARCH=wasm). It
// installs window.__a2uiGo for web/a2ui.js, runs the renderer's single UI goroutine, reads
// fetch bodies through the ReadableStream reader (never net/http) and bridges DOM events,
// animation frames and Intl into package render.
//
// Goroutines: main runs the UI loop; every JS callback only enqueues work for it (a JS
// callback must never block on something that needs the JS event loop); one goroutine per
// open stream awaits reader.read() promises and enqueues the chunks.
package main

import (
	"github.com/hack-pad/safejs"
)

// work is the UI goroutine's queue. JS callbacks enqueue with post, never blocking.
var work = make(chan func(), 8192)

// post enqueues f for the UI goroutine without ever blocking the caller.
func post(f func()) {
	select {
	case work <- f:
	default:
		go func() { work <- f }()
	}
}

// inUI is true while the UI goroutine runs a task; a JS callback that finds it true was
// triggered synchronously by that task (a nested call) and runs inline.
var inUI bool

func main() {
	mark("go-main")
	g := safejs.Global()
	if err := startDOM(); err != nil {
		logError("a2ui: " + err.Error())
		return
	}
	api, _ := safejs.ValueOf(map[string]any{})
	_ = api.Set("create", jsFunc(createRenderer).Value())
	_ = api.Set("stats", jsFunc(stats).Value())
	_ = g.Set("__a2uiGo", api)
	if started, err := g.Get("__a2uiStarted"); err == nil && started.Type() == safejs.TypeFunction {
		_, _ = started.Invoke()
	}
	for f := range work {
		inUI = true
		runTask(f)
		inUI = false
	}
}

// runTask runs one queued function; a panic is logged and the loop goes on (the surface
// code recovers its own panics; this is the last line of defence for the whole page).
func runTask(f func()) {
	defer func() {
		if p := recover(); p != nil {
			logError("a2ui: recovered panic: " + panicString(p))
		}
	}()
	f()
}

func panicString(p any) string {
	switch v := p.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return "panic"
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
