package markdown

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
)

// bombs are Markdown sources that nest as deep as MaxSource allows, in every construct
// that nests. Under GOOS=js the goroutine stack lives on the JS engine's stack, where a
// few tens of thousands of frames kill the whole runtime (RangeError): each must render
// without that, fast, within the node budget (run this file under wasm too:
// GOOS=js GOARCH=wasm go test -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec").
var bombs = map[string]string{
	"blockquotes":        strings.Repeat(">", MaxSource-2) + " x",
	"blockquotes spaced": strings.Repeat("> ", MaxSource/2-2) + "x",
	"bullet lists":       strings.Repeat("- ", MaxSource/2-2) + "x",
	"ordered lists":      strings.Repeat("1. ", MaxSource/3-2) + "x",
	"mixed containers":   strings.Repeat("> - ", MaxSource/4-2) + "x",
	"emphasis":           strings.Repeat("*a ", MaxSource/6) + "x" + strings.Repeat(" a*", MaxSource/6),
	"strong":             strings.Repeat("**", MaxSource/4-1) + "x" + strings.Repeat("**", MaxSource/4-1),
	"links":              strings.Repeat("[", MaxSource/2-1) + "x" + strings.Repeat("](https://e.example)", 1),
	"nested links":       strings.Repeat("[a", MaxSource/24) + strings.Repeat("](https://e.x/)", MaxSource/24),
	"images in links":    strings.Repeat("[![", MaxSource/24) + "x" + strings.Repeat("](u)](u)", MaxSource/24),
	"unsafe links":       strings.Repeat("[a", MaxSource/20) + strings.Repeat("](javascript:x)", MaxSource/20),
	"list indentation":   indentedLists(),
	"backticks":          strings.Repeat("`", MaxSource),
	"brackets":           strings.Repeat("[](", MaxSource/3),
	"entities":           strings.Repeat("&amp;", MaxSource/5),
	"link references":    "[r]: https://e.example/" + strings.Repeat("p", 2000) + "\n\n" + strings.Repeat("[r]", (MaxSource-2100)/3),
}

func indentedLists() string {
	var b strings.Builder
	for i := 0; b.Len() < MaxSource-200; i++ {
		b.WriteString(strings.Repeat(" ", 2*i) + "- x\n")
	}
	return b.String()
}

// TestBombs: every bomb renders within the depth and output budgets, with at most one
// allocation per source byte (a construct that went quadratic would allocate far more;
// BenchmarkBombs has the times).
func TestBombs(t *testing.T) {
	for name, src := range bombs {
		if len(src) > MaxSource {
			t.Fatalf("%s: %d bytes, over MaxSource", name, len(src))
		}
		for _, f := range []func(string) []*dom.Node{Blocks, Inline} {
			nodes := f(src)
			depth, size := measure(nodes)
			if depth > MaxDepth+3 { // + <pre><code> and the text node
				t.Errorf("%s: DOM depth %d", name, depth)
			}
			if size > (256<<10)+MaxSource {
				t.Errorf("%s: %d bytes of output", name, size)
			}
		}
		if a := testing.AllocsPerRun(1, func() { Blocks(src); Inline(src) }); a > float64(len(src)) {
			t.Errorf("%s: %.0f allocations for %d bytes", name, a, len(src))
		}
	}
}

// BenchmarkBombs times each bomb through Blocks and Inline.
func BenchmarkBombs(b *testing.B) {
	for name, src := range bombs {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			for b.Loop() {
				Blocks(src)
				Inline(src)
			}
		})
	}
}

// measure returns the depth and the text+attribute bytes of a node list, iteratively.
func measure(nodes []*dom.Node) (depth, size int) {
	type item struct {
		n *dom.Node
		d int
	}
	var stack []item
	for _, n := range nodes {
		stack = append(stack, item{n, 1})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		depth = max(depth, it.d)
		size += len(it.n.Text)
		for _, a := range it.n.Attrs {
			size += len(a.Value)
		}
		for _, c := range it.n.Children {
			stack = append(stack, item{c, it.d + 1})
		}
	}
	return depth, size
}

// FuzzMarkdown: any source renders within the depth and output budgets, with only
// http(s) links.
func FuzzMarkdown(f *testing.F) {
	for _, b := range bombs {
		f.Add(b[:min(len(b), 512)])
	}
	f.Add("# h\n> q\n- a\n  - b\n1. c\n\n*e* **s** `c` [l](https://x.example) <https://y.example>\n\n    code")
	f.Fuzz(func(t *testing.T, src string) {
		for _, fn := range []func(string) []*dom.Node{Blocks, Inline} {
			nodes := fn(src)
			depth, size := measure(nodes)
			if depth > MaxDepth+3 { // + <pre><code> and the text node
				t.Fatalf("DOM depth %d", depth)
			}
			if size > MaxOutput+len(src)+64 {
				t.Fatalf("%d bytes of output from %d", size, len(src))
			}
			stack := append([]*dom.Node(nil), nodes...)
			for len(stack) > 0 {
				n := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, a := range n.Attrs {
					if a.Name == "href" && !strings.HasPrefix(a.Value, "https://") && !strings.HasPrefix(a.Value, "http://") {
						t.Fatalf("href %q", a.Value)
					}
				}
				stack = append(stack, n.Children...)
			}
		}
	})
}
