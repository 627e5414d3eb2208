package render

import (
	"encoding/json"
	"github.com/a2ui-go/a2ui/internal/fixtures"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// officialExamples returns the example files of @a2ui/web_core (installed by npm ci).
func officialExamples(t *testing.T) []string {
	root := fixtures.WebCore(t)
	var files []string
	for _, g := range []string{"v0_9/schemas/catalogs/basic/examples/*.json", "v0_9/schemas/catalogs/minimal/examples/*.json", "v1_0/schemas/catalogs/basic/examples/*.json"} {
		m, _ := filepath.Glob(filepath.Join(root, g))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no official examples under " + root)
	}
	return files
}

// TestOfficialExamplesRender runs every official v0.9 (basic, minimal) and v1.0 example
// through the whole pipeline: no error event, every surface shows text.
func TestOfficialExamplesRender(t *testing.T) {
	for _, f := range officialExamples(t) {
		rel := filepath.Base(filepath.Dir(filepath.Dir(f))) + "/" + filepath.Base(f)
		if strings.Contains(f, "v1_0") {
			rel = "v1.0/" + rel
		}
		t.Run(rel, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var ex struct {
				Messages []json.RawMessage `json:"messages"`
			}
			if err := json.Unmarshal(b, &ex); err != nil {
				t.Fatal(err)
			}
			r, h := newRenderer(t)
			for _, m := range ex.Messages {
				r.Process(m)
			}
			r.Frame()
			if errs := h.ofType("a2ui-error"); len(errs) != 0 {
				t.Fatalf("errors: %v", errs)
			}
			if len(r.Surfaces()) == 0 {
				t.Fatal("no surface")
			}
			for _, id := range r.Surfaces() {
				host := h.doc.Host(id)
				if host == nil || host.Root == nil {
					t.Fatalf("surface %s not mounted", id)
				}
				if strings.Contains(host.HTML(), "a2ui-unknown") || strings.Contains(host.HTML(), "a2ui-crashed") {
					t.Errorf("surface %s has a placeholder: %s", id, host.HTML())
				}
			}
		})
	}
}
