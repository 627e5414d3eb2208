package dom_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

// harness renders trees into a Tree and applies the bytes to a memdom host.
type harness struct {
	t    testing.TB
	tree *dom.Tree
	doc  *memdom.Document
	enc  dom.Encoder
}

func newHarness(t testing.TB) *harness {
	h := &harness{t: t, tree: dom.NewTree("s1"), doc: memdom.New()}
	h.doc.Attach("s1")
	return h
}

// render diffs n in and returns the ops written (decoded).
func (h *harness) render(n *dom.Node) []dom.Op {
	h.t.Helper()
	h.enc.Reset()
	h.tree.Render(n, &h.enc)
	var ops []dom.Op
	b := h.enc.Bytes()
	if err := dom.Decode(b, func(op *dom.Op) error {
		c := *op
		c.Events = append([]string(nil), op.Events...)
		ops = append(ops, c)
		return nil
	}); err != nil {
		h.t.Fatalf("decode: %v", err)
	}
	h.doc.ResetStats()
	if err := h.doc.Apply(b); err != nil {
		h.t.Fatalf("apply: %v\nops: %v", err, ops)
	}
	return ops
}

func (h *harness) html() string { return h.doc.Host("s1").HTML() }

func row(key, text string) *dom.Node {
	return dom.El("li", dom.T(text)).WithKey(key).SetAttr("class", "row")
}

func list(n int, text func(i int) string, order func(i int) int) *dom.Node {
	ul := dom.El("ul").SetAttr("class", "list")
	for i := 0; i < n; i++ {
		k := order(i)
		ul.Append(row("r"+strconv.Itoa(k), text(k)))
	}
	return dom.El("div", ul)
}

func ident(i int) int { return i }

func codes(ops []dom.Op) string {
	var s []string
	for _, op := range ops {
		s = append(s, op.Code.String())
	}
	return strings.Join(s, " ")
}

func TestMountMatchesWriteHTML(t *testing.T) {
	h := newHarness(t)
	n := dom.El("div",
		dom.El("label", dom.T("Name <you>")).SetAttr("for", "x"),
		dom.El("input").SetAttr("type", "text").SetAttr("id", "x").SetProp("value", `a"b`),
		dom.El("svg", dom.El("path").SetAttr("d", "M0 0h24")).SetAttr("viewBox", "0 0 24 24"),
	).SetAttr("class", "card")
	h.render(n)
	want := `<div class="card"><label for="x">Name &lt;you&gt;</label><input id="x" type="text" .value="a&#34;b"><svg viewBox="0 0 24 24"><path d="M0 0h24"></path></svg></div>`
	if got := h.html(); got != want {
		t.Fatalf("memdom:\n got %s\nwant %s", got, want)
	}
	if got := dom.HTML(n); got != want {
		t.Fatalf("WriteHTML:\n got %s\nwant %s", got, want)
	}
	svg := h.doc.Host("s1").Node(n.Children[2].ID)
	if svg.NS != dom.NSSVG || h.doc.Host("s1").Node(n.Children[2].Children[0].ID).NS != dom.NSSVG {
		t.Fatalf("svg subtree not in SVG namespace")
	}
}

func TestOneTextChangeInKeyedList(t *testing.T) {
	h := newHarness(t)
	h.render(list(1000, func(i int) string { return "row " + strconv.Itoa(i) }, ident))
	ops := h.render(list(1000, func(i int) string {
		if i == 500 {
			return "changed"
		}
		return "row " + strconv.Itoa(i)
	}, ident))
	if got := codes(ops); got != "HOST SETTEXT" {
		t.Fatalf("ops = %s", got)
	}
	if ops[1].Value != "changed" {
		t.Fatalf("SETTEXT value %q", ops[1].Value)
	}
	if n := h.doc.Stats.Touches(); n != 1 {
		t.Fatalf("DOM touches = %d, want 1", n)
	}
	if !strings.Contains(h.html(), `<li class="row">changed</li>`) {
		t.Fatal("change not applied")
	}
}

func TestNoChangeWritesNothing(t *testing.T) {
	h := newHarness(t)
	h.render(list(10, func(i int) string { return "x" }, ident))
	if ops := h.render(list(10, func(i int) string { return "x" }, ident)); len(ops) != 0 {
		t.Fatalf("unchanged tree wrote %s", codes(ops))
	}
	if h.enc.Bytes() != nil {
		t.Fatal("Bytes() not nil for an empty batch")
	}
}

func TestReorderMovesNotCreates(t *testing.T) {
	tests := []struct {
		name      string
		order     func(i int) int
		wantMoves int
	}{
		{"reverse", func(i int) int { return 99 - i }, 99},
		{"swap two", func(i int) int {
			switch i {
			case 1:
				return 98
			case 98:
				return 1
			}
			return i
		}, 2},
		{"rotate", func(i int) int { return (i + 1) % 100 }, 1},
		{"move first to end", func(i int) int { return (i + 1) % 100 }, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			text := func(i int) string { return "row " + strconv.Itoa(i) }
			a := list(100, text, ident)
			h.render(a)
			ids := map[string]uint32{}
			for _, c := range a.Children[0].Children {
				ids[c.Key] = c.ID
			}
			b := list(100, text, tc.order)
			h.render(b)
			st := h.doc.Stats
			if st.Creates != 0 || st.Removes != 0 || st.Moves != tc.wantMoves || st.Touches() != tc.wantMoves {
				t.Fatalf("stats %+v, want %d moves only", st, tc.wantMoves)
			}
			for _, c := range b.Children[0].Children {
				if ids[c.Key] != c.ID {
					t.Fatalf("key %s changed id %d → %d", c.Key, ids[c.Key], c.ID)
				}
			}
			if got, want := h.html(), dom.HTML(b); got != want {
				t.Fatalf("html mismatch\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestLiveValueKeptAcrossReorder(t *testing.T) {
	h := newHarness(t)
	mk := func(keys ...string) *dom.Node {
		d := dom.El("div")
		for _, k := range keys {
			d.Append(dom.El("input").WithKey(k).SetProp("value", "v"+k))
		}
		return d
	}
	a := mk("a", "b", "c")
	h.render(a)
	// The user types into b; the model is not updated (e.g. no binding).
	h.doc.Host("s1").Node(a.Children[1].ID).SetLive("value", "typed")
	b := mk("c", "a", "b")
	h.render(b)
	if got := h.html(); got != `<div><input .value="vc"><input .value="va"><input .value="typed"></div>` {
		t.Fatalf("got %s", got)
	}
	// Now the model catches up with what was typed: the applier compares, no write.
	c := mk("c", "a", "b")
	c.Children[2].Props[0].Value = "typed"
	h.render(c)
	if h.doc.Stats.PropWrites != 0 || h.doc.Stats.PropSkips != 1 {
		t.Fatalf("stats %+v", h.doc.Stats)
	}
}

func TestAttrPropListenerDiff(t *testing.T) {
	h := newHarness(t)
	a := dom.El("button", dom.T("Go")).SetAttr("class", "a").SetAttr("title", "t").SetProp("value", "1").Listen("click", 1)
	h.render(a)
	b := dom.El("button", dom.T("Go")).SetAttr("class", "b").SetAttr("aria-label", "go").Listen("click", 2)
	ops := h.render(b)
	if got := codes(ops); got != "HOST ATTR ATTR DELATTR PROP" {
		t.Fatalf("ops = %s (%v)", got, ops)
	}
	if ops[4].Name != "value" || ops[4].Value != "" {
		t.Fatalf("removed prop not reset: %+v", ops[4])
	}
	c := dom.El("button", dom.T("Go")).SetAttr("class", "b").SetAttr("aria-label", "go").Listen("keydown", 3).Listen("click", 2)
	ops = h.render(c)
	if got := codes(ops); got != "HOST LISTEN" || strings.Join(ops[1].Events, ",") != "keydown,click" {
		t.Fatalf("ops = %s %v", got, ops)
	}
	n := h.doc.Host("s1").Node(c.ID)
	if strings.Join(n.Listen, ",") != "keydown,click" {
		t.Fatalf("listen = %v", n.Listen)
	}
	if h.tree.Lookup(c.ID) != c {
		t.Fatal("Lookup does not return the current node")
	}
	if hid, ok := h.tree.Lookup(c.ID).Handler("click"); !ok || hid != 2 {
		t.Fatalf("handler = %d %v", hid, ok)
	}
}

func TestReplaceOnTagOrKindChange(t *testing.T) {
	h := newHarness(t)
	a := dom.El("div", dom.El("span", dom.T("x")), dom.T("y"))
	h.render(a)
	oldSpan := a.Children[0].ID
	b := dom.El("div", dom.El("b", dom.T("x")), dom.El("i"))
	h.render(b)
	if b.Children[0].ID == oldSpan && h.doc.Stats.Removes == 0 {
		t.Fatal("span not replaced")
	}
	if h.doc.Stats.Removes != 2 || h.html() != "<div><b>x</b><i></i></div>" {
		t.Fatalf("stats %+v html %s", h.doc.Stats, h.html())
	}
	if h.tree.Lookup(oldSpan) != nil {
		t.Fatal("removed id still looks up")
	}
	// Root replacement.
	h.render(dom.El("p", dom.T("new root")))
	if h.html() != "<p>new root</p>" {
		t.Fatalf("html %s", h.html())
	}
	h.render(nil)
	if h.html() != "" || h.doc.Host("s1").Len() != 0 || h.tree.Live() != 0 {
		t.Fatalf("unmount left %q, %d memdom nodes, %d live", h.html(), h.doc.Host("s1").Len(), h.tree.Live())
	}
}

func TestIDQuarantine(t *testing.T) {
	h := newHarness(t)
	a := dom.El("div", dom.El("button").WithKey("b1"))
	h.render(a)
	old := a.Children[0].ID
	b := dom.El("div", dom.El("button").WithKey("b2"))
	h.render(b)
	if b.Children[0].ID == old {
		t.Fatal("freed id reused in the next render")
	}
	c := dom.El("div", dom.El("button").WithKey("b3"))
	h.render(c)
	if c.Children[0].ID == old {
		t.Fatal("freed id reused one render later")
	}
	d := dom.El("div", dom.El("button").WithKey("b4"))
	h.render(d)
	if d.Children[0].ID != old {
		t.Fatalf("id %d not reused after quarantine (got %d)", old, d.Children[0].ID)
	}
}

func TestMemoisedSubtreeSkipped(t *testing.T) {
	h := newHarness(t)
	shared := list(50, func(i int) string { return "m" }, ident).Children[0]
	h.render(dom.El("div", shared, dom.T("a")))
	ops := h.render(dom.El("div", shared, dom.T("b")))
	if codes(ops) != "HOST SETTEXT" {
		t.Fatalf("ops %s", codes(ops))
	}
	// The same node twice in one tree is copied, not corrupted.
	x := dom.El("span", dom.T("dup"))
	n := dom.El("div", x, x)
	h.render(n)
	if n.Children[0] == n.Children[1] || n.Children[0].ID == n.Children[1].ID {
		t.Fatal("duplicate pointer not copied")
	}
	if h.html() != "<div><span>dup</span><span>dup</span></div>" {
		t.Fatalf("html %s", h.html())
	}
}

func TestDuplicateKeys(t *testing.T) {
	h := newHarness(t)
	mk := func(keys ...string) *dom.Node {
		d := dom.El("div")
		for _, k := range keys {
			d.Append(dom.El("p", dom.T(k)).WithKey(k))
		}
		return d
	}
	for _, step := range [][]string{{"a", "a", "b"}, {"b", "a", "a", "a"}, {"a"}, {"c", "a", "c"}} {
		n := mk(step...)
		h.render(n)
		if got, want := h.html(), dom.HTML(n); got != want {
			t.Fatalf("%v: got %s want %s", step, got, want)
		}
	}
}

func TestDestroy(t *testing.T) {
	h := newHarness(t)
	h.render(list(5, func(int) string { return "x" }, ident))
	h.enc.Reset()
	h.tree.Destroy(&h.enc)
	if err := h.doc.Apply(h.enc.Bytes()); err != nil {
		t.Fatal(err)
	}
	if h.html() != "" || h.doc.Host("s1").Len() != 0 || h.tree.Live() != 0 || h.tree.Root() != nil {
		t.Fatal("destroy left nodes")
	}
	h.render(dom.El("div"))
	if h.html() != "<div></div>" {
		t.Fatal("render after destroy")
	}
}

func TestTwoSurfacesOneBatch(t *testing.T) {
	doc := memdom.New()
	doc.Attach("a")
	doc.Attach("b")
	ta, tb := dom.NewTree("a"), dom.NewTree("b")
	var e dom.Encoder
	ta.Render(dom.El("p", dom.T("A")), &e)
	tb.Render(dom.El("p", dom.T("B")), &e)
	if err := doc.Apply(e.Bytes()); err != nil {
		t.Fatal(err)
	}
	if doc.Host("a").HTML() != "<p>A</p>" || doc.Host("b").HTML() != "<p>B</p>" {
		t.Fatalf("%s %s", doc.Host("a").HTML(), doc.Host("b").HTML())
	}
}

// randTree builds a random tree over a small alphabet so that diffs hit every path:
// keyed and unkeyed children, tag changes, text/element swaps, attr/prop/listener churn.
func randTree(r *rand.Rand, depth int) *dom.Node {
	if depth == 0 || r.IntN(4) == 0 {
		return dom.T([]string{"a", "b", "<&>", ""}[r.IntN(4)])
	}
	tags := []string{"div", "span", "p", "input", "svg"}
	n := dom.El(tags[r.IntN(len(tags))])
	for _, name := range []string{"class", "title", "data-x", "onclick"} {
		if r.IntN(2) == 0 {
			n.SetAttr(name, []string{"1", "2", `"q"`}[r.IntN(3)])
		}
	}
	if r.IntN(3) == 0 {
		n.SetProp("value", []string{"", "v", "w"}[r.IntN(3)])
	}
	if r.IntN(3) == 0 {
		n.SetProp("checked", []string{"", "true"}[r.IntN(2)])
	}
	if r.IntN(3) == 0 {
		n.Listen([]string{"click", "input"}[r.IntN(2)], dom.HandlerID(r.IntN(5)))
	}
	keyed := r.IntN(2) == 0
	kids := r.IntN(6)
	perm := r.Perm(8)
	for i := 0; i < kids; i++ {
		c := randTree(r, depth-1)
		if keyed && (r.IntN(5) != 0) {
			c.Key = "k" + strconv.Itoa(perm[i])
		}
		n.Children = append(n.Children, c)
	}
	return n
}

func checkDiff(t *testing.T, seed uint64) {
	debug := false
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	h := newHarness(t)
	fresh := newHarness(t)
	for step := 0; step < 6; step++ {
		var next *dom.Node
		if r.IntN(8) != 0 {
			next = randTree(r, 4)
		}
		ops := h.render(next)
		if debug {
			t.Logf("step %d: %s\n%v", step, dom.HTML(next), ops)
		}
		want := dom.HTML(next)
		if got := h.html(); got != want {
			t.Fatalf("seed %d step %d: diffed DOM\n got %s\nwant %s", seed, step, got, want)
		}
		fresh = newHarness(t)
		fresh.render(copyTree(next))
		if got := fresh.html(); got != want {
			t.Fatalf("seed %d step %d: fresh mount\n got %s\nwant %s", seed, step, got, want)
		}
		if h.doc.Host("s1").Len() != h.tree.Live() {
			t.Fatalf("seed %d step %d: memdom has %d nodes, tree %d live", seed, step, h.doc.Host("s1").Len(), h.tree.Live())
		}
	}
}

func TestDiffProperty(t *testing.T) {
	for seed := uint64(0); seed < 500; seed++ {
		checkDiff(t, seed)
	}
}

func FuzzDiff(f *testing.F) {
	f.Add(uint64(1))
	f.Add(uint64(42))
	f.Fuzz(func(t *testing.T, seed uint64) { checkDiff(t, seed) })
}

func copyTree(n *dom.Node) *dom.Node {
	if n == nil {
		return nil
	}
	c := *n
	c.ID = 0
	c.Attrs = append([]dom.Attr(nil), n.Attrs...)
	c.Children = nil
	for _, ch := range n.Children {
		c.Children = append(c.Children, copyTree(ch))
	}
	return &c
}
