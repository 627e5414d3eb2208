package dom

import (
	"slices"
	"strings"
)

// Constructors and helpers for building trees. Builders mutate the node they are called on
// and return it, so calls chain; use them before handing the tree to Tree.Render.

// El returns an element node with the given children. It cleans nothing: a catalog uses
// catalog.El and catalog.SetAttr, which clean the attribute text a user reads.
func El(tag string, children ...*Node) *Node {
	return &Node{Kind: Element, Tag: tag, Children: children}
}

// T returns a text node of text as is (no cleaning): agent text goes through catalog.Text,
// which drops bidi controls and invisible characters.
func T(text string) *Node { return &Node{Kind: Text, Text: text} }

// WithKey sets the node's sibling key and returns n.
func (n *Node) WithKey(key string) *Node { n.Key = key; return n }

// SetAttr sets (or replaces) attribute name, keeping Attrs sorted, and returns n.
func (n *Node) SetAttr(name, value string) *Node {
	i, found := slices.BinarySearchFunc(n.Attrs, name, func(a Attr, name string) int { return strings.Compare(a.Name, name) })
	if found {
		n.Attrs[i].Value = value
	} else {
		n.Attrs = slices.Insert(n.Attrs, i, Attr{name, value})
	}
	return n
}

// GetAttr returns the value of attribute name.
func (n *Node) GetAttr(name string) (string, bool) {
	for _, a := range n.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// SetProp sets (or replaces) live property name and returns n. See Prop and AllowedProp.
func (n *Node) SetProp(name, value string) *Node {
	for i := range n.Props {
		if n.Props[i].Name == name {
			n.Props[i].Value = value
			return n
		}
	}
	n.Props = append(n.Props, Prop{Name: name, Value: value})
	return n
}

// Listen adds a listener for event type and returns n.
func (n *Node) Listen(event string, h HandlerID) *Node {
	n.On = append(n.On, Listener{event, h})
	return n
}

// Handler returns the handler registered on n for event type (the first one).
func (n *Node) Handler(event string) (HandlerID, bool) {
	if n == nil {
		return 0, false
	}
	for _, l := range n.On {
		if l.Event == event {
			return l.Handler, true
		}
	}
	return 0, false
}

// Append adds children and returns n.
func (n *Node) Append(children ...*Node) *Node {
	n.Children = append(n.Children, children...)
	return n
}

// SortAttrs sorts attributes by name in place, dropping earlier duplicates (the last value
// of a name wins), and returns the possibly shorter slice. Tree.Render calls it on every
// node whose Attrs are not already sorted and unique.
func SortAttrs(a []Attr) []Attr {
	if attrsSorted(a) {
		return a
	}
	slices.SortStableFunc(a, func(x, y Attr) int { return strings.Compare(x.Name, y.Name) })
	out := a[:0]
	for i := range a {
		if i+1 < len(a) && a[i+1].Name == a[i].Name {
			continue // a later value of the same name wins
		}
		out = append(out, a[i])
	}
	return out
}

func attrsSorted(a []Attr) bool {
	for i := 1; i < len(a); i++ {
		if a[i-1].Name >= a[i].Name {
			return false
		}
	}
	return true
}
