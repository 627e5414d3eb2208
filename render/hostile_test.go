package render

import (
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
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

	cases := []struct {
		name  string
		lines []string
		// wantCodes must each appear in an error event; "" means no error is expected.
		wantCodes []string
		// forbid must not appear in the hostile surface's HTML.
		forbid []string
	}{
		{"truncated JSON", []string{`{"version":"v0.9","createSurface":{"surfaceId":"h"`}, []string{"VALIDATION_FAILED"}, nil},
		{"empty object", []string{`{}`}, []string{"VALIDATION_FAILED"}, nil},
		{"two message keys", []string{`{"version":"v0.9","createSurface":{"surfaceId":"h",` + cat + `},"deleteSurface":{"surfaceId":"h"}}`}, []string{"VALIDATION_FAILED"}, nil},
		{"case variant of a key", []string{`{"version":"v0.9","CreateSurface":{"surfaceId":"h",` + cat + `}}`}, []string{"VALIDATION_FAILED"}, nil},
		{"number overflow", []string{create("h"), `{"version":"v0.9","updateDataModel":{"surfaceId":"h","path":"/n","value":1e309}}`}, []string{"VALIDATION_FAILED"}, nil},
		{"NaN literal", []string{`{"version":"v0.9","updateDataModel":{"surfaceId":"good","path":"/n","value":NaN}}`}, []string{"VALIDATION_FAILED"}, nil},
		{"value nested 600 deep", []string{`{"version":"v0.9","updateDataModel":{"surfaceId":"good","path":"/n","value":` + deep + `}}`}, []string{"VALIDATION_FAILED"}, nil},
		{"markup as a type name", []string{create("h"), comps("h", `[{"id":"root","component":"<img src=x onerror=alert(1)>"}]`)}, []string{"UNKNOWN_COMPONENT"}, []string{"<img"}},
		{"self-cycle", []string{create("h"), comps("h", `[{"id":"root","component":"Column","children":["root"]}]`)}, []string{"COMPONENT_CYCLE"}, nil},
		{"cycle across lines", []string{create("h"), comps("h", `[{"id":"root","component":"Column","children":["a"]}]`), comps("h", `[{"id":"a","component":"Card","child":"root"}]`)}, []string{"COMPONENT_CYCLE"}, nil},
		{"200-deep chain", []string{create("h"), comps("h", chain.String())}, []string{"LIMIT_EXCEEDED"}, nil},
		{"DAG fan-out bomb", []string{create("h"), comps("h", dag.String())}, []string{"LIMIT_EXCEEDED"}, nil},
		{"index explosion", []string{create("h"), `{"version":"v0.9","updateDataModel":{"surfaceId":"h","path":"/items/999999999","value":1}}`}, []string{"LIMIT_EXCEEDED"}, nil},
		{"prototype keys stay data", []string{create("h"), `{"version":"v0.9","updateDataModel":{"surfaceId":"h","path":"/__proto__/polluted","value":"yes"}}`, comps("h", `[{"id":"root","component":"Text","text":{"path":"/__proto__/polluted"}}]`)}, nil, nil},
		{"script-scheme image and video", []string{create("h"), comps("h", `[{"id":"root","component":"Column","children":["i","v","a"]},{"id":"i","component":"Image","url":"JaVaScRiPt:alert(1)"},{"id":"v","component":"Video","url":" javascript:alert(1)"},{"id":"a","component":"AudioPlayer","url":"data:text/html,<script>alert(1)</script>"}]`)}, []string{"POLICY_DENIED"}, []string{"javascript:", "data:text"}},
		{"markdown XSS", []string{create("h"), comps("h", `[{"id":"root","component":"Text","text":"# Hi\n[x](javascript:alert(1)) [y](&#106;avascript:alert(1)) <script>alert(1)</script> <img src=x onerror=alert(1)> ![t](https://tracker.example/p.gif)"}]`)}, []string{"POLICY_DENIED"}, []string{"javascript:", "<script", "onerror", "tracker.example"}},
		{"markdown nesting bomb", []string{create("h"), comps("h", `[{"id":"root","component":"Text","text":"`+strings.Repeat(">", 12000)+` x"}]`)}, nil, []string{"<blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote>"}},
		{"CSS injection through the theme", []string{`{"version":"v0.9","createSurface":{"surfaceId":"h",` + cat + `,"theme":{"primaryColor":"red;background:url(https://evil.example/x)","font":"x\";}body{display:none"}}}`, comps("h", `[{"id":"root","component":"Text","text":"themed"}]`)}, []string{"VALIDATION_FAILED"}, []string{"evil.example"}},
		{"openUrl with a script URL", []string{create("h"), comps("h", `[{"id":"root","component":"Button","child":"l","action":{"functionCall":{"call":"openUrl","args":{"url":"javascript:alert(1)"}}}},{"id":"l","component":"Text","text":"go"}]`)}, []string{"FUNCTION_FAILED"}, []string{"javascript:"}},
		{"a string equal to a component id stays text", []string{create("h"), comps("h", `[{"id":"root","component":"Column","children":["t"]},{"id":"t","component":"Text","text":"root"}]`)}, nil, nil},
		{"update before create", []string{comps("h", `[{"id":"root","component":"Text","text":"x"}]`)}, []string{"SURFACE_NOT_FOUND"}, nil},
		{"duplicate create", []string{create("good")}, []string{"SURFACE_EXISTS"}, nil},
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
		})
	}
}
