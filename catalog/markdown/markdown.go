package markdown

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/third_party/goldmark/ast"
	gmparser "github.com/a2ui-go/a2ui/internal/third_party/goldmark/parser"
	"github.com/a2ui-go/a2ui/internal/third_party/goldmark/text"
	"github.com/a2ui-go/a2ui/internal/third_party/goldmark/util"
	"github.com/a2ui-go/a2ui/policy"
)

// MaxSource is the largest source (bytes) parsed as Markdown; longer text is shown as is.
const MaxSource = 16 << 10

// MaxDepth bounds the element nesting produced from one source; deeper content is
// flattened into the text of the node at the limit.
const MaxDepth = 16

// MaxNesting bounds the nesting estimate of a source (block containers at a line's
// start: ">", list markers, list indentation; inline: open brackets and emphasis runs).
// A source over it, or whose syntax tree turns out deeper than maxTreeDepth, or whose
// rendering exceeds MaxOutput bytes, is shown as plain text: goldmark and the walker
// recurse per nesting level, and under GOOS=js the stack is the JS engine's (a few
// thousand levels are a RangeError that kills every renderer on the page).
const MaxNesting = 32

// maxBrackets bounds the "[" of one source: goldmark's link parsing is quadratic in them
// ("[](" repeated over 16 KiB takes seconds).
const maxBrackets = 1024

// maxTreeDepth is the deepest syntax tree walked (a check after parsing, iterative).
const maxTreeDepth = 2 * MaxNesting

// MaxOutput bounds the text and attribute bytes one source renders to (a link
// reference definition used many times repeats its URL).
const MaxOutput = 256 << 10

// LinkRel is the rel attribute of every rendered link.
const LinkRel = "noopener noreferrer ugc"

// parser is built once, on first Markdown use, never at package init. Only the CommonMark
// core is enabled: no extensions, no attribute syntax, no auto heading ids.
// Only goldmark's parser is used (not the goldmark package, whose default HTML renderer
// would be linked into the wasm for nothing).
var parser = sync.OnceValue(func() gmparser.Parser {
	return gmparser.NewParser(
		gmparser.WithBlockParsers(gmparser.DefaultBlockParsers()...),
		gmparser.WithInlineParsers(gmparser.DefaultInlineParsers()...),
		gmparser.WithParagraphTransformers(gmparser.DefaultParagraphTransformers()...),
	)
})

// IsPlain reports whether s contains no Markdown syntax at all, so that it renders as a
// single text node without calling goldmark.
func IsPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '!', '&', '#', '~', '|', '\n', '\r', '\t':
			return false
		}
	}
	if s == "" {
		return true
	}
	// Block markers only matter at the start of the (single) line.
	switch c := s[0]; {
	case c == ' ' || c == '-' || c == '+' || c == '=':
		return false
	case c >= '0' && c <= '9':
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i < len(s) && (s[i] == '.' || s[i] == ')') {
			return false
		}
	}
	return !strings.HasSuffix(s, " ")
}

// Options adapt the rendering to the page's policy. The zero value (and nil) renders
// headings at their own level and accepts absolute http/https links (SafeLink).
type Options struct {
	// HeadingBase shifts headings down: with 2, "# x" renders as <h3>. Levels past 6
	// render as <h6> with aria-level set to the real level.
	HeadingBase int
	// Link checks a link destination (relative ones included) and returns the URL to
	// put in href; nil means SafeLink. A refused link renders as its text.
	Link func(dest string) (string, bool)
}

func (o *Options) link(dest string) (string, bool) {
	if o == nil || o.Link == nil {
		return SafeLink(dest)
	}
	return o.Link(dest)
}

// Blocks renders s as block-level nodes (p, h1..h6, ul, ol, pre, blockquote, hr).
// Plain text comes back as one <p> holding a text node.
func Blocks(s string) []*dom.Node { return BlocksWith(s, nil) }

// BlocksWith is Blocks under o.
func BlocksWith(s string, o *Options) []*dom.Node {
	nodes, _ := BlocksChecked(s, o)
	return nodes
}

// BlocksChecked is BlocksWith also returning why s was shown as plain text instead of
// Markdown (a *BudgetError), if it was.
func BlocksChecked(s string, o *Options) ([]*dom.Node, error) {
	doc, src, err := parse(s)
	if doc == nil {
		return []*dom.Node{el("p", textNode(s))}, err
	}
	w := walker{src: src, opts: o}
	out := w.children(doc, 0)
	if w.size > MaxOutput {
		return []*dom.Node{el("p", textNode(s))}, overOutput()
	}
	return out, nil
}

// BudgetError says which Markdown budget a source exceeded.
type BudgetError struct{ Msg string }

func (e *BudgetError) Error() string { return "Markdown over budget: " + e.Msg }

func overOutput() error {
	return &BudgetError{"renders to more than " + strconv.Itoa(MaxOutput) + " bytes"}
}

// parse parses s unless it is plain (nil, nil, nil) or over a budget (the error).
func parse(s string) (ast.Node, []byte, error) {
	if IsPlain(s) {
		return nil, nil, nil
	}
	if len(s) > MaxSource {
		return nil, nil, &BudgetError{"source of " + strconv.Itoa(len(s)) + " bytes (max " + strconv.Itoa(MaxSource) + ")"}
	}
	if n := Nesting(s); n > MaxNesting {
		return nil, nil, &BudgetError{"nests " + strconv.Itoa(n) + " levels deep (max " + strconv.Itoa(MaxNesting) + ")"}
	}
	if n := strings.Count(s, "["); n > maxBrackets {
		return nil, nil, &BudgetError{strconv.Itoa(n) + " brackets (max " + strconv.Itoa(maxBrackets) + ")"}
	}
	src := []byte(s)
	doc := parser().Parse(text.NewReader(src))
	if treeDepth(doc) > maxTreeDepth {
		return nil, nil, &BudgetError{"syntax tree deeper than " + strconv.Itoa(maxTreeDepth)}
	}
	return doc, src, nil
}

// Nesting estimates how deep s would nest once parsed, in one pass and without
// recursion: the most block container markers at the start of a line (">", "-", "*",
// "+", "1." / "1)", two columns of indentation each), plus the deepest run of open "["
// and of opening emphasis delimiters on the way.
func Nesting(s string) int {
	worst := 0
	brackets, emph := 0, 0
	lineStart := true
	for i := 0; i < len(s); {
		if lineStart {
			lineStart = false
			depth, col := 0, 0
			for i < len(s) {
				c := s[i]
				switch {
				case c == ' ':
					col++
					if col%2 == 0 {
						depth++
					}
					i++
					continue
				case c == '\t':
					depth += 2
					i++
					continue
				case c == '>':
					depth++
					i++
					continue
				case (c == '-' || c == '*' || c == '+') && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t'):
					depth++
					i += 2
					continue
				case c >= '0' && c <= '9':
					j := i
					for j < len(s) && j-i < 9 && s[j] >= '0' && s[j] <= '9' {
						j++
					}
					if j < len(s) && (s[j] == '.' || s[j] == ')') && j+1 < len(s) && (s[j+1] == ' ' || s[j+1] == '\t') {
						depth++
						i = j + 2
						continue
					}
				}
				break
			}
			worst = max(worst, depth)
			continue
		}
		switch c := s[i]; c {
		case '\n', '\r':
			lineStart = true
		case '\\':
			i++ // an escaped character opens nothing
		case '[':
			brackets++
			worst = max(worst, brackets)
		case ']':
			if brackets > 0 {
				brackets--
			}
		case '*', '_', '~':
			// A delimiter run that a space or the start precedes opens; one a space or
			// the end follows closes.
			j := i
			for j < len(s) && s[j] == c {
				j++
			}
			before := i == 0 || s[i-1] == ' ' || s[i-1] == '\n' || s[i-1] == '\t'
			after := j == len(s) || s[j] == ' ' || s[j] == '\n' || s[j] == '\t'
			switch {
			case before && !after:
				emph++
				worst = max(worst, emph)
			case after && !before && emph > 0:
				emph--
			}
			i = j
			continue
		}
		i++
	}
	return worst
}

// treeDepth returns the depth of the syntax tree under n, iteratively.
func treeDepth(n ast.Node) int {
	depth, worst := 0, 0
	c := n
	for {
		if f := c.FirstChild(); f != nil {
			c = f
			depth++
			worst = max(worst, depth)
			if worst > maxTreeDepth {
				return worst
			}
			continue
		}
		for c != n && c.NextSibling() == nil {
			c = c.Parent()
			depth--
		}
		if c == n {
			return worst
		}
		c = c.NextSibling()
	}
}

// Inline renders s as phrasing content only (text, em, strong, code, a, br), for places
// where block elements are not allowed (headings, captions, labels). Separate blocks are
// joined with <br>; list items and headings contribute their inline content.
func Inline(s string) []*dom.Node { return InlineWith(s, nil) }

// InlineWith is Inline under o.
func InlineWith(s string, o *Options) []*dom.Node {
	nodes, _ := InlineChecked(s, o)
	return nodes
}

// InlineChecked is InlineWith also returning why s was shown as plain text, if it was.
func InlineChecked(s string, o *Options) ([]*dom.Node, error) {
	doc, src, err := parse(s)
	if doc == nil {
		return []*dom.Node{textNode(s)}, err
	}
	w := walker{src: src, opts: o}
	var out []*dom.Node
	w.flattenBlocks(doc, &out)
	if w.size > MaxOutput {
		return []*dom.Node{textNode(s)}, overOutput()
	}
	return out, nil
}

// SingleParagraph reports whether nodes (from Blocks) is exactly one <p>, so a caller can
// unwrap it; it returns the paragraph's children.
func SingleParagraph(nodes []*dom.Node) ([]*dom.Node, bool) {
	if len(nodes) == 1 && nodes[0].Kind == dom.Element && nodes[0].Tag == "p" {
		return nodes[0].Children, true
	}
	return nil, false
}

type walker struct {
	src  []byte
	opts *Options
	// size counts the text and attribute bytes produced (MaxOutput).
	size int
}

func el(tag string, children ...*dom.Node) *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: tag, Children: children}
}

// textNode returns a text node of s without bidi controls and invisible characters
// (policy.CleanText): agent text cannot reorder or hide what the user reads.
func textNode(s string) *dom.Node { return &dom.Node{Kind: dom.Text, Text: policy.CleanText(s)} }

// text is appendText, counting the bytes.
func (w *walker) text(out []*dom.Node, s string) []*dom.Node {
	w.size += len(s)
	return appendText(out, s)
}

// appendText appends s, merging with a trailing text node.
func appendText(out []*dom.Node, s string) []*dom.Node {
	s = policy.CleanText(s)
	if s == "" {
		return out
	}
	if n := len(out); n > 0 && out[n-1].Kind == dom.Text {
		out[n-1].Text += s
		return out
	}
	return append(out, textNode(s))
}

func (w *walker) children(n ast.Node, depth int) []*dom.Node {
	var out []*dom.Node
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		out = w.node(out, c, depth)
	}
	return out
}

func (w *walker) wrap(out []*dom.Node, tag string, n ast.Node, depth int) []*dom.Node {
	if depth >= MaxDepth {
		return w.text(out, w.plain(n))
	}
	e := el(tag)
	e.Children = w.children(n, depth+1)
	return append(out, e)
}

// node appends the rendering of n to out.
func (w *walker) node(out []*dom.Node, n ast.Node, depth int) []*dom.Node {
	if w.size > MaxOutput {
		return out // over budget: the caller shows the source as text
	}
	switch n := n.(type) {
	case *ast.Heading:
		base := 0
		if w.opts != nil {
			base = w.opts.HeadingBase
		}
		tag, aria := HeadingLevel(n.Level, base)
		before := len(out)
		out = w.wrap(out, "h"+strconv.Itoa(tag), n, depth)
		if aria > 0 && len(out) > before && out[len(out)-1].Kind == dom.Element {
			out[len(out)-1].Attrs = []dom.Attr{{Name: "aria-level", Value: strconv.Itoa(aria)}}
		}
		return out
	case *ast.Paragraph:
		return w.wrap(out, "p", n, depth)
	case *ast.TextBlock:
		return append(out, w.children(n, depth)...)
	case *ast.ThematicBreak:
		return append(out, el("hr"))
	case *ast.CodeBlock, *ast.FencedCodeBlock:
		var b strings.Builder
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			b.Write(seg.Value(w.src))
		}
		w.size += b.Len()
		return append(out, el("pre", el("code", textNode(b.String()))))
	case *ast.Blockquote:
		return w.wrap(out, "blockquote", n, depth)
	case *ast.List:
		tag := "ul"
		if n.IsOrdered() {
			tag = "ol"
		}
		before := len(out)
		out = w.wrap(out, tag, n, depth)
		if n.IsOrdered() && n.Start != 1 && len(out) > before && out[len(out)-1].Kind == dom.Element {
			out[len(out)-1].Attrs = []dom.Attr{{Name: "start", Value: strconv.Itoa(n.Start)}}
		}
		return out
	case *ast.ListItem:
		return w.wrap(out, "li", n, depth)
	case *ast.HTMLBlock, *ast.RawHTML:
		return out // raw HTML is never rendered, not even as text
	case *ast.Text:
		if n.IsRaw() {
			out = w.text(out, string(n.Segment.Value(w.src)))
		} else {
			out = w.text(out, decode(n.Segment.Value(w.src)))
		}
		if n.HardLineBreak() {
			out = append(out, el("br"))
		} else if n.SoftLineBreak() {
			out = w.text(out, "\n")
		}
		return out
	case *ast.String:
		if n.IsCode() || n.IsRaw() {
			return w.text(out, string(n.Value))
		}
		return w.text(out, decode(n.Value))
	case *ast.CodeSpan:
		var b strings.Builder
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch t := c.(type) {
			case *ast.Text:
				b.Write(t.Segment.Value(w.src))
			case *ast.String:
				b.Write(t.Value)
			}
		}
		w.size += b.Len()
		return append(out, el("code", textNode(b.String())))
	case *ast.Emphasis:
		tag := "em"
		if n.Level >= 2 {
			tag = "strong"
		}
		return w.wrap(out, tag, n, depth)
	case *ast.Link:
		href, ok := w.opts.link(decode(n.Destination))
		if !ok || depth >= MaxDepth {
			return append(out, w.children(n, depth+1)...)
		}
		a := el("a")
		a.Attrs = linkAttrs(href, decode(n.Title))
		w.size += len(href) + len(n.Title)
		a.Children = w.children(n, depth+1)
		return discloseHost(append(out, a), w.plain(n), href)
	case *ast.AutoLink:
		raw := string(n.URL(w.src))
		label := string(n.Label(w.src))
		if n.AutoLinkType != ast.AutoLinkURL {
			return w.text(out, label)
		}
		href, ok := w.opts.link(raw)
		if !ok {
			return w.text(out, label)
		}
		a := el("a", textNode(label))
		a.Attrs = linkAttrs(href, "")
		w.size += len(href) + len(label)
		return discloseHost(append(out, a), label, href)
	case *ast.Image:
		return w.text(out, w.plain(n)) // images are dropped; the alt text stays
	}
	// Unknown node kinds (none with the core parser): keep their text.
	return w.text(out, w.plain(n))
}

func linkAttrs(href, title string) []dom.Attr {
	as := []dom.Attr{{Name: "href", Value: href}, {Name: "rel", Value: LinkRel}, {Name: "target", Value: "_blank"}}
	if title != "" {
		as = append(as, dom.Attr{Name: "title", Value: title})
	}
	return as // already sorted by name: href, rel, target, title
}

// plain returns the concatenated text content of n (raw HTML excluded), walking the tree
// iteratively.
func (w *walker) plain(n ast.Node) string {
	var b strings.Builder
	c := n
	for {
		descend := true
		switch t := c.(type) {
		case *ast.RawHTML, *ast.HTMLBlock:
			descend = false
		case *ast.Text:
			b.WriteString(decode(t.Segment.Value(w.src)))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.WriteString(decode(t.Value))
		}
		if f := c.FirstChild(); descend && f != nil {
			c = f
			continue
		}
		for c != n && c.NextSibling() == nil {
			c = c.Parent()
		}
		if c == n {
			break
		}
		c = c.NextSibling()
	}
	return b.String()
}

// flattenBlocks appends the inline content of every leaf block of n, separated by <br>.
func (w *walker) flattenBlocks(n ast.Node, out *[]*dom.Node) { w.flatten(n, out, 0) }

func (w *walker) flatten(n ast.Node, out *[]*dom.Node, depth int) {
	if depth > maxTreeDepth {
		return // parse checked the depth already
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c.(type) {
		case *ast.Paragraph, *ast.Heading, *ast.TextBlock:
			if len(*out) > 0 {
				*out = append(*out, el("br"))
			}
			*out = append(*out, w.children(c, 0)...)
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			if len(*out) > 0 {
				*out = append(*out, el("br"))
			}
			pre := w.node(nil, c, 0)
			*out = append(*out, pre[0].Children...) // the <code> inside <pre>
		case *ast.HTMLBlock, *ast.ThematicBreak:
		default:
			w.flatten(c, out, depth+1)
		}
	}
}

// SafeLink returns the re-serialized form of raw when it is an absolute http or https URL
// with a host and no credentials (policy.SafeURL: control characters, spaces, backslashes
// and invisible characters are refused outright).
func SafeLink(raw string) (string, bool) { return policy.SafeURL(raw) }

// MaxURL is the longest link accepted.
const MaxURL = policy.MaxURL

// HeadingLevel returns the HTML heading level (1..6) of a Markdown heading of level lvl
// under a page whose own headings go down to base, and the aria-level to set when the
// real level is deeper than 6 (0 otherwise).
func HeadingLevel(lvl, base int) (tag, aria int) {
	l := lvl + base
	if l < 1 {
		l = 1
	}
	if l > 6 {
		return 6, l
	}
	return l, 0
}

// decode applies CommonMark's backslash-escape and character-reference rules to raw
// source bytes (what goldmark's HTML writer does before escaping), NUL → U+FFFD.
func decode(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.Grow(len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '\\' && i+1 < len(b) && util.IsPunct(b[i+1]):
			sb.WriteByte(b[i+1])
			i++
		case c == 0:
			sb.WriteString("\uFFFD")
		case c == '&':
			if r, n := charRef(b[i:]); n > 0 {
				sb.WriteString(r)
				i += n - 1
			} else {
				sb.WriteByte(c)
			}
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// charRef decodes a character reference at the start of b ("&amp;", "&#106;", "&#x6A;"),
// returning the text and the bytes consumed (0 if b does not start with one).
func charRef(b []byte) (string, int) {
	semi := -1
	for i := 1; i < len(b) && i < 40; i++ {
		if b[i] == ';' {
			semi = i
			break
		}
	}
	if semi < 2 {
		return "", 0
	}
	body := string(b[1:semi])
	if body[0] == '#' {
		var v uint64
		var err error
		if len(body) > 1 && (body[1] == 'x' || body[1] == 'X') {
			if len(body) < 3 || len(body) > 8 {
				return "", 0
			}
			v, err = strconv.ParseUint(body[2:], 16, 32)
		} else {
			if len(body) < 2 || len(body) > 8 {
				return "", 0
			}
			v, err = strconv.ParseUint(body[1:], 10, 32)
		}
		if err != nil {
			return "", 0
		}
		r := rune(v)
		if r == 0 || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		return string(r), semi + 1
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", 0
		}
	}
	if e, ok := util.LookUpHTML5EntityByName(body); ok {
		return string(e.Characters), semi + 1
	}
	return "", 0
}
