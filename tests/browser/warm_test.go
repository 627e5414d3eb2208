//go:build browser

package browser

import (
	"testing"
)

// TestWarmUpdateAfterFirstFrame: the data-update path is warmed (Go's export a2uiWarm,
// render.WarmUpdate) once, in the page's idle time after the first op batch and not
// before it, in both modes (in worker mode the page asks the worker then, so that the
// warm-up does not share the cores with the page's first layout); the warm-up changes
// nothing on the page, and the agent's updates still reach the DOM.
func TestWarmUpdateAfterFirstFrame(t *testing.T) {
	for _, mode := range []string{"main", "worker"} {
		t.Run(mode, func(t *testing.T) { testWarmUpdate(t, mode) })
	}
}

func testWarmUpdate(t *testing.T, mode string) {
	// Not parallel: it needs idle periods of the renderer process, which the tabs of
	// parallel tests (one process for all) would take.
	requireBuilt(t)
	route := rendererPageMain()
	if mode == "worker" {
		route = autoModePage("")
	}
	ctx := openRenderer(t, serve(t, route), "")
	if got := evalJS[string](ctx, `A2UI.mode`); got != mode {
		t.Fatalf("A2UI.mode = %q, want %q", got, mode)
	}
	// Idle time with no surface: the page's next idle period has come.
	evalJSON(ctx, `new Promise((r) => requestIdleCallback(() => requestIdleCallback(() => r(true))))`)
	type state struct {
		Batches int  `json:"batches"`
		Warmed  bool `json:"warmed"`
	}
	if s := evalJS[state](ctx, `({batches: __a2uiRuntime.stats.batches, warmed: __a2uiGo.stats().warmedUpdate})`); s.Batches == 0 && s.Warmed {
		t.Fatal("the update path was warmed before any op batch")
	}
	mountTypingForm(ctx, "Al")
	waitJS(ctx, `__a2uiGo.stats().warmedUpdate === true`)
	type times struct {
		First  float64 `json:"first"`
		Warmed float64 `json:"warmed"`
	}
	if tm := evalJS[times](ctx, `({first: __a2uiRuntime.stats.firstBatchAt, warmed: __a2uiRuntime.stats.warmedAt})`); !(tm.First > 0 && tm.Warmed > tm.First) {
		t.Errorf("first batch at %.1f ms, warm-up at %.1f ms: want the warm-up after the first batch", tm.First, tm.Warmed)
	}
	if got := evalJS[string](ctx, `T.root("host").innerHTML.includes("r1 changed") + "|" + T.q("host", "p.a2ui-text").textContent`); got != "false|Al" {
		t.Errorf("after the warm-up: warm-up text on the page|Text = %q, want %q", got, "false|Al")
	}
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"form","path":"/name","value":"Bo"}}`)
	flush(ctx, "host")
	if got := evalJS[string](ctx, `T.q("host", "p.a2ui-text").textContent + "|" + T.q("host", "input[data-a2ui-control]").value`); got != "Bo|Bo" {
		t.Errorf("Text|field after an update = %q, want %q", got, "Bo|Bo")
	}
}
