package basic

import (
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/markdown"
	"github.com/a2ui-go/a2ui/dom"
)

// Text: agent text as Markdown (catalog/markdown through Builder.MarkdownBlocks and
// MarkdownInline), headings shifted below the page's own.

func renderText(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	n := renderTextNode(b, in)
	// A Text bound to a path, shown as one text node, tells the applier so
	// (dom.EchoProp): a field writing that path echoes the user's typing here before the
	// engine answers (worker mode), if the value is plain, which the Markdown shows as
	// it is (TestEchoPlain).
	if ptr, ok := b.BoundPath(in, "text"); ok && len(n.Children) == 1 && n.Children[0].Kind == dom.Text {
		setProp(n, dom.EchoProp, ptr.String())
	}
	return n
}

func renderTextNode(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	variant := b.Enum(in, "variant", textVariants...)
	s := b.String(in, "text")
	if b.InPhrasing() {
		n := el("span", a("class", "a2ui-text a2ui-text-"+variant))
		n.Children = b.MarkdownInline(in, s)
		return n
	}
	switch variant {
	case "h1", "h2", "h3", "h4", "h5":
		// An agent heading starts below the page's own (Policy.HeadingBase); the class
		// keeps the variant's look.
		lvl, aria := markdown.HeadingLevel(int(variant[1]-'0'), b.Policy().HeadingBase)
		tag := "h" + strconv.Itoa(lvl)
		if strings.TrimSpace(s) == "" {
			tag, aria = "div", 0 // an empty heading would be announced as one
		}
		n := el(tag, a("class", "a2ui-text a2ui-text-"+variant))
		if aria > 0 {
			setAttr(n, "aria-level", strconv.Itoa(aria))
		}
		n.Children = b.MarkdownInline(in, s)
		return n
	case "caption":
		n := el("p", a("class", "a2ui-text a2ui-text-caption"))
		n.Children = b.MarkdownInline(in, s)
		return n
	}
	blocks := b.MarkdownBlocks(in, s)
	if inner, ok := markdown.SingleParagraph(blocks); ok {
		n := el("p", a("class", "a2ui-text a2ui-text-body"))
		n.Children = inner
		return n
	}
	n := el("div", a("class", "a2ui-text a2ui-text-body"))
	n.Children = blocks
	return n
}
