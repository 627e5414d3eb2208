package markdown

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
)

func render(nodes []*dom.Node) string {
	var b strings.Builder
	for _, n := range nodes {
		b.WriteString(dom.Outline(n))
	}
	return b.String()
}

func TestBlocks(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "Hello world", "<p>Hello world</p>\n"},
		{"empty", "", "<p></p>\n"},
		{"heading", "# Title", "<h1>Title</h1>\n"},
		{"emphasis", "a *b* **c**", "<p>\n  a \n  <em>b</em>\n   \n  <strong>c</strong>\n</p>\n"},
		{"list", "- one\n- two", "<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>\n"},
		{"ordered start", "3. x", "<ol start=\"3\">\n  <li>x</li>\n</ol>\n"},
		{"code span", "use `a<b>`", "<p>\n  use \n  <code>a&lt;b&gt;</code>\n</p>\n"},
		{"code block", "```\nx := 1\n```", "<pre>\n  <code>\n    x := 1\n\n  </code>\n</pre>\n"},
		{"blockquote", "> q", "<blockquote>\n  <p>q</p>\n</blockquote>\n"},
		{"hard break", "a  \nb", "<p>\n  a\n  <br>\n  b\n</p>\n"},
		{"https link", "[Go](https://go.dev)", "<p>\n  <a href=\"https://go.dev\" rel=\"noopener noreferrer ugc\" target=\"_blank\">Go</a>\n</p>\n"},
		{"autolink", "<https://a.example/x>", "<p>\n  <a href=\"https://a.example/x\" rel=\"noopener noreferrer ugc\" target=\"_blank\">https://a.example/x</a>\n</p>\n"},
		{"entities", "a &amp; b &#65; \\*c\\*", "<p>a &amp; b A *c*</p>\n"},
		{"hr", "a\n\n---", "<p>a</p>\n<hr>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := render(Blocks(tt.in)); got != tt.want {
				t.Errorf("Blocks(%q) =\n%s\nwant\n%s", tt.in, got, tt.want)
			}
		})
	}
}

// TestSafety: nothing dangerous survives; the visible text does.
func TestSafety(t *testing.T) {
	tests := []struct{ name, in, wantText string }{
		{"javascript link", "[click](javascript:alert(1))", "click"},
		{"entity javascript", "[x](&#106;avascript:alert(1))", "x"},
		{"uppercase scheme", "[x](JAVASCRIPT:alert(1))", "x"},
		{"data link", "[x](data:text/html;base64,PHNjcmlwdD4=)", "x"},
		{"relative link", "[x](/etc/passwd)", "x"},
		{"protocol relative", "[x](//evil.example)", "x"},
		{"vbscript autolink", "<vbscript:msgbox(1)>", "vbscript:msgbox(1)"},
		{"script block", "<script>alert(1)</script>", ""},
		{"inline html", "hi <img src=x onerror=alert(1)> there", "hi  there"},
		{"image", "![alt text](https://t.example/p.png)", "alt text"},
		{"image in link", "[![a](https://x/y.png)](https://ok.example)", "a"},
		{"iframe", "<iframe src=https://x></iframe>", ""},
		{"svg (not HTML in CommonMark: literal text)", "<svg/onload=alert(1)>", "<svg/onload=alert(1)>"},
		{"attribute syntax", "# h {#id .cls onclick=x}", "h {#id .cls onclick=x}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes := Blocks(tt.in)
			var text strings.Builder
			var check func(n *dom.Node)
			check = func(n *dom.Node) {
				if n.Kind == dom.Text {
					text.WriteString(n.Text)
					return
				}
				switch n.Tag {
				case "img", "script", "iframe", "svg", "style", "object", "embed", "math":
					t.Errorf("forbidden element <%s>", n.Tag)
				}
				for _, a := range n.Attrs {
					if strings.HasPrefix(a.Name, "on") || a.Name == "id" || a.Name == "class" || a.Name == "style" || a.Name == "src" {
						t.Errorf("forbidden attribute %s=%q", a.Name, a.Value)
					}
					if a.Name == "href" && !strings.HasPrefix(a.Value, "https://") && !strings.HasPrefix(a.Value, "http://") {
						t.Errorf("unsafe href %q", a.Value)
					}
				}
				for _, c := range n.Children {
					check(c)
				}
			}
			for _, n := range nodes {
				check(n)
			}
			if got := strings.TrimSpace(text.String()); got != tt.wantText {
				t.Errorf("text = %q, want %q", got, tt.wantText)
			}
		})
	}
}

func TestInline(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Plain", "Plain\n"},
		{"# **Big** title", "<strong>Big</strong>\n title\n"},
		{"a\n\nb", "a\n<br>\nb\n"},
		{"- x\n- y", "x\n<br>\ny\n"},
	}
	for _, tt := range tests {
		if got := render(Inline(tt.in)); got != tt.want {
			t.Errorf("Inline(%q) =\n%q\nwant\n%q", tt.in, got, tt.want)
		}
	}
}

func TestIsPlain(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"Hello, world.", true},
		{"Price: 3.50 USD (approx)", true},
		{"", true},
		{"a *b*", false},
		{"# h", false},
		{"- item", false},
		{"1. item", false},
		{"12) item", false},
		{"2024 was good", true},
		{"line\nbreak", false},
		{"    code", false},
		{"x &amp; y", false},
		{"trailing  ", false},
	}
	for _, tt := range tests {
		if got := IsPlain(tt.in); got != tt.want {
			t.Errorf("IsPlain(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestBudget(t *testing.T) {
	big := strings.Repeat("*a* ", MaxSource/4+1)
	nodes := Blocks(big)
	if len(nodes) != 1 || len(nodes[0].Children) != 1 || nodes[0].Children[0].Text != big {
		t.Fatal("over-budget source not rendered as plain text")
	}
	deep := strings.Repeat("> ", 100) + "deep"
	maxDepth := 0
	var walk func(n *dom.Node, d int)
	walk = func(n *dom.Node, d int) {
		if d > maxDepth {
			maxDepth = d
		}
		for _, c := range n.Children {
			walk(c, d+1)
		}
	}
	for _, n := range Blocks(deep) {
		walk(n, 1)
	}
	if maxDepth > MaxDepth+2 {
		t.Errorf("nesting depth %d exceeds bound", maxDepth)
	}
	if got := dom.TextContent(&dom.Node{Children: Blocks(deep)}); !strings.Contains(got, "deep") {
		t.Errorf("deep text lost: %q", got)
	}
}

func TestSafeLink(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{"https://example.com/a?b=c", true},
		{"http://example.com", true},
		{"HTTPS://example.com", true},
		{"javascript:alert(1)", false},
		{"java\tscript:alert(1)", false},
		{"https://user:pw@example.com", false},
		{"https:example.com", false},
		{"/relative", false},
		{"mailto:a@b.c", false},
		{"https://exa\u202emple.com", false},
		{"https://example.com\\@evil", false},
	}
	for _, tt := range tests {
		if _, ok := SafeLink(tt.in); ok != tt.ok {
			t.Errorf("SafeLink(%q) ok = %v, want %v", tt.in, ok, tt.ok)
		}
	}
}

func BenchmarkPlainFastPath(b *testing.B) {
	for b.Loop() {
		Blocks("Hello world, a plain sentence.")
	}
}

func BenchmarkMarkdown(b *testing.B) {
	for b.Loop() {
		Blocks("# Title\n\nSome **bold** and *em* text with a [link](https://x.example).\n\n- a\n- b")
	}
}
