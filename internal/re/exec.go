package re

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Regexp is a compiled pattern. Its methods are safe for concurrent use.
type Regexp struct {
	expr     string
	prog     []inst
	anchored bool      // the program starts with \A or ^ (not multi-line)
	pool     sync.Pool // *machine: a match on every keystroke allocates nothing
}

// machine is the run state of one match.
type machine struct {
	clist, nlist *queue
	stack        []int32
}

// String returns the source pattern.
func (re *Regexp) String() string { return re.expr }

// MatchString reports whether s contains a match (unanchored, like RegExp.test).
func (re *Regexp) MatchString(s string) bool {
	_, _, ok, _ := re.run(s, 0, true, 0)
	return ok
}

// MatchStringLimit is MatchString with a bound on the work: at most limit thread steps
// (one live state over one input rune). Past it the result is an *Error, so a costly
// pattern over a long input fails closed instead of holding the thread for seconds.
func (re *Regexp) MatchStringLimit(s string, limit int) (bool, error) {
	_, _, ok, over := re.run(s, 0, true, limit)
	if over {
		return false, &Error{Msg: "matching needs more than " + strconv.Itoa(limit) + " steps: pattern too costly for an input this long"}
	}
	return ok, nil
}

// FindStringIndex returns the leftmost-first match of s as s[loc[0]:loc[1]], or nil.
func (re *Regexp) FindStringIndex(s string) []int {
	start, end, ok, _ := re.run(s, 0, false, 0)
	if !ok {
		return nil
	}
	return []int{start, end}
}

// ReplaceAllLiteralString returns s with every match replaced by repl, taken literally.
// Matches are found as Go's ReplaceAllLiteralString finds them (an empty match right
// after a previous match is skipped).
func (re *Regexp) ReplaceAllLiteralString(s, repl string) string {
	var b strings.Builder
	last, search := 0, 0
	matched := false
	for search <= len(s) {
		a0, a1, ok, _ := re.run(s, search, false, 0)
		if !ok {
			break
		}
		if !matched {
			b.Grow(len(s))
			matched = true
		}
		b.WriteString(s[last:a0])
		if a1 > last || a0 == 0 {
			b.WriteString(repl)
		}
		last = a1
		w := 1
		if search < len(s) {
			_, w = utf8.DecodeRuneInString(s[search:])
		}
		switch {
		case search+w > a1:
			search += w
		case search+1 > a1:
			search++
		default:
			search = a1
		}
	}
	if !matched {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// thread is a position in the program and where its match started.
type thread struct {
	pc    int32
	start int32
}

// queue is a list of threads in priority order with a sparse set of the instructions
// already visited at this input position (consuming or not).
type queue struct {
	sparse []int32
	seen   []int32
	ts     []thread
}

func newQueue(n int) *queue {
	return &queue{sparse: make([]int32, n), seen: make([]int32, 0, n), ts: make([]thread, 0, n)}
}

func (q *queue) reset() { q.seen, q.ts = q.seen[:0], q.ts[:0] }

// visit marks pc and reports whether it was new.
func (q *queue) visit(pc int32) bool {
	i := q.sparse[pc]
	if int(i) < len(q.seen) && q.seen[i] == pc {
		return false
	}
	q.sparse[pc] = int32(len(q.seen))
	q.seen = append(q.seen, pc)
	return true
}

func isWordByte(c byte) bool { return c == '_' || isAlnum(c) }

// holds reports whether assertion a holds at byte position pos of s.
func holds(a assertion, s string, pos int) bool {
	switch a {
	case aBeginText:
		return pos == 0
	case aEndText:
		return pos == len(s)
	case aBeginLine:
		return pos == 0 || s[pos-1] == '\n'
	case aEndLine:
		return pos == len(s) || s[pos] == '\n'
	}
	before := pos > 0 && isWordByte(s[pos-1])
	after := pos < len(s) && isWordByte(s[pos])
	return (before != after) == (a == aWordBoundary)
}

// add follows pc's empty-width instructions at pos in priority order (depth first, x
// before y, with an explicit stack) and appends the consuming threads and matches to q.
func (re *Regexp) add(q *queue, stack []int32, pc int32, start int32, s string, pos int) []int32 {
	stack = append(stack[:0], pc)
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !q.visit(pc) {
			continue
		}
		in := &re.prog[pc]
		switch in.op {
		case iSplit:
			stack = append(stack, in.y, in.x)
		case iJmp:
			stack = append(stack, in.x)
		case iAssert:
			if holds(in.a, s, pos) {
				stack = append(stack, in.x)
			}
		default:
			q.ts = append(q.ts, thread{pc: pc, start: start})
		}
	}
	return stack
}

// run finds the leftmost-first match in s starting the search at from (s[:from] is
// context for ^ and \b). With any, it stops at the first match found, whatever it is.
// A limit > 0 caps the thread steps; over reports that it stopped there.
func (re *Regexp) run(s string, from int, any bool, limit int) (start, end int, ok, over bool) {
	m, _ := re.pool.Get().(*machine)
	if m == nil {
		m = &machine{clist: newQueue(len(re.prog)), nlist: newQueue(len(re.prog)), stack: make([]int32, 0, 16)}
	}
	defer re.pool.Put(m)
	clist, nlist, stack := m.clist, m.nlist, m.stack
	defer func() { m.stack = stack }()
	clist.reset()
	matched := false
	for pos := from; ; {
		if !matched && (pos == from || !re.anchored) {
			stack = re.add(clist, stack, 0, int32(pos), s, pos)
		}
		if len(clist.ts) == 0 && (matched || pos >= len(s) || re.anchored) {
			break
		}
		if limit > 0 {
			if limit -= len(clist.ts); limit <= 0 {
				return 0, 0, false, true
			}
		}
		r, w := rune(-1), 0
		if pos < len(s) {
			r, w = utf8.DecodeRuneInString(s[pos:])
		}
		nlist.reset()
		for _, t := range clist.ts {
			in := &re.prog[t.pc]
			if in.op == iMatch {
				if any {
					return int(t.start), pos, true, false
				}
				start, end, matched = int(t.start), pos, true
				break // lower-priority threads lose to this match
			}
			if w > 0 && in.matches(r) {
				stack = re.add(nlist, stack, in.x, t.start, s, pos+w)
			}
		}
		if w == 0 {
			break
		}
		pos += w
		clist, nlist = nlist, clist
	}
	return start, end, matched, false
}
