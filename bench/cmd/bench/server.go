package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a2ui-go/a2ui/prerender"
)

// server serves the comparison pages over TLS (Chromium only asks for brotli on
// https) from an httptest server. Static files come from mounted directories and
// are sent precompressed: FILE.zst when the browser accepts zstd and it exists (the
// wasm), else FILE.br, else FILE.gz, else FILE. Every request is logged so a page
// load can be attributed.
type server struct {
	mounts []mount
	gen    map[string]generated
	// wasmEncoding, when set, is the Accept-Encoding used for .wasm files whatever the
	// browser sent ("zstd", "br", "gzip" or "identity": the -wasm-encoding flag).
	wasmEncoding string

	mu  sync.Mutex
	log []request

	ts *httptest.Server
}

type mount struct {
	prefix string // URL prefix, with trailing slash
	dir    string
}

type generated struct {
	body        []byte
	contentType string
}

// request is one logged response.
type request struct {
	Path     string `json:"path"`
	File     string `json:"file,omitempty"`
	Encoding string `json:"encoding,omitempty"`
	Bytes    int64  `json:"bytes"`
	Status   int    `json:"status"`
}

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".json": "application/json",
}

func newServer(mounts []mount, gen map[string]generated) *server {
	s := &server{mounts: mounts, gen: gen}
	s.ts = httptest.NewTLSServer(s)
	return s
}

func (s *server) URL() string { return s.ts.URL }

func (s *server) Close() { s.ts.Close() }

// spki is the base64 SHA-256 of the server certificate's public key, for Chromium's
// --ignore-certificate-errors-spki-list.
func (s *server) spki() string {
	sum := sha256.Sum256(s.ts.Certificate().RawSubjectPublicKeyInfo)
	return base64.StdEncoding.EncodeToString(sum[:])
}

// resetLog starts a new attribution window and returns nothing; takeLog returns
// the requests since the last reset.
func (s *server) resetLog() {
	s.mu.Lock()
	s.log = nil
	s.mu.Unlock()
}

func (s *server) takeLog() []request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.log
	s.log = nil
	return out
}

type countingWriter struct {
	http.ResponseWriter
	n      int64
	status int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

func (w *countingWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (s *server) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	w := &countingWriter{ResponseWriter: rw, status: http.StatusOK}
	p := path.Clean("/" + r.URL.Path)
	rec := request{Path: p}
	defer func() {
		rec.Bytes = w.n
		rec.Status = w.status
		s.mu.Lock()
		s.log = append(s.log, rec)
		s.mu.Unlock()
	}()

	if g, ok := s.gen[p]; ok {
		w.Header().Set("Content-Type", g.contentType)
		// The pages are fetched anew on each visit; the generated harness data
		// (/bench/login.js, a parser-blocking script on every page) is cached like the
		// harness's static files, or each warm load would wait a round trip for it
		// before any renderer's script runs.
		if strings.HasPrefix(g.contentType, "text/html") {
			w.Header().Set("Cache-Control", "no-cache")
		} else {
			w.Header().Set("Cache-Control", "public, max-age=3600")
		}
		w.Write(g.body)
		return
	}
	file := s.resolve(p)
	if file == "" {
		http.NotFound(w, r)
		return
	}
	rec.File = file
	fi, err := os.Stat(file)
	if err != nil || fi.IsDir() {
		http.NotFound(w, r)
		return
	}
	send, enc := file, ""
	accept := r.Header.Get("Accept-Encoding")
	if s.wasmEncoding != "" && strings.HasSuffix(file, ".wasm") {
		accept = s.wasmEncoding // -wasm-encoding: every .wasm in this encoding
	}
	// As cmd/demo-agent serves: zstd (make build writes a .zst of the wasm only), brotli, gzip.
	if acceptsEncoding(accept, "zstd") && fresh(file+".zst", fi.ModTime()) {
		send, enc = file+".zst", "zstd"
	} else if acceptsEncoding(accept, "br") && fresh(file+".br", fi.ModTime()) {
		send, enc = file+".br", "br"
	} else if acceptsEncoding(accept, "gzip") && fresh(file+".gz", fi.ModTime()) {
		send, enc = file+".gz", "gzip"
	}
	rec.Encoding = enc
	f, err := os.Open(send)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer f.Close()
	h := w.Header()
	if ct, ok := contentTypes[filepath.Ext(file)]; ok {
		h.Set("Content-Type", ct)
	} else {
		h.Set("Content-Type", "application/octet-stream")
	}
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	h.Set("Vary", "Accept-Encoding")
	// Cacheable for an hour: the warm-start rows measure a page whose static files come from
	// the browser's HTTP cache (and its code cache), as on a real second visit. Our
	// content-hashed wasm (a2ui.<hash>.wasm) is immutable, as cmd/demo-agent serves it.
	if strings.HasPrefix(p, "/ours/a2ui.") && strings.HasSuffix(p, ".wasm") && p != "/ours/a2ui.wasm" {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=3600")
	}
	http.ServeContent(w, r, "", fi.ModTime(), f)
}

// resolve maps a URL path to a file under a mount ("" when none matches).
func (s *server) resolve(p string) string {
	for _, m := range s.mounts {
		if rel, ok := strings.CutPrefix(p, m.prefix); ok && rel != "" {
			return filepath.Join(m.dir, filepath.FromSlash(rel))
		}
	}
	return ""
}

func acceptsEncoding(header, enc string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), enc) {
			for param := range strings.SplitSeq(params, ";") {
				k, v, _ := strings.Cut(strings.TrimSpace(param), "=")
				if strings.EqualFold(k, "q") {
					q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
					return err == nil && q > 0
				}
			}
			return true
		}
	}
	return false
}

// fresh reports whether a precompressed sibling exists and is not older than its source
// (to the second: gzip -k and brotli copy the source's mtime, brotli without sub-seconds).
func fresh(file string, src time.Time) bool {
	fi, err := os.Stat(file)
	return err == nil && !olderThan(fi.ModTime(), src)
}

func olderThan(a, b time.Time) bool { return a.Add(time.Second).Before(b) }

// ---- sizes ------------------------------------------------------------------------

// sizes is raw, gzip -9 and brotli -q 11 bytes of a set of files.
type sizes struct {
	Raw, Gzip, Brotli int64
	Files             []string
}

// sizeOf returns the sizes of file from its precompressed siblings (computing gzip
// when FILE.gz is missing; brotli needs FILE.br, which make build and bench/run.sh write).
func sizeOf(file string) (raw, gz, br int64, err error) {
	fi, err := os.Stat(file)
	if err != nil {
		return 0, 0, 0, err
	}
	raw = fi.Size()
	if g, err := os.Stat(file + ".gz"); err == nil && !olderThan(g.ModTime(), fi.ModTime()) {
		gz = g.Size()
	} else {
		data, err := os.ReadFile(file)
		if err != nil {
			return 0, 0, 0, err
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		gz = int64(buf.Len())
	}
	b, err := os.Stat(file + ".br")
	if err != nil || olderThan(b.ModTime(), fi.ModTime()) {
		return raw, gz, 0, fmt.Errorf("%s.br missing or stale (bench/run.sh and make build write it)", file)
	}
	return raw, gz, b.Size(), nil
}

// rendererBytes sums the sizes of the renderer's own files in a page-load log: every
// successful static file except the benchmark's harness (the same on every page).
func rendererBytes(log []request, harnessDir string) (sizes, error) {
	var out sizes
	seen := map[string]bool{}
	for _, r := range log {
		if r.File == "" || r.Status >= 400 || seen[r.File] {
			continue
		}
		if rel, err := filepath.Rel(harnessDir, r.File); err == nil && !strings.HasPrefix(rel, "..") {
			continue
		}
		seen[r.File] = true
		raw, gz, br, err := sizeOf(r.File)
		if err != nil {
			return out, err
		}
		out.Raw += raw
		out.Gzip += gz
		out.Brotli += br
		out.Files = append(out.Files, r.Path)
	}
	return out, nil
}

// ---- generated files --------------------------------------------------------------

// loginScript turns the official login-form example into window.BENCH_LOGIN, an
// array of JSON lines (the wire form the harness hands to each renderer).
func loginScript(examplePath string) ([]byte, error) {
	lines, err := loginLines(examplePath)
	if err != nil {
		return nil, err
	}
	js, err := json.Marshal(lines)
	if err != nil {
		return nil, err
	}
	return []byte("window.BENCH_LOGIN = " + string(js) + ";\n"), nil
}

// loginLines returns the official login-form example's messages as compact JSON lines.
func loginLines(examplePath string) ([]string, error) {
	data, err := os.ReadFile(examplePath)
	if err != nil {
		return nil, err
	}
	var ex struct {
		Messages []json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal(data, &ex); err != nil {
		return nil, fmt.Errorf("%s: %w", examplePath, err)
	}
	if len(ex.Messages) == 0 {
		return nil, fmt.Errorf("%s: no messages", examplePath)
	}
	lines := make([]string, 0, len(ex.Messages))
	for _, m := range ex.Messages {
		var buf bytes.Buffer
		if err := json.Compact(&buf, m); err != nil {
			return nil, err
		}
		lines = append(lines, buf.String())
	}
	return lines, nil
}

// prerenderedPage is the login form as `a2ui prerender -page` writes it (the loader
// deferred from /ours/, the stylesheet and the stream inline) plus a measuring script
// right after the renderer: the time of the first animation frame once the form's text
// is in the DOM (at parse time here) and of the runtime's takeover, as window.BENCH_startup
// in the shape of the harness's startup().
func prerenderedPage(lines []string, probe []byte) ([]byte, error) {
	var b bytes.Buffer
	err := prerender.Render(&b, strings.NewReader(strings.Join(lines, "\n")), prerender.Options{
		Page: true, Script: "/ours/a2ui.js", Title: "bench ours-prerendered",
		OnError: func(d []byte) { fmt.Fprintf(os.Stderr, "bench: prerendering the login form: %s\n", d) },
	})
	if err != nil {
		return nil, err
	}
	const measure = `<script>
(() => {
  const el = document.querySelector("a2ui-renderer");
  const out = { renderer: "ours" };
  const h2 = () => el.shadowRoot && el.shadowRoot.querySelector("h2");
  const frame = () => new Promise((ok) => requestAnimationFrame(() => ok()));
  (async () => {
    while (!(h2() && h2().textContent.includes("Welcome back"))) await frame();
    out.domMs = performance.now();
    await frame();
    out.paintMs = performance.now(); // the rAF after the DOM holds the form: that frame paints it
    // readyMs: the runtime has taken the form over (interactive).
    const t0 = performance.now();
    while (el.shadowRoot.querySelector("[data-a2ui-prerendered]")) {
      if (performance.now() - t0 > 30000) { out.timeout = true; break; }
      await frame();
    }
    out.readyMs = performance.now();
    // The main-thread probe, from navigation to the paint (bench/pages/probe.js).
    if (window.BENCH_PROBE) out.host = await window.BENCH_PROBE.atPaint(out.paintMs);
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    out.fcpMs = fcp ? fcp.startTime : null;
    out.resources = performance.getEntriesByType("resource").map((e) => ({
      name: e.name, transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize,
      start: e.startTime, responseStart: e.responseStart, responseEnd: e.responseEnd,
    }));
    out.marks = performance.getEntriesByType("mark").map((m) => ({ name: m.name, t: m.startTime }));
    window.BENCH_startup = out;
  })().catch((e) => { window.BENCH_startup = { renderer: "ours", error: String(e) }; });
})();
</script>
</body>`
	page := strings.Replace(b.String(), "</body>", measure, 1)
	const charset = "<meta charset=\"utf-8\">\n"
	if !strings.Contains(page, charset) {
		return nil, fmt.Errorf("prerendered page: no %q to put the probe after", charset)
	}
	page = strings.Replace(page, charset, charset+firstScripts(probe, true), 1)
	return []byte(page), nil
}

// firstScripts is what every page runs before anything else: the main-thread probe
// (bench/pages/probe.js, inline so it costs no request) and, on our pages, the mode
// knob: ?mode=main|worker sets globalThis.A2UI_MODE before the loader reads it.
func firstScripts(probe []byte, ours bool) string {
	s := "<script>\n" + string(probe) + "</script>\n"
	if ours {
		s += modeKnob
	}
	return s
}

const modeKnob = `<script>{const m = new URLSearchParams(location.search).get("mode"); if (m) globalThis.A2UI_MODE = m;}</script>
`

// readProbe reads bench/pages/probe.js for inlining.
func readProbe(pagesDir string) ([]byte, error) {
	probe, err := os.ReadFile(filepath.Join(pagesDir, "probe.js"))
	if err != nil {
		return nil, err
	}
	if bytes.Contains(bytes.ToLower(probe), []byte("</script")) {
		return nil, fmt.Errorf("probe.js: cannot be inlined: it contains </script")
	}
	return probe, nil
}

// pageHTML is the comparison page of one renderer: the probe (and mode knob) first, then
// the harness, the renderer and its adapter; the surface host is #host.
func pageHTML(renderer string, probe []byte) []byte {
	head := map[string]string{
		"ours": `<script src="/bench/wasm-hook.js"></script>
<script src="/ours/a2ui.js"></script>
<script src="/bench/adapter-ours.js"></script>`,
		"ours-inittrace": `<script src="/bench/wasm-hook.js"></script>
<script src="/ours/a2ui.js" data-godebug="inittrace=1"></script>
<script src="/bench/adapter-ours.js"></script>`,
		"lit": `<script type="module" src="/anchors/lit.js"></script>`,
		"react": `<link rel="stylesheet" href="/anchors/react.css">
<script type="module" src="/anchors/react.js"></script>`,
	}[renderer]
	return []byte(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
` + firstScripts(probe, strings.HasPrefix(renderer, "ours")) + `<title>bench ` + renderer + `</title>
<meta name="viewport" content="width=device-width">
<style>body{margin:0;font:14px system-ui,sans-serif}#host{display:block;padding:8px}</style>
<script src="/bench/harness.js"></script>
<script src="/bench/login.js"></script>
` + head + `
</head><body><div id="host"></div></body></html>
`)
}
