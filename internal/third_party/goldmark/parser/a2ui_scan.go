package parser

// Hand-written scanners for goldmark's raw-HTML and HTML-block regexps (a2ui patch: no
// regexp in the wasm). Each accepts exactly the inputs its regexp accepted, with the same
// match length and the same submatches where goldmark used them; a2ui_scan_test.go runs
// both on a table and a differential fuzz target.
//
// The regexps, for reference (attributePattern is
// (?:[\r\n \t]+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:[\r\n \t]*=[\r\n \t]*(?:[^"'=<>`\x00-\x20]+|'[^']*'|"[^"]*"))?)):
//
//	open tag   ^<([A-Za-z][A-Za-z0-9-]*)attributePattern*(?:[ \t]|(?:\r\n|\n){0,1})*/?>
//	close tag  ^</([A-Za-z][A-Za-z0-9-]*)(?:[ \t]|(?:\r\n|\n){0,1})*>
//	type 1     (?i)^[ ]{0,3}<(script|pre|style|textarea)(?:\s.*|>.*|/>.*|)(?:\r\n|\n)?$
//	type 1 end (?i)^.*</(?:script|pre|style|textarea)>.*
//	type 2     ^[ ]{0,3}<!\-\-
//	type 3     ^[ ]{0,3}<\?
//	type 4     ^[ ]{0,3}<![A-Z]+.*(?:\r\n|\n)?$
//	type 5     ^[ ]{0,3}<\!\[CDATA\[
//	type 6     ^[ ]{0,3}<(?:/[ ]*)?([a-zA-Z]+[a-zA-Z0-9\-]*)(?:[ ].*|>.*|/>.*|)(?:\r\n|\n)?$
//	type 7     ^[ ]{0,3}<(/[ ]*)?([a-zA-Z]+[a-zA-Z0-9\-]*)(attributePattern*)[ ]*(?:>|/>)[ ]*(?:\r\n|\n)?$
//
// All but the (?i) ones are ASCII; a multi-byte rune's bytes (all >= 0x80) fall in the
// negated classes ([^'] and friends) and in '.', and in nothing else, so the scanners
// work on bytes.

// States of the tag automaton: a set of them (a bit mask) is live after each byte.
const (
	stComplete = 1 << iota // after the tag name or a whole attribute
	stAttrWS               // in the [\r\n \t]+ before an attribute name
	stName                 // in an attribute name (also a whole attribute)
	stEqWS                 // in the [\r\n \t]* before '='
	stValWS                // after '=', in [\r\n \t]*
	stUnquoted             // in an unquoted value (also a whole attribute)
	stSingle               // in '...'
	stDouble               // in "..."
	stTrail                // in the trailing spaces (inline: [ \t] \r\n \n; block: [ ])
	stTrailCR              // inline: after a trailing '\r' that must be followed by '\n'
	stSlash                // after the '/' of '/>'
	stPost                 // block: after '>', in [ ]*
	stPostCR               // block: after the final '\r' (needs '\n', then the end)
	stEnd                  // block: after the final newline (only the end may follow)
)

func isTagWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isAttrNameStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':'
}

func isAttrNameChar(c byte) bool {
	return isAttrNameStart(c) || c >= '0' && c <= '9' || c == '.' || c == '-'
}

func isUnquotedChar(c byte) bool {
	return c > 0x20 && c != '"' && c != '\'' && c != '=' && c != '<' && c != '>' && c != '`'
}

func isTagNameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}

// tagStep moves the live set over byte c. block selects the HTML-block (type 7) tail;
// accepted reports that an inline tag ended at c (its '>').
func tagStep(set int, c byte, block bool) (next int, accepted bool) {
	complete := set&(stComplete|stName|stUnquoted) != 0
	if complete {
		switch {
		case isTagWS(c):
			next |= stAttrWS
			if block {
				if c == ' ' {
					next |= stTrail
				}
			} else if c == '\r' {
				next |= stTrailCR
			} else {
				next |= stTrail
			}
		case c == '/':
			next |= stSlash
		case c == '>':
			if !block {
				return 0, true
			}
			next |= stPost
		}
	}
	if set&stAttrWS != 0 {
		if isTagWS(c) {
			next |= stAttrWS
		} else if isAttrNameStart(c) {
			next |= stName
		}
	}
	if set&stName != 0 {
		if isAttrNameChar(c) {
			next |= stName
		} else if isTagWS(c) {
			next |= stEqWS
		} else if c == '=' {
			next |= stValWS
		}
	}
	if set&stEqWS != 0 {
		if isTagWS(c) {
			next |= stEqWS
		} else if c == '=' {
			next |= stValWS
		}
	}
	if set&stValWS != 0 {
		switch {
		case isTagWS(c):
			next |= stValWS
		case c == '\'':
			next |= stSingle
		case c == '"':
			next |= stDouble
		case isUnquotedChar(c):
			next |= stUnquoted
		}
	}
	if set&stUnquoted != 0 && isUnquotedChar(c) {
		next |= stUnquoted
	}
	if set&stSingle != 0 {
		if c == '\'' {
			next |= stComplete
		} else {
			next |= stSingle
		}
	}
	if set&stDouble != 0 {
		if c == '"' {
			next |= stComplete
		} else {
			next |= stDouble
		}
	}
	if set&stTrail != 0 {
		switch {
		case c == ' ' || !block && (c == '\t' || c == '\n'):
			next |= stTrail
		case !block && c == '\r':
			next |= stTrailCR
		case c == '/':
			next |= stSlash
		case c == '>':
			if !block {
				return 0, true
			}
			next |= stPost
		}
	}
	if set&stTrailCR != 0 && c == '\n' {
		next |= stTrail
	}
	if set&stSlash != 0 && c == '>' {
		if !block {
			return 0, true
		}
		next |= stPost
	}
	if set&stPost != 0 {
		switch c {
		case ' ':
			next |= stPost
		case '\r':
			next |= stPostCR
		case '\n':
			next |= stEnd
		}
	}
	if set&stPostCR != 0 && c == '\n' {
		next |= stEnd
	}
	return next, false
}

// scanOpenTag is the open-tag regexp over next (a byte, or -1 at the end): the length
// of the match, or -1.
func scanOpenTag(next func() int) int {
	if next() != '<' {
		return -1
	}
	c := next()
	if c < 0 || !isAlpha(byte(c)) {
		return -1
	}
	n := 2
	for {
		c = next()
		if c < 0 {
			return -1
		}
		n++
		if !isTagNameChar(byte(c)) {
			break
		}
	}
	set, ok := tagStep(stComplete, byte(c), false)
	for !ok {
		if set == 0 {
			return -1
		}
		if c = next(); c < 0 {
			return -1
		}
		n++
		set, ok = tagStep(set, byte(c), false)
	}
	return n
}

// scanCloseTag is the close-tag regexp over next: the length of the match, or -1.
func scanCloseTag(next func() int) int {
	if next() != '<' || next() != '/' {
		return -1
	}
	c := next()
	if c < 0 || !isAlpha(byte(c)) {
		return -1
	}
	n := 3
	for {
		if c = next(); c < 0 {
			return -1
		}
		n++
		if !isTagNameChar(byte(c)) {
			break
		}
	}
	cr := false
	for {
		switch {
		case cr:
			if c != '\n' {
				return -1
			}
			cr = false
		case c == '>':
			return n
		case c == ' ' || c == '\t' || c == '\n':
		case c == '\r':
			cr = true
		default:
			return -1
		}
		if c = next(); c < 0 {
			return -1
		}
		n++
	}
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// bytesSource returns a next function over b.
func bytesSource(b []byte) func() int {
	i := 0
	return func() int {
		if i >= len(b) {
			return -1
		}
		i++
		return int(b[i-1])
	}
}

// blockIndent returns the index of the '<' after at most three spaces, or -1.
func blockIndent(line []byte) int {
	i := 0
	for i < 3 && i < len(line) && line[i] == ' ' {
		i++
	}
	if i < len(line) && line[i] == '<' {
		return i
	}
	return -1
}

// restOfLine is .*(?:\r\n|\n)?$ : no '\n' but possibly the last byte.
func restOfLine(b []byte) bool {
	for i, c := range b {
		if c == '\n' {
			return i == len(b)-1
		}
	}
	return true
}

// tagTail is (?:X.*|>.*|/>.*|)(?:\r\n|\n)?$ after a block tag name, X being \s (type 1)
// or a space (type 6).
func tagTail(r []byte, spaceOnly bool) bool {
	if len(r) == 0 || string(r) == "\n" || string(r) == "\r\n" {
		return true
	}
	switch c := r[0]; {
	case c == ' ' || c == '>' || !spaceOnly && (c == '\t' || c == '\n' || c == '\f' || c == '\r'):
		return restOfLine(r[1:])
	case c == '/' && len(r) > 1 && r[1] == '>':
		return restOfLine(r[2:])
	}
	return false
}

var type1Names = [...]string{"script", "pre", "style", "textarea"}

// foldPrefix matches the lower-case ASCII word w at the start of b under (?i): ASCII case
// and, as Go's simple folding has it, ſ (U+017F) for s and the Kelvin sign for k. It
// returns the bytes consumed, or -1.
func foldPrefix(b []byte, w string) int {
	i := 0
	for j := 0; j < len(w); j++ {
		if i < len(b) && b[i]|0x20 == w[j] && isAlpha(b[i]) {
			i++
			continue
		}
		if w[j] == 's' && i+1 < len(b) && b[i] == 0xC5 && b[i+1] == 0xBF {
			i += 2
			continue
		}
		if w[j] == 'k' && i+2 < len(b) && b[i] == 0xE2 && b[i+1] == 0x84 && b[i+2] == 0xAA {
			i += 3
			continue
		}
		return -1
	}
	return i
}

// htmlBlockType1Open is the type 1 regexp.
func htmlBlockType1Open(line []byte) bool {
	i := blockIndent(line)
	if i < 0 {
		return false
	}
	for _, w := range type1Names {
		if n := foldPrefix(line[i+1:], w); n >= 0 && tagTail(line[i+1+n:], false) {
			return true
		}
	}
	return false
}

// htmlBlockType1Close is the type 1 end regexp: </script>, </pre>, </style> or
// </textarea> (any case) before the first newline.
func htmlBlockType1Close(line []byte) bool {
	for i := 0; i+1 < len(line) && line[i] != '\n'; i++ {
		if line[i] != '<' || line[i+1] != '/' {
			continue
		}
		for _, w := range type1Names {
			if n := foldPrefix(line[i+2:], w); n >= 0 && i+2+n < len(line) && line[i+2+n] == '>' {
				return true
			}
		}
	}
	return false
}

func hasPrefixAt(line []byte, i int, p string) bool {
	return i >= 0 && len(line)-i >= len(p) && string(line[i:i+len(p)]) == p
}

// htmlBlockType2Open, 3, 4 and 5 are the regexps of those types.
func htmlBlockType2Open(line []byte) bool { return hasPrefixAt(line, blockIndent(line), "<!--") }
func htmlBlockType3Open(line []byte) bool { return hasPrefixAt(line, blockIndent(line), "<?") }
func htmlBlockType5Open(line []byte) bool {
	return hasPrefixAt(line, blockIndent(line), "<![CDATA[")
}

func htmlBlockType4Open(line []byte) bool {
	i := blockIndent(line)
	return hasPrefixAt(line, i, "<!") && i+2 < len(line) && line[i+2] >= 'A' && line[i+2] <= 'Z' &&
		restOfLine(line[i+3:])
}

// blockTagStart reads <(/[ ]*)?name at the block indent: the index after '<', the end
// of the optional '/' group (or -1), and the name's bounds.
func blockTagStart(line []byte) (slash, slashEnd, nameStart, nameEnd int) {
	i := blockIndent(line)
	if i < 0 {
		return -1, -1, -1, -1
	}
	i++
	slash, slashEnd = i, -1
	if i < len(line) && line[i] == '/' {
		i++
		for i < len(line) && line[i] == ' ' {
			i++
		}
		slashEnd = i
	}
	if i >= len(line) || !isAlpha(line[i]) {
		return -1, -1, -1, -1
	}
	nameStart = i
	for i < len(line) && isTagNameChar(line[i]) {
		i++
	}
	return slash, slashEnd, nameStart, i
}

// htmlBlockType6 is the type 6 regexp; name is its group 1 (the tag name).
func htmlBlockType6(line []byte) (name []byte, ok bool) {
	_, _, s, e := blockTagStart(line)
	if s < 0 || !tagTail(line[e:], true) {
		return nil, false
	}
	return line[s:e], true
}

// htmlBlockType7 is the type 7 regexp: closeGroup is group 1 ("/" and spaces, nil when
// absent), name group 2, hasAttr whether group 3 (the attributes) is not empty.
func htmlBlockType7(line []byte) (closeGroup, name []byte, hasAttr, ok bool) {
	slash, slashEnd, s, e := blockTagStart(line)
	if s < 0 {
		return nil, nil, false, false
	}
	set := stComplete
	for _, c := range line[e:] {
		if set, _ = tagStep(set, c, true); set == 0 {
			return nil, nil, false, false
		}
	}
	if set&(stPost|stEnd) == 0 {
		return nil, nil, false, false
	}
	if slashEnd >= 0 {
		closeGroup = line[slash:slashEnd]
	}
	return closeGroup, line[s:e], !noAttributes(line[e:]), true
}

// noAttributes is [ ]*(?:>|/>)[ ]*(?:\r\n|\n)?$ : a type 7 tail without attributes
// (the regexp's greedy attribute group is empty exactly then).
func noAttributes(r []byte) bool {
	i := 0
	for i < len(r) && r[i] == ' ' {
		i++
	}
	if i < len(r) && r[i] == '/' {
		i++
	}
	if i >= len(r) || r[i] != '>' {
		return false
	}
	return true
}

// Scanners holds the scanners that replace goldmark's regexps, for a2ui's differential
// tests (catalog/markdown), which run each against its regexp. The reader scanners take
// a text.Reader.MatchScan source; the others a line.
type Scanners struct {
	OpenTag, CloseTag                                     func(next func() int) int
	Type1Open, Type1Close, Type2, Type3, Type4, Type5Open func(line []byte) bool
	Type6                                                 func(line []byte) (name []byte, ok bool)
	Type7                                                 func(line []byte) (closeGroup, name []byte, hasAttr, ok bool)
}

// A2UIScanners returns the scanners (a2ui patch; tests only, any goroutine).
func A2UIScanners() Scanners {
	return Scanners{
		OpenTag: scanOpenTag, CloseTag: scanCloseTag,
		Type1Open: htmlBlockType1Open, Type1Close: htmlBlockType1Close, Type2: htmlBlockType2Open,
		Type3: htmlBlockType3Open, Type4: htmlBlockType4Open, Type5Open: htmlBlockType5Open,
		Type6: htmlBlockType6, Type7: htmlBlockType7,
	}
}
