//go:build browser

package browser

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestHostileCore feeds, through the public JS API (connect on a stream), the inputs
// that used to kill or freeze the Go runtime (security.md §4, T8-T10): deep Markdown, a
// data path of thousands of segments, a formatString that would repeat 64 KiB 20,000
// times, a 1,000-row template of a 1 MiB string, and a fan-out past the instance budget
// next to a "Pay now" button. For each: the a2ui-error event carries the code, the
// hostile surface shows the fail-closed notice and no control, nothing the agent wrote
// ran (no alert, no window.open, no handler from markup, no action), no request left for
// another origin, and a probe surface on the same renderer and a second renderer on the
// page render within a second.
func TestHostileCore(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	create := `{"version":"v0.9","createSurface":{"surfaceId":"h","catalogId":"` + basicCatalog + `"}}`
	comps := func(list string) string {
		return `{"version":"v0.9","updateComponents":{"surfaceId":"h","components":` + list + `}}`
	}
	upd := func(path, value string) string {
		return `{"version":"v0.9","updateDataModel":{"surfaceId":"h","path":"` + path + `","value":` + value + `}}`
	}
	// Markup that would run if anything reached innerHTML.
	const xss = `<img src=x onerror=\"window.__pwned=1\">`
	button := `{"id":"pay","component":"Button","child":"payl","action":{"event":{"name":"pay"}}},{"id":"payl","component":"Text","text":"Pay now"}`
	deepPath := strings.Repeat("/a", 5000)
	var fan strings.Builder
	fan.WriteString(`[{"id":"root","component":"Column","children":["warn","f0","pay"]},{"id":"warn","component":"Text","text":"Warning: this charges your card twice"},` + button)
	for i := 0; i < 16; i++ {
		n := strconv.Itoa(i + 1)
		fan.WriteString(`,{"id":"f` + strconv.Itoa(i) + `","component":"Row","children":["f` + n + `","g` + n + `"]},{"id":"g` + n + `","component":"Column","children":["f` + n + `"]}`)
	}
	fan.WriteString(`,{"id":"f16","component":"Text","text":"leaf ` + xss + `"}]`)

	cases := []struct {
		name  string
		lines []string
		code  string
	}{
		{"deep Markdown", []string{create, comps(`[{"id":"root","component":"Column","children":["t","pay"]},{"id":"t","component":"Text","text":"` + strings.Repeat(">", 16*1024-2) + ` ` + xss + `"},` + button + `]`)}, "LIMIT_EXCEEDED"},
		{"deep data path", []string{create, upd(deepPath, `"x"`), comps(`[{"id":"root","component":"Column","children":["t","pay"]},{"id":"t","component":"Text","text":{"path":"` + deepPath + `"}},` + button + `]`)}, "LIMIT_EXCEEDED"},
		{"formatString bomb", []string{create, upd("/s", `"`+strings.Repeat("x", 64<<10)+`"`), comps(`[{"id":"root","component":"Column","children":["t","pay"]},{"id":"t","component":"Text","text":{"call":"formatString","args":{"value":"` + strings.Repeat("${/s}", 20000) + `"}}},` + button + `]`)}, "LIMIT_EXCEEDED"},
		{"huge template", []string{create, upd("/rows", `[`+strings.TrimSuffix(strings.Repeat(`0,`, 1000), ",")+`]`), comps(`[{"id":"root","component":"Column","children":["l","pay"]},{"id":"l","component":"List","children":{"componentId":"row","path":"/rows"}},{"id":"row","component":"Text","text":"` + strings.Repeat("m", 1<<20-4096) + `"},` + button + `]`)}, "LIMIT_EXCEEDED"},
		{"fan-out", []string{create, comps(fan.String())}, "LIMIT_EXCEEDED"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			base := serve(t, rendererPage(), handle("GET /agent/hostile", streamLines(0, c.lines...)))
			// The render budget is out of reach (noRenderBudget): the case's own limit,
			// not a busy machine's clock, must fail the surface closed.
			ctx := openRenderer(t, base, noRenderBudget)
			evalJSON(ctx, `(window.__calls = [], window.alert = () => __calls.push("alert"), window.open = () => { __calls.push("open"); return null; }, true)`)
			if got := evalJSON(ctx, `T.mount("second", {})`); got != "true" {
				t.Fatalf("second mount = %s", got)
			}
			t0 := time.Now()
			evalJSON(ctx, `(window.__done = null, T.r.host.connect("/agent/hostile").then(() => { window.__done = "ok"; }, (e) => { window.__done = String(e); }), true)`)
			waitJS(ctx, `window.__done !== null`)
			flush(ctx, "host")
			t.Logf("hostile stream applied in %v", time.Since(t0)) // how fast is make bench's business

			codes := evalJSON(ctx, `T.events("host", "a2ui-error").map((e) => e.error && e.error.code)`)
			if !strings.Contains(codes, `"`+c.code+`"`) {
				t.Errorf("error codes %s, want %s", codes, c.code)
			}
			var errs []struct {
				Error struct{ Code, SurfaceID, Path string }
			}
			_ = json.Unmarshal([]byte(evalJSON(ctx, `T.events("host", "a2ui-error")`)), &errs)
			for _, e := range errs {
				if e.Error.Code == c.code && e.Error.SurfaceID != "h" {
					t.Errorf("%s error without the surface: %+v", c.code, e)
				}
			}
			notice := evalJSON(ctx, `(() => { const s = T.q("host", 'section[data-surface-id="h"]'); return s && {notice: !!s.querySelector(".a2ui-failed-closed"), controls: s.querySelectorAll("button, input, a, select, textarea").length, text: s.textContent.slice(0, 200)}; })()`)
			if !strings.Contains(notice, `"notice":true`) || !strings.Contains(notice, `"controls":0`) || strings.Contains(notice, "Pay now") {
				t.Errorf("hostile surface not failed closed: %s", notice)
			}
			if got := evalJSON(ctx, `({calls: __calls, pwned: window.__pwned === undefined ? null : window.__pwned, actions: T.events("host", "a2ui-action").length, imgs: T.qa("host", "img, script, iframe").length})`); got != `{"calls":[],"pwned":null,"actions":0,"imgs":0}` {
				t.Errorf("something ran: %s", got)
			}
			if got := evalJSON(ctx, `performance.getEntriesByType("resource").map((e) => new URL(e.name).origin).filter((o) => o !== location.origin)`); got != `[]` {
				t.Errorf("requests to other origins: %s", got)
			}

			// Liveness: a probe surface on the same renderer and a second renderer
			// render.
			probe := func(sid, text string) string {
				return jsString(`{"version":"v0.9","createSurface":{"surfaceId":"` + sid + `","catalogId":"` + basicCatalog + `"}}` + "\n" +
					`{"version":"v0.9","updateComponents":{"surfaceId":"` + sid + `","components":[{"id":"root","component":"Text","text":"` + text + `"}]}}` + "\n")
			}
			ms := evalJS[float64](ctx, `(async () => {
				const t0 = performance.now();
				T.r.host.process(`+probe("probe", "probe alive")+`);
				T.r.second.process(`+probe("other", "second alive")+`);
				await Promise.all([T.r.host.flush(), T.r.second.flush()]);
				if (!T.text("host").includes("probe alive") || !T.text("second").includes("second alive")) return -1;
				return performance.now() - t0;
			})()`)
			if ms < 0 {
				t.Fatalf("probe surfaces did not render: host %q, second %q", hostText(ctx, "host"), hostText(ctx, "second"))
			}
			t.Logf("probes rendered in %.0f ms", ms) // how fast is make bench's business
		})
	}
}

// TestLimitsMountOption: the page tightens caps through A2UI.mount's `limits` option;
// another renderer on the page keeps the defaults.
func TestLimitsMountOption(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, `{limits: {maxStringBytes: 8, maxInstances: 3}}`)
	if got := evalJSON(ctx, `T.mount("second", {})`); got != "true" {
		t.Fatalf("second mount = %s", got)
	}
	lines := []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + basicCatalog + `"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/d","value":{"short":"12345678","long":"123456789"}}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"path":"/d/short"}}]}}`,
	}
	processLines(ctx, "host", lines...)
	processLines(ctx, "second", lines...)
	var errs []struct {
		Error struct{ Code, SurfaceID, Path string }
	}
	if err := json.Unmarshal([]byte(evalJSON(ctx, `T.events("host", "a2ui-error")`)), &errs); err != nil || len(errs) != 1 ||
		errs[0].Error.Code != "LIMIT_EXCEEDED" || errs[0].Error.Path != "/updateDataModel/value/long" {
		t.Errorf("errors %+v (%v), want one LIMIT_EXCEEDED at /updateDataModel/value/long", errs, err)
	}
	if got := evalJSON(ctx, `JSON.stringify(T.rr("host").dataModel("s"))`); !strings.Contains(got, "short") || strings.Contains(got, "long") {
		t.Errorf("data model %s", got)
	}
	if got := hostText(ctx, "host"); got != "12345678" {
		t.Errorf("host text %q", got)
	}
	if got := evalJSON(ctx, `T.events("second", "a2ui-error").length`); got != "0" {
		t.Errorf("the second renderer reported %s errors", got)
	}
	// maxInstances 3: a Column of three Texts is four instances, over the budget.
	processLines(ctx, "host", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["a","b","c"]},{"id":"a","component":"Text","text":"a"},{"id":"b","component":"Text","text":"b"},{"id":"c","component":"Text","text":"c"}]}}`)
	if got := evalJSON(ctx, `!!T.q("host", ".a2ui-failed-closed")`); got != "true" {
		t.Errorf("a surface over maxInstances is not failed closed: %q", hostText(ctx, "host"))
	}

	// One path: the mount option overrides the policy's "limits" cap by cap (the
	// policy's other caps stay), and a bad value fails closed like a bad policy.
	res := evalJS[map[string]any](ctx, `(async () => {
		const el = document.createElement("div"); el.id = "merged"; document.getElementById("hosts").appendChild(el);
		const r = A2UI.mount(el, {policy: {limits: {maxStringBytes: 4, maxKeyBytes: 2}}, limits: {maxStringBytes: 6}});
		await r.ready;
		r.process(`+jsString(strings.Join([]string{lines[0], `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/d","value":{"a":"123456","b":"1234567","abc":"1"}}}`}, "\n"))+`);
		await r.flush();
		const bad = document.createElement("div"); bad.id = "badlim"; document.getElementById("hosts").appendChild(bad);
		const rb = A2UI.mount(bad, {limits: {maxStringBytes: -1}});
		let rejected = "";
		try { await rb.ready; } catch (e) { rejected = String(e.message); }
		return {model: JSON.stringify(r.dataModel("s")), rejected, text: T.text("badlim")};
	})()`)
	if res["model"] != `{"d":{"a":"123456"}}` {
		t.Errorf("model under policy limits + mount limits = %v, want only a (b over the mount's 6 bytes, abc over the policy's 2-byte keys)", res["model"])
	}
	if errs := errorCodes(t, events(ctx, "merged", "a2ui-error")); strings.Join(errs, ",") != "LIMIT_EXCEEDED,LIMIT_EXCEEDED" {
		t.Errorf("merged: error codes %v", errs)
	}
	if r, _ := res["rejected"].(string); !strings.Contains(r, "/limits/maxStringBytes") || !strings.Contains(res["text"].(string), "policy is invalid") {
		t.Errorf("a bad mount limit: %v", res)
	}
	if codes := errorCodes(t, events(ctx, "badlim", "a2ui-error")); len(codes) != 1 || codes[0] != "POLICY_INVALID" {
		t.Errorf("badlim: error codes %v", codes)
	}
}
