package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// TestServerEncodingAndCaching: the wasm goes out as zstd when the browser accepts it
// (as cmd/demo-agent sends it), else brotli, gzip, raw; -wasm-encoding overrides what the
// browser accepts; pages are no-cache, the generated harness data cacheable.
func TestServerEncodingAndCaching(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"a2ui.wasm": "RAW", "a2ui.wasm.zst": "ZST", "a2ui.wasm.br": "BR", "a2ui.wasm.gz": "GZ",
		"a2ui.js": "JS", "a2ui.js.br": "JSBR",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gen := map[string]generated{
		"/page/ours.html": {[]byte("<p>page</p>"), "text/html; charset=utf-8"},
		"/bench/login.js": {[]byte("window.BENCH_LOGIN = [];"), "text/javascript; charset=utf-8"},
	}
	s := &server{mounts: []mount{{"/ours/", dir}}, gen: gen}
	tests := []struct {
		path, accept, force string
		enc, body, cache    string
	}{
		{"/ours/a2ui.wasm", "gzip, deflate, br, zstd", "", "zstd", "ZST", "public, max-age=3600"},
		{"/ours/a2ui.wasm", "gzip, deflate, br", "", "br", "BR", "public, max-age=3600"},
		{"/ours/a2ui.wasm", "gzip", "", "gzip", "GZ", "public, max-age=3600"},
		{"/ours/a2ui.wasm", "", "", "", "RAW", "public, max-age=3600"},
		{"/ours/a2ui.wasm", "gzip, deflate, br, zstd", "br", "br", "BR", "public, max-age=3600"},
		{"/ours/a2ui.wasm", "gzip, deflate, br, zstd", "identity", "", "RAW", "public, max-age=3600"},
		{"/ours/a2ui.js", "gzip, deflate, br, zstd", "", "br", "JSBR", "public, max-age=3600"},
		{"/ours/a2ui.js", "gzip, deflate, br, zstd", "gzip", "br", "JSBR", "public, max-age=3600"}, // only .wasm is forced
		{"/page/ours.html", "br", "", "", "<p>page</p>", "no-cache"},
		{"/bench/login.js", "br", "", "", "window.BENCH_LOGIN = [];", "public, max-age=3600"},
	}
	for _, tc := range tests {
		s.wasmEncoding = tc.force
		req := httptest.NewRequest("GET", tc.path, nil)
		req.Header.Set("Accept-Encoding", tc.accept)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Errorf("%s (%q, force %q): status %d", tc.path, tc.accept, tc.force, rec.Code)
			continue
		}
		if got := rec.Header().Get("Content-Encoding"); got != tc.enc {
			t.Errorf("%s (%q, force %q): Content-Encoding %q, want %q", tc.path, tc.accept, tc.force, got, tc.enc)
		}
		if got := rec.Body.String(); got != tc.body {
			t.Errorf("%s (%q, force %q): body %q, want %q", tc.path, tc.accept, tc.force, got, tc.body)
		}
		if got := rec.Header().Get("Cache-Control"); got != tc.cache {
			t.Errorf("%s: Cache-Control %q, want %q", tc.path, got, tc.cache)
		}
	}
}
