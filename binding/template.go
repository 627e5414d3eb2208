package binding

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/protocol"
)

// The formatString grammar (v0.9 a2ui_protocol.md §"The formatString function", protocol.md
// §8.1), following web_core's expression_parser:
//
//	template   = { text | "\${" | "${" expression "}" }      "\${" is a literal "${"
//	expression = "${" expression "}"                          nested block
//	           | "'" chars "'" | '"' chars '"'                 \n \t \r, \c → c
//	           | digits [ "." digits ]                         no sign, no exponent
//	           | "true" | "false" | "null"                     null → ""
//	           | name "(" [ arg { "," arg } ] ")"              named arguments only
//	           | path                                          [A-Za-z0-9/._-]+
//	arg        = identifier ":" expression
//
// Braces inside ${...} are balanced, skipping quoted strings; an unclosed "${" is an error.
// Nesting (blocks and call arguments) deeper than MaxTemplateDepth is an error. An empty
// block "${}" yields "". Only formatString interpolates: other string props are literal.

// MaxTemplateDepth caps the nesting of ${...} blocks and function-call arguments.
const MaxTemplateDepth = 10

type exprKind uint8

const (
	exprText  exprKind = iota // literal template text
	exprValue                 // literal inside ${}: string, float64 or bool
	exprPath                  // data path
	exprCall                  // function call
)

type expr struct {
	kind exprKind
	text string // text, path or function name
	val  any
	args []namedArg
}

type namedArg struct {
	name string
	e    *expr
}

type templateEntry struct {
	parts []*expr
	err   string // parse error message ("" = ok)
}

// templateError is a formatString syntax error; converted to FUNCTION_FAILED by callers.
type templateError struct{ msg string }

func (e *templateError) Error() string { return e.msg }

func terr(msg string) error { return &templateError{msg} }

// parseTemplate splits input into text and expression parts.
func parseTemplate(input string, depth int) ([]*expr, error) {
	if depth > MaxTemplateDepth {
		return nil, terr("max nesting depth reached")
	}
	if !strings.Contains(input, "${") {
		if input == "" {
			return nil, nil
		}
		return []*expr{{kind: exprText, text: input}}, nil
	}
	var parts []*expr
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			parts = append(parts, &expr{kind: exprText, text: text.String()})
			text.Reset()
		}
	}
	sc := &scanner{in: input}
	for !sc.atEnd() {
		switch {
		case sc.hasPrefix("${"):
			sc.pos += 2
			content, err := sc.interpolationContent()
			if err != nil {
				return nil, err
			}
			e, err := parseExpression(content, depth+1)
			if err != nil {
				return nil, err
			}
			if e.kind == exprValue {
				if s, ok := e.val.(string); ok {
					text.WriteString(s)
					continue
				}
			}
			flush()
			parts = append(parts, e)
		case sc.hasPrefix(`\${`):
			text.WriteString("${")
			sc.pos += 3
		default:
			start := sc.pos
			for !sc.atEnd() && !sc.hasPrefix("${") && !sc.hasPrefix(`\${`) {
				sc.pos++
			}
			text.WriteString(sc.in[start:sc.pos])
		}
	}
	flush()
	return parts, nil
}

// parseExpression parses the whole of expr as one expression.
func parseExpression(src string, depth int) (*expr, error) {
	src = strings.TrimFunc(src, unicode.IsSpace)
	if src == "" {
		return &expr{kind: exprValue, val: ""}, nil
	}
	sc := &scanner{in: src}
	e, err := sc.expression(depth)
	if err != nil {
		return nil, err
	}
	if !sc.atEnd() {
		return nil, terr("unexpected characters at end of expression: " + strconv.Quote(sc.in[sc.pos:]))
	}
	return e, nil
}

type scanner struct {
	in  string
	pos int
}

func (s *scanner) atEnd() bool { return s.pos >= len(s.in) }

func (s *scanner) peek() byte {
	if s.pos >= len(s.in) {
		return 0
	}
	return s.in[s.pos]
}

func (s *scanner) hasPrefix(p string) bool { return strings.HasPrefix(s.in[s.pos:], p) }

func (s *scanner) skipSpace() {
	for s.pos < len(s.in) {
		r, n := utf8.DecodeRuneInString(s.in[s.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		s.pos += n
	}
}

// interpolationContent returns the text up to the "}" balancing an already consumed "${",
// and moves past that "}".
func (s *scanner) interpolationContent() (string, error) {
	start := s.pos
	balance := 1
	for !s.atEnd() && balance > 0 {
		c := s.in[s.pos]
		s.pos++
		switch c {
		case '{':
			balance++
		case '}':
			balance--
		case '\'', '"':
			for !s.atEnd() {
				d := s.in[s.pos]
				s.pos++
				if d == '\\' {
					if !s.atEnd() {
						s.pos++
					}
				} else if d == c {
					break
				}
			}
		}
	}
	if balance > 0 {
		return "", terr("unclosed interpolation: missing '}'")
	}
	return s.in[start : s.pos-1], nil
}

func (s *scanner) expression(depth int) (*expr, error) {
	if depth > MaxTemplateDepth {
		return nil, terr("max nesting depth reached")
	}
	s.skipSpace()
	if s.atEnd() {
		return &expr{kind: exprValue, val: ""}, nil
	}
	c := s.peek()
	switch {
	case s.hasPrefix("${"):
		s.pos += 2
		content, err := s.interpolationContent()
		if err != nil {
			return nil, err
		}
		return parseExpression(content, depth+1)
	case c == '\'' || c == '"':
		return &expr{kind: exprValue, val: s.stringLiteral()}, nil
	case c >= '0' && c <= '9':
		return s.numberLiteral()
	case s.keyword("true"):
		return &expr{kind: exprValue, val: true}, nil
	case s.keyword("false"):
		return &expr{kind: exprValue, val: false}, nil
	case s.keyword("null"):
		return &expr{kind: exprValue, val: ""}, nil
	}
	start := s.pos
	for !s.atEnd() && isPathByte(s.peek()) {
		s.pos++
	}
	tok := s.in[start:s.pos]
	s.skipSpace()
	if s.peek() == '(' {
		return s.call(tok, depth)
	}
	if tok == "" {
		return &expr{kind: exprValue, val: ""}, nil
	}
	return &expr{kind: exprPath, text: tok}, nil
}

func (s *scanner) call(name string, depth int) (*expr, error) {
	s.pos++ // '('
	s.skipSpace()
	e := &expr{kind: exprCall, text: name}
	for !s.atEnd() && s.peek() != ')' {
		start := s.pos
		for !s.atEnd() && isIdentByte(s.peek()) {
			s.pos++
		}
		argName := s.in[start:s.pos]
		s.skipSpace()
		if s.peek() != ':' {
			return nil, terr("expected ':' after argument name " + strconv.Quote(argName) + " in function " + strconv.Quote(name))
		}
		s.pos++
		s.skipSpace()
		v, err := s.expression(depth + 1)
		if err != nil {
			return nil, err
		}
		e.args = append(e.args, namedArg{name: argName, e: v})
		s.skipSpace()
		if s.peek() == ',' {
			s.pos++
			s.skipSpace()
		}
	}
	if s.peek() != ')' {
		return nil, terr("expected ')' after function arguments for " + strconv.Quote(name))
	}
	s.pos++
	return e, nil
}

func (s *scanner) stringLiteral() string {
	q := s.in[s.pos]
	s.pos++
	var b strings.Builder
	for !s.atEnd() {
		c := s.in[s.pos]
		s.pos++
		if c == '\\' {
			if s.atEnd() {
				break
			}
			n := s.in[s.pos]
			s.pos++
			switch n {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			default:
				b.WriteByte(n)
			}
			continue
		}
		if c == q {
			break
		}
		b.WriteByte(c)
	}
	return b.String()
}

func (s *scanner) numberLiteral() (*expr, error) {
	start := s.pos
	for !s.atEnd() && (s.peek() >= '0' && s.peek() <= '9' || s.peek() == '.') {
		s.pos++
	}
	text := s.in[start:s.pos]
	if strings.Count(text, ".") > 1 {
		return nil, terr("invalid number literal: " + strconv.Quote(text))
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(text, "."), 64)
	if err != nil {
		return nil, terr("invalid number literal: " + strconv.Quote(text))
	}
	return &expr{kind: exprValue, val: f}, nil
}

// keyword consumes kw when it is not followed by an identifier character.
func (s *scanner) keyword(kw string) bool {
	if !s.hasPrefix(kw) {
		return false
	}
	if n := s.pos + len(kw); n < len(s.in) && isIdentByte(s.in[n]) {
		return false
	}
	s.pos += len(kw)
	return true
}

func isIdentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func isPathByte(c byte) bool {
	return isIdentByte(c) || c == '/' || c == '.' || c == '-'
}

// Interpolate evaluates a formatString template in the context's scope: every ${...}
// part is evaluated (paths read and recorded in Scope.Reads, functions called through
// Funcs) and converted with ToString (objects with their keys in the data model's
// order), then concatenated with the literal text. Parsed
// templates are cached in the registry. Errors are FUNCTION_FAILED *protocol.Error.
func (c *Context) Interpolate(template string) (string, error) {
	parts, err := c.parsed(template)
	if err != nil {
		return "", err
	}
	if len(parts) == 1 && parts[0].kind == exprText {
		return parts[0].text, nil
	}
	max := c.Funcs.maxOutput()
	var b strings.Builder
	for _, p := range parts {
		s := p.text
		if p.kind != exprText {
			v, err := c.evalExpr(p, c.depth+1)
			if err != nil {
				return "", err
			}
			s = c.stringify(v)
		}
		if b.Len()+len(s) > max {
			return "", &protocol.Error{Code: protocol.CodeLimit, SurfaceID: c.Scope.surfaceID(),
				Message: c.nameOr("formatString") + ": output longer than " + strconv.Itoa(max) + " bytes"}
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

func (c *Context) parsed(template string) ([]*expr, error) {
	var cache *lru[templateEntry]
	if c.Funcs != nil {
		cache = c.Funcs.tmpl
	}
	if cache != nil {
		if e, ok := cache.get(template); ok {
			if e.err != "" {
				return nil, funcErr(c.Scope, c.nameOr("formatString"), e.err)
			}
			return e.parts, nil
		}
	}
	parts, err := parseTemplate(template, 0)
	ent := templateEntry{parts: parts}
	if err != nil {
		ent.err = err.Error()
	}
	if cache != nil && len(template) <= 4096 {
		cache.put(template, ent)
	}
	if err != nil {
		return nil, funcErr(c.Scope, c.nameOr("formatString"), ent.err)
	}
	return parts, nil
}

func (c *Context) nameOr(n string) string {
	if c.Name != "" {
		return c.Name
	}
	return n
}

func (c *Context) evalExpr(e *expr, depth int) (any, error) {
	switch e.kind {
	case exprText:
		return e.text, nil
	case exprValue:
		return e.val, nil
	case exprPath:
		return c.Scope.Read(e.text)
	}
	args := make(map[string]any, len(e.args))
	for _, a := range e.args {
		v, err := c.evalExpr(a.e, depth+1)
		if err != nil {
			return nil, err
		}
		args[a.name] = v
	}
	return c.invoke(e.text, args, depth+1)
}
