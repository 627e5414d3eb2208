package dom

import (
	"io"
	"slices"
	"strings"
)

// HTML serialization, for golden files, debugging and a no-JS snapshot. It writes what the
// appliers would build, under the same Policy: a blocked tag is written as <a2ui-blocked>,
// forbidden attributes and props are left out. Attributes come sorted by name; allowed props
// with a non-empty value follow as pseudo-attributes prefixed with "." (`.value="x"`,
// boolean props bare: `.checked`). Listeners are not written. Void HTML elements have no
// end tag. memdom's serialization follows the same rules byte for byte.

var voidElements = map[string]bool{
	"area": true, "br": true, "col": true, "hr": true, "img": true, "input": true,
	"source": true, "track": true, "wbr": true,
}

// IsVoid reports whether an HTML element has no end tag.
func IsVoid(tag string) bool { return voidElements[tag] }

// WriteHTML serializes n (and its subtree) as HTML. A nil n writes nothing.
func WriteHTML(w io.Writer, n *Node) error {
	var b strings.Builder
	writeNode(&b, n, NSHTML, false)
	_, err := io.WriteString(w, b.String())
	return err
}

// HTML returns WriteHTML's output as a string.
func HTML(n *Node) string {
	var b strings.Builder
	writeNode(&b, n, NSHTML, false)
	return b.String()
}

// writeNode writes n; static writes the live props as the parser's markup (static.go).
func writeNode(b *strings.Builder, n *Node, ns Namespace, static bool) {
	if n == nil {
		return
	}
	if n.Kind == Text {
		EscapeText(b, n.Text)
		return
	}
	ns = childNS(n.Tag, ns)
	if static {
		writeStatic(b, n, ns)
		return
	}
	attrs := slices.Clone(n.Attrs)
	attrs = SortAttrs(attrs)
	// Host props are live values of page-defined elements: never markup.
	props := slices.DeleteFunc(slices.Clone(n.Props), func(p Prop) bool { return p.Host })
	// The last value of a prop name wins, as in the appliers.
	slices.SortStableFunc(props, func(x, y Prop) int { return strings.Compare(x.Name, y.Name) })
	var kept []Prop
	for i, p := range props {
		if i+1 < len(props) && props[i+1].Name == p.Name {
			continue
		}
		kept = append(kept, p)
	}
	tag := WriteStartTag(b, n.Tag, attrs, kept)
	if ns == NSHTML && voidElements[tag] {
		return
	}
	for _, c := range n.Children {
		writeNode(b, c, ns, false)
	}
	b.WriteString("</")
	b.WriteString(tag)
	b.WriteByte('>')
}

// WriteStartTag writes `<tag attrs props>` under the applier policy and returns the tag
// written (BlockedTag for a forbidden one). attrs must be sorted by name and props sorted
// by name without duplicates. Shared with memdom.
func WriteStartTag(b *strings.Builder, tag string, attrs []Attr, props []Prop) string {
	if !AllowedTag(tag) {
		tag = BlockedTag
	}
	b.WriteByte('<')
	b.WriteString(tag)
	for _, a := range attrs {
		if !AllowedAttr(a.Name, a.Value) {
			continue
		}
		b.WriteByte(' ')
		b.WriteString(a.Name)
		b.WriteString(`="`)
		EscapeAttr(b, a.Value)
		b.WriteByte('"')
	}
	for _, p := range props {
		if !AllowedProp(p.Name) || p.Value == "" || (IsBoolProp(p.Name) && !PropBool(p.Value)) {
			continue
		}
		b.WriteString(" .")
		b.WriteString(p.Name)
		if IsBoolProp(p.Name) {
			continue
		}
		b.WriteString(`="`)
		EscapeAttr(b, p.Value)
		b.WriteByte('"')
	}
	b.WriteByte('>')
	return tag
}

// IsBoolProp reports whether a prop is boolean (checked, indeterminate, open).
func IsBoolProp(name string) bool {
	return name == "checked" || name == "indeterminate" || name == "open"
}

// EscapeText writes s escaped for HTML text content (&, <, >).
func EscapeText(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var r string
		switch s[i] {
		case '&':
			r = "&amp;"
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		default:
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(r)
		last = i + 1
	}
	b.WriteString(s[last:])
}

// EscapeAttr writes s escaped for a double-quoted attribute value (&, ", <, >).
func EscapeAttr(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var r string
		switch s[i] {
		case '&':
			r = "&amp;"
		case '"':
			r = "&#34;"
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		default:
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(r)
		last = i + 1
	}
	b.WriteString(s[last:])
}

// Outline returns n as indented HTML for golden files and debugging: one node per line
// (an element whose only child is one line of text stays on one line), its key as
// key="…", attributes and props (.name="…") as given, listeners as @event. Unlike
// WriteHTML it applies no policy and sorts nothing: it shows the tree as built.
func Outline(n *Node) string {
	var b strings.Builder
	writeOutline(&b, n, 0, NSHTML)
	return b.String()
}

func writeOutline(b *strings.Builder, n *Node, depth int, ns Namespace) {
	if n == nil {
		return
	}
	indent := func(d int) {
		for range d {
			b.WriteString("  ")
		}
	}
	indent(depth)
	if n.Kind == Text {
		EscapeText(b, n.Text)
		b.WriteByte('\n')
		return
	}
	ns = childNS(n.Tag, ns)
	attr := func(name, value string) {
		b.WriteString(name)
		b.WriteString(`="`)
		EscapeAttr(b, value)
		b.WriteByte('"')
	}
	b.WriteByte('<')
	b.WriteString(n.Tag)
	if n.Key != "" {
		b.WriteByte(' ')
		attr("key", n.Key)
	}
	for _, a := range n.Attrs {
		b.WriteByte(' ')
		attr(a.Name, a.Value)
	}
	for _, p := range n.Props {
		b.WriteString(" .")
		attr(p.Name, p.Value)
	}
	for _, l := range n.On {
		b.WriteString(" @")
		b.WriteString(l.Event)
	}
	b.WriteByte('>')
	switch {
	case len(n.Children) == 0 && (voidElements[n.Tag] || ns == NSSVG):
		// No end tag: an HTML void element, or an empty SVG shape.
		b.WriteByte('\n')
		return
	case len(n.Children) == 1 && n.Children[0].Kind == Text && !strings.Contains(n.Children[0].Text, "\n"):
		EscapeText(b, n.Children[0].Text)
	default:
		b.WriteByte('\n')
		for _, c := range n.Children {
			writeOutline(b, c, depth+1, ns)
		}
		indent(depth)
	}
	b.WriteString("</")
	b.WriteString(n.Tag)
	b.WriteString(">\n")
}

// TextContent returns the text of n's subtree in document order, like the DOM's
// textContent.
func TextContent(n *Node) string {
	var b strings.Builder
	var walk func(*Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		if n.Kind == Text {
			b.WriteString(n.Text)
			return
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}
