package render

import (
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/model"
)

// Hostile and malformed streams (shared/docs/security.md §4, the host-testable part):
// each case sets up a known-good surface, feeds the hostile lines, then a liveness
// surface. Global post-conditions for every case: no panic, the liveness surface renders,
// the good surface is intact, and no dangerous markup reaches the DOM (memdom applies the
// same policy as the browser applier and records anything it had to refuse: the catalog
// must never even try).
func TestHostileInputs(t *testing.T) {
	const cat = `"catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"`
	comps := func(sid, list string) string {
		return `{"version":"v0.9","updateComponents":{"surfaceId":"` + sid + `","components":` + list + `}}`
	}
	create := func(sid string) string {
		return `{"version":"v0.9","createSurface":{"surfaceId":"` + sid + `",` + cat + `}}`
	}
	deep := strings.Repeat("[", 600) + strings.Repeat("]", 600)
	var chain strings.Builder
	chain.WriteString(`[{"id":"root","component":"Column","children":["c0"]}`)
	for i := 0; i < 200; i++ {
		chain.WriteString(`,{"id":"c` + strconv.Itoa(i) + `","component":"Column","children":["c` + strconv.Itoa(i+1) + `"]}`)
	}
	chain.WriteString(`]`)
	// A DAG fan-out: every level lists the next level twice (2^30 paths if expanded).
	var dag strings.Builder
	dag.WriteString(`[{"id":"root","component":"Column","children":["d0","d0b"]}`)
	for i := 0; i < 30; i++ {
		n := strconv.Itoa(i + 1)
		dag.WriteString(`,{"id":"d` + strconv.Itoa(i) + `","component":"Row","children":["d` + n + `","d` + n + `b"]}`)
		dag.WriteString(`,{"id":"d` + strconv.Itoa(i) + `b","component":"Row","children":["d` + n + `","d` + n + `b"]}`)
	}
	dag.WriteString(`]`)

	upd := func(sid, path, value string) string {
		return `{"version":"v0.9","updateDataModel":{"surfaceId":"` + sid + `","path":"` + path + `","value":` + value + `}}`
	}
	// A 64 KiB data string repeated 20,000 times by one formatString (1.3 GB if built).
	s64 := `"` + strings.Repeat("x", 64<<10) + `"`
	bomb := `"` + strings.Repeat("${/s}", 20000) + `"`
	// 1,000 template rows of a literal just under the 1 MiB line cap.
	mib := strings.Repeat("m", 1<<20-2048)
	rows := `[` + strings.TrimSuffix(strings.Repeat(`0,`, 1000), ",") + `]`
	// 36 definitions: a Button and its warning beside a fan-out that expands past the
	// 20,000-instance budget (2^17 leaves).
	var fan strings.Builder
	fan.WriteString(`[{"id":"root","component":"Column","children":["warn","f0","pay"]},{"id":"warn","component":"Text","text":"Warning: this charges your card twice"},{"id":"pay","component":"Button","child":"payl","action":{"event":{"name":"pay"}}},{"id":"payl","component":"Text","text":"Pay now"}`)
	for i := 0; i < 16; i++ {
		n := strconv.Itoa(i + 1)
		fan.WriteString(`,{"id":"f` + strconv.Itoa(i) + `","component":"Row","children":["f` + n + `","g` + n + `"]}`)
		fan.WriteString(`,{"id":"g` + n + `","component":"Column","children":["f` + n + `"]}`)
	}
	fan.WriteString(`,{"id":"f16","component":"Text","text":"leaf"}]`)
	deepPath := strings.Repeat("/a", 5000)
	var longChain strings.Builder
	longChain.WriteString(`[{"id":"root","component":"Column","children":["c0"]}`)
	for i := 0; i < 10000; i++ {
		longChain.WriteString(`,{"id":"c` + strconv.Itoa(i) + `","component":"Card","child":"c` + strconv.Itoa(i+1) + `"}`)
	}
	longChain.WriteString(`]`)
	deepMap := `{"key":"leaf","valueString":"x"}`
	for i := 0; i < 40; i++ {
		deepMap = `{"key":"m","valueMap":[` + deepMap + `]}`
	}

	cases := []struct {
		name  string
		lines []string
		// wantCodes must each appear in an error event; "" means no error is expected.
		wantCodes []string
		// forbid must not appear in the hostile surface's HTML.
		forbid []string
		// closed: the hostile surface must show the fail-closed notice and nothing else.
		closed bool
		// want must appear in the hostile surface's text.
		want string
	}{
		{"truncated JSON", []string{`{"version":"v0.9","createSurface":{"surfaceId":"h"`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"empty object", []string{`{}`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"two message keys", []string{`{"version":"v0.9","createSurface":{"surfaceId":"h",` + cat + `},"deleteSurface":{"surfaceId":"h"}}`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"case variant of a key", []string{`{"version":"v0.9","CreateSurface":{"surfaceId":"h",` + cat + `}}`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"number overflow", []string{create("h"), `{"version":"v0.9","updateDataModel":{"surfaceId":"h","path":"/n","value":1e309}}`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"NaN literal", []string{`{"version":"v0.9","updateDataModel":{"surfaceId":"good","path":"/n","value":NaN}}`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"value nested 600 deep", []string{`{"version":"v0.9","updateDataModel":{"surfaceId":"good","path":"/n","value":` + deep + `}}`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"markup as a type name", []string{create("h"), comps("h", `[{"id":"root","component":"<img src=x onerror=alert(1)>"}]`)}, []string{"UNKNOWN_COMPONENT"}, []string{"<img"}, false, ""},
		{"self-cycle", []string{create("h"), comps("h", `[{"id":"root","component":"Column","children":["root"]}]`)}, []string{"COMPONENT_CYCLE"}, nil, false, ""},
		{"cycle across lines", []string{create("h"), comps("h", `[{"id":"root","component":"Column","children":["a"]}]`), comps("h", `[{"id":"a","component":"Card","child":"root"}]`)}, []string{"COMPONENT_CYCLE"}, nil, false, ""},
		{"200-deep chain", []string{create("h"), comps("h", chain.String())}, []string{"LIMIT_EXCEEDED"}, nil, false, ""},
		{"DAG fan-out bomb", []string{create("h"), comps("h", dag.String())}, []string{"LIMIT_EXCEEDED"}, nil, false, ""},
		{"index explosion", []string{create("h"), `{"version":"v0.9","updateDataModel":{"surfaceId":"h","path":"/items/999999999","value":1}}`}, []string{"LIMIT_EXCEEDED"}, nil, false, ""},
		{"prototype keys stay data", []string{create("h"), `{"version":"v0.9","updateDataModel":{"surfaceId":"h","path":"/__proto__/polluted","value":"yes"}}`, comps("h", `[{"id":"root","component":"Text","text":{"path":"/__proto__/polluted"}}]`)}, nil, nil, false, ""},
		{"script-scheme image and video", []string{create("h"), comps("h", `[{"id":"root","component":"Column","children":["i","v","a"]},{"id":"i","component":"Image","url":"JaVaScRiPt:alert(1)"},{"id":"v","component":"Video","url":" javascript:alert(1)"},{"id":"a","component":"AudioPlayer","url":"data:text/html,<script>alert(1)</script>"}]`)}, []string{"POLICY_DENIED"}, []string{"javascript:", "data:text"}, false, ""},
		{"markdown XSS", []string{create("h"), comps("h", `[{"id":"root","component":"Text","text":"# Hi\n[x](javascript:alert(1)) [y](&#106;avascript:alert(1)) <script>alert(1)</script> <img src=x onerror=alert(1)> ![t](https://tracker.example/p.gif)"}]`)}, []string{"POLICY_DENIED"}, []string{"javascript:", "<script", "onerror", "tracker.example"}, false, ""},
		{"markdown nesting bomb", []string{create("h"), comps("h", `[{"id":"root","component":"Text","text":"`+strings.Repeat(">", 16*1024-2)+` x"}]`)}, []string{"LIMIT_EXCEEDED"}, []string{"<blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote>"}, false, ""},
		{"CSS injection through the theme", []string{`{"version":"v0.9","createSurface":{"surfaceId":"h",` + cat + `,"theme":{"primaryColor":"red;background:url(https://evil.example/x)","font":"x\";}body{display:none"}}}`, comps("h", `[{"id":"root","component":"Text","text":"themed"}]`)}, []string{"VALIDATION_FAILED"}, []string{"evil.example"}, false, ""},
		{"openUrl with a script URL", []string{create("h"), comps("h", `[{"id":"root","component":"Button","child":"l","action":{"functionCall":{"call":"openUrl","args":{"url":"javascript:alert(1)"}}}},{"id":"l","component":"Text","text":"go"}]`)}, []string{"FUNCTION_FAILED"}, []string{"javascript:"}, false, ""},
		{"a string equal to a component id stays text", []string{create("h"), comps("h", `[{"id":"root","component":"Column","children":["t"]},{"id":"t","component":"Text","text":"root"}]`)}, nil, nil, false, ""},
		{"update before create", []string{comps("h", `[{"id":"root","component":"Text","text":"x"}]`)}, []string{"SURFACE_NOT_FOUND"}, nil, false, ""},
		{"duplicate create", []string{create("good")}, []string{"SURFACE_EXISTS"}, nil, false, ""},
		// Strict lines (security.md ).
		{"duplicate key", []string{create("h"), `{"version":"v0.9","updateDataModel":{"surfaceId":"h","path":"/a","value":{"k":1,"k":2}}}`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"invalid UTF-8", []string{create("h"), "{\"version\":\"v0.9\",\"updateDataModel\":{\"surfaceId\":\"h\",\"path\":\"/a\",\"value\":\"\xff\"}}"}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"data after the JSON value", []string{create("h") + ` {"version":"v0.9","deleteSurface":{"surfaceId":"good"}}`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		{"JSON nested 100k deep", []string{`{"version":"v0.9","updateDataModel":{"surfaceId":"good","path":"/n","value":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}}`}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		// Agent-controlled recursion.
		{"markdown list bomb", []string{create("h"), comps("h", `[{"id":"root","component":"Text","text":"`+strings.Repeat("- ", 8000)+`x"}]`)}, []string{"LIMIT_EXCEEDED"}, []string{"<ul><ul>"}, true, ""},
		{"markdown emphasis bomb", []string{create("h"), comps("h", `[{"id":"root","component":"Text","text":"`+strings.Repeat("*a ", 2700)+"x"+strings.Repeat(" a*", 2700)+`"}]`)}, []string{"LIMIT_EXCEEDED"}, nil, true, ""},
		{"data path of 5000 segments", []string{create("h"), upd("h", deepPath, "1")}, []string{"LIMIT_EXCEEDED"}, nil, false, ""},
		{"binding to a path of 5000 segments", []string{create("h"), comps("h", `[{"id":"root","component":"Column","children":["t","f"]},{"id":"t","component":"Text","text":{"path":"`+deepPath+`"}},{"id":"f","component":"TextField","label":"x","value":{"path":"`+deepPath+`"}}]`)}, []string{"LIMIT_EXCEEDED"}, []string{"<input"}, true, ""},
		{"valueMap nested 40 deep", []string{`{"beginRendering":{"surfaceId":"h","root":"root"}}`, `{"dataModelUpdate":{"surfaceId":"h","contents":[{"key":"ok","valueString":"kept"},` + deepMap + `]}}`, `{"surfaceUpdate":{"surfaceId":"h","components":[{"id":"root","component":{"Text":{"text":{"path":"/ok"}}}}]}}`}, []string{"LIMIT_EXCEEDED"}, nil, false, "kept"},
		{"10,000-deep chain", []string{create("h"), comps("h", longChain.String())}, []string{"LIMIT_EXCEEDED"}, nil, true, ""},
		{"formatString nested 10,000 deep", []string{create("h"), comps("h", `[{"id":"root","component":"Text","text":{"call":"formatString","args":{"value":"`+strings.Repeat("${", 10000)+strings.Repeat("}", 10000)+`"}}}]`)}, []string{"FUNCTION_FAILED"}, nil, false, ""},
		{"function calls nested 10,000 deep", []string{create("h"), comps("h", `[{"id":"root","component":"Text","text":`+strings.Repeat(`{"call":"not","args":{"value":`, 10000)+`true`+strings.Repeat(`}}`, 10000)+`}]`)}, []string{"VALIDATION_FAILED"}, nil, false, ""},
		// Byte budgets fail the surface closed.
		{"formatString bomb", []string{create("h"), upd("h", "/s", s64), comps("h", `[{"id":"root","component":"Column","children":["t","b"]},{"id":"t","component":"Text","text":{"call":"formatString","args":{"value":`+bomb+`}}},{"id":"b","component":"Button","child":"bl","action":{"event":{"name":"go"}}},{"id":"bl","component":"Text","text":"Go"}]`)}, []string{"LIMIT_EXCEEDED"}, []string{"<button"}, true, ""},
		{"template of a 1 MiB string", []string{create("h"), upd("h", "/rows", rows), comps("h", `[{"id":"root","component":"List","children":{"componentId":"row","path":"/rows"}},{"id":"row","component":"Text","text":"`+mib+`"}]`)}, []string{"LIMIT_EXCEEDED"}, nil, true, ""},
		{"fan-out past the instance budget", []string{create("h"), comps("h", fan.String())}, []string{"LIMIT_EXCEEDED"}, []string{"<button", "Pay now", "Warning"}, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, h := newRenderer(t)
			clicked := map[*memdom.Node]bool{}
			r.Process([]byte(create("good") + "\n" + comps("good", `[{"id":"root","component":"Text","text":"known good"}]`)))
			r.Frame()
			st := r.NewStream(JSONL)
			for _, l := range c.lines {
				st.Write([]byte(l + "\n"))
				r.Frame()
			}
			st.Close(nil)
			// Press every button of the hostile surface: nothing may open or leak.
			if host := h.doc.Host("h"); host != nil && host.Root != nil {
				for {
					btn := findNode(h, "h", func(n *memdom.Node) bool { return n.Tag == "button" && !clicked[n] })
					if btn == nil {
						break
					}
					clicked[btn] = true
					r.Dispatch("h", dom.Event{Node: btn.ID, Type: "click"})
				}
			}
			r.Process([]byte(create("alive") + "\n" + comps("alive", `[{"id":"root","component":"Text","text":"still alive"}]`)))
			r.Frame()

			if !strings.Contains(h.text("alive"), "still alive") {
				t.Fatalf("liveness surface did not render: %q", h.text("alive"))
			}
			if !strings.Contains(h.text("good"), "known good") {
				t.Fatalf("known-good surface damaged: %q", h.text("good"))
			}
			errs := strings.Join(h.ofType("a2ui-error"), "\n")
			for _, code := range c.wantCodes {
				if !strings.Contains(errs, `"code":"`+code+`"`) {
					t.Errorf("no %s error; errors:\n%s", code, errs)
				}
			}
			if len(c.wantCodes) == 0 && errs != "" {
				t.Errorf("unexpected errors:\n%s", errs)
			}
			if len(h.doc.Rejected) > 0 {
				t.Errorf("the catalog emitted markup the applier had to refuse: %v", h.doc.Rejected)
			}
			if host := h.doc.Host("h"); host != nil {
				html := host.HTML()
				for _, f := range c.forbid {
					if strings.Contains(strings.ToLower(html), strings.ToLower(f)) {
						t.Errorf("surface contains %q:\n%s", f, html)
					}
				}
			}
			if len(h.opened) > 0 {
				t.Errorf("opened %v", h.opened)
			}
			if c.closed {
				host := h.doc.Host("h")
				html := ""
				if host != nil {
					html = host.HTML()
				}
				if !strings.Contains(html, "a2ui-failed-closed") || strings.Contains(html, "<button") || len(html) > 1000 {
					t.Errorf("surface not failed closed:\n%.2000s", html)
				}
				if n := r.surf["h"].env.Handlers.Len(); n != 0 {
					t.Errorf("%d handlers still registered", n)
				}
			}
			if c.want != "" && !strings.Contains(h.text("h"), c.want) {
				t.Errorf("surface text %q, want %q", h.text("h"), c.want)
			}
			if n := len(h.ofType("a2ui-action")); n > 0 {
				t.Errorf("%d actions sent", n)
			}
		})
	}
}

// TestPanicWhileApplyingIsConfined: a panic while a message is applied (here from a model
// listener) is recovered into a RENDER_FAILED error; the rest of the payload, the stream
// and the other surfaces go on.
func TestPanicWhileApplyingIsConfined(t *testing.T) {
	r, h := newRenderer(t)
	const cat = `"catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"`
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"good",` + cat + `}}` + "\n" +
		`{"version":"v0.9","updateComponents":{"surfaceId":"good","components":[{"id":"root","component":"Text","text":"known good"}]}}`))
	r.Frame()
	r.proc.OnChange(func(ev model.SurfaceEvent) {
		if ev.SurfaceID == "boom" && ev.Kind == model.Updated {
			panic("listener exploded")
		}
	})
	st := r.NewStream(JSONL)
	st.Write([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"boom",` + cat + `}}` + "\n" +
		`{"version":"v0.9","updateComponents":{"surfaceId":"boom","components":[{"id":"root","component":"Text","text":"x"}]}}` + "\n" +
		`{"version":"v0.9","createSurface":{"surfaceId":"after",` + cat + `}}` + "\n" +
		`{"version":"v0.9","updateComponents":{"surfaceId":"after","components":[{"id":"root","component":"Text","text":"after the panic"}]}}` + "\n"))
	r.Frame()
	errs := strings.Join(h.ofType("a2ui-error"), "\n")
	if !strings.Contains(errs, `"code":"RENDER_FAILED"`) || !strings.Contains(errs, "listener exploded") || !strings.Contains(errs, `"surfaceId":"boom"`) {
		t.Errorf("errors: %s", errs)
	}
	if got := h.text("after"); got != "after the panic" {
		t.Errorf("later surface: %q", got)
	}
	if got := h.text("good"); got != "known good" {
		t.Errorf("good surface: %q", got)
	}
	if got := h.text("boom"); !strings.Contains(got, "could not be rendered") {
		t.Errorf("boom surface shows %q, want the crash notice", got)
	}
}
