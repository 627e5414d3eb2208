package main

import (
	"slices"
	"strconv"
	"time"
)

// mainThreadCases are the large payloads of the main-thread rows (ours only), built in
// the page so that only the renderer's work is timed: 10,000 lines in one process()
// call, one 5 MB updateDataModel line, one 5 MB updateComponents line and a surface of
// 5,000 Texts in one message. tests/browser (TestMainThreadBudget) checks that the
// same work is sliced; the figures are here.
var mainThreadCases = []struct{ id, label string }{
	{"lines", "10,000 lines in one process()"},
	{"data", "one 5 MB updateDataModel line"},
	{"comps", "one 5 MB updateComponents line"},
	{"shown", "5,000 Texts in one message"},
}

// mainThreadJS runs in ours' page: it mounts a renderer of its own (limits.maxLine 8
// MiB), builds the payloads and, for each case in turn, returns the longest main-thread
// task (PerformanceObserver "longtask": tasks over 50 ms; 0 when none was) and the time
// until the surface showed it; then the time of dataModel() on the 9,000-row model.
const mainThreadJS = `(async () => {
  const cat = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
  const create = (id) => JSON.stringify({version: "v0.9", createSurface: {surfaceId: id, catalogId: cat}});
  const text = (id, path) => JSON.stringify({version: "v0.9", updateComponents: {surfaceId: id, components: [{id: "root", component: "Text", text: {path}}]}});
  const pad = "x".repeat(500);
  const lines = [create("lines"), text("lines", "/title")];
  for (let i = 0; i < 10000; i++) lines.push(JSON.stringify({version: "v0.9", updateDataModel: {surfaceId: "lines", path: "/rows/" + i, value: {id: "row-" + i, n: i}}}));
  lines.push(JSON.stringify({version: "v0.9", updateDataModel: {surfaceId: "lines", path: "/title", value: "lines done"}}));
  const rows = [];
  for (let i = 0; i < 9000; i++) rows.push({id: "row-" + i, name: "Item " + i, note: pad});
  const comps = [{id: "root", component: "Column", children: ["t0", "t1", "t2"]}];
  for (let i = 0; i < 9000; i++) comps.push({id: "t" + i, component: "Text", text: (i < 3 ? "comps done " : "") + pad});
  const shown = [{id: "root", component: "Column", children: Array.from({length: 5000}, (_, i) => "s" + i)}];
  for (let i = 0; i < 5000; i++) shown.push({id: "s" + i, component: "Text", text: i === 4999 ? "shown done" : "Item " + i});
  const payloads = {
    lines: lines.join("\n") + "\n",
    data: [create("data"), text("data", "/title"), JSON.stringify({version: "v0.9", updateDataModel: {surfaceId: "data", value: {rows, title: "data done"}}})].join("\n") + "\n",
    comps: [create("comps"), JSON.stringify({version: "v0.9", updateComponents: {surfaceId: "comps", components: comps}})].join("\n") + "\n",
    shown: [create("shown"), JSON.stringify({version: "v0.9", updateComponents: {surfaceId: "shown", components: shown}})].join("\n") + "\n",
  };
  await A2UI.ready;
  const el = document.createElement("div");
  document.body.appendChild(el);
  const r = await A2UI.mount(el, {limits: {maxLine: 8388608}});
  let long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) long.push(e.duration); }).observe({type: "longtask"});
  const out = {};
  for (const id of ["lines", "data", "comps", "shown"]) {
    await new Promise((res) => setTimeout(res, 200));
    long = [];
    const t0 = performance.now();
    await Promise.race([new Promise((_, rej) => setTimeout(() => rej(new Error(id + " not shown after 60 s: " + el.shadowRoot.textContent.slice(0, 200))), 60000)), new Promise((res) => {
      const mo = new MutationObserver(() => { if (el.shadowRoot.textContent.includes(id + " done")) { mo.disconnect(); res(); } });
      mo.observe(el.shadowRoot, {subtree: true, childList: true, characterData: true});
      r.process(payloads[id]);
    })]);
    const total = performance.now() - t0;
    await new Promise((res) => setTimeout(res, 200));
    out[id] = {longest: Math.max(0, ...long), total};
  }
  const t0 = performance.now();
  const m = r.dataModel("data");
  out.dataModel = {ms: performance.now() - t0, rows: m.rows.length};
  r.destroy();
  return out;
})()`

// mainThread runs the main-thread rows in a fresh tab of ours' page.
func (b *bench) mainThread() {
	first := b.get("mainthread/lines/longest", "ours")
	t, err := b.openPage("ours")
	if err != nil {
		b.fail(first, "mainthread", "ours", err)
		return
	}
	defer t.cancel()
	var res map[string]struct {
		Longest float64 `json:"longest"`
		Total   float64 `json:"total"`
		Ms      float64 `json:"ms"`
		Rows    int     `json:"rows"`
	}
	if err := t.eval(mainThreadJS, b.cfg.ceiling+60*time.Second, &res); err != nil {
		b.fail(first, "mainthread", "ours", err)
		return
	}
	for _, c := range mainThreadCases {
		r := res[c.id]
		b.get("mainthread/"+c.id+"/longest", "ours").add(r.Longest)
		b.get("mainthread/"+c.id+"/total", "ours").add(r.Total)
		logf("  %-6s mainthread %-6s longest task %s ms of %s ms", "ours", c.id, fmtNum(r.Longest), fmtNum(r.Total))
	}
	dm := res["dataModel"]
	b.get("mainthread/datamodel", "ours").add(dm.Ms)
	logf("  %-6s mainthread dataModel() %s ms (%d rows)", "ours", fmtNum(dm.Ms), dm.Rows)
}

// mainThreadRows declares the rows in table order.
func (b *bench) mainThreadRows() {
	if !slices.Contains(b.cfg.renderers, "ours") {
		return
	}
	for _, c := range mainThreadCases {
		b.row("mainthread/"+c.id+"/longest", "ours: "+c.label+": longest main-thread task, ms (0: none over 50 ms)", rowDef{oursOnly: true, noRatio: true})
		b.row("mainthread/"+c.id+"/total", "… until shown, ms", rowDef{oursOnly: true, noRatio: true})
	}
	b.row("mainthread/datamodel", "ours: dataModel() of that "+strconv.Itoa(9000)+"-row (4.9 MB) model, ms", rowDef{oursOnly: true, noRatio: true})
}
