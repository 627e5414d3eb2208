//go:build browser

package browser

import "testing"

// TestSurfaceIDsWithControlCharacters: a surface id with control characters (an agent's
// choice) reaches the page intact: surfaces() parses, and the a2ui-surface event's
// detail is an object with that id, not the string a failed JSON.parse leaves.
func TestSurfaceIDsWithControlCharacters(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	ctx := openRenderer(t, serve(t, rendererPage()), "")
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"a\u0001b\u001b[0m","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"a\u0001b\u001b[0m","components":[{"id":"root","component":"Text","text":"shown"}]}}`,
	)
	flush(ctx, "host")
	type result struct {
		Surfaces []string `json:"surfaces"`
		Event    string   `json:"event"`
	}
	got := evalJS[result](ctx, `(() => {
		const ev = T.events("host", "a2ui-surface").find((d) => typeof d === "object" && d.event === "created");
		return {surfaces: T.rr("host").surfaces(), event: ev ? ev.surfaceId : "no object detail"};
	})()`)
	const id = "a\x01b\x1b[0m"
	if len(got.Surfaces) != 1 || got.Surfaces[0] != id || got.Event != id {
		t.Errorf("surfaces() = %q, a2ui-surface detail id = %q; want %q for both", got.Surfaces, got.Event, id)
	}
}
