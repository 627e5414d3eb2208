package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSummary(t *testing.T) {
	tests := []struct {
		vals        []float64
		med, lo, hi float64
		ok          bool
	}{
		{nil, 0, 0, 0, false},
		{[]float64{3}, 3, 3, 3, true},
		{[]float64{5, 1, 3}, 3, 1, 5, true},
		{[]float64{4, 1, 3, 2}, 2.5, 1, 4, true},
	}
	for _, tt := range tests {
		med, lo, hi, ok := summary(tt.vals)
		if med != tt.med || lo != tt.lo || hi != tt.hi || ok != tt.ok {
			t.Errorf("summary(%v) = %v %v %v %v, want %v %v %v %v", tt.vals, med, lo, hi, ok, tt.med, tt.lo, tt.hi, tt.ok)
		}
	}
}

func TestFmtNum(t *testing.T) {
	tests := map[float64]string{
		0: "0", 0.5: "0.500", 3.14159: "3.14", 42.42: "42.4", 999.6: "1,000",
		1234567: "1,234,567", -2500: "-2,500", 7: "7", 7.25: "7.25",
	}
	for v, want := range tests {
		if got := fmtNum(v); got != want {
			t.Errorf("fmtNum(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestCell(t *testing.T) {
	tests := []struct {
		name string
		s    *series
		want string
	}{
		{"nil", nil, "–"},
		{"one", &series{Vals: []float64{12.34}}, "12.3"},
		{"runs", &series{Vals: []float64{30, 10, 20}}, "20 (10–30)"},
		{"over", &series{Over: 1}, "> 20 s"},
		{"skipped", &series{Skipped: "1,000 did"}, "> 20 s (not run: 1,000 did)"},
		{"some over", &series{Vals: []float64{5}, Over: 2}, "5; 2× > 20 s"},
		{"text", &series{Text: "9 → 9 → 9"}, "9 → 9 → 9"},
		{"error", &series{Errors: []string{"boom"}}, "error"},
	}
	for _, tt := range tests {
		if got := cell(tt.s, "20 s"); got != tt.want {
			t.Errorf("%s: cell = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestRatio(t *testing.T) {
	ours := &series{Vals: []float64{10, 12, 11}}
	tests := []struct {
		name    string
		ours    *series
		anchors []*series
		want    string
	}{
		{"best anchor", ours, []*series{{Vals: []float64{100}}, {Vals: []float64{22}}}, "0.50×"},
		{"all anchors over", ours, []*series{{Over: 1}, {Skipped: "100 did"}}, "< 0.0006×"},
		{"one anchor over", ours, []*series{{Over: 1}, {Vals: []float64{5.5}}}, "2.00×"},
		{"ours over", &series{Over: 1}, []*series{{Vals: []float64{5}}}, "> 1 (ours hit the ceiling)"},
		{"no anchors", ours, nil, "–"},
		{"all over", &series{Over: 1}, []*series{{Over: 1}, {Skipped: "1,000 did"}}, "– (all hit the ceiling)"},
	}
	for _, tt := range tests {
		if got := ratio(tt.ours, tt.anchors, 20000); got != tt.want {
			t.Errorf("%s: ratio = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestAcceptsEncoding(t *testing.T) {
	tests := []struct {
		header, enc string
		want        bool
	}{
		{"gzip, deflate, br, zstd", "br", true},
		{"gzip, deflate", "br", false},
		{"br;q=0, gzip", "br", false},
		{"BR;q=0.5", "br", true},
		{"", "gzip", false},
	}
	for _, tt := range tests {
		if got := acceptsEncoding(tt.header, tt.enc); got != tt.want {
			t.Errorf("acceptsEncoding(%q, %q) = %v, want %v", tt.header, tt.enc, got, tt.want)
		}
	}
}

func TestLoginScript(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "ex.json")
	os.WriteFile(p, []byte(`{"messages":[{"version": "v0.9", "createSurface": {"surfaceId":"s"}}, {"version":"v0.9","deleteSurface":{"surfaceId":"s"}}]}`), 0o644)
	got, err := loginScript(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `window.BENCH_LOGIN = ["{\"version\":\"v0.9\",\"createSurface\":{\"surfaceId\":\"s\"}}","{\"version\":\"v0.9\",\"deleteSurface\":{\"surfaceId\":\"s\"}}"];` + "\n"
	if string(got) != want {
		t.Errorf("loginScript = %s, want %s", got, want)
	}
	os.WriteFile(p, []byte(`{"messages":[]}`), 0o644)
	if _, err := loginScript(p); err == nil || !strings.Contains(err.Error(), "no messages") {
		t.Errorf("empty example: err = %v, want 'no messages'", err)
	}
}

func TestRendererBytes(t *testing.T) {
	dir := t.TempDir()
	harness := filepath.Join(dir, "pages")
	os.MkdirAll(harness, 0o755)
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(strings.Repeat("x", n)), 0o644)
		return p
	}
	js := write("r.js", 100)
	write("r.js.gz", 20)
	write("r.js.br", 15)
	hj := filepath.Join(harness, "harness.js")
	os.WriteFile(hj, []byte("h"), 0o644)
	// Give the compressed siblings the same mtime as the source.
	now := time.Now()
	for _, p := range []string{js, js + ".gz", js + ".br"} {
		os.Chtimes(p, now, now)
	}
	log := []request{
		{Path: "/page/x.html", Status: 200},                // generated: not a file
		{Path: "/bench/harness.js", File: hj, Status: 200}, // harness: not counted
		{Path: "/r.js", File: js, Status: 200},
		{Path: "/r.js", File: js, Status: 200}, // counted once
		{Path: "/missing.js", File: filepath.Join(dir, "missing.js"), Status: 404},
	}
	got, err := rendererBytes(log, harness)
	if err != nil {
		t.Fatal(err)
	}
	if got.Raw != 100 || got.Gzip != 20 || got.Brotli != 15 || len(got.Files) != 1 {
		t.Errorf("rendererBytes = %+v, want raw 100, gzip 20, br 15, one file", got)
	}
	os.Remove(js + ".br")
	if _, err := rendererBytes(log, harness); err == nil {
		t.Error("missing .br: want an error")
	}
}

func TestErrorSummary(t *testing.T) {
	tests := map[string]string{
		`{"version":"v0.9","error":{"code":"LIMIT_EXCEEDED","message":"too many components","surfaceId":"bench"}}`: "LIMIT_EXCEEDED: too many components",
		"Unrecognized key(s) in object": "Unrecognized key(s) in object",
		`{"error":{}}`:                  `{"error":{}}`,
	}
	for in, want := range tests {
		if got := errorSummary(in); got != want {
			t.Errorf("errorSummary(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestTypingExpr(t *testing.T) {
	for _, tc := range []struct {
		expr string
		n    int
		ok   bool
	}{
		{"typing(300)", 300, true},
		{"typing(0)", 0, false},
		{"typing(x)", 0, false},
		{"typing(3", 0, false},
		{"BENCH.stream(1000,20000)", 0, false},
	} {
		if n, ok := typingExpr(tc.expr); n != tc.n || ok != tc.ok {
			t.Errorf("typingExpr(%q) = %d, %v; want %d, %v", tc.expr, n, ok, tc.n, tc.ok)
		}
	}
}
