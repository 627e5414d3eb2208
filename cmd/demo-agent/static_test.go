package main

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
)

func TestStatic(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":                     "<p>index</p>",
		"a2ui.wasm":                      "RAW-WASM",
		"a2ui.wasm.br":                   "BR-WASM",
		"a2ui.wasm.gz":                   "GZ-WASM",
		"a2ui.0123456789abcdef.wasm":     "RAW-WASM",
		"a2ui.0123456789abcdef.wasm.br":  "BR-WASM",
		"a2ui.fedcba9876543210.wasm":     "RAW-WASM",
		"a2ui.fedcba9876543210.wasm.br":  "BR-WASM",
		"a2ui.fedcba9876543210.wasm.zst": "ZST-WASM",
		"wasm_exec.js":                   "js",
		"wasm_exec.js.gz":                "gz-js",
		"a2ui.css":                       "css",
		"sub/index.html":                 "<p>sub</p>",
		"sub/s.jsonl":                    "{}\n",
		"nodir/plain.json":               "{}",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Static(dir))
	defer srv.Close()

	tests := []struct {
		path, acceptEnc string
		status          int
		ctype, enc      string
		body            string
	}{
		{"/", "", 200, "text/html; charset=utf-8", "", "<p>index</p>"},
		{"/a2ui.wasm", "", 200, "application/wasm", "", "RAW-WASM"},
		{"/a2ui.wasm", "gzip, deflate, br", 200, "application/wasm", "br", "BR-WASM"},
		{"/a2ui.wasm", "gzip", 200, "application/wasm", "gzip", "GZ-WASM"},
		{"/a2ui.wasm", "br;q=0, gzip;q=0.5", 200, "application/wasm", "gzip", "GZ-WASM"},
		{"/a2ui.wasm", "br;q=0, gzip;q=0", 200, "application/wasm", "", "RAW-WASM"},
		{"/a2ui.wasm", "*", 200, "application/wasm", "br", "BR-WASM"},
		{"/a2ui.wasm", "identity", 200, "application/wasm", "", "RAW-WASM"},
		{"/a2ui.0123456789abcdef.wasm", "br", 200, "application/wasm", "br", "BR-WASM"},
		{"/a2ui.0123456789abcdef.wasm", "", 200, "application/wasm", "", "RAW-WASM"},
		// zstd first when accepted (Chromium sends "gzip, deflate, br, zstd").
		{"/a2ui.fedcba9876543210.wasm", "gzip, deflate, br, zstd", 200, "application/wasm", "zstd", "ZST-WASM"},
		{"/a2ui.fedcba9876543210.wasm", "gzip, deflate, br", 200, "application/wasm", "br", "BR-WASM"},
		{"/a2ui.fedcba9876543210.wasm", "br, zstd;q=0", 200, "application/wasm", "br", "BR-WASM"},
		{"/a2ui.0123456789abcdef.wasm", "br, zstd", 200, "application/wasm", "br", "BR-WASM"},
		{"/wasm_exec.js", "br, gzip", 200, "text/javascript; charset=utf-8", "gzip", "gz-js"},
		{"/a2ui.css", "br, gzip", 200, "text/css; charset=utf-8", "", "css"},
		{"/sub/", "", 200, "text/html; charset=utf-8", "", "<p>sub</p>"},
		{"/sub", "", 200, "text/html; charset=utf-8", "", "<p>sub</p>"},
		{"/sub/s.jsonl", "", 200, "application/jsonl", "", "{}\n"},
		{"/nodir/", "", 404, "text/plain; charset=utf-8", "", "404 page not found\n"},
		{"/missing.js", "", 404, "text/plain; charset=utf-8", "", "404 page not found\n"},
		{"/../static_test.go", "", 404, "text/plain; charset=utf-8", "", "404 page not found\n"},
	}
	for _, tc := range tests {
		t.Run(tc.path+" "+tc.acceptEnc, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+tc.path, nil)
			// Setting Accept-Encoding by hand stops the transport from decoding gzip.
			req.Header.Set("Accept-Encoding", tc.acceptEnc)
			if tc.acceptEnc == "" {
				req.Header.Set("Accept-Encoding", "identity")
			}
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if got := resp.Header.Get("Content-Type"); got != tc.ctype {
				t.Errorf("Content-Type %q, want %q", got, tc.ctype)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tc.enc {
				t.Errorf("Content-Encoding %q, want %q", got, tc.enc)
			}
			if string(b) != tc.body {
				t.Errorf("body %q, want %q", b, tc.body)
			}
			if tc.status == 200 {
				want := "no-cache"
				if strings.Contains(tc.path, "0123456789abcdef") || strings.Contains(tc.path, "fedcba9876543210") {
					want = "public, max-age=31536000, immutable"
				}
				if got := resp.Header.Get("Cache-Control"); got != want {
					t.Errorf("Cache-Control %q, want %q", got, want)
				}
				if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
					t.Errorf("Vary %q, want Accept-Encoding", got)
				}
			}
		})
	}

	// A revalidation with If-Modified-Since gets 304, compressed or not.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/a2ui.wasm", nil)
	req.Header.Set("Accept-Encoding", "br")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	req.Header.Set("If-Modified-Since", resp.Header.Get("Last-Modified"))
	resp, err = http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation status %d, want 304", resp.StatusCode)
	}

	// Only GET and HEAD.
	resp, err = http.Post(srv.URL+"/", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST status %d, want 405", resp.StatusCode)
	}
}

func TestAcceptsEncoding(t *testing.T) {
	tests := []struct {
		header, token string
		want          bool
	}{
		{"", "br", false},
		{"br", "br", true},
		{"BR", "br", true},
		{"gzip, br", "br", true},
		{"gzip;q=1.0, br;q=0", "br", false},
		{"br;q=0.001", "br", true},
		{"*", "gzip", true},
		{"*;q=0", "gzip", false},
		{"*, gzip;q=0", "gzip", false},
		{"deflate", "gzip", false},
		{"gzip;q=bad", "gzip", true},
	}
	for _, tc := range tests {
		if got := acceptsEncoding(tc.header, tc.token); got != tc.want {
			t.Errorf("acceptsEncoding(%q, %q) = %v, want %v", tc.header, tc.token, got, tc.want)
		}
	}
}

func TestNewServerRoutes(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>site</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	agent, err := demoagent.NewAgent("../../testdata", 0)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(dir, agent))
	defer srv.Close()
	tests := []struct{ method, path, ctype, prefix string }{
		{"GET", "/", "text/html; charset=utf-8", "<p>site</p>"},
		{"GET", "/agent/stream?sample=booking", "application/jsonl", `{"version":"v0.9","createSurface":{"surfaceId":"booking"`},
		{"POST", "/agent/action", "application/jsonl", `{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/tasks/0"`},
		{"GET", "/agent/other", "text/plain; charset=utf-8", "404 page not found"},
	}
	for _, tc := range tests {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(`{"version":"v0.9","action":{"name":"toggle","surfaceId":"tasks","context":{"id":"t1"}}}`))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != tc.ctype || !strings.HasPrefix(string(b), tc.prefix) {
			t.Errorf("%s %s: %s %q, want %s %q...", tc.method, tc.path, ct, b, tc.ctype, tc.prefix)
		}
	}
}

// TestDemoServerSendsPrecompressedWasm asks the demo server (NewServer, as `make run`
// starts it) for a2ui.wasm with Accept-Encoding: br and checks what a browser needs to
// stream-compile it: the brotli sibling with Content-Encoding: br, Content-Type
// application/wasm (not the sibling's type) and Vary: Accept-Encoding for caches.
func TestDemoServerSendsPrecompressedWasm(t *testing.T) {
	dir := t.TempDir()
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("a2ui"), 4096)...)
	var br bytes.Buffer
	bw := brotli.NewWriterLevel(&br, 11)
	bw.Write(wasm)
	bw.Close()
	for name, body := range map[string][]byte{"a2ui.wasm": wasm, "a2ui.wasm.br": br.Bytes()} {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	agent, err := demoagent.NewAgent("../../testdata", 0)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(dir, agent))
	defer srv.Close()

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/a2ui.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd") // what Chromium sends
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	for h, want := range map[string]string{
		"Content-Encoding": "br",
		"Content-Type":     "application/wasm",
		"Vary":             "Accept-Encoding",
		"Content-Length":   strconv.Itoa(br.Len()),
	} {
		if got := resp.Header.Get(h); got != want {
			t.Errorf("%s: %q, want %q", h, got, want)
		}
	}
	got, err := io.ReadAll(brotli.NewReader(resp.Body))
	if err != nil {
		t.Fatalf("body is not brotli: %v", err)
	}
	if !bytes.Equal(got, wasm) {
		t.Errorf("decoded body: %d bytes, want the %d-byte wasm", len(got), len(wasm))
	}
}

func TestSiteURL(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, "http://127.0.0.1:8080/"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 9000}, "http://[::1]:9000/"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "http://localhost:8080/ (listening on every interface)"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, "http://localhost:8080/ (listening on every interface)"},
	}
	for _, tc := range tests {
		if got := siteURL(tc.addr); got != tc.want {
			t.Errorf("siteURL(%v) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}

func TestHashed(t *testing.T) {
	for p, want := range map[string]bool{
		"/a2ui.0123456789abcdef.wasm":    true,
		"/x/a2ui.fedcba9876543210.wasm":  true,
		"/a2ui.wasm":                     false,
		"/a2ui.0123456789ABCDEF.wasm":    false,
		"/a2ui.0123456789abcde.wasm":     false,
		"/a2ui.0123456789abcdef.wasm.br": false,
		"/b2ui.0123456789abcdef.wasm":    false,
		"/a2ui.0123456789abcdeg.wasm":    false,
	} {
		if got := Hashed(p); got != want {
			t.Errorf("Hashed(%q) = %v, want %v", p, got, want)
		}
	}
}
