//go:build browser

package browser

import (
	"strings"
	"testing"
)

// budgetCases build their payloads in the page (JS), so that only the renderer's work
// is timed: 10,000 lines, one 5 MB updateDataModel line, one 5 MB updateComponents line.
const budgetCases = `(() => {
  const cat = "` + basicCatalog + `";
  const create = (id) => JSON.stringify({version: "v0.9", createSurface: {surfaceId: id, catalogId: cat}});
  const pad = "x".repeat(500);
  const lines = [create("many"), JSON.stringify({version: "v0.9", updateComponents: {surfaceId: "many", components: [{id: "root", component: "Text", text: {path: "/title"}}]}})];
  for (let i = 0; i < 10000; i++) lines.push(JSON.stringify({version: "v0.9", updateDataModel: {surfaceId: "many", path: "/rows/" + i, value: {id: "row-" + i, n: i}}}));
  lines.push(JSON.stringify({version: "v0.9", updateDataModel: {surfaceId: "many", path: "/title", value: "many done"}}));
  T.many = lines.join("\n") + "\n";
  const rows = [];
  for (let i = 0; i < 9000; i++) rows.push({id: "row-" + i, name: "Item " + i, note: pad});
  T.bigData = [create("data"), JSON.stringify({version: "v0.9", updateComponents: {surfaceId: "data", components: [{id: "root", component: "Text", text: {path: "/title"}}]}}),
    JSON.stringify({version: "v0.9", updateDataModel: {surfaceId: "data", value: {rows, title: "data done"}}})].join("\n") + "\n";
  const comps = [{id: "root", component: "Column", children: ["t0", "t1", "t2"]}];
  for (let i = 0; i < 9000; i++) comps.push({id: "t" + i, component: "Text", text: (i < 3 ? "comps done " : "") + pad});
  T.bigComps = [create("comps"), JSON.stringify({version: "v0.9", updateComponents: {surfaceId: "comps", components: comps}})].join("\n") + "\n";
  const shown = [{id: "root", component: "Column", children: Array.from({length: 5000}, (_, i) => "s" + i)}];
  for (let i = 0; i < 5000; i++) shown.push({id: "s" + i, component: "Text", text: i === 4999 ? "shown done" : "Item " + i});
  T.shown = [create("shown"), JSON.stringify({version: "v0.9", updateComponents: {surfaceId: "shown", components: shown}})].join("\n") + "\n";
  return [T.many.length, T.bigData.length, T.bigComps.length, T.shown.length];
})()`

// workSliced is a JS function (payload, done) that gives host's renderer payload and
// resolves, when done() first holds after a DOM change of host, with whether one task
// posted right after the process() call ran before that: it can only if the renderer
// gave the main thread back (yielded) while the work was still going on. No clock: a
// work done in one task resolves false on any machine.
const workSliced = `((payload, done) => new Promise((resolve) => {
  let ticked = false;
  const ch = new MessageChannel();
  ch.port1.onmessage = () => { ticked = true; };
  const mo = new MutationObserver(() => { if (done()) { mo.disconnect(); resolve(ticked); } });
  mo.observe(T.root("host"), {subtree: true, childList: true, characterData: true});
  T.r.host.process(payload);
  ch.port2.postMessage(0);
}))`

// TestMainThreadBudget: after the runtime is up, 10,000 messages given to process() at
// once, one 5 MB updateDataModel line, one 5 MB updateComponents line and a surface of
// 5,000 Texts (one message) are each applied in slices: a task the page posts right
// after process() runs before the surface shows the payload (a line is validated,
// decoded and its value parsed in slices, a frame built in slices, queued work run in
// slices; render.Options.Yield). A probe renderer on the page renders after each case,
// and dataModel() on the 9,000-row (4.9 MB) model answers. How long the tasks are is
// measured by make bench (the "mainthread" rows), not here.
func TestMainThreadBudget(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, `{limits: {maxLine: 8388608}, renderBudget: 600000}`) // the budget: noRenderBudget
	sizes := evalJS[[]int](ctx, budgetCases)
	t.Logf("payload bytes %v", sizes)
	evalJSON(ctx, `T.mount("probe")`)
	for _, c := range []struct{ name, payload, done string }{
		{"10,000 lines", "T.many", `T.text("host").includes("many done")`},
		{"5 MB updateDataModel", "T.bigData", `T.text("host").includes("data done")`},
		{"5 MB updateComponents", "T.bigComps", `T.text("host").includes("comps done")`},
		{"5,000 Texts shown", "T.shown", `T.text("host").includes("shown done")`},
	} {
		if !evalJS[bool](ctx, `(`+workSliced+`)(`+c.payload+`, () => `+c.done+`)`) {
			t.Errorf("%s: the page ran no task of its own before the work was done: the work is not sliced", c.name)
		}
		// The page stays responsive: another renderer renders.
		id := "p" + c.payload[2:]
		processLines(ctx, "probe", v09create(id), v09comps(id, `[{"id":"root","component":"Text","text":"probe `+c.name+`"}]`))
		if got := hostText(ctx, "probe"); !strings.Contains(got, "probe "+c.name) {
			t.Errorf("probe renderer after %s: %q", c.name, got)
		}
	}
	flush(ctx, "host") // a large model reaches the page's mirror by itself in worker mode
	if rows := evalJS[int](ctx, `T.r.host.dataModel("data").rows.length`); rows != 9000 {
		t.Fatalf("dataModel rows = %v", rows)
	}
}
