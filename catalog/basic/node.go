package basic

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
)

// Short names for catalog's node helpers, as the render functions use them a lot.
// Functions, not function variables: calls through a variable are not inlined and make
// the variadic arguments escape to the heap.

func el(tag string, attrs ...dom.Attr) *dom.Node       { return catalog.El(tag, attrs...) }
func a(name, value string) dom.Attr                    { return catalog.A(name, value) }
func txt(s string) *dom.Node                           { return catalog.Text(s) }
func setAttr(n *dom.Node, name, value string)          { catalog.SetAttr(n, name, value) }
func getAttr(n *dom.Node, name string) string          { return catalog.Attr(n, name) }
func addToken(n *dom.Node, name, tok string)           { catalog.AddToken(n, name, tok) }
func addClass(n *dom.Node, c string)                   { catalog.AddClass(n, c) }
func on(n *dom.Node, event string, id dom.HandlerID)   { catalog.On(n, event, id) }
func add(n *dom.Node, children ...*dom.Node) *dom.Node { return catalog.Add(n, children...) }
func boolProp(v bool) string                           { return catalog.BoolProp(v) }
func fmtNum(f float64) string                          { return catalog.FormatNum(f) }

// setProp sets a live property of n.
func setProp(n *dom.Node, name, value string) { n.SetProp(name, value) }

// raw returns the decoded JSON of prop of in (nil when absent).
func raw(in *catalog.Instance, prop string) any {
	v, _ := in.Raw(prop)
	return v
}

// hasText reports whether n has visible text in its subtree (an accessible name from
// content).
func hasText(n *dom.Node) bool {
	if n == nil {
		return false
	}
	if n.Kind == dom.Text {
		return strings.TrimSpace(n.Text) != ""
	}
	if getAttr(n, "aria-label") != "" {
		return true
	}
	for _, c := range n.Children {
		if hasText(c) {
			return true
		}
	}
	return false
}

// findAttr returns the value of the first attribute name in n's subtree (document order).
func findAttr(n *dom.Node, name string) string {
	if n == nil || n.Kind != dom.Element {
		return ""
	}
	if v := getAttr(n, name); v != "" {
		return v
	}
	for _, c := range n.Children {
		if v := findAttr(c, name); v != "" {
			return v
		}
	}
	return ""
}

// humanize turns an identifier into words: "shopping_cart", "shoppingCart" and
// "shopping-cart" become "Shopping cart".
func humanize(id string) string {
	var b strings.Builder
	prevLower := false
	for _, r := range strings.TrimSpace(id) {
		switch {
		case r == '_' || r == '-' || r == '.' || unicode.IsSpace(r):
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	s := strings.Join(strings.Fields(b.String()), " ")
	if s == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// whole reports whether f is an integer.
func whole(f float64) bool { return f == float64(int64(f)) }
