package main

import (
	"strings"
	"testing"
)

func TestParseInittrace(t *testing.T) {
	got := parseInittrace([]string{
		"init internal/bytealg @0.008 ms, 0 ms clock, 0 bytes, 0 allocs",
		"hello",
		"init github.com/a2ui-go/a2ui/catalog @1.2 ms, 0.35 ms clock, 4096 bytes, 12 allocs",
		"init broken @x ms, 0 ms clock, 0 bytes, 0 allocs",
	})
	want := []initStat{
		{Pkg: "internal/bytealg", At: 0.008},
		{Pkg: "github.com/a2ui-go/a2ui/catalog", At: 1.2, Clock: 0.35, Bytes: 4096, Allocs: 12},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestTraceMarkdown(t *testing.T) {
	res := startupResult{
		DomMs: 90, PaintMs: 100,
		Marks: []traceMark{{"a2ui:compiled", 40}, {"a2ui:started", 60}, {"other", 1}},
		Resources: []resourceTiming{
			{Name: "https://x/ours/a2ui.js", ResponseStart: 5, ResponseEnd: 6},
			{Name: "https://x/ours/a2ui.wasm", Start: 4, ResponseStart: 10, ResponseEnd: 30},
		},
	}
	p := phases(res)
	for id, v := range map[string]float64{"wasm-request": 4, "wasm-response": 10, "wasm-fetched": 30, "compiled": 40, "started": 60, "dom": 90, "painted": 100} {
		if p[id] != v {
			t.Errorf("phase %s = %v, want %v (%v)", id, p[id], v, p)
		}
	}
	b := &bench{traces: map[string][]map[string]float64{"cold": {p}, "warm": {p}}}
	b.inits = []initStat{{Pkg: "a", At: 0.5, Clock: 1}, {Pkg: "b", At: 2, Clock: 3, Bytes: 2048, Allocs: 4}}
	md := b.traceMarkdown()
	for _, want := range []string{
		"| a2ui.wasm requested (the loader ran) | 4 | 4 |",
		"| a2ui.wasm first byte (fetch) | 10 (+6) | 10 (+6) |",
		"| a2ui.wasm last byte (fetch) | 30 (+20) | 30 (+20) |",
		"| wasm compiled (compileStreaming) | 40 (+10) | 40 (+10) |",
		"| renderer ready (API installed) | 60 (+20) | 60 (+20) |",
		"| login form painted (the startup row) | 100 (+10) | 100 (+10) |",
		"| Go runtime + package inits done (main entered) | – | – |",
		"2 packages, 4 ms, 2,048 bytes in 4 allocations; the first started 0.500 ms after the Go runtime",
		"| b | 3 | 2,048 | 4 |\n| a | 1 | 0 | 0 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("trace lacks %q:\n%s", want, md)
		}
	}
}
