package catalog

import (
	"encoding/json"
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/protocol"
)

// CommonProp is a prop that every component of a catalog accepts besides its own
// PropSpecs, like A2UI's weight and accessibility. The build calls Apply on the node a
// component rendered when the component sets the prop; Catalog.Document lists the prop
// in every component's schema (v0.9 and later; a component's own PropSpec of the same
// name wins). The PropSpec is not checked by the engine: Apply validates the value and
// reports errors with b.Error.
type CommonProp struct {
	PropSpec
	// Apply decorates n, the element the component instance in rendered. It reads the
	// prop with in.Raw or the Builder's readers (b.String(in, Name), …).
	Apply func(b *Builder, in *Instance, n *dom.Node)
	// Inside: Apply may change nodes inside n (the control a label names), so a Layout
	// component that sets the prop is rendered again with its children.
	Inside bool
}

// Weight is A2UI's weight common prop: inside a Row or Column the component grows by
// its weight (the class a2ui-grow-N, N the weight rounded into 1…12).
var Weight = CommonProp{
	PropSpec: PropSpec{Name: "weight", Kind: KindNumber,
		Description: "The relative weight of this component within a Row or Column, like CSS flex-grow."},
	Apply: applyWeight,
}

// Accessibility is A2UI's accessibility common prop {label, description}: the label
// becomes the aria-label of the component's control (a labelled icon becomes an image),
// the description a visually hidden text it is aria-describedby.
var Accessibility = CommonProp{
	PropSpec: PropSpec{Name: "accessibility", Kind: KindObject,
		Description: "Attributes for assistive technologies: a short label and a longer description.",
		Schema: map[string]any{"type": "object", "properties": json.RawMessage(
			`{"description":{"anyOf":[{"type":"string"},{"properties":{"path":{"type":"string"}},"required":["path"],"type":"object"},{"properties":{"call":{"type":"string"}},"required":["call"],"type":"object"}]},` +
				`"label":{"anyOf":[{"type":"string"},{"properties":{"path":{"type":"string"}},"required":["path"],"type":"object"},{"properties":{"call":{"type":"string"}},"required":["call"],"type":"object"}]}}`)}},
	Apply:  applyAccessibility,
	Inside: true,
}

// CommonProps returns the common props of c, in the order the build applies them.
func (c *Catalog) CommonProps() []CommonProp { return append([]CommonProp(nil), c.common...) }

// WithCommonProps returns a copy of c whose common props are props (none: no common
// prop), replacing c's. Keep c's with c.WithCommonProps(append(c.CommonProps(), p)...).
func (c *Catalog) WithCommonProps(props ...CommonProp) *Catalog {
	out := c.extend(c.order, nil, nil)
	out.common = append([]CommonProp(nil), props...)
	return out
}

// inside reports whether a common prop that in sets may change nodes inside its element.
func (c *Catalog) inside(in *Instance) bool {
	for i := range c.common {
		if c.common[i].Inside && in.Has(c.common[i].Name) {
			return true
		}
	}
	return false
}

// decorate gives n, the element instance in of catalog cat rendered, its ::part() name
// (engine-level) and applies cat's common props that in sets.
func (b *Builder) decorate(cat *Catalog, in *Instance, n *dom.Node) {
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
	for i := range cat.common {
		if p := &cat.common[i]; p.Apply != nil && in.Has(p.Name) {
			p.Apply(b, in, n)
		}
	}
}

func applyWeight(b *Builder, in *Instance, n *dom.Node) {
	if f, isNum := in.props.v["weight"].(float64); isNum && f > 0 && f < 1e6 {
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

func applyAccessibility(b *Builder, in *Instance, n *dom.Node) {
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
