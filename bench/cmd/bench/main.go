// Command bench is the driver of `make bench`: it serves the three comparison pages
// (our Go/wasm renderer from dist/, @a2ui/lit 0.11.0 and @a2ui/react 0.11.1 bundled by
// bench/run.sh into bench/dist/) from an httptest TLS server with precompressed files,
// drives them in headless Chromium, runs the same in-page workloads
// (bench/pages/harness.js) on each, and prints a table of medians (min–max over the
// runs) with the ratio ours / best anchor, also written to bench/results.md.
//
// It is a benchmark, not a test: it prints numbers and fails only when a page cannot
// be driven at all or when our renderer leaks js.Func callbacks (a correctness check).
//
// Knobs (flags, or the environment of `make bench`): BENCH_RUNS (runs per row, default 5),
// BENCH_QUICK=1 (one run, smaller N, 5 s ceiling), BENCH_CEILING (seconds, default 20),
// BENCH_ONLY (comma list of stream,bulk,update,typing,mainthread,host,startup,bytes,memory;
// mainthread includes host, the host-page main-thread tables),
// BENCH_RENDERERS (comma list of ours,lit,react), CHROMIUM (default: the first Chromium found),
// BENCH_TYPING_TIMES=1 (log each keystroke's time, and its input event → mutation part).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/a2ui-go/a2ui/internal/headless"
)

type config struct {
	root      string
	runs      int
	quick     bool
	ceiling   time.Duration
	streamNs  []int
	bulkNs    []int
	rows      int
	keys      string
	surfaces  int
	renderers []string
	only      map[string]bool
	chromium  string
	out       string
	jsonOut   string
	dump      bool
	dist      string
	profile   string
	profTop   int
	profOut   string
	wasmCache string
	jsFlags   string
	mode      string // -mode: ours' engine mode on the start-up page (diagnostics)
	timeline  string
	traceOut  string
	wasmEnc   string
}

var anchorNames = map[string]string{
	"ours":  "ours (Go/wasm)",
	"lit":   "@a2ui/lit 0.11.0",
	"react": "@a2ui/react 0.11.1",
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func envList(name, def string) []string {
	v := os.Getenv(name)
	if v == "" {
		v = def
	}
	var out []string
	for s := range strings.SplitSeq(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func main() {
	cfg := config{}
	quickEnv := os.Getenv("BENCH_QUICK")
	flag.StringVar(&cfg.root, "root", ".", "repository root (dist/, bench/, node_modules/)")
	flag.IntVar(&cfg.runs, "runs", envInt("BENCH_RUNS", 5), "runs per row (BENCH_RUNS)")
	flag.BoolVar(&cfg.quick, "quick", quickEnv != "" && quickEnv != "0", "quick mode: 1 run, N ≤ 1000, 5 s ceiling (BENCH_QUICK=1)")
	ceil := flag.Int("ceiling", envInt("BENCH_CEILING", 20), "seconds after which a streaming/bulk run stops and reports > ceiling (BENCH_CEILING)")
	only := flag.String("only", strings.Join(envList("BENCH_ONLY", ""), ","), "comma list of workloads (BENCH_ONLY): stream,bulk,update,typing,mainthread (includes host),host,startup,bytes,memory")
	rend := flag.String("renderers", strings.Join(envList("BENCH_RENDERERS", "ours,lit,react"), ","), "comma list of renderers (BENCH_RENDERERS)")
	flag.StringVar(&cfg.chromium, "chromium", headless.ChromiumPath(), "Chromium binary (CHROMIUM)")
	flag.StringVar(&cfg.out, "out", "bench/results.md", "markdown results file")
	flag.StringVar(&cfg.jsonOut, "json", "bench/out/results.json", "raw results (JSON)")
	flag.BoolVar(&cfg.dump, "dump", false, "render a probe on each page, print its DOM and exit")
	flag.StringVar(&cfg.dist, "dist", "dist", "our built site (a2ui.js, a2ui.wasm, …)")
	flag.StringVar(&cfg.profile, "profile", "", "RENDERER:EXPR — run one harness call (e.g. ours:BENCH.bulk(1000,20000); ours:startup profiles a cold load from navigation to the painted login form, ours:warm-startup the third load in one browser context) under the CPU profiler, print the top functions and exit")
	flag.IntVar(&cfg.profTop, "top", 40, "functions listed by -profile (0: run without the sampling profiler, to time the call or trace it alone)")
	flag.StringVar(&cfg.profOut, "profile-out", "", "with -profile: also write the raw profile (a .cpuprofile that DevTools opens) to this file")
	flag.StringVar(&cfg.wasmCache, "wasmcache", "", "LOADS:DWELL — load our start-up page LOADS times in one browser context under tracing (staying DWELL, e.g. 3s, on each page), print how each load got a2ui.wasm (HTTP cache, V8 module cache, code cache, lazy compilations) and exit")
	flag.StringVar(&cfg.timeline, "timeline", "", "LOADS[:RUNS] — load each renderer's start-up page LOADS times in one fresh browser context, print the last load's navigation, resource and user-timing entries and exit (RUNS times)")
	flag.StringVar(&cfg.traceOut, "trace-out", "", "with -wasmcache: also write the trace's events (more categories: main-thread tasks, loading) to this JSON file; with -profile: trace the workload (tasks, frames, script, style, layout, paint) into this file")
	flag.StringVar(&cfg.wasmEnc, "wasm-encoding", "", "serve every .wasm in this encoding whatever the browser accepts: zstd, br, gzip or identity (default: what the browser accepts, in that order)")
	flag.StringVar(&cfg.jsFlags, "jsflags", "", "extra V8 flags for Chromium (e.g. --wasm-caching-threshold=1000)")
	flag.StringVar(&cfg.mode, "mode", "", "with -timeline, -wasmcache or -profile: the engine mode ours' start-up page asks for (main or worker; default: the loader's choice)")
	flag.Parse()

	cfg.ceiling = time.Duration(*ceil) * time.Second
	cfg.streamNs = []int{100, 1000, 10000}
	cfg.bulkNs = []int{1000, 5000}
	cfg.rows = 1000
	cfg.keys = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWX" // 50 distinct characters
	cfg.surfaces = 100
	if cfg.quick {
		if os.Getenv("BENCH_RUNS") == "" {
			cfg.runs = 1
		}
		if os.Getenv("BENCH_CEILING") == "" {
			cfg.ceiling = 5 * time.Second
		}
		cfg.streamNs = []int{100, 1000}
		cfg.bulkNs = []int{1000}
	}
	cfg.renderers = splitList(*rend)
	if o := splitList(*only); len(o) > 0 {
		cfg.only = map[string]bool{}
		for _, w := range o {
			cfg.only[w] = true
		}
	}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func splitList(s string) []string {
	var out []string
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (c *config) want(workload string) bool { return c.only == nil || c.only[workload] }

func run(cfg config) error {
	root, err := filepath.Abs(cfg.root)
	if err != nil {
		return err
	}
	dist := cfg.dist
	if !filepath.IsAbs(dist) {
		dist = filepath.Join(root, dist)
	}
	anchors := filepath.Join(root, "bench", "dist")
	pages := filepath.Join(root, "bench", "pages")
	for _, f := range []string{filepath.Join(dist, "a2ui.js"), filepath.Join(dist, "a2ui.wasm")} {
		if _, err := os.Stat(f); err != nil && slices.Contains(cfg.renderers, "ours") {
			return fmt.Errorf("%s missing: run make build", f)
		}
	}
	for _, f := range []string{"lit.js", "react.js"} {
		if _, err := os.Stat(filepath.Join(anchors, f)); err != nil {
			return fmt.Errorf("%s missing: bench/run.sh bundles the anchors", filepath.Join(anchors, f))
		}
	}
	login, err := loginScript(filepath.Join(root, "node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/basic/examples/09_login-form.json"))
	if err != nil {
		return fmt.Errorf("login example (npm ci): %w", err)
	}
	gen := map[string]generated{"/bench/login.js": {login, "text/javascript; charset=utf-8"}}
	lines, _ := loginLines(filepath.Join(root, "node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/basic/examples/09_login-form.json"))
	probe, err := readProbe(pages)
	if err != nil {
		return err
	}
	pre, err := prerenderedPage(lines, probe)
	if err != nil {
		return err
	}
	gen["/page/ours-prerendered.html"] = generated{pre, "text/html; charset=utf-8"}
	gen["/page/blank.html"] = generated{[]byte("<!doctype html><title>blank</title>\n"), "text/html; charset=utf-8"}
	for _, r := range []string{"ours", "ours-inittrace", "lit", "react"} {
		gen["/page/"+r+".html"] = generated{pageHTML(r, probe), "text/html; charset=utf-8"}
	}
	srv := newServer([]mount{
		{"/ours/", dist},
		{"/anchors/", anchors},
		{"/bench/", pages},
	}, gen)
	defer srv.Close()
	switch cfg.wasmEnc {
	case "", "br", "gzip", "identity", "zstd":
		srv.wasmEncoding = cfg.wasmEnc
	default:
		return fmt.Errorf("-wasm-encoding: want zstd, br, gzip or identity")
	}

	br, err := startBrowser(cfg.chromium, filepath.Join(root, ".tmp"), srv.spki(), cfg.jsFlags)
	if err != nil {
		return err
	}
	defer br.stop()

	b := &bench{cfg: cfg, srv: srv, br: br, pagesDir: pages, distDir: dist, rootDir: root, res: map[string]map[string]*series{}, over: map[string]int{}}
	if cfg.dump {
		return b.dumpPages()
	}
	if cfg.profile != "" {
		r, expr, ok := strings.Cut(cfg.profile, ":")
		if !ok {
			return fmt.Errorf("-profile wants RENDERER:EXPR")
		}
		return b.profile(r, expr, cfg.profTop)
	}
	if cfg.wasmCache != "" {
		return b.printWasmCache(cfg.wasmCache)
	}
	if cfg.timeline != "" {
		return b.printTimeline(cfg.timeline)
	}
	start := time.Now()
	logf("bench: %s, %d run(s), ceiling %s, renderers %s", br.version, cfg.runs, cfg.ceiling, strings.Join(cfg.renderers, ","))
	b.runAll()
	elapsed := time.Since(start)

	md := b.markdown(elapsed)
	fmt.Print(md)
	if err := os.WriteFile(filepath.Join(root, cfg.out), []byte(md), 0o644); err != nil {
		return err
	}
	if cfg.jsonOut != "" {
		p := filepath.Join(root, cfg.jsonOut)
		os.MkdirAll(filepath.Dir(p), 0o755)
		raw, _ := json.MarshalIndent(map[string]any{
			"chromium": br.version, "go": runtime.Version(), "runs": cfg.runs,
			"ceilingMs": cfg.ceiling.Milliseconds(), "results": b.res, "extra": b.extra, "hostModes": b.hostModes,
		}, "", "  ")
		if err := os.WriteFile(p, raw, 0o644); err != nil {
			return err
		}
	}
	logf("bench: wrote %s (%s)", cfg.out, elapsed.Round(time.Second))
	if b.leak != "" {
		return fmt.Errorf("js.Func callbacks do not return to baseline: %s", b.leak)
	}
	return nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}
