package basic

import (
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
)

// Layout: Row, Column, List, Card and Divider.

func renderFlex(b *catalog.Builder, in *catalog.Instance, kind string) *dom.Node {
	j := b.Enum(in, "justify", justifyValues...)
	if !in.Has("justify") && in.Has("distribution") {
		j = b.Enum(in, "distribution", justifyValues...)
	}
	al := b.Enum(in, "align", alignValues...)
	if !in.Has("align") && in.Has("alignment") {
		al = b.Enum(in, "alignment", alignValues...)
	}
	n := el("div", a("class", "a2ui-"+kind+" a2ui-justify-"+j+" a2ui-align-"+al))
	n.Children = b.Children(in, "children")
	return n
}

func renderRow(b *catalog.Builder, in *catalog.Instance) *dom.Node { return renderFlex(b, in, "row") }
func renderColumn(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	return renderFlex(b, in, "column")
}

func renderList(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	dir := b.Enum(in, "direction", directions...)
	al := b.Enum(in, "align", alignValues...)
	if !in.Has("align") && in.Has("alignment") {
		al = b.Enum(in, "alignment", alignValues...)
	}
	n := el("div", a("class", "a2ui-list a2ui-list-"+dir+" a2ui-align-"+al))
	if dir == "horizontal" {
		setAttr(n, "aria-orientation", "horizontal")
	}
	n.Children = b.Children(in, "children")
	return n
}

func renderCard(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	return add(el("div", a("class", "a2ui-card")), b.ChildProp(in, "child"))
}

func renderDivider(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	if b.Enum(in, "axis", axes...) == "vertical" {
		return el("div", a("aria-orientation", "vertical"), a("class", "a2ui-divider a2ui-divider-vertical"), a("role", "separator"))
	}
	return el("hr", a("class", "a2ui-divider a2ui-divider-horizontal"))
}
