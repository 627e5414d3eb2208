//go:build browser

package browser

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// workerForm is a surface with a bound TextField, a Text showing the same path and a
// Button whose action carries it.
const workerForm = `[
{"version":"v0.9","createSurface":{"surfaceId":"w","catalogId":"` + basicCatalog + `"}},
{"version":"v0.9","updateComponents":{"surfaceId":"w","components":[
 {"id":"root","component":"Column","children":["name","echo","go"]},
 {"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},
 {"id":"echo","component":"Text","text":{"path":"/name"}},
 {"id":"go-label","component":"Text","text":"Send"},
 {"id":"go","component":"Button","child":"go-label","action":{"event":{"name":"submit","context":{"name":{"path":"/name"}}}}}]}},
{"version":"v0.9","updateDataModel":{"surfaceId":"w","path":"/name","value":"Ada"}}]`

// autoModePage is the renderer page with the engine's mode left to the loader, whatever
// mode the suite runs in; head is inserted before the loader.
func autoModePage(head string) Route {
	return page(rendererPagePath, strings.Replace(strings.Replace(rendererPageHTML, "%BODY%", "", 1),
		`<script src="/a2ui.js"`, `<script>delete globalThis.A2UI_MODE;`+head+`</script><script src="/a2ui.js"`, 1))
}

// TestWorkerMode: by default the engine runs in a dedicated worker: A2UI.mode says so,
// the page itself never fetches the wasm, and what a page does works as on the main
// thread: rendering, typing into a bound field (the Text follows, dataModel() and
// surfaces() answer synchronously), an action event with the typed value.
func TestWorkerMode(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, autoModePage(""))
	ctx := openRenderer(t, base, "")
	if got := evalJSON(ctx, `A2UI.mode`); got != `"worker"` {
		t.Fatalf("A2UI.mode = %s, want \"worker\"", got)
	}
	process(ctx, "host", workerForm)
	if got := hostText(ctx, "host"); !strings.Contains(got, "Ada") {
		t.Fatalf("surface text = %q", got)
	}
	if got := evalJSON(ctx, `performance.getEntriesByType("resource").filter((e) => /\.wasm/.test(e.name)).length`); got != "0" {
		t.Errorf("the page fetched the wasm itself (%s requests): it belongs to the worker", got)
	}
	// The engine's start-up marks are copied onto the page's timeline, in order.
	const order = `["a2ui:worker","a2ui:worker-loaded","a2ui:compiled","a2ui:instantiated","a2ui:go-main","a2ui:first-frame"]`
	waitJS(ctx, order+`.every((n) => performance.getEntriesByName(n, "mark").length === 1)`)
	if got := evalJSON(ctx, order+`.map((n) => performance.getEntriesByName(n, "mark")[0].startTime).every((t, i, a) => t > 0 && (i === 0 || t >= a[i - 1]))`); got != "true" {
		t.Errorf("start-up marks out of order: %s", evalJSON(ctx, `performance.getEntriesByType("mark").map((m) => [m.name, m.startTime])`))
	}
	if got := evalJSON(ctx, `T.rr("host").surfaces()`); got != `["w"]` {
		t.Errorf("surfaces() = %s", got)
	}
	if got := evalJSON(ctx, `T.rr("host").dataModel("w")`); got != `{"name":"Ada"}` {
		t.Errorf("dataModel() = %s", got)
	}
	typeIn(ctx, "host", "input", " Lovelace", false)
	waitJS(ctx, `T.text("host").includes("Ada Lovelace")`)
	flush(ctx, "host")
	if got := evalJSON(ctx, `T.rr("host").dataModel("w")`); got != `{"name":"Ada Lovelace"}` {
		t.Errorf("dataModel() after typing = %s", got)
	}
	if got := evalJSON(ctx, `T.q("host", "input").value`); got != `"Ada Lovelace"` {
		t.Errorf("field value = %s", got)
	}
	clickReady(ctx, "host", "button")
	if err := waitJSErr(ctx, `T.events("host", "a2ui-action").length === 1`, waitTimeout()); err != nil {
		t.Fatalf("%v; log %s; stats %s", err, evalJSON(ctx, `T.log`), evalJSON(ctx, `[__a2uiRuntime.stats, __a2uiGo.stats()]`))
	}
	if got := evalJSON(ctx, `T.events("host", "a2ui-action")[0].action.context`); got != `{"name":"Ada Lovelace"}` {
		t.Errorf("action context = %s", got)
	}
	if got := evalJSON(ctx, `T.rr("host").capabilities().supportedCatalogIds.includes(`+jsString(basicCatalog)+`)`); got != "true" {
		t.Errorf("capabilities() lacks the basic catalog: %s", evalJSON(ctx, `T.rr("host").capabilities()`))
	}
}

// openSlowChannelForm opens a renderer page in worker mode with the worker's channel
// messages held back 50 ms (a test hook: web/a2ui-worker.js, send) and workerForm in it.
func openSlowChannelForm(t *testing.T) context.Context {
	t.Helper()
	requireBuilt(t)
	base := serve(t, autoModePage(` window.__a2uiTestHooks = {channelDelay: 50};`))
	ctx := openRenderer(t, base, "")
	if got := evalJSON(ctx, `A2UI.mode`); got != `"worker"` {
		t.Fatalf("A2UI.mode = %s, want \"worker\"", got)
	}
	process(ctx, "host", workerForm)
	return ctx
}

// TestWorkerEchoChannel: in worker mode a keystroke's echo comes through the page's
// BroadcastChannel (Chromium holds a worker's posted messages back until the frame after
// a key; web/a2ui-worker.js, send), and the worker's messages are applied in the order it
// sent them whichever way each came: with the channel's messages held back 50 ms (a test
// hook), a counter set in turn by input events (answered through the channel) and by
// updates from the agent (posted) has later messages overtake earlier ones, and still
// rises, never going back.
func TestWorkerEchoChannel(t *testing.T) {
	t.Parallel()
	ctx := openSlowChannelForm(t)
	processLines(ctx, "host", `{"version":"v0.9","updateComponents":{"surfaceId":"w","components":[`+
		`{"id":"root","component":"Column","children":["name","echo","go","count-in","count"]},`+
		`{"id":"count-in","component":"TextField","label":"Count","value":{"path":"/n"}},{"id":"count","component":"Text","text":{"path":"/n"}}]}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"w","path":"/n","value":"0"}}`)
	before := evalJS[int](ctx, `__a2uiGo.stats().fastMessages`)
	typeIn(ctx, "host", "input", " Lovelace", false)
	waitJS(ctx, `T.text("host").includes("Ada Lovelace")`)
	if got := evalJS[int](ctx, `__a2uiGo.stats().fastMessages`); got <= before {
		t.Errorf("typing: %d messages came through the channel (%d before), want more", got, before)
	}

	seen := evalJSON(ctx, `(async () => {
  const r = T.rr("host"), root = T.root("host");
  const count = () => { const t = root.querySelectorAll(".a2ui-text"); return t[t.length - 1].textContent; };
  const seen = [];
  const mo = new MutationObserver(() => { const c = count(); if (seen[seen.length - 1] !== c) seen.push(c); });
  mo.observe(root, {subtree: true, characterData: true, childList: true});
  // Odd values come from input events in the Count field: their frames go through the
  // channel (held back 50 ms). Even ones come from the agent: posted, they get there first.
  // One value per animation frame, so that each gets a frame of its own.
  const input = T.qa("host", "input")[1];
  const last = 60;
  for (let n = 1; n <= last; n++) {
    if (n % 2 === 1) {
      input.value = String(n);
      input.dispatchEvent(new Event("input", {bubbles: true, composed: true}));
    } else {
      r.process(JSON.stringify({version: "v0.9", updateDataModel: {surfaceId: "w", path: "/n", value: String(n)}}) + "\n");
    }
    await new Promise((res) => requestAnimationFrame(res));
  }
  await r.flush();
  mo.disconnect();
  return {seen: seen.map(Number), last, shown: Number(count())};
})()`)
	var got struct {
		Seen        []int
		Last, Shown int
	}
	if err := json.Unmarshal([]byte(seen), &got); err != nil {
		t.Fatal(err)
	}
	if got.Shown != got.Last {
		t.Errorf("counter shows %d after the burst, want %d", got.Shown, got.Last)
	}
	for i := 1; i < len(got.Seen); i++ {
		if got.Seen[i] < got.Seen[i-1] {
			t.Fatalf("counter went back from %d to %d: the worker's messages were applied out of order (%v)", got.Seen[i-1], got.Seen[i], got.Seen)
		}
	}
	if n := evalJSON(ctx, `T.rr("host").dataModel("w").n`); n != `"`+strconv.Itoa(got.Last)+`"` {
		t.Errorf("dataModel /n after the burst = %s, want %d", n, got.Last)
	}
}

// TestWorkerModeFallbacks: the engine runs on the page's thread when the page asks for
// it (A2UI_MODE = "main"), when its CSP refuses workers, and when the page declared page
// functions before the engine started (they are synchronous and run on the page's
// thread); each still renders, and A2UI.mode tells which mode is live.
func TestWorkerModeFallbacks(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	const show = `<div id="host"></div><script>
A2UI.ready.then(async () => {
  const r = A2UI.mount(document.getElementById("host"), {});
  r.process(` + "`" + `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"%CAT%"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":%TEXT%}]}}` + "`" + `);
  await r.flush();
  window.done = document.getElementById("host").shadowRoot.textContent.trim();
});
</script>`
	plain := strings.NewReplacer("%CAT%", basicCatalog, "%TEXT%", `"shown"`).Replace(show)
	csp := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; worker-src 'none'")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><html><body><script src="/a2ui.js"></script>` + plain + `</body></html>`))
	})
	fns := strings.NewReplacer("%CAT%", "https://example.com/fn", "%TEXT%", `{"call":"shout","args":{"s":"shown"}}`).Replace(show)
	base := serve(t,
		page("/main.html", `<!doctype html><html><body><script>A2UI_MODE = "main";</script><script src="/a2ui.js"></script>`+plain+`</body></html>`),
		handle("/csp.html", csp), // (A2UI_MODE, if the suite sets one, is "main" or "worker": the CSP decides)
		page("/fns.html", `<!doctype html><html><body><script src="/a2ui.js"></script><script>
A2UI.defineCatalog({catalogId: "https://example.com/fn", extends: "basic",
  functions: {shout: {args: {s: "string"}, returns: "string", call: (a) => a.s.toUpperCase(), budgetMs: 1000}}});
</script>`+fns+`</body></html>`),
		page("/auto.html", `<!doctype html><html><body><script>delete globalThis.A2UI_MODE;</script><script src="/a2ui.js"></script>`+plain+`</body></html>`),
	)
	for _, c := range []struct{ path, mode, text string }{
		{"/auto.html", "worker", "shown"},
		{"/main.html", "main", "shown"},
		{"/csp.html", "main", "shown"},
		{"/fns.html", "main", "SHOWN"},
	} {
		t.Run(strings.TrimSuffix(c.path[1:], ".html"), func(t *testing.T) {
			ctx := newTab(t)
			navigate(ctx, base+c.path)
			waitJS(ctx, `typeof window.done === "string"`)
			if got := evalJS[string](ctx, `A2UI.mode`); got != c.mode {
				t.Errorf("A2UI.mode = %q, want %q", got, c.mode)
			}
			if got := evalJS[string](ctx, `window.done`); got != c.text {
				t.Errorf("text = %q, want %q", got, c.text)
			}
		})
	}
}

// mainModeScript pins a page's engine to the main thread, for the tests of mechanisms
// that exist only there: the typing export into Go's memory, the page's held payloads,
// the main thread's own slicing and idle frames, the loader's instance hooks.
const mainModeScript = `<script>A2UI_MODE = "main";</script>`

// pinMain puts mainModeScript before the loader's script tag in html.
func pinMain(html string) string {
	return strings.Replace(html, `<script src="/a2ui.js"`, mainModeScript+`<script src="/a2ui.js"`, 1)
}

// rendererPageMain is rendererPage with the engine on the main thread.
func rendererPageMain() Route { return rendererPageMainWith("") }

// rendererPageMainWith is rendererPageWith(rendererPagePath, body) with the engine on the
// main thread.
func rendererPageMainWith(body string) Route {
	return page(rendererPagePath, pinMain(strings.Replace(rendererPageHTML, "%BODY%", body, 1)))
}
