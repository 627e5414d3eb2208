//go:build browser

package browser

import (
	"encoding/json"
	"strings"
	"testing"
)

// recoveryPage is the renderer test page with the runtime's test hooks on (set before
// the loader runs) and an <a2ui-renderer> streaming /stream.
func recoveryPage() Route {
	html := strings.Replace(rendererPageHTML, `<script src="/a2ui.js"></script>`,
		`<script>window.__a2uiTestHooks = true;</script><script src="/a2ui.js"></script>`, 1)
	html = strings.Replace(html, "%BODY%", `<a2ui-renderer id="el" src="/stream"></a2ui-renderer>`, 1)
	return page(rendererPagePath, html)
}

// TestRuntimeRecovery ends the Go program on purpose: both renderers (an element with
// src and a mounted one fed by connect()) fire a2ui-fatal with a reason, show a notice,
// and come back on a fresh runtime with their streams re-opened; they render and
// accept new messages again.
func TestRuntimeRecovery(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, recoveryPage(),
		handle("GET /stream", streamLines(0, oneButton...)),
		handle("GET /other", streamLines(0,
			`{"version":"v0.9","createSurface":{"surfaceId":"o","catalogId":"`+basicCatalog+`"}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"o","components":[{"id":"root","component":"Text","text":"Other renderer"}]}}`)))
	ctx := openRenderer(t, base, "", allowJSErrors())
	evalJSON(ctx, `T.r.host.connect("/other").then(() => true)`)
	waitJS(ctx, `T.text("el") === "PayGo" && T.text("host") === "Other renderer"`)

	evalJSON(ctx, `(window.__a2uiGo.exitForTest(), true)`)
	waitJS(ctx, `T.events("el", "a2ui-fatal").length === 1 && T.events("host", "a2ui-fatal").length === 1`)
	for _, id := range []string{"el", "host"} {
		var d struct {
			Reason string `json:"reason"`
		}
		if err := json.Unmarshal(events(ctx, id, "a2ui-fatal")[0], &d); err != nil || !strings.HasPrefix(d.Reason, "exit") {
			t.Errorf("%s: a2ui-fatal detail = %s", id, events(ctx, id, "a2ui-fatal")[0])
		}
	}
	// Both come back: the notice stays (as a status) above the re-rendered surfaces.
	waitJS(ctx, `T.text("el") === "The renderer restarted after an unexpected stop.PayGo" && T.text("host") === "The renderer restarted after an unexpected stop.Other renderer"`)
	if got := evalJS[string](ctx, `T.q("el", ".a2ui-fatal").getAttribute("role")`); got != "status" {
		t.Errorf("notice role after the restart = %q, want status", got)
	}
	// The fresh runtime takes new work, including clicks.
	processLines(ctx, "host", `{"version":"v0.9","updateComponents":{"surfaceId":"o","components":[{"id":"root","component":"Text","text":"Still alive"}]}}`)
	if got := hostText(ctx, "host"); !strings.HasSuffix(got, "Still alive") {
		t.Errorf("text after the restart = %q", got)
	}
	clickReady(ctx, "el", "button.a2ui-button")
	waitJS(ctx, `T.events("el", "a2ui-action").length === 1`)
	if errs := tabErrors(ctx); len(errs) == 0 || !strings.Contains(strings.Join(errs, "\n"), "the Go runtime stopped (exit") {
		t.Errorf("page errors = %q, want the runtime stop logged", errs)
	}
}

// TestRuntimeRecoveryStopsLooping: a runtime that keeps dying is restarted at most 3
// times a minute; then the notice says it stopped and stays.
func TestRuntimeRecoveryStopsLooping(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, recoveryPage(), handle("GET /stream", streamLines(0, oneButton...)))
	ctx := openRenderer(t, base, "", allowJSErrors())
	waitJS(ctx, `T.text("el") === "PayGo"`)
	for i := 1; i <= 4; i++ {
		waitJS(ctx, `window.__a2uiGo && T.text("el").endsWith("PayGo")`)
		evalJSON(ctx, `(window.__a2uiGo.exitForTest(), true)`)
		waitJS(ctx, `T.events("el", "a2ui-fatal").length === `+string(rune('0'+i)))
	}
	// The loader stays down (no restart after three in a minute): the notice shows.
	waitJS(ctx, `T.text("el") === "The renderer stopped unexpectedly."`)
}
