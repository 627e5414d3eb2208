package catalog

import (
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/policy"
)

// failedClosed is what a surface over a render budget shows instead of its content.
func failedClosed() *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: "div", Key: "a2ui-failed-closed",
		Attrs: []dom.Attr{{Name: "class", Value: "a2ui-status a2ui-failed-closed"}, {Name: "role", Value: "alert"}},
		Children: []*dom.Node{{Kind: dom.Text,
			Text: "This surface was not shown: it exceeds the limits this page sets."}}}
}

func pending(key string) *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: "div", Key: key,
		Attrs: []dom.Attr{{Name: "aria-busy", Value: "true"}, {Name: "class", Value: "a2ui-pending"}}}
}

func notice(key, class, text string) *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: "div", Key: key,
		Attrs:    []dom.Attr{{Name: "class", Value: class}, {Name: "role", Value: "note"}},
		Children: []*dom.Node{{Kind: dom.Text, Text: policy.CleanText(text)}}}
}

func (b *Builder) unknown(key, typ string) *dom.Node {
	return notice(key, "a2ui-unknown", b.Msg(l10n.UnknownComponent, typ))
}
