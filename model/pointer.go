package model

import (
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/protocol"
)

// Pointer is a parsed JSON Pointer (RFC 6901): the sequence of unescaped reference tokens.
// The empty (nil or zero-length) Pointer addresses the root of the data model.
// Pointers are values: methods never modify the receiver's backing array.
type Pointer []string

// PointerError reports a syntactically invalid JSON Pointer.
type PointerError struct {
	// Path is the pointer text as received.
	Path string
	// Offset is the byte offset of the offending character in Path.
	Offset int
	// Reason is a short human description.
	Reason string
}

func (e *PointerError) Error() string {
	return "invalid JSON pointer " + strconv.Quote(e.Path) + " at byte " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

// ParsePointer parses s as an RFC 6901 JSON Pointer and decodes the "~1" ("/") and "~0"
// ("~") escapes. A "~" not followed by "0" or "1" is an error.
//
// Leniencies (all versions): "" and "/" are the root; one trailing "/" is ignored ("/a/"
// is "/a", as web_core normalises it); a path without a leading "/" ("a/b", the v0.8
// dataModelUpdate form) is read as if it had one. Empty tokens in the middle ("/a//b")
// are kept: "" is a valid object key.
func ParsePointer(s string) (Pointer, error) {
	if s == "" || s == "/" {
		return Pointer{}, nil
	}
	body := s
	if body[0] == '/' {
		body = body[1:]
	}
	base := len(s) - len(body)
	if len(body) > 0 && body[len(body)-1] == '/' {
		body = body[:len(body)-1]
	}
	n := strings.Count(body, "/") + 1
	p := make(Pointer, 0, n)
	start := 0
	for i := 0; i <= len(body); i++ {
		if i < len(body) && body[i] != '/' {
			continue
		}
		tok, err := unescapeToken(s, base+start, body[start:i])
		if err != nil {
			return nil, err
		}
		p = append(p, tok)
		start = i + 1
	}
	return p, nil
}

// unescapeToken decodes one reference token; off is its offset inside full (for errors).
func unescapeToken(full string, off int, tok string) (string, error) {
	i := strings.IndexByte(tok, '~')
	if i < 0 {
		return tok, nil
	}
	var b strings.Builder
	b.Grow(len(tok))
	b.WriteString(tok[:i])
	for ; i < len(tok); i++ {
		c := tok[i]
		if c != '~' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(tok) {
			return "", &PointerError{Path: full, Offset: off + i, Reason: `"~" at end of token (want "~0" or "~1")`}
		}
		switch tok[i+1] {
		case '0':
			b.WriteByte('~')
		case '1':
			b.WriteByte('/')
		default:
			return "", &PointerError{Path: full, Offset: off + i, Reason: `"~" must be followed by "0" or "1"`}
		}
		i++
	}
	return b.String(), nil
}

// MustPointer is ParsePointer for constant pointers in code and tests; it panics on a
// syntax error and must never be called with input from the wire.
func MustPointer(s string) Pointer {
	p, err := ParsePointer(s)
	if err != nil {
		panic(err)
	}
	return p
}

// String returns the escaped RFC 6901 form: "" for the root, otherwise "/tok/tok" with
// "~" written as "~0" and "/" as "~1". Because ParsePointer reads "/" as the root and
// ignores one trailing "/", a Pointer whose last token is "" gets one extra "/" ({""} is
// "//", {"a", ""} is "/a//") so that ParsePointer(p.String()) always equals p.
func (p Pointer) String() string {
	if len(p) == 0 {
		return ""
	}
	var b strings.Builder
	for _, t := range p {
		b.WriteByte('/')
		b.WriteString(protocol.EscapeToken(t))
	}
	if p[len(p)-1] == "" {
		b.WriteByte('/')
	}
	return b.String()
}

// Append returns a new Pointer made of p followed by tok; p is not modified and the
// result never shares p's backing array.
func (p Pointer) Append(tok ...string) Pointer {
	q := make(Pointer, len(p), len(p)+len(tok))
	copy(q, p)
	return append(q, tok...)
}

// AppendIndex returns p followed by the decimal token of i (a template item scope).
func (p Pointer) AppendIndex(i int) Pointer { return p.Append(strconv.Itoa(i)) }

// IsRoot reports whether p addresses the whole model.
func (p Pointer) IsRoot() bool { return len(p) == 0 }

// Equal reports whether p and q have the same tokens.
func (p Pointer) Equal(q Pointer) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// HasPrefix reports whether q is p itself or one of p's ancestors.
func (p Pointer) HasPrefix(q Pointer) bool {
	return len(q) <= len(p) && p[:len(q)].Equal(q)
}

// Related reports whether p and q are the same, or one is an ancestor of the other: the
// notification rule of Subscribe.
func (p Pointer) Related(q Pointer) bool {
	n := min(len(p), len(q))
	for i := range n {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// Parent returns p without its last token (the root's parent is the root).
func (p Pointer) Parent() Pointer {
	if len(p) == 0 {
		return Pointer{}
	}
	return p[: len(p)-1 : len(p)-1]
}

// Index parses tok as an RFC 6901 array index: "0" or a decimal without leading zeros.
// ok is false for anything else (including "-", signs and overflow).
func Index(tok string) (i int, ok bool) {
	if tok == "" || len(tok) > 9 {
		return 0, false
	}
	if tok[0] == '0' && len(tok) > 1 {
		return 0, false
	}
	for j := 0; j < len(tok); j++ {
		c := tok[j]
		if c < '0' || c > '9' {
			return 0, false
		}
		i = i*10 + int(c-'0')
	}
	return i, true
}

// Resolve turns a path written in a component into an absolute Pointer, given the data
// scope the component instance lives in (root outside templates, "<list>/<i>" or
// "<map>/<key>" inside one).
//
// v0.9 and later (v.AtLeast09()):
//   - "/a/b" is absolute, from the root, even inside a template;
//   - "a/b" is relative to scope; "." and "" are scope itself; a leading "./" is accepted
//     as relative too (web_core would look up a "." key, which no agent means).
//
// v0.8 (and VersionUnknown):
//   - outside a template, "/a" is absolute and "a" is relative to scope (which is the root
//     there, so "a" in a dataModelUpdate is root-relative);
//   - inside a template (inTemplate), every path is item-relative: a leading "/" or "./" is
//     stripped before resolving against scope, as the reference web_core v0.8 renderer
//     does and the official v0.8 samples rely on ({"path":"/name"} inside an item
//     template reads the item's name). Root data is unreachable from a v0.8 template.
//   - The "/item" prefix: web_core also strips a leading "/item" or "./item" textually,
//     which turns "/itemName" into "Name". Decision: we strip "item" only as a WHOLE
//     first token, so "/item/name" and "./item/name" → "<scope>/name", "/item" → scope,
//     while "/itemName" → "<scope>/itemName" and "/item1/x" → "<scope>/item1/x". The
//     web_core "/text" and "/label" strips are not reproduced (they make "/text" address the
//     item itself, which breaks items that have a "text" field).
//
// Errors are *PointerError for malformed escapes.
func Resolve(scope Pointer, path string, v protocol.Version, inTemplate bool) (Pointer, error) {
	if !v.AtLeast09() && inTemplate {
		switch {
		case strings.HasPrefix(path, "./"):
			path = path[2:]
		case strings.HasPrefix(path, "/"):
			path = path[1:]
		}
		if path == "item" || path == "item/" {
			return scope.Append(), nil
		}
		if strings.HasPrefix(path, "item/") {
			path = path[5:]
		}
		if path == "." {
			return scope.Append(), nil
		}
		// Whatever remains is item-relative, even if it starts with "/" again.
		rel, err := ParsePointer(path)
		if err != nil {
			return nil, err
		}
		return scope.Append(rel...), nil
	}
	if path == "" || path == "." || path == "./" {
		return scope.Append(), nil
	}
	if path[0] == '/' {
		return ParsePointer(path)
	}
	if strings.HasPrefix(path, "./") {
		path = path[2:]
	}
	rel, err := ParsePointer(path)
	if err != nil {
		return nil, err
	}
	return scope.Append(rel...), nil
}
