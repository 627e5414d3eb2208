package main

import (
	"sort"
	"strconv"
	"strings"
)

// The start-up trace of ours: when each step of a page load ended, in ms since navigation
// start, from the Resource Timing entry of a2ui.wasm (its request, first and last byte)
// and the user-timing marks that web/a2ui-engine.js (a2ui:compiled, :instantiated, :started),
// web/a2ui-worker.js (a2ui:worker, :worker-loaded) and webhost (a2ui:go-main, :first-frame)
// set (in worker mode the worker's marks are copied onto the page's timeline); plus, from one load with GODEBUG=inittrace=1,
// the Go package inits.

// tracePhases are the trace's rows in page-load order: id, label.
var tracePhases = [][2]string{
	{"worker", "worker started (worker mode: its time origin)"},
	{"worker-loaded", "worker's script evaluated (worker mode)"},
	{"wasm-request", "a2ui.wasm requested (the loader ran)"},
	{"wasm-response", "a2ui.wasm first byte (fetch)"},
	{"wasm-fetched", "a2ui.wasm last byte (fetch)"},
	{"compiled", "wasm compiled (compileStreaming)"},
	{"instantiated", "wasm instantiated"},
	{"go-main", "Go runtime + package inits done (main entered)"},
	{"started", "renderer ready (API installed)"},
	{"first-frame", "first op batch applied"},
	{"dom", "login form text in the DOM"},
	{"painted", "login form painted (the startup row)"},
}

type traceMark struct {
	Name string  `json:"name"`
	T    float64 `json:"t"`
}

type resourceTiming struct {
	Name          string  `json:"name"`
	Transfer      float64 `json:"transfer"` // transferSize: 0 when the HTTP cache served it
	Start         float64 `json:"start"`    // startTime: when fetch() was called
	ResponseStart float64 `json:"responseStart"`
	ResponseEnd   float64 `json:"responseEnd"`
}

// phases extracts the trace of one startup load (missing steps are absent).
func phases(res startupResult) map[string]float64 {
	out := map[string]float64{"dom": res.DomMs, "painted": res.PaintMs}
	for _, m := range res.Marks {
		if id, ok := strings.CutPrefix(m.Name, "a2ui:"); ok {
			if _, dup := out[id]; !dup {
				out[id] = m.T
			}
		}
	}
	for _, r := range res.Resources {
		if strings.HasSuffix(strings.SplitN(r.Name, "?", 2)[0], ".wasm") {
			out["wasm-request"] = r.Start
			out["wasm-response"] = r.ResponseStart
			out["wasm-fetched"] = r.ResponseEnd
		}
	}
	return out
}

// initStat is one "init PKG @A ms, B ms clock, C bytes, D allocs" line of GODEBUG=inittrace=1.
type initStat struct {
	Pkg           string  `json:"pkg"`
	At, Clock     float64 // ms since the runtime started; ms spent
	Bytes, Allocs int64
}

// parseInittrace reads the runtime's inittrace lines; other lines are skipped.
func parseInittrace(lines []string) []initStat {
	var out []initStat
	for _, l := range lines {
		f := strings.Fields(strings.NewReplacer(",", " ", "@", " ").Replace(l))
		// init PKG AT ms CLOCK ms clock BYTES bytes ALLOCS allocs
		if len(f) != 11 || f[0] != "init" || f[3] != "ms" || f[6] != "clock" || f[8] != "bytes" || f[10] != "allocs" {
			continue
		}
		at, e1 := strconv.ParseFloat(f[2], 64)
		clock, e2 := strconv.ParseFloat(f[4], 64)
		by, e3 := strconv.ParseInt(f[7], 10, 64)
		al, e4 := strconv.ParseInt(f[9], 10, 64)
		if e1 != nil || e2 != nil || e3 != nil || e4 != nil {
			continue
		}
		out = append(out, initStat{Pkg: f[1], At: at, Clock: clock, Bytes: by, Allocs: al})
	}
	return out
}

// traceMarkdown renders the trace section of results.md ("" without data).
func (b *bench) traceMarkdown() string {
	if len(b.traces["cold"]) == 0 && len(b.traces["warm"]) == 0 {
		return ""
	}
	var sb strings.Builder
	w := func(s ...string) {
		for _, x := range s {
			sb.WriteString(x)
		}
	}
	cell := func(kind, id string) (float64, bool) {
		var vals []float64
		for _, p := range b.traces[kind] {
			if v, ok := p[id]; ok {
				vals = append(vals, v)
			}
		}
		m, _, _, ok := summary(vals)
		return m, ok
	}
	w("\n## Start-up trace (ours)\n\n")
	w("When each step ended, ms since navigation start (median over the runs; in parentheses ",
		"the time since the row above). From the a2ui.wasm Resource Timing entry (request: when ",
		"the loader called fetch) and the a2ui:* user-timing marks of web/a2ui.js and webhost. ",
		"Compilation streams, so it overlaps the download; \"compiled\" is how long after the last byte.\n\n")
	w("| step | cold | warm |\n|---|---:|---:|\n")
	prev := map[string]float64{}
	for _, ph := range tracePhases {
		w("| ", ph[1], " |")
		for _, kind := range []string{"cold", "warm"} {
			v, ok := cell(kind, ph[0])
			if !ok {
				w(" – |")
				continue
			}
			w(" ", fmtNum(v))
			if p, ok := prev[kind]; ok {
				w(" (+", fmtNum(max(v-p, 0)), ")")
			}
			w(" |")
			prev[kind] = v
		}
		w("\n")
	}
	if len(b.wasm) > 0 {
		w("\nHow the warm row's three loads got a2ui.wasm (one more traced sequence in a fresh browser context): ")
		for i, l := range b.wasm {
			if i > 0 {
				w("; ")
			}
			w(strings.TrimPrefix(l.String(), "load "))
		}
		w(". \"In-process cache\": V8 reused the module that an earlier page of the same renderer ",
			"process compiled, so nothing is compiled again. Chromium's wasm code cache (the one a visit ",
			"in a new renderer process would use) is written only after V8's caching threshold of ",
			"optimized code, which these short loads do not reach (`-wasmcache 3:3s` shows it; with ",
			"`-jsflags --wasm-caching-threshold=1000` in a persistent profile it is written and hit).\n")
	}
	if len(b.inits) > 0 {
		var clock float64
		var bytes, allocs int64
		for _, s := range b.inits {
			clock += s.Clock
			bytes += s.Bytes
			allocs += s.Allocs
		}
		w("\nPackage inits (one cold load with `data-godebug=\"inittrace=1\"`): ", strconv.Itoa(len(b.inits)),
			" packages, ", fmtNum(clock), " ms, ", group(strconv.FormatInt(bytes, 10)), " bytes in ",
			group(strconv.FormatInt(allocs, 10)), " allocations; the first started ", fmtNum(b.inits[0].At),
			" ms after the Go runtime started (the printing slows this load, so its gaps are not timed). Largest:\n\n")
		top := append([]initStat(nil), b.inits...)
		sort.SliceStable(top, func(i, j int) bool {
			if top[i].Clock != top[j].Clock {
				return top[i].Clock > top[j].Clock
			}
			return top[i].Bytes > top[j].Bytes
		})
		w("| package | ms | bytes | allocs |\n|---|---:|---:|---:|\n")
		for _, s := range top[:min(8, len(top))] {
			w("| ", s.Pkg, " | ", fmtNum(s.Clock), " | ", group(strconv.FormatInt(s.Bytes, 10)), " | ",
				group(strconv.FormatInt(s.Allocs, 10)), " |\n")
		}
	}
	return sb.String()
}

// traceLog is the one-line trace of a load for the progress log.
func traceLog(p map[string]float64) string {
	var parts []string
	for _, ph := range tracePhases {
		if v, ok := p[ph[0]]; ok {
			parts = append(parts, ph[0]+" "+fmtNum(v))
		}
	}
	return strings.Join(parts, ", ")
}
