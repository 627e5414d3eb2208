package rendertest_test

import (
	"fmt"
	"strings"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/render/rendertest"
)

// A catalog author renders a stream with their catalog, reads what the user sees, acts
// as the user and reads the action the renderer sent.
func Example() {
	const reviews = "https://example.com/catalogs/reviews.json"
	rating := &catalog.ComponentDef{
		Name:  "Rating",
		Props: []catalog.PropSpec{{Name: "value", Kind: catalog.KindDynamicNumber, Required: true}},
		Render: func(b *catalog.Builder, in *catalog.Instance) *dom.Node {
			return catalog.Add(catalog.El("span", catalog.A("class", "x-rating")),
				catalog.Text(strings.Repeat("★", int(b.Number(in, "value", 0)))))
		},
	}
	cat := basic.Catalog().Extend([]string{reviews}, rating)

	h := rendertest.New(render.Options{Catalogs: []*catalog.Catalog{cat}})
	h.Process(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + reviews + `"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/stars","value":3}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["r","ok"]},{"id":"r","component":"Rating","value":{"path":"/stars"},"accessibility":{"label":"Three stars"}},{"id":"ok","component":"Button","child":"l","action":{"event":{"name":"rate","context":{"stars":{"path":"/stars"}}}}},{"id":"l","component":"Text","text":"Send"}]}}
`)
	fmt.Println(h.Text("s"))
	label, _ := h.Find("s", rendertest.ByAttr("class", "x-rating")).Attr("aria-label")
	fmt.Println(label)

	h.Click("s", h.Find("s", rendertest.ByTag("button", "Send")))
	fmt.Println(h.Sent[0])
	fmt.Println(h.Err, h.ErrorCodes())
	// Output:
	// ★★★Send
	// Three stars
	// {"action":{"context":{"stars":3},"name":"rate","sourceComponentId":"ok","surfaceId":"s","timestamp":"2026-01-02T03:04:05.000Z"},"version":"v0.9"}
	// <nil> []
}
