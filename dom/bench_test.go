package dom_test

import (
	"strconv"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
)

// benchList builds a 1000-row keyed list (3 nodes per row: li, span, text ≈ 3000 nodes).
func benchList(n int, text func(i int) string, order func(i int) int) *dom.Node {
	ul := dom.El("ul")
	ul.Children = make([]*dom.Node, 0, n)
	for i := 0; i < n; i++ {
		k := order(i)
		ul.Children = append(ul.Children,
			dom.El("li", dom.El("span", dom.T(text(k))).SetAttr("class", "label")).
				WithKey("row@/items/"+strconv.Itoa(k)).SetAttr("class", "a2ui-row").Listen("click", dom.HandlerID(k)))
	}
	return dom.El("div", ul).SetAttr("class", "a2ui-list")
}

func rowText(i int) string { return "Row number " + strconv.Itoa(i) }

// BenchmarkMount1000 mounts 1000 nodes (333 rows × li/span/text + root) into a fresh
// Tree. The node tree is built once: a Tree only reads it (plus ID and sorted Attrs).
func BenchmarkMount1000(b *testing.B) {
	n := benchList(333, rowText, ident)
	var e dom.Encoder
	b.ReportAllocs()
	for b.Loop() {
		e.Reset()
		dom.NewTree("s").Render(n, &e)
	}
	b.ReportMetric(float64(e.Len()), "bytes/batch")
	b.ReportMetric(float64(e.Ops()), "ops/batch")
}

// benchUpdate alternates two prebuilt 1000-row trees (≈3000 nodes) a → c → a ...; each
// render diffs the whole tree, so ns/op is the full cost of a frame for that change.
func benchUpdate(b *testing.B, a, c *dom.Node) {
	tr := dom.NewTree("s")
	var e dom.Encoder
	tr.Render(a, &e)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		e.Reset()
		if i%2 == 0 {
			tr.Render(c, &e)
		} else {
			tr.Render(a, &e)
		}
		i++
	}
	b.ReportMetric(float64(e.Ops()), "ops/batch")
}

func BenchmarkUpdateOneRowOf1000(b *testing.B) {
	benchUpdate(b, benchList(1000, rowText, ident),
		benchList(1000, func(i int) string {
			if i == 500 {
				return "changed"
			}
			return rowText(i)
		}, ident))
}

func BenchmarkReverse1000(b *testing.B) {
	benchUpdate(b, benchList(1000, rowText, ident),
		benchList(1000, rowText, func(i int) int { return 999 - i }))
}

func BenchmarkSwapRows1000(b *testing.B) {
	swap := func(i int) int {
		switch i {
		case 1:
			return 998
		case 998:
			return 1
		}
		return i
	}
	benchUpdate(b, benchList(1000, rowText, ident), benchList(1000, rowText, swap))
}
