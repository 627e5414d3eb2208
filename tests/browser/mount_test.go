//go:build browser

package browser

import "testing"

// TestMountBeforeReady: A2UI.mount returns the renderer at once, before the Go runtime is
// up; messages processed then are queued in order and rendered, and r.ready resolves.
func TestMountBeforeReady(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, page("/early.html", `<!doctype html><html><body><div id="early"></div>
<script src="/a2ui.js"></script>
<script>
window.log = [];
const r = A2UI.mount(document.getElementById("early"), {});
window.log.push("mounted:" + (typeof r.process) + ":" + (typeof r.then));
r.process({"version":"v0.9","createSurface":{"surfaceId":"e","catalogId":"`+basicCatalog+`"}});
r.process('{"version":"v0.9","updateComponents":{"surfaceId":"e","components":[{"id":"root","component":"Text","text":{"path":"/msg"}}]}}');
r.process([{"version":"v0.9","updateDataModel":{"surfaceId":"e","path":"/msg","value":"queued before ready"}}]);
window.log.push("surfaces-before:" + JSON.stringify(r.surfaces()));
r.ready.then(() => r.flush()).then(() => { window.log.push("ready"); window.done = true; });
</script></body></html>`))
	ctx := newTab(t)
	navigate(ctx, base+"/early.html")
	waitJS(ctx, `window.done === true`)
	if got := evalJSON(ctx, `window.log`); got != `["mounted:function:undefined","surfaces-before:[]","ready"]` {
		t.Errorf("log = %s", got)
	}
	if got := evalJSON(ctx, `document.getElementById("early").shadowRoot.querySelector("section.a2ui-surface").textContent`); got != `"queued before ready"` {
		t.Errorf("surface text = %s", got)
	}
}
