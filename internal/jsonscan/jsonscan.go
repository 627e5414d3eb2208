// Package jsonscan is a small JSON reader without reflection, for the hot paths of the
// pipeline (protocol decoding, prop and data-model values). encoding/json's reflection
// costs little natively but 20–40× more in GOOS=js/wasm, where it dominated a bulk
// render; this package splits objects and arrays into raw members and decodes values
// into the generic tree (map[string]any, []any, string, float64, bool, nil) directly.
//
// It accepts strict RFC 8259 JSON: what encoding/json accepts, minus what lets two readers
// disagree about a document (security.md ): a duplicate object key (at any depth),
// invalid UTF-8 in a string and a lone UTF-16 surrogate escape are errors, as are numbers
// out of float64 range. Nesting is limited to MaxDepth, checked before recursing. An
// *Error carries the JSON Pointer of where the problem is. Safe for concurrent use.
package jsonscan

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting of arrays and objects accepted. It bounds the
// recursion of every walk over decoded values; per-purpose caps (a data-model value's
// depth, model.Options.MaxValueDepth) are lower.
const MaxDepth = 128

// Error describes malformed JSON at a byte offset.
type Error struct {
	Offset int
	Msg    string
	// Pointer is the JSON Pointer (RFC 6901) of the value or member where the problem
	// is ("" for the document itself, "/a/0" inside {"a":[...]}).
	Pointer string
	// toks are Pointer's reference tokens, innermost first, while the scan unwinds.
	toks []string
}

func (e *Error) Error() string {
	s := e.Msg + " (offset " + strconv.Itoa(e.Offset)
	if e.Pointer != "" {
		s += ", at " + e.Pointer
	}
	return s + ")"
}

// finish builds Pointer from the tokens collected while unwinding.
func (e *Error) finish() *Error {
	if e == nil || len(e.toks) == 0 {
		return e
	}
	var b []byte
	for i := len(e.toks) - 1; i >= 0; i-- {
		b = append(b, '/')
		for _, c := range []byte(e.toks[i]) {
			switch c {
			case '~':
				b = append(b, '~', '0')
			case '/':
				b = append(b, '~', '1')
			default:
				b = append(b, c)
			}
		}
	}
	e.Pointer, e.toks = string(b), nil
	return e
}

// ErrEmpty is returned for input holding no JSON value.
var ErrEmpty = errors.New("no JSON value")

type scanner struct {
	b   []byte
	i   int
	err *Error
	// esc is set by skipString when the string had a backslash escape.
	esc bool
	// The keys of the objects being scanned, innermost last, for the duplicate check:
	// kn entries, the first in kbuf (no allocation for ordinary documents), the rest in
	// kmore. Each object truncates kn back when done.
	kbuf  [24][]byte
	kmore [][]byte
	// ParseOrdered: the callback and the keys of the objects being decoded.
	order func(map[string]any, []string)
	stack []string
	kn    int
	// pause, when set, is called between values about every PauseEvery bytes.
	pause   func()
	pauseAt int
}

// PauseEvery is about how many bytes the Paused functions scan between two calls of
// their pause function.
const PauseEvery = 64 << 10

// breath calls s.pause when PauseEvery bytes went by since the last call.
func (s *scanner) breath() {
	if s.pause != nil && s.i >= s.pauseAt {
		s.pause()
		s.pauseAt = s.i + PauseEvery
	}
}

// at records tok as the member or element the pending error happened inside.
func (s *scanner) at(tok string) { s.err.toks = append(s.err.toks, tok) }

func (s *scanner) key(i int) []byte {
	if i < len(s.kbuf) {
		return s.kbuf[i]
	}
	return s.kmore[i-len(s.kbuf)]
}

func (s *scanner) pushKey(k []byte) {
	if s.kn < len(s.kbuf) {
		s.kbuf[s.kn] = k
	} else {
		s.kmore = append(s.kmore[:s.kn-len(s.kbuf)], k)
	}
	s.kn++
}

// dupKey reports whether the key lit (a validated string literal, quotes included)
// repeats one of the keys pushed since mark, and pushes it. Small objects compare
// linearly; seen takes over past 16 keys.
func (s *scanner) dupKey(lit []byte, mark int, seen *map[string]struct{}) bool {
	key := lit[1 : len(lit)-1]
	if s.esc {
		key = []byte(unquote(lit)) // escapes: compare decoded keys
	}
	if *seen == nil {
		if s.kn-mark < 16 {
			for i := mark; i < s.kn; i++ {
				if string(s.key(i)) == string(key) {
					return true
				}
			}
			s.pushKey(key)
			return false
		}
		*seen = make(map[string]struct{}, 2*(s.kn-mark))
		for i := mark; i < s.kn; i++ {
			(*seen)[string(s.key(i))] = struct{}{}
		}
	}
	if _, ok := (*seen)[string(key)]; ok {
		return true
	}
	(*seen)[string(key)] = struct{}{}
	return false
}

func (s *scanner) fail(msg string) {
	if s.err == nil {
		s.err = &Error{Offset: s.i, Msg: msg}
	}
	s.i = len(s.b)
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// skip moves past one value, validating it.
func (s *scanner) skip(depth int) {
	s.ws()
	if s.i >= len(s.b) {
		s.fail("unexpected end of JSON input")
		return
	}
	switch c := s.b[s.i]; {
	case c == '{':
		if depth >= MaxDepth {
			s.fail("exceeded max depth")
			return
		}
		s.i++
		s.ws()
		if s.i < len(s.b) && s.b[s.i] == '}' {
			s.i++
			return
		}
		mark := s.kn
		s.object(depth, mark)
		s.kn = mark
	case c == '[':
		if depth >= MaxDepth {
			s.fail("exceeded max depth")
			return
		}
		s.i++
		s.ws()
		if s.i < len(s.b) && s.b[s.i] == ']' {
			s.i++
			return
		}
		for n := 0; ; n++ {
			s.skip(depth + 1)
			if s.err != nil {
				s.at(strconv.Itoa(n))
				return
			}
			s.breath()
			if !s.sep(']', "array element") {
				return
			}
		}
	case c == '"':
		s.skipString()
	case c == 't':
		s.literal("true")
	case c == 'f':
		s.literal("false")
	case c == 'n':
		s.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		s.skipNumber()
	default:
		s.fail("invalid character " + strconv.QuoteRune(rune(c)) + " looking for beginning of value")
	}
}

// object scans the members of the object at s.i (past '{' and an empty check), with the
// duplicate-key stack from mark.
func (s *scanner) object(depth, mark int) {
	var seen map[string]struct{}
	for s.err == nil {
		s.ws()
		if s.i >= len(s.b) || s.b[s.i] != '"' {
			s.fail("invalid character looking for beginning of object key string")
			return
		}
		ks := s.i
		s.skipString()
		if s.err != nil {
			return
		}
		key := s.b[ks:s.i]
		if s.dupKey(key, mark, &seen) {
			k := unquote(key)
			s.i = ks
			s.fail("duplicate object key " + strconv.Quote(k))
			s.at(k)
			return
		}
		s.ws()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			s.fail("invalid character after object key")
			return
		}
		s.i++
		s.skip(depth + 1)
		if s.err != nil {
			s.at(unquote(key))
			return
		}
		s.breath()
		if !s.sep('}', "object key:value pair") {
			return
		}
	}
}

// sep consumes what follows an array element or object member: true after ',' (another
// follows), false after close (the container ended) or on an error.
func (s *scanner) sep(close byte, what string) bool {
	s.ws()
	switch {
	case s.i >= len(s.b):
		s.fail("unexpected end of JSON input")
	case s.b[s.i] == ',':
		s.i++
		return true
	case s.b[s.i] == close:
		s.i++
	default:
		s.fail("invalid character after " + what)
	}
	return false
}

func (s *scanner) literal(word string) {
	for k := 0; k < len(word); k++ {
		if s.i >= len(s.b) {
			s.fail("unexpected end of JSON input")
			return
		}
		if c := s.b[s.i]; c != word[k] {
			s.i++ // like encoding/json, the offset counts the offending byte
			s.fail("invalid character " + strconv.QuoteRune(rune(c)) + " in literal " + word +
				" (expecting " + strconv.QuoteRune(rune(word[k])) + ")")
			return
		}
		s.i++
	}
}

// plainByte marks the bytes a string literal holds as they are: printable ASCII except
// '"' and '\\' (a table: this loop is the hottest of the reader).
var plainByte = [256]bool{
	0x20: true, 0x21: true, 0x23: true, 0x24: true, 0x25: true, 0x26: true, 0x27: true,
	0x28: true, 0x29: true, 0x2a: true, 0x2b: true, 0x2c: true, 0x2d: true, 0x2e: true,
	0x2f: true, 0x30: true, 0x31: true, 0x32: true, 0x33: true, 0x34: true, 0x35: true,
	0x36: true, 0x37: true, 0x38: true, 0x39: true, 0x3a: true, 0x3b: true, 0x3c: true,
	0x3d: true, 0x3e: true, 0x3f: true, 0x40: true, 0x41: true, 0x42: true, 0x43: true,
	0x44: true, 0x45: true, 0x46: true, 0x47: true, 0x48: true, 0x49: true, 0x4a: true,
	0x4b: true, 0x4c: true, 0x4d: true, 0x4e: true, 0x4f: true, 0x50: true, 0x51: true,
	0x52: true, 0x53: true, 0x54: true, 0x55: true, 0x56: true, 0x57: true, 0x58: true,
	0x59: true, 0x5a: true, 0x5b: true, 0x5d: true, 0x5e: true, 0x5f: true, 0x60: true,
	0x61: true, 0x62: true, 0x63: true, 0x64: true, 0x65: true, 0x66: true, 0x67: true,
	0x68: true, 0x69: true, 0x6a: true, 0x6b: true, 0x6c: true, 0x6d: true, 0x6e: true,
	0x6f: true, 0x70: true, 0x71: true, 0x72: true, 0x73: true, 0x74: true, 0x75: true,
	0x76: true, 0x77: true, 0x78: true, 0x79: true, 0x7a: true, 0x7b: true, 0x7c: true,
	0x7d: true, 0x7e: true, 0x7f: true,
}

// PlainByte reports whether c stands for itself inside a JSON string literal (printable
// ASCII other than '"' and '\\'), for writers that escape the rest.
func PlainByte(c byte) bool { return plainByte[c] }

// skipString moves past a string starting at s.i ('"'), validating escapes.
func (s *scanner) skipString() {
	s.i++
	s.esc = false
	for s.i < len(s.b) {
		c := s.b[s.i]
		if plainByte[c] {
			s.i++
			continue
		}
		switch {
		case c == '"':
			s.i++
			return
		case c == '\\':
			s.esc = true
			if s.i+1 >= len(s.b) {
				s.fail("unexpected end of JSON input")
				return
			}
			switch s.b[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if s.i+6 > len(s.b) {
					s.fail("unexpected end of JSON input")
					return
				}
				for _, h := range s.b[s.i+2 : s.i+6] {
					if !isHex(h) {
						s.fail("invalid character in \\u hexadecimal character escape")
						return
					}
				}
				if r := hex4(s.b[s.i+2 : s.i+6]); utf16.IsSurrogate(r) {
					// A high surrogate must be followed by an escaped low one; a low one
					// never stands alone.
					j := s.i + 6
					if r >= 0xDC00 || j+6 > len(s.b) || s.b[j] != '\\' || s.b[j+1] != 'u' ||
						!isHex(s.b[j+2]) || !isHex(s.b[j+3]) || !isHex(s.b[j+4]) || !isHex(s.b[j+5]) {
						s.fail("lone UTF-16 surrogate in string escape")
						return
					}
					if r2 := hex4(s.b[j+2 : j+6]); r2 < 0xDC00 || r2 > 0xDFFF {
						s.fail("lone UTF-16 surrogate in string escape")
						return
					}
					s.i += 6
				}
				s.i += 6
			default:
				s.fail("invalid character in string escape code")
				return
			}
		case c < 0x20:
			s.fail("invalid character in string literal")
			return
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(s.b[s.i:])
			if r == utf8.RuneError && size == 1 {
				s.fail("invalid UTF-8 in string")
				return
			}
			s.i += size
		default:
			s.i++
		}
	}
	s.fail("unexpected end of JSON input")
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func (s *scanner) skipNumber() {
	start := s.i
	if s.b[s.i] == '-' {
		s.i++
	}
	digits := func() int {
		n := 0
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	if s.i < len(s.b) && s.b[s.i] == '0' {
		s.i++
	} else if digits() == 0 {
		s.i = start
		s.fail("invalid number")
		return
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if digits() == 0 {
			s.fail("invalid number")
			return
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if digits() == 0 {
			s.fail("invalid number")
		}
	}
}

// Next returns the first JSON value of b (validated, without surrounding whitespace) and
// what follows it. It returns ErrEmpty when b holds only whitespace.
func Next(b []byte) (value, rest []byte, err error) {
	return NextPaused(b, nil)
}

// NextPaused is Next that calls pause (when not nil) between values about every
// PauseEvery bytes of a long value: a host hands the main thread back to the page there.
func NextPaused(b []byte, pause func()) (value, rest []byte, err error) {
	s := scanner{b: b, pause: pause, pauseAt: PauseEvery}
	s.ws()
	if s.i >= len(b) {
		return nil, nil, ErrEmpty
	}
	start := s.i
	s.skip(0)
	if s.err != nil {
		return nil, nil, s.err.finish()
	}
	return b[start:s.i], b[s.i:], nil
}

// Valid reports whether b is exactly one JSON value (surrounding whitespace allowed).
func Valid(b []byte) bool {
	v, rest, err := Next(b)
	if err != nil || v == nil {
		return false
	}
	s := scanner{b: rest}
	s.ws()
	return s.i == len(rest)
}

// one validates that b holds exactly one value and returns it trimmed.
func one(b []byte) ([]byte, error) { return onePaused(b, nil) }

// onePaused is one, pausing like NextPaused.
func onePaused(b []byte, pause func()) ([]byte, error) {
	v, rest, err := NextPaused(b, pause)
	if err != nil {
		if err == ErrEmpty {
			return nil, &Error{Offset: len(b), Msg: "unexpected end of JSON input"}
		}
		return nil, err
	}
	s := scanner{b: rest}
	s.ws()
	if s.i != len(rest) {
		return nil, &Error{Offset: len(b) - len(rest) + s.i, Msg: "invalid character after top-level value"}
	}
	return v, nil
}

// Member is one object member with its value kept raw.
type Member struct {
	Key   string
	Value []byte
}

// Object splits a JSON object into its members in document order (values are raw
// sub-slices of b, validated). b must be exactly one object.
func Object(b []byte) ([]Member, error) {
	v, err := one(b)
	if err != nil {
		return nil, err
	}
	if v[0] != '{' {
		return nil, &Error{Msg: "not an object"}
	}
	var out []Member
	s := scanner{b: v}
	s.members(func(key string) {
		vs := s.i
		s.skip(1)
		out = append(out, Member{Key: key, Value: v[vs:s.i]})
	})
	return out, nil
}

// ObjectMap is Object as a map (keys are unique: a duplicate is an error).
func ObjectMap(b []byte) (map[string][]byte, error) {
	ms, err := Object(b)
	if err != nil {
		return nil, err
	}
	m := make(map[string][]byte, len(ms))
	for _, kv := range ms {
		m[kv.Key] = kv.Value
	}
	return m, nil
}

// Array splits a JSON array into its raw elements. b must be exactly one array.
func Array(b []byte) ([][]byte, error) {
	v, err := one(b)
	if err != nil {
		return nil, err
	}
	if v[0] != '[' {
		return nil, &Error{Msg: "not an array"}
	}
	var out [][]byte
	s := scanner{b: v}
	s.elements(func() {
		es := s.i
		s.skip(1)
		out = append(out, v[es:s.i])
	})
	return out, nil
}

// String decodes b as exactly one JSON string.
func String(b []byte) (string, error) {
	v, err := one(b)
	if err != nil {
		return "", err
	}
	if v[0] != '"' {
		return "", &Error{Msg: "not a string"}
	}
	return unquote(v), nil
}

// unquote decodes a validated string literal (with its quotes).
func unquote(q []byte) string {
	body := q[1 : len(q)-1]
	plain := true
	for _, c := range body {
		if c == '\\' || c >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain {
		return string(body)
	}
	out := make([]byte, 0, len(body))
	for i := 0; i < len(body); {
		c := body[i]
		if c == '\\' {
			switch body[i+1] {
			case '"', '\\', '/':
				out = append(out, body[i+1])
				i += 2
			case 'b':
				out = append(out, '\b')
				i += 2
			case 'f':
				out = append(out, '\f')
				i += 2
			case 'n':
				out = append(out, '\n')
				i += 2
			case 'r':
				out = append(out, '\r')
				i += 2
			case 't':
				out = append(out, '\t')
				i += 2
			case 'u':
				r := hex4(body[i+2 : i+6])
				i += 6
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if i+6 <= len(body) && body[i] == '\\' && body[i+1] == 'u' {
						r2 = hex4(body[i+2 : i+6])
					}
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						i += 6
						r = d
					} else {
						r = utf8.RuneError
					}
				}
				out = utf8.AppendRune(out, r)
			default: // not after validation; TrustedString may pass it: keep the byte
				out = append(out, c)
				i++
			}
			continue
		}
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(body[i:])
		if r == utf8.RuneError && size == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, body[i:i+size]...)
		}
		i += size
	}
	return string(out)
}

func hex4(h []byte) rune {
	var r rune
	for _, c := range h {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		default:
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}

// members walks the validated object at s.i: for each member it decodes the key, leaves
// s.i at the value and calls each, which must consume the value. It stops early if s.err
// is set.
func (s *scanner) members(each func(key string)) {
	s.i++ // '{'
	s.ws()
	if s.b[s.i] == '}' {
		s.i++
		return
	}
	for s.err == nil {
		s.ws()
		ks := s.i
		s.skipString()
		key := unquote(s.b[ks:s.i])
		s.ws()
		s.i++ // ':'
		s.ws()
		each(key)
		if s.err != nil {
			return
		}
		s.breath()
		s.ws()
		if s.b[s.i] == '}' {
			s.i++
			return
		}
		s.i++ // ','
	}
}

// elements walks the validated array at s.i, leaving s.i at each element and calling
// each, which must consume it.
func (s *scanner) elements(each func()) {
	s.i++ // '['
	s.ws()
	if s.b[s.i] == ']' {
		s.i++
		return
	}
	for s.err == nil {
		s.ws()
		each()
		if s.err != nil {
			return
		}
		s.breath()
		s.ws()
		if s.b[s.i] == ']' {
			s.i++
			return
		}
		s.i++ // ','
	}
}

// Parse decodes exactly one JSON value into the generic tree: map[string]any, []any,
// string, float64, bool or nil.
func Parse(b []byte) (any, error) {
	v, err := one(b)
	if err != nil {
		return nil, err
	}
	s := scanner{b: v}
	x := s.value()
	if s.err != nil {
		return nil, s.err
	}
	return x, nil
}

// ParseOrdered is Parse that also reports every object it creates with its keys in
// document order: each(m, keys) runs once per object, inner objects first. keys is only
// valid during the call (copy it to keep it).
func ParseOrdered(b []byte, each func(m map[string]any, keys []string)) (any, error) {
	return ParseOrderedPaused(b, each, nil)
}

// ParseOrderedPaused is ParseOrdered that calls pause (when not nil) between values
// about every PauseEvery bytes, while it validates and while it decodes.
func ParseOrderedPaused(b []byte, each func(m map[string]any, keys []string), pause func()) (any, error) {
	v, err := onePaused(b, pause)
	if err != nil {
		return nil, err
	}
	s := scanner{b: v, order: each, pause: pause, pauseAt: PauseEvery}
	x := s.value()
	if s.err != nil {
		return nil, s.err
	}
	return x, nil
}

// value decodes the validated value at s.i in one pass.
func (s *scanner) value() any {
	s.ws()
	switch c := s.b[s.i]; {
	case c == '{':
		m := map[string]any{}
		if s.order != nil {
			return s.orderedObject(m)
		}
		s.members(func(key string) { m[key] = s.value() })
		if s.err != nil {
			return nil
		}
		return m
	case c == '[':
		out := []any{}
		s.elements(func() { out = append(out, s.value()) })
		if s.err != nil {
			return nil
		}
		return out
	case c == '"':
		ks := s.i
		s.skipString()
		str := unquote(s.b[ks:s.i])
		return str
	case c == 't':
		s.i += 4
		return true
	case c == 'f':
		s.i += 5
		return false
	case c == 'n':
		s.i += 4
		return nil
	default:
		ns := s.i
		s.skipNumber()
		f, err := strconv.ParseFloat(string(s.b[ns:s.i]), 64)
		if err != nil {
			s.err = &Error{Offset: ns, Msg: "number " + string(s.b[ns:s.i]) + " out of range"}
			return nil
		}
		return f
	}
}

// orderedObject decodes the object at s.i into m for ParseOrdered. The keys of the
// objects being decoded wait on s.stack (an inner object pops its own before its parent
// pushes the next key).
func (s *scanner) orderedObject(m map[string]any) any {
	mark := len(s.stack)
	s.members(func(key string) {
		m[key] = s.value()
		s.stack = append(s.stack, key)
	})
	if s.err != nil {
		return nil
	}
	s.order(m, s.stack[mark:len(s.stack):len(s.stack)])
	s.stack = s.stack[:mark]
	return m
}
