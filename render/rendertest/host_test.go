package rendertest

import (
	"slices"
	"testing"

	"github.com/a2ui-go/a2ui/render"
)

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
`

// The Host shows what the user sees and records what the renderer reports, for each
// thing a user or agent does.
func TestHost(t *testing.T) {
	for _, tc := range []struct {
		name       string
		components string
		act        func(h *Host)
		text       string
		codes      []string
		opened     []string
	}{
		{"typing reaches a bound text",
			`[{"id":"root","component":"Column","children":["f","t"]},{"id":"f","component":"TextField","label":"Name","value":{"path":"/n"}},{"id":"t","component":"Text","text":{"path":"/n"}}]`,
			func(h *Host) { h.Type("s", h.Find("s", ByTag("input", "")), "Ada") },
			"NameAda", nil, nil},
		{"unknown component",
			`[{"id":"root","component":"Nope"}]`, nil, "Unsupported component: Nope", []string{"UNKNOWN_COMPONENT"}, nil},
		{"openUrl with a gesture",
			`[{"id":"root","component":"Button","child":"l","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/"}}}},{"id":"l","component":"Text","text":"Go"}]`,
			func(h *Host) { h.Gesture = true; h.Click("s", h.Find("s", ByTag("button", "Go"))) },
			"Go", nil, []string{"https://example.com/"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := New(render.Options{})
			h.Process(create + `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":` + tc.components + `}}`)
			if tc.act != nil {
				tc.act(h)
			}
			if h.Err != nil {
				t.Fatal(h.Err)
			}
			if got := h.Text("s"); got != tc.text {
				t.Errorf("text = %q, want %q (%s)", got, tc.text, h.HTML("s"))
			}
			if got := h.ErrorCodes(); !slices.Equal(got, tc.codes) {
				t.Errorf("error codes = %v, want %v", got, tc.codes)
			}
			if !slices.Equal(h.Opened, tc.opened) {
				t.Errorf("opened = %v, want %v", h.Opened, tc.opened)
			}
		})
	}
}
