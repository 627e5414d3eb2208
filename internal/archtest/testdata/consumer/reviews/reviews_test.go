package reviews

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/render"
)

type memHost struct{ doc *memdom.Document }

func (h *memHost) Patch(ops []byte)                        { _ = h.doc.Apply(ops) }
func (h *memHost) SurfaceAdded(id string)                  { h.doc.Attach(id) }
func (h *memHost) SurfaceRemoved(id string)                { h.doc.Detach(id) }
func (h *memHost) SurfaceTheme(string, []catalog.ThemeVar) {}
func (h *memHost) Emit(event string, detail []byte)        {}
func (h *memHost) Send(body []byte, errorReport bool)      {}
func (h *memHost) RequestFrame()                           {}
func (h *memHost) OpenURL(string) bool                     { return false }

// TestRating renders the Rating through render over memdom.
func TestRating(t *testing.T) {
	h := &memHost{doc: memdom.New()}
	r := render.New(h, render.Options{Catalogs: []*catalog.Catalog{basic.Catalog(), Catalog()}})
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + ID + `"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["r","f"]},{"id":"r","component":"Rating","value":3},{"id":"f","component":"Text","text":{"call":"stars","args":{"value":2}}}]}}
`))
	r.Frame()
	if got := h.doc.Host("s").Root.TextContent(); !strings.Contains(got, "★★★") || !strings.Contains(got, "**") {
		t.Errorf("surface shows %q, want the three stars and the stars function's **", got)
	}
}
