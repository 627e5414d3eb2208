package basic_test

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/render/rendertest"
)

// ratingDef is a custom "Rating" component: stars out of max, bound two-way to the
// data model through its value prop (a click on a star writes its number).
var ratingDef = &catalog.ComponentDef{
	Name:        "Rating",
	Description: "A row of stars the user can click to rate.",
	Props: []catalog.PropSpec{
		{Name: "value", Kind: catalog.KindDynamicNumber, Required: true, Description: "The rating (bind it to a path)."},
		{Name: "max", Kind: catalog.KindNumber, Description: "The number of stars (default 5)."},
		{Name: "size", Kind: catalog.KindEnum, Values: []string{"medium", "small", "large"}},
	},
	Render: func(b *catalog.Builder, in *catalog.Instance) *dom.Node {
		size := b.Enum(in, "size", "medium", "small", "large")
		value := int(b.Number(in, "value", 0))
		n := min(max(int(b.Number(in, "max", 5)), 1), 10)
		row := catalog.El("div", catalog.A("class", "x-rating x-rating-"+size), catalog.A("role", "radiogroup"))
		ptr, bound := b.BoundPath(in, "value")
		for i := 1; i <= n; i++ {
			star := catalog.El("button", catalog.A("aria-checked", strconv.FormatBool(i == value)),
				catalog.A("role", "radio"), catalog.A("type", "button"))
			star.Key = strconv.Itoa(i)
			catalog.Add(star, catalog.Text(map[bool]string{true: "★", false: "☆"}[i <= value]))
			if bound {
				v := float64(i)
				catalog.On(star, "click", b.Handler(func(dom.Event) { b.Write(in, ptr, v) }))
			}
			catalog.Add(row, star)
		}
		return row
	},
}

// A page that builds its own wasm adds components in Go: extend the basic catalog
// with them (and with its own catalog id) and hand it to the renderer.
func Example_customComponent() {
	const myCatalog = "https://example.com/catalogs/reviews.json"
	reviews := basic.Catalog().Extend([]string{myCatalog}, ratingDef)

	h := rendertest.New(render.Options{Catalogs: []*catalog.Catalog{basic.Catalog(), reviews}})
	h.Process(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + myCatalog + `"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/stars","value":2}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["t","r"]},{"id":"t","component":"Text","text":"Rate your stay"},{"id":"r","component":"Rating","value":{"path":"/stars"},"max":4}]}}
`)
	root := h.Root("s")
	fmt.Println(strings.ReplaceAll(root.HTML(), "><", ">\n<"))

	// A click on the fourth star writes 4 to /stars; the next frame shows it.
	stars := root.Children[0].Children[1]
	h.Click("s", stars.Children[3])
	fmt.Println(stars.TextContent())
	// Output:
	// <div class="a2ui-surface">
	// <div class="a2ui-column a2ui-justify-start a2ui-align-stretch" part="column">
	// <p class="a2ui-text a2ui-text-body" part="text">Rate your stay</p>
	// <div class="x-rating x-rating-medium" part="rating" role="radiogroup">
	// <button aria-checked="false" role="radio" type="button">★</button>
	// <button aria-checked="true" role="radio" type="button">★</button>
	// <button aria-checked="false" role="radio" type="button">☆</button>
	// <button aria-checked="false" role="radio" type="button">☆</button>
	// </div>
	// </div>
	// </div>
	// ★★★★
}
