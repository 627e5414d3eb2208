//go:build browser

package browser

import (
	"os"
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

// strictTiming turns on the absolute bounds of TestMainThreadBudget. They hold on an
// idle machine only: on a shared box (load 15 on 2 cores when this was written) even a
// process() call with an 8 KB payload took 100-400 ms of wall-clock time.
var strictTiming = os.Getenv("A2UI_STRICT_TIMING") == "1"

// taskBound is the longest main-thread task allowed under A2UI_STRICT_TIMING: the ~50 ms
// target plus a 50% margin for a frame or a GC landing in the same task.
const taskBound = 75

// TestMainThreadBudget: after the runtime is up (compile and instantiate are not
// counted), 10,000 messages given to process() at once, one 5 MB updateDataModel line,
// one 5 MB updateComponents line and a surface of 5,000 Texts (one message) are applied
// while a probe renderer on the page still renders, and dataModel() on the 9,000-row
// (4.9 MB) model answers. Always asserted: each case runs as many tasks (none over a
// third of the total for the 10,000 lines, none over half of it for the others: a line
// is validated, decoded and its value parsed in slices, and a frame built in slices,
// render.Options.Yield) and the probe renders after each case.
// With A2UI_STRICT_TIMING=1 (an idle machine): no task over taskBound ms in any case,
// and dataModel() within 100 ms. Measured on an idle 2-core box: 5 MB lines in 130-160
// ms in all with no task over 50 ms, 5,000 Texts in 215-230 ms (one task of up to 63 ms:
// the patch's DOM insertion and layout), dataModel() 41-77 ms.
func TestMainThreadBudget(t *testing.T) {
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, `{limits: {maxLine: 8388608}}`)
	sizes := evalJS[[]int](ctx, budgetCases)
	t.Logf("payload bytes %v", sizes)
	evalJSON(ctx, longTasks)
	evalJSON(ctx, `T.mount("probe")`)
	for _, c := range []struct{ name, payload, done string }{
		{"10,000 lines", "T.many", `T.text("host").includes("many done")`},
		{"5 MB updateDataModel", "T.bigData", `T.text("host").includes("data done")`},
		{"5 MB updateComponents", "T.bigComps", `T.text("host").includes("comps done")`},
		{"5,000 Texts shown", "T.shown", `T.text("host").includes("shown done")`},
	} {
		sleepJS(ctx, 200)
		evalJSON(ctx, `(T.long = [], T.t0 = performance.now(), true)`)
		evalJSON(ctx, `(T.r.host.process(`+c.payload+`), true)`)
		waitJS(ctx, c.done)
		total := evalJS[float64](ctx, `performance.now() - T.t0`)
		sleepJS(ctx, 200)
		long := evalJS[[]int](ctx, `T.long`)
		longest := maxInt(long)
		t.Logf("%s: %.0f ms in all, long tasks %v ms", c.name, total, long)
		share := 2.0
		if c.payload == "T.many" {
			share = 3
		}
		if float64(longest) > total/share {
			t.Errorf("%s: one task of %d ms of %.0f ms in all: the work is not sliced", c.name, longest, total)
		}
		if strictTiming && longest > taskBound {
			t.Errorf("%s: a task of %d ms, over %d ms", c.name, longest, taskBound)
		}
		// The page stays responsive: another renderer renders.
		id := "p" + c.payload[2:]
		processLines(ctx, "probe", v09create(id), v09comps(id, `[{"id":"root","component":"Text","text":"probe `+c.name+`"}]`))
		if got := hostText(ctx, "probe"); !strings.Contains(got, "probe "+c.name) {
			t.Errorf("probe renderer after %s: %q", c.name, got)
		}
	}
	dm := evalJS[[]float64](ctx, `(() => { const t0 = performance.now(); const m = T.r.host.dataModel("data"); return [performance.now() - t0, m.rows.length]; })()`)
	t.Logf("dataModel: %.1f ms, %v rows", dm[0], dm[1])
	if dm[1] != 9000 {
		t.Fatalf("dataModel rows = %v", dm[1])
	}
	if strictTiming && dm[0] > 100 {
		t.Errorf("dataModel() took %.0f ms, over 100 ms", dm[0])
	}
}
