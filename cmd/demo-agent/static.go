package main

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// contentTypes fixes the types the platform mime table may lack or get wrong.
var contentTypes = map[string]string{
	".wasm":  "application/wasm",
	".js":    "text/javascript; charset=utf-8",
	".mjs":   "text/javascript; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".html":  "text/html; charset=utf-8",
	".json":  "application/json",
	".jsonl": "application/jsonl",
	".map":   "application/json",
	".svg":   "image/svg+xml",
	".txt":   "text/plain; charset=utf-8",
}

// ContentType returns the Content-Type served for a file name.
func ContentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		return ct
	}
	return "application/octet-stream"
}

// Static serves the files under dir. "/" and directories serve their index.html
// (there are no listings). When the request's Accept-Encoding allows it and a
// precompressed sibling exists (name.zst, then name.br, then name.gz: make build
// writes a .zst of the wasm only, which browsers decode faster than brotli), the
// sibling is sent with Content-Encoding and the original's Content-Type. Every answer carries
// Cache-Control: no-cache (revalidate with If-Modified-Since), except content-hashed
// names (Hashed: make dist's a2ui.<hash>.wasm), which are immutable for a year; and
// Vary: Accept-Encoding.
func Static(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		clean := path.Clean("/" + r.URL.Path)
		name := filepath.Join(dir, filepath.FromSlash(clean))
		st, err := os.Stat(name)
		if err == nil && st.IsDir() {
			name = filepath.Join(name, "index.html")
			st, err = os.Stat(name)
		}
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", ContentType(name))
		if Hashed(clean) {
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			h.Set("Cache-Control", "no-cache")
		}
		h.Set("X-Content-Type-Options", "nosniff")
		h.Add("Vary", "Accept-Encoding")

		serve := name
		ae := r.Header.Get("Accept-Encoding")
		for _, enc := range [...]struct{ token, ext string }{{"zstd", ".zst"}, {"br", ".br"}, {"gzip", ".gz"}} {
			if !acceptsEncoding(ae, enc.token) {
				continue
			}
			if cst, err := os.Stat(name + enc.ext); err == nil && !cst.IsDir() {
				serve = name + enc.ext
				h.Set("Content-Encoding", enc.token)
				break
			}
		}
		f, err := os.Open(serve)
		if err != nil {
			h.Del("Content-Encoding")
			http.Error(w, "cannot open file", http.StatusInternalServerError)
			return
		}
		defer f.Close()
		// ServeContent handles HEAD, Range and If-Modified-Since. The modification time
		// is the original's, so a client's cached copy stays valid across encodings.
		http.ServeContent(w, r, name, st.ModTime(), f)
	})
}

// acceptsEncoding reports whether an Accept-Encoding header value allows token
// (an explicit q=0 refuses it; "*" allows anything not refused).
func acceptsEncoding(header, token string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch coding {
		case token:
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}

// Hashed reports whether a URL path names a content-hashed file of make dist:
// a2ui.<16 lowercase hex digits>.wasm, whose bytes never change under that name.
func Hashed(urlPath string) bool {
	base := path.Base(urlPath)
	h, ok := strings.CutPrefix(base, "a2ui.")
	if !ok {
		return false
	}
	h, ok = strings.CutSuffix(h, ".wasm")
	if !ok || len(h) != 16 {
		return false
	}
	for _, c := range h {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
