package render

import (
	"strings"
	"time"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
)

// warmSurface is the surface WarmTyping types into: the typing bench's field and Text.
const warmSurface = `{"version":"v0.9","createSurface":{"surfaceId":"w","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"w","components":[{"id":"root","component":"Column","children":["field","echo"]},{"id":"field","component":"TextField","label":"Name","value":{"path":"/name"}},{"id":"echo","component":"Text","text":{"path":"/name"}}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"w","path":"/","value":{"name":""}}}
`

// WarmTyping types two keys into a TextField bound to a Text on a private renderer that
// draws nowhere, and reports whether the Text showed them. A browser host calls it once,
// when a field first takes focus: the engine compiles a wasm function on its first call,
// which would otherwise fall on the user's first keystroke (some milliseconds), and a
// page without fields never pays for it.
// UI goroutine.
func WarmTyping() bool {
	r, h, s := warmStart(warmSurface, "w")
	defer r.Destroy()
	if s == nil {
		return false
	}
	input := findTag(s.tree.Root(), "input")
	if input == nil {
		return false
	}
	r.Dispatch("w", dom.Event{Node: input.ID, Type: "focusin"})
	for _, v := range []string{"a", "ab"} {
		r.Dispatch("w", dom.Event{Node: input.ID, Type: "input", Value: v})
	}
	return strings.Contains(dom.TextContent(s.tree.Root()), "ab") && h.patches > 1
}

// warmUpdateSurface is the surface WarmUpdate writes into: a Text bound to /title and a
// template of Texts over /rows, as an agent's list and its heading.
const warmUpdateSurface = `{"version":"v0.9","createSurface":{"surfaceId":"u","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"u","components":[{"id":"root","component":"Column","children":["title","list"]},{"id":"title","component":"Text","text":{"path":"/title"}},{"id":"list","component":"Column","children":{"componentId":"row","path":"/rows"}},{"id":"row","component":"Text","text":{"path":"label"}}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"u","path":"/","value":{"title":"t","rows":[{"label":"r0"},{"label":"r1"}]}}}
`

// warmUpdates are WarmUpdate's writes after the first frame: a field inside a row, and a
// value outside the template.
const warmUpdates = `{"version":"v0.9","updateDataModel":{"surfaceId":"u","path":"/rows/1/label","value":"r1 changed"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"u","path":"/title","value":"t changed"}}
`

// WarmUpdate renders a bound Text and a template list on a private renderer that draws
// nowhere, writes a row's field and the Text's value, and reports whether both changed
// in the next frame's patch. The data-update path (the write, the in-place refresh, the
// text patch) is otherwise compiled during the agent's first updateDataModel: a browser
// host runs this once, in idle time after its first frame.
// UI goroutine.
func WarmUpdate() bool {
	r, h, s := warmStart(warmUpdateSurface, "u")
	defer r.Destroy()
	if s == nil {
		return false
	}
	before := h.patches
	r.Process([]byte(warmUpdates))
	r.Frame()
	text := dom.TextContent(s.tree.Root())
	return h.patches > before && strings.Contains(text, "r1 changed") && strings.Contains(text, "t changed")
}

// warmStart processes stream on a private renderer that draws nowhere and renders a
// frame; it returns the renderer (the caller destroys it), its host and surface id, nil
// when that did not render.
func warmStart(stream, id string) (*Renderer, *warmHost, *surface) {
	h := &warmHost{}
	r := New(h, Options{Now: time.Now})
	r.Process([]byte(stream))
	r.Frame()
	if s := r.surf[id]; s != nil && s.tree.Root() != nil {
		return r, h, s
	}
	return r, h, nil
}

// findTag returns the first element with tag in n's subtree.
func findTag(n *dom.Node, tag string) *dom.Node {
	if n.Kind == dom.Element && n.Tag == tag {
		return n
	}
	for _, c := range n.Children {
		if f := findTag(c, tag); f != nil {
			return f
		}
	}
	return nil
}

// warmHost is WarmTyping's Host: it counts patches and draws nothing.
type warmHost struct{ patches int }

func (h *warmHost) Patch([]byte)                          { h.patches++ }
func (*warmHost) SurfaceAdded(string)                     {}
func (*warmHost) SurfaceRemoved(string)                   {}
func (*warmHost) SurfaceTheme(string, []catalog.ThemeVar) {}
func (*warmHost) Emit(string, []byte)                     {}
func (*warmHost) Send([]byte, bool)                       {}
func (*warmHost) RequestFrame()                           {}
func (*warmHost) OpenURL(string) bool                     { return false }
