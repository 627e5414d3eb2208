package render

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
)

// A catalog added after the renderer started serves the surfaces created after it; a
// surface created before on its id stays failed closed.
func TestAddCatalogBindsAtCreateSurface(t *testing.T) {
	r, h := newCatalogRenderer(t, basic.Catalog())
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"early","catalogId":"` + chartsID + `"}}` + "\n"))
	r.AddCatalog(charts())
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"late","catalogId":"` + chartsID + `"}}
{"version":"v0.9","updateComponents":{"surfaceId":"late","components":[{"id":"root","component":"Bar","value":{"call":"double","args":{"value":4}}}]}}
{"version":"v0.9","updateComponents":{"surfaceId":"early","components":[{"id":"root","component":"Bar","value":1}]}}
`))
	r.Frame()
	if got := h.text("late"); got != "bar 8" {
		t.Errorf("late surface %q", got)
	}
	if got := h.text("early"); !strings.Contains(got, "needs a component catalog this page does not have") {
		t.Errorf("early surface %q", got)
	}
	if errs := h.ofType("a2ui-error"); len(errs) != 1 || !strings.Contains(errs[0], `"surfaceId":"early"`) {
		t.Errorf("errors %v", errs)
	}
	if caps := string(r.Capabilities()); !strings.Contains(caps, chartsID) {
		t.Errorf("capabilities lack the added catalog: %s", caps)
	}
}

// DefaultCatalog gives v0.8 surfaces without a catalogId their catalog; naming one the
// renderer lacks fails them closed.
func TestDefaultCatalogForV08(t *testing.T) {
	stream := []byte(`{"beginRendering":{"surfaceId":"s","root":"root"}}
{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Bar":{"value":{"literalNumber":3}}}}]}}
`)
	for _, tc := range []struct {
		name, def, want string
	}{
		{"first catalog", "", "Unsupported component: Bar"},
		{"page catalog", chartsID, "bar 3"},
		{"missing catalog", "https://example.com/none.json", "needs a component catalog this page does not have"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newFakeHost(t)
			r := New(h, Options{Catalogs: []*catalog.Catalog{basic.Catalog(), charts()}, DefaultCatalog: tc.def})
			r.Process(stream)
			r.Frame()
			if got := h.text("s"); !strings.Contains(got, tc.want) {
				t.Errorf("surface %q, want %q (errors %v)", got, tc.want, h.ofType("a2ui-error"))
			}
		})
	}
}
