package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// markdown renders the results table (the content of bench/results.md).
func (b *bench) markdown(elapsed time.Duration) string {
	c := b.cfg
	ceiling := strconv.FormatFloat(c.ceiling.Seconds(), 'f', -1, 64) + " s"
	ceilMs := float64(c.ceiling.Milliseconds())
	var sb strings.Builder
	w := func(s ...string) {
		for _, x := range s {
			sb.WriteString(x)
		}
	}
	w("# Benchmark: Go/wasm renderer vs the official web renderers\n\n")
	w("Written by `make bench` (bench/cmd/bench) on ", time.Now().UTC().Format("2006-01-02"), ": ",
		b.br.version, ", ", runtime.Version(), ", ", cpuName(), ", ", strconv.Itoa(runtime.NumCPU()), " CPUs; ",
		strconv.Itoa(c.runs), " run(s) per cell, ceiling ", ceiling, ", took ", elapsed.Round(time.Second).String(), ".\n",
		"Ours: ", b.oursBuild(), ".\n\n")
	w("Each cell: median (min–max) over the runs; lower is better everywhere. ",
		"Ratio = ours / best anchor (median); \"< x\" when every anchor hit the ceiling. ",
		"Every run is a fresh tab; all three renderers get the same in-page generated v0.9 messages ",
		"(basic catalog) as JSON lines, one per task (bench/pages/harness.js).\n\n")
	names := []string{}
	for _, r := range c.renderers {
		names = append(names, anchorNames[r])
	}
	w("| workload | ", strings.Join(names, " | "), " | ours / best anchor |\n")
	w("|---|", strings.Repeat("---:|", len(c.renderers)), "---:|\n")
	for _, id := range b.order {
		def := b.rows[id]
		w("| ", def.label, " |")
		var anchors []*series
		for _, r := range c.renderers {
			s := b.res[id][r]
			if def.oursOnly && r != "ours" {
				w(" n/a |")
				if def.anchorRow != "" {
					anchors = append(anchors, b.res[def.anchorRow][r])
				}
				continue
			}
			w(" ", cell(s, ceiling), " |")
			if r != "ours" {
				anchors = append(anchors, s)
			}
		}
		if (def.oursOnly && def.anchorRow == "") || def.noRatio || !containsStr(c.renderers, "ours") {
			w(" – |\n")
			continue
		}
		w(" ", ratio(b.res[id]["ours"], anchors, ceilMs), " |\n")
	}
	w(b.hostMarkdown())
	w(b.traceMarkdown())
	w("\n")
	w(methodNotes)
	if errs := b.errorLines(); len(errs) > 0 {
		w("\n## Errors in this run\n\n")
		for _, e := range errs {
			w("- ", e, "\n")
		}
	}
	return sb.String()
}

const methodNotes = `## How each row is measured

- **stream**: createSurface, then updateComponents with a root Column listing t0…tN-1, then N
  updateComponents messages with one Text each, each message in its own task (MessageChannel,
  no timer clamp). Clock: from the first message to the first animation frame at which the
  DOM holds all N Text elements. A run that passes the ceiling is stopped and shown as
  "> ceiling"; a larger N is then not run for that renderer.
- **bulk**: the same root and N Texts in one updateComponents message.
- **update**: a Column whose children template over /rows (1,000 rows, Text bound to
  "label"); after it has rendered (and 50 ms and two frames more), one updateDataModel sets
  /rows/500/label. Clock: until the MutationObserver callback that sees the new text; mutation
  records are counted over every root and every open shadow root, until the page has been idle
  for 100 ms and two frames. Ours compiles its update path in idle time after its first frame
  (README "Size and performance"), which that pause leaves room for, as an agent's first
  update usually would.
- **typing**: a TextField bound to /name and a Text bound to /name. The driver sends real
  key events (CDP Input.dispatchKeyEvent) one at a time; per keystroke: the keydown event's
  timeStamp → the MutationObserver callback that shows the typed prefix in the Text.
- **cold / warm start**: the official login-form example (web_core 0.11.0
  v0_9/…/09_login-form.json) processed as soon as the renderer is ready; time since navigation
  start of the first animation frame after its text is in the DOM. Cold: a new browser
  context (empty HTTP cache and code cache). Warm: the third load in one browser context
  (static files are served with Cache-Control: max-age=3600 and come from the HTTP cache:
  Chromium trusts the test server's certificate by its key, as a certificate error would
  keep responses out of the cache; the page HTML is no-cache). DevTools' Network domain is
  off in every tab, as for a visitor (it copies each response body).
- **static page, prerendered**: the login form rendered to static HTML by ` + "`a2ui prerender -page`" + `
  (declarative shadow root, stylesheet and stream inline, the loader deferred), loaded cold;
  time since navigation start of the first animation frame after its text is in the DOM, as
  for the cold start; the ratio is against the anchors' cold start. "then": when the runtime
  has taken the form over (the prerendered section replaced, the form interactive).
- **bytes**: the renderer's own files that the cold load fetched (ours: a2ui.js,
  which bundles wasm_exec.js, the runtime and the CSS, and a2ui.wasm; anchors: the esbuild bundle
  --minify --format=esm --target=es2022, NODE_ENV=production, React also its CSS); gzip -9
  and brotli -q 11 of each file, summed. The benchmark harness and the page HTML are not counted.
  Served over HTTPS with the precompressed variant the browser asked for: zstd -19 for
  a2ui.wasm (Chromium accepts zstd; about 4% more bytes than the brotli counted here, decoded
  much faster), brotli for the rest.
- **host page main thread** (the tables under that heading): every page's first script,
  inline in its HTML (bench/pages/probe.js), installs a Long Tasks PerformanceObserver
  (buffered) and starts a 16 ms setTimeout chain: the page's own timer. Blocking time = Σ over
  the long tasks (over 50 ms) of duration − 50 ms; longest = the longest of them (0: none).
  Ours runs twice, with globalThis.A2UI_MODE set to "main" and to "worker" by an inline
  script before the loader (?mode=), and each load reports A2UI.mode; a mode that differs
  from the one asked for (or is absent: a loader without modes) is footnoted under the table.
  Start: a new Chromium with a fresh profile (the same flags) per renderer and run; its first
  load is cold (no HTTP cache, no code cache, no renderer process of the site yet), its third
  warm. Long tasks overlapping navigation → the login form painted (as in the start rows,
  whose painted time is repeated there); lateness = the worst delay of a tick due before that
  paint. Workloads: stream 1,000 and bulk 1,000 / 5,000 as in their rows, and one 5 MB
  updateDataModel line (9,000 rows of 540 bytes and the title a Text shows, sent once that
  Text is painted; ours mounted with limits.maxLine 8 MiB, the anchors get JSON.parse of
  it); long tasks overlapping the first message → shown, a frame, 100 ms and a frame. A run
  stopped at the ceiling keeps the blocking time until then ("> ceiling") and is not run
  again; a renderer that rejects the workload shows its error.
- **memory**: 100 copies of the login form (distinct surface ids) processed, rendered,
  deleted; then again. JS heap = performance.memory.usedJSHeapSize after gc()
  (--js-flags=--expose-gc, --enable-precise-memory-info). For ours also
  window.__a2uiGo.stats().liveFuncs and the wasm memory (instance.exports.mem, kept by
  bench/pages/wasm-hook.js). Wasm linear memory never shrinks; the Go heap inside it is reused.
`

func (b *bench) errorLines() []string {
	var out []string
	ids := slices.Clone(b.order)
	if b.hostRan {
		for _, c := range slices.Concat(hostStartCols, hostLoadCols()) {
			ids = append(ids, c[0])
		}
	}
	for _, id := range ids {
		for _, r := range slices.Concat(b.cfg.renderers, []string{"ours-main", "ours-worker"}) {
			if s := b.res[id][r]; s != nil {
				for _, e := range s.Errors {
					if len(e) > 400 {
						e = e[:400] + "…"
					}
					out = append(out, r+" "+id+": "+e)
				}
			}
		}
	}
	return out
}

// oursBuild says which build of ours ran: the commit and the wasm's build time.
func (b *bench) oursBuild() string {
	out := "dist/a2ui.wasm"
	if fi, err := os.Stat(filepath.Join(b.distDir, "a2ui.wasm")); err == nil {
		out += " built " + fi.ModTime().UTC().Format("2006-01-02 15:04 UTC")
	}
	if rev, err := exec.Command("git", "-C", b.rootDir, "rev-parse", "--short", "HEAD").Output(); err == nil {
		out += " at commit " + strings.TrimSpace(string(rev))
		if st, err := exec.Command("git", "-C", b.rootDir, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
			out += " (work tree had uncommitted changes)"
		}
	}
	return out
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// cpuName is the model name from /proc/cpuinfo ("unknown CPU" elsewhere).
func cpuName() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}
