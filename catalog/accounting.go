package catalog

import (
	"slices"
	"strconv"

	"github.com/a2ui-go/a2ui/dom"
)

// account adds the bytes of instance e's own nodes (n without its child instances, which
// counted themselves) to the surface total and checks the byte budgets.
func (b *Builder) account(e *cacheEntry, n *dom.Node) {
	own, big := ownBytes(n, e.children, b.maxTextBytes())
	e.bytes = own
	for _, c := range e.children {
		e.bytes += c.bytes
	}
	b.bytes += own
	switch {
	case big > 0:
		b.limit(e.comp.ID, "a text of "+strconv.Itoa(big)+" bytes (max "+strconv.Itoa(b.maxTextBytes())+")")
	case b.bytes > b.maxSurfaceBytes():
		b.limit(e.comp.ID, "the surface's text exceeds "+strconv.Itoa(b.maxSurfaceBytes())+" bytes")
	}
}

// ownBytes sums the tag, text and attribute bytes of n's nodes, not descending into the
// nodes of kids (child instances). big is the size of the first text or attribute value
// over maxText (0 if none). Iterative: node trees nest as deep as agents make them. A
// child instance's node carries its key and is met in build order, so telling one apart
// costs O(1) per node and allocates nothing.
func ownBytes(n *dom.Node, kids []*cacheEntry, maxText int) (total, big int) {
	var buf [16]*dom.Node
	stack := append(buf[:0], n)
	ki := 0
	isKid := func(x *dom.Node) bool {
		if x.Key == "" {
			return false
		}
		// Kids come in build order; a placeholder or wrapper may sit between them. One
		// found out of that order beyond a short window is counted as own bytes too:
		// an overestimate, never an underestimate.
		for j := ki; j < len(kids) && j < ki+8; j++ {
			if kids[j].node == x {
				ki = j + 1
				return true
			}
		}
		return false
	}
	count := func(x *dom.Node) {
		total += len(x.Tag) + len(x.Text)
		if len(x.Text) > maxText && big == 0 {
			big = len(x.Text)
		}
		for _, a := range x.Attrs {
			total += len(a.Name) + len(a.Value)
			if len(a.Value) > maxText && big == 0 {
				big = len(a.Value)
			}
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count(x)
		// Only own nodes with children go on the stack (neither a List's thousand
		// rows nor the placeholders between them do), reversed so they come off it in
		// document order.
		from := len(stack)
		for _, c := range x.Children {
			switch {
			case isKid(c):
			case len(c.Children) == 0:
				count(c)
			default:
				stack = append(stack, c)
			}
		}
		slices.Reverse(stack[from:])
	}
	return total, big
}

// noStore marks the instance being rendered as not reusable (its subtree holds a notice
// that must be re-evaluated every build).
func (b *Builder) noStore() {
	if b.cur != nil {
		b.cur.noStore = true
	}
}
