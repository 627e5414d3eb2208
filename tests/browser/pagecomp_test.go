//go:build browser

package browser

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
)

// This file runs the custom-component samples (testdata/custom-samples: streams in the
// shapes of google/A2UI's, OrgChart and WebFrame, v0.8 and v0.9) unchanged against page components written as
// a page developer would, through the documented API only (README "Custom components
// from JS", npm/a2ui.d.ts): catalogs bound when a surface is created, the v0.8 default
// catalog, events carrying data into actions, actions named at run time, JSON Schema
// props, the stream's key order, and a page component replacing a basic one.

const sampleCatalogID = "inline_catalog" // what the samples' v0.9 createSurface names

// sampleElements defines <org-chart> and <web-frame> as a page would, and
// window.sampleCatalog, the catalog that maps the samples' types to them.
const sampleElements = `<script>
"use strict";
class OrgChart extends HTMLElement {
  constructor() { super(); this.attachShadow({ mode: "open" }); this.sets = []; }
  set chain(v) { this._chain = v; this.sets.push(JSON.stringify(v)); this.draw(); }
  get chain() { return this._chain; }
  draw() {
    const nodes = (Array.isArray(this._chain) ? this._chain : []).map((n) => {
      const b = document.createElement("button");
      b.className = "node";
      b.textContent = n.title + ": " + n.name;
      b.addEventListener("click", () => this.dispatchEvent(new CustomEvent("node-click",
        { detail: { clickedNodeTitle: n.title, clickedNodeName: n.name } })));
      return b;
    });
    this.shadowRoot.replaceChildren(...nodes);
  }
}
customElements.define("org-chart", OrgChart);
class WebFrame extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: "open" });
    this.frame = document.createElement("iframe");
    this.shadowRoot.append(this.frame);
    this.onMessage = (e) => {
      if (e.source !== this.frame.contentWindow || !e.data || e.data.type !== "a2ui_action") return;
      this.dispatchEvent(new CustomEvent("frame-action", { detail: { action: e.data.action, data: e.data.data } }));
    };
  }
  connectedCallback() { window.addEventListener("message", this.onMessage); }
  disconnectedCallback() { window.removeEventListener("message", this.onMessage); }
  set url(u) {
    this._url = u;
    const same = new URL(u).origin === location.origin;
    this.frame.setAttribute("sandbox", same ? "allow-scripts allow-same-origin" : "allow-scripts");
    this.frame.src = u;
  }
  get url() { return this._url; }
  set height(h) { this._height = h; this.frame.style.height = h + "px"; }
  get height() { return this._height; }
}
customElements.define("web-frame", WebFrame);
window.sampleCatalog = {
  catalogId: "` + sampleCatalogID + `",
  extends: "basic",
  v08Default: true,
  components: {
    OrgChart: {
      tag: "org-chart",
      props: {
        chain: { type: "array", bindable: true, required: true, description: "The management chain, top first.",
          items: { type: "object", properties: { title: { type: "string" }, name: { type: "string" } }, required: ["title", "name"] } },
        action: { type: "action" },
      },
      events: { "node-click": { action: "action", context: "detail" } },
    },
    WebFrame: {
      tag: "web-frame",
      props: {
        url: { type: "url", kind: "frame", required: true },
        html: { type: "string" },
        height: { type: "number" },
        interactionMode: { type: "string", enum: ["readOnly", "interactive"] },
        allowedEvents: { type: "array", items: { type: "string" } },
      },
      events: { "frame-action": { name: "detail.action", allow: "allowedEvents", context: "detail.data" } },
    },
  },
};
</script>`

// floorPlanPage is the framed app: a desk button posts the sample's a2ui_action message
// to its parent, as the sample's floorplan.html does; #bad posts a name the agent did
// not allow.
const floorPlanPage = `<!doctype html><meta charset="utf-8"><body>
<button id="desk" onclick="parent.postMessage({type: 'a2ui_action', action: 'chart_node_click', data: {clickedNodeName: 'Priya Raman', contactId: '7', deskId: 'desk-1', source: 'modal'}}, '*')">Desk 1</button>
<button id="bad" onclick="parent.postMessage({type: 'a2ui_action', action: 'delete_contact', data: {contactId: '7'}}, '*')">Bad</button>
</body>`

// sampleLines reads a sample (a JSON array of messages) as JSONL lines, unchanged.
func sampleLines(t *testing.T, rel string) []string {
	t.Helper()
	raw, err := os.ReadFile(repoPath(t, "testdata/custom-samples/"+rel))
	if err != nil {
		t.Fatal(err)
	}
	var msgs []json.RawMessage
	if err := json.Unmarshal(raw, &msgs); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	out := make([]string, len(msgs))
	for i, m := range msgs {
		var b bytes.Buffer
		if err := json.Compact(&b, m); err != nil {
			t.Fatal(err)
		}
		out[i] = b.String() // one message a line, its keys as the file has them
	}
	return out
}

func pagecompServer(t *testing.T, rec *actionRecorder) string {
	t.Helper()
	return serve(t, rendererPageWith(rendererPagePath, sampleElements),
		page("/frames/floorplan.html", floorPlanPage),
		handle("POST /agent/action", rec))
}

// The README's page, exactly: the loader with defer, a module script that defines the
// element and calls A2UI.defineCatalog, then <a2ui-renderer src>. The catalog is defined
// after the element mounted (the module runs after the deferred loader), before the
// stream's createSurface: it is used.
func TestPageCatalogREADMEExample(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	const readmePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>README example</title>
<script>window.errors = []; document.addEventListener("a2ui-error", (e) => errors.push(e.detail));</script>
<script src="a2ui.js" defer></script>
<script type="module">
  customElements.define("x-chart", class extends HTMLElement {
    set data(rows) { this.rows = rows; }
    set title(t) { this.heading = t; }
    pick(label) { this.dispatchEvent(new CustomEvent("select", { detail: { label } })); }
  });
  window.mountedFirst = !!document.querySelector("a2ui-renderer").shadowRoot;
  A2UI.defineCatalog({
    catalogId: "https://example.com/catalogs/charts/v1",
    extends: "basic",
    components: {
      Chart: {
        tag: "x-chart",
        props: {
          title:    { type: "string", bindable: true, required: true },
          data:     { type: "array", bindable: true },
          kind:     { type: "string", enum: ["bar", "line"] },
          selected: { type: "string", bindable: true },
          onDrill:  { type: "action" },
        },
        events: {
          drill:  { action: "onDrill" },
          select: { bind: "selected", from: "detail.label" },
        },
      },
    },
  });
</script>
</head><body>
<a2ui-renderer src="/agent/stream"></a2ui-renderer>
</body></html>`
	base := serve(t, page("/readme.html", readmePage), handle("GET /agent/stream", streamLines(0,
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://example.com/catalogs/charts/v1"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"title":"Sales","rows":[{"label":"a","value":1}],"sel":""}}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Chart","title":{"path":"/title"},"data":{"path":"/rows"},"kind":"bar","selected":{"path":"/sel"}}]}}`)))
	ctx := newTab(t)
	navigate(ctx, base+"/readme.html")
	waitJS(ctx, `(() => { const r = document.querySelector("a2ui-renderer"); const c = r.shadowRoot && r.shadowRoot.querySelector("x-chart"); return !!(c && c.heading); })()`)
	if got := evalJSON(ctx, `(() => { const c = document.querySelector("a2ui-renderer").shadowRoot.querySelector("x-chart"); return [window.mountedFirst, c.heading, c.rows]; })()`); got != `[true,"Sales",[{"label":"a","value":1}]]` {
		t.Errorf("[mounted before defineCatalog, title, data] = %s", got)
	}
	// The element writes the bound path through its declared event.
	evalJSON(ctx, `(document.querySelector("a2ui-renderer").shadowRoot.querySelector("x-chart").pick("a"), true)`)
	waitJS(ctx, `document.querySelector("a2ui-renderer").renderer.dataModel("s").sel === "a"`)
	if got := evalJSON(ctx, `errors`); got != `[]` {
		t.Errorf("errors %s", got)
	}
}

// A catalog defined after a surface failed closed on its id does not revive that
// surface; surfaces created after it use it.
func TestPageCatalogBindsAtCreateSurface(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := pagecompServer(t, newActionRecorder())
	ctx := openRenderer(t, base, `{}`)
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"early","catalogId":"inline_catalog"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"early","components":[{"id":"root","component":"OrgChart","chain":[{"title":"CEO","name":"Jane Doe"}]}]}}`)
	evalJSON(ctx, `(A2UI.defineCatalog(sampleCatalog), true)`)
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"late","catalogId":"inline_catalog"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"late","components":[{"id":"root","component":"OrgChart","chain":[{"title":"CEO","name":"Jane Doe"}]}]}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"early","components":[{"id":"root","component":"OrgChart","chain":[{"title":"CTO","name":"Ann Lee"}]}]}}`)
	if got := evalJSON(ctx, `T.qa("host", "section").map((s) => [s.dataset.surfaceId, !!s.querySelector("org-chart"), s.textContent.includes("needs a component catalog")])`); got != `[["early",false,true],["late",true,false]]` {
		t.Errorf("[surface, org-chart, fail-closed notice] = %s", got)
	}
	errs := hostErrors(t, ctx, "host")
	if len(errs) != 1 || errs[0].Code != "CATALOG_UNSUPPORTED" || errs[0].Path != "/createSurface/catalogId" {
		t.Errorf("errors %+v, want one CATALOG_UNSUPPORTED for the early surface", errs)
	}
	if got := evalJSON(ctx, `T.rr("host").capabilities().supportedCatalogIds.includes("inline_catalog")`); got != "true" {
		t.Errorf("capabilities lack the catalog defined later")
	}
}

// Every custom-components sample, v0.8 and v0.9, unchanged: the elements get the props
// the agent sent (lists in stream order), and a node click posts the action with the
// clicked node's name and title.
func TestCustomComponentSamples(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := pagecompServer(t, rec)
	chain4 := `[{"title":"Managing Director","name":"Priya Raman"},{"title":"Head of Design","name":"Tomas Eberle"},{"title":"Design Lead","name":"Noor Haddad"},{"title":"Senior Product Designer","name":"Lena Okafor"}]`
	for _, c := range []struct {
		file     string
		surfaces string // the surface ids, in order
		chain    string // the org chart's chain prop ("" none)
		frame    string // the web frame's [url prefix, height, interactionMode, allowedEvents] ("" none)
		text     string // text the surfaces show
	}{
		{file: "org_chart", surfaces: `["org-chart-view"]`, chain: chain4, text: "Reporting Line"},
		{file: "multi_surface", surfaces: `["contact-card","org-chart-view"]`, text: "Lena Okafor"},
		{file: "floor_plan", surfaces: `["location-surface"]`, frame: `["http://localhost:10004/static/floorplan.html?data=",400,"interactive",["chart_node_click"]]`, text: "Studio Seating"},
		{file: "contact_card", surfaces: `["contact-card"]`, text: "Write"},
		{file: "contact_list", surfaces: `["contact-list"]`, text: "People Matching Your Search"},
		{file: "action_confirmation", surfaces: `["action-modal"]`},
	} {
		for _, v := range []string{"0.8", "0.9"} {
			t.Run(v+"/"+c.file, func(t *testing.T) {
				t.Parallel()
				ctx := openRenderer(t, base, `{actionURL: "/agent/action", catalogs: [sampleCatalog]}`)
				processLines(ctx, "host", sampleLines(t, "custom-components/"+v+"/"+c.file+".json")...)
				if got := evalJSON(ctx, `T.rr("host").surfaces()`); got != c.surfaces {
					t.Errorf("surfaces %s, want %s", got, c.surfaces)
				}
				if c.chain != "" {
					if got := evalJSON(ctx, `T.q("host", "org-chart").sets.at(-1)`); got != jsString(c.chain) {
						t.Errorf("chain %s\nwant %s", got, c.chain)
					}
				}
				if c.frame != "" {
					got := evalJSON(ctx, `(() => { const f = T.q("host", "web-frame"); return [f.url.slice(0, 50), f.height, f.interactionMode, f.allowedEvents]; })()`)
					if got != c.frame {
						t.Errorf("web-frame %s\nwant %s", got, c.frame)
					}
				}
				if c.text != "" && !strings.Contains(hostText(ctx, "host"), c.text) {
					t.Errorf("text %q lacks %q", hostText(ctx, "host"), c.text)
				}
				for _, e := range hostErrors(t, ctx, "host") {
					if e.Code == "CATALOG_UNSUPPORTED" || strings.Contains(e.Message, "OrgChart") || strings.Contains(e.Message, "WebFrame") {
						t.Errorf("error %+v", e)
					}
				}
			})
		}
	}
}

// The org chart's node click, both versions: the action the agent wrote plus the
// clicked node's name and title, posted once, the element busy while in flight.
func TestOrgChartNodeClick(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	for _, c := range []struct{ v, want string }{
		{"0.8", `{"userAction":{"name":"chart_node_click","surfaceId":"org-chart-view","sourceComponentId":"org-chart","context":{"clickedNodeTitle":"Head of Design","clickedNodeName":"Tomas Eberle"}}}`},
		{"0.9", `{"version":"v0.9","action":{"name":"chart_node_click","surfaceId":"org-chart-view","sourceComponentId":"org-chart","context":{"clickedNodeTitle":"Head of Design","clickedNodeName":"Tomas Eberle"}}}`},
	} {
		t.Run(c.v, func(t *testing.T) {
			gate := make(chan struct{})
			rec := newActionRecorder()
			held := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				<-gate
				rec.ServeHTTP(w, r)
			})
			base := serve(t, rendererPageWith(rendererPagePath, sampleElements), handle("POST /agent/action", held))
			ctx := openRenderer(t, base, `{actionURL: "/agent/action", catalogs: [sampleCatalog]}`)
			processLines(ctx, "host", sampleLines(t, "custom-components/"+c.v+"/org_chart.json")...)
			evalJSON(ctx, `(T.q("host", "org-chart").shadowRoot.querySelectorAll("button")[1].click(), true)`)
			waitJS(ctx, `T.q("host", "org-chart").getAttribute("aria-busy") === "true"`)
			evalJSON(ctx, `(T.q("host", "org-chart").shadowRoot.querySelectorAll("button")[1].click(), true)`) // in flight: ignored
			close(gate)
			body := waitUserAction(t, rec)
			checkAction(t, "node click POST", []byte(body), c.want)
			waitJS(ctx, `!T.q("host", "org-chart").hasAttribute("aria-busy")`)
			if n := len(events(ctx, "host", "a2ui-action")); n != 1 {
				t.Errorf("%d a2ui-action events, want 1", n)
			}
		})
	}
}

// The floor plan's WebFrame round trip: the framed app posts an a2ui_action message, the
// element turns it into an action named at run time; a name outside allowedEvents is
// refused and reported.
func TestWebFrameRoundTrip(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	for _, v := range []string{"0.8", "0.9"} {
		t.Run(v, func(t *testing.T) {
			rec := newActionRecorder()
			base := pagecompServer(t, rec)
			ctx := openRenderer(t, base, `{actionURL: "/agent/action", catalogs: [sampleCatalog]}`)
			// The sample, with its frame URL pointing at this server's floor plan.
			lines := sampleLines(t, "custom-components/"+v+"/floor_plan.json")
			for i, l := range lines {
				if j := strings.Index(l, `http://localhost:10004/static/floorplan.html`); j >= 0 {
					k := j + strings.Index(l[j:], `"`)
					lines[i] = l[:j] + base + `/frames/floorplan.html` + l[k:]
				}
			}
			processLines(ctx, "host", lines...)
			frame := `T.q("host", "web-frame").frame.contentDocument`
			waitJS(ctx, `(() => { const d = `+frame+`; return !!(d && d.getElementById("desk")); })()`)
			evalJSON(ctx, `(`+frame+`.getElementById("bad").click(), true)`)
			evalJSON(ctx, `(`+frame+`.getElementById("desk").click(), true)`)
			body := waitUserAction(t, rec)
			want := `{"version":"v0.9","action":{"name":"chart_node_click","surfaceId":"location-surface","sourceComponentId":"floor-plan-comp","context":{"clickedNodeName":"Priya Raman","contactId":"7","deskId":"desk-1","source":"modal"}}}`
			if v == "0.8" {
				want = `{"userAction":{"name":"chart_node_click","surfaceId":"location-surface","sourceComponentId":"floor-plan-comp","context":{"clickedNodeName":"Priya Raman","contactId":"7","deskId":"desk-1","source":"modal"}}}`
			}
			checkAction(t, "frame action POST", []byte(body), want)
			if !findError(hostErrors(t, ctx, "host"), "POLICY_DENIED", "/components/floor-plan-comp/allowedEvents", `"delete_contact"`) {
				t.Errorf("the disallowed name was not reported: %+v", hostErrors(t, ctx, "host"))
			}
			for _, b := range rec.Bodies() {
				if strings.Contains(b, `"name":"delete_contact"`) {
					t.Errorf("a disallowed action was sent: %s", b)
				}
			}
		})
	}
}

// Without the page's catalog the samples fail closed: v0.9's inline_catalog surface
// shows the notice, v0.8's OrgChart is an unknown component; no page element renders.
func TestCustomSamplesFailClosedWithoutCatalog(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := pagecompServer(t, newActionRecorder())
	for _, v := range []string{"0.8", "0.9"} {
		t.Run(v, func(t *testing.T) {
			ctx := openRenderer(t, base, `{}`)
			processLines(ctx, "host", sampleLines(t, "custom-components/"+v+"/org_chart.json")...)
			if got := evalJSON(ctx, `[!!T.q("host", "org-chart"), T.text("host").includes("Priya Raman")]`); got != `[false,false]` {
				t.Errorf("[org-chart, its data shown] = %s", got)
			}
			codes := errorCodes(t, events(ctx, "host", "a2ui-error"))
			want := "CATALOG_UNSUPPORTED"
			if v == "0.8" {
				want = "UNKNOWN_COMPONENT"
			}
			if !strings.Contains(strings.Join(codes, " "), want) {
				t.Errorf("error codes %v, want %s", codes, want)
			}
		})
	}
}

// The v0.8 default catalog: the defaultCatalog mount option (or the default-catalog
// attribute) gives surfaces without a catalogId the page's catalog; without it (and
// without a v08Default catalog) they use the basic one.
func TestV08DefaultCatalog(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := pagecompServer(t, newActionRecorder())
	for _, c := range []struct{ name, opts, want string }{
		{"flag", `{catalogs: [sampleCatalog]}`, "true"},
		{"option", `{catalogs: [Object.assign({}, sampleCatalog, {v08Default: false})], defaultCatalog: "inline_catalog"}`, "true"},
		{"neither", `{catalogs: [Object.assign({}, sampleCatalog, {v08Default: false})]}`, "false"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := openRenderer(t, base, c.opts)
			processLines(ctx, "host", sampleLines(t, "custom-components/0.8/org_chart.json")...)
			if got := evalJSON(ctx, `!!T.q("host", "org-chart")`); got != c.want {
				t.Errorf("org-chart rendered: %s, want %s", got, c.want)
			}
		})
	}
}

// A page component replaces a basic one on the surfaces of the catalog that declares it
// (Lit's PremiumTextField): the basic catalog's surfaces keep the basic TextField.
func TestPageComponentReplacesBasic(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	const premium = `<script>
customElements.define("premium-text-field", class extends HTMLElement {
  constructor() { super(); this.input = document.createElement("input"); this.attachShadow({ mode: "open" }).append(this.input);
    this.input.addEventListener("input", () => this.dispatchEvent(new CustomEvent("value-change", { detail: this.input.value }))); }
  set label(v) { this._label = v; this.input.setAttribute("aria-label", v); }
  get label() { return this._label; }
  set value(v) { this._value = v; this.input.value = v; }
  get value() { return this._value; }
});
window.premiumCatalog = { catalogId: "https://example.com/premium.json", extends: "basic",
  components: { TextField: { tag: "premium-text-field",
    props: { label: { type: "string", bindable: true }, value: { type: "string", bindable: true } },
    events: { "value-change": { bind: "value" } } } } };
</script>`
	base := serve(t, rendererPageWith(rendererPagePath, premium))
	ctx := openRenderer(t, base, `{catalogs: [premiumCatalog]}`)
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"p","catalogId":"https://example.com/premium.json"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"p","value":{"name":"John Doe"}}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"p","components":[{"id":"root","component":"TextField","label":"Enter your name","value":{"path":"/name"}}]}}`,
		`{"version":"v0.9","createSurface":{"surfaceId":"b","catalogId":"https://a2ui.org/specification/v0_9/basic_catalog.json"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[{"id":"root","component":"TextField","label":"Basic"}]}}`)
	got := evalJSON(ctx, `(() => { const p = T.q("host", '[data-surface-id="p"] premium-text-field'); return [p && p.label, p && p.value, !!T.q("host", '[data-surface-id="b"] premium-text-field'), !!T.q("host", '[data-surface-id="b"] input')]; })()`)
	if got != `["Enter your name","John Doe",false,true]` {
		t.Errorf("[premium label, value, premium on basic surface, basic input] = %s", got)
	}
	evalJSON(ctx, `(() => { const i = T.q("host", "premium-text-field").input; i.value = "Jane"; i.dispatchEvent(new Event("input")); return true; })()`)
	waitJS(ctx, `T.rr("host").dataModel("p").name === "Jane"`)
}

// Keys keep the stream's order in dataModel(), and JSON Schema declarations (with
// descriptions) reach the capabilities' inline catalog.
func TestPageCatalogOrderAndSchemas(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := pagecompServer(t, newActionRecorder())
	ctx := openRenderer(t, base, `{catalogs: [sampleCatalog], inlineCatalogs: true}`)
	processLines(ctx, "host", sampleLines(t, "custom-components/0.9/org_chart.json")...)
	if got := evalJSON(ctx, `JSON.stringify(T.rr("host").dataModel("org-chart-view").hierarchy["0"])`); got != jsString(`{"title":"Managing Director","name":"Priya Raman"}`) {
		t.Errorf("dataModel key order: %s", got)
	}
	got := evalJSON(ctx, `(() => {
	  const caps = T.rr("host").capabilities();
	  const v = caps["v0.9"] || caps;
	  const cat = (v.inlineCatalogs || caps.inlineCatalogs || []).find((c) => c.catalogId === "inline_catalog");
	  const chain = cat && cat.components.OrgChart.properties.chain;
	  return chain ? [chain.description, JSON.stringify(chain).includes('"required":["title","name"]')] : JSON.stringify(caps).slice(0, 300);
	})()`)
	if got != `["The management chain, top first.",true]` {
		t.Errorf("inline catalog chain [description, nested required] = %s", got)
	}
}

// waitUserAction waits for the first POST carrying an action of any version (v0.8's
// userAction too: the renderer posts its error reports to the same URL) and returns it.
func waitUserAction(t *testing.T, rec *actionRecorder) string {
	t.Helper()
	for n := 1; ; n++ {
		bodies := rec.Wait(t, n)
		for _, b := range bodies {
			if strings.Contains(b, `"action":`) || strings.Contains(b, `"userAction":`) {
				return b
			}
		}
		n = len(bodies)
	}
}

// Against the demo agent (what the gallery's live mode plays): the org chart's node
// click and the floor plan's desk click are answered from clickedNodeName, and the
// floor plan is the agent's own framed page.
func TestCustomSamplesDemoAgent(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageWith(rendererPagePath, sampleElements), demoAgent(t, 0))
	for _, v := range []string{"0.8", "0.9"} {
		t.Run(v, func(t *testing.T) {
			ctx := openRenderer(t, base, `{actionURL: "/agent/action", catalogs: [sampleCatalog]}`)
			evalJSON(ctx, `T.rr("host").connect("/agent/stream?sample=custom-samples/custom-components/`+v+`/org_chart").then(() => true)`)
			flush(ctx, "host")
			evalJSON(ctx, `(T.q("host", "org-chart").shadowRoot.querySelectorAll("button")[2].click(), true)`)
			waitJS(ctx, `T.text("host").includes("Selected") && T.text("host").includes("Noor Haddad") && T.text("host").includes("Design Lead")`)

			evalJSON(ctx, `T.rr("host").connect("/agent/stream?sample=custom-samples/custom-components/`+v+`/floor_plan").then(() => true)`)
			frame := `T.q("host", "web-frame").frame.contentDocument`
			waitJS(ctx, `(() => { const d = `+frame+`; return !!(d && d.querySelector('[data-desk="desk-4"]')); })()`)
			evalJSON(ctx, `(`+frame+`.querySelector('[data-desk="desk-4"]').click(), true)`)
			waitJS(ctx, `T.text("host").includes("Tomas Eberle") && T.text("host").includes("Desk 4 on the floor plan")`)
			clickIn(ctx, "host", `[data-surface-id="location-surface"] button`) // Close Map
			waitJS(ctx, `!T.rr("host").surfaces().includes("location-surface")`)
		})
	}
}

// chart_node_click is the agent's answer to a node click on multi_surface's view: it
// updates the contact-card and org-chart-view surfaces that multi_surface created
// (without creating them again) and deletes a location-modal surface that does not
// exist, which is a no-op. Both versions: the card shows the clicked person, the chart
// the chain down to them, the surfaces stay, nothing is reported.
func TestChartNodeClickAfterMultiSurface(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := pagecompServer(t, newActionRecorder())
	for _, v := range []string{"0.8", "0.9"} {
		t.Run(v, func(t *testing.T) {
			ctx := openRenderer(t, base, `{catalogs: [sampleCatalog]}`)
			processLines(ctx, "host", sampleLines(t, "custom-components/"+v+"/multi_surface.json")...)
			card := `T.q("host", '[data-surface-id="contact-card"]').textContent`
			if got := evalJS[string](ctx, card); !strings.Contains(got, "Lena Okafor") || !strings.Contains(got, "Lisbon") {
				t.Fatalf("multi_surface's card shows %q", got)
			}
			processLines(ctx, "host", sampleLines(t, "custom-components/"+v+"/chart_node_click.json")...)
			if got := evalJSON(ctx, `T.rr("host").surfaces()`); got != `["contact-card","org-chart-view"]` {
				t.Errorf("surfaces %s", got)
			}
			got := evalJS[string](ctx, card)
			for _, want := range []string{"Tomas Eberle", "Head of Design", "Porto", "tomas.eberle@example.com", "+351 22 555 0112", "Available", "Write", "Find desk"} {
				if !strings.Contains(got, want) {
					t.Errorf("card %q lacks %q", got, want)
				}
			}
			if strings.Contains(got, "Lena Okafor") {
				t.Errorf("card still shows the previous contact: %q", got)
			}
			if got := evalJSON(ctx, `T.q("host", "org-chart").sets.at(-1)`); got != jsString(`[{"title":"Managing Director","name":"Priya Raman"},{"title":"Head of Design","name":"Tomas Eberle"}]`) {
				t.Errorf("org chart chain %s", got)
			}
			if errs := hostErrors(t, ctx, "host"); len(errs) != 0 {
				t.Errorf("errors %+v", errs)
			}
		})
	}
}
