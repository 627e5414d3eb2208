package basic

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
)

// Short names for catalog's node helpers, as the render functions use them a lot.
var (
	el       = catalog.El
	a        = catalog.A
	txt      = catalog.Text
	setAttr  = catalog.SetAttr
	getAttr  = catalog.Attr
	addToken = catalog.AddToken
	addClass = catalog.AddClass
	on       = catalog.On
	add      = catalog.Add
	boolProp = catalog.BoolProp
	fmtNum   = catalog.FormatNum
)

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
