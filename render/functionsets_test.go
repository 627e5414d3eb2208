package render

import (
	"strings"
	"testing"
)

// TestFunctionSets: web_core's functions only when the page opts in; an unknown set fails.
func TestFunctionSets(t *testing.T) {
	const line = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"call":"formatString","args":{"value":"sum ${add(a: 2, b: ${/n})}"}}}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/n","value":40}}
`
	for _, tt := range []struct {
		sets, text, err string
	}{
		{"", "", `unknown function \"add\"`},
		{"web_core", "sum 42", ""},
		{" web_core, ", "sum 42", ""},
	} {
		t.Run(tt.sets, func(t *testing.T) {
			fns, err := FunctionSets(tt.sets)
			if err != nil {
				t.Fatal(err)
			}
			h := newFakeHost(t)
			r := New(h, Options{ExtraFunctions: fns})
			st := r.NewStream(JSONL)
			st.Write([]byte(line))
			st.Close(nil)
			r.Frame()
			if got := h.text("s"); got != tt.text {
				t.Errorf("text %q, want %q", got, tt.text)
			}
			errs := strings.Join(h.ofType("a2ui-error"), "\n")
			if (tt.err == "") != (errs == "") || !strings.Contains(errs, tt.err) {
				t.Errorf("errors %s, want %q", errs, tt.err)
			}
		})
	}
	if _, err := FunctionSets("web_core webcore"); err == nil || !strings.Contains(err.Error(), `unknown function set "webcore"`) {
		t.Errorf("unknown set: %v", err)
	}
}
