// Package browser holds the end-to-end tests of the renderer in headless Chromium,
// driven with chromedp. They sit at the end of the pipeline: the built site
// (dist/ after `make build`: a2ui.js, bundling wasm_exec.js, the runtime and the CSS,
// and a2ui.wasm) is loaded in a
// real page, fed JSONL from a scriptable agent, and checked through the DOM.
//
// Every test file carries `//go:build browser`, so a plain `go test ./...` skips
// them; run them with `make test-browser` (or `go test -tags browser
// ./tests/browser/...` after `make build`).
//
// The harness (harness_test.go) starts one Chromium per test binary (the command line
// of internal/headless) and gives each test a tab (in its own window) of its own while it
// runs: a tab whose test passed goes back to a pool at about:blank (its emulated media
// reset, the pointer at the corner) for a later test, since a new window costs Chromium
// more than the navigation. Test pages are
// spread over a few loopback sites (127.0.0.1, 127.0.0.2: $A2UI_BROWSER_SITES, default
// 2), one renderer process each (--process-per-site), each holding the compiled wasm in
// a tab of its own, so V8 compiles the module once per site and run and the parallel
// tests use more than one core (sharedmodule_test.go). Every uncaught JS exception, console.error
// or console.assert failure, and Go runtime panic printed by wasm_exec.js fails the
// test unless it opts out with allowJSErrors(). Each test gets its own httptest
// server: / serves dist/, /testdata/ the repo's testdata/, /web_core/ the
// @a2ui/web_core package sources (official examples under
// /web_core/v0_9/schemas/catalogs/basic/examples/), plus the routes the test adds.
//
// Tests run in parallel (make test: two at a time; -parallel 2), except the few that
// need the renderer process's idle periods, which run first, alone.
//
// Tests do not race the clock: they await events and conditions (waitJS, flush, a
// MutationObserver in the page, waitCond on the Go side), assert structure rather than
// durations, and stop the page's clock (pageClock) where the renderer measures time;
// figures belong to make bench. A negative check waits for a later marker (loadMarker: a
// request the page makes after the render) or a state that rules the thing out (a media
// element idle, a stream closed), never for a while. Clicks are stamped (clickStamp:
// the timestamp of CDP's Input.dispatchMouseEvent becomes the event's timeStamp, which
// the renderer judges clicks by): a click meant to pass the re-arm and double-click
// windows is stamped past them instead of waiting them out (clickReady, clickArmed), and
// clickIn never joins an earlier click into a double click.
//
// Environment:
//
//	CHROMIUM                 browser binary (default /usr/bin/chromium)
//	A2UI_REQUIRE_FIXTURES=1  fail instead of skip when node_modules is missing
//	A2UI_WAIT_TIMEOUT        waitJS timeout as a Go duration (default 10s)
//	A2UI_BROWSER_MODE        main or worker: every tab sets globalThis.A2UI_MODE to it
//	                         before the page's scripts (the engine's mode, for the loader)
//	A2UI_BROWSER_JSFLAGS     V8 flags for the suite's Chromium (default --liftoff-only:
//	                         no TurboFan tier-up in the short-lived test pages; empty:
//	                         V8's defaults)
//	TMPDIR                   run go test with a project-owned TMPDIR (make does:
//	                         .tmp/), since Chromium leaves SingletonSocket dirs
package browser
