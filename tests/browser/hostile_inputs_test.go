//go:build browser

package browser

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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

// hostileStreams are the cases fed as raw bytes over a connected stream (bytes a JS
// string cannot carry): served at /raw/<case index>.
var hostileStreams = map[string]bool{"invalid UTF-8": true}

// TestHostileInputs runs the security.md §4 input kinds not covered by TestHostileCore
// and TestHostilePolicy, one surface each, through the public JS API on a renderer with
// a test allowlist (images and media: cdn.allowed.example only). For every case: the
// a2ui-error codes include the expected ones, nothing executed (no alert, no
// window.open, no element from markup, no action, Object.prototype unchanged), no
// request went to the unlisted server or any other origin, and a probe surface on the
// same renderer and a second renderer on the page render within a second.
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
	base := serve(t, append(raw, rendererPageWith(rendererPagePath, spyScript))...)
	ctx := newTab(t)
	nl := watchNetwork(t, ctx)
	navigate(ctx, base+rendererPagePath)
	evalJSON(ctx, `T.mount("host", {policy: {urls: {images: ["cdn.allowed.example"], media: ["cdn.allowed.example"]}}})`)
	evalJSON(ctx, `T.mount("second", {})`)
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
		{"actions", "context reaching for another surface", []string{v09create("%S%"), comps(col(`{"id":"b","component":"Button","child":"bl","action":{"event":{"name":"x","context":{"v":{"path":"/../../other"}}}}}`, txt("bl", `"Go"`)))}, nil, ""},
	}
	seen, actions := 0, 0
	for i, c := range cases {
		sid := "k" + strconv.Itoa(i)
		lines := make([]string, len(c.lines))
		for j, l := range c.lines {
			lines[j] = strings.ReplaceAll(strings.ReplaceAll(l, "%S%", sid), "%OTHER%", o)
		}
		if hostileStreams[c.name] {
			rawMu.Lock()
			rawBodies[i] = strings.ReplaceAll(strings.Join(lines, "\n"), `\xff\xfe`, "\xff\xfe") + "\n"
			rawMu.Unlock()
			evalJSON(ctx, `T.rr("host").connect("/raw/`+strconv.Itoa(i)+`").then(() => true, () => true)`)
			flush(ctx, "host")
		} else {
			processLines(ctx, "host", lines...)
		}
		if css := hostileClicks[c.name]; css != "" {
			sleepJS(ctx, 600) // past the re-arm of a control that just appeared
			sel := `section[data-surface-id="` + sid + `"] ` + strings.TrimPrefix(css, "2")
			if strings.HasPrefix(css, "2") {
				if err := chromedp.Do(ctx, chromedp.DoubleClick(shadowPath("host", sel))); err != nil {
					t.Fatalf("double click: %v", err)
				}
			} else {
				clickIn(ctx, "host", sel)
			}
		}
		actions += hostileActions[c.name]
		sleepJS(ctx, 50)
		var errs []struct {
			Error struct{ Code, Message string }
		}
		_ = json.Unmarshal([]byte(evalJSON(ctx, `T.events("host", "a2ui-error")`)), &errs)
		got := map[string]bool{}
		var list []string
		for _, e := range errs[seen:] {
			got[e.Error.Code] = true
			list = append(list, e.Error.Code+": "+e.Error.Message[:min(len(e.Error.Message), 80)])
		}
		seen = len(errs)
		for _, code := range c.codes {
			if !got[code] {
				t.Errorf("%s/%s: no %s error (got %q)", c.group, c.name, code, list)
			}
		}
		if c.codes == nil && len(list) > 0 {
			t.Logf("%s/%s: errors %q", c.group, c.name, list)
		}
		if c.dom != "" {
			if ok := evalJS[bool](ctx, `(() => { const s = T.q("host", 'section[data-surface-id="`+sid+`"]') || document.createElement("section"); return !!(`+c.dom+`); })()`); !ok {
				t.Errorf("%s/%s: DOM check %s failed: %q", c.group, c.name, c.dom, evalJS[string](ctx, `(T.q("host", 'section[data-surface-id="`+sid+`"]') || {}).innerHTML || ""`))
			}
		}
		// Nothing executed.
		if got := evalJSON(ctx, `({opened: window.opened, alerted: window.alerted, proto: Object.getOwnPropertyNames(Object.prototype).join(",") === window.protoKeys, markup: T.qa("host", "script, iframe, object, embed").length, actions: T.events("host", "a2ui-action").length})`); got != `{"opened":[],"alerted":[],"proto":true,"markup":0,"actions":`+strconv.Itoa(actions)+`}` {
			t.Errorf("%s/%s: something ran: %s", c.group, c.name, got)
		}
		// Liveness: a probe surface here and one on the second renderer, within a second.
		evalJSON(ctx, `(() => { T.rr("host").process(`+jsString(v09create("p"+sid)+"\n"+v09comps("p"+sid, `[{"id":"root","component":"Text","text":"probe `+sid+`"}]`))+`);
			T.rr("second").process(`+jsString(v09create("s"+sid)+"\n"+v09comps("s"+sid, `[{"id":"root","component":"Text","text":"second `+sid+`"}]`))+`); return true; })()`)
		if err := waitJSErr(ctx, `T.text("host").includes("probe `+sid+`") && T.text("second").includes("second `+sid+`")`, time.Second); err != nil {
			t.Errorf("%s/%s: probes: %v", c.group, c.name, err)
		}
	}
	if got := other.paths(); len(got) > 0 {
		t.Errorf("requests reached the unlisted server: %v", got)
	}
	for _, u := range nl.all() {
		if !strings.HasPrefix(u, base) && !strings.HasPrefix(u, "data:") {
			t.Errorf("request to %s", u)
		}
	}
}
