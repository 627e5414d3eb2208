package re

import "unicode"

// class is [...]: a rune matches when any item does, inverted by neg.
type class struct {
	neg   bool
	items []classItem
}

// classItem is a set (sorted lo,hi pairs, or a Unicode table), inverted by neg after
// case folding (as Go folds \D or [^a-z] under (?i): fold, then negate).
type classItem struct {
	ranges []rune
	tab    *unicode.RangeTable
	neg    bool
	fold   bool
}

func (it *classItem) has(r rune) bool {
	if it.tab != nil {
		return unicode.Is(it.tab, r)
	}
	for i := 0; i+1 < len(it.ranges); i += 2 {
		if r < it.ranges[i] {
			return false
		}
		if r <= it.ranges[i+1] {
			return true
		}
	}
	return false
}

func (it *classItem) match(r rune) bool {
	in := it.has(r)
	if !in && it.fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if it.has(f) {
				in = true
				break
			}
		}
	}
	return in != it.neg
}

func (c *class) match(r rune) bool {
	for i := range c.items {
		if c.items[i].match(r) {
			return !c.neg
		}
	}
	return c.neg
}

type instOp uint8

const (
	iRune     instOp = iota // runes: r (or, with fold, any rune of its orbit)
	iClass                  // cls
	iAny                    // any rune
	iAnyNotNL               // any rune but \n
	iAssert                 // a holds at this position
	iSplit                  // x preferred, then y
	iJmp                    // x
	iMatch
)

type inst struct {
	op   instOp
	a    assertion
	r    rune
	fold bool
	cls  *class
	x, y int32 // next (x), alternative (y)
}

func (in *inst) matches(r rune) bool {
	switch in.op {
	case iRune:
		if r == in.r {
			return true
		}
		if in.fold {
			for f := unicode.SimpleFold(in.r); f != in.r; f = unicode.SimpleFold(f) {
				if f == r {
					return true
				}
			}
		}
		return false
	case iClass:
		return in.cls.match(r)
	case iAny:
		return true
	case iAnyNotNL:
		return r != '\n'
	}
	return false
}

type compiler struct {
	prog []inst
	err  error
}

// compile turns the tree into a program ending in iMatch; instruction 0 is the start.
// Each node's code falls through to the next instruction; jumps are patched in place.
func compile(n *node) ([]inst, error) {
	c := &compiler{}
	c.emit(n)
	c.add(inst{op: iMatch})
	if c.err != nil {
		return nil, c.err
	}
	return c.prog, nil
}

func (c *compiler) add(in inst) int {
	if len(c.prog) >= MaxInsts {
		if c.err == nil {
			c.err = &Error{Msg: "expression too large (more than 5000 states)"}
		}
		return len(c.prog) - 1
	}
	in.x = int32(len(c.prog) + 1)
	c.prog = append(c.prog, in)
	return len(c.prog) - 1
}

func (c *compiler) emit(n *node) {
	if c.err != nil {
		return
	}
	switch n.op {
	case opEmpty:
	case opLit:
		c.add(inst{op: iRune, r: n.r, fold: n.fold})
	case opClass:
		c.add(inst{op: iClass, cls: n.cls})
	case opAny:
		c.add(inst{op: iAny})
	case opAnyNotNL:
		c.add(inst{op: iAnyNotNL})
	case opAssert:
		c.add(inst{op: iAssert, a: n.a})
	case opConcat:
		for _, s := range n.sub {
			c.emit(s)
		}
	case opAlt:
		// split L1, next; L1: a; jmp end; next: split L2, ...; last alternative.
		var jumps []int
		for i, s := range n.sub {
			if i == len(n.sub)-1 {
				c.emit(s)
				break
			}
			sp := c.add(inst{op: iSplit})
			c.emit(s)
			jumps = append(jumps, c.add(inst{op: iJmp}))
			c.setY(sp, len(c.prog))
		}
		for _, j := range jumps {
			c.setX(j, len(c.prog))
		}
	case opRepeat:
		sub := n.sub[0]
		if n.max < 0 {
			c.star(sub, n.min, n.greedy)
			return
		}
		for i := 0; i < n.min; i++ {
			c.emit(sub)
		}
		var splits []int
		for i := n.min; i < n.max; i++ {
			splits = append(splits, c.add(inst{op: iSplit}))
			c.emit(sub)
		}
		for _, sp := range splits {
			c.branch(sp, n.greedy)
		}
	}
}

// star emits sub{min,} in the shapes Go's compiler uses, so that threads have Go's
// priorities: sub{min-1} followed by sub+ (body; split body, end); sub* as
// L: split body, end; body; jmp L, or as (sub+)? when sub can match empty.
func (c *compiler) star(sub *node, min int, greedy bool) {
	if min == 0 && !nullable(sub) {
		sp := c.add(inst{op: iSplit})
		c.emit(sub)
		j := c.add(inst{op: iJmp})
		c.setX(j, sp)
		c.branch(sp, greedy)
		return
	}
	q := -1
	if min == 0 {
		q = c.add(inst{op: iSplit})
	}
	for i := 1; i < min; i++ {
		c.emit(sub)
	}
	body := len(c.prog)
	c.emit(sub)
	loop := c.add(inst{op: iSplit})
	if c.err != nil {
		return
	}
	if greedy {
		c.prog[loop].x, c.prog[loop].y = int32(body), int32(len(c.prog))
	} else {
		c.prog[loop].x, c.prog[loop].y = int32(len(c.prog)), int32(body)
	}
	if q >= 0 {
		c.branch(q, greedy)
	}
}

// nullable reports whether n can match the empty string.
func nullable(n *node) bool {
	switch n.op {
	case opEmpty, opAssert:
		return true
	case opConcat:
		for _, s := range n.sub {
			if !nullable(s) {
				return false
			}
		}
		return true
	case opAlt:
		for _, s := range n.sub {
			if nullable(s) {
				return true
			}
		}
		return false
	case opRepeat:
		return n.min == 0 || nullable(n.sub[0])
	}
	return false
}

// branch makes the split at sp choose between its body (sp+1) and the current end, the
// body first when greedy.
func (c *compiler) branch(sp int, greedy bool) {
	if c.err != nil {
		return
	}
	if greedy {
		c.prog[sp].x, c.prog[sp].y = int32(sp+1), int32(len(c.prog))
	} else {
		c.prog[sp].x, c.prog[sp].y = int32(len(c.prog)), int32(sp+1)
	}
}

func (c *compiler) setX(i, to int) {
	if c.err == nil {
		c.prog[i].x = int32(to)
	}
}

func (c *compiler) setY(i, to int) {
	if c.err == nil {
		c.prog[i].y = int32(to)
	}
}
