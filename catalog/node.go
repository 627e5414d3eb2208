package catalog

import (
	"strconv"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/policy"
)

// Node helpers for render functions. They build dom.Nodes the way the basic catalog
// does: attributes kept sorted, agent text cleaned of bidi controls and invisible
// characters (policy.CleanText) where the user reads it.

// El returns an element with attrs, set in order through SetAttr (which cleans the
// attributes a user reads); unlike dom.El it is the one for catalogs.
func El(tag string, attrs ...dom.Attr) *dom.Node {
	n := &dom.Node{Kind: dom.Element, Tag: tag}
	if len(attrs) > 0 {
		// Room for the attributes render functions add next (id, aria-*, decorate).
		n.Attrs = make([]dom.Attr, 0, len(attrs)+2)
	}
	for _, at := range attrs {
		SetAttr(n, at.Name, at.Value)
	}
	return n
}

// A returns an attribute for El.
func A(name, value string) dom.Attr { return dom.Attr{Name: name, Value: value} }

// Text returns a text node of agent text without bidi controls and invisible characters
// (policy.CleanText); dom.T keeps its text as is.
func Text(s string) *dom.Node { return &dom.Node{Kind: dom.Text, Text: policy.CleanText(s)} }

// SetAttr sets an attribute keeping Attrs sorted by name. The attributes a user reads
// (aria-label, alt, placeholder, title) lose bidi controls and invisible characters.
func SetAttr(n *dom.Node, name, value string) {
	switch name {
	case "aria-label", "alt", "placeholder", "title":
		value = policy.CleanText(value)
	}
	n.SetAttr(name, value)
}

// RemoveAttr removes attribute name from n.
func RemoveAttr(n *dom.Node, name string) {
	for i, at := range n.Attrs {
		if at.Name == name {
			n.Attrs = append(n.Attrs[:i], n.Attrs[i+1:]...)
			return
		}
	}
}

// Attr returns the value of attribute name ("" when absent).
func Attr(n *dom.Node, name string) string {
	v, _ := n.GetAttr(name)
	return v
}

// AddToken appends a space-separated token to an attribute (class, aria-describedby).
func AddToken(n *dom.Node, name, tok string) {
	if v := Attr(n, name); v != "" {
		SetAttr(n, name, v+" "+tok)
		return
	}
	SetAttr(n, name, tok)
}

// AddClass adds class c to n.
func AddClass(n *dom.Node, c string) { AddToken(n, "class", c) }

// On adds a listener for event to n.
func On(n *dom.Node, event string, id dom.HandlerID) { n.Listen(event, id) }

// Add appends the non-nil children to n and returns n.
func Add(n *dom.Node, children ...*dom.Node) *dom.Node {
	for _, c := range children {
		if c != nil {
			n.Children = append(n.Children, c)
		}
	}
	return n
}

// BoolProp is the dom.Prop value of a boolean live property ("true" or "").
func BoolProp(v bool) string {
	if v {
		return "true"
	}
	return ""
}

// FormatNum formats f for an attribute (shortest representation, no exponent).
func FormatNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
