package catalog_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/render/rendertest"
)

// A catalog author's view: a component is a ComponentDef (its props as PropSpecs and a
// render function reading them through the Builder); a catalog extends the basic one
// with it; render/rendertest renders a stream with it as the browser would.
func Example() {
	badge := &catalog.ComponentDef{
		Name: "Badge",
		Props: []catalog.PropSpec{
			{Name: "text", Kind: catalog.KindDynamicString, Required: true},
			{Name: "tone", Kind: catalog.KindEnum, Values: []string{"info", "warn"}},
		},
		Render: func(b *catalog.Builder, in *catalog.Instance) *dom.Node {
			tone := b.Enum(in, "tone", "info", "warn")
			return catalog.Add(catalog.El("span", catalog.A("class", "x-badge x-badge-"+tone)),
				catalog.Text(b.String(in, "text")))
		},
	}
	const id = "https://example.com/catalogs/badges.json"
	cat := basic.Catalog().Extend([]string{id}, badge)

	h := rendertest.New(render.Options{Catalogs: []*catalog.Catalog{cat}})
	h.Process(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + id + `"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/name","value":"Ada"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Row","children":["b","go"]},{"id":"b","component":"Badge","text":{"path":"/name"},"tone":"warn"},{"id":"go","component":"Button","child":"l","action":{"event":{"name":"greet","context":{"who":{"path":"/name"}}}}},{"id":"l","component":"Text","text":"Greet"}]}}
`)
	fmt.Println(h.Find("s", rendertest.ByAttr("class", "x-badge x-badge-warn")).HTML())
	h.Click("s", h.Find("s", rendertest.ByTag("button", "Greet")))
	fmt.Println(h.EventsOf("a2ui-action"))
	// Output:
	// <span class="x-badge x-badge-warn" part="badge">Ada</span>
	// [{"action":{"context":{"who":"Ada"},"name":"greet","sourceComponentId":"go","surfaceId":"s","timestamp":"2026-01-02T03:04:05.000Z"},"version":"v0.9"}]
}
