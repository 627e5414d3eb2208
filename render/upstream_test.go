package render

import (
	"strings"
	"testing"
)

// TestUpstreamV10Conformance streams upstream v1.0 conformance details through the
// renderer: @index in a template (with the @call/@path spellings), @index outside a
// template, an invalid createSurface.metadata and a deleteSurface of an unknown surface.
func TestUpstreamV10Conformance(t *testing.T) {
	const cat = `"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"`
	stream := `{"version":"v1.0","deleteSurface":{"surfaceId":"never-created"}}
{"version":"v1.0","createSurface":{"surfaceId":"s1",` + cat + `,"metadata":{"owner":"me"},"dataModel":{"tasks":["Buy Milk","Clean Kitchen","Pay Bills"]}}}
{"version":"v1.0","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Column","children":["list","stray"]},{"id":"list","component":"List","children":{"componentId":"row","path":"/tasks"}},{"id":"row","component":"Row","children":["n","label"]},{"id":"n","component":"Text","text":{"@call":"formatString","args":{"value":"#${/x}"}}},{"id":"label","component":"Text","text":{"@path":""}},{"id":"stray","component":"Text","text":{"@call":"@index","args":{}}}]}}
{"version":"v1.0","updateComponents":{"surfaceId":"s1","components":[{"id":"n","component":"Text","text":{"@call":"@index","args":{"offset":1}}}]}}
`
	r, h := newRenderer(t)
	st := r.NewStream(JSONL)
	st.Write([]byte(stream))
	st.Close(nil)
	r.Frame()

	txt := h.text("s1")
	for _, want := range []string{"1Buy Milk", "2Clean Kitchen", "3Pay Bills"} {
		if !strings.Contains(txt, want) {
			t.Errorf("surface text %q lacks %q", txt, want)
		}
	}
	errs := h.ofType("a2ui-error")
	want := []string{
		`"code":"VALIDATION_FAILED"`, `"path":"/createSurface/metadata/owner"`,
		`@index can only be evaluated inside a template row`,
	}
	all := strings.Join(errs, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("errors lack %s:\n%s", w, all)
		}
	}
	if strings.Contains(all, "never-created") {
		t.Errorf("deleteSurface of an unknown surface reported: %s", all)
	}
	if len(errs) != 2 {
		t.Errorf("want 2 errors, got %d:\n%s", len(errs), all)
	}
}

// TestFormatStringObjectKeyOrder: formatString writes a data-model object with its keys in
// stream order (JSON.stringify of the JavaScript object web_core holds), keys added by
// later updates last.
func TestFormatStringObjectKeyOrder(t *testing.T) {
	stream := `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"call":"formatString","args":{"value":"user=${/user}"}}}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/user","value":{"name":"Ada","age":36,"city":"London","tags":[{"z":1,"a":2}]}}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/user/email","value":"ada@example.com"}}
`
	r, h := newRenderer(t)
	st := r.NewStream(JSONL)
	st.Write([]byte(stream))
	st.Close(nil)
	r.Frame()
	want := `user={"name":"Ada","age":36,"city":"London","tags":[{"z":1,"a":2}],"email":"ada@example.com"}`
	if got := h.text("s"); got != want {
		t.Fatalf("text %s\nwant %s", got, want)
	}
}
