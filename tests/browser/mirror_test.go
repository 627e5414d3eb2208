//go:build browser

package browser

import (
	"fmt"
	"slices"
	"testing"
)

// In worker mode renderer.surfaces() and dataModel() answer from a mirror the worker
// sends: it must never lag the DOM the page shows. A MutationObserver (its callback runs
// at the end of the task that applied a batch) reads both each time the DOM changes, as
// a page reacting to the renderer's DOM would; every reading must agree with the DOM.
func TestMirrorKeepsUpWithTheDOM(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	evalJSON(ctx, `(() => {
  const r = T.r.host;
  window.readings = [];
  new MutationObserver(() => {
    const shown = T.qa("host", "section.a2ui-surface").map((s) => s.dataset.surfaceId);
    const texts = {};
    for (const s of T.qa("host", "section.a2ui-surface")) texts[s.dataset.surfaceId] = s.textContent;
    const models = {};
    for (const id of shown) models[id] = r.dataModel(id);
    window.readings.push({ shown, surfaces: r.surfaces(), texts, models });
  }).observe(T.root("host"), { childList: true, subtree: true, characterData: true });
  return true;
})()`)
	for i := range 4 {
		id := fmt.Sprintf("s%d", i)
		processLines(ctx, "host",
			`{"version":"v0.9","createSurface":{"surfaceId":"`+id+`","catalogId":"`+basicCatalog+`"}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"`+id+`","components":[{"id":"root","component":"Text","text":{"path":"/label"}}]}}`,
			`{"version":"v0.9","updateDataModel":{"surfaceId":"`+id+`","path":"/label","value":"label `+id+` one"}}`,
		)
		processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"`+id+`","path":"/label","value":"label `+id+` two"}}`)
		if i%2 == 1 {
			processLines(ctx, "host", `{"version":"v0.9","deleteSurface":{"surfaceId":"s`+fmt.Sprint(i-1)+`"}}`)
		}
	}
	waitJS(ctx, `T.text("host").includes("label s3 two")`)
	type reading struct {
		Shown    []string                     `json:"shown"`
		Surfaces []string                     `json:"surfaces"`
		Texts    map[string]string            `json:"texts"`
		Models   map[string]map[string]string `json:"models"`
	}
	got := evalJS[[]reading](ctx, `window.readings`)
	if len(got) < 8 {
		t.Fatalf("only %d DOM changes seen: %+v", len(got), got)
	}
	for i, r := range got {
		for _, id := range r.Shown {
			if !slices.Contains(r.Surfaces, id) {
				t.Errorf("reading %d: the DOM shows surface %s, surfaces() = %q", i, id, r.Surfaces)
			}
			if txt := r.Texts[id]; txt != "" && r.Models[id]["label"] != txt {
				t.Errorf("reading %d: surface %s shows %q, dataModel() has label %q", i, id, txt, r.Models[id]["label"])
			}
		}
		for _, s := range r.Surfaces {
			if !slices.Contains(r.Shown, s) {
				t.Errorf("reading %d: surfaces() = %q lists %s, which the DOM no longer shows", i, r.Surfaces, s)
			}
		}
	}
}
