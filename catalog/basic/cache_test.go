package basic

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
)

const rowsComponents = `[
	{"id":"root","component":"List","children":{"componentId":"row","path":"/rows"}},
	{"id":"row","component":"Row","children":["name","act"]},
	{"id":"name","component":"Text","text":{"path":"name"}},
	{"id":"act-label","component":"Text","text":"Pick"},
	{"id":"act","component":"Button","child":"act-label","action":{"event":{"name":"pick","context":{"who":{"path":"name"}}}}}
]`

// Without a subscription feeding DataChanged, a build that finds the model changed
// rebuilds every row: a cached row never shows stale data.
func TestCacheWithoutFeedRebuilds(t *testing.T) {
	_, s := newSurface(t, rowsComponents, `{"rows":[{"name":"a"},{"name":"b"}]}`)
	env := testEnv()
	first, _ := buildSurface(s, env)
	r0 := rowNode(first, "0")
	if err := s.Data.Set(model.MustPointer("/rows/0/name"), "A!"); err != nil {
		t.Fatal(err)
	}
	second, _ := buildSurface(s, env)
	if n := rowNode(second, "0"); n == r0 || !strings.Contains(dom.TextContent(n), "A!") {
		t.Fatalf("row 0 after an unfed write: reused %v, text %q", n == r0, dom.TextContent(n))
	}
	// Nothing changed: everything is reused.
	third, _ := buildSurface(s, env)
	if rowNode(third, "0") != rowNode(second, "0") || rowNode(third, "1") != rowNode(second, "1") {
		t.Fatal("an unchanged model rebuilt its rows")
	}
}

func rowNode(root *dom.Node, i string) *dom.Node { return find(root, byKey("row@/rows/"+i)) }

func TestCacheReusesUnchangedRows(t *testing.T) {
	_, s := newSurface(t, rowsComponents, `{"rows":[{"name":"a"},{"name":"b"},{"name":"c"}]}`)
	env := testEnv()
	env.State = engine.NewState()
	s.Data.Subscribe(nil, env.State.DataChanged) // as render does
	var acts []engine.Action
	env.OnAction = func(_ string, a engine.Action) { acts = append(acts, a) }
	first, _ := buildSurface(s, env)
	r0, r1, r2 := rowNode(first, "0"), rowNode(first, "1"), rowNode(first, "2")

	if err := s.Data.Set(model.MustPointer("/rows/1/name"), "B"); err != nil {
		t.Fatal(err)
	}
	second, _ := buildSurface(s, env)
	if rowNode(second, "0") != r0 || rowNode(second, "2") != r2 {
		t.Error("unchanged rows were rebuilt")
	}
	n1 := rowNode(second, "1")
	if n1 == r1 {
		t.Fatal("the changed row was reused")
	}
	if !strings.Contains(dom.TextContent(n1), "B") {
		t.Fatalf("changed row shows %q", dom.TextContent(n1))
	}
	// catalog.Handlers of reused rows still work, and see the data at click time.
	if err := s.Data.Set(model.MustPointer("/rows/2/name"), "C!"); err != nil {
		t.Fatal(err)
	}
	third, _ := buildSurface(s, env)
	btn := find(rowNode(third, "0"), func(n *dom.Node) bool { return n.Tag == "button" })
	h, ok := btn.Handler("click")
	if !ok || !env.Handlers.Dispatch(h, dom.Event{Type: "click"}, nil) {
		t.Fatal("reused row's click handler is gone")
	}
	btn = find(rowNode(third, "2"), func(n *dom.Node) bool { return n.Tag == "button" })
	h, _ = btn.Handler("click")
	env.Handlers.Dispatch(h, dom.Event{Type: "click"}, nil)
	if len(acts) != 2 || acts[0].Context["who"] != "a" || acts[1].Context["who"] != "C!" {
		t.Fatalf("actions = %+v", acts)
	}
}

func TestCacheInvalidatedByComponentAndListChanges(t *testing.T) {
	p, s := newSurface(t, rowsComponents, `{"rows":[{"name":"a"},{"name":"b"}]}`)
	env := testEnv()
	first, _ := buildSurface(s, env)
	r0 := rowNode(first, "0")
	// Replacing a component used by every row rebuilds every row.
	apply(t, p, []json.RawMessage{json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"name","component":"Text","text":{"path":"name"},"variant":"h3"}]}}`)})
	second, _ := buildSurface(s, env)
	if rowNode(second, "0") == r0 || find(rowNode(second, "0"), func(n *dom.Node) bool { return n.Tag == "h3" }) == nil {
		t.Fatalf("component change not picked up: %s", dom.HTML(second))
	}
	// Replacing the list replaces its rows.
	if err := s.Data.Set(model.MustPointer("/rows"), []any{map[string]any{"name": "z"}}); err != nil {
		t.Fatal(err)
	}
	third, _ := buildSurface(s, env)
	if rowNode(third, "1") != nil || !strings.Contains(dom.TextContent(third), "z") || strings.Contains(dom.TextContent(third), "a") {
		t.Fatalf("list change not picked up: %s", dom.HTML(third))
	}
	// A missing child that arrives later replaces its placeholder.
	apply(t, p, []json.RawMessage{json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"row","component":"Row","children":["name","later"]}]}}`)})
	fourth, _ := buildSurface(s, env)
	if find(fourth, byClass("a2ui-pending")) == nil {
		t.Fatal("no placeholder for the missing child")
	}
	apply(t, p, []json.RawMessage{json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"later","component":"Text","text":"arrived"}]}}`)})
	fifth, _ := buildSurface(s, env)
	if find(fifth, byClass("a2ui-pending")) != nil || !strings.Contains(dom.TextContent(fifth), "arrived") {
		t.Fatalf("late child not rendered: %s", dom.HTML(fifth))
	}
}

// A row that was not built by one build (the list was shorter) is not reused when it
// comes back: a data change made while it was absent (here to an absolute path it reads)
// was handed to that build only.
func TestCacheRowAbsentForOneBuildIsRebuilt(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"List","children":{"componentId":"row","path":"/rows"}},
		{"id":"row","component":"Text","text":{"path":"/label"}}
	]`, `{"rows":[1,2],"label":"old"}`)
	env := testEnv()
	env.State = engine.NewState()
	s.Data.Subscribe(nil, env.State.DataChanged)
	first, _ := buildSurface(s, env)
	if rowNode(first, "1") == nil {
		t.Fatalf("no row 1: %s", dom.HTML(first))
	}
	set := func(p string, v any) {
		t.Helper()
		if err := s.Data.Set(model.MustPointer(p), v); err != nil {
			t.Fatal(err)
		}
	}
	set("/rows", []any{1.0})
	set("/label", "new")
	second, _ := buildSurface(s, env)
	if rowNode(second, "1") != nil || !strings.Contains(dom.TextContent(rowNode(second, "0")), "new") {
		t.Fatalf("second build: %s", dom.HTML(second))
	}
	set("/rows", []any{1.0, 2.0})
	third, _ := buildSurface(s, env)
	if n := rowNode(third, "1"); n == nil || n == rowNode(first, "1") || !strings.Contains(dom.TextContent(n), "new") {
		t.Fatalf("row 1 came back stale: %s", dom.HTML(third))
	}
	// Many builds later (past a sweep of the cache) unchanged rows are still reused.
	for range 40 {
		buildSurface(s, env)
	}
	last, _ := buildSurface(s, env)
	again, _ := buildSurface(s, env)
	if rowNode(again, "0") != rowNode(last, "0") || rowNode(again, "1") != rowNode(last, "1") {
		t.Fatal("unchanged rows rebuilt after a sweep")
	}
}

// Touch rebuilds the row holding the touched instance (a Button whose action is in
// flight), and only that row, also when the rows are found through their hints.
func TestCacheTouchRebuildsItsRow(t *testing.T) {
	_, s := newSurface(t, rowsComponents, `{"rows":[{"name":"a"},{"name":"b"},{"name":"c"}]}`)
	env := testEnv()
	env.State = engine.NewState()
	s.Data.Subscribe(nil, env.State.DataChanged)
	buildSurface(s, env)
	prev, _ := buildSurface(s, env)
	env.State.Touch("act@/rows/1")
	next, _ := buildSurface(s, env)
	if rowNode(next, "0") != rowNode(prev, "0") || rowNode(next, "2") != rowNode(prev, "2") {
		t.Error("rows without the touched instance were rebuilt")
	}
	if rowNode(next, "1") == rowNode(prev, "1") {
		t.Fatal("the row of the touched Button was reused")
	}
	again, _ := buildSurface(s, env)
	if rowNode(again, "1") != rowNode(next, "1") {
		t.Fatal("the rebuilt row was not reused by the next build")
	}
}

// Two templates over the same rows with the same row component (the same instance keys)
// both show a change of one row, build after build.
func TestCacheTwoTemplatesOverTheSameRows(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["a","b"]},
		{"id":"a","component":"List","children":{"componentId":"row","path":"/rows"}},
		{"id":"b","component":"List","children":{"componentId":"row","path":"/rows"}},
		{"id":"row","component":"Text","text":{"path":"name"}}
	]`, `{"rows":[{"name":"x0"},{"name":"x1"}]}`)
	env := testEnv()
	env.State = engine.NewState()
	s.Data.Subscribe(nil, env.State.DataChanged)
	buildSurface(s, env)
	for i, v := range []string{"y1", "z1", "w1"} {
		if err := s.Data.Set(model.MustPointer("/rows/1/name"), v); err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			env.State.Touch("row@/rows/0")
		}
		root, _ := buildSurface(s, env)
		if got := strings.Count(dom.TextContent(root), v); got != 2 {
			t.Fatalf("build %d: %q shown %d times: %s", i, v, got, dom.HTML(root))
		}
		if got := strings.Count(dom.TextContent(root), "x0"); got != 2 {
			t.Fatalf("build %d: row 0 shown %d times: %s", i, got, dom.HTML(root))
		}
	}
}

// A row whose subtree reads its own item and a path outside it: a change of the outside
// path rebuilds every row, a change inside one item only that row, a change of an ancestor
// of the items every row (whatever the rows' common read prefix).
func TestCacheRowReadsInsideAndOutsideItsItem(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"List","children":{"componentId":"row","path":"/rows"}},
		{"id":"row","component":"Row","children":["name","title"]},
		{"id":"name","component":"Text","text":{"path":"name"}},
		{"id":"title","component":"Text","text":{"path":"/title"}}
	]`, `{"rows":[{"name":"a"},{"name":"b"}],"title":"T1"}`)
	env := testEnv()
	env.State = engine.NewState()
	s.Data.Subscribe(nil, env.State.DataChanged)
	prev, _ := buildSurface(s, env)
	step := func(path string, v any, rebuilt ...string) {
		t.Helper()
		if err := s.Data.Set(model.MustPointer(path), v); err != nil {
			t.Fatal(err)
		}
		next, _ := buildSurface(s, env)
		for _, i := range []string{"0", "1"} {
			want := slices.Contains(rebuilt, i)
			if got := rowNode(next, i) != rowNode(prev, i); got != want {
				t.Errorf("after %s: row %s rebuilt %v, want %v", path, i, got, want)
			}
		}
		prev = next
	}
	step("/title", "T2", "0", "1")
	if got := strings.Count(dom.TextContent(prev), "T2"); got != 2 {
		t.Fatalf("title shown %d times: %s", got, dom.HTML(prev))
	}
	step("/rows/1/name", "B", "1")
	step("/rows/0", map[string]any{"name": "A"}, "0")
	step("/rows", []any{map[string]any{"name": "x"}, map[string]any{"name": "y"}}, "0", "1")
	if txt := dom.TextContent(prev); !strings.Contains(txt, "x") || !strings.Contains(txt, "y") {
		t.Fatalf("rows after replacing the list: %s", dom.HTML(prev))
	}
}
