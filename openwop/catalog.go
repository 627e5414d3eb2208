package openwop

import (
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
)

// CatalogID is the catalog id of the surfaces the profile creates; no other catalog is
// accepted under the profile.
const CatalogID = "urn:openwop:ui.a2ui-surface:catalog:0.9.1"

// basicTypes are the components of the basic catalog the profile's surfaces use: the
// field controls and buttons (their own URL-free rendering) and the layout.
var basicTypes = []string{"Column", "Row", "TextField", "DateTimeInput", "ChoicePicker", "CheckBox", "Button"}

// Catalog returns the profile's closed catalog: the basic field controls, Column, Row
// and Button, plus its own text components, which render text literally (no Markdown,
// so no link or image can appear): Text (variants body, status, notice, badge), Label
// (inline, for button labels) and Heading (h1-h6 from the title and the agent's levels;
// the browser runtime renumbers every surface heading below the page's heading level, so
// agent headings never take over the page outline).
func Catalog() *catalog.Catalog {
	basic := basic.Catalog()
	var defs []*catalog.ComponentDef
	for _, t := range basicTypes {
		if d, ok := basic.Lookup(t); ok {
			defs = append(defs, d)
		}
	}
	text := catalog.PropSpec{Name: "text", Kind: catalog.KindDynamicString, Required: true}
	defs = append(defs,
		&catalog.ComponentDef{Name: "Text", Render: renderText, Props: []catalog.PropSpec{text,
			{Name: "variant", Kind: catalog.KindEnum, Values: textVariants}}},
		&catalog.ComponentDef{Name: "Label", Render: renderLabel, Props: []catalog.PropSpec{text}},
		&catalog.ComponentDef{Name: "Heading", Render: renderHeading, Props: []catalog.PropSpec{text,
			{Name: "level", Kind: catalog.KindNumber}}},
	)
	return catalog.New([]string{CatalogID}, defs...)
}

var textVariants = []string{"body", "status", "notice", "badge"}

func renderText(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	s := b.String(in, "text")
	switch b.Enum(in, "variant", textVariants...) {
	case "status":
		return dom.El("p", dom.T(s)).SetAttr("class", "a2ui-text a2ui-openwop-status").SetAttr("role", "status")
	case "notice":
		return dom.El("p", dom.T(s)).SetAttr("class", "a2ui-text a2ui-openwop-notice").SetAttr("role", "alert")
	case "badge":
		return dom.El("p", dom.T(s)).SetAttr("class", "a2ui-text a2ui-openwop-badge")
	}
	return dom.El("p", dom.T(s)).SetAttr("class", "a2ui-text a2ui-text-body")
}

func renderLabel(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	return dom.El("span", dom.T(b.String(in, "text"))).SetAttr("class", "a2ui-text")
}

func renderHeading(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	level := min(max(int(b.Number(in, "level", 1)), 1), 6)
	return dom.El("h"+strconv.Itoa(level), dom.T(b.String(in, "text"))).SetAttr("class", "a2ui-text a2ui-openwop-heading")
}

// functions is the profile's function registry: the basic functions with every one but
// "required" (the buttons' checks) refused, so no openUrl or other function an agent
// could name can run.
func functions() *binding.Functions {
	f := basic.Functions()
	f.SetPolicy(onlyRequired{})
	return f
}

type onlyRequired struct{}

func (onlyRequired) AllowFunction(name string) bool { return name == "required" }
