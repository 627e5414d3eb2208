// Package domhtml serializes dom.Node trees to HTML text for the catalog's golden tests.
// It is test support only: the renderer itself never builds HTML strings.
package domhtml

import (
	"strings"

	"github.com/a2ui-go/a2ui/dom"
)

var void = map[string]bool{"br": true, "hr": true, "img": true, "input": true, "source": true, "path": true}

// String returns n as indented HTML: one element per line, attributes in order, props
// shown as .name="value", listeners as @event=#handler, keys as key="...".
func String(n *dom.Node) string {
	var b strings.Builder
	write(&b, n, 0)
	return b.String()
}

// Text returns the concatenated text content of n.
func Text(n *dom.Node) string {
	var b strings.Builder
	var walk func(*dom.Node)
	walk = func(n *dom.Node) {
		if n == nil {
			return
		}
		if n.Kind == dom.Text {
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

func write(b *strings.Builder, n *dom.Node, depth int) {
	if n == nil {
		return
	}
	ind := strings.Repeat("  ", depth)
	if n.Kind == dom.Text {
		b.WriteString(ind)
		b.WriteString(esc(n.Text, false))
		b.WriteByte('\n')
		return
	}
	b.WriteString(ind)
	b.WriteByte('<')
	b.WriteString(n.Tag)
	if n.Key != "" {
		b.WriteString(` key="` + esc(n.Key, true) + `"`)
	}
	for _, a := range n.Attrs {
		b.WriteString(" " + a.Name + `="` + esc(a.Value, true) + `"`)
	}
	for _, p := range n.Props {
		b.WriteString(" ." + p.Name + `="` + esc(p.Value, true) + `"`)
	}
	for _, l := range n.On {
		b.WriteString(" @" + l.Event)
	}
	b.WriteByte('>')
	if void[n.Tag] && len(n.Children) == 0 {
		b.WriteByte('\n')
		return
	}
	if len(n.Children) == 1 && n.Children[0].Kind == dom.Text && !strings.Contains(n.Children[0].Text, "\n") {
		b.WriteString(esc(n.Children[0].Text, false))
		b.WriteString("</" + n.Tag + ">\n")
		return
	}
	b.WriteByte('\n')
	for _, c := range n.Children {
		write(b, c, depth+1)
	}
	b.WriteString(ind + "</" + n.Tag + ">\n")
}

func esc(s string, attr bool) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	if attr {
		r = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	}
	return r.Replace(s)
}
