package catalog

import (
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/protocol"
)

// decorate applies the props common to every component: weight (inside Row/Column) and
// accessibility {label, description}.
func (b *Builder) decorate(in *Instance, n *dom.Node) {
	if n.Kind != dom.Element {
		return
	}
	// ::part() name for the page: the component type in kebab case ("choice-picker").
	if Attr(n, "part") == "" {
		if in.props.part == "" {
			in.props.part = partName(in.Comp.Type)
		}
		SetAttr(n, "part", in.props.part)
	}
	if w, ok := in.props.v["weight"]; ok {
		if f, isNum := w.(float64); isNum && f > 0 && f < 1e6 {
			g := int(f + 0.5)
			if g < 1 {
				g = 1
			} else if g > 12 {
				g = 12
			}
			AddClass(n, "a2ui-grow-"+strconv.Itoa(g))
		} else {
			b.Error(in, protocol.CodeValidationFailed, "weight", "weight must be a positive number")
		}
	}
	acc, ok := in.props.v["accessibility"].(map[string]any)
	if !ok {
		return
	}
	target := n
	if t := findControl(n); t != nil {
		target = t
	}
	if lv, ok := acc["label"]; ok {
		if s := binding.ToString(b.evalValue(in, "accessibility", lv)); s != "" {
			SetAttr(target, "aria-label", s)
			if Attr(target, "aria-hidden") == "true" { // a labelled icon is content
				RemoveAttr(target, "aria-hidden")
				SetAttr(target, "role", "img")
			}
		}
	}
	if dv, ok := acc["description"]; ok {
		if s := binding.ToString(b.evalValue(in, "accessibility", dv)); s != "" {
			id := b.DOMID(in, "desc")
			n.Children = append(n.Children, &dom.Node{Kind: dom.Element, Tag: "span", Key: "a2ui-desc",
				Attrs:    []dom.Attr{{Name: "class", Value: "a2ui-sr-only"}, {Name: "id", Value: id}},
				Children: []*dom.Node{{Kind: dom.Text, Text: s}}})
			AddToken(target, "aria-describedby", id)
		}
	}
}

// findControl returns the node marked as the component's focusable control (the input
// inside a field wrapper), if any.
func findControl(n *dom.Node) *dom.Node {
	if Attr(n, "data-a2ui-control") != "" {
		return n
	}
	for _, c := range n.Children {
		if c.Kind == dom.Element {
			if t := findControl(c); t != nil {
				return t
			}
		}
	}
	return nil
}
