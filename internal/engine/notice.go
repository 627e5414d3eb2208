package engine

import "github.com/a2ui-go/a2ui/dom"

// CatalogUnsupported is what a surface whose catalog the renderer lacks shows instead of
// its content.
func CatalogUnsupported() *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: "div", Key: "a2ui-catalog-unsupported",
		Attrs: []dom.Attr{{Name: "class", Value: "a2ui-status a2ui-failed-closed a2ui-catalog-unsupported"}, {Name: "role", Value: "alert"}},
		Children: []*dom.Node{{Kind: dom.Text,
			Text: "This surface was not shown: it needs a component catalog this page does not have."}}}
}
