//go:build browser

package browser

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestHarness proves the harness itself: a page from the per-test server, waitJS,
// textOf, evalJSON, a chunked stream read by fetch, and an action POST recorded.
func TestHarness(t *testing.T) {
	t.Parallel()
	rec := newActionRecorder(`{"ok":true}`)
	chunks := []string{`{"a":1}` + "\n" + `{"b":"caf`, "\xc3", "\xa9\"}\n"}
	next := make(chan struct{}, len(chunks))
	base := serve(t,
		page("/hello.html", `<!doctype html><title>harness</title>
<p id="msg">Hello <b>harness</b></p>
<script>
window.ready = false;
setTimeout(() => { window.ready = true; }, 50);
</script>`),
		// "é" is split across chunks to prove they arrive as written.
		handle("/agent/stream", streamChunks(0, chunks...)),
		// The same chunks, each once the page read the one before (it asks for /agent/next).
		handle("/agent/stepped", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/jsonl")
			fl := w.(http.Flusher)
			for i, c := range chunks {
				if i > 0 {
					select {
					case <-next:
					case <-r.Context().Done():
						return
					}
				}
				io.WriteString(w, c)
				fl.Flush()
			}
		})),
		handle("/agent/next", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next <- struct{}{}
			w.WriteHeader(http.StatusNoContent)
		})),
		handle("POST /agent/action", rec),
	)
	ctx := newTab(t)
	navigate(ctx, base+"/hello.html")
	waitJS(ctx, "window.ready")
	if got := textOf(ctx, "#msg"); got != "Hello harness" {
		t.Errorf("text = %q, want %q", got, "Hello harness")
	}
	if got := evalJSON(ctx, `({title: document.title, n: 1 + 2})`); got != `{"title":"harness","n":3}` {
		t.Errorf("evalJSON = %s", got)
	}
	if got := evalJS[int](ctx, `Promise.resolve(41 + 1)`); got != 42 {
		t.Errorf("evalJS = %d, want 42", got)
	}
	got := evalJSON(ctx, `(async () => {
		const r = await fetch("/agent/stepped");
		const reader = r.body.getReader();
		const chunks = [];
		for (;;) { const {done, value} = await reader.read(); if (done) break; chunks.push(value.length); await fetch("/agent/next"); }
		return {type: r.headers.get("content-type"), incremental: chunks.length > 1};
	})()`)
	if got != `{"type":"application/jsonl","incremental":true}` {
		t.Errorf("stream = %s, want application/jsonl read in more than one chunk", got)
	}
	if got := evalJSON(ctx, `fetch("/agent/stream").then(r => r.text())`); got != `"{\"a\":1}\n{\"b\":\"café\"}\n"` {
		t.Errorf("stream text = %s", got)
	}
	reply := evalJSON(ctx, `fetch("/agent/action", {method: "POST", body: JSON.stringify({version: "v0.9", action: {name: "x"}})}).then(r => r.text())`)
	if reply != `"{\"ok\":true}\n"` {
		t.Errorf("action reply = %s", reply)
	}
	if bodies := rec.Wait(t, 1); bodies[0] != `{"version":"v0.9","action":{"name":"x"}}` {
		t.Errorf("recorded body = %s", bodies[0])
	}
}

// TestHarnessCatchesPageErrors checks that uncaught exceptions, console.error and
// Go panics are recorded (this test opts out of failing on them).
func TestHarnessCatchesPageErrors(t *testing.T) {
	t.Parallel()
	base := serve(t, page("/bad.html", `<!doctype html><script>
console.log("fine");
console.error("boom", 42);
console.log("panic: runtime error: index out of range [3] with length 1");
setTimeout(() => { window.done = true; throw new Error("kaput"); }, 0);
</script>`))
	ctx := newTab(t, allowJSErrors())
	navigate(ctx, base+"/bad.html")
	waitJS(ctx, "window.done")
	// The exception ends the task that set done; the page reported it before it answered
	// the evaluation after that task, and events reach the tab before replies.
	evalJSON(ctx, "0")
	errs := tabErrors(ctx)
	want := []string{
		"console.error: boom 42",
		"console.log: panic: runtime error: index out of range [3] with length 1",
		"exception: Uncaught Error: kaput",
	}
	if len(errs) != len(want) {
		t.Fatalf("errors = %q, want %d", errs, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(errs[i], w) {
			t.Errorf("error %d = %q, want prefix %q", i, errs[i], w)
		}
	}
	if c := tabConsole(ctx); len(c) != 4 || c[0] != "console.log: fine" {
		t.Errorf("console = %q", c)
	}
}

// TestHarnessWaitFailsOnPageError checks that waitJS stops early with the page
// error instead of waiting for its timeout.
func TestHarnessWaitFailsOnPageError(t *testing.T) {
	t.Parallel()
	base := serve(t, page("/throw.html", `<!doctype html><script>setTimeout(() => { window.thrown = true; throw new TypeError("nope"); }, 10);</script>`))
	ctx := newTab(t, allowJSErrors())
	navigate(ctx, base+"/throw.html")
	waitJS(ctx, "window.thrown")
	evalJSON(ctx, "0") // the exception event has reached the tab (see TestHarnessCatchesPageErrors)
	// allowJSErrors also silences waitJS: it times out, and the error is recorded.
	err := waitJSErr(ctx, "window.never", 100*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "timeout") {
		t.Errorf("waitJSErr = %v, want a timeout (errors are allowed in this tab)", err)
	}
	if errs := tabErrors(ctx); len(errs) != 1 || !strings.Contains(errs[0], "TypeError: nope") {
		t.Errorf("errors = %q", errs)
	}

	// Same page in a strict tab state: waitJSErr reports the error, not a timeout (its
	// limit is past the tab's, so only stopping at once on the error gets this answer).
	tb := tabOf(ctx)
	tb.mu.Lock()
	tb.allowErrors, tb.reported = false, 0
	tb.mu.Unlock()
	err = waitJSErr(ctx, "window.never", 2*tabTimeout)
	if err == nil || !strings.Contains(err.Error(), "page error while waiting for window.never") || !strings.Contains(err.Error(), "TypeError: nope") {
		t.Errorf("waitJSErr = %v, want the page error", err)
	}
	tb.mu.Lock()
	tb.allowErrors = true // the error was reported above; do not fail the test at cleanup
	tb.mu.Unlock()
}

// TestHarnessServesFixtures checks the static routes: web_core examples and testdata.
func TestHarnessServesFixtures(t *testing.T) {
	t.Parallel()
	requireWebCore(t)
	base := serve(t, page("/blank.html", `<!doctype html><p>blank</p>`))
	ctx := newTab(t)
	navigate(ctx, base+"/blank.html")
	got := evalJSON(ctx, `fetch("/web_core/v0_9/schemas/catalogs/basic/examples/09_login-form.json").then(r => r.json()).then(j => j.name)`)
	if got != `"Login Form with Validation"` {
		t.Errorf("web_core example name = %s", got)
	}
	got = evalJSON(ctx, `fetch("/testdata/demo/booking.jsonl").then(async r => [r.headers.get("content-type"), JSON.parse((await r.text()).split("\n")[0]).createSurface.surfaceId])`)
	if got != `["application/jsonl","booking"]` {
		t.Errorf("testdata stream = %s", got)
	}
}

// TestHarnessDemoAgent checks the demo agent mounted on a test server: the page
// streams the task sample and POSTs an action, and gets the agent's answer.
func TestHarnessDemoAgent(t *testing.T) {
	t.Parallel()
	base := serve(t, page("/blank.html", `<!doctype html><p>blank</p>`), demoAgent(t, 0))
	ctx := newTab(t)
	navigate(ctx, base+"/blank.html")
	got := evalJSON(ctx, `fetch("/agent/stream?sample=demo/tasks").then(async r => (await r.text()).trim().split("\n").length)`)
	if got != "4" {
		t.Errorf("tasks sample lines = %s, want 4", got)
	}
	got = evalJSON(ctx, `fetch("/agent/action", {method: "POST", body: JSON.stringify({version: "v0.9", action: {name: "remove", surfaceId: "tasks", sourceComponentId: "remove-btn", timestamp: "2026-01-15T12:00:00Z", context: {id: "t1"}}})}).then(r => r.text())`)
	want := `{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/tasks","value":[{"id":"t2","title":"Write report","done":true,"state":"done"},{"id":"t3","title":"Call Ana","done":false,"state":"open"}]}}` + "\n" +
		`{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/summary","value":"1 of 2 done"}}` + "\n"
	if got != strconv.Quote(want) {
		t.Errorf("action answer = %s\nwant %s", got, strconv.Quote(want))
	}
}

// TestHarnessBrowserMode proves A2UI_BROWSER_MODE: every tab runs
// globalThis.A2UI_MODE = "<mode>" before the page's first script, and nothing when it
// is unset. (t.Setenv: not parallel.)
func TestHarnessBrowserMode(t *testing.T) {
	base := serve(t, page("/mode.html", `<!doctype html><title>mode</title>
<script>window.seen = "A2UI_MODE" in globalThis ? globalThis.A2UI_MODE : "unset";</script>`))
	for _, mode := range []string{"worker", "main", ""} {
		t.Run("mode="+mode, func(t *testing.T) {
			t.Setenv("A2UI_BROWSER_MODE", mode)
			want := mode
			if want == "" {
				want = "unset"
			}
			ctx := newTab(t)
			navigate(ctx, base+"/mode.html")
			if got := evalJS[string](ctx, `window.seen`); got != want {
				t.Errorf("the page's first script saw A2UI_MODE %q, want %q", got, want)
			}
		})
	}
}
