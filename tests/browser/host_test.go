//go:build browser

package browser

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// This file tests host components and host functions from JS (A2UI.defineCatalog and
// the catalogs mount option): a custom element and a factory element rendered from a
// page catalog, their props as element properties, slotted A2UI children, DOM events to
// actions and two-way bindings, and host functions with their failures.

const chartCatalogID = "https://example.com/catalogs/charts/v1"

// hostPageBody defines <x-chart> (records every property write) and window.chartCatalog.
const hostPageBody = `<script>
"use strict";
class XChart extends HTMLElement {
  constructor() {
    super();
    this.writes = [];
    const root = this.attachShadow({ mode: "open" });
    const h = document.createElement("h3");
    const body = document.createElement("slot"); body.name = "body";
    const items = document.createElement("slot"); items.name = "items";
    root.append(h, body, items);
  }
  set title(v) { this._title = v; this.writes.push("title"); this.shadowRoot.querySelector("h3").textContent = v; }
  get title() { return this._title; }
  set data(v) { this._data = v; this.writes.push("data"); }
  get data() { return this._data; }
}
customElements.define("x-chart", XChart);
window.slowCalls = 0;
window.chartCatalog = {
  catalogId: "` + chartCatalogID + `",
  extends: "basic",
  components: {
    Chart: {
      tag: "x-chart",
      props: {
        title: { type: "string", bindable: true, required: true },
        data: { type: "array", bindable: true },
        kind: { type: "string", enum: ["bar", "line"] },
        value: { type: "number", bindable: true },
        onSelect: { type: "action" },
        body: { type: "child" },
        items: { type: "children" },
      },
      events: {
        select: { action: "onSelect" },
        change: { bind: "value", from: "detail.value" },
      },
    },
    Pin: {
      create: () => { const e = document.createElement("div"); e.className = "pin"; return e; },
      props: { label: { type: "string", bindable: true } },
    },
  },
  functions: {
    // A generous budget: a loaded test machine must not cut these.
    shout: { args: { text: "string" }, returns: "string", call: (a) => a.text.toUpperCase() + "!", budgetMs: 1000 },
    boom: { returns: "string", call: () => { throw new Error("kaboom"); }, budgetMs: 1000 },
    slow: { returns: "string", call: () => { window.slowCalls++; const t = performance.now(); while (performance.now() - t < 60) {} return "late"; } },
  },
};
// #define: the page defines the catalog while it parses, before the runtime is up.
if (location.hash === "#define") {
  window.definedBeforeRuntime = !window.__a2uiGo;
  A2UI.defineCatalog(chartCatalog);
}
</script>`

// chartStream is a v0.9 surface "c" on the chart catalog.
var chartStream = []string{
	`{"version":"v0.9","createSurface":{"surfaceId":"c","catalogId":"` + chartCatalogID + `"}}`,
	`{"version":"v0.9","updateDataModel":{"surfaceId":"c","value":{"title":"Sales","data":[1,2,3],"picked":"b","v":3}}}`,
	`{"version":"v0.9","updateComponents":{"surfaceId":"c","components":[` +
		`{"id":"root","component":"Column","children":["chart","mirror","loud","boom","slow","pin"]},` +
		`{"id":"chart","component":"Chart","title":{"path":"/title"},"data":{"path":"/data"},"kind":"bar","value":{"path":"/v"},"bogus":42,` +
		`"onSelect":{"event":{"name":"pick","context":{"series":{"path":"/picked"},"title":{"path":"/title"}}}},"body":"cap","items":["i1","i2"]},` +
		`{"id":"cap","component":"Text","text":"Caption"},` +
		`{"id":"i1","component":"Text","text":"One"},` +
		`{"id":"i2","component":"Text","text":"Two"},` +
		`{"id":"mirror","component":"Text","text":{"call":"formatString","args":{"value":"v=${/v}"}}},` +
		`{"id":"loud","component":"Text","text":{"call":"shout","args":{"text":{"path":"/title"}}}},` +
		`{"id":"boom","component":"Text","text":{"call":"boom"}},` +
		`{"id":"slow","component":"Text","text":{"call":"slow"}},` +
		`{"id":"pin","component":"Pin","label":"Here"}` +
		`]}}`,
}

// waitActionBody waits for the first POST carrying an action (the renderer posts its
// error reports to the same URL) and returns it.
func waitActionBody(t *testing.T, rec *actionRecorder) string {
	t.Helper()
	for n := 1; ; n++ {
		bodies := rec.Wait(t, n)
		for _, b := range bodies {
			if strings.Contains(b, `"action":`) {
				return b
			}
		}
		n = len(bodies)
	}
}

type hostError struct {
	Code, Path, Message string
}

// hostErrors returns the a2ui-error details of host id.
func hostErrors(t *testing.T, ctx context.Context, id string) []hostError {
	t.Helper()
	var out []hostError
	for _, raw := range events(ctx, id, "a2ui-error") {
		var d struct {
			Error hostError `json:"error"`
		}
		if err := json.Unmarshal(raw, &d); err != nil {
			t.Fatalf("a2ui-error detail %s: %v", raw, err)
		}
		out = append(out, d.Error)
	}
	return out
}

// findError reports whether errs hold one with code and path ("": any) whose message
// contains msg.
func findError(errs []hostError, code, path, msg string) bool {
	for _, e := range errs {
		if (code == "" || e.Code == code) && (path == "" || e.Path == path) && strings.Contains(e.Message, msg) {
			return true
		}
	}
	return false
}

func TestHostComponents(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPageWith(rendererPagePath, hostPageBody), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action", catalogs: [chartCatalog]}`)
	processLines(ctx, "host", chartStream...)

	chart := `T.q("host", "x-chart")`
	if got := evalJSON(ctx, `(() => { const c = `+chart+`; return c && [c.title, c.data, c.hasAttribute("title"), c.hasAttribute("data"), "bogus" in c, c.kind, c.value]; })()`); got != `["Sales",[1,2,3],false,false,false,"bar",3]` {
		t.Fatalf("x-chart [title, data, title attr, data attr, bogus, kind, value] = %s", got)
	}
	// Children slotted into the element, shown through its <slot>s.
	if got := evalJSON(ctx, `(() => { const c = `+chart+`; return [c.querySelector('[slot="body"]').textContent, c.querySelector('[slot="items"]').textContent, c.shadowRoot.querySelector('slot[name="items"]').assignedElements().length]; })()`); got != `["Caption","OneTwo",1]` {
		t.Errorf("slots [body, items, items assigned] = %s", got)
	}
	errs := hostErrors(t, ctx, "host")
	if !findError(errs, "VALIDATION_FAILED", "/components/chart/bogus", `"bogus"`) {
		t.Errorf("no VALIDATION_FAILED for the undeclared prop bogus at /components/chart/bogus: %+v", errs)
	}
	// A host function's result renders; a throw and an over-budget call fail.
	text := hostText(ctx, "host")
	if !strings.Contains(text, "SALES!") {
		t.Errorf("shout result missing: %q", text)
	}
	if strings.Contains(text, "late") {
		t.Errorf("the slow function's value was shown: %q", text)
	}
	if !findError(errs, "FUNCTION_FAILED", "", "kaboom") {
		t.Errorf("no FUNCTION_FAILED with the thrown message: %+v", errs)
	}
	if !findError(errs, "FUNCTION_FAILED", "", "budget") {
		t.Errorf("no FUNCTION_FAILED for the slow function: %+v", errs)
	}
	// The factory's element with its property.
	if got := evalJSON(ctx, `(() => { const p = T.q("host", "div.pin"); return p && [p.label, p.hasAttribute("label")]; })()`); got != `["Here",false]` {
		t.Errorf("factory element [label, label attr] = %s", got)
	}

	// A bound prop follows the data model; unchanged props are not written again.
	evalJSON(ctx, `(`+chart+`.writes.length = 0, true)`)
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"c","path":"/title","value":"Q3"}}`)
	if got := evalJSON(ctx, `[`+chart+`.title, `+chart+`.writes]`); got != `["Q3",["title"]]` {
		t.Errorf("after updateDataModel [title, writes] = %s", got)
	}
	if text := hostText(ctx, "host"); !strings.Contains(text, "Q3!") {
		t.Errorf("shout did not follow /title: %q", text)
	}
	bogus := 0
	for _, e := range hostErrors(t, ctx, "host") {
		if e.Path == "/components/chart/bogus" {
			bogus++
		}
	}
	if bogus != 1 {
		t.Errorf("the undeclared prop was reported %d times, want once", bogus)
	}
	if n := evalJS[int](ctx, `slowCalls`); n != 1 {
		t.Errorf("the slow function ran %d times, want 1 (its failed Text is not rebuilt while nothing it reads changes)", n)
	}

	// The element's event runs the action with its context resolved now.
	evalJSON(ctx, `(`+chart+`.dispatchEvent(new CustomEvent("select", {detail: {series: "ignored"}})), true)`)
	checkAction(t, "select", []byte(waitActionBody(t, rec)),
		`{"version":"v0.9","action":{"name":"pick","surfaceId":"c","sourceComponentId":"chart","context":{"series":"b","title":"Q3"}}}`)

	// Two-way binding: the event's detail.value goes to /v; the bound Text follows.
	evalJSON(ctx, `(`+chart+`.dispatchEvent(new CustomEvent("change", {detail: {value: 7}})), true)`)
	flush(ctx, "host")
	if got := evalJSON(ctx, `T.rr("host").dataModel("c").v`); got != `7` {
		t.Errorf("dataModel /v = %s, want 7", got)
	}
	if text := hostText(ctx, "host"); !strings.Contains(text, "v=7") {
		t.Errorf("bound Text did not follow the write: %q", text)
	}
	if got := evalJSON(ctx, chart+`.value`); got != `7` {
		t.Errorf("x-chart value = %s, want 7", got)
	}
	// A detail of the wrong type is reported and not written.
	evalJSON(ctx, `(`+chart+`.dispatchEvent(new CustomEvent("change", {detail: {value: "x"}})), true)`)
	flush(ctx, "host")
	if got := evalJSON(ctx, `T.rr("host").dataModel("c").v`); got != `7` {
		t.Errorf("dataModel /v = %s after a string detail, want 7", got)
	}
	if errs := hostErrors(t, ctx, "host"); !findError(errs, "VALIDATION_FAILED", "/components/chart/value", "not a number") {
		t.Errorf("no error for the event value of the wrong type: %+v", errs)
	}

	if caps := evalJSON(ctx, `T.rr("host").capabilities()`); !strings.Contains(caps, chartCatalogID) || strings.Contains(caps, "inlineCatalogs") {
		t.Errorf("capabilities %s: want the page catalog's id, no inline catalogs unless asked", caps)
	}
	// inlineCatalogs: the agent accepts inline catalogs; the page catalog is described from
	// its declared props (the basic catalog, an official one, is not).
	evalJSON(ctx, `T.mount("inline", {catalogs: [chartCatalog], inlineCatalogs: true})`)
	caps := evalJSON(ctx, `T.rr("inline").capabilities()`)
	if !strings.Contains(caps, `"inlineCatalogs"`) || !strings.Contains(caps, `"catalogId":"`+chartCatalogID+`"`) || !strings.Contains(caps, `"Chart"`) {
		t.Errorf("capabilities with inlineCatalogs: %s", caps)
	}
	if strings.Contains(caps, `"catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"`) {
		t.Errorf("the official basic catalog sent inline: %s", caps)
	}

	// The page's policy applies to host names: a denied component and function.
	evalJSON(ctx, `T.mount("denied", {catalogs: [chartCatalog], policy: {components: {deny: ["Chart"]}, functions: {deny: ["shout"]}}})`)
	processLines(ctx, "denied", chartStream...)
	if n := evalJS[int](ctx, `T.qa("denied", "x-chart").length`); n != 0 {
		t.Errorf("a denied host component rendered %d elements", n)
	}
	derrs := hostErrors(t, ctx, "denied")
	if !findError(derrs, "POLICY_DENIED", "/components/chart", "Chart") || !findError(derrs, "POLICY_DENIED", "", "shout") {
		t.Errorf("no POLICY_DENIED for the denied component and function: %+v", derrs)
	}

	// The same stream on a renderer without the catalog: reported, no host element.
	evalJSON(ctx, `T.mount("plain", {})`)
	processLines(ctx, "plain", chartStream...)
	if n := evalJS[int](ctx, `T.qa("plain", "x-chart, div.pin").length`); n != 0 {
		t.Errorf("a renderer without the catalog made %d host elements", n)
	}
	if perrs := hostErrors(t, ctx, "plain"); !findError(perrs, "CATALOG_UNSUPPORTED", "", chartCatalogID) {
		t.Errorf("no CATALOG_UNSUPPORTED naming the catalog: %+v", perrs)
	}
	if got := evalJSON(ctx, `T.q("plain", ".a2ui-failed-closed") && T.q("plain", ".a2ui-failed-closed").textContent`); !strings.Contains(got, "not shown") {
		t.Errorf("fail-closed notice = %s", got)
	}
}

func TestDefineCatalog(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageWith(rendererPagePath, hostPageBody))
	ctx := newTab(t)
	navigate(ctx, base+rendererPagePath+"#define")
	if got := evalJSON(ctx, `window.definedBeforeRuntime`); got != "true" {
		t.Fatalf("the page did not define its catalog before the runtime was up: %s", got)
	}
	// The same id again throws.
	if got := evalJSON(ctx, `(() => { try { A2UI.defineCatalog(chartCatalog); return "no error"; } catch (e) { return e.message; } })()`); !strings.Contains(got, "already defined") {
		t.Errorf("defining the catalog twice: %s", got)
	}
	for _, bad := range []string{
		`{catalogId: "x", components: {A: {tag: "div"}}}`,
		`{catalogId: "y", components: {A: {tag: "x-a", create: () => null}}}`,
		`{catalogId: "z", functions: {f: {}}}`,
	} {
		if got := evalJSON(ctx, `(() => { try { A2UI.defineCatalog(`+bad+`); return "no error"; } catch (e) { return e.message; } })()`); got == `"no error"` {
			t.Errorf("defineCatalog(%s) did not throw", bad)
		}
	}
	if got := evalJSON(ctx, `T.mount("host", {})`); got != "true" {
		t.Fatalf("mount = %s", got)
	}
	processLines(ctx, "host", chartStream...)
	if got := evalJSON(ctx, `T.q("host", "x-chart").title`); got != `"Sales"` {
		t.Errorf("x-chart title = %s on a renderer mounted after defineCatalog", got)
	}
	// Defined once the runtime is up: renderers mounted from then on see it.
	evalJSON(ctx, `A2UI.ready.then(() => { A2UI.defineCatalog({catalogId: "https://example.com/badges", components: {Badge: {create: () => document.createElement("output"), props: {n: {type: "number"}}}}}); return true; })`)
	evalJSON(ctx, `T.mount("later", {})`)
	processLines(ctx, "later",
		`{"version":"v0.9","createSurface":{"surfaceId":"b","catalogId":"https://example.com/badges"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[{"id":"root","component":"Badge","n":5}]}}`)
	if got := evalJSON(ctx, `T.q("later", "output") && T.q("later", "output").n`); got != `5` {
		t.Errorf("factory element of a catalog defined after start-up: n = %s", got)
	}
	// That catalog does not extend the basic one: a basic component on it is unknown.
	processLines(ctx, "later",
		`{"version":"v0.9","createSurface":{"surfaceId":"b2","catalogId":"https://example.com/badges"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"b2","components":[{"id":"root","component":"Text","text":"hi"}]}}`)
	if errs := hostErrors(t, ctx, "later"); !findError(errs, "UNKNOWN_COMPONENT", "/components/root", "Text") {
		t.Errorf("a basic component on a catalog without extends: %+v", errs)
	}
	// An invalid declaration Go refuses (an event bound to an undeclared prop) fails the
	// renderer closed with a notice and an error.
	evalJSON(ctx, `(T.mount("bad", {catalogs: [{catalogId: "b", components: {A: {tag: "x-a", events: {change: {bind: "nope"}}}}}]}).catch(() => {}), true)`)
	waitJS(ctx, `T.events("bad", "a2ui-error").length > 0`)
	if got := evalJSON(ctx, `T.q("bad", ".a2ui-status") && T.q("bad", ".a2ui-status").textContent`); !strings.Contains(got, "catalogs are invalid") {
		t.Errorf("invalid catalog notice = %s", got)
	}
}

// TestGalleryCustomComponents opens the gallery's three custom-component samples: each
// renders its page-defined element with the stream's data, a choice inside the element
// writes the data model and the A2UI content bound to it follows, and axe finds no
// violation (light and dark).
func TestGalleryCustomComponents(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t)
	ctx := newTab(t)
	navigate(ctx, base+"/index.html")
	waitJS(ctx, `window.__gallery && window.__gallery.state.samples.length > 0`)
	axeSrc, err := os.ReadFile(repoPath(t, "node_modules/axe-core/axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core missing (npm ci): %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](string(axeSrc))); err != nil {
		t.Fatalf("load axe: %v", err)
	}
	stage := `document.querySelector("#stage a2ui-renderer").shadowRoot`
	for _, c := range []struct {
		id, el, shown, click, surface, path, want, text string
	}{
		{"custom-contact_card", "demo-contact-card", `[e.name, e.email, e.favorite, e.querySelector('[slot="actions"]').textContent, e.shadowRoot.textContent.includes("ada@example.com")]`,
			`.star`, "contact", "contact.favorite", "true", "AL · favorite: true"},
		{"custom-sales_chart", "demo-chart", `[e.title, e.chartData.map((d) => d.value), e.kind, e.shadowRoot.querySelectorAll("rect").length]`,
			`li:nth-child(2) button`, "sales", "selected", `"South"`, "Selected region: South"},
		{"custom-store_map", "demo-map", `[e.selected, e.pins.length, e.querySelector('[slot="overlay"]').textContent, e.shadowRoot.querySelectorAll(".pin").length]`,
			`.pin:nth-of-type(3)`, "stores", "selected", `"Harbour"`, "Harbour"},
	} {
		t.Run(c.id, func(t *testing.T) {
			evalJSON(ctx, `(async () => { await window.__gallery.selectSample(`+jsString(c.id)+`); return true; })()`)
			waitJS(ctx, `(() => { const g = window.__gallery.state; return g.renderer && g.lines.length > 0 && g.pos >= g.lines.length; })()`)
			evalJSON(ctx, `window.__gallery.state.renderer.flush().then(() => new Promise((r) => requestAnimationFrame(() => r(true))))`)
			got := evalJSON(ctx, `(() => { const e = `+stage+`.querySelector(`+jsString(c.el)+`); return e && `+c.shown+`; })()`)
			want := map[string]string{
				"custom-contact_card": `["Ada Lovelace","ada@example.com",false,"CallMessage",true]`,
				"custom-sales_chart":  `["Sales by region, Q3",[42,27,35,24],"bar",4]`,
				"custom-store_map":    `["Riverside",3,"RiversideDirections",3]`,
			}[c.id]
			if got != want {
				t.Fatalf("%s shows %s, want %s", c.el, got, want)
			}
			for _, scheme := range []string{"light", "dark"} {
				if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
					Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}, {Name: "prefers-reduced-motion", Value: "reduce"}},
				}); err != nil {
					t.Fatal(err)
				}
				evalJSON(ctx, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
				var res axeResult
				if err := json.Unmarshal([]byte(evalJSON(ctx, `axe.run({include: [["#stage"]]}, {resultTypes: ["violations"]}).then((r) => ({violations: r.violations}))`)), &res); err != nil {
					t.Fatal(err)
				}
				if len(res.Violations) > 0 {
					t.Errorf("%s: %d axe violations:\n%s", scheme, len(res.Violations), res)
				}
			}
			// A choice inside the element writes the model; the bound A2UI text follows.
			evalJSON(ctx, `(`+stage+`.querySelector(`+jsString(c.el)+`).shadowRoot.querySelector(`+jsString(c.click)+`).click(), true)`)
			evalJSON(ctx, `window.__gallery.state.renderer.flush().then(() => true)`)
			if got := evalJSON(ctx, `window.__gallery.state.renderer.dataModel(`+jsString(c.surface)+`).`+c.path); got != c.want {
				t.Errorf("data model %s = %s, want %s", c.path, got, c.want)
			}
			if text := evalJS[string](ctx, stage+`.textContent`); !strings.Contains(text, c.text) {
				t.Errorf("surface text %q lacks %q", text, c.text)
			}
		})
	}
}
