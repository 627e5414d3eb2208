package prerender

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/web"
)

// StreamType is the type of the <script> child that carries the stream inside
// <a2ui-renderer>; the loader renders it on takeover.
const StreamType = "application/a2ui+jsonl"

// DefaultMaxStream is the stream size Render reads when Options.MaxStream is 0.
const DefaultMaxStream = 16 << 20

// maxFrames bounds the frames run after the stream (a frame may dirty a surface again).
const maxFrames = 8

// Options configure Render. The zero value renders like a page with the default policy,
// English, and no base URL.
type Options struct {
	// Render configures the renderer as the page's would be (catalog, functions, policy,
	// limits, messages). Render.BaseURL must be the URL the page is served at (the inline
	// stream is processed by the page, so relative URLs resolve against it there); "" refuses
	// relative URLs, as the runtime does without one. HostPrefix is ignored.
	Render render.Options
	// Locale is the renderer's locale: the locale attribute of <a2ui-renderer>, the lang of
	// its root, and the built-in strings when Render.Messages is nil. "" means "en-US".
	// Numbers and dates are formatted by Render.Formatter (nil: Go's, en-US), where the
	// browser uses Intl.
	Locale string
	// HeadingLevel is the page's heading level around the renderer (the heading-level
	// attribute, 1..5); 0 means none given: the policy's heading base (at least 1), as in
	// the loader.
	HeadingLevel int
	// Attrs are more attributes of <a2ui-renderer> (src, action-url, profile, policy, dir,
	// label, ...), written in order and escaped; dir and label also shape the markup as
	// the loader would (the root's direction, the surfaces' region name). Render.Policy
	// must be the policy the profile and policy attributes resolve to. Names must be
	// lower-case ASCII words with '-'; locale, heading-level and prerendered come from
	// the fields above.
	Attrs []dom.Attr
	// NoStream leaves the inline stream out: the page's src (or script) must then give
	// the runtime the same messages, and the loader takes each surface over at its first
	// rendered content.
	NoStream bool
	// StyleHref links the stylesheet (<link rel="stylesheet">) instead of inlining
	// web/a2ui.css in a <style>.
	StyleHref string
	// Page writes a whole HTML document: the loader's script tag (Script, default
	// "a2ui.js"), Title, and the renderer in the body.
	Page   bool
	Script string
	Title  string
	// MaxStream caps the bytes read from the stream (0: DefaultMaxStream); a longer stream
	// is an error and nothing is written.
	MaxStream int64
	// OnError receives the detail JSON of every a2ui-error the page would get for this
	// stream (a malformed line, an unknown component, a refused URL); those do not stop
	// the render. It is called during Render, on Render's goroutine. nil drops them.
	OnError func(detail []byte)
}

// Render reads a stream as the page's process() does (JSONL, or a JSON document: one
// message, an array of them, an example file's {"messages": […]}), renders every surface
// as the browser runtime would, and writes <a2ui-renderer> with a
// declarative shadow root holding the surfaces' static HTML (or a whole page when
// opts.Page). Agent text and attribute values are escaped; tags, attributes and URLs pass
// the same policy as at runtime. It returns an error only when the stream cannot be read
// or exceeds MaxStream, an option is invalid, or writing fails; bad messages are reported
// through OnError and skipped.
func Render(w io.Writer, stream io.Reader, opts Options) error {
	locale := opts.Locale
	if locale == "" {
		locale = "en-US"
	}
	if err := checkOptions(&opts, locale); err != nil {
		return err
	}
	limit := opts.MaxStream
	if limit <= 0 {
		limit = DefaultMaxStream
	}
	payload, err := io.ReadAll(io.LimitReader(stream, limit+1))
	if err != nil {
		return fmt.Errorf("prerender: reading the stream: %w", err)
	}
	if int64(len(payload)) > limit {
		return fmt.Errorf("prerender: the stream is larger than %d bytes", limit)
	}
	ro := opts.Render
	ro.HostPrefix = ""
	if ro.Policy == nil {
		ro.Policy = policy.Default()
	}
	if ro.Messages == nil {
		dir := "" // the page's dir attribute, as the loader passes it
		for _, a := range opts.Attrs {
			if a.Name == "dir" {
				dir = a.Value
			}
		}
		ro.Messages = l10n.New(locale, nil, dir)
	}
	h := &host{doc: memdom.New(), themes: map[string][]catalog.ThemeVar{}, onError: opts.OnError}
	r := render.New(h, ro)
	defer r.Destroy()
	r.Process(payload)
	for i := 0; i < maxFrames && h.frame; i++ {
		h.frame = false
		r.Frame()
	}
	if h.err != nil {
		return fmt.Errorf("prerender: applying the renderer's ops: %w", h.err)
	}
	base := opts.HeadingLevel
	if base == 0 {
		base = max1(ro.Policy.HeadingBase)
	}

	var b strings.Builder
	if opts.Page {
		writePageHead(&b, &opts, locale)
	}
	b.WriteString("<a2ui-renderer")
	writeAttr(&b, "locale", locale)
	b.WriteString(` prerendered=""`)
	if opts.HeadingLevel != 0 {
		writeAttr(&b, "heading-level", strconv.Itoa(opts.HeadingLevel))
	}
	for _, a := range opts.Attrs {
		writeAttr(&b, a.Name, a.Value)
	}
	b.WriteString(`><template shadowrootmode="open">`)
	if opts.StyleHref != "" {
		b.WriteString(`<link data-a2ui="" rel="stylesheet"`)
		writeAttr(&b, "href", opts.StyleHref)
		b.WriteString(">")
	} else {
		b.WriteString(`<style data-a2ui="">`)
		b.WriteString(web.CSS)
		b.WriteString("</style>")
	}
	b.WriteString(`<div class="a2ui-root"`)
	writeAttr(&b, "dir", ro.Messages.Dir())
	writeAttr(&b, "lang", locale)
	b.WriteString(` part="root">`)
	// The page's label attribute names every surface (data-label), else its first heading.
	pageLabel := ""
	for _, a := range opts.Attrs {
		if a.Name == "label" {
			pageLabel = a.Value
		}
	}
	var names []string
	for _, id := range h.order {
		hs := h.doc.Host(id)
		if hs == nil {
			continue
		}
		root := toDOM(hs.Root)
		first := outline(root, base)
		b.WriteString(`<section`)
		if label := landmark(pageLabel, first, names); label != "" {
			names = append(names, label)
			writeAttr(&b, "aria-label", label)
		}
		b.WriteString(` class="a2ui-surface" data-a2ui-prerendered=""`)
		writeAttr(&b, "data-heading-base", strconv.Itoa(base))
		if pageLabel != "" {
			writeAttr(&b, "data-label", pageLabel)
		}
		writeAttr(&b, "data-surface-id", id)
		if st := themeStyle(h.themes[id]); st != "" {
			writeAttr(&b, "style", st)
		}
		b.WriteString(">")
		if root != nil {
			b.WriteString(dom.StaticHTML(root))
		}
		b.WriteString("</section>")
	}
	b.WriteString("</div></template>")
	if !opts.NoStream {
		b.WriteString(`<script type="` + StreamType + `">`)
		writeStream(&b, payload)
		b.WriteString("</script>")
	}
	b.WriteString("</a2ui-renderer>")
	if opts.Page {
		b.WriteString("\n</body>\n</html>")
	}
	b.WriteString("\n")
	_, err = io.WriteString(w, b.String())
	return err
}

func max1(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

// checkOptions refuses what would put page-given text where it could become markup.
func checkOptions(o *Options, locale string) error {
	if !validLocale(locale) {
		return fmt.Errorf("prerender: invalid locale %q", locale)
	}
	if o.HeadingLevel < 0 || o.HeadingLevel > 5 {
		return fmt.Errorf("prerender: heading level %d is not in 0..5", o.HeadingLevel)
	}
	for _, a := range o.Attrs {
		if !attrName(a.Name) || a.Name == "locale" || a.Name == "heading-level" || a.Name == "prerendered" {
			return fmt.Errorf("prerender: attribute name %q not allowed", a.Name)
		}
		if !dom.AllowedAttr(a.Name, a.Value) {
			return fmt.Errorf("prerender: attribute %s=%q refused by the URL policy", a.Name, a.Value)
		}
	}
	if o.StyleHref != "" && !dom.AllowedAttr("href", o.StyleHref) {
		return fmt.Errorf("prerender: stylesheet URL %q refused", o.StyleHref)
	}
	if o.Script != "" && !dom.AllowedAttr("src", o.Script) {
		return fmt.Errorf("prerender: script URL %q refused", o.Script)
	}
	if strings.Contains(strings.ToLower(web.CSS), "</style") {
		return errors.New("prerender: the stylesheet contains </style")
	}
	return nil
}

// attrName: lower-case ASCII letters, digits and '-', starting with a letter.
func attrName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// validLocale: a BCP 47-shaped tag (letters, digits, '-', '_').
func validLocale(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func writeAttr(b *strings.Builder, name, value string) {
	b.WriteByte(' ')
	b.WriteString(name)
	b.WriteString(`="`)
	dom.EscapeAttr(b, value)
	b.WriteByte('"')
}

func writePageHead(b *strings.Builder, o *Options, locale string) {
	script := o.Script
	if script == "" {
		script = "a2ui.js"
	}
	b.WriteString("<!doctype html>\n<html")
	writeAttr(b, "lang", locale)
	b.WriteString(">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
	dom.EscapeText(b, o.Title)
	b.WriteString("</title>\n<script")
	writeAttr(b, "src", script)
	b.WriteString(" defer></script>\n</head>\n<body>\n")
}

// themeStyle is the surface's theme as the style attribute setProperty leaves behind.
// The renderer's theme check only yields validated colours and fonts; a value that could end a
// declaration is left out all the same.
func themeStyle(vars []catalog.ThemeVar) string {
	var parts []string
	for _, v := range vars {
		if strings.ContainsAny(v.Value, ";{}\\") || strings.Contains(v.Value, "/*") || !dom.AllowedProp(v.Name) {
			continue
		}
		parts = append(parts, v.Name+": "+v.Value+";")
	}
	return strings.Join(parts, " ")
}

// writeStream embeds the messages as JSONL in script data, one compact message per line
// whatever the input's layout (JSONL; or a JSON document: messages, arrays of them, an
// example file's {"messages": […]}). Lines that are not valid JSON are left out (they were
// reported and the runtime skips them anyway), and every '<' is written as \u003c: in
// valid JSON a '<' only occurs inside strings, where \u003c is the same character, so the
// runtime reads the same messages and no "</script" or "<!--" can occur.
func writeStream(b *strings.Builder, payload []byte) {
	emit := func(msg []byte) {
		var c bytes.Buffer
		if json.Compact(&c, msg) != nil {
			return
		}
		b.WriteString(strings.ReplaceAll(c.String(), "<", `\u003c`))
		b.WriteByte('\n')
	}
	lines := bytes.Split(payload, []byte("\n"))
	first := 0
	for first < len(lines) && len(bytes.TrimSpace(lines[first])) == 0 {
		first++
	}
	if first == len(lines) {
		return
	}
	if json.Valid(lines[first]) {
		for _, line := range lines[first:] {
			if t := bytes.TrimSpace(line); len(t) > 0 {
				emit(t)
			}
		}
		return
	}
	// A JSON document: its top-level values, arrays and example files unpacked.
	dec := json.NewDecoder(bytes.NewReader(payload))
	for {
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return
		}
		var arr []json.RawMessage
		var ex struct {
			Messages []json.RawMessage `json:"messages"`
		}
		switch {
		case v[0] == '[' && json.Unmarshal(v, &arr) == nil:
		case v[0] == '{' && json.Unmarshal(v, &ex) == nil && len(ex.Messages) > 0:
			arr = ex.Messages
		default:
			arr = []json.RawMessage{v}
		}
		for _, m := range arr {
			emit(m)
		}
	}
}

// host is render.Host over a memdom.Document: what the browser's hooks and runtime do,
// minus events and the network.
type host struct {
	doc     *memdom.Document
	order   []string
	themes  map[string][]catalog.ThemeVar
	onError func([]byte)
	frame   bool
	err     error
}

func (h *host) Patch(ops []byte) {
	if err := h.doc.Apply(ops); err != nil && h.err == nil {
		h.err = err
	}
}

func (h *host) SurfaceAdded(id string) {
	h.doc.Attach(id)
	if !slices.Contains(h.order, id) {
		h.order = append(h.order, id)
	}
}

func (h *host) SurfaceRemoved(id string) {
	h.doc.Detach(id)
	h.order = slices.DeleteFunc(h.order, func(s string) bool { return s == id })
	delete(h.themes, id)
}

func (h *host) SurfaceTheme(id string, vars []catalog.ThemeVar) { h.themes[id] = vars }

func (h *host) Emit(event string, detail []byte) {
	if event == "a2ui-error" && h.onError != nil {
		h.onError(detail)
	}
}

func (h *host) Send([]byte, bool)   {}
func (h *host) RequestFrame()       { h.frame = true }
func (h *host) OpenURL(string) bool { return false }

// toDOM copies a memdom subtree into a dom.Node tree (live props as Props).
func toDOM(n *memdom.Node) *dom.Node {
	if n == nil {
		return nil
	}
	if n.Kind == dom.Text {
		return dom.T(n.Text)
	}
	d := &dom.Node{Kind: dom.Element, Tag: n.Tag, Attrs: slices.Clone(n.Attrs)}
	for k, v := range n.Props {
		d.Props = append(d.Props, dom.Prop{Name: k, Value: v})
	}
	slices.SortFunc(d.Props, func(x, y dom.Prop) int { return strings.Compare(x.Name, y.Name) })
	for _, c := range n.Children {
		d.Children = append(d.Children, toDOM(c))
	}
	return d
}

// outline does what the runtime's settle does after a batch that created nodes: agent
// headings are renumbered below the host's level with no skipped level (aria-level where
// it differs from the tag). It returns the surface's first heading, for its label.
func outline(root *dom.Node, base int) *dom.Node {
	type open struct{ agent, level int }
	var stack []open
	var first *dom.Node
	var walk func(n *dom.Node)
	walk = func(n *dom.Node) {
		if n == nil || n.Kind != dom.Element {
			return
		}
		if len(n.Tag) == 2 && (n.Tag[0] == 'h' || n.Tag[0] == 'H') && n.Tag[1] >= '1' && n.Tag[1] <= '6' {
			agent := int(n.Tag[1] - '0')
			for len(stack) > 0 && stack[len(stack)-1].agent >= agent {
				stack = stack[:len(stack)-1]
			}
			level := base + 1
			if len(stack) > 0 {
				level = stack[len(stack)-1].level + 1
			}
			level = min(level, 6)
			stack = append(stack, open{agent, level})
			n.Attrs = slices.DeleteFunc(n.Attrs, func(a dom.Attr) bool { return a.Name == "aria-level" })
			if level != agent {
				n.SetAttr("aria-level", strconv.Itoa(level))
			}
			if first == nil {
				first = n
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	return first
}

// landmark is the surface's region name as the runtime's settle computes it: the page's
// label, else its first heading's text (trimmed, whitespace collapsed, at most 120 UTF-16
// units), made distinct from the names already taken with " (2)", " (3)", ...
func landmark(label string, first *dom.Node, taken []string) string {
	if label == "" && first != nil {
		label = strings.Join(strings.Fields(dom.TextContent(first)), " ")
		if u := utf16.Encode([]rune(label)); len(u) > 120 {
			label = string(utf16.Decode(u[:120]))
		}
	}
	if label == "" {
		return ""
	}
	name := label
	for n := 2; slices.Contains(taken, name); n++ {
		name = label + " (" + strconv.Itoa(n) + ")"
	}
	return name
}
