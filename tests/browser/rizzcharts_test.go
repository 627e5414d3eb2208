//go:build browser

package browser

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// This file runs the rizzcharts samples (testdata/custom-samples/rizzcharts: streams in
// the shapes of google/A2UI's rizzcharts examples, v0.8 and v0.9, on the rizzcharts
// catalog and on the basic one) unchanged against Canvas, Chart and GoogleMap page
// components declared through the documented API (README "Custom components from JS").

const rizzCatalogID = "https://github.com/google/A2UI/blob/main/samples/agent/adk/rizzcharts/rizzcharts_catalog_definition.json"

// rizzElements defines <rz-canvas>, <rz-chart> and <rz-map> as a page would: each
// records every property the renderer sets (JSON, in order) in this.sets; and
// window.rizzCatalog, which maps the samples' types to them (v08Default: the v0.8
// samples name no catalog).
const rizzElements = `<script>
"use strict";
class Recorder extends HTMLElement {
  constructor() { super(); this.sets = []; this.attachShadow({ mode: "open" }).append(document.createElement("slot")); }
  record(name, v) { this.sets.push(name + "=" + JSON.stringify(v)); }
  last(name) { const s = this.sets.filter((x) => x.startsWith(name + "=")).at(-1); return s ? JSON.parse(s.slice(name.length + 1)) : undefined; }
}
for (const [tag, props] of [["rz-canvas", []], ["rz-chart", ["type", "title", "chartData"]], ["rz-map", ["center", "zoom", "pins"]]]) {
  const C = class extends Recorder {};
  for (const p of props) Object.defineProperty(C.prototype, p, { set(v) { this.record(p, v); }, get() { return this.last(p); } });
  customElements.define(tag, C);
}
const coord = { type: "object", properties: { lat: { type: "number" }, lng: { type: "number" } }, required: ["lat", "lng"] };
window.rizzCatalog = {
  catalogId: "` + rizzCatalogID + `",
  extends: "basic",
  v08Default: true,
  components: {
    Canvas: { tag: "rz-canvas", props: { children: { type: "children", required: true } } },
    Chart: { tag: "rz-chart", props: {
      type: { type: "string", enum: ["doughnut", "pie"], required: true },
      title: { type: "string", bindable: true },
      chartData: { type: "array", bindable: true, required: true, items: { type: "object",
        properties: { label: { type: "string" }, value: { type: "number" }, drillDown: { type: "array" } }, required: ["label", "value"] } },
    } },
    GoogleMap: { tag: "rz-map", props: {
      center: Object.assign({ bindable: true, required: true }, coord),
      zoom: { type: "number", bindable: true, required: true },
      pins: { type: "array", bindable: true, items: { type: "object", properties: { lat: { type: "number" }, lng: { type: "number" }, name: { type: "string" } }, required: ["lat", "lng", "name"] } },
    } },
  },
};
</script>`

// The props each element receives, per sample. v0.8 reads the dotted keys as nested
// paths (chart.items[0].label is /chart/items/0/label); v0.9 keeps them as plain key
// characters, as its spec says, so there only the bindings that name a whole dotted key
// (/chart.title, /mapConfig.zoom) resolve.
func TestRizzchartsSamples(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageWith(rendererPagePath, rizzElements))
	items := `[{"label":"Web","value":38,"drillDown":[{"label":"Desktop","value":22},{"label":"Mobile","value":31},{"label":"Tablet","value":9},{"label":"Kiosk","value":4}]},` +
		`{"label":"Retail","value":27,"drillDown":[{"label":"Flagship","value":12},{"label":"Outlet","value":7},{"label":"Pop-up","value":5},{"label":"Partner","value":18}]},` +
		`{"label":"Wholesale","value":19,"drillDown":[{"label":"Distributors","value":14},{"label":"Hotels","value":6},{"label":"Schools","value":3},{"label":"Clinics","value":11}]},` +
		`{"label":"Phone","value":9},{"label":"Other","value":7}]`
	pins := `[{"lat":38.7075,"lng":-9.1364,"name":"Harbour Books","description":"Independent bookshop by the river.","background":"#0B8043","borderColor":"#FFFFFF","glyphColor":"#FFFFFF"},` +
		`{"lat":38.7003,"lng":-9.1769,"name":"Tram Depot Museum"},{"lat":38.7139,"lng":-9.1334,"name":"Hilltop Viewpoint"},` +
		`{"lat":38.7071,"lng":-9.1459,"name":"Covered Market"},{"lat":38.7181,"lng":-9.15,"name":"Botanical Garden"},{"lat":38.6929,"lng":-9.2094,"name":"Riverside Promenade"}]`
	for _, c := range []struct {
		file, surface string
		el            string // the element inside <rz-canvas>
		props         string // JS: [...] of the element's props (e is the element)
		want          string
	}{
		{"0.8/chart", "sales-dashboard", "rz-chart", `[e.type, e.title, e.chartData]`, `["doughnut","Orders by Channel",` + items + `]`},
		{"0.8/map", "la-map-view", "rz-map", `[e.center, e.zoom, e.pins]`, `[{"lat":38.713,"lng":-9.15},13,` + pins + `]`},
		{"0.9/chart", "sales-dashboard", "rz-chart", `[e.type, e.title, e.sets.some((s) => s.startsWith("chartData="))]`, `["doughnut","Orders by Channel",false]`},
		{"0.9/map", "la-map-view", "rz-map", `[e.zoom, e.sets.some((s) => /^(center|pins)=/.test(s))]`, `[13,false]`},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			ctx := openRenderer(t, base, `{catalogs: [rizzCatalog]}`)
			processLines(ctx, "host", sampleLines(t, "rizzcharts/rizzcharts_catalog/"+c.file+".json")...)
			if got := evalJSON(ctx, `T.rr("host").surfaces()`); got != `["`+c.surface+`"]` {
				t.Errorf("surfaces %s", got)
			}
			got := evalJSON(ctx, `(() => { const e = T.q("host", "rz-canvas `+c.el+`"); return e ? `+c.props+` : "no `+c.el+` in rz-canvas"; })()`)
			if got != c.want {
				t.Errorf("props\n got  %s\n want %s", got, c.want)
			}
			// Each prop is set once: the stream's later messages do not set it again.
			if got := evalJSON(ctx, `(() => { const s = T.q("host", "`+c.el+`").sets.map((x) => x.split("=")[0]); return s.length === new Set(s).size; })()`); got != "true" {
				t.Errorf("a prop was set twice: %s", evalJSON(ctx, `T.q("host", "`+c.el+`").sets`))
			}
			for _, e := range hostErrors(t, ctx, "host") {
				if e.Code == "CATALOG_UNSUPPORTED" || e.Code == "UNKNOWN_COMPONENT" {
					t.Errorf("error %+v", e)
				}
			}
		})
	}
}

// The standard-catalog variants need no page catalog: basic Lists over the same data.
func TestRizzchartsStandardSamples(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageWith(rendererPagePath, ""))
	for _, c := range []struct{ file, want string }{
		{"0.8/chart", "Orders by Channel|Web|38|Retail|27|Wholesale|19|Phone|9|Other|7"},
		{"0.8/map", "Places to Visit in the Old Town|Harbour Books|Independent bookshop by the river.|Tram Depot Museum|Old trams in a working depot.|Hilltop Viewpoint|Terrace over the red roofs.|Covered Market|Food hall in an iron market building.|Botanical Garden|Palms and ponds on a slope.|Riverside Promenade|A long walk beside the water."},
		{"0.9/chart", "Orders by Channel"},
		{"0.9/map", "Places to Visit in the Old Town"},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			ctx := openRenderer(t, base, `{}`)
			processLines(ctx, "host", sampleLines(t, "rizzcharts/standard_catalog/"+c.file+".json")...)
			got := evalJSON(ctx, `T.qa("host", "h1, h2, h3, h4, h5, h6, p, span").filter((e) => !e.children.length && e.textContent.trim()).map((e) => e.textContent.trim()).join("|")`)
			if got != jsString(c.want) {
				t.Errorf("texts %s\nwant  %s", got, c.want)
			}
			if errs := hostErrors(t, ctx, "host"); len(errs) != 0 {
				t.Errorf("errors %+v", errs)
			}
		})
	}
}

// Without the page's catalog the rizzcharts samples fail closed: v0.9's surfaces name a
// catalog the renderer lacks (CATALOG_UNSUPPORTED, a notice), v0.8's Canvas is an
// unknown basic component; no element is created and no data shown.
func TestRizzchartsFailClosedWithoutCatalog(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageWith(rendererPagePath, rizzElements))
	for _, c := range []struct{ file, code, path string }{
		{"0.8/chart", "UNKNOWN_COMPONENT", "/components/root-canvas"},
		{"0.8/map", "UNKNOWN_COMPONENT", "/components/root-canvas"},
		{"0.9/chart", "CATALOG_UNSUPPORTED", "/createSurface/catalogId"},
		{"0.9/map", "CATALOG_UNSUPPORTED", "/createSurface/catalogId"},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			ctx := openRenderer(t, base, `{}`)
			processLines(ctx, "host", sampleLines(t, "rizzcharts/rizzcharts_catalog/"+c.file+".json")...)
			if got := evalJSON(ctx, `[!!T.q("host", "rz-canvas, rz-chart, rz-map"), /Web|Harbour Books/.test(T.text("host"))]`); got != `[false,false]` {
				t.Errorf("[page element, its data shown] = %s", got)
			}
			errs := hostErrors(t, ctx, "host")
			found := false
			for _, e := range errs {
				found = found || (e.Code == c.code && e.Path == c.path)
			}
			if !found {
				t.Errorf("errors %+v, want %s at %s", errs, c.code, c.path)
			}
			if strings.HasPrefix(c.file, "0.9") && !strings.Contains(hostText(ctx, "host"), "needs a component catalog") {
				t.Errorf("no fail-closed notice: %q", hostText(ctx, "host"))
			}
		})
	}
}

// The gallery plays the custom-component samples on web/gallery-components.js's elements
// (the org chart in both versions: v0.8 through the gallery's v08Default catalog): the
// chart draws the items and opens a drill-down level, the map lists and draws its markers
// without loading anything from another origin, v0.9's unresolved bindings show as
// empty states; axe finds no violation.
func TestGalleryPageComponentSamples(t *testing.T) {
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
	for _, c := range []struct{ id, el, shown, want string }{
		{"components08-org_chart", "gallery-org-chart", `[...e.shadowRoot.querySelectorAll(".name")].map((n) => n.textContent)`, `["Priya Raman","Tomas Eberle","Noor Haddad","Lena Okafor"]`},
		{"components09-org_chart", "gallery-org-chart", `[...e.shadowRoot.querySelectorAll(".name")].map((n) => n.textContent)`, `["Priya Raman","Tomas Eberle","Noor Haddad","Lena Okafor"]`},
		{"rizzcharts08-chart", "gallery-rizz-chart", `[!!e.closest("gallery-canvas"), e.shadowRoot.querySelectorAll("path").length, [...e.shadowRoot.querySelectorAll("li")].map((l) => l.textContent)]`,
			`[true,5,["Web: 38","Retail: 27","Wholesale: 19","Phone: 9","Other: 7"]]`},
		{"rizzcharts08-map", "gallery-rizz-map", `[e.zoom, e.shadowRoot.querySelectorAll("svg g").length, [...e.shadowRoot.querySelectorAll(".name")].map((l) => l.textContent)]`,
			`[13,6,["Harbour Books","Tram Depot Museum","Hilltop Viewpoint","Covered Market","Botanical Garden","Riverside Promenade"]]`},
		{"rizzcharts09-chart", "gallery-rizz-chart", `[e.title, e.shadowRoot.querySelector("p").textContent]`, `["Orders by Channel","No data"]`},
		{"rizzcharts09-map", "gallery-rizz-map", `[e.zoom, e.shadowRoot.querySelector("p").textContent]`, `[13,"No markers"]`},
	} {
		t.Run(c.id, func(t *testing.T) {
			evalJSON(ctx, `(async () => { await window.__gallery.selectSample(`+jsString(c.id)+`); return true; })()`)
			waitJS(ctx, `(() => { const g = window.__gallery.state; return g.renderer && g.lines.length > 0 && g.pos >= g.lines.length; })()`)
			evalJSON(ctx, `window.__gallery.state.renderer.flush().then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))`)
			got := evalJSON(ctx, `(() => { const e = `+stage+`.querySelector(`+jsString(c.el)+`); return e && `+c.shown+`; })()`)
			if got != c.want {
				t.Fatalf("%s shows %s\nwant %s", c.el, got, c.want)
			}
			if got := evalJSON(ctx, `performance.getEntriesByType("resource").map((r) => r.name).filter((n) => !n.startsWith(location.origin + "/"))`); got != `[]` {
				t.Errorf("requests to other origins: %s", got)
			}
			var res axeResult
			if err := json.Unmarshal([]byte(evalJSON(ctx, `axe.run({include: [["#stage"]]}, {resultTypes: ["violations"]}).then((r) => ({violations: r.violations}))`)), &res); err != nil {
				t.Fatal(err)
			}
			if len(res.Violations) > 0 {
				t.Errorf("%d axe violations:\n%s", len(res.Violations), res)
			}
		})
	}
	// Drill-down: the Web slice's level, then back.
	evalJSON(ctx, `(async () => { await window.__gallery.selectSample("rizzcharts08-chart"); return true; })()`)
	waitJS(ctx, `(() => { const g = window.__gallery.state; return g.renderer && g.lines.length > 0 && g.pos >= g.lines.length; })()`)
	chart := stage + `.querySelector("gallery-rizz-chart").shadowRoot`
	waitJS(ctx, `!!(`+stage+`.querySelector("gallery-rizz-chart") && `+chart+`.querySelector("button"))`)
	evalJSON(ctx, `([...`+chart+`.querySelectorAll("li button")].find((b) => b.textContent === "Web: 38").click(), true)`)
	waitJS(ctx, `!!`+chart+`.querySelector(".back")`)
	if got := evalJSON(ctx, `[`+chart+`.querySelector(".level").textContent, [...`+chart+`.querySelectorAll("li")].map((l) => l.textContent)]`); got != `["Web",["Desktop: 22","Mobile: 31","Tablet: 9","Kiosk: 4"]]` {
		t.Errorf("drill-down shows %s", got)
	}
	evalJSON(ctx, `(`+chart+`.querySelector(".back").click(), true)`)
	waitJS(ctx, `!`+chart+`.querySelector(".back") && `+chart+`.querySelectorAll("li").length === 5`)
}
