// Package reviews is a consumer's Go catalog, written as the README's "Custom
// components in Go" shows: the basic catalog extended with a Rating component and a
// stars function.
package reviews

import (
	"strings"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
)

// ID is the catalog's id.
const ID = "https://example.com/catalogs/reviews.json"

var rating = &catalog.ComponentDef{
	Name:  "Rating",
	Props: []catalog.PropSpec{{Name: "value", Kind: catalog.KindDynamicNumber, Required: true}},
	Render: func(b *catalog.Builder, in *catalog.Instance) *dom.Node {
		return catalog.Add(catalog.El("span", catalog.A("class", "x-rating")),
			catalog.Text(strings.Repeat("★", int(b.Number(in, "value", 0)))))
	},
}

var stars binding.Func = func(c *binding.Context, args map[string]any) (any, error) {
	n, _ := args["value"].(float64)
	return strings.Repeat("*", int(n)), nil
}

// Catalog is the reviews catalog.
func Catalog() *catalog.Catalog {
	return basic.Catalog().Extend([]string{ID}, rating).
		WithFunctions(&catalog.FuncDef{Name: "stars", Returns: "string",
			Args: []catalog.ArgSpec{{Name: "value", Type: "number", Required: true}},
			Func: stars})
}
