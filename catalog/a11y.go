package catalog

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/l10n"
)

// Accessibility helpers shared by the components: names for controls that have no
// visible label, and the roving-focus keyboard model of the APG composite widgets.

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

// nameControl gives an input without a visible label an accessible name: the
// placeholder, else fallback (an accessibility label, applied after render, wins over
// both).
func (b *Builder) nameControl(control *dom.Node, visibleLabel, placeholder string, fallback l10n.Key) {
	if strings.TrimSpace(visibleLabel) != "" {
		return
	}
	name := strings.TrimSpace(placeholder)
	if name == "" {
		name = b.Msg(fallback)
	}
	setAttr(control, "aria-label", name)
}

// rovingKey maps a keydown in a one-dimensional composite widget (tabs, radio group,
// chips) to the index that should take focus: arrows move with wrap-around (mirrored
// right to left), Home and End jump; vertical also takes Up and Down. ok is false for
// other keys.
func (b *Builder) rovingKey(key string, i, n int, vertical bool) (next int, ok bool) {
	if n <= 0 {
		return 0, false
	}
	fwd, back := "ArrowRight", "ArrowLeft"
	if b.env.Messages.RTL() {
		fwd, back = back, fwd
	}
	switch key {
	case fwd:
		return (i + 1) % n, true
	case back:
		return (i + n - 1) % n, true
	case "ArrowDown":
		if vertical {
			return (i + 1) % n, true
		}
	case "ArrowUp":
		if vertical {
			return (i + n - 1) % n, true
		}
	case "Home":
		return 0, true
	case "End":
		return n - 1, true
	}
	return 0, false
}

// whole reports whether f is an integer.
func whole(f float64) bool { return f == float64(int64(f)) }

// partName is the ::part() name of a component type: "ChoicePicker" → "choice-picker".
func partName(typ string) string {
	var b strings.Builder
	for i, r := range typ {
		if unicode.IsUpper(r) {
			if i > 0 && !strings.HasSuffix(b.String(), "-") {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-') {
			b.WriteRune(r)
		}
	}
	return b.String()
}
