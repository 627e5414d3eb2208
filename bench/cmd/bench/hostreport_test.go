package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestHostRatio(t *testing.T) {
	vals := func(v ...float64) *series { return &series{Vals: v} }
	over := func(v float64) *series { return &series{Vals: []float64{v}, Over: 1} }
	tests := []struct {
		name    string
		ours    *series
		anchors []*series
		want    string
	}{
		{"best anchor", vals(90), []*series{vals(45), vals(30)}, "3.00×"},
		{"median against median", vals(10, 20, 30), []*series{vals(40, 40, 50)}, "0.50×"},
		{"best anchor 0, ours 0", vals(0), []*series{vals(0), vals(12)}, "0 (both 0)"},
		{"best anchor 0: the difference", vals(29), []*series{vals(0), vals(12)}, "+29 ms"},
		{"unfinished anchor is not the best", vals(60), []*series{over(10), vals(30)}, "2.00×"},
		{"no anchor finished: a bound", vals(60), []*series{over(6677), over(120)}, "≤ 0.50× (no anchor finished)"},
		{"ours unfinished: a bound", over(300), []*series{vals(100)}, "≥ 3.00× (ours not finished)"},
		{"both unfinished", over(300), []*series{over(100)}, "–"},
		{"anchor rejected the workload", vals(60), []*series{{Text: "not rendered: x"}, vals(20)}, "3.00×"},
		{"ours rejected the workload", &series{Text: "not rendered: x"}, []*series{vals(20)}, "–"},
		{"ours failed", &series{Errors: []string{"boom"}}, []*series{vals(20)}, "–"},
		{"no anchors ran", vals(5), []*series{nil, nil}, "–"},
	}
	for _, tc := range tests {
		if got := hostRatio(tc.ours, tc.anchors); got != tc.want {
			t.Errorf("%s: hostRatio = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestHostMarkdown: a row per renderer and mode in both tables, the ratio rows, and the
// footnote when ours did not run in the mode asked for.
func TestHostMarkdown(t *testing.T) {
	b := &bench{
		cfg:     config{renderers: []string{"ours", "lit", "react"}, ceiling: 20 * time.Second},
		res:     map[string]map[string]*series{},
		hostRan: true,
	}
	for _, c := range hostStartCols {
		b.get(c[0], "ours-main").add(100)
		b.get(c[0], "ours-worker").add(10)
		b.get(c[0], "lit").add(50)
		b.get(c[0], "react").add(40)
	}
	b.get("host/stream1000/tbt", "lit").add(6677)
	b.get("host/stream1000/tbt", "lit").Over = 1
	b.get("host/stream1000/tbt", "react").add(7)
	b.get("host/stream1000/tbt", "ours-main").add(67)
	b.get("host/stream1000/tbt", "ours-worker").add(0)
	for range 7 {
		b.noteMode(hostVariant{"ours-main", "ours", "main", "ours (main)"}, "main")
		b.noteMode(hostVariant{"ours-worker", "ours", "worker", "ours (worker)"}, "")
	}
	b.noteMode(hostVariant{"lit", "lit", "", "lit"}, "")

	md := b.hostMarkdown()
	for _, want := range []string{
		"## Host page main thread",
		"| main thread, ms | cold: blocking time | cold: longest task | cold: 16 ms timer, worst lateness | cold: login form painted | warm: blocking time |",
		"| ours (main) | 100 | 100 | 100 | 100 | 100 | 100 | 100 | 100 |\n",
		"| ours (worker) † | 10 | 10 |",
		"| @a2ui/lit 0.11.0 | 50 |",
		"| @a2ui/react 0.11.1 | 40 |",
		"| ours (main) / best anchor | 2.50× | 2.50× |",
		"| ours (worker) / best anchor | 0.25× |",
		"| main thread, ms | stream 1,000: blocking time | stream 1,000: longest task | bulk 1,000: blocking time |",
		"| @a2ui/lit 0.11.0 | 6,677; 1× > 20 s | – |",
		"| ours (main) / best anchor | 9.57× | – |",
		"| ours (worker) / best anchor | 0.0000× | – |",
		"| ours (worker) / ours (main) | 0.10× | 0.10× | 0.10× | 0.10× | 0.10× | 0.10× | 0.10× | 0.10× |\n",
		"| ours (worker) / ours (main) | 0.0000× | – |",
		"† ours (worker) asked for A2UI_MODE=\"worker\"; A2UI.mode was absent in 7 of 7 loads (a loader without A2UI.mode runs the engine on the main thread).",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("host tables lack %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "ours (main) asked") || strings.Contains(md, "| ours (main) †") {
		t.Errorf("ours (main) ran as asked but is footnoted:\n%s", md)
	}
	if got := (&bench{}).hostMarkdown(); got != "" {
		t.Errorf("host rows not run: hostMarkdown = %q, want nothing", got)
	}
}

// TestPagesProbeFirst: the probe is the first script of every page, inline; our pages set
// A2UI_MODE from ?mode= before the loader; the anchors' pages have no knob.
func TestPagesProbeFirst(t *testing.T) {
	probe, err := readProbe("../../pages")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{"ours", "ours-inittrace", "lit", "react"} {
		page := string(pageHTML(r, probe))
		first := strings.Index(page, "<script")
		if first < 0 || !strings.HasPrefix(page[first:], "<script>\n"+string(probe)) {
			t.Errorf("%s: the first script is not the inline probe:\n%s", r, page)
		}
		knob := strings.Index(page, "globalThis.A2UI_MODE = m")
		loader := strings.Index(page, `src="/ours/a2ui.js"`)
		switch {
		case strings.HasPrefix(r, "ours") && (knob < 0 || loader < 0 || knob > loader):
			t.Errorf("%s: the mode knob (at %d) does not come before the loader (at %d)", r, knob, loader)
		case !strings.HasPrefix(r, "ours") && knob >= 0:
			t.Errorf("%s: an anchor's page has the mode knob", r)
		}
	}
	pre, err := prerenderedPage([]string{`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`}, probe)
	if err != nil {
		t.Fatal(err)
	}
	if first := strings.Index(string(pre), "<script"); first < 0 || !strings.HasPrefix(string(pre[first:]), "<script>\n"+string(probe)) {
		t.Errorf("prerendered page: the first script is not the inline probe")
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "probe.js"), []byte("x = '</SCRIPT>';"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readProbe(dir); err == nil || !strings.Contains(err.Error(), "cannot be inlined") {
		t.Errorf("readProbe of a probe with </script: err = %v, want cannot be inlined", err)
	}
}
