//go:build browser

package browser

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The hostile-input suite for the page's policy (issue 9 items 4, 5, 7; issue 10 item 5),
// through the public JS API in Chromium. Each case mounts the renderer under test
// ("host", with the case's policy) beside a second renderer ("second", default policy),
// feeds the hostile stream, acts like a user, then asserts:
//   - the error codes the renderer reported (a2ui-error events);
//   - that nothing executed: no window.open, no alert, no action other than expected;
//   - that no request went to an unlisted host: every request Chromium made (CDP
//     Network.requestWillBeSent) is the page's own files, the configured stream and
//     action URLs, or a URL the case lists; the "other" server counts what reached it;
//   - that a probe surface on the same renderer and one on the second renderer render
//     within a second afterwards.

// pngPixel is a 1x1 transparent PNG.
var pngPixel, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")

// counter is a test server on its own origin that serves PNGs (and JSONL streams set with
// stream) with CORS, recording every path requested.
type counter struct {
	srv *httptest.Server
	mu  sync.Mutex
	got []string
	jsl map[string]string
}

func newCounter(t *testing.T) *counter {
	c := &counter{jsl: map[string]string{}}
	c.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.got = append(c.got, r.URL.Path)
		body, isStream := c.jsl[r.URL.Path]
		c.mu.Unlock()
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Cache-Control", "no-store")
		if isStream {
			w.Header().Set("Content-Type", "application/jsonl")
			w.Write([]byte(body))
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Write(pngPixel)
	}))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *counter) stream(path string, lines ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.jsl[path] = strings.Join(lines, "\n") + "\n"
}

func (c *counter) paths() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.got...)
}

// netLog records the URL of every request the tab sends (watchNetwork turns the
// tab's Network domain on while the test runs: the harness keeps it off).
type netLog struct {
	mu   sync.Mutex
	urls []string
}

func watchNetwork(t *testing.T, ctx context.Context) *netLog {
	t.Helper()
	nl := &netLog{}
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok && e.Request != nil {
			nl.mu.Lock()
			nl.urls = append(nl.urls, e.Request.URL)
			nl.mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	// Off again before the tab goes back to the pool (this cleanup runs before newTab's).
	t.Cleanup(func() { _, _ = chromedp.Call(ctx, network.Disable, cdp.Empty{}) })
	return nl
}

func (nl *netLog) all() []string {
	nl.mu.Lock()
	defer nl.mu.Unlock()
	return append([]string(nil), nl.urls...)
}

// spyPage is the renderer test page plus spies on window.open and alert, and a second
// renderer mounted with the default policy.
const spyScript = `<script>
window.opened = [];
window.alerted = [];
window.open = (u) => { window.opened.push(String(u)); return null; };
window.alert = (m) => { window.alerted.push(String(m)); };
window.protoKeys = Object.getOwnPropertyNames(Object.prototype).join(",");
</script>`

func v09create(sid string) string {
	return `{"version":"v0.9","createSurface":{"surfaceId":"` + sid + `","catalogId":"` + basicCatalog + `"}}`
}

// v09comps is an updateComponents line; list may be written over several lines.
func v09comps(sid, list string) string {
	return `{"version":"v0.9","updateComponents":{"surfaceId":"` + sid + `","components":` + oneLine(list) + `}}`
}

// oneLine drops the line breaks (and the indentation after them) of a JSON literal.
func oneLine(s string) string {
	var b strings.Builder
	for i, l := range strings.Split(s, "\n") {
		if i > 0 {
			l = strings.TrimLeft(l, " \t")
		}
		b.WriteString(l)
	}
	return b.String()
}

type policyCase struct {
	name string
	// mount is the A2UI.mount options object (JS) of the renderer under test; %OTHER%
	// is replaced by the other server's origin.
	mount string
	// lines are fed with process() (page surfaces resolve against the page URL) unless
	// stream is set: then they are served by the other server at /stream and connected.
	lines  []string
	stream bool
	// act runs after the lines rendered (clicks, typing).
	act func(t *testing.T, ctx context.Context)
	// reply are the lines the action endpoint answers the first action with.
	reply []string
	// codes must each be among the a2ui-error codes of the host; noErrors: none at all.
	codes    []string
	noErrors bool
	// allowed are URL prefixes (beyond the page's own files) requests may go to;
	// %OTHER% and %PAGE% are replaced. want are paths the other server must have seen
	// (positive control), wantPage paths the page's server must have seen.
	allowed []string
	want    []string
	// actions is the number of a2ui-action events expected (0: nothing sent); opened
	// the window.open calls expected.
	actions int
	opened  []string
	// check runs last, for case-specific DOM assertions.
	check func(t *testing.T, ctx context.Context)
}

func TestHostilePolicy(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	cases := []policyCase{
		{
			name:  "strict: no media from unlisted hosts",
			mount: `{profile: "strict"}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Column","children":["a","b","c","d","e","f"]},
				{"id":"a","component":"Image","url":"%OTHER%/a.png"},
				{"id":"b","component":"Image","url":"/img/b.png"},
				{"id":"c","component":"Image","url":"//evil.example/c.png"},
				{"id":"d","component":"Video","url":"%OTHER%/d.mp4","posterUrl":"%OTHER%/d.png"},
				{"id":"e","component":"AudioPlayer","url":"https://evil.example/e.mp3"},
				{"id":"f","component":"Text","text":"![x](%OTHER%/f.png) [link](%OTHER%/f) <img src=%OTHER%/g.png>"}]`)},
			codes: []string{"POLICY_DENIED"},
			check: func(t *testing.T, ctx context.Context) {
				if n := evalJS[int](ctx, `T.qa("host", "img, video, audio, a").length`); n != 0 {
					t.Errorf("%d media or link elements rendered", n)
				}
				if got := hostText(ctx, "host"); !strings.Contains(got, "link") {
					t.Errorf("refused link lost its text: %q", got)
				}
			},
		},
		{
			name:  "strict with lists: listed origin and self load, the rest does not",
			mount: `{profile: "strict", policy: {urls: {images: ["%OTHER%", "self"], links: ["docs.example"]}}}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Column","children":["a","b","c","d","t"]},
				{"id":"a","component":"Image","url":"%OTHER%/listed.png"},
				{"id":"b","component":"Image","url":"/img/self.png"},
				{"id":"c","component":"Image","url":"//evil.example/c.png"},
				{"id":"d","component":"Video","url":"%OTHER%/v.mp4"},
				{"id":"t","component":"Text","text":"[docs](https://docs.example/a) [bad](https://evil.example/)"}]`)},
			codes:   []string{"POLICY_DENIED"},
			allowed: []string{"%OTHER%/listed.png", "%PAGE%/img/self.png"},
			want:    []string{"/listed.png"},
			check: func(t *testing.T, ctx context.Context) {
				if got := evalJS[[]string](ctx, `T.qa("host", "a").map((a) => a.href)`); len(got) != 1 || got[0] != "https://docs.example/a" {
					t.Errorf("links %v", got)
				}
			},
		},
		{
			name:  "relative URLs resolve against the stream, protocol-relative keep its scheme",
			mount: `{profile: "strict", policy: {urls: {images: ["self"]}}}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Row","children":["a","b","c"]},
				{"id":"a","component":"Image","url":"/static/rel.png"},
				{"id":"b","component":"Image","url":"//%OTHERHOST%/proto.png"},
				{"id":"c","component":"Image","url":"//evil.example/x.png"}]`)},
			stream:  true,
			codes:   []string{"POLICY_DENIED"},
			allowed: []string{"%OTHER%/static/rel.png", "%OTHER%/proto.png"},
			want:    []string{"/static/rel.png", "/proto.png"},
		},
		{
			name:     "default: a same-origin relative image works",
			mount:    `{}`,
			lines:    []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Image","url":"/img/same.png"}]`)},
			noErrors: true,
			allowed:  []string{"%PAGE%/img/same.png"},
			check: func(t *testing.T, ctx context.Context) {
				waitJS(ctx, `T.q("host", "img") && T.q("host", "img").complete && T.q("host", "img").naturalWidth === 1`)
			},
		},
		{
			name:  "openUrl: a Button outside the links allowlist opens nothing",
			mount: `{profile: "strict"}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Button","child":"l","action":{"functionCall":{"call":"openUrl","args":{"url":"https://evil.example/phish"}}}},{"id":"l","component":"Text","text":"Open"}]`)},
			act: func(t *testing.T, ctx context.Context) {
				clickIn(ctx, "host", "button")
			},
			codes: []string{"POLICY_DENIED"},
		},
		{
			name:  "openUrl: the agent's call without a user gesture opens nothing",
			mount: `{}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Text","text":"hi"}]`),
				`{"version":"v1.0","callRendererFunction":{"functionCallId":"f1","callFunction":{"call":"openUrl","args":{"url":"https://example.com/"},"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}}`},
			codes: []string{"POLICY_DENIED"},
		},
		{
			name:  "openUrl: a Button inside the allowlist opens within the click",
			mount: `{profile: "strict", policy: {urls: {links: ["docs.example"]}}}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Button","child":"l","action":{"functionCall":{"call":"openUrl","args":{"url":"https://docs.example/help"}}}},{"id":"l","component":"Text","text":"Help"}]`)},
			act: func(t *testing.T, ctx context.Context) {
				clickIn(ctx, "host", "button")
				waitJS(ctx, `window.opened.length === 1`)
			},
			noErrors: true,
			opened:   []string{"https://docs.example/help"},
		},
		{
			name:  "openUrl: the agent's call answering a click opens one window, not two",
			mount: `{actionURL: "/agent/action"}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Button","child":"l","action":{"event":{"name":"help"}}},{"id":"l","component":"Text","text":"Help"}]`)},
			reply: []string{
				`{"version":"v1.0","callRendererFunction":{"functionCallId":"f2","callFunction":{"call":"openUrl","args":{"url":"https://docs.example/help"},"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}}`,
				`{"version":"v1.0","callRendererFunction":{"functionCallId":"f3","callFunction":{"call":"openUrl","args":{"url":"https://docs.example/more"},"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}}`,
			},
			act: func(t *testing.T, ctx context.Context) {
				clickIn(ctx, "host", "button")
				waitJS(ctx, `window.opened.length === 1 && T.events("host", "a2ui-error").length === 1`)
			},
			codes:   []string{"POLICY_DENIED"},
			actions: 1,
			opened:  []string{"https://docs.example/help"},
		},
		{
			name:  "spoofing: bidi controls stripped, the real link host shown",
			mount: `{}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Column","children":["b","t"]},
				{"id":"b","component":"Button","child":"bl","action":{"event":{"name":"x"}}},
				{"id":"bl","component":"Text","text":"Pay \u202eexe.txt\u200b"},
				{"id":"t","component":"Text","text":"Log in at [paypal.com](https://evil.example/login)"}]`)},
			noErrors: true,
			check: func(t *testing.T, ctx context.Context) {
				if got := evalJS[string](ctx, `T.q("host", "button").textContent`); got != "Pay exe.txt" {
					t.Errorf("button label %q", got)
				}
				if got := visibleText(ctx, "host"); !strings.Contains(got, "paypal.com (evil.example)") {
					t.Errorf("visible text %q lacks the real host", got)
				}
			},
		},
		{
			name:     "headings start below the page's level",
			mount:    `{policy: {headingBase: 2}}`,
			lines:    []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Text","text":"# Agent title\n\nbody"}]`)},
			noErrors: true,
			check: func(t *testing.T, ctx context.Context) {
				if got := evalJS[[]string](ctx, `T.qa("host", "h1,h2,h3,h4,h5,h6").map((h) => h.localName)`); len(got) != 1 || got[0] != "h3" {
					t.Errorf("headings %v, want [h3]", got)
				}
			},
		},
		{
			name:  "a surface cannot draw outside its box",
			mount: `{}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Column","children":["w","t"]},
				{"id":"w","component":"Text","text":"`+strings.Repeat("W", 4000)+`"},
				{"id":"t","component":"Text","text":"`+strings.Repeat("tall\\n\\n", 200)+`"}]`)},
			noErrors: true,
			check: func(t *testing.T, ctx context.Context) {
				evalJSON(ctx, `(() => { const h = document.getElementById("host"); h.style.width = "200px"; h.style.height = "80px"; h.style.overflow = "visible"; return true; })()`)
				res := evalJS[map[string]any](ctx, `(() => {
					const h = document.getElementById("host"), r = h.getBoundingClientRect();
					const sec = T.q("host", "section.a2ui-surface"), cs = getComputedStyle(sec);
					const pts = [[r.right + 20, r.top + 10], [r.left + 10, r.bottom + 20], [r.right + 50, r.bottom + 50]];
					const hits = pts.filter(([x, y]) => { const e = document.elementFromPoint(x, y); return e === h || (e && h.contains(e)); }).length;
					return {hits, contain: cs.contain, overflow: cs.overflow, position: cs.position};
				})()`)
				if res["hits"].(float64) != 0 || !strings.Contains(res["contain"].(string), "paint") || res["overflow"] != "clip" {
					t.Errorf("containment %v", res)
				}
			},
		},
		{
			name:  "secrets: a whole-model context is refused in strict",
			mount: `{profile: "strict", actionURL: "/agent/action"}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Column","children":["p","b"]},
				{"id":"p","component":"TextField","label":"PIN","variant":"obscured","value":{"path":"/pin"}},
				{"id":"b","component":"Button","child":"bl","action":{"event":{"name":"send","context":{"all":{"path":"/"}}}}},
				{"id":"bl","component":"Text","text":"Send"}]`)},
			act: func(t *testing.T, ctx context.Context) {
				typeIn(ctx, "host", "input", "4321", false)
				clickIn(ctx, "host", "button")
			},
			codes: []string{"POLICY_DENIED"},
		},
		{
			name:  "secrets: an ancestor binding leaves the obscured field out, an explicit one sends it",
			mount: `{actionURL: "/agent/action"}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Column","children":["p","u","b1","b2"]},
				{"id":"p","component":"TextField","label":"PIN","variant":"obscured","value":{"path":"/form/pin"}},
				{"id":"u","component":"TextField","label":"User","value":{"path":"/form/user"}},
				{"id":"b1","component":"Button","child":"l1","action":{"event":{"name":"form","context":{"form":{"path":"/form"}}}}},
				{"id":"b2","component":"Button","child":"l2","action":{"event":{"name":"pin","context":{"pin":{"path":"/form/pin"}}}}},
				{"id":"l1","component":"Text","text":"Form"},{"id":"l2","component":"Text","text":"PIN"}]`)},
			act: func(t *testing.T, ctx context.Context) {
				typeIn(ctx, "host", `input[type="password"]`, "4321", false)
				typeIn(ctx, "host", `input[type="text"]`, "ada", false)
				clickIn(ctx, "host", "button")
				waitJS(ctx, `T.events("host", "a2ui-action").length === 1`)
				evalJSON(ctx, `(() => { T.qa("host", "button")[1].scrollIntoView(); return true; })()`)
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.JSPath(`T.qa("host", "button")[1]`))); err != nil {
					t.Fatal(err)
				}
				waitJS(ctx, `T.events("host", "a2ui-action").length === 2`)
				acts := events(ctx, "host", "a2ui-action")
				if !strings.Contains(string(acts[0]), `"form":{"user":"ada"}`) || strings.Contains(string(acts[0]), "4321") {
					t.Errorf("ancestor binding sent %s", acts[0])
				}
				if !strings.Contains(string(acts[1]), `"pin":"4321"`) {
					t.Errorf("explicit binding sent %s", acts[1])
				}
			},
			noErrors: true,
			actions:  2,
		},
		{
			name:  "action names: a Button outside the allowlist is disabled and sends nothing",
			mount: `{actionURL: "/agent/action", policy: {actions: {allow: ["submit"]}}}`,
			lines: []string{v09create("h"), v09comps("h", `[{"id":"root","component":"Button","child":"l","action":{"event":{"name":"transferAll"}}},{"id":"l","component":"Text","text":"Go"}]`)},
			act: func(t *testing.T, ctx context.Context) {
				evalJSON(ctx, `(() => { T.q("host", "button").click(); return true; })()`)
			},
			codes: []string{"POLICY_DENIED"},
			check: func(t *testing.T, ctx context.Context) {
				if !evalJS[bool](ctx, `T.q("host", "button").disabled`) {
					t.Error("button enabled")
				}
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			runPolicyCase(t, c)
		})
	}
}

// actionPosts are the bodies rec got that are actions (v0.8 userAction or action).
func actionPosts(rec *actionRecorder) []string {
	var posts []string
	for _, b := range rec.Bodies() {
		var m map[string]json.RawMessage
		if json.Unmarshal([]byte(b), &m) == nil && (m["action"] != nil || m["userAction"] != nil) {
			posts = append(posts, b)
		}
	}
	return posts
}

func runPolicyCase(t *testing.T, c policyCase) {
	other := newCounter(t)
	rec := newActionRecorder()
	var replied sync.Once
	agent := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		first := false
		if len(c.reply) > 0 && bytes.Contains(body, []byte(`"action"`)) {
			replied.Do(func() { first = true })
		}
		if !first {
			rec.ServeHTTP(w, r)
			return
		}
		rec.ServeHTTP(httptest.NewRecorder(), r) // record it, then answer with the reply
		streamLines(0, c.reply...).ServeHTTP(w, r)
	})
	base := serve(t, rendererPageWith(rendererPagePath, spyScript), handle("/agent/action", agent),
		handle("/img/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "image/png")
			w.Write(pngPixel)
		})))
	ou, _ := url.Parse(other.srv.URL)
	repl := strings.NewReplacer("%OTHER%", other.srv.URL, "%OTHERHOST%", ou.Host, "%PAGE%", base)
	ctx := newTab(t)
	nl := watchNetwork(t, ctx)
	navigate(ctx, base+rendererPagePath)
	if got := evalJSON(ctx, `T.mount("host", `+repl.Replace(c.mount)+`)`); got != "true" {
		t.Fatalf("mount = %s", got)
	}
	if got := evalJSON(ctx, `T.mount("second", {})`); got != "true" {
		t.Fatalf("mount second = %s", got)
	}
	processLines(ctx, "second", v09create("s2"), v09comps("s2", `[{"id":"root","component":"Text","text":"second renderer"}]`))

	lines := make([]string, len(c.lines))
	for i, l := range c.lines {
		lines[i] = repl.Replace(l)
	}
	if c.stream {
		other.stream("/stream", lines...)
		evalJSON(ctx, `T.rr("host").connect(`+jsString(other.srv.URL+"/stream")+`).then(() => T.rr("host").flush()).then(() => true)`)
	} else {
		processLines(ctx, "host", lines...)
	}
	if c.act != nil {
		c.act(t, ctx)
	}
	// Before counting: what must happen did (the listed server's requests, the action
	// POSTs), and a marker the page loads after the render came back (loadMarker).
	flush(ctx, "host")
	waitCond(func() bool {
		got := other.paths()
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				return false
			}
		}
		return len(actionPosts(rec)) >= c.actions
	})
	loadMarker(ctx, base+"/img/marker")

	// Error codes (error messages and function responses carrying an error).
	var details []string
	for _, d := range events(ctx, "host", "a2ui-error") {
		details = append(details, string(d))
	}
	all := strings.Join(details, "\n")
	for _, want := range c.codes {
		if !strings.Contains(all, `"code":"`+want+`"`) {
			t.Errorf("no %s error; got %s", want, all)
		}
	}
	if c.noErrors && len(details) > 0 {
		t.Errorf("unexpected errors: %s", all)
	}
	// Nothing executed.
	if got := evalJS[[]string](ctx, `window.opened`); strings.Join(got, " ") != strings.Join(c.opened, " ") {
		t.Errorf("window.open calls %v, want %v", got, c.opened)
	}
	if got := evalJS[[]string](ctx, `window.alerted`); len(got) > 0 {
		t.Errorf("alert calls %v", got)
	}
	if !evalJS[bool](ctx, `Object.getOwnPropertyNames(Object.prototype).join(",") === window.protoKeys`) {
		t.Error("Object.prototype changed")
	}
	if n := len(events(ctx, "host", "a2ui-action")); n != c.actions {
		t.Errorf("%d actions, want %d", n, c.actions)
	}
	if posted := len(actionPosts(rec)); posted != c.actions {
		t.Errorf("%d action POSTs, want %d: %v", posted, c.actions, rec.Bodies())
	}
	// No request to an unlisted host.
	own := []string{base + rendererPagePath, base + "/a2ui.js", base + "/a2ui.wasm", base + "/wasm_exec.js",
		base + "/a2ui-runtime.js", base + "/a2ui.css", base + "/favicon.ico", base + "/agent/action", base + "/img/marker"}
	if c.stream {
		own = append(own, other.srv.URL+"/stream")
	}
	for _, a := range c.allowed {
		own = append(own, repl.Replace(a))
	}
	for _, u := range nl.all() {
		if strings.HasPrefix(u, "data:") {
			continue
		}
		ok := hashedWasm.MatchString(strings.TrimPrefix(u, base))
		for _, p := range own {
			ok = ok || u == p || strings.HasPrefix(u, p+"?")
		}
		if !ok {
			t.Errorf("request to an unlisted URL: %s", u)
		}
	}
	got := other.paths()
	for _, w := range c.want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("the listed server never saw %s (it saw %v)", w, got)
		}
	}
	for _, g := range got {
		if g == "/stream" {
			continue
		}
		listed := false
		for _, w := range c.want {
			listed = listed || g == w
		}
		if !listed {
			t.Errorf("the other server got an unlisted request %s", g)
		}
	}
	if c.check != nil {
		c.check(t, ctx)
	}
	// Liveness: a probe surface here and one on the second renderer render.
	evalJSON(ctx, `(() => { T.rr("host").process(`+jsString(v09create("probe")+"\n"+v09comps("probe", `[{"id":"root","component":"Text","text":"probe alive"}]`))+`);
		T.rr("second").process(`+jsString(v09comps("s2", `[{"id":"root","component":"Text","text":"second still alive"}]`))+`); return true; })()`)
	if err := waitJSErr(ctx, `T.text("host").includes("probe alive") && T.text("second").includes("second still alive")`, waitTimeout()); err != nil {
		t.Errorf("liveness: %v", err)
	}
}

// TestInvalidPolicyFailsClosed: a policy the renderer cannot resolve leaves it without a
// renderer (nothing processed or fetched for it), shows why in the element, fires
// a2ui-error POLICY_INVALID and rejects ready; the element attribute form as well; a
// renderer beside it is unaffected.
func TestInvalidPolicyFailsClosed(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	other := newCounter(t)
	base := serve(t, rendererPageWith(rendererPagePath, spyScript+
		`<a2ui-renderer id="el" profile="paranoid" src="/testdata/samples/none.jsonl"></a2ui-renderer>`+
		`<a2ui-renderer id="hb" policy='{"headingBase":9}'></a2ui-renderer>`))
	ctx := newTab(t)
	nl := watchNetwork(t, ctx)
	navigate(ctx, base+rendererPagePath)
	res := evalJS[map[string]any](ctx, `(async () => {
		await A2UI.ready;
		const el = document.createElement("div"); el.id = "bad"; document.getElementById("hosts").appendChild(el);
		const r = A2UI.mount(el, {profile: "strict", policy: {urls: {images: "`+other.srv.URL+`"}}});
		r.process(`+jsString(v09create("x")+"\n"+v09comps("x", `[{"id":"root","component":"Image","url":"`+other.srv.URL+`/x.png"}]`))+`);
		let rejected = "";
		try { await r.ready; } catch (e) { rejected = String(e.message); }
		let threw = "";
		try { r.process("{}"); } catch (e) { threw = String(e.message); }
		return {rejected, threw, text: T.text("bad"), surfaces: r.surfaces().length};
	})()`)
	if !strings.Contains(res["rejected"].(string), "/urls/images") || !strings.Contains(res["threw"].(string), "must be an array") {
		t.Errorf("ready/process: %v", res)
	}
	if !strings.Contains(res["text"].(string), "policy is invalid") || res["surfaces"].(float64) != 0 {
		t.Errorf("element: %v", res)
	}
	if codes := errorCodes(t, events(ctx, "bad", "a2ui-error")); len(codes) != 1 || codes[0] != "POLICY_INVALID" {
		t.Errorf("bad: error codes %v", codes)
	}
	waitJS(ctx, `T.events("el", "a2ui-error").length === 1`)
	if codes := errorCodes(t, events(ctx, "el", "a2ui-error")); len(codes) != 1 || codes[0] != "POLICY_INVALID" {
		t.Errorf("element attribute: error codes %v", codes)
	}
	if got := evalJS[string](ctx, `T.text("el")`); !strings.Contains(got, "unknown profile") {
		t.Errorf("element attribute: text %q", got)
	}
	waitJS(ctx, `T.events("hb", "a2ui-error").length === 1`)
	if got := evalJS[string](ctx, `T.text("hb")`); !strings.Contains(got, "/headingBase") {
		t.Errorf("policy attribute: text %q", got)
	}
	if got := other.paths(); len(got) > 0 {
		t.Errorf("requests reached the unlisted server: %v", got)
	}
	for _, u := range nl.all() {
		if strings.HasPrefix(u, other.srv.URL) {
			t.Errorf("request to %s", u)
		}
	}
	// A renderer beside them works.
	if got := evalJSON(ctx, `T.mount("ok", {})`); got != "true" {
		t.Fatalf("mount = %s", got)
	}
	evalJSON(ctx, `(() => { T.rr("ok").process(`+jsString(v09create("p")+"\n"+v09comps("p", `[{"id":"root","component":"Text","text":"probe alive"}]`))+`); return true; })()`)
	if err := waitJSErr(ctx, `T.text("ok").includes("probe alive")`, waitTimeout()); err != nil {
		t.Error(err)
	}
}

// TestPolicyAttributes: the element's profile, policy and heading-base attributes.
func TestPolicyAttributes(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	stream := strings.Join([]string{v09create("a"), v09comps("a", `[{"id":"root","component":"Column","children":["h","i","j"]},
		{"id":"h","component":"Text","text":"## Section"},
		{"id":"i","component":"Image","url":"/img/self.png"},
		{"id":"j","component":"Image","url":"https://evil.example/j.png"}]`)}, "\n") + "\n"
	base := serve(t, rendererPageWith(rendererPagePath, spyScript+
		`<a2ui-renderer id="el" profile="strict" policy='{"urls":{"images":["self"]},"headingBase":1}' src="/agent/stream"></a2ui-renderer>`),
		handle("/agent/stream", streamChunks(0, stream)),
		handle("/img/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "image/png")
			w.Write(pngPixel)
		})))
	ctx := newTab(t)
	nl := watchNetwork(t, ctx)
	navigate(ctx, base+rendererPagePath)
	waitJS(ctx, `T.q("el", "img") && T.q("el", "img").complete`)
	if got := evalJS[[]string](ctx, `T.qa("el", "img").map((i) => i.src)`); len(got) != 1 || got[0] != base+"/img/self.png" {
		t.Errorf("images %v", got)
	}
	if got := evalJS[string](ctx, `T.q("el", "h1,h2,h3,h4,h5,h6").localName`); got != "h3" {
		t.Errorf("heading %s, want h3 (## under headingBase 1)", got)
	}
	if codes := errorCodes(t, events(ctx, "el", "a2ui-error")); len(codes) != 1 || codes[0] != "POLICY_DENIED" {
		t.Errorf("codes %v", codes)
	}
	for _, u := range nl.all() {
		if strings.Contains(u, "evil.example") {
			t.Errorf("request to %s", u)
		}
	}
}
