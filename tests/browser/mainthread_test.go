//go:build browser

package browser

import (
	"fmt"
	"strings"
	"testing"
)

// bigModelLines is a v0.9 surface "big" whose data model holds rows rows (written by
// one updateDataModel per row) and shows a count.
func bigModelLines(rows int) []string {
	lines := []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"big","catalogId":"` + basicCatalog + `"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"big","components":[{"id":"root","component":"Text","text":{"path":"/title"}}]}}`,
	}
	for i := 0; i < rows; i++ {
		lines = append(lines, fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"big","path":"/rows/%d","value":{"id":"row-%d","name":"Item number %d","price":%d.25,"tags":["a","b","c"],"note":"%s"}}}`,
			i, i, i, i, strings.Repeat("x", 40)))
	}
	return append(lines, `{"version":"v0.9","updateDataModel":{"surfaceId":"big","path":"/title","value":"done"}}`)
}

// TestMainThreadSlicing feeds 5,000 messages in one process() call, then the same as a
// stream: the work is cut into many main-thread tasks (before slicing it was one task of
// ~2.9 s): a task the page posts when the work starts runs before it is done
// (workSliced). dataModel() of the resulting model holds every row; that it is cached
// is render's TestDataModelCached, its time a make bench row.
// The stream is applied too (its network reads are tasks of their own anyway).
func TestMainThreadSlicing(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	lines := bigModelLines(5000)
	base := serve(t, rendererPage(), handle("GET /big", streamLines(0, lines...)))
	ctx := openRenderer(t, base, "")
	if !evalJS[bool](ctx, `(`+workSliced+`)(`+jsString(strings.Join(lines, "\n")+"\n")+`, () => T.text("host") === "done")`) {
		t.Errorf("5,000 messages given at once: the page ran no task of its own before they were applied: the work is not sliced")
	}
	evalJSON(ctx, `T.mount("s2")`)
	evalJSON(ctx, `(T.r.s2.connect("/big"), true)`)
	waitJS(ctx, `T.text("s2") === "done"`)
	// In worker mode a large model reaches the page's mirror in messages of its own:
	// dataModel() is current after flush() (README, "Where the engine runs").
	flush(ctx, "s2")
	flush(ctx, "host")
	if rows := evalJS[int](ctx, `T.r.s2.dataModel("big").rows.length`); rows != 5000 {
		t.Errorf("streamed: dataModel rows = %d", rows)
	}
	if rows := evalJS[int](ctx, `T.r.host.dataModel("big").rows.length`); rows != 5000 {
		t.Fatalf("dataModel rows = %d", rows)
	}
}

// TestRenderBudgetBrowser: with renderBudget 5 ms, a surface with a 5,000-row template
// fails closed (a notice, no button left) while a probe surface beside it renders and a
// second renderer on the page keeps working.
func TestRenderBudgetBrowser(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, `{renderBudget: 5}`)
	evalJSON(ctx, `T.mount("other")`)
	evalJSON(ctx, `(() => {
  const cat = "`+basicCatalog+`";
  const rows = Array.from({length: 5000}, () => ({t: "row"}));
  T.r.host.process([
    {version: "v0.9", createSurface: {surfaceId: "big", catalogId: cat}},
    {version: "v0.9", updateDataModel: {surfaceId: "big", path: "/rows", value: rows}},
    {version: "v0.9", updateComponents: {surfaceId: "big", components: [
      {id: "root", component: "Column", children: ["pay", "list"]},
      {id: "pay", component: "Button", child: "pl", action: {event: {name: "pay"}}},
      {id: "pl", component: "Text", text: "Pay"},
      {id: "list", component: "List", children: {componentId: "row", path: "/rows"}},
      {id: "row", component: "Row", children: ["a", "b"]},
      {id: "a", component: "Text", text: {path: "t"}},
      {id: "b", component: "Text", text: "warning"}]}},
    {version: "v0.9", createSurface: {surfaceId: "probe", catalogId: cat}},
    {version: "v0.9", updateComponents: {surfaceId: "probe", components: [{id: "root", component: "Text", text: "probe"}]}}]);
  return true;
})()`)
	processLines(ctx, "other", oneButton...)
	waitJS(ctx, `T.q("host", 'section[data-surface-id="big"] .a2ui-crashed') && T.q("host", 'section[data-surface-id="probe"]') && T.q("host", 'section[data-surface-id="probe"]').textContent === "probe"`)
	if got := evalJS[string](ctx, `T.q("host", 'section[data-surface-id="big"]').textContent`); got != "This surface could not be rendered: it took longer than the render time budget" {
		t.Errorf("big surface = %q", got)
	}
	if n := evalJS[int](ctx, `T.qa("host", 'section[data-surface-id="big"] button').length`); n != 0 {
		t.Errorf("%d buttons left in the failed surface", n)
	}
	if got := hostText(ctx, "other"); got != "PayGo" {
		t.Errorf("second renderer = %q", got)
	}
	found := false
	for _, e := range events(ctx, "host", "a2ui-error") {
		found = found || (strings.Contains(string(e), `"code":"LIMIT_EXCEEDED"`) && strings.Contains(string(e), "time budget") && strings.Contains(string(e), `"surfaceId":"big"`))
	}
	if !found {
		t.Errorf("no LIMIT_EXCEEDED time-budget error for surface big: %s", events(ctx, "host", "a2ui-error"))
	}
}

// TestProcessKeepsCallOrder: two process() calls in a row apply in call order, though
// the first is large enough to be applied in many pieces (tasks): the second's one line
// lands last, so the title is its value, not the first payload's last write.
func TestProcessKeepsCallOrder(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	lines := bigModelLines(3000) // ~450 KB: about 55 pieces
	lines[len(lines)-1] = `{"version":"v0.9","updateDataModel":{"surfaceId":"big","path":"/title","value":"first payload"}}`
	ctx := openRenderer(t, serve(t, rendererPage()), "")
	evalJSON(ctx, `(T.r.host.process(`+jsString(strings.Join(lines, "\n")+"\n")+`), T.r.host.process(`+
		jsString(`{"version":"v0.9","updateDataModel":{"surfaceId":"big","path":"/title","value":"second payload"}}`+"\n")+`), true)`)
	waitJS(ctx, `T.r.host.dataModel("big")?.rows?.length === 3000 && T.r.host.dataModel("big").title !== undefined`)
	evalJSON(ctx, `T.r.host.flush().then(() => true)`) // every piece queued has run
	if got := hostText(ctx, "host"); got != "second payload" {
		t.Errorf("title after process(A); process(B) = %q, want B's %q", got, "second payload")
	}
}
