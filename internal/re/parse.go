package re

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Limits: Go's for repeat counts and nesting; MaxInsts bounds the compiled program (and
// with it the work per input byte).
const (
	MaxInsts    = 5000
	maxRepeat   = 1000
	maxNesting  = 1000
	maxPatternB = 4096
)

// Error is a pattern that does not compile: Msg says why, Expr is the offending part.
type Error struct {
	Msg  string
	Expr string
}

func (e *Error) Error() string {
	if e.Expr == "" {
		return e.Msg
	}
	return e.Msg + ": `" + e.Expr + "`"
}

type flags uint8

const (
	fFold flags = 1 << iota
	fMultiLine
	fDotNL
	fUngreedy
)

type op uint8

const (
	opEmpty    op = iota
	opLit         // rune r (fold: any rune of its case orbit)
	opClass       // cls
	opAny         // any rune (s flag)
	opAnyNotNL    // any rune but \n
	opAssert      // assertion a
	opConcat      // sub...
	opAlt         // sub... (first preferred)
	opRepeat      // sub[0]{min,max}, max -1: unbounded
)

type assertion uint8

const (
	aBeginText assertion = iota
	aEndText
	aBeginLine
	aEndLine
	aWordBoundary
	aNotWordBoundary
)

type node struct {
	op       op
	r        rune
	fold     bool
	cls      *class
	a        assertion
	min, max int
	greedy   bool
	sub      []*node
}

type parser struct {
	src   string
	pos   int
	flags flags
	depth int
}

// Compile parses pattern and compiles it to a program of at most MaxInsts instructions.
// The error is an *Error.
func Compile(pattern string) (*Regexp, error) {
	if len(pattern) > maxPatternB {
		return nil, &Error{Msg: "pattern longer than " + strconv.Itoa(maxPatternB) + " bytes"}
	}
	if !utf8.ValidString(pattern) {
		return nil, &Error{Msg: "invalid UTF-8"}
	}
	p := &parser{src: pattern}
	n, err := p.alternation()
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.src) { // only a ')' stops the top level early
		return nil, &Error{Msg: "unexpected )", Expr: pattern}
	}
	prog, err := compile(n)
	if err != nil {
		return nil, err
	}
	anchored := prog[0].op == iAssert && prog[0].a == aBeginText
	return &Regexp{expr: pattern, prog: prog, anchored: anchored}, nil
}

// MustCompile is Compile for patterns known to be valid; it panics on an error.
func MustCompile(pattern string) *Regexp {
	r, err := Compile(pattern)
	if err != nil {
		panic("re: Compile(" + strconv.Quote(pattern) + "): " + err.Error())
	}
	return r
}

func (p *parser) more() bool { return p.pos < len(p.src) }
func (p *parser) peek() byte { return p.src[p.pos] }

func (p *parser) next() rune {
	r, w := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += w
	return r
}

// alternation: concat ('|' concat)*, up to a ')' or the end. Flags set inside last to the
// end of the enclosing group, across '|' (as in Go).
func (p *parser) alternation() (*node, error) {
	p.depth++
	if p.depth > maxNesting {
		return nil, &Error{Msg: "expression nests too deeply"}
	}
	defer func() { p.depth-- }()
	saved := p.flags
	defer func() { p.flags = saved }()
	var alts []*node
	for {
		c, err := p.concat()
		if err != nil {
			return nil, err
		}
		alts = append(alts, c)
		if !p.more() || p.peek() != '|' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &node{op: opAlt, sub: alts}, nil
}

func (p *parser) concat() (*node, error) {
	var seq []*node
	canRepeat := false // the last item is an operand (not a flag group, not a repetition)
	lastRepeat := false
	for p.more() {
		start := p.pos
		c := p.peek()
		var atom *node
		switch c {
		case '|', ')':
			return &node{op: opConcat, sub: seq}, nil
		case '(':
			n, err := p.group()
			if err != nil {
				return nil, err
			}
			if n == nil { // (?flags)
				canRepeat, lastRepeat = false, false
				continue
			}
			atom = n
		case '[':
			n, err := p.class()
			if err != nil {
				return nil, err
			}
			atom = n
		case '.':
			p.pos++
			atom = &node{op: opAnyNotNL}
			if p.flags&fDotNL != 0 {
				atom.op = opAny
			}
		case '^':
			p.pos++
			atom = &node{op: opAssert, a: aBeginText}
			if p.flags&fMultiLine != 0 {
				atom.a = aBeginLine
			}
		case '$':
			p.pos++
			atom = &node{op: opAssert, a: aEndText}
			if p.flags&fMultiLine != 0 {
				atom.a = aEndLine
			}
		case '*', '+', '?', '{':
			lo, hi, end, ok := 0, -1, p.pos+1, true
			switch c {
			case '+':
				lo = 1
			case '?':
				hi = 1
			case '{':
				lo, hi, end, ok = parseRepeat(p.src, p.pos)
				if !ok { // not a repeat: a literal '{'
					p.pos++
					atom = p.lit('{')
				}
			}
			if atom != nil {
				break
			}
			if lo > maxRepeat || hi > maxRepeat || hi >= 0 && lo > hi {
				return nil, &Error{Msg: "invalid repeat count", Expr: p.src[start:end]}
			}
			if lastRepeat {
				return nil, &Error{Msg: "invalid nested repetition operator", Expr: p.src[start:end]}
			}
			if !canRepeat {
				return nil, &Error{Msg: "missing argument to repetition operator", Expr: p.src[start:end]}
			}
			p.pos = end
			greedy := true
			if p.more() && p.peek() == '?' {
				p.pos++
				greedy = false
			}
			if p.flags&fUngreedy != 0 {
				greedy = !greedy
			}
			seq[len(seq)-1] = &node{op: opRepeat, min: lo, max: hi, greedy: greedy, sub: []*node{seq[len(seq)-1]}}
			lastRepeat = true
			continue
		case '\\':
			n, err := p.escapeAtom()
			if err != nil {
				return nil, err
			}
			atom = n
		default:
			atom = p.lit(p.next())
		}
		seq = append(seq, atom)
		canRepeat, lastRepeat = true, false
	}
	return &node{op: opConcat, sub: seq}, nil
}

func (p *parser) lit(r rune) *node {
	return &node{op: opLit, r: r, fold: p.flags&fFold != 0 && unicode.SimpleFold(r) != r}
}

// parseRepeat reads {n}, {n,} or {n,m} at s[i]; ok is false when the text is not one
// (then '{' is a literal, as in Go). Counts with leading zeros are not repeats; huge
// counts come back over maxRepeat.
func parseRepeat(s string, i int) (lo, hi, end int, ok bool) {
	i++
	lo, i, ok = parseCount(s, i)
	if !ok || i >= len(s) {
		return 0, 0, 0, false
	}
	hi = lo
	if s[i] == ',' {
		i++
		if i < len(s) && s[i] == '}' {
			hi = -1
		} else if hi, i, ok = parseCount(s, i); !ok {
			return 0, 0, 0, false
		}
	}
	if i >= len(s) || s[i] != '}' {
		return 0, 0, 0, false
	}
	return lo, hi, i + 1, true
}

func parseCount(s string, i int) (n, end int, ok bool) {
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if n <= maxRepeat {
			n = n*10 + int(s[i]-'0')
		}
		i++
	}
	if i == start || i-start >= 2 && s[start] == '0' {
		return 0, 0, false
	}
	return n, i, true
}

// group parses from '(' to its ')'. A flag group (?i) returns nil: its flags hold to the
// end of the enclosing group.
func (p *parser) group() (*node, error) {
	start := p.pos
	p.pos++
	rest := p.src[p.pos:]
	if len(rest) > 0 && rest[0] == '?' {
		switch {
		case hasPrefix(rest, "?=") || hasPrefix(rest, "?!") || hasPrefix(rest, "?<=") || hasPrefix(rest, "?<!"):
			end := p.pos + 2
			if rest[1] == '<' {
				end++
			}
			return nil, &Error{Msg: "look-around is not supported", Expr: p.src[start:end]}
		case hasPrefix(rest, "?P<") || hasPrefix(rest, "?<"):
			i := p.pos + 2
			if rest[1] == 'P' {
				i++
			}
			j := i
			for j < len(p.src) && p.src[j] != '>' {
				c := p.src[j]
				if c != '_' && !isAlnum(c) {
					break
				}
				j++
			}
			if j == i || j >= len(p.src) || p.src[j] != '>' {
				return nil, &Error{Msg: "invalid named capture", Expr: p.src[start:min(len(p.src), j+1)]}
			}
			p.pos = j + 1
		default:
			return p.flagGroup(start)
		}
	}
	return p.groupBody(start)
}

// groupBody parses the alternation inside a group opened at start and its closing ')'.
func (p *parser) groupBody(start int) (*node, error) {
	n, err := p.alternation()
	if err != nil {
		return nil, err
	}
	if !p.more() || p.peek() != ')' {
		return nil, &Error{Msg: "missing closing )", Expr: p.src[start:]}
	}
	p.pos++
	return n, nil
}

// flagGroup parses (?flags) or (?flags:re) with flags from "imsU", one '-' allowed.
func (p *parser) flagGroup(start int) (*node, error) {
	p.pos++ // '?'
	f := p.flags
	neg, saw := false, false
	for p.more() {
		c := p.next()
		var bit flags
		switch c {
		case 'i':
			bit = fFold
		case 'm':
			bit = fMultiLine
		case 's':
			bit = fDotNL
		case 'U':
			bit = fUngreedy
		case '-':
			if neg {
				return nil, &Error{Msg: "invalid or unsupported Perl syntax", Expr: p.src[start:p.pos]}
			}
			neg, saw = true, false
			continue
		case ':', ')':
			if neg && !saw {
				return nil, &Error{Msg: "invalid or unsupported Perl syntax", Expr: p.src[start:p.pos]}
			}
			if c == ')' {
				p.flags = f
				return nil, nil
			}
			saved := p.flags
			p.flags = f
			n, err := p.groupBody(start)
			p.flags = saved
			return n, err
		default:
			return nil, &Error{Msg: "invalid or unsupported Perl syntax", Expr: p.src[start:p.pos]}
		}
		saw = true
		if neg {
			f &^= bit
		} else {
			f |= bit
		}
	}
	return nil, &Error{Msg: "missing closing )", Expr: p.src[start:]}
}

// escapeAtom parses an escape outside a class: an assertion, a class (\d, \pL) or a rune.
func (p *parser) escapeAtom() (*node, error) {
	if p.pos+1 < len(p.src) {
		switch p.src[p.pos+1] {
		case 'b', 'B', 'A', 'z':
			a := map2(p.src[p.pos+1])
			p.pos += 2
			return &node{op: opAssert, a: a}, nil
		}
	}
	item, isClass, r, err := p.escape()
	if err != nil {
		return nil, err
	}
	if isClass {
		return &node{op: opClass, cls: &class{items: []classItem{item}}}, nil
	}
	return p.lit(r), nil
}

func map2(c byte) assertion {
	switch c {
	case 'b':
		return aWordBoundary
	case 'B':
		return aNotWordBoundary
	case 'A':
		return aBeginText
	}
	return aEndText
}

// escape parses the escape at p.pos ('\\'): a class item (\d \D \w \W \s \S \pX \PX) or
// a single rune.
func (p *parser) escape() (item classItem, isClass bool, r rune, err error) {
	start := p.pos
	p.pos++
	if !p.more() {
		return item, false, 0, &Error{Msg: "trailing backslash at end of expression"}
	}
	c := p.next()
	bad := func() (classItem, bool, rune, error) {
		return item, false, 0, &Error{Msg: "invalid escape sequence", Expr: p.src[start:p.pos]}
	}
	switch c {
	case 'd', 'D', 'w', 'W', 's', 'S':
		return perlItem(c, p.flags&fFold != 0), true, 0, nil
	case 'p', 'P':
		return p.unicodeClass(start, c == 'P')
	case '1', '2', '3', '4', '5', '6', '7':
		if !p.more() || p.peek() < '0' || p.peek() > '7' {
			return item, false, 0, &Error{Msg: "back-references are not supported", Expr: p.src[start:p.pos]}
		}
		fallthrough
	case '0':
		r = c - '0'
		for i := 1; i < 3 && p.more() && p.peek() >= '0' && p.peek() <= '7'; i++ {
			r = r*8 + rune(p.next()-'0')
		}
		return item, false, r, nil
	case 'x':
		if !p.more() {
			return bad()
		}
		if p.peek() == '{' {
			p.pos++
			n := 0
			for {
				if !p.more() {
					return bad()
				}
				d := p.next()
				if d == '}' {
					break
				}
				v := unhex(d)
				if v < 0 {
					return bad()
				}
				r = r*16 + v
				if r > unicode.MaxRune {
					return bad()
				}
				n++
			}
			if n == 0 {
				return bad()
			}
			return item, false, r, nil
		}
		x := unhex(p.next())
		if !p.more() {
			return bad()
		}
		y := unhex(p.next())
		if x < 0 || y < 0 {
			return bad()
		}
		return item, false, x*16 + y, nil
	case 'u': // JavaScript's \uFFFF (not in Go's syntax)
		if len(p.src)-p.pos < 4 {
			return bad()
		}
		for i := 0; i < 4; i++ {
			v := unhex(rune(p.src[p.pos]))
			if v < 0 {
				return bad()
			}
			r = r*16 + v
			p.pos++
		}
		return item, false, r, nil
	case 'a':
		return item, false, '\a', nil
	case 'f':
		return item, false, '\f', nil
	case 'n':
		return item, false, '\n', nil
	case 'r':
		return item, false, '\r', nil
	case 't':
		return item, false, '\t', nil
	case 'v':
		return item, false, '\v', nil
	}
	if c < utf8.RuneSelf && !isAlnum(byte(c)) {
		return item, false, c, nil
	}
	return bad()
}

// unicodeClass parses the rest of \pX, \p{Name}, \p{^Name} (and \P).
func (p *parser) unicodeClass(start int, neg bool) (classItem, bool, rune, error) {
	if !p.more() {
		return classItem{}, false, 0, &Error{Msg: "invalid character class range", Expr: p.src[start:p.pos]}
	}
	var name string
	if p.peek() == '{' {
		end := p.pos
		for end < len(p.src) && p.src[end] != '}' {
			end++
		}
		if end >= len(p.src) {
			return classItem{}, false, 0, &Error{Msg: "invalid character class range", Expr: p.src[start:]}
		}
		name = p.src[p.pos+1 : end]
		p.pos = end + 1
	} else {
		r := p.next()
		name = string(r)
	}
	if len(name) > 0 && name[0] == '^' {
		neg = !neg
		name = name[1:]
	}
	tab := unicodeTable(name)
	if tab == nil {
		return classItem{}, false, 0, &Error{Msg: "unsupported Unicode class (supported: L Lu Ll M N Nd P S Z)", Expr: p.src[start:p.pos]}
	}
	return classItem{tab: tab, neg: neg, fold: p.flags&fFold != 0}, true, 0, nil
}

// class parses [...] or [^...].
func (p *parser) class() (*node, error) {
	start := p.pos
	p.pos++
	cls := &class{}
	if p.more() && p.peek() == '^' {
		cls.neg = true
		p.pos++
	}
	fold := p.flags&fFold != 0
	first := true
	for {
		if !p.more() {
			return nil, &Error{Msg: "missing closing ]", Expr: p.src[start:]}
		}
		c := p.peek()
		if c == ']' && !first {
			p.pos++
			break
		}
		first = false
		if c == '[' && p.pos+1 < len(p.src) && p.src[p.pos+1] == ':' {
			if item, ok, err := p.posixClass(fold); err != nil {
				return nil, err
			} else if ok {
				cls.items = append(cls.items, item)
				continue
			}
		}
		itemStart := p.pos
		lo, item, isClass, err := p.classChar()
		if err != nil {
			return nil, err
		}
		if isClass {
			cls.items = append(cls.items, item)
			continue
		}
		hi := lo
		if p.pos+1 < len(p.src) && p.peek() == '-' && p.src[p.pos+1] != ']' {
			p.pos++
			var hiClass bool
			hi, _, hiClass, err = p.classChar()
			if err != nil {
				return nil, err
			}
			if hiClass || hi < lo {
				return nil, &Error{Msg: "invalid character class range", Expr: p.src[itemStart:p.pos]}
			}
		}
		cls.items = append(cls.items, classItem{ranges: []rune{lo, hi}, fold: fold})
	}
	return &node{op: opClass, cls: cls}, nil
}

// classChar reads one rune (or escape) inside a class.
func (p *parser) classChar() (rune, classItem, bool, error) {
	if p.peek() == '\\' {
		item, isClass, r, err := p.escape()
		return r, item, isClass, err
	}
	return p.next(), classItem{}, false, nil
}

var posixNames = [...]string{"alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "word", "xdigit"}

var posixRanges = [...][]rune{
	{'0', '9', 'A', 'Z', 'a', 'z'},
	{'A', 'Z', 'a', 'z'},
	{0, 0x7f},
	{'\t', '\t', ' ', ' '},
	{0, 0x1f, 0x7f, 0x7f},
	{'0', '9'},
	{'!', '~'},
	{'a', 'z'},
	{' ', '~'},
	{'!', '/', ':', '@', '[', '`', '{', '~'},
	{'\t', '\r', ' ', ' '},
	{'A', 'Z'},
	{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'},
	{'0', '9', 'A', 'F', 'a', 'f'},
}

// posixClass parses [:name:] or [:^name:] at p.pos; ok is false when the text is not one
// (then '[' is a literal, as in Go).
func (p *parser) posixClass(fold bool) (classItem, bool, error) {
	rest := p.src[p.pos+2:]
	end := -1
	for i := 0; i+1 < len(rest); i++ {
		if rest[i] == ':' && rest[i+1] == ']' {
			end = i
			break
		}
	}
	if end < 0 {
		return classItem{}, false, nil
	}
	name, neg := rest[:end], false
	if len(name) > 0 && name[0] == '^' {
		name, neg = name[1:], true
	}
	for i, n := range posixNames {
		if n == name {
			p.pos += 2 + end + 2
			return classItem{ranges: posixRanges[i], neg: neg, fold: fold}, true, nil
		}
	}
	return classItem{}, false, &Error{Msg: "invalid character class range", Expr: p.src[p.pos : p.pos+2+end+2]}
}

func perlItem(c rune, fold bool) classItem {
	var it classItem
	switch c {
	case 'd', 'D':
		it.ranges = posixRanges[5]
	case 'w', 'W':
		it.ranges = posixRanges[12]
	default:
		it.ranges = []rune{'\t', '\n', '\f', '\r', ' ', ' '}
	}
	it.neg = c == 'D' || c == 'W' || c == 'S'
	it.fold = fold
	return it
}

// unicodeTable maps a general category name to its table. A switch over the specific
// tables, not unicode.Categories: that map would link (and build at init) every table.
// Each table costs wasm bytes: Lt Lm Lo Mn Mc Nl No Pd Sc Sm Zs Cc together cost 6.5 KB
// brotli, so only the categories validation patterns use are here.
func unicodeTable(name string) *unicode.RangeTable {
	switch name {
	case "L":
		return unicode.L
	case "Lu":
		return unicode.Lu
	case "Ll":
		return unicode.Ll
	case "M":
		return unicode.M
	case "N":
		return unicode.N
	case "Nd":
		return unicode.Nd
	case "P":
		return unicode.P
	case "S":
		return unicode.S
	case "Z":
		return unicode.Z
	}
	return nil
}

func unhex(c rune) rune {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return -1
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

func hasPrefix(s, pre string) bool { return len(s) >= len(pre) && s[:len(pre)] == pre }
