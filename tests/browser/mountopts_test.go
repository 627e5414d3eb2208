//go:build browser

package browser

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// bareHooks is a JS expression for the hooks __a2uiGo.create needs, without the loader:
// surface hosts are <section>s appended to box, events go to window.emitted.
const bareHooks = `((box) => ({
  intl: "en-US", hold: false, take: () => null,
  host(id) { const el = document.createElement("section"); el.dataset.surfaceId = id; box.appendChild(el); return el; },
  removeHost(id) { for (const s of Array.from(box.children)) if (s.dataset.surfaceId === id) s.remove(); },
  emit(type, json) { (window.emitted ||= []).push(type); },
  notice() {}, openURL: () => false, callFunction: () => '{"error":"none"}',
}))`

// TestOptionsAsJSON: __a2uiGo.create takes the mount options as one JSON string (plain
// data, what a worker can be sent), and still as an object; a refused option gives
// {error, code} and no renderer.
func TestOptionsAsJSON(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	ctx := openRenderer(t, serve(t, rendererPageMain()) /* Go's own create, on the page's thread */, "")
	got := evalJSON(ctx, `(async () => {
	  const box = document.createElement("div"); box.id = "bare"; document.body.appendChild(box);
	  const hooks = `+bareHooks+`(box);
	  const opts = {profile: "strict", dir: "rtl", policy: {headingBase: 2}, messages: JSON.stringify({close: "Fermer"})};
	  const r = __a2uiGo.create(hooks, JSON.stringify(opts));
	  const fromObject = __a2uiGo.create(hooks, opts);
	  const cyclic = {}; cyclic.self = cyclic;
	  const refused = [JSON.stringify({transport: "A2A"}), "{nope", JSON.stringify({policy: {headingBase: 9}}), cyclic]
	    .map((o) => { const x = __a2uiGo.create(hooks, o); return [x.code, x.error, typeof x.process]; });
	  // The engine's own words after the prefix.
	  const c = refused[3]; c[1] = c[1].startsWith("the options cannot be made JSON: ") && /circular/i.test(c[1]);
	  r.process(`+jsString(v09create("s")+"\n"+v09comps("s", `[{"id":"root","component":"Text","text":{"path":"/msg"}}]`)+"\n"+
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/msg","value":"from JSON options"}}`)+`);
	  await r.flush();
	  const out = {dir: r.dir, headingBase: r.headingBase, objectDir: fromObject.dir, objectHeadingBase: fromObject.headingBase,
	    text: box.textContent, model: JSON.parse(r.dataModel("s")), surfaces: JSON.parse(r.surfaces()), refused};
	  r.destroy(); fromObject.destroy();
	  return out;
	})()`)
	want := `{"dir":"rtl","headingBase":2,"objectDir":"rtl","objectHeadingBase":2,"text":"from JSON options",` +
		`"model":{"msg":"from JSON options"},"surfaces":["s"],"refused":[` +
		`["POLICY_INVALID","mount option \"transport\": unknown transport \"A2A\" (known: a2a, agui, mcp, jsonl, sse)","undefined"],` +
		`["POLICY_INVALID","the options are not a JSON object: invalid character looking for beginning of object key string (offset 1)","undefined"],` +
		`["POLICY_INVALID","invalid policy at /headingBase: must be an integer from 0 to 5","undefined"],` +
		`["POLICY_INVALID",true,"undefined"]]}`
	if got != want {
		t.Errorf("create with JSON options =\n%s\nwant\n%s", got, want)
	}
}

// TestMountOptionRefused: A2UI.mount with an option of the wrong kind fails closed, as
// an invalid policy does: a notice naming the option, ready rejects, one a2ui-error
// POLICY_INVALID, and nothing is fetched.
func TestMountOptionRefused(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	var hits atomic.Int32
	base := serve(t, rendererPage(), handle("/agent/", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { hits.Add(1) })))
	ctx := openRenderer(t, base, "")
	for _, tc := range []struct{ id, opts, msg string }{
		{"tr", `{transport: "A2A", agent: "/agent/", message: "hi"}`, `mount option "transport": unknown transport "A2A"`},
		{"wop", `{profile: "openwop", openwop: {targets: ["resume"], approval: "yes"}}`, `mount option "openwop": approval must be true or false`},
		{"hd", `{actionURL: "/agent/act", headers: {Authorization: {token: "t"}}}`, `mount option "headers": header "Authorization" must be a string`},
	} {
		res := evalJS[map[string]string](ctx, `(async () => {
		  const el = document.createElement("div"); el.id = "`+tc.id+`"; document.getElementById("hosts").appendChild(el);
		  const r = A2UI.mount(el, `+tc.opts+`);
		  let rejected = "";
		  try { await r.ready; } catch (e) { rejected = String(e.message); }
		  return {rejected, text: T.text("`+tc.id+`")};
		})()`)
		if !strings.Contains(res["rejected"], tc.msg) {
			t.Errorf("%s: ready rejected with %q, want %q", tc.id, res["rejected"], tc.msg)
		}
		if want := "This renderer's policy is invalid: " + tc.msg; !strings.Contains(res["text"], want) {
			t.Errorf("%s: notice %q, want %q", tc.id, res["text"], want)
		}
		if codes := errorCodes(t, events(ctx, tc.id, "a2ui-error")); len(codes) != 1 || codes[0] != "POLICY_INVALID" {
			t.Errorf("%s: error codes %v, want [POLICY_INVALID]", tc.id, codes)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("%d requests reached the agent of a refused renderer", n)
	}
}

// TestMountHeaders: the headers option goes with the action POST, over the renderer's
// own headers (Accept), numbers as their text.
func TestMountHeaders(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPage(), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action", headers: {Authorization: "Bearer t0k", "X-Count": 5, Accept: "application/jsonl"}}`)
	trackClicks(ctx)
	processLines(ctx, "host", oneButton...)
	clickIn(ctx, "host", "button.a2ui-button")
	rec.Wait(t, 1)
	h := rec.Headers()[0]
	for name, want := range map[string]string{"Authorization": "Bearer t0k", "X-Count": "5", "Accept": "application/jsonl"} {
		if got := h.Values(name); len(got) != 1 || got[0] != want {
			t.Errorf("POST header %s = %q, want %q", name, got, want)
		}
	}
	if ct := h.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("POST Content-Type = %q, want application/json", ct)
	}
}
