package dom

import (
	"io"
	"slices"
	"strings"
)

// Static HTML, for prerendering (package prerender): markup a browser parses into the DOM
// the appliers build, under the same Policy and escaping as WriteHTML. The difference is
// the live props, which WriteHTML writes as ".name" pseudo-attributes: here they become
// what the parser understands. value is the value attribute (a <textarea>'s text),
// checked and open are boolean attributes when true (a <dialog open> shows in place, not
// modal). indeterminate, selectedIndex and CSS custom properties have no markup and are
// left out. Listeners are not written.

// WriteStaticHTML serializes n (and its subtree) as static HTML. A nil n writes nothing.
func WriteStaticHTML(w io.Writer, n *Node) error {
	var b strings.Builder
	writeNode(&b, n, NSHTML, true)
	_, err := io.WriteString(w, b.String())
	return err
}

// StaticHTML returns WriteStaticHTML's output as a string.
func StaticHTML(n *Node) string {
	var b strings.Builder
	writeNode(&b, n, NSHTML, true)
	return b.String()
}

// writeStatic is writeNode's static form for element n in namespace ns.
func writeStatic(b *strings.Builder, n *Node, ns Namespace) {
	attrs := slices.Clone(n.Attrs)
	// The last value of a prop name wins, as in the appliers.
	props := map[string]string{}
	for _, p := range n.Props {
		if AllowedProp(p.Name) {
			props[p.Name] = p.Value
		}
	}
	textarea := ns == NSHTML && strings.EqualFold(n.Tag, "textarea")
	setAttr := func(name, value string) {
		attrs = slices.DeleteFunc(attrs, func(a Attr) bool { return a.Name == name })
		attrs = append(attrs, Attr{Name: name, Value: value})
	}
	if v, ok := props["value"]; ok && !textarea {
		setAttr("value", v)
	}
	for _, name := range [...]string{"checked", "open"} {
		if v, ok := props[name]; ok {
			attrs = slices.DeleteFunc(attrs, func(a Attr) bool { return a.Name == name })
			if PropBool(v) {
				attrs = append(attrs, Attr{Name: name})
			}
		}
	}
	attrs = SortAttrs(attrs)
	tag := WriteStartTag(b, n.Tag, attrs, nil)
	if ns == NSHTML && voidElements[tag] {
		return
	}
	if v, ok := props["value"]; ok && textarea && tag == n.Tag {
		// The parser drops one newline right after <textarea>: keep a leading one.
		if strings.HasPrefix(v, "\n") {
			b.WriteByte('\n')
		}
		EscapeText(b, v)
	} else {
		for _, c := range n.Children {
			writeNode(b, c, ns, true)
		}
	}
	b.WriteString("</")
	b.WriteString(tag)
	b.WriteByte('>')
}
