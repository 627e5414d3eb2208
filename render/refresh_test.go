package render

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

// TestRefreshMatchesBuild drives two renderers with the same messages and keystrokes:
// one renders as it does (keystrokes and data writes patch only the bound leaves,
// engine.Refresh, when they can), the other builds the whole surface anew every frame.
// After every step both pages must be the same: markup, the field's value, the model.
func TestRefreshMatchesBuild(t *testing.T) {
	const surface = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[ {"id":"root","component":"Column","children":["title","field","echo","md","num","link","list","go"]}, {"id":"title","component":"Text","variant":"h2","text":{"path":"/title"}}, {"id":"field","component":"TextField","label":"Name","value":{"path":"/name"}}, {"id":"echo","component":"Text","text":{"path":"/name"}}, {"id":"md","component":"Text","text":{"path":"/md"}}, {"id":"num","component":"Text","text":{"path":"/n"}}, {"id":"link","component":"Text","text":{"path":"/link"}}, {"id":"list","component":"List","children":{"path":"/items","componentId":"item"}}, {"id":"item","component":"Text","text":{"path":"name"}}, {"id":"go","component":"Button","child":"go-label","action":{"event":{"name":"go"}}}, {"id":"go-label","component":"Text","text":{"path":"/name"}}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/","value":{"title":"T","name":"","md":"plain","n":1,"link":"none","items":[{"name":"a"},{"name":"b"}]}}}
`
	write := func(path, value string) string {
		return `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"` + path + `","value":` + value + `}}`
	}
	type step struct {
		name  string
		keys  string // typed into the field (each key one input event)
		agent string // a message
		focus string // "in" or "out": the field gains or loses focus first
		// refresh: the frames patch the bound leaves in place (the Column's node is
		// kept); not when a Button shows the path (it is named by its content), a tag
		// changes, a template's list (not a row inside it) or a component changes.
		refresh bool
	}
	steps := []step{
		{name: "typing", keys: "Ad"},
		{name: "agent writes the typed path", agent: write("/name", `"Bob"`)},
		{name: "typing again", keys: "x"},
		{name: "agent writes after the user left", focus: "out", agent: write("/name", `"Bob"`)},
		{name: "markdown appears", refresh: true, agent: write("/md", `"*em* text"`)},
		{name: "markdown goes", refresh: true, agent: write("/md", `"plain again"`)},
		{name: "heading emptied (its tag changes)", agent: write("/title", `""`)},
		{name: "heading back", agent: write("/title", `"Hello"`)},
		{name: "number", refresh: true, agent: write("/n", `42`)},
		{name: "link", refresh: true, agent: write("/link", `"[x](https://example.com)"`)},
		{name: "template row", refresh: true, agent: write("/items/1/name", `"changed"`)},
		{name: "template row replaced", agent: write("/items/0", `{"name":"new a"}`)},
		{name: "template row added", agent: write("/items/2/name", `"c"`)},
		{name: "template row under the new row", refresh: true, agent: write("/items/2/name", `"c2"`)},
		{name: "whole model", agent: write("/", `{"title":"W","name":"Wu","md":"m","n":2,"link":"l","items":[]}`)},
		{name: "component added", agent: `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["title","field","echo","extra"]},{"id":"extra","component":"Text","text":{"path":"/name"}}]}}`},
		{name: "typing after the component update", focus: "in", keys: "yz", refresh: true},
	}
	a, ha := newRenderer(t)
	b, hb := newRenderer(t)
	full := func() { b.surf["s"].env.State.Invalidate() }
	a.Process([]byte(surface))
	a.Frame()
	b.Process([]byte(surface))
	full()
	b.Frame()
	input := func(h *fakeHost) *memdom.Node {
		return findNode(h, "s", func(n *memdom.Node) bool { return n.Tag == "input" })
	}
	dispatch(t, a, ha, "s", input(ha), dom.Event{Type: "focusin", Value: ""})
	full()
	dispatch(t, b, hb, "s", input(hb), dom.Event{Type: "focusin", Value: ""})
	column := func() *dom.Node { return a.surf["s"].tree.Root().Children[0] }
	for _, st := range steps {
		before := column()
		if st.focus != "" {
			for _, r := range []struct {
				r *Renderer
				h *fakeHost
			}{{a, ha}, {b, hb}} {
				if r.r == b {
					full()
				}
				in := input(r.h)
				dispatch(t, r.r, r.h, "s", in, dom.Event{Type: "focus" + st.focus, Value: in.Props["value"]})
			}
		}
		for _, k := range st.keys {
			for _, r := range []struct {
				r *Renderer
				h *fakeHost
			}{{a, ha}, {b, hb}} {
				in := input(r.h)
				v := in.Props["value"] + string(k)
				in.SetLive("value", v)
				if r.r == b {
					full()
				}
				dispatch(t, r.r, r.h, "s", in, dom.Event{Type: "input", Value: v})
			}
		}
		if st.agent != "" {
			a.Process([]byte(st.agent))
			a.Frame()
			b.Process([]byte(st.agent))
			full()
			b.Frame()
		}
		if got := column() == before; got != st.refresh {
			t.Errorf("%s: refreshed in place %v, want %v", st.name, got, st.refresh)
		}
		if ga, gb := ha.doc.Host("s").HTML(), hb.doc.Host("s").HTML(); ga != gb {
			t.Fatalf("%s: refreshed page\n%s\nbuilt page\n%s", st.name, ga, gb)
		}
		if ga, gb := input(ha).Props["value"], input(hb).Props["value"]; ga != gb {
			t.Fatalf("%s: field value %q, built %q", st.name, ga, gb)
		}
		if ga, gb := string(a.DataModel("s")), string(b.DataModel("s")); ga != gb {
			t.Fatalf("%s: model %s, built %s", st.name, ga, gb)
		}
	}
	if got := ha.doc.Host("s").HTML(); !strings.Contains(got, ">Wuyz</p>") {
		t.Errorf("final page does not show the typed value: %s", got)
	}
}
