//go:build browser

package browser

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestReadyFiresFirst listens for a2ui-ready and checks that it comes before every other
// event of the same element, however the element starts: an <a2ui-renderer> whose src is
// fetched while the wasm compiles, one whose src fails (its a2ui-error), and an
// A2UI.mount whose process() calls were queued before the runtime was up. A call made in
// the a2ui-ready listener runs after the calls queued before it.
func TestReadyFiresFirst(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	requireWebCore(t)
	create := func(id string) string {
		return `{version: "v0.9", createSurface: {surfaceId: "` + id + `", catalogId: "` + basicCatalog + `"}}`
	}
	dist := staticDir(repoPath(t, "dist"))
	scriptRan := make(chan struct{})
	var scriptOnce sync.Once
	base := serve(t, rendererPageWith("/ready.html", `
<a2ui-renderer id="el" src="/web_core/v0_9/schemas/catalogs/basic/examples/09_login-form.json"></a2ui-renderer>
<a2ui-renderer id="bad" src="/agent/gone"></a2ui-renderer>
<div id="m"></div>
<script>
  window.beforeRuntime = !window.__a2uiGo;
  const m = document.getElementById("m");
  T.r.m = A2UI.mount(m);
  T.r.m.process(`+create("first")+`);
  m.addEventListener("a2ui-ready", () => T.r.m.process(`+create("second")+`));
  fetch("/agent/script-ran");
</script>`),
		handle("GET /agent/gone", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "gone", http.StatusGone)
		})),
		handle("GET /agent/script-ran", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			scriptOnce.Do(func() { close(scriptRan) })
			w.WriteHeader(http.StatusNoContent)
		})),
		// The wasm only once the page's script ran: it runs before the runtime is up
		// even when V8 reuses a module an earlier test compiled.
		handle("/{file}", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, ".wasm") {
				select {
				case <-scriptRan:
				case <-r.Context().Done():
					return
				}
			}
			dist.ServeHTTP(w, r)
		})),
	)
	ctx := newTab(t, allowJSErrors())
	navigate(ctx, base+"/ready.html")
	waitJS(ctx, `T.events("el", "a2ui-surface").length > 0 && T.events("bad", "a2ui-error").length > 0 && T.events("m", "a2ui-surface").length === 2`)
	if !evalJS[bool](ctx, `beforeRuntime`) {
		t.Fatal("the runtime was up before the page's script ran: nothing was queued")
	}
	types := func(id string) string {
		return strings.Join(evalJS[[]string](ctx, `T.log.filter((e) => e.host === `+jsString(id)+` && e.type !== "a2ui-stream").map((e) => e.type + (e.detail && e.detail.surfaceId ? " " + e.detail.surfaceId : ""))`), ", ")
	}
	for id, want := range map[string]string{
		"el":  "a2ui-ready, a2ui-surface gallery-login-form",
		"bad": "a2ui-ready, a2ui-error",
		"m":   "a2ui-ready, a2ui-surface first, a2ui-surface second",
	} {
		if got := types(id); got != want {
			t.Errorf("%s: events %q, want %q", id, got, want)
		}
	}
	if got := evalJSON(ctx, `T.r.m.surfaces()`); got != `["first","second"]` {
		t.Errorf("surfaces() = %s: the ready listener's call did not run after the queued one", got)
	}
	if got := string(events(ctx, "bad", "a2ui-error")[0]); !strings.Contains(got, "410") {
		t.Errorf("a2ui-error of the failed src = %s, want the HTTP status", got)
	}
}

// TestStreamFormatsByContent points src and connect() at each shape of A2UI content —
// a pretty-printed array of messages, a single pretty-printed message, JSONL — each served
// under a name and Content-Type that suggest another shape: the renderer reads the
// content, not the name, and renders every one with no a2ui-error.
func TestStreamFormatsByContent(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	serveAs := func(ct, body string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ct)
			w.Write([]byte(body))
		})
	}
	components := func(id, text string) string {
		return `{"version":"v0.9","updateComponents":{"surfaceId":"` + id + `","components":[{"id":"root","component":"Text","text":"` + text + `"}]}}`
	}
	create := func(id string) string {
		return `{"version":"v0.9","createSurface":{"surfaceId":"` + id + `","catalogId":"` + basicCatalog + `"}}`
	}
	// pretty re-indents compact JSON the way JSON.stringify(v, null, 2) does (enough for these).
	pretty := func(s string) string {
		r := strings.NewReplacer("{", "{\n  ", "[", "[\n  ", ",", ",\n  ", "}", "\n}", "]", "\n]")
		return r.Replace(s)
	}
	base := serve(t, rendererPageWith("/formats.html", `
<a2ui-renderer id="array" src="/agent/array.jsonl"></a2ui-renderer>
<a2ui-renderer id="lines" src="/agent/lines.json"></a2ui-renderer>`),
		handle("GET /agent/array.jsonl", serveAs("application/jsonl", pretty("["+create("array")+","+components("array", "From a pretty array")+"]")+"\n")),
		handle("GET /agent/lines.json", serveAs("application/json", create("lines")+"\n"+components("lines", "From JSONL")+"\n")),
		handle("GET /agent/single.txt", serveAs("text/plain", pretty(components("single", "From a pretty message"))+"\n")),
	)
	if !strings.Contains(pretty(create("x")), "\n") {
		t.Fatal("pretty printed nothing")
	}
	ctx := newTab(t)
	navigate(ctx, base+"/formats.html")
	if got := evalJSON(ctx, `T.mount("single").then(() => T.r.single.process(`+jsString(create("single"))+`).connect("/agent/single.txt")).then(() => T.r.single.flush()).then(() => true)`); got != "true" {
		t.Fatalf("connect = %s", got)
	}
	deadline := time.Now().Add(waitTimeout())
	for id, want := range map[string]string{"array": "From a pretty array", "lines": "From JSONL", "single": "From a pretty message"} {
		if err := waitJSErr(ctx, `T.text(`+jsString(id)+`) === `+jsString(want), time.Until(deadline)); err != nil {
			t.Errorf("%s: %v (text %q)", id, err, hostText(ctx, id))
		}
	}
	if errs := evalJSON(ctx, `T.log.filter((e) => e.type === "a2ui-error")`); errs != "[]" {
		t.Errorf("a2ui-error events: %s", errs)
	}
}
