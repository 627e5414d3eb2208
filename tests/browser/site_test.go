//go:build browser

package browser

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestEmbedPageOnStaticServer serves the built site (dist/, from `make build`)
// with a plain net/http FileServer, nothing A2UI-specific, and opens
// embed.html: its <a2ui-renderer> renders the coffee-order sample, and the
// page's hostile CSS does not reach inside the shadow root (nor does the
// renderer's CSS restyle the page).
func TestEmbedPageOnStaticServer(t *testing.T) {
	t.Parallel()
	dist := repoPath(t, "dist")
	for _, f := range []string{"embed.html", "a2ui.js", "a2ui.wasm", "samples/v0_9-basic-13_coffee-order.jsonl"} {
		if _, err := os.Stat(dist + "/" + f); err != nil {
			t.Fatalf("dist/%s missing: run `make build` before the browser tests (%v)", f, err)
		}
	}
	// A page copies a2ui.js and a2ui.wasm and nothing else: the pieces a2ui.js bundles
	// are not in the site, so the page below cannot be using them.
	for _, f := range []string{"a2ui.css", "a2ui-runtime.js", "wasm_exec.js"} {
		if _, err := os.Stat(dist + "/" + f); err == nil {
			t.Errorf("dist/%s exists: a2ui.js should bundle it", f)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dist)))
	t.Cleanup(srv.Close)

	ctx := newTab(t)
	navigate(ctx, srv.URL+"/embed.html")
	waitJS(ctx, `document.documentElement.dataset.isolation`)
	if got := evalJS[string](ctx, `document.documentElement.dataset.isolation`); got != "ok" {
		t.Errorf("embed.html's own isolation check = %q; rows: %s", got, evalJSON(ctx, `Array.from(document.querySelectorAll("#checks li")).map((l) => l.className + ": " + l.textContent)`))
	}

	// The surface rendered the sample.
	text := evalJS[string](ctx, `document.getElementById("order").shadowRoot.querySelector("section.a2ui-surface").textContent`)
	for _, want := range []string{"Subtotal", "Tax", "Total", "Purchase", "Add to cart"} {
		if !strings.Contains(text, want) {
			t.Errorf("surface text %q lacks %q", text, want)
		}
	}

	// Our own check of the style boundary, independent of the page's script.
	type styles struct {
		Background, Transform, Font, Border string
	}
	read := func(expr string) styles {
		return evalJS[styles](ctx, `(() => { const e = `+expr+`; const s = getComputedStyle(e); return {Background: s.backgroundColor, Transform: s.textTransform, Font: s.fontFamily, Border: s.borderTopStyle + " " + s.borderTopColor}; })()`)
	}
	inner := read(`document.getElementById("order").shadowRoot.querySelector("button.a2ui-button")`)
	outer := read(`document.getElementById("page-button")`)
	if outer.Background != "rgb(255, 105, 180)" || outer.Transform != "uppercase" {
		t.Errorf("the page's own button lost its style: %+v", outer)
	}
	if inner.Background == outer.Background || inner.Transform == "uppercase" || inner.Border == outer.Border || strings.Contains(strings.ToLower(inner.Font), "georgia") {
		t.Errorf("page CSS leaks into the shadow root's button: %+v (page button %+v)", inner, outer)
	}
	div := read(`document.getElementById("order").shadowRoot.querySelector("section.a2ui-surface div")`)
	if div.Border == "dashed rgb(255, 0, 0)" {
		t.Errorf("the page's div rule (dashed red border) reaches the surface: %+v", div)
	}
	if n := evalJS[int](ctx, `document.getElementById("order").shadowRoot.querySelectorAll(".a2ui-unknown").length`); n != 0 {
		t.Errorf("%d unknown-component placeholders in the sample", n)
	}
}

// TestNoFuncLeak creates and deletes 20 surfaces with interactive components
// (half of them streamed with connect(), some clicked and typed into, the
// actions POSTed) and checks that the Go side's live js.Func count returns to
// its baseline; destroying the renderer releases its own funcs too.
func TestNoFuncLeak(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder() // an empty JSONL answer: still read as a stream
	var surface func(i int) []string
	stream := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, _ := strconv.Atoi(r.URL.Query().Get("i"))
		streamLines(0, surface(i)...).ServeHTTP(w, r)
	})
	base := serve(t, rendererPage(), handle("POST /agent/action", rec), handle("GET /agent/stream", stream))
	ctx := newTab(t)
	navigate(ctx, base+rendererPagePath)
	type stats struct {
		LiveFuncs int `json:"liveFuncs"`
		Renderers int `json:"renderers"`
	}
	read := func() stats {
		// The renderer's posted work (streams, deletes) is done first.
		evalJSON(ctx, `T.r.host.flush().then(() => true)`)
		return evalJS[stats](ctx, `__a2uiGo.stats()`)
	}
	evalJSON(ctx, `A2UI.ready.then(() => true)`)
	before := evalJS[stats](ctx, `__a2uiGo.stats()`) // nothing posted yet
	if got := evalJSON(ctx, `T.mount("host", {actionURL: "/agent/action"})`); got != "true" {
		t.Fatalf("mount = %s", got)
	}
	surface = func(i int) []string {
		id := "s" + strconv.Itoa(i)
		return []string{
			`{"version":"v0.9","createSurface":{"surfaceId":"` + id + `","catalogId":"` + basicCatalog + `"}}`,
			`{"version":"v0.9","updateDataModel":{"surfaceId":"` + id + `","value":{"name":"n` + strconv.Itoa(i) + `","items":[{"l":"a"},{"l":"b"}]}}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"` + id + `","components":[` +
				`{"id":"root","component":"Column","children":["field","btn","list","tabs","modal"]},` +
				`{"id":"field","component":"TextField","label":"Name","value":{"path":"/name"}},` +
				`{"id":"bt","component":"Text","text":"Go"},` +
				`{"id":"btn","component":"Button","child":"bt","action":{"event":{"name":"go","context":{"n":{"path":"/name"}}}}},` +
				`{"id":"list","component":"List","children":{"componentId":"row","path":"/items"}},` +
				`{"id":"row","component":"Text","text":{"path":"l"}},` +
				`{"id":"tabs","component":"Tabs","tabs":[{"title":"A","child":"ta"},{"title":"B","child":"tb"}]},` +
				`{"id":"ta","component":"Text","text":"Tab A"},{"id":"tb","component":"Text","text":"Tab B"},` +
				`{"id":"modal","component":"Modal","trigger":"mt","content":"mc"},` +
				`{"id":"mtt","component":"Text","text":"Open"},{"id":"mt","component":"Button","child":"mtt","action":{"event":{"name":"open"}}},` +
				`{"id":"mc","component":"Text","text":"Inside"}` +
				`]}}`,
		}
	}
	// Warm up once: lazily created funcs (frame callbacks, event bridge) are not leaks.
	processLines(ctx, "host", surface(0)...)
	processLines(ctx, "host", `{"version":"v0.9","deleteSurface":{"surfaceId":"s0"}}`)
	baseline := read()
	if baseline.Renderers != before.Renderers+1 {
		t.Errorf("renderers = %d after mount, want %d", baseline.Renderers, before.Renderers+1)
	}
	peak := 0
	for i := 1; i <= 20; i++ {
		if i%2 == 0 {
			evalJSON(ctx, `T.r.host.connect("/agent/stream?i=`+strconv.Itoa(i)+`").then(() => T.r.host.flush()).then(() => true)`)
		} else {
			processLines(ctx, "host", surface(i)...)
		}
		peak = max(peak, evalJS[stats](ctx, `__a2uiGo.stats()`).LiveFuncs)
		if i%5 == 0 {
			// Interact: type, click the button, switch a tab, open and close the modal.
			typeIn(ctx, "host", "input[data-a2ui-control]", "x", false)
			clickIn(ctx, "host", "button.a2ui-button")
			evalJSON(ctx, `(T.qa("host", "[role=tab]")[1].id = "tab-b", true)`)
			clickIn(ctx, "host", "#tab-b")
			clickIn(ctx, "host", ".a2ui-modal-trigger button")
			waitJS(ctx, `T.q("host", "dialog[open]")`)
			clickIn(ctx, "host", "dialog button.a2ui-modal-close")
			waitJS(ctx, `!T.q("host", "dialog[open]")`)
		}
		processLines(ctx, "host", `{"version":"v0.9","deleteSurface":{"surfaceId":"s`+strconv.Itoa(i)+`"}}`)
	}
	if n := len(events(ctx, "host", "a2ui-action")); n != 8 {
		t.Errorf("%d actions, want 8 (the interactions ran)", n)
	}
	rec.Wait(t, 8)
	if got := evalJSON(ctx, `T.r.host.surfaces()`); got != "[]" {
		t.Errorf("surfaces() = %s, want []", got)
	}
	after := read()
	t.Logf("liveFuncs: before mount %d, baseline %d, peak with a surface %d, after 20 surfaces %d", before.LiveFuncs, baseline.LiveFuncs, peak, after.LiveFuncs)
	if after.LiveFuncs != baseline.LiveFuncs {
		t.Errorf("liveFuncs = %d after 20 surfaces created and deleted, baseline %d", after.LiveFuncs, baseline.LiveFuncs)
	}
	evalJSON(ctx, `(T.r.host.destroy(), true)`)
	// The destroy is posted work: await the pre-mount counts.
	if err := waitJSErr(ctx, `((s) => s.renderers === `+strconv.Itoa(before.Renderers)+` && s.liveFuncs === `+strconv.Itoa(before.LiveFuncs)+`)(__a2uiGo.stats())`, waitTimeout()); err != nil {
		t.Errorf("after destroy: %+v, want the pre-mount %+v (%v)", evalJS[stats](ctx, `__a2uiGo.stats()`), before, err)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %.2000s", errs)
	}
}

// TestTwoFilePage is the README's embedding, done by hand: a directory holding only
// a2ui.js and a2ui.wasm (copied from dist/), a page with one <a2ui-renderer> and, as its
// src, an official example file exactly as @a2ui/web_core ships it (pretty-printed JSON,
// {"name", "description", "messages": […]}). Served by a plain file server, the page
// renders the example styled by the renderer's stylesheet (bundled in a2ui.js), with no
// a2ui-error, and requests nothing but the page, a2ui.js, a2ui.wasm and the example.
func TestTwoFilePage(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	requireWebCore(t)
	dir := t.TempDir()
	copyFile := func(src, dst string) {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, dst), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(repoPath(t, "dist/a2ui.js"), "a2ui.js")
	copyFile(repoPath(t, "dist/a2ui.wasm"), "a2ui.wasm")
	copyFile(repoPath(t, "node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/basic/examples/09_login-form.json"), "login-form.json")
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>two files</title>
<script src="a2ui.js" defer></script></head>
<body><a2ui-renderer id="r" src="login-form.json"></a2ui-renderer>
<script>
  window.seen = [];
  for (const type of ["a2ui-ready", "a2ui-surface", "a2ui-error"]) {
    document.getElementById("r").addEventListener(type, (e) => seen.push(type + " " + JSON.stringify(e.detail)));
  }
</script></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var requested []string
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requested = append(requested, r.URL.Path)
		mu.Unlock()
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)

	ctx := newTab(t)
	navigate(ctx, srv.URL+"/")
	waitJS(ctx, `document.getElementById("r").shadowRoot.querySelector("button.a2ui-button")`)
	text := evalJS[string](ctx, `document.getElementById("r").shadowRoot.textContent`)
	for _, want := range []string{"Welcome back", "Email", "Password", "Sign in"} {
		if !strings.Contains(text, want) {
			t.Errorf("surface text %q lacks %q", text, want)
		}
	}
	// Styled by a2ui.css from inside a2ui.js: a constructable stylesheet in the shadow root.
	st := evalJS[struct {
		Adopted int
		Radius  string
		Display string
	}](ctx, `(() => { const sr = document.getElementById("r").shadowRoot;
		return {Adopted: sr.adoptedStyleSheets.length, Radius: getComputedStyle(sr.querySelector("button.a2ui-button")).borderTopLeftRadius,
			Display: getComputedStyle(sr.querySelector(".a2ui-column")).display}; })()`)
	// Unstyled, a button has square corners and a Column's div is display: block.
	if st.Adopted != 1 || st.Radius == "0px" || st.Display != "flex" {
		t.Errorf("stylesheet not applied: %+v, want 1 adopted sheet, rounded buttons, column display flex", st)
	}
	seen := evalJS[[]string](ctx, `seen`)
	if len(seen) < 2 || seen[0] != "a2ui-ready null" || seen[1] != `a2ui-surface {"surfaceId":"gallery-login-form","event":"created"}` {
		t.Errorf("events = %q, want a2ui-ready then a2ui-surface created", seen)
	}
	for _, e := range seen {
		if strings.HasPrefix(e, "a2ui-error") {
			t.Errorf("error event: %s", e)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range requested {
		switch p {
		case "/", "/a2ui.js", "/a2ui.wasm", "/login-form.json", "/favicon.ico":
		default:
			if hashedWasm.MatchString(p) {
				continue // a2ui.js asks for its hashed copy first; a2ui.wasm answers
			}
			t.Errorf("the page requested %s", p)
		}
	}
}

// hashedWasm matches the content-hashed wasm path make dist writes (a2ui.<hash>.wasm).
var hashedWasm = regexp.MustCompile(`^/a2ui\.[0-9a-f]{16}\.wasm$`)
