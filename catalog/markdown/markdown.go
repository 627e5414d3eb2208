package markdown

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/yuin/goldmark/ast"
	gmparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// MaxSource is the largest source (bytes) parsed as Markdown; longer text is shown as is.
const MaxSource = 16 << 10

// MaxDepth bounds the element nesting produced from one source; deeper content is
// flattened into the text of the node at the limit.
const MaxDepth = 16

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
	if IsPlain(s) || len(s) > MaxSource {
		return []*dom.Node{el("p", textNode(s))}
	}
	src := []byte(s)
	doc := parser().Parse(text.NewReader(src))
	w := walker{src: src, opts: o}
	return w.children(doc, 0)
}

// Inline renders s as phrasing content only (text, em, strong, code, a, br), for places
// where block elements are not allowed (headings, captions, labels). Separate blocks are
// joined with <br>; list items and headings contribute their inline content.
func Inline(s string) []*dom.Node { return InlineWith(s, nil) }

// InlineWith is Inline under o.
func InlineWith(s string, o *Options) []*dom.Node {
	if IsPlain(s) || len(s) > MaxSource {
		return []*dom.Node{textNode(s)}
	}
	src := []byte(s)
	doc := parser().Parse(text.NewReader(src))
	w := walker{src: src, opts: o}
	var out []*dom.Node
	w.flattenBlocks(doc, &out)
	return out
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
}

func el(tag string, children ...*dom.Node) *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: tag, Children: children}
}

// textNode returns a text node of s without bidi controls and invisible characters
// (policy.CleanText): agent text cannot reorder or hide what the user reads.
func textNode(s string) *dom.Node { return &dom.Node{Kind: dom.Text, Text: policy.CleanText(s)} }

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
		return appendText(out, w.plain(n))
	}
	e := el(tag)
	e.Children = w.children(n, depth+1)
	return append(out, e)
}

// node appends the rendering of n to out.
func (w *walker) node(out []*dom.Node, n ast.Node, depth int) []*dom.Node {
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
			out = appendText(out, string(n.Segment.Value(w.src)))
		} else {
			out = appendText(out, decode(n.Segment.Value(w.src)))
		}
		if n.HardLineBreak() {
			out = append(out, el("br"))
		} else if n.SoftLineBreak() {
			out = appendText(out, "\n")
		}
		return out
	case *ast.String:
		if n.IsCode() || n.IsRaw() {
			return appendText(out, string(n.Value))
		}
		return appendText(out, decode(n.Value))
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
			return append(out, w.children(n, depth)...)
		}
		a := el("a")
		a.Attrs = linkAttrs(href, decode(n.Title))
		a.Children = w.children(n, depth+1)
		return discloseHost(append(out, a), w.plain(n), href)
	case *ast.AutoLink:
		raw := string(n.URL(w.src))
		label := string(n.Label(w.src))
		if n.AutoLinkType != ast.AutoLinkURL {
			return appendText(out, label)
		}
		href, ok := w.opts.link(raw)
		if !ok {
			return appendText(out, label)
		}
		a := el("a", textNode(label))
		a.Attrs = linkAttrs(href, "")
		return discloseHost(append(out, a), label, href)
	case *ast.Image:
		return appendText(out, w.plain(n)) // images are dropped; the alt text stays
	}
	// Unknown node kinds (none with the core parser): keep their text.
	return appendText(out, w.plain(n))
}

func linkAttrs(href, title string) []dom.Attr {
	as := []dom.Attr{{Name: "href", Value: href}, {Name: "rel", Value: LinkRel}, {Name: "target", Value: "_blank"}}
	if title != "" {
		as = append(as, dom.Attr{Name: "title", Value: title})
	}
	return as // already sorted by name: href, rel, target, title
}

// plain returns the concatenated text content of n (raw HTML excluded).
func (w *walker) plain(n ast.Node) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.RawHTML, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			b.WriteString(decode(t.Segment.Value(w.src)))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.WriteString(decode(t.Value))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// flattenBlocks appends the inline content of every leaf block of n, separated by <br>.
func (w *walker) flattenBlocks(n ast.Node, out *[]*dom.Node) {
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
			w.flattenBlocks(c, out)
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
