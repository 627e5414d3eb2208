package catalog

import (
	"strings"
	"unicode"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/l10n"
)

// Accessibility helpers shared by the components: names for controls that have no
// visible label, and the roving-focus keyboard model of the APG composite widgets.

// NameControl gives an input without a visible label an accessible name: the
// placeholder, else fallback (an accessibility label, applied after render, wins over
// both).
func (b *Builder) NameControl(control *dom.Node, visibleLabel, placeholder string, fallback l10n.Key) {
	if strings.TrimSpace(visibleLabel) != "" {
		return
	}
	name := strings.TrimSpace(placeholder)
	if name == "" {
		name = b.Msg(fallback)
	}
	SetAttr(control, "aria-label", name)
}

// RovingKey maps a keydown in a one-dimensional composite widget (tabs, radio group,
// chips) to the index that should take focus: arrows move with wrap-around (mirrored
// right to left), Home and End jump; vertical also takes Up and Down. ok is false for
// other keys.
func (b *Builder) RovingKey(key string, i, n int, vertical bool) (next int, ok bool) {
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
