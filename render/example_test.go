package render_test

import (
	"errors"
	"fmt"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/render"
)

// memHost renders into memdom and is a render.Transport: the test answers each action
// POST's response head through done.
type memHost struct {
	doc  *memdom.Document
	done func(error)
}

func (h *memHost) Patch(ops []byte)                        { _ = h.doc.Apply(ops) }
func (h *memHost) SurfaceAdded(id string)                  { h.doc.Attach(id) }
func (h *memHost) SurfaceRemoved(id string)                { h.doc.Detach(id) }
func (h *memHost) SurfaceTheme(string, []catalog.ThemeVar) {}
func (h *memHost) Emit(event string, detail []byte)        {}
func (h *memHost) Send(body []byte, errorReport bool)      {}
func (h *memHost) RequestFrame()                           {}
func (h *memHost) OpenURL(string) bool                     { return false }
func (h *memHost) Open(req render.Request, open func(string) *render.Stream) {
	fmt.Println(req.Method, req.URL, "Idempotency-Key:", req.Headers["Idempotency-Key"])
	h.done = func(err error) {
		req.Head(err)
		if err != nil {
			open("").Close(err)
		}
	}
}

// With an ActionURL and a host that is a Transport, the renderer POSTs each action
// itself and keeps its Button busy until the response head arrives; a failed POST
// shows beside the Button with a Retry that re-sends it (same body, same id).
func ExampleOptions_actionURL() {
	h := &memHost{doc: memdom.New()}
	r := render.New(h, render.Options{ActionURL: "/agent", NewID: func() string { return "a1" }})
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Button","child":"l","action":{"event":{"name":"pay"}}},{"id":"l","component":"Text","text":"Pay"}]}}
`))
	r.Frame()
	button := func(text string) *memdom.Node {
		var find func(n *memdom.Node) *memdom.Node
		find = func(n *memdom.Node) *memdom.Node {
			if n.Tag == "button" && n.TextContent() == text {
				return n
			}
			for _, c := range n.Children {
				if f := find(c); f != nil {
					return f
				}
			}
			return nil
		}
		return find(h.doc.Host("s").Root)
	}
	r.Dispatch("s", dom.Event{Type: "click", Node: button("Pay").ID, Time: 1000})
	r.Frame()
	busy, _ := button("Pay").Attr("aria-busy")
	fmt.Println("busy:", busy)
	h.done(errors.New("HTTP status 502"))
	r.Frame()
	fmt.Println(h.doc.Host("s").Root.TextContent())
	r.Dispatch("s", dom.Event{Type: "click", Node: button("Retry").ID, Time: 2000})
	// Output:
	// POST /agent Idempotency-Key: a1
	// busy: true
	// PayThe action could not be sent: HTTP status 502Retry
	// POST /agent Idempotency-Key: a1
}

// A page (or a Go host) opts in to web_core's extra functions by name.
func ExampleFunctionSets() {
	fns, err := render.FunctionSets("web_core")
	fmt.Println(err, fns.Has("add"), fns.Has("formatNumber")) // for Options.ExtraFunctions; basic ones come with each catalog
	_, err = render.FunctionSets("web_core, lodash")
	fmt.Println(err)
	// Output:
	// <nil> true false
	// unknown function set "lodash" (known: web_core)
}

// A browser host calls WarmTyping once, when a field first takes focus, so that the
// user's first keystroke does not pay for compiling the typing path.
func ExampleWarmTyping() {
	fmt.Println(render.WarmTyping())
	// Output: true
}
