//go:build browser

package browser

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// rawBodies are the bodies of /raw/<i>, set before the case connects.
var (
	rawMu     sync.Mutex
	rawBodies [64]string
)

// hostileInput is one row of security.md §4 fed through process() on its own surface.
type hostileInput struct {
	group, name string
	// lines are JSONL lines; %S% is the case's surface id and %OTHER% the origin of a
	// server no allowlist names.
	lines []string
	// codes must all be among the a2ui-error codes the case raised (none: no error).
	codes []string
	// dom, when set, is a JS expression over s (the case's section) that must be true.
	dom string
}

// hostileClicks names the cases whose control (CSS within the case's section) the user
// clicks after the lines rendered; a "2" prefix double-clicks. hostileActions is how
// many a2ui-action events a case may send (default none).
var (
	hostileClicks  = map[string]string{"functionCall openUrl javascript:": "button", "double click": "2button"}
	hostileActions = map[string]int{"double click": 1}
)

// v08Catalog is the v0.8 standard catalog id.
const v08Catalog = "https://a2ui.org/specification/v0_8/standard_catalog_definition.json"

// hostileStreams are the cases fed as raw bytes over a connected stream (bytes a JS
// string cannot carry): served at /raw/<case index>.
var hostileStreams = map[string]bool{"invalid UTF-8": true}

// TestHostileInputs runs the security.md §4 input kinds not covered by TestHostileCore
// and TestHostilePolicy, one surface each, through the public JS API on a renderer with
// a test allowlist (images and media: cdn.allowed.example only). For every case: the
// a2ui-error codes include the expected ones, nothing executed (no alert, no
// window.open, no element from markup, no action, Object.prototype unchanged), no
// request went to the unlisted server or any other origin, and a probe surface on the
// same renderer and a second renderer on the page render within a second. The renderers
// under test post actions to /agent/action: the action POSTs must match the a2ui-action
// events in number, and where a case lists bodies, exactly. Cases that need small caps
// run on "capped" (the `limits` mount option: 3 components, 2 surfaces; its surfaces
// are deleted after each case), the partial-envelope case on "ow" (profile openwop, its
// probe an envelope). Cases with steps (caseSteps) act like a user; the click cases show,
// as a positive control, that the same control sends once it is allowed to.
func TestHostileInputs(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	other := newCounter(t)
	var raw []Route
	for i := 0; i < 64; i++ {
		raw = append(raw, handle("GET /raw/"+strconv.Itoa(i), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/jsonl")
			rawMu.Lock()
			body := rawBodies[i]
			rawMu.Unlock()
			_, _ = w.Write([]byte(body))
		})))
	}
	rec := newActionRecorder()
	base := serve(t, append(raw, rendererPageWith(rendererPagePath, spyScript), handle("POST /agent/action", rec))...)
	ctx := newTab(t)
	nl := watchNetwork(t, ctx)
	navigate(ctx, base+rendererPagePath)
	// The render budget (wall-clock, TestRenderBudgetBrowser) is out of reach: on a busy
	// machine it would fail a slow case closed before the limit the case is about.
	const opts = `policy: {urls: {images: ["cdn.allowed.example"], media: ["cdn.allowed.example"]}}, renderBudget: 600000`
	evalJSON(ctx, `T.mount("host", {actionURL: "/agent/action", `+opts+`})`)
	evalJSON(ctx, `T.mount("capped", {actionURL: "/agent/action", `+opts+`, limits: {maxComponents: 3, maxSurfaces: 2}})`)
	evalJSON(ctx, `T.mount("ow", {profile: "openwop", actionURL: "/agent/action", openwop: {targets: ["exchange"]}, renderBudget: 600000})`)
	evalJSON(ctx, `T.mount("second", `+noRenderBudget+`)`)
	o := other.srv.URL
	txt := func(id, text string) string {
		return `{"id":"` + id + `","component":"Text","text":` + text + `}`
	}
	col := func(rest ...string) string {
		ids := make([]string, len(rest))
		for i, r := range rest {
			var m struct{ ID string }
			_ = json.Unmarshal([]byte(r), &m)
			ids[i] = `"` + m.ID + `"`
		}
		return `[{"id":"root","component":"Column","children":[` + strings.Join(ids, ",") + `]},` + strings.Join(rest, ",") + `]`
	}
	md := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	chain := func(n int) string {
		var b strings.Builder
		b.WriteString(`[{"id":"root","component":"Column","children":["c0"]}`)
		for i := 0; i < n; i++ {
			b.WriteString(`,{"id":"c` + strconv.Itoa(i) + `","component":"Card","child":"c` + strconv.Itoa(i+1) + `"}`)
		}
		b.WriteString(`,{"id":"c` + strconv.Itoa(n) + `","component":"Text","text":"bottom"}]`)
		return b.String()
	}
	deepValue := strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat(`}`, 40)
	table := "| " + strings.Repeat("a | ", 500) + "\n|" + strings.Repeat("-|", 500) + "\n" + strings.Repeat("| x\n", 200)
	upd := func(path, value string) string {
		return `{"version":"v0.9","updateDataModel":{"surfaceId":"%S%","path":"` + path + `","value":` + value + `}}`
	}
	comps := func(list string) string { return v09comps("%S%", list) }
	// deepMap is a v0.8 valueMap entry nested 34 deep (the cap is 32).
	deepMap := `{"key":"a","valueString":"x"}`
	for i := 0; i < 34; i++ {
		deepMap = `{"key":"a","valueMap":[` + deepMap + `]}`
	}
	// manyEntries is an object value of 1025 members (the cap is 1024).
	var me strings.Builder
	me.WriteString("{")
	for i := 0; i <= 1024; i++ {
		if i > 0 {
			me.WriteString(",")
		}
		fmt.Fprintf(&me, `"e%d":"new"`, i)
	}
	me.WriteString("}")
	manyEntries := me.String()
	// deepCall nests 34 function calls (the dynamic value cap is 32).
	deepCall := `"nested"`
	for i := 0; i < 34; i++ {
		deepCall = `{"call":"capitalize","args":{"value":` + deepCall + `}}`
	}
	var hostileActionsBefore int
	owAsk := `{"components":[{"component":"text","text":"Any questions?"},{"component":"action.button","id":"ask","label":"Ask","action":{"target":"exchange"}}]}`
	cases := []hostileInput{
		// Parse and stream
		{"parse", "truncated JSON", []string{`{"version":"v0.9","createSurface":{"surfaceId":"%S%"`}, []string{"VALIDATION_FAILED"}, ""},
		{"parse", "empty object", []string{`{}`}, []string{"VALIDATION_FAILED"}, ""},
		{"parse", "unknown envelope key", []string{`{"version":"v0.9","explode":{"surfaceId":"%S%"}}`}, []string{"VALIDATION_FAILED"}, ""},
		{"parse", "two envelope keys", []string{`{"version":"v0.9","createSurface":{"surfaceId":"%S%","catalogId":"` + basicCatalog + `"},"deleteSurface":{"surfaceId":"%S%"}}`}, []string{"VALIDATION_FAILED"}, ""},
		{"parse", "case variant of a key", []string{`{"version":"v0.9","CreateSurface":{"surfaceId":"%S%","catalogId":"` + basicCatalog + `"}}`}, []string{"VALIDATION_FAILED"}, ""},
		{"parse", "duplicate keys", []string{`{"version":"v0.9","createSurface":{"surfaceId":"%S%","surfaceId":"x","catalogId":"` + basicCatalog + `"}}`}, []string{"VALIDATION_FAILED"}, ""},
		{"parse", "line over 1 MiB", []string{`{"version":"v0.9","createSurface":{"surfaceId":"%S%","catalogId":"` + strings.Repeat("x", 1<<20) + `"}}`}, []string{"LINE_TOO_LONG"}, ""},
		{"parse", "two values on a line", []string{v09create("%S%") + ` {"x":1}`}, []string{"VALIDATION_FAILED"}, ""},
		{"parse", "lone surrogate", []string{v09create("%S%"), upd("/s", `"\ud800"`)}, []string{"VALIDATION_FAILED"}, ""},
		{"parse", "overflowing number", []string{v09create("%S%"), upd("/n", `1e309`), comps(`[` + txt("root", `{"path":"/n"}`) + `]`)}, []string{"VALIDATION_FAILED"}, `!s.textContent.includes("Infinity") && !/\b0\b/.test(s.textContent)`},
		{"parse", "NaN literal", []string{v09create("%S%"), upd("/n", `NaN`)}, []string{"VALIDATION_FAILED"}, ""},
		{"parse", "value nested past the cap", []string{v09create("%S%"), `{"version":"v0.9","updateDataModel":{"surfaceId":"%S%","value":{"deep":` + deepValue + `,"ok":"kept"}}}`, comps(`[` + txt("root", `{"path":"/ok"}`) + `]`)}, []string{"LIMIT_EXCEEDED"}, `s.textContent === "kept"`},
		// Structure and caps
		{"structure", "markup as a component type", []string{v09create("%S%"), comps(`[{"id":"root","component":"<img src=x onerror=alert(1)>"}]`)}, []string{"UNKNOWN_COMPONENT"}, `!s.querySelector("img")`},
		{"structure", "component lists itself", []string{v09create("%S%"), comps(`[{"id":"root","component":"Column","children":["root"]}]`)}, []string{"COMPONENT_CYCLE"}, ""},
		{"structure", "cycle across lines", []string{v09create("%S%"), comps(`[{"id":"root","component":"Card","child":"a"}]`), comps(`[{"id":"a","component":"Card","child":"root"}]`)}, []string{"COMPONENT_CYCLE"}, ""},
		{"structure", "10,000-deep chain", []string{v09create("%S%"), comps(chain(10000))}, []string{"LIMIT_EXCEEDED"}, `!!s.querySelector(".a2ui-failed-closed")`},
		{"structure", "child defined later", []string{v09create("%S%"), comps(`[{"id":"root","component":"Column","children":["later"]}]`), comps(`[` + txt("later", `"arrived"`) + `]`)}, nil, `s.textContent === "arrived"`},
		{"structure", "string equal to a component id", []string{v09create("%S%"), comps(col(txt("t", `"root"`)))}, nil, `s.textContent === "root"`},
		// Data model and paths
		{"data", "index explosion", []string{v09create("%S%"), upd("/items", `[]`), upd("/items/4294967294", `1`), comps(`[` + txt("root", `{"call":"formatString","args":{"value":"${/items}"}}`) + `]`)}, []string{"VALIDATION_FAILED"}, `s.textContent.length < 16`},
		{"data", "__proto__ key", []string{v09create("%S%"), `{"version":"v0.9","updateDataModel":{"surfaceId":"%S%","value":{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}}}`, comps(`[` + txt("root", `{"path":"/__proto__/polluted"}`) + `]`)}, nil, `s.textContent === "1" && ({}).polluted === undefined`},
		{"data", "oversize key", []string{v09create("%S%"), `{"version":"v0.9","updateDataModel":{"surfaceId":"%S%","value":{"` + strings.Repeat("k", 300) + `":1,"ok":"kept"}}}`, comps(`[` + txt("root", `{"path":"/ok"}`) + `]`)}, []string{"LIMIT_EXCEEDED"}, `s.textContent === "kept"`},
		{"data", "slash key and non-canonical index", []string{v09create("%S%"), upd("/a", `[1,2]`), upd("/a/01", `9`), comps(`[` + txt("root", `{"path":"/a/1"}`) + `]`)}, []string{"VALIDATION_FAILED"}, `s.textContent === "2"`},
		{"data", "JSON-looking string stays a string", []string{v09create("%S%"), upd("/s", `"{\"x\":1}"`), comps(`[` + txt("root", `{"path":"/s"}`) + `]`)}, nil, `s.textContent === '{"x":1}'`},
		// Markdown, XSS and spoofing
		{"markdown", "script links in mixed case", []string{v09create("%S%"), comps(`[` + txt("root", md(`[a](JaVaScRiPt:alert(1)) [b](vbscript:x) [c](data:text/html,<script>alert(1)</script>) [d](&#106;avascript:alert(1)) <javascript:alert(1)>`)) + `]`)}, []string{"POLICY_DENIED"}, `!s.querySelector("a[href]")`},
		{"markdown", "raw HTML", []string{v09create("%S%"), comps(`[` + txt("root", md(`<img src=x onerror=alert(1)><script>alert(1)</script><iframe srcdoc="<script>alert(1)</script>"></iframe><svg onload=alert(1)><math><style><img src=x onerror=alert(1)>`)) + `]`)}, nil, `!s.querySelector("img, script, iframe, svg, math, style")`},
		{"markdown", "images to a tracker", []string{v09create("%S%"), comps(`[` + txt("root", md(`![t](`+o+`/track.png) ![h](/self.png)`)) + `]`)}, nil, `!s.querySelector("img")`},
		{"markdown", "table bomb", []string{v09create("%S%"), comps(`[` + txt("root", md(table)) + `]`)}, nil, `s.querySelectorAll("td, th").length < 20000`},
		{"markdown", "12,000-level nesting", []string{v09create("%S%"), comps(`[` + txt("root", md(strings.Repeat("- ", 12000)+"x")) + `]`)}, []string{"LIMIT_EXCEEDED"}, ""},
		{"markdown", "link text naming another host", []string{v09create("%S%"), comps(`[` + txt("root", md(`[paypal.com](https://evil.example/login)`)) + `]`)}, nil, `s.textContent.includes("evil.example")`},
		// URLs
		{"urls", "scheme variants on Image.url", []string{v09create("%S%"), comps(col(
			`{"id":"a","component":"Image","url":"\u0001javascript:alert(1)"}`, `{"id":"b","component":"Image","url":"java\tscript:alert(1)"}`,
			`{"id":"c","component":"Image","url":"data:image/svg+xml,<svg onload=alert(1)>"}`, `{"id":"d","component":"Image","url":"blob:`+o+`/x"}`))}, []string{"POLICY_DENIED"}, `!s.querySelector("img")`},
		{"urls", "authority tricks", []string{v09create("%S%"), comps(col(
			`{"id":"a","component":"Image","url":"https://cdn.allowed.example@`+strings.TrimPrefix(o, "http://")+`/x.png"}`, `{"id":"b","component":"Image","url":"https://cdn.allowed.example\\@evil.example/x.png"}`,
			`{"id":"c","component":"Image","url":"https://2130706433/x.png"}`, `{"id":"d","component":"Image","url":"https://0x7f.1/x.png"}`, `{"id":"e","component":"Image","url":"https://xn--cdn-allowed-example.evil/x.png"}`))}, []string{"POLICY_DENIED"}, `!s.querySelector("img")`},
		{"urls", "video does not become an iframe", []string{v09create("%S%"), comps(`[{"id":"root","component":"Video","url":"https://www.youtube.com/watch?v=x"}]`)}, []string{"POLICY_DENIED"}, `!s.querySelector("iframe, video[src]")`},
		{"urls", "CSS through the theme", []string{`{"version":"v0.9","createSurface":{"surfaceId":"%S%","catalogId":"` + basicCatalog + `","theme":{"primaryColor":"red;background:url(` + o + `/css.png)"}}}`, comps(`[` + txt("root", `"themed"`) + `]`)}, []string{"VALIDATION_FAILED"}, `!getComputedStyle(s).backgroundImage.includes("css.png")`},
		{"parse", "invalid UTF-8", []string{v09create("%S%"), `{"version":"v0.9","updateDataModel":{"surfaceId":"%S%","path":"/s","value":"\xff\xfe"}}`, comps(`[` + txt("root", `"after"`) + `]`)}, []string{"VALIDATION_FAILED"}, `s.textContent === "after"`},
		// Actions
		{"actions", "double click", []string{v09create("%S%"), comps(col(`{"id":"b","component":"Button","child":"bl","action":{"event":{"name":"pay"}}}`, txt("bl", `"Pay"`)))}, nil, ""},
		{"actions", "functionCall openUrl javascript:", []string{v09create("%S%"), comps(col(`{"id":"b","component":"Button","child":"bl","action":{"functionCall":{"call":"openUrl","args":{"url":"javascript:alert(1)"}}}}`, txt("bl", `"Open"`)))}, []string{"FUNCTION_FAILED"}, ""},
		{"actions", "context reaching for another surface", []string{
			v09create("%S%o"), `{"version":"v0.9","updateDataModel":{"surfaceId":"%S%o","value":{"secret":"s3cret-other"}}}`,
			v09create("%S%"), upd("/mine", `"own"`),
			comps(col(`{"id":"b","component":"Button","child":"bl","action":{"event":{"name":"x","context":{"up":{"path":"/../../%S%o/secret"},"abs":{"path":"/secret"},"rel":{"path":"../secret"},"own":{"path":"/mine"}}}}}`, txt("bl", `"Go"`)))}, nil, ""},
		// Caps of issue 9 item 3 and the parsers (README, Limits).
		{"data", "v0.8 valueMap nested past the cap", []string{
			`{"surfaceUpdate":{"surfaceId":"%S%","components":[{"id":"root","component":{"Text":{"text":{"path":"/ok"}}}}]}}`,
			`{"dataModelUpdate":{"surfaceId":"%S%","contents":[{"key":"deep","valueMap":[` + deepMap + `]},{"key":"ok","valueString":"kept"}]}}`,
			`{"beginRendering":{"surfaceId":"%S%","root":"root","catalogId":"` + v08Catalog + `"}}`}, []string{"LIMIT_EXCEEDED"}, `s.textContent === "kept" && !JSON.stringify(T.rr("host").dataModel("%S%")).includes("deep")`},
		{"data", "entries per update past the cap", []string{v09create("%S%"), upd("/m", `{"e0":"before"}`), upd("/m", manyEntries), comps(`[` + txt("root", `{"path":"/m/e0"}`) + `]`)},
			[]string{"LIMIT_EXCEEDED"}, `s.textContent === "before" && JSON.stringify(T.rr("host").dataModel("%S%")) === '{"m":{"e0":"before"}}'`},
		{"structure", "formatString nesting past the cap", []string{v09create("%S%"), upd("/v", `"hidden"`), comps(col(txt("f", `{"call":"formatString","args":{"value":"`+strings.Repeat("${", 12)+"/v"+strings.Repeat("}", 12)+`"}}`), txt("ok", `"sibling"`)))},
			[]string{"FUNCTION_FAILED"}, `s.textContent.includes("sibling") && !s.textContent.includes("hidden")`},
		{"structure", "expression nesting past the cap", []string{v09create("%S%"), comps(col(txt("f", deepCall), txt("ok", `"sibling"`)))},
			[]string{"FUNCTION_FAILED"}, `s.textContent.includes("sibling") && !s.textContent.includes("nested")`},
		{"structure", "one component over the cap", []string{v09create("%S%"), comps(col(txt("a", `"a"`), txt("b", `"b"`), txt("c", `"c"`))), comps(col(txt("a", `"within"`), txt("b", `"cap"`)))},
			[]string{"LIMIT_EXCEEDED"}, `s.textContent === "withincap"`},
		{"structure", "one surface over the cap", []string{v09create("%S%"), `{"dataModelUpdate":{"surfaceId":"%S%d","contents":[{"key":"x","valueString":"data only"}]}}`, v09create("%S%x"), comps(`[` + txt("root", `"first"`) + `]`)},
			[]string{"LIMIT_EXCEEDED"}, `s.textContent === "first" && !T.q("capped", 'section[data-surface-id="%S%x"]') && JSON.stringify(T.rr("capped").surfaces().sort()) === '["%S%","%S%d"]'`},
		// URLs: media
		{"urls", "media does not fetch before play", []string{v09create("%S%"), comps(col(`{"id":"v","component":"Video","url":"https://cdn.allowed.example/v.mp4"}`, `{"id":"au","component":"AudioPlayer","url":"https://cdn.allowed.example/a.mp3"}`))},
			nil, `s.querySelector('video[preload="none"][src="https://cdn.allowed.example/v.mp4"]') && s.querySelector('audio[preload="none"][src="https://cdn.allowed.example/a.mp3"]')`},
		// Actions
		{"actions", "clicks before v0.8 beginRendering", []string{
			`{"surfaceUpdate":{"surfaceId":"%S%","components":[{"id":"root","component":{"Button":{"child":"bl","action":{"name":"early"}}}},{"id":"bl","component":{"Text":{"text":{"literalString":"Early"}}}}]}}`}, nil, ""},
		{"actions", "context keys that mimic envelope fields", []string{v09create("%S%"), upd("/n", `7`), comps(col(`{"id":"b","component":"Button","child":"bl","action":{"event":{"name":"pay","context":{"surfaceId":"victim","name":"transferAll","version":"v0.8","sourceComponentId":"admin","timestamp":"1970-01-01T00:00:00Z","actionId":"0","action":{"name":"x"},"userAction":{"name":"y"},"n":{"path":"/n"}}}}}`, txt("bl", `"Pay"`)))}, nil, ""},
		{"actions", "action names with tag and control characters", []string{v09create("%S%"), comps(col(`{"id":"b","component":"Button","child":"bl","action":{"event":{"name":"<img src=x onerror=alert(1)>\u0007\u202e</script>"}}}`, txt("bl", `"Tag"`)))},
			nil, `!s.querySelector("img, script") && !s.textContent.includes("onerror")`},
		{"markdown", "nesting past the cap within the source budget", []string{v09create("%S%"), comps(`[` + txt("root", md(strings.Repeat("> ", 40)+"deep")) + `]`)}, []string{"LIMIT_EXCEEDED"}, `!!s.querySelector(".a2ui-failed-closed") && !s.querySelector("blockquote")`},
		{"actions", "clicks while partial:true", []string{owEnvelope("%S%-1", owAsk, `"partial":false`, `"partial":true`)}, nil, ""},
	}
	// Per-case extras by name: the renderer it runs on (default host), what the user
	// does after the lines rendered, and the exact action bodies it must post (timestamp
	// removed; %S% is the case's surface).
	caseOn := map[string]string{"one component over the cap": "capped", "one surface over the cap": "capped", "clicks while partial:true": "ow"}
	const mediaHost = "https://cdn.allowed.example/"
	mediaReqs := func() []string {
		var got []string
		for _, u := range nl.all() {
			if strings.HasPrefix(u, mediaHost) {
				got = append(got, u)
			}
		}
		return got
	}
	// casePath is the JSON Pointer an error of the case's code must carry.
	casePath := map[string]string{
		"v0.8 valueMap nested past the cap": "/dataModelUpdate/contents/0" + strings.Repeat("/a", 31),
		"entries per update past the cap":   "/updateDataModel/value",
		"formatString nesting past the cap": "/components/f/text",
		"expression nesting past the cap":   "/components/f/text",
		"one component over the cap":        "/updateComponents/components/3",
		"one surface over the cap":          "/createSurface/surfaceId",
	}
	caseSteps := map[string]func(sid string){
		"media does not fetch before play": func(sid string) {
			// Both elements ran their resource selection and stopped there, idle with
			// nothing loaded (preload=none): where an eager one would be loading.
			waitJS(ctx, `(() => { const s = T.q("host", 'section[data-surface-id="`+sid+`"]');
				return [s.querySelector("video"), s.querySelector("audio")].every((m) => m.networkState === HTMLMediaElement.NETWORK_IDLE && m.readyState === HTMLMediaElement.HAVE_NOTHING); })()`)
			if got := mediaReqs(); len(got) > 0 {
				t.Errorf("media fetched before play: %v", got)
			}
			// The user plays the video (a real click, then play() muted so the autoplay
			// policy lets it start): now, and only now, it is fetched.
			clickIn(ctx, "host", `section[data-surface-id="`+sid+`"] video`)
			evalJSON(ctx, `(() => { const v = T.q("host", 'section[data-surface-id="`+sid+`"] video'); if (v.paused) { v.muted = true; v.play().catch(() => {}); } return true; })()`)
			waitCond(func() bool { return len(mediaReqs()) > 0 })
			if got := mediaReqs(); len(got) == 0 || !strings.HasPrefix(got[0], mediaHost+"v.mp4") {
				t.Errorf("requests after play %v, want the video", got)
			} else {
				t.Logf("after play: %v", got)
			}
			for _, u := range mediaReqs() {
				if strings.Contains(u, "a.mp3") {
					t.Errorf("the audio nobody played was fetched: %s", u)
				}
			}
		},
		"clicks before v0.8 beginRendering": func(sid string) {
			sec := `section[data-surface-id="` + sid + `"]`
			if n := evalJS[int](ctx, `T.qa("host", '`+sec+` button').length`); n != 0 {
				t.Errorf("%d buttons before beginRendering", n)
			}
			// Nothing to click by mouse; script clicks every button with its label.
			evalJSON(ctx, `(() => { T.qa("host", "button").filter((b) => b.textContent.includes("Early")).forEach((b) => b.click()); return true; })()`)
			flush(ctx, "host") // the clicks are handled
			if n := len(events(ctx, "host", "a2ui-action")); n != hostileActionsBefore {
				t.Errorf("a click before beginRendering sent an action")
			}
			// Once begun, the same button sends exactly one action.
			processLines(ctx, "host", `{"beginRendering":{"surfaceId":"`+sid+`","root":"root","catalogId":"`+v08Catalog+`"}}`)
			clickReady(ctx, "host", sec+" button")
		},
	}
	caseSteps["clicks while partial:true"] = func(sid string) {
		if !evalJS[bool](ctx, `T.q("ow", "button.a2ui-button").getAttribute("aria-disabled") === "true"`) {
			t.Errorf("the button of a partial envelope is enabled")
		}
		clickReady(ctx, "ow", "button.a2ui-button")
		evalJSON(ctx, `(T.q("ow", "button.a2ui-button").click(), true)`)
		flush(ctx, "ow") // the clicks are handled
		if n := len(events(ctx, "ow", "a2ui-openwop-action")) + len(events(ctx, "ow", "a2ui-action")); n != 0 {
			t.Errorf("clicks on a partial surface sent %d actions", n)
		}
		// The final envelope enables it: one click, one action.
		process(ctx, "ow", owEnvelope(sid+"-2", owAsk))
		waitJS(ctx, `T.q("ow", "button.a2ui-button").getAttribute("aria-disabled") !== "true"`)
		clickReady(ctx, "ow", "button.a2ui-button")
		if err := waitJSErr(ctx, `T.events("ow", "a2ui-openwop-action").length === 1`, waitTimeout()); err != nil {
			t.Fatalf("%v\nclicks %s, now %s, button %s, log %s", err, evalJSON(ctx, `window.__clicks`), evalJSON(ctx, `performance.now()`),
				evalJSON(ctx, `T.q("ow", "button.a2ui-button").outerHTML`), evalJSON(ctx, `T.log.filter((e) => e.host === "ow").slice(-6)`))
		}
	}
	clickIt := func(sid string) {
		clickReady(ctx, "host", `section[data-surface-id="`+sid+`"] button`)
	}
	for _, n := range []string{"context reaching for another surface", "context keys that mimic envelope fields", "action names with tag and control characters"} {
		caseSteps[n] = clickIt
	}
	casePosts := map[string]string{
		"clicks before v0.8 beginRendering":            `{"userAction":{"name":"early","surfaceId":"%S%","sourceComponentId":"root","context":{}}}`,
		"context reaching for another surface":         `{"version":"v0.9","action":{"name":"x","surfaceId":"%S%","sourceComponentId":"b","context":{"up":null,"abs":null,"rel":null,"own":"own"}}}`,
		"context keys that mimic envelope fields":      `{"version":"v0.9","action":{"name":"pay","surfaceId":"%S%","sourceComponentId":"b","context":{"surfaceId":"victim","name":"transferAll","version":"v0.8","sourceComponentId":"admin","timestamp":"1970-01-01T00:00:00Z","actionId":"0","action":{"name":"x"},"userAction":{"name":"y"},"n":7}}}`,
		"action names with tag and control characters": `{"version":"v0.9","action":{"name":"<img src=x onerror=alert(1)>\u0007\u202e</script>","surfaceId":"%S%","sourceComponentId":"b","context":{}}}`,
	}
	seen, actions := map[string]int{}, map[string]int{}
	// actionBodies returns the action POSTs the agent received so far.
	actionBodies := func() []string {
		var out []string
		for _, b := range rec.Bodies() {
			var m map[string]json.RawMessage
			if json.Unmarshal([]byte(b), &m) == nil && (m["action"] != nil || m["userAction"] != nil) {
				out = append(out, b)
			}
		}
		return out
	}
	posted := 0
	for i, c := range cases {
		sid := "k" + strconv.Itoa(i)
		rid := caseOn[c.name]
		if rid == "" {
			rid = "host"
		}
		sec := `section[data-surface-id="` + sid + `"]`
		lines := make([]string, len(c.lines))
		for j, l := range c.lines {
			lines[j] = strings.ReplaceAll(strings.ReplaceAll(l, "%S%", sid), "%OTHER%", o)
		}
		if hostileStreams[c.name] {
			rawMu.Lock()
			rawBodies[i] = strings.ReplaceAll(strings.Join(lines, "\n"), `\xff\xfe`, "\xff\xfe") + "\n"
			rawMu.Unlock()
			evalJSON(ctx, `T.rr("`+rid+`").connect("/raw/`+strconv.Itoa(i)+`").then(() => true, () => true)`)
			flush(ctx, rid)
		} else {
			processLines(ctx, rid, lines...)
		}
		hostileActionsBefore = len(events(ctx, rid, "a2ui-action"))
		if css := hostileClicks[c.name]; css != "" {
			sel := sec + " " + strings.TrimPrefix(css, "2")
			// Past the re-arm of a control that just appeared under the pointer.
			if strings.HasPrefix(css, "2") {
				doubleClickArmed(ctx, rid, sel)
			} else {
				clickArmed(ctx, rid, sel)
			}
		}
		if step := caseSteps[c.name]; step != nil {
			step(sid)
		}
		want, hasPost := casePosts[c.name]
		actions[rid] += hostileActions[c.name]
		if hasPost {
			actions[rid]++
		}
		flush(ctx, rid)
		var errs []struct {
			Error struct{ Code, Message, Path string }
		}
		_ = json.Unmarshal([]byte(evalJSON(ctx, `T.events("`+rid+`", "a2ui-error")`)), &errs)
		got, paths := map[string]bool{}, map[string]bool{}
		var list []string
		for _, e := range errs[seen[rid]:] {
			got[e.Error.Code] = true
			paths[e.Error.Path] = true
			list = append(list, e.Error.Code+" "+e.Error.Path+": "+e.Error.Message[:min(len(e.Error.Message), 80)])
		}
		seen[rid] = len(errs)
		for _, code := range c.codes {
			if !got[code] {
				t.Errorf("%s/%s: no %s error (got %q)", c.group, c.name, code, list)
			}
		}
		if p := casePath[c.name]; p != "" && !paths[p] {
			t.Errorf("%s/%s: no error at %s (got %q)", c.group, c.name, p, list)
		}
		if os.Getenv("HOSTILE_LOG") != "" || c.codes == nil && len(list) > 0 {
			t.Logf("%s/%s: errors %q", c.group, c.name, list)
		}
		if c.dom != "" {
			dom := strings.ReplaceAll(c.dom, "%S%", sid)
			if ok := evalJS[bool](ctx, `(() => { const s = T.q("`+rid+`", '`+sec+`') || document.createElement("section"); return !!(`+dom+`); })()`); !ok {
				t.Errorf("%s/%s: DOM check %s failed: %q", c.group, c.name, dom, evalJS[string](ctx, `(T.q("`+rid+`", '`+sec+`') || {}).innerHTML || ""`))
			}
		}
		// Nothing executed, and the agent got exactly the actions the renderer reported.
		if got := evalJSON(ctx, `({opened: window.opened, alerted: window.alerted, proto: Object.getOwnPropertyNames(Object.prototype).join(",") === window.protoKeys, markup: T.qa("`+rid+`", "script, iframe, object, embed").length, actions: T.events("`+rid+`", "a2ui-action").length})`); got != `{"opened":[],"alerted":[],"proto":true,"markup":0,"actions":`+strconv.Itoa(actions[rid])+`}` {
			t.Errorf("%s/%s: something ran: %s", c.group, c.name, got)
		}
		total := actions["host"] + actions["capped"]
		waitCond(func() bool { return len(actionBodies()) >= total })
		bodies := actionBodies()
		if len(bodies) != total {
			t.Errorf("%s/%s: %d action POSTs, want %d: %q", c.group, c.name, len(bodies), total, bodies[posted:])
		} else if hasPost {
			checkAction(t, c.group+"/"+c.name+": POST body", []byte(bodies[total-1]), strings.ReplaceAll(want, "%S%", sid))
		}
		for _, b := range bodies[min(posted, len(bodies)):] {
			if strings.Contains(b, "s3cret") {
				t.Errorf("%s/%s: another surface's data was posted: %s", c.group, c.name, b)
			}
		}
		posted = len(bodies)
		// A renderer with tiny caps starts each case empty.
		if rid != "host" {
			evalJSON(ctx, `(async () => { const r = T.rr("`+rid+`"); r.process(r.surfaces().map((id) => ({version: "v0.9", deleteSurface: {surfaceId: id}}))); await r.flush(); return true; })()`)
		}
		// Liveness: a probe surface here and one on the second renderer render; the
		// probes are deleted afterwards (they would fill the surface cap).
		// The OpenWOP renderer takes only envelopes: its probe is one.
		probe := v09create("p"+sid) + "\n" + v09comps("p"+sid, `[{"id":"root","component":"Text","text":"probe `+sid+`"}]`)
		if rid == "ow" {
			probe = owEnvelope("p"+sid, `{"components":[{"component":"text","text":"probe `+sid+`"}]}`, owSID, "run-1:node-2:turn-1:probe")
		}
		evalJSON(ctx, `(() => { T.rr("`+rid+`").process(`+jsString(probe)+`);
			T.rr("second").process(`+jsString(v09create("s"+sid)+"\n"+v09comps("s"+sid, `[{"id":"root","component":"Text","text":"second `+sid+`"}]`))+`); return true; })()`)
		if err := waitJSErr(ctx, `T.text("`+rid+`").includes("probe `+sid+`") && T.text("second").includes("second `+sid+`")`, waitTimeout()); err != nil {
			t.Errorf("%s/%s: probes: %v", c.group, c.name, err)
		}
		if rid != "ow" {
			processLines(ctx, rid, `{"version":"v0.9","deleteSurface":{"surfaceId":"p`+sid+`"}}`)
		}
		processLines(ctx, "second", `{"version":"v0.9","deleteSurface":{"surfaceId":"s`+sid+`"}}`)
	}
	if got := other.paths(); len(got) > 0 {
		t.Errorf("requests reached the unlisted server: %v", got)
	}
	for _, u := range nl.all() {
		if !strings.HasPrefix(u, base) && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, mediaHost+"v.mp4") {
			t.Errorf("request to %s", u)
		}
	}
}
