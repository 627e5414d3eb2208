package host_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/catalog/host"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/render/rendertest"
)

// A page catalog with a custom element and a function, rendered beside the basic
// catalog: declared props become element properties (JSON), the function's result a
// Text.
func Example() {
	c := host.Catalog{
		ID: "https://example.com/charts/v1",
		Components: []host.Component{{Name: "Chart", Tag: "x-chart",
			Props: map[string]host.Prop{"title": {Type: host.String, Bindable: true}, "data": {Type: host.Array}}}},
		Functions: []host.Function{{Name: "shout", Args: map[string]string{"text": host.String}, Returns: host.String,
			Call: func(a map[string]any) (any, error) { return strings.ToUpper(a["text"].(string)), nil }}},
	}
	if err := c.Check(); err != nil {
		panic(err)
	}
	cat := host.Build(basic.Catalog(), &c, nil) // extends the basic catalog

	h := rendertest.New(render.Options{Catalogs: []*catalog.Catalog{basic.Catalog(), cat}})
	h.Process(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://example.com/charts/v1"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/t","value":"Sales"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["chart","caption"]},{"id":"chart","component":"Chart","title":{"path":"/t"},"data":[3,1,2]},{"id":"caption","component":"Text","text":{"call":"shout","args":{"text":{"path":"/t"}}}}]}}
`)
	chart := h.Find("s", rendertest.ByTag("x-chart", ""))
	fmt.Println(chart.Tag)
	for _, name := range slices.Sorted(maps.Keys(chart.HostProps)) {
		fmt.Println(name, "=", chart.HostProps[name])
	}
	fmt.Println(h.Text("s"), h.ErrorCodes())
	// Output:
	// x-chart
	// data = [3,1,2]
	// title = "Sales"
	// SALES []
}
