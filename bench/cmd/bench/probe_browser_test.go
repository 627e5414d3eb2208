//go:build browser

package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/internal/headless"
)

// TestProbeSeesABlockedMainThread: a page whose script holds the main thread for 200 ms
// gets that task from the probe (longest ≥ 200, blocking time ≥ 150) and a late tick of its
// 16 ms timer (one due during the task fires after it).
//
//	go test -tags browser -run TestProbeSeesABlockedMainThread ./bench/cmd/bench/
func TestProbeSeesABlockedMainThread(t *testing.T) {
	probe, err := readProbe("../../pages")
	if err != nil {
		t.Fatal(err)
	}
	page := `<!doctype html><html><head><meta charset="utf-8">
` + firstScripts(probe, false) + `<title>probe</title></head><body><script>
addEventListener("load", () => setTimeout(() => {
  const t0 = performance.now();
  while (performance.now() - t0 < 200) {}
  window.blocked = [t0, performance.now()];
}, 50));
</script></body></html>`
	srv := newServer(nil, map[string]generated{"/page/probe.html": {[]byte(page), "text/html; charset=utf-8"}})
	defer srv.Close()
	tmp := os.Getenv("TMPDIR")
	if tmp == "" {
		tmp = t.TempDir()
	}
	br, err := startBrowser(headless.ChromiumPath(), filepath.Join(tmp, "probe-test"), srv.spki(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer br.stop()
	tab, err := br.newTab(nil, false)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.cancel()
	if err := tab.navigate(srv.URL()+"/page/probe.html", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Tbt, Longest, Lateness float64
		LongCount              int
		Start, End             float64
		Stopped                string
	}
	err = tab.eval(`(async () => {
  while (!window.blocked) await new Promise((r) => requestAnimationFrame(r));
  const [start, end] = window.blocked;
  const fig = await BENCH_PROBE.atPaint(end);
  let stopped = "";
  await BENCH_PROBE.tickAfter(end + 1e6).catch((e) => { stopped = e.message; });
  return Object.assign(fig, { start, end, stopped });
})()`, 30*time.Second, &got)
	if err != nil {
		t.Fatal(err)
	}
	if got.Longest < 200 || got.Tbt < 150 || got.LongCount < 1 {
		t.Errorf("probe: longest %v ms, blocking %v ms over %d long tasks; want the 200 ms task (longest ≥ 200, blocking ≥ 150)", got.Longest, got.Tbt, got.LongCount)
	}
	if min := got.End - got.Start - 16; got.Lateness < min {
		t.Errorf("probe: worst lateness %v ms, want ≥ %v (a tick due during the %v ms task)", got.Lateness, min, got.End-got.Start)
	}
	if got.Stopped == "" {
		t.Errorf("probe: tickAfter after atPaint resolved; want it rejected (the tick chain stopped)")
	}
}
