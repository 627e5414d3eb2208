package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// bench holds the run state: results per row and renderer.
type bench struct {
	cfg      config
	srv      *server
	br       *browser
	pagesDir string
	distDir  string
	rootDir  string

	res   map[string]map[string]*series // row id → renderer → series
	order []string                      // row ids in table order
	rows  map[string]rowDef
	over  map[string]int // "workload/renderer" → smallest N that hit the ceiling
	extra map[string]any // details for results.json
	leak  string         // non-empty when our js.Func count did not return to baseline

	traces map[string][]map[string]float64 // ours' start-up trace: "cold"/"warm" → one per run
	inits  []initStat                      // ours' package inits (GODEBUG=inittrace=1), one load
	wasm   []wasmLoad                      // ours' three warm-row loads, traced once

	hostRan   bool                      // the host-page rows ran (BENCH_ONLY mainthread or host)
	hostModes map[string]map[string]int // ours' host-page rows: variant → A2UI.mode seen → loads
}

type rowDef struct {
	label    string
	oursOnly bool
	noRatio  bool
	// anchorRow: an ours-only row whose ratio is taken against the anchors of that row.
	anchorRow string
}

func (b *bench) row(id, label string, def rowDef) {
	if b.rows == nil {
		b.rows = map[string]rowDef{}
	}
	if _, ok := b.rows[id]; !ok {
		def.label = label
		b.rows[id] = def
		b.order = append(b.order, id)
	}
}

func (b *bench) get(id, renderer string) *series {
	m := b.res[id]
	if m == nil {
		m = map[string]*series{}
		b.res[id] = m
	}
	s := m[renderer]
	if s == nil {
		s = &series{}
		m[renderer] = s
	}
	return s
}

func (b *bench) note(key string, v any) {
	if b.extra == nil {
		b.extra = map[string]any{}
	}
	b.extra[key] = v
}

func (b *bench) pageURL(renderer, suffix string) string {
	return b.srv.URL() + "/page/" + renderer + ".html" + suffix
}

// result is what the harness's stream/bulk/update return.
type result struct {
	Renderer  string  `json:"renderer"`
	Ms        float64 `json:"ms"`
	Timeout   bool    `json:"timeout"`
	N         int     `json:"n"`
	Count     int     `json:"count"`
	Delivered int     `json:"delivered"`
	Mutations int     `json:"mutations"`
	Texts     int     `json:"texts"`
	Phase     string  `json:"phase"`
	// Errors are what the renderer reported while processing (our a2ui-error events, an
	// anchor's thrown exception): a renderer that rejects the workload is not "slow".
	Errors []string `json:"errors"`

	// From BENCH.blocking: the long tasks of the run (bench/pages/probe.js) and where our
	// engine ran (A2UI.mode; empty for the anchors, or when the loader does not say).
	Tbt       float64 `json:"tbt"`
	Longest   float64 `json:"longest"`
	LongCount int     `json:"longCount"`
	Mode      string  `json:"mode"`
}

// openPage opens a fresh tab on a renderer's page and runs BENCH.setup().
func (b *bench) openPage(renderer string) (*tab, error) {
	t, _, err := b.openPageInfo(renderer)
	return t, err
}

func (b *bench) openPageInfo(renderer string) (*tab, map[string]any, error) {
	return b.openPageAt(renderer, b.pageURL(renderer, ""))
}

// openPageAt opens a fresh tab on url (a page of renderer) and runs BENCH.setup().
func (b *bench) openPageAt(renderer, url string) (*tab, map[string]any, error) {
	t, err := b.br.newTab(nil, false)
	if err != nil {
		return nil, nil, err
	}
	if err := t.navigate(url, 60*time.Second); err != nil {
		t.cancel()
		return nil, nil, fmt.Errorf("load %s: %w", renderer, err)
	}
	var info map[string]any
	if err := t.eval("BENCH.setup()", 60*time.Second, &info); err != nil {
		t.cancel()
		return nil, nil, fmt.Errorf("%s setup: %w", renderer, err)
	}
	return t, info, nil
}

// rotate returns the renderers starting at run i, so no renderer always goes first.
func (b *bench) rotate(i int) []string {
	r := b.cfg.renderers
	out := make([]string, 0, len(r))
	for k := range r {
		out = append(out, r[(i+k)%len(r)])
	}
	return out
}

func (b *bench) runAll() {
	c := b.cfg
	ceilMs := float64(c.ceiling.Milliseconds())
	// Table rows in order (so a skipped workload still has its place).
	if c.want("stream") {
		for _, n := range c.streamNs {
			b.row("stream/"+strconv.Itoa(n), "stream "+group(strconv.Itoa(n))+" components, one per message: ms until all in the DOM", rowDef{})
		}
	}
	if c.want("bulk") {
		for _, n := range c.bulkNs {
			b.row("bulk/"+strconv.Itoa(n), "bulk "+group(strconv.Itoa(n))+" components in one message: ms until all in the DOM", rowDef{})
		}
	}
	if c.want("update") {
		b.row("update/ms", "updateDataModel of 1 row in a "+group(strconv.Itoa(c.rows))+"-row template: ms to DOM", rowDef{})
		b.row("update/mutations", "… DOM mutation records for that update", rowDef{})
	}
	if c.want("typing") {
		b.row("typing/ms", "typing "+strconv.Itoa(len(c.keys))+" chars into a TextField bound to a Text: ms per keystroke (median of the keystrokes)", rowDef{})
		b.row("typing/p95", "… 95th percentile keystroke, ms", rowDef{})
	}
	if c.want("startup") {
		b.row("startup/cold", "cold start (new profile, empty HTTP and code cache): navigation → login form painted, ms", rowDef{})
		b.row("startup/cold-ready", "… of which: navigation → renderer ready (cold), ms", rowDef{})
		b.row("startup/warm", "warm start (third load): navigation → login form painted, ms", rowDef{})
		b.row("startup/warm-ready", "… of which: navigation → renderer ready (warm), ms", rowDef{})
		if slices.Contains(c.renderers, "ours") {
			b.row("startup/prerendered", "static page, prerendered (`a2ui prerender -page`), cold: navigation → login form painted, ms (ratio: against the anchors' cold start)", rowDef{oursOnly: true, anchorRow: "startup/cold"})
			b.row("startup/prerendered-live", "… then: navigation → the runtime took the form over (interactive), ms", rowDef{oursOnly: true})
		}
	}
	if c.want("bytes") || c.want("startup") {
		b.row("bytes/raw", "bytes to render one surface (renderer files), raw", rowDef{})
		b.row("bytes/gzip", "… gzip -9", rowDef{})
		b.row("bytes/br", "… brotli -q 11", rowDef{})
	}
	if c.want("mainthread") {
		b.mainThreadRows()
	}
	if c.want("memory") {
		b.row("memory/jsheap", "JS heap growth after "+strconv.Itoa(c.surfaces)+" login-form surfaces created and deleted, KiB", rowDef{noRatio: true})
		b.row("memory/funcs", "ours: live js.Func callbacks: baseline → after "+strconv.Itoa(c.surfaces)+" → after "+strconv.Itoa(2*c.surfaces)+" surfaces created and deleted", rowDef{oursOnly: true})
		b.row("memory/wasm", "ours: wasm linear memory, MiB: baseline → after "+strconv.Itoa(c.surfaces)+" → after "+strconv.Itoa(2*c.surfaces), rowDef{oursOnly: true})
	}

	for run := 0; run < c.runs; run++ {
		logf("bench: run %d/%d", run+1, c.runs)
		for _, r := range b.rotate(run) {
			if c.want("stream") {
				for _, n := range c.streamNs {
					b.sized("stream", r, n, ceilMs)
				}
			}
			if c.want("bulk") {
				for _, n := range c.bulkNs {
					b.sized("bulk", r, n, ceilMs)
				}
			}
			if c.want("update") {
				b.update(r, ceilMs)
			}
			if c.want("typing") {
				b.typing(r)
			}
			if c.want("startup") || c.want("bytes") {
				b.startup(r, run)
			}
			if c.want("mainthread") && r == "ours" {
				b.mainThread()
			}
			if c.want("mainthread") || c.want("host") {
				b.hostRan = true
				b.hostRuns(r, run)
			}
			if c.want("memory") {
				b.memory(r, ceilMs)
			}
		}
	}
}

// sized runs stream or bulk with n components; a renderer that hit the ceiling at a
// smaller n (or at this n in an earlier run) is not run again.
func (b *bench) sized(kind, r string, n int, ceilMs float64) {
	id := kind + "/" + strconv.Itoa(n)
	s := b.get(id, r)
	key := kind + "/" + r
	if m, ok := b.over[key]; ok && m <= n {
		if m < n && s.Text == "" {
			if prev := b.res[kind+"/"+strconv.Itoa(m)][r]; prev != nil && prev.Text != "" {
				s.Text = "not run (N = " + group(strconv.Itoa(m)) + " was not rendered)"
			} else {
				s.Skipped = group(strconv.Itoa(m)) + " did"
			}
		} else if m == n && len(s.Vals) == 0 && s.Over == 0 && s.Text == "" {
			s.Over = 1
		}
		return
	}
	t, err := b.openPage(r)
	if err != nil {
		b.fail(s, id, r, err)
		return
	}
	defer t.cancel()
	var res result
	expr := "BENCH." + kind + "(" + strconv.Itoa(n) + "," + strconv.FormatFloat(ceilMs, 'f', 0, 64) + ")"
	err = t.eval(expr, b.cfg.ceiling+60*time.Second, &res)
	switch {
	case err != nil && strings.Contains(err.Error(), "deadline exceeded"):
		res.Timeout = true // the page itself hung past the ceiling
	case err != nil:
		b.fail(s, id, r, err)
		return
	}
	if res.Timeout && len(res.Errors) > 0 {
		s.Text = "not rendered: " + clip(errorSummary(res.Errors[0]), 160)
		b.over[key] = n
		logf("  %-6s %-12s not rendered: %s", r, id, res.Errors[0])
		return
	}
	if res.Timeout {
		s.Over++
		b.over[key] = n
		logf("  %-6s %-12s > %s (stopped)", r, id, b.cfg.ceiling)
		return
	}
	s.add(res.Ms)
	logf("  %-6s %-12s %10s ms", r, id, fmtNum(res.Ms))
}

func (b *bench) fail(s *series, id, r string, err error) {
	s.Errors = append(s.Errors, err.Error())
	logf("  %-6s %-12s ERROR %v", r, id, err)
}

func (b *bench) update(r string, ceilMs float64) {
	s, sm := b.get("update/ms", r), b.get("update/mutations", r)
	t, err := b.openPage(r)
	if err != nil {
		b.fail(s, "update", r, err)
		return
	}
	defer t.cancel()
	var res result
	if err := t.eval("BENCH.update("+strconv.Itoa(b.cfg.rows)+","+strconv.FormatFloat(ceilMs, 'f', 0, 64)+")", b.cfg.ceiling+60*time.Second, &res); err != nil {
		b.fail(s, "update", r, err)
		return
	}
	if res.Timeout {
		s.Over++
		logf("  %-6s update       > %s (%s)", r, b.cfg.ceiling, res.Phase)
		return
	}
	s.add(res.Ms)
	sm.add(float64(res.Mutations))
	logf("  %-6s update       %10s ms, %d mutation records", r, fmtNum(res.Ms), res.Mutations)
}

func (b *bench) typing(r string) {
	s, sp := b.get("typing/ms", r), b.get("typing/p95", r)
	t, err := b.openPage(r)
	if err != nil {
		b.fail(s, "typing", r, err)
		return
	}
	defer t.cancel()
	var info struct {
		Focused bool `json:"focused"`
	}
	if err := t.eval("BENCH.setupTyping(10000)", 30*time.Second, &info); err != nil {
		b.fail(s, "typing", r, err)
		return
	}
	if !info.Focused {
		b.fail(s, "typing", r, errors.New("the TextField's input did not take focus"))
		return
	}
	for i, ch := range b.cfg.keys {
		if err := t.key(string(ch), 10*time.Second); err != nil {
			b.fail(s, "typing", r, fmt.Errorf("key %d: %w", i, err))
			return
		}
		if err := t.poll("BENCH.typingState().done >= "+strconv.Itoa(i+1), 5*time.Second); err != nil {
			b.fail(s, "typing", r, fmt.Errorf("keystroke %d (%q) never reached the Text: %w", i+1, ch, err))
			return
		}
	}
	var st struct {
		Times     []float64 `json:"times"`
		Inner     []float64 `json:"inner"`
		Mutations int       `json:"mutations"`
	}
	if err := t.eval("BENCH.typingState()", 10*time.Second, &st); err != nil {
		b.fail(s, "typing", r, err)
		return
	}
	s.add(median(st.Times))
	sp.add(percentile(st.Times, 0.95))
	logf("  %-6s typing       %10s ms/key (p95 %s), %d mutation records", r, fmtNum(median(st.Times)), fmtNum(percentile(st.Times, 0.95)), st.Mutations)
	if os.Getenv("BENCH_TYPING_TIMES") != "" {
		// Per keystroke, in order: keydown → mutation, and its input event → mutation part.
		logf("  %-6s typing input→mutation p50 %s p95 %s", r, fmtNum(median(st.Inner)), fmtNum(percentile(st.Inner, 0.95)))
		logf("  %-6s typing times %s", r, fmtList(st.Times))
		logf("  %-6s typing inner %s", r, fmtList(st.Inner))
	}
}

func percentile(vals []float64, p float64) float64 {
	if len(vals) == 0 {
		return 0
	}
	v := append([]float64(nil), vals...)
	for i := 1; i < len(v); i++ { // insertion sort: 50 values
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
	k := int(p*float64(len(v)-1) + 0.5)
	return v[k]
}

type startupResult struct {
	Renderer string   `json:"renderer"`
	ReadyMs  float64  `json:"readyMs"` // renderer ready (ours: wasm compiled, Go runtime started)
	DomMs    float64  `json:"domMs"`
	PaintMs  float64  `json:"paintMs"`
	FcpMs    *float64 `json:"fcpMs"`
	Timeout  bool     `json:"timeout"`
	Error    string   `json:"error"`
	Mode     string   `json:"mode"` // A2UI.mode after the load (ours; empty when the loader does not say)
	Host     *hostFig `json:"host"` // the main-thread probe until the paint (bench/pages/probe.js)

	Marks     []traceMark      `json:"marks"`
	Resources []resourceTiming `json:"resources"`
	Inittrace []string         `json:"inittrace"`
}

// loadStartup navigates t to the startup page and returns the harness's numbers.
func (b *bench) loadStartup(t *tab, r string, k int) (startupResult, error) {
	q := "?load=" + strconv.Itoa(k)
	if r == "ours" && b.cfg.mode != "" {
		q += "&mode=" + url.QueryEscape(b.cfg.mode)
	}
	return b.loadStartupAt(t, b.pageURL(r, q+"#startup"))
}

// loadStartupAt navigates t to url, a start-up page (…#startup), and returns its numbers.
func (b *bench) loadStartupAt(t *tab, url string) (startupResult, error) {
	var res startupResult
	if err := t.navigate(url, 60*time.Second); err != nil {
		return res, err
	}
	if err := t.poll("window.BENCH_startup", 60*time.Second); err != nil {
		return res, fmt.Errorf("startup never finished: %w", err)
	}
	if err := t.eval("window.BENCH_startup", 10*time.Second, &res); err != nil {
		return res, err
	}
	if res.Error != "" {
		return res, errors.New(res.Error)
	}
	if res.Timeout {
		return res, errors.New("login form never rendered")
	}
	return res, nil
}

func (b *bench) startup(r string, run int) {
	// Cold: a new browser context (empty HTTP cache, no code cache).
	sc := b.get("startup/cold", r)
	t, err := b.br.newTab(nil, true)
	if err != nil {
		b.fail(sc, "startup", r, err)
		return
	}
	b.srv.resetLog()
	res, err := b.loadStartup(t, r, 0)
	log := b.srv.takeLog()
	t.cancel()
	if err != nil {
		b.fail(sc, "startup", r, err)
		return
	}
	sc.add(res.PaintMs)
	if run == 0 {
		sz, err := rendererBytes(log, b.pagesDir)
		if err != nil {
			b.fail(b.get("bytes/raw", r), "bytes", r, err)
		} else {
			b.get("bytes/raw", r).add(float64(sz.Raw))
			b.get("bytes/gzip", r).add(float64(sz.Gzip))
			b.get("bytes/br", r).add(float64(sz.Brotli))
			b.note("bytes/"+r, sz)
			b.note("requests/"+r, log)
			logf("  %-6s bytes        raw %s, gzip %s, br %s (%s)", r, group(strconv.FormatInt(sz.Raw, 10)), group(strconv.FormatInt(sz.Gzip, 10)), group(strconv.FormatInt(sz.Brotli, 10)), strings.Join(sz.Files, " "))
		}
	}
	if !b.cfg.want("startup") {
		return
	}
	// Warm: the third load in one browser context.
	sw := b.get("startup/warm", r)
	t, err = b.br.newTab(nil, true)
	if err != nil {
		b.fail(sw, "startup", r, err)
		return
	}
	defer t.cancel()
	var warm startupResult
	for k := 1; k <= 3; k++ {
		if warm, err = b.loadStartup(t, r, k); err != nil {
			b.fail(sw, "startup", r, err)
			return
		}
	}
	sw.add(warm.PaintMs)
	b.get("startup/cold-ready", r).add(res.ReadyMs)
	b.get("startup/warm-ready", r).add(warm.ReadyMs)
	logf("  %-6s startup      cold %s ms (ready at %s), warm %s ms (ready at %s)", r, fmtNum(res.PaintMs), fmtNum(res.ReadyMs), fmtNum(warm.PaintMs), fmtNum(warm.ReadyMs))
	if r == "ours" {
		b.traceStartup(res, warm, run)
		b.prerendered()
	}
}

// prerendered loads the prerendered static page cold (a new browser context).
func (b *bench) prerendered() {
	sp := b.get("startup/prerendered", "ours")
	t, err := b.br.newTab(nil, true)
	if err != nil {
		b.fail(sp, "startup", "ours", err)
		return
	}
	defer t.cancel()
	res, err := b.loadStartup(t, "ours-prerendered", 0)
	if err != nil {
		b.fail(sp, "startup", "ours", err)
		return
	}
	sp.add(res.PaintMs)
	b.get("startup/prerendered-live", "ours").add(res.ReadyMs)
	logf("  ours   prerendered  painted %s ms, taken over at %s ms", fmtNum(res.PaintMs), fmtNum(res.ReadyMs))
}

// traceStartup keeps ours' start-up trace of a cold and a warm load and, on the first
// run, loads the inittrace page once (cold) for the package-init table.
func (b *bench) traceStartup(cold, warm startupResult, run int) {
	if b.traces == nil {
		b.traces = map[string][]map[string]float64{}
	}
	pc, pw := phases(cold), phases(warm)
	b.traces["cold"] = append(b.traces["cold"], pc)
	b.traces["warm"] = append(b.traces["warm"], pw)
	logf("  ours   trace cold   %s", traceLog(pc))
	logf("  ours   trace warm   %s", traceLog(pw))
	if run != 0 {
		return
	}
	t, err := b.br.newTab(nil, true)
	if err != nil {
		logf("  ours   inittrace: %v", err)
		return
	}
	defer t.cancel()
	res, err := b.loadStartup(t, "ours-inittrace", 0)
	if err != nil {
		logf("  ours   inittrace: %v", err)
		return
	}
	b.inits = parseInittrace(res.Inittrace)
	b.note("inittrace/ours", b.inits)
	// How the warm row's loads get the module (HTTP cache, V8's caches), traced once.
	if b.wasm, err = b.traceWasmCache("ours", 3, 0); err != nil {
		logf("  ours   wasm cache trace: %v", err)
		return
	}
	b.note("wasmloads/ours", b.wasm)
	for _, l := range b.wasm {
		logf("  ours   wasm %s", l)
	}
}

type memSnap struct {
	JSHeap     *float64 `json:"jsHeap"`
	LiveFuncs  *float64 `json:"liveFuncs"`
	Renderers  *float64 `json:"renderers"`
	WasmMemory *float64 `json:"wasmMemory"`
}

func (b *bench) memory(r string, ceilMs float64) {
	sh := b.get("memory/jsheap", r)
	t, err := b.openPage(r)
	if err != nil {
		b.fail(sh, "memory", r, err)
		return
	}
	defer t.cancel()
	var res struct {
		Base, After, After2 memSnap
		RoundMs             []float64 `json:"roundMs"`
	}
	if err := t.eval("BENCH.memory("+strconv.Itoa(b.cfg.surfaces)+","+strconv.FormatFloat(ceilMs, 'f', 0, 64)+")", b.cfg.ceiling*3+60*time.Second, &res); err != nil {
		b.fail(sh, "memory", r, err)
		return
	}
	if res.Base.JSHeap != nil && res.After.JSHeap != nil {
		sh.add((*res.After.JSHeap - *res.Base.JSHeap) / 1024)
	}
	line := fmt.Sprintf("  %-6s memory       JS heap %s → %s → %s KiB", r, kib(res.Base.JSHeap), kib(res.After.JSHeap), kib(res.After2.JSHeap))
	if r == "ours" {
		f := b.get("memory/funcs", r)
		w := b.get("memory/wasm", r)
		if res.Base.LiveFuncs == nil || res.After.LiveFuncs == nil {
			f.Text = "n/a (window.__a2uiGo.stats() missing)"
		} else {
			base, a1, a2 := *res.Base.LiveFuncs, *res.After.LiveFuncs, num(res.After2.LiveFuncs)
			verdict := "returns to baseline"
			if a1 != base || a2 != base {
				verdict = "DOES NOT return to baseline"
				b.leak = fmt.Sprintf("live js.Func %s → %s → %s", fmtNum(base), fmtNum(a1), fmtNum(a2))
			}
			f.Text = fmtNum(base) + " → " + fmtNum(a1) + " → " + fmtNum(a2) + " (" + verdict + ")"
			line += fmt.Sprintf("; live js.Func %s → %s → %s", fmtNum(base), fmtNum(a1), fmtNum(a2))
		}
		if res.Base.WasmMemory == nil {
			w.Text = "n/a (no wasm instance captured)"
		} else {
			w.Text = mib(res.Base.WasmMemory) + " → " + mib(res.After.WasmMemory) + " → " + mib(res.After2.WasmMemory)
			line += "; wasm memory " + w.Text + " MiB"
		}
		if res.Base.Renderers != nil {
			line += fmt.Sprintf("; renderers %s → %s", fmtNum(*res.Base.Renderers), fmtNum(num(res.After.Renderers)))
		}
	}
	b.note("memory/"+r, res)
	logf("%s (rounds %v ms)", line, res.RoundMs)
}

func num(p *float64) float64 {
	if p == nil {
		return -1
	}
	return *p
}

func kib(p *float64) string {
	if p == nil {
		return "?"
	}
	return fmtNum(*p / 1024)
}

func mib(p *float64) string {
	if p == nil {
		return "?"
	}
	return strconv.FormatFloat(*p/(1<<20), 'f', 1, 64)
}

// dumpPages renders the harness probe on each page and prints what the harness found
// (the Text selector) plus a small template: a check that the adapters work.
func (b *bench) dumpPages() error {
	for _, r := range b.cfg.renderers {
		t, info, err := b.openPageInfo(r)
		if err != nil {
			return err
		}
		var res result
		if err := t.eval("BENCH.bulk(3, 10000)", 30*time.Second, &res); err != nil {
			t.cancel()
			return err
		}
		var html []string
		if err := t.eval("BENCH.dump()", 10*time.Second, &html); err != nil {
			t.cancel()
			return err
		}
		fmt.Printf("== %s: setup %v\n   bulk(3) %+v\n", r, info, res)
		for _, h := range html {
			fmt.Println(h)
		}
		if errs := t.errs.list(); len(errs) > 0 {
			fmt.Println("page errors:", strings.Join(errs, "\n"))
		}
		t.cancel()
	}
	return nil
}

// errorSummary shortens an A2UI error message ({"error":{code,message,…}}) to
// "CODE: message"; other text is returned as is.
func errorSummary(s string) string {
	var m struct {
		Error *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(s), &m) == nil && m.Error != nil && m.Error.Code != "" {
		return m.Error.Code + ": " + m.Error.Message
	}
	return s
}

func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "|", "/")
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// fmtList prints per-keystroke times with one decimal.
func fmtList(v []float64) string {
	var sb strings.Builder
	for i, x := range v {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.FormatFloat(x, 'f', 1, 64))
	}
	return sb.String()
}
