//go:build browser

package browser

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/prerender"
)

// gatedWasm serves dist's a2ui.wasm (and its content-hashed copy) only once release is
// closed, so a test can look at a page before the runtime can start.
func gatedWasm(t *testing.T, release <-chan struct{}) []Route {
	t.Helper()
	names, _ := filepath.Glob(repoPath(t, "dist/a2ui.*.wasm"))
	names = append(names, repoPath(t, "dist/a2ui.wasm"))
	var routes []Route
	for _, name := range names {
		file := name
		routes = append(routes, handle("GET /"+filepath.Base(file), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Set("Cache-Control", "no-store")
			http.ServeFile(w, r, file)
		})))
	}
	return routes
}

// loginJSONL is the official login-form example as JSONL.
func loginJSONL(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(repoPath(t, "node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/basic/examples/09_login-form.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex struct{ Messages []json.RawMessage }
	if err := json.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, m := range ex.Messages {
		if err := json.Compact(&b, m); err != nil {
			t.Fatal(err)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// TestPrerenderTakeover loads a static page whose login form was prerendered (package
// prerender) while the wasm download is held back: the form is on screen, the user types
// an email into the prerendered field. Then the wasm arrives and the runtime takes the
// surface over: every animation frame showed the form (no blank frame), every element
// keeps its box within 1 px, the typed email is in the live field (still focused, caret
// at the end) and in the data model, and Sign in posts the action with it.
// The loader is loaded deferred (as a2ui prerender -page writes it) or synchronously in
// <head>, where the element is upgraded before its shadow root and stream are parsed;
// the runtime renders the inline stream, or (-no-stream) its src, where the surface is
// taken over at its first rendered content.
func TestPrerenderTakeover(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	requireWebCore(t)
	const deferred, sync = `<script src="/a2ui.js" defer></script>`, `<script src="/a2ui.js"></script>`
	for _, tc := range []struct {
		name, script string
		src          bool
	}{{"defer", deferred, false}, {"sync", sync, false}, {"src", deferred, true}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			testPrerenderTakeover(t, tc.script, tc.src)
		})
	}
}

func testPrerenderTakeover(t *testing.T, script string, src bool) {
	var frag bytes.Buffer
	opts := prerender.Options{Attrs: []dom.Attr{{Name: "id", Value: "pre"}, {Name: "action-url", Value: "/agent/action"}}}
	if src {
		opts.NoStream = true
		opts.Attrs = append(opts.Attrs, dom.Attr{Name: "src", Value: "/login.jsonl"})
	}
	err := prerender.Render(&frag, bytes.NewReader(loginJSONL(t)), opts)
	if err != nil {
		t.Fatal(err)
	}
	html := `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>prerendered</title>
<style>body { font: 16px sans-serif; margin: 8px; width: 600px; }</style>
<script>window.__a2uiTestHooks = true;</script>
` + script + `
</head>
<body>
` + frag.String() + `
<script>
  // Every animation frame: the heading's text and box, or "none".
  window.samples = [];
  const el = document.getElementById("pre");
  const tick = () => {
    const h = el.shadowRoot && el.shadowRoot.querySelector("h2");
    const r = h && h.getBoundingClientRect();
    samples.push(h && h.isConnected && h.textContent === "Welcome back" ? "h2 " + [r.x, r.y, r.width, r.height].join(",") : "none");
    if (!window.stopSampling) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.boxes = () => Array.from(el.shadowRoot.querySelectorAll(".a2ui-root *")).map((e) => {
    const r = e.getBoundingClientRect();
    return e.localName + " " + [r.x, r.y, r.width, r.height].map((v) => v.toFixed(1)).join(",");
  });
</script>
</body>
</html>`
	release := make(chan struct{})
	released := false
	defer func() {
		if !released {
			close(release)
		}
	}()
	agent := newActionRecorder()
	routes := append(gatedWasm(t, release), page("/pre.html", html), handle("POST /agent/action", agent),
		handle("GET /login.jsonl", streamChunks(0, string(loginJSONL(t)))))
	base := serve(t, routes...)
	ctx := newTab(t, allowJSErrors()) // the runtime's exit at the end logs an error
	navigate(ctx, base+"/pre.html")

	// Before the runtime: the prerendered form is painted and typable.
	waitJS(ctx, `window.samples.length > 2 && !!customElements.get("a2ui-renderer")`)
	if up := evalJS[bool](ctx, `!!window.__a2uiGo`); up {
		t.Fatal("the runtime is up although its wasm is held back")
	}
	pre := `document.getElementById("pre").shadowRoot`
	visible := func() string {
		return evalJS[string](ctx, `Array.from(`+pre+`.querySelectorAll(".a2ui-root *")).filter((e) => e.children.length === 0 && e.checkVisibility()).map((e) => e.textContent).join("|")`)
	}
	before := visible()
	for _, want := range []string{"Welcome back", "Sign in to your account", "Email", "Password", "Sign in", "Sign up"} {
		if !strings.Contains(before, want) {
			t.Errorf("prerendered page before the runtime: %q not visible in %q", want, before)
		}
	}
	if n := evalJS[int](ctx, pre+`.querySelectorAll("section[data-a2ui-prerendered]").length`); n != 1 {
		t.Fatalf("%d prerendered sections, want 1", n)
	}
	boxesBefore := evalJS[[]string](ctx, `boxes()`)
	// The markup the runtime builds, as the parser built it from the prerendered HTML.
	evalJS[bool](ctx, pre+`.querySelector("input[type=text]").__prerendered = true`)
	typeIn(ctx, "pre", "input[type=text]", "ada@example.com", false)
	markup := serializeJS + `(` + pre + `.querySelector("section.a2ui-surface"))`
	domBefore := evalJS[string](ctx, markup)

	close(release)
	released = true
	waitJS(ctx, `!!`+pre+`.querySelector("section.a2ui-surface") && !`+pre+`.querySelector("[data-a2ui-prerendered]")`)
	waitJS(ctx, `(() => { const m = document.getElementById("pre").renderer.dataModel("gallery-login-form"); return !!m && m.email === "ada@example.com"; })()`)
	evalJSON(ctx, `document.getElementById("pre").renderer.flush().then(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))).then(() => true)`)

	// The live field holds the typed text, keeps focus and caret.
	type field struct {
		Live, Focused bool
		Value         string
		Caret         int
	}
	var f field
	if err := json.Unmarshal([]byte(evalJSON(ctx, `(() => { const i = `+pre+`.querySelector("input[type=text]");
		return {live: !i.__prerendered, focused: `+pre+`.activeElement === i, value: i.value, caret: i.selectionStart}; })()`)), &f); err != nil {
		t.Fatal(err)
	}
	if want := (field{Live: true, Focused: true, Value: "ada@example.com", Caret: 15}); f != want {
		t.Errorf("email field after takeover = %+v, want %+v", f, want)
	}
	if domAfter := evalJS[string](ctx, markup); domAfter != domBefore {
		t.Errorf("the runtime's DOM differs from the prerendered one:\n prerendered %s\n runtime     %s", domBefore, domAfter)
	}
	if after := visible(); after != before {
		t.Errorf("visible text changed at takeover:\n before %q\n after  %q", before, after)
	}
	boxesAfter := evalJS[[]string](ctx, `boxes()`)
	if len(boxesAfter) != len(boxesBefore) {
		t.Errorf("%d elements after takeover, %d before:\n%s\n%s", len(boxesAfter), len(boxesBefore), strings.Join(boxesBefore, "\n"), strings.Join(boxesAfter, "\n"))
	} else {
		for i := range boxesBefore {
			if !sameBox(boxesBefore[i], boxesAfter[i]) {
				t.Errorf("element %d moved at takeover: %s -> %s", i, boxesBefore[i], boxesAfter[i])
			}
		}
	}
	samples := evalJS[[]string](ctx, `(window.stopSampling = true, samples)`)
	for i, s := range samples {
		if s == "none" || !sameBox(s, samples[0]) {
			t.Errorf("animation frame %d of %d showed %q, the first %q", i, len(samples), s, samples[0])
			break
		}
	}

	// Interactivity arrived: Sign in posts the action with the email typed before.
	typeIn(ctx, "pre", "input[type=password]", "hunter2hunter2", false)
	waitJS(ctx, pre+`.querySelector("button.a2ui-button").getAttribute("aria-disabled") !== "true"`)
	clickIn(ctx, "pre", "button.a2ui-button")
	bodies := agent.Wait(t, 1)
	checkAction(t, "Sign in POST", []byte(bodies[0]), `{"version":"v0.9","action":{"name":"login","surfaceId":"gallery-login-form","sourceComponentId":"login-btn","context":{"email":"ada@example.com"}},`+
		`"metadata":{"a2uiClientDataModel":{"version":"v0.9","surfaces":{"gallery-login-form":{"email":"ada@example.com"}}}}}`)

	// The runtime dies: the fresh one renders the stream again (inline or src).
	evalJSON(ctx, `(window.__a2uiGo.exitForTest(), true)`)
	waitJS(ctx, `!!`+pre+`.querySelector(".a2ui-fatal") && Array.from(`+pre+`.querySelectorAll("section.a2ui-surface h2")).map((h) => h.textContent).join() === "Welcome back"`)
}

// serializeJS is a JS function expression serializing a subtree for comparison: attributes
// sorted (the parser keeps source order, the runtime its own), the prerender marker left
// out, and a control's state as its live value and checked properties (the prerendered
// HTML has them as attributes or a textarea's text, the runtime sets the properties).
const serializeJS = `(function ser(n) {
	if (n.nodeType === Node.TEXT_NODE) return n.data;
	if (n.nodeType !== Node.ELEMENT_NODE) return "";
	const control = n.localName === "input" || n.localName === "textarea";
	let s = "<" + n.localName + Array.from(n.attributes)
		.filter((a) => a.name !== "data-a2ui-prerendered" && !(control && (a.name === "value" || a.name === "checked")))
		.map((a) => " " + a.name + "=" + JSON.stringify(a.value)).sort().join("");
	if (control) s += " .value=" + JSON.stringify(n.value) + " .checked=" + n.checked;
	return s + ">" + (n.localName === "textarea" ? "" : Array.from(n.childNodes).map(ser).join("")) + "</" + n.localName + ">";
})`

// sameBox compares "tag x,y,w,h" strings within 1 px per number.
func sameBox(a, b string) bool {
	ta, ra, _ := strings.Cut(a, " ")
	tb, rb, _ := strings.Cut(b, " ")
	na, nb := strings.Split(ra, ","), strings.Split(rb, ",")
	if ta != tb || len(na) != len(nb) {
		return false
	}
	for i := range na {
		var x, y float64
		if json.Unmarshal([]byte(na[i]), &x) != nil || json.Unmarshal([]byte(nb[i]), &y) != nil {
			return false
		}
		if x-y > 1 || y-x > 1 {
			return false
		}
	}
	return true
}

// TestPrerenderMatchesRuntime prerenders every official v0.9 and v1.0 basic-catalog example into
// one static page (wasm held back), reads each surface's DOM as the HTML parser built it,
// then lets the runtime take them over and reads the DOM it built: they must be the same
// elements, attributes and text, example by example.
func TestPrerenderMatchesRuntime(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	requireWebCore(t)
	files, _ := filepath.Glob(repoPath(t, "node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/basic/examples/*.json"))
	v10, _ := filepath.Glob(repoPath(t, "node_modules/@a2ui/web_core/src/v1_0/schemas/catalogs/basic/examples/*.json"))
	if len(files) < 20 || len(v10) < 20 {
		t.Fatalf("%d + %d official examples, want the v0.9 and v1.0 basic sets", len(files), len(v10))
	}
	files = append(files, v10...)
	pageFor := func(pageURL string) (string, error) {
		var b strings.Builder
		b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>examples</title>
<style>body { font: 16px sans-serif; margin: 8px; width: 700px; }</style>
<script src="/a2ui.js" defer></script></head><body>`)
		for i, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return "", err
			}
			opts := prerender.Options{Attrs: []dom.Attr{{Name: "id", Value: "ex" + strconv.Itoa(i)}, {Name: "data-file", Value: filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(f)))))) + "/" + filepath.Base(f)}}}
			opts.Render.BaseURL = pageURL
			if err := prerender.Render(&b, bytes.NewReader(data), opts); err != nil {
				return "", err
			}
		}
		b.WriteString("</body></html>")
		return b.String(), nil
	}
	release := make(chan struct{})
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	routes := append(gatedWasm(t, release), handle("GET /ex.html", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		html, err := pageFor("http://" + r.Host + "/ex.html")
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(html))
	})))
	base := serve(t, routes...)
	ctx := newTab(t)
	navigate(ctx, base+"/ex.html")
	markup := `Array.from(document.querySelectorAll("a2ui-renderer")).map((el) => el.dataset.file + " " +
		Array.from(el.shadowRoot.querySelectorAll("section.a2ui-surface")).map(` + serializeJS + `).join(""))`
	waitJS(ctx, `document.querySelectorAll("a2ui-renderer").length === `+strconv.Itoa(len(files)))
	before := evalJS[[]string](ctx, markup)
	close(release)
	waitJS(ctx, `Array.from(document.querySelectorAll("a2ui-renderer")).every((el) => el.renderer && !el.shadowRoot.querySelector("[data-a2ui-prerendered]"))`)
	evalJSON(ctx, `Promise.all(Array.from(document.querySelectorAll("a2ui-renderer")).map((el) => el.renderer.flush())).then(() => true)`)
	after := evalJS[[]string](ctx, markup)
	if len(after) != len(before) {
		t.Fatalf("%d renderers after takeover, %d before", len(after), len(before))
	}
	for i := range before {
		if before[i] != after[i] {
			name, _, _ := strings.Cut(before[i], " ")
			t.Errorf("%s: the runtime's DOM differs from the prerendered one:\n prerendered %s\n runtime     %s", name, before[i], after[i])
		}
	}
}

// TestPrerenderKeepsInput: before the runtime is up the user unticks a prerendered
// CheckBox, picks another ChoicePicker option and types into a TextArea; after takeover
// the live controls show the same and the data model holds it.
func TestPrerenderKeepsInput(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	stream, err := os.ReadFile(repoPath(t, "prerender/testdata/form.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	routes := append(gatedWasm(t, release), handle("GET /form.html", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b bytes.Buffer
		opts := prerender.Options{Page: true, Script: "/a2ui.js", Attrs: []dom.Attr{{Name: "id", Value: "f"}}}
		opts.Render.BaseURL = "http://" + r.Host + "/form.html"
		if err := prerender.Render(&b, bytes.NewReader(stream), opts); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(b.Bytes())
	})))
	base := serve(t, routes...)
	ctx := newTab(t)
	navigate(ctx, base+"/form.html")
	waitJS(ctx, `!!customElements.get("a2ui-renderer") && !!document.getElementById("f").shadowRoot.querySelector("[data-a2ui-prerendered] textarea")`)
	if evalJS[bool](ctx, `!!window.__a2uiGo`) {
		t.Fatal("the runtime is up although its wasm is held back")
	}
	clickIn(ctx, "f", "input[type=checkbox]")
	clickIn(ctx, "f", "input[type=radio][value=in]")
	evalJS[bool](ctx, `(() => { const ta = document.getElementById("f").shadowRoot.querySelector("textarea"); ta.focus(); ta.setSelectionRange(ta.value.length, ta.value.length); return true; })()`)
	pressKey(ctx, " more")
	close(release)
	root := `document.getElementById("f").shadowRoot`
	waitJS(ctx, `!`+root+`.querySelector("[data-a2ui-prerendered]") && !!document.getElementById("f").renderer`)
	waitJS(ctx, `(() => { const m = document.getElementById("f").renderer.dataModel("form"); return !!m && m.agree === false; })()`)
	evalJSON(ctx, `document.getElementById("f").renderer.flush().then(() => true)`)
	got := evalJSON(ctx, `(() => { const m = document.getElementById("f").renderer.dataModel("form"); const q = (s) => `+root+`.querySelector(s);
		return {agree: m.agree, seat: m.seat, notes: m.notes, box: q("input[type=checkbox]").checked, inside: q("input[type=radio][value=in]").checked,
			text: q("textarea").value, focused: `+root+`.activeElement === q("textarea")}; })()`)
	want := `{"agree":false,"seat":["in"],"notes":"\nfirst line\nsecond </textarea> more","box":false,"inside":true,"text":"\nfirst line\nsecond </textarea> more","focused":true}`
	if canonicalJSON(t, got) != canonicalJSON(t, want) {
		t.Errorf("after takeover:\n got  %s\n want %s", got, want)
	}
}
