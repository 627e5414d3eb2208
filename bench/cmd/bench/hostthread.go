package main

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The host-page rows: what each renderer does to the main thread of the page that embeds
// it, as the page feels it. Every page's first script (bench/pages/probe.js) installs a
// buffered Long Tasks observer and starts a 16 ms setTimeout chain; the rows are the total
// blocking time (Σ over long tasks of duration − 50 ms), the longest task and, at start,
// the worst lateness of that chain. Ours has a row per mode: the page sets
// globalThis.A2UI_MODE from ?mode= before the loader.

// hostFig is what the probe saw from navigation until the first surface was painted.
type hostFig struct {
	Tbt       float64 `json:"tbt"`
	Longest   float64 `json:"longest"`
	LongCount int     `json:"longCount"`
	Lateness  float64 `json:"lateness"`
}

// hostVariant is one row of the host-page tables: a renderer, and for ours a mode.
type hostVariant struct {
	key      string // series key in b.res: "ours-main", "ours-worker", "lit", "react"
	renderer string // page: ours, lit, react
	mode     string // A2UI_MODE asked for (ours only)
	label    string
}

func (b *bench) hostVariants() []hostVariant {
	var out []hostVariant
	for _, r := range b.cfg.renderers {
		if r == "ours" {
			out = append(out,
				hostVariant{"ours-main", "ours", "main", "ours (main)"},
				hostVariant{"ours-worker", "ours", "worker", "ours (worker)"})
			continue
		}
		out = append(out, hostVariant{r, r, "", anchorNames[r]})
	}
	return out
}

func (v hostVariant) ours() bool { return v.renderer == "ours" }

// url is the variant's page with the mode knob and extra query parameters.
func (v hostVariant) url(b *bench, extra url.Values, fragment string) string {
	q := url.Values{}
	if v.mode != "" {
		q.Set("mode", v.mode)
	}
	for k, vs := range extra {
		q[k] = vs
	}
	u := b.srv.URL() + "/page/" + v.renderer + ".html"
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u + fragment
}

// hostStartCols and hostLoadCols are the columns of the two host-page tables: series id,
// header.
var hostStartCols = [][2]string{
	{"host/cold/tbt", "cold: blocking time"},
	{"host/cold/longest", "cold: longest task"},
	{"host/cold/lateness", "cold: 16 ms timer, worst lateness"},
	{"host/cold/paint", "cold: login form painted"},
	{"host/warm/tbt", "warm: blocking time"},
	{"host/warm/longest", "warm: longest task"},
	{"host/warm/lateness", "warm: 16 ms timer, worst lateness"},
	{"host/warm/paint", "warm: login form painted"},
}

// hostLoads are the workloads of the second table: BENCH.blocking(kind, n, ceiling).
var hostLoads = []struct {
	id, kind string
	n        int
	label    string
}{
	{"stream1000", "stream", 1000, "stream 1,000"},
	{"bulk1000", "bulk", 1000, "bulk 1,000"},
	{"bulk5000", "bulk", 5000, "bulk 5,000"},
	{"line5mb", "bigLine", 0, "one 5 MB line"},
}

func hostLoadCols() [][2]string {
	var out [][2]string
	for _, l := range hostLoads {
		out = append(out,
			[2]string{"host/" + l.id + "/tbt", l.label + ": blocking time"},
			[2]string{"host/" + l.id + "/longest", l.label + ": longest task"})
	}
	return out
}

// noteMode counts the mode a load of v reported (A2UI.mode), for the tables' notes.
func (b *bench) noteMode(v hostVariant, mode string) {
	if !v.ours() {
		return
	}
	if b.hostModes == nil {
		b.hostModes = map[string]map[string]int{}
	}
	if b.hostModes[v.key] == nil {
		b.hostModes[v.key] = map[string]int{}
	}
	if mode == "" {
		mode = "absent"
	}
	b.hostModes[v.key][mode]++
}

// hostRuns measures renderer r's variants once; ours' two modes take turns going first.
func (b *bench) hostRuns(r string, run int) {
	var vs []hostVariant
	for _, v := range b.hostVariants() {
		if v.renderer == r {
			vs = append(vs, v)
		}
	}
	if run%2 == 1 {
		slices.Reverse(vs)
	}
	for _, v := range vs {
		b.hostRun(v)
	}
}

// hostRun measures one variant once: start-up in a fresh browser, then the workloads.
func (b *bench) hostRun(v hostVariant) {
	b.hostStart(v)
	for _, l := range hostLoads {
		b.hostLoad(v, l.id, l.kind, l.n)
	}
}

// hostStart loads v's start-up page three times in one tab of a browser started for it
// with a fresh profile: the first load is cold (nothing cached anywhere, no renderer
// process of the site yet), the third warm (HTTP cache, V8's caches).
func (b *bench) hostStart(v hostVariant) {
	first := b.get("host/cold/tbt", v.key)
	br, err := startBrowser(b.cfg.chromium, filepath.Join(b.rootDir, ".tmp"), b.srv.spki(), b.cfg.jsFlags)
	if err != nil {
		b.fail(first, "host/start", v.key, err)
		return
	}
	defer br.stop()
	t, err := br.newTab(nil, false)
	if err != nil {
		b.fail(first, "host/start", v.key, err)
		return
	}
	defer t.cancel()
	var cold, warm startupResult
	for k := 1; k <= 3; k++ {
		res, err := b.loadStartupAt(t, v.url(b, url.Values{"load": {strconv.Itoa(k)}}, "#startup"))
		if err == nil && res.Host == nil {
			err = fmt.Errorf("load %d: no main-thread figures (no Long Tasks observer?)", k)
		}
		if err != nil {
			b.fail(first, "host/start", v.key, err)
			return
		}
		b.noteMode(v, res.Mode)
		switch k {
		case 1:
			cold = res
		case 3:
			warm = res
		}
	}
	for _, p := range []struct {
		name string
		res  startupResult
	}{{"cold", cold}, {"warm", warm}} {
		h := p.res.Host
		b.get("host/"+p.name+"/tbt", v.key).add(h.Tbt)
		b.get("host/"+p.name+"/longest", v.key).add(h.Longest)
		b.get("host/"+p.name+"/lateness", v.key).add(h.Lateness)
		b.get("host/"+p.name+"/paint", v.key).add(p.res.PaintMs)
		logf("  %-11s host %s   blocking %s ms, longest %s ms (%d long), timer late %s ms, painted %s ms%s", v.key, p.name,
			fmtNum(h.Tbt), fmtNum(h.Longest), h.LongCount, fmtNum(h.Lateness), fmtNum(p.res.PaintMs), modeLog(v, p.res.Mode))
	}
}

// hostLoad runs one workload on a fresh tab of v's page and keeps its blocking time and
// longest task. A variant that did not finish within the ceiling keeps the blocking time
// until it was stopped (shown with "> ceiling") and is not run again. One that rejected the
// workload (an error event or exception) has the error listed, and shown in its cell when no
// run rendered it.
func (b *bench) hostLoad(v hostVariant, id, kind string, n int) {
	st, sl := b.get("host/"+id+"/tbt", v.key), b.get("host/"+id+"/longest", v.key)
	if st.Over > 0 {
		return
	}
	extra := url.Values{}
	if kind == "bigLine" && v.ours() {
		extra.Set("maxline", strconv.Itoa(8<<20))
	}
	t, _, err := b.openPageAt(v.renderer, v.url(b, extra, ""))
	if err != nil {
		b.fail(st, "host/"+id, v.key, err)
		return
	}
	defer t.cancel()
	ceilMs := strconv.FormatInt(b.cfg.ceiling.Milliseconds(), 10)
	var res result
	if err := t.eval("BENCH.blocking("+strconv.Quote(kind)+","+strconv.Itoa(n)+","+ceilMs+")", b.cfg.ceiling+60*time.Second, &res); err != nil {
		b.fail(st, "host/"+id, v.key, err)
		return
	}
	b.noteMode(v, res.Mode)
	if res.Timeout && len(res.Errors) > 0 {
		msg := "not rendered: " + clip(errorSummary(res.Errors[0]), 120)
		st.Errors = append(st.Errors, msg)
		if len(st.Vals) == 0 {
			st.Text, sl.Text = msg, "–"
		}
		logf("  %-11s host %-10s not rendered: %s", v.key, id, res.Errors[0])
		return
	}
	st.Text, sl.Text = "", "" // a run that rendered it replaces an earlier rejection
	st.add(res.Tbt)
	sl.add(res.Longest)
	stopped := ""
	if res.Timeout {
		st.Over++
		sl.Over++
		stopped = fmt.Sprintf(" (stopped at %s, not finished)", b.cfg.ceiling)
	}
	logf("  %-11s host %-10s blocking %s ms, longest %s ms (%d long tasks)%s%s", v.key, id,
		fmtNum(res.Tbt), fmtNum(res.Longest), res.LongCount, stopped, modeLog(v, res.Mode))
}

func modeLog(v hostVariant, mode string) string {
	if !v.ours() {
		return ""
	}
	if mode == "" {
		mode = "absent"
	}
	return ", A2UI.mode " + mode
}

// hostModeNote says, for each of ours' rows, the mode its loads reported when that is not
// the mode asked for ("" when every load ran as asked).
func (b *bench) hostModeNote(v hostVariant) string {
	m := b.hostModes[v.key]
	total := 0
	for _, n := range m {
		total += n
	}
	if !v.ours() || total == 0 || m[v.mode] == total {
		return ""
	}
	var parts []string
	for _, k := range []string{"main", "worker", "absent"} {
		if m[k] > 0 && k != v.mode {
			parts = append(parts, fmt.Sprintf("%s in %d of %d loads", k, m[k], total))
		}
	}
	note := v.label + " asked for A2UI_MODE=\"" + v.mode + "\"; A2UI.mode was " + strings.Join(parts, ", ")
	if m["absent"] > 0 {
		note += " (a loader without A2UI.mode runs the engine on the main thread)"
	}
	return note + "."
}
