package jsonscan

import "bytes"

// The Trusted functions split a value that was validated already: one that Next, Object or
// Array returned, or a member or element of one. They find a value's end by its quotes and
// brackets only, so a decoder that validated a whole line once (Next) reads the members
// of its nested objects in one pass each instead of validating every level again. Given
// anything else they never panic and always end, but what they return is unspecified.

// TrustedObject splits the validated object v into its members in document order; ok is
// false when v is not an object.
func TrustedObject(v []byte) (out []Member, ok bool) { return TrustedObjectPaused(v, nil) }

// TrustedObjectPaused is TrustedObject calling pause (when not nil) about every
// PauseEvery bytes it scans, like NextPaused.
func TrustedObjectPaused(v []byte, pause func()) (out []Member, ok bool) {
	defer func() {
		if recover() != nil {
			out, ok = nil, false
		}
	}()
	s := scanner{b: v, pause: pause, pauseAt: PauseEvery}
	s.ws()
	if s.i >= len(v) || v[s.i] != '{' {
		return nil, false
	}
	s.i++
	for {
		s.ws()
		if s.i >= len(v) || v[s.i] == '}' {
			return out, true
		}
		if v[s.i] == ',' {
			s.i++
			s.ws()
		}
		if s.i >= len(v) || v[s.i] != '"' {
			return out, s.i < len(v) && v[s.i] == '}'
		}
		ks := s.i
		s.skipValidString()
		key := unquote(v[ks:s.i])
		s.ws()
		if s.i < len(v) && v[s.i] == ':' {
			s.i++
		}
		s.ws()
		vs := s.i
		s.skipValid()
		out = append(out, Member{Key: key, Value: v[vs:s.i]})
		s.breath()
	}
}

// TrustedArray splits the validated array v into its raw elements; ok is false when v is
// not an array.
func TrustedArray(v []byte) (out [][]byte, ok bool) { return TrustedArrayPaused(v, nil) }

// TrustedArrayPaused is TrustedArray calling pause like TrustedObjectPaused.
func TrustedArrayPaused(v []byte, pause func()) (out [][]byte, ok bool) {
	s := scanner{b: v, pause: pause, pauseAt: PauseEvery}
	s.ws()
	if s.i >= len(v) || v[s.i] != '[' {
		return nil, false
	}
	s.i++
	for {
		s.ws()
		if s.i >= len(v) || v[s.i] == ']' {
			return out, true
		}
		if v[s.i] == ',' {
			s.i++
			s.ws()
		}
		es := s.i
		s.skipValid()
		if s.i == es { // not a value: stop rather than loop
			return out, false
		}
		out = append(out, v[es:s.i])
		s.breath()
	}
}

// TrustedString decodes the validated string literal v; ok is false when v is not a string.
func TrustedString(v []byte) (str string, ok bool) {
	defer func() {
		if recover() != nil {
			str, ok = "", false
		}
	}()
	v = bytes.TrimLeft(v, " \t\r\n")
	if len(v) < 2 || v[0] != '"' {
		return "", false
	}
	s := scanner{b: v}
	s.skipValidString()
	return unquote(v[:s.i]), true
}

// skipValid moves past the validated value at s.i.
func (s *scanner) skipValid() {
	if s.i >= len(s.b) {
		return
	}
	switch s.b[s.i] {
	case '"':
		s.skipValidString()
	case '{', '[':
		depth := 0
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case '"':
				s.skipValidString()
				s.breath()
				continue
			case ',':
				s.breath()
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					s.i++
					return
				}
			}
			s.i++
		}
	default: // a number or a literal: up to the next delimiter
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			s.i++
		}
	}
}

// skipValidString moves past the validated string literal at s.i: to the first quote not
// escaped by an odd run of backslashes.
func (s *scanner) skipValidString() {
	j := s.i + 1
	for {
		k := bytes.IndexByte(s.b[j:], '"')
		if k < 0 {
			s.i = len(s.b)
			return
		}
		j += k
		n := 0
		for p := j - 1; p > s.i && s.b[p] == '\\'; p-- {
			n++
		}
		j++
		if n%2 == 0 {
			s.i = j
			return
		}
	}
}

// TrustedCompact returns the validated value v without whitespace between tokens: v
// itself (capacity clipped) when it has none, else a compacted copy.
func TrustedCompact(v []byte) []byte {
	v = bytes.Trim(v, " \t\r\n")
	var out []byte
	s := scanner{b: v}
	last := 0 // v[last:s.i] is still to be copied to out
	for s.i < len(v) {
		switch v[s.i] {
		case '"':
			s.skipValidString()
		case ' ', '\t', '\r', '\n':
			if out == nil {
				out = make([]byte, 0, len(v))
			}
			out = append(out, v[last:s.i]...)
			s.ws()
			last = s.i
		default:
			s.i++
		}
	}
	if out == nil {
		return v[:len(v):len(v)]
	}
	return append(out, v[last:]...)
}

// TrustedNext returns the first value of b and what follows it, found by quotes and
// brackets only (no validation). On invalid input it still ends, so a caller may use it
// to guess where a value ends before validating it.
func TrustedNext(b []byte) (value, rest []byte) {
	s := scanner{b: b}
	s.ws()
	start := s.i
	s.skipValid()
	return b[start:s.i], b[s.i:]
}
