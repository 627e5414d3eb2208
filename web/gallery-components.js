// gallery-components.js: the gallery's own host components (README "Custom components
// from JS"), custom elements drawn with plain DOM, SVG and CSS (no network, no innerHTML),
// and the page catalogs that map A2UI component types to them: a contact card, a chart
// and a map for the streams in testdata/custom/ (modelled on google/A2UI's custom-catalog
// samples); the OrgChart and WebFrame of google/A2UI's custom-components samples and the
// Canvas, Chart and GoogleMap of its rizzcharts samples, for the streams in
// testdata/custom-samples. Load it after a2ui.js (catalogs bind when a surface is
// created, so before any stream).
(() => {
  "use strict";
  if (!window.A2UI || typeof window.A2UI.defineCatalog !== "function") return;

  const SVG = "http://www.w3.org/2000/svg";
  const h = (tag, attrs, ...kids) => {
    const el = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") el.textContent = v;
      else if (k === "style") el.style.cssText = v; // CSSOM: allowed under a strict CSP
      else if (v !== undefined && v !== null && v !== false) el.setAttribute(k, v === true ? "" : String(v));
    }
    el.append(...kids.filter((k) => k !== null && k !== undefined));
    return el;
  };
  const sheet = (css) => {
    const s = new CSSStyleSheet();
    s.replaceSync(css);
    return s;
  };
  const BASE = `:host { display: block; font: var(--a2ui-type-body-large, 16px/1.5 system-ui, sans-serif);
    color: var(--a2ui-color-on-surface, #1b1b1f); }
    button { font: inherit; cursor: pointer; }
    button:focus-visible { outline: var(--a2ui-focus-ring, 2px solid #3b5bdb); outline-offset: 2px; }`;

  // Each element renders when a property changes, at most once per microtask.
  class Base extends HTMLElement {
    constructor(css) {
      super();
      this.attachShadow({ mode: "open" }).adoptedStyleSheets = [sheet(BASE), sheet(css)];
      this._queued = false;
    }
    connectedCallback() { this.update(); }
    update() {
      if (this._queued) return;
      this._queued = true;
      queueMicrotask(() => { this._queued = false; this.render(); });
    }
    emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }
  }
  const prop = (cls, ...names) => {
    for (const n of names) {
      Object.defineProperty(cls.prototype, n, {
        get() { return this["_" + n]; },
        set(v) { this["_" + n] = v; this.update(); },
        configurable: true,
      });
    }
  };

  // <demo-contact-card>: name, role, email, phone, favorite (a star the user toggles:
  // "favorite-change" {value}), and the "actions" slot for A2UI buttons.
  class ContactCard extends Base {
    constructor() {
      super(`.card { display: grid; grid-template-columns: auto 1fr auto; gap: 4px 16px; align-items: center;
          padding: 16px; border-radius: var(--a2ui-radius-medium, 12px); background: var(--a2ui-color-surface-container, #f1f0f4); }
        .avatar { grid-row: span 2; width: 56px; height: 56px; border-radius: 50%; display: grid; place-items: center;
          background: var(--a2ui-primary-container, #dbe1ff); color: var(--a2ui-on-primary-container, #00174b); font-weight: 600; font-size: 20px; }
        .name { font-weight: 600; font-size: 18px; }
        .role { color: var(--a2ui-color-on-surface-variant, #45464f); grid-column: 2; }
        .star { grid-row: 1; grid-column: 3; border: 0; background: none; font-size: 24px; line-height: 1; padding: 4px;
          color: var(--a2ui-color-on-surface-variant, #45464f); border-radius: 50%; }
        .star[aria-pressed="true"] { color: var(--a2ui-color-primary, #3b5bdb); }
        dl { grid-column: 1 / -1; display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 8px 0 0; }
        dt { color: var(--a2ui-color-on-surface-variant, #45464f); }
        dd { margin: 0; overflow-wrap: anywhere; }
        .actions { grid-column: 1 / -1; display: flex; gap: 8px; flex-wrap: wrap; margin-top: 8px; }`);
    }
    render() {
      const name = typeof this.name === "string" ? this.name : "";
      const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join("");
      const fav = this.favorite === true;
      const star = h("button", { class: "star", type: "button", "aria-pressed": String(fav), "aria-label": "Favorite " + name, text: fav ? "★" : "☆" });
      star.addEventListener("click", () => this.emit("favorite-change", { value: !fav }));
      const rows = [];
      for (const [label, v] of [["Email", this.email], ["Phone", this.phone]]) {
        if (typeof v === "string" && v) rows.push(h("dt", { text: label }), h("dd", { text: v }));
      }
      this.shadowRoot.replaceChildren(h("div", { class: "card" },
        h("div", { class: "avatar", "aria-hidden": "true", text: initials }),
        h("div", { class: "name", text: name }),
        star,
        h("div", { class: "role", text: typeof this.role === "string" ? this.role : "" }),
        rows.length ? h("dl", {}, ...rows) : null,
        h("div", { class: "actions" }, h("slot", { name: "actions" }))));
    }
  }
  prop(ContactCard, "name", "role", "email", "phone", "favorite");

  // <demo-chart>: title, kind ("bar" | "pie"), chartData [{label, value}]; choosing a
  // series (its legend button) fires "select" {label}.
  class Chart extends Base {
    constructor() {
      super(`figure { margin: 0; padding: 16px; border-radius: var(--a2ui-radius-medium, 12px);
          background: var(--a2ui-color-surface-container, #f1f0f4); }
        figcaption { font-weight: 600; margin-bottom: 8px; }
        svg { display: block; width: 100%; max-width: 420px; height: auto; }
        .legend { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 12px; padding: 0; list-style: none; }
        .legend button { display: inline-flex; align-items: center; gap: 6px; border: 1px solid var(--a2ui-color-outline, #767680);
          border-radius: 16px; padding: 4px 12px; background: var(--a2ui-color-surface, #fff); color: inherit; }
        .legend button[aria-pressed="true"] { background: var(--a2ui-primary-container, #dbe1ff); color: var(--a2ui-on-primary-container, #00174b); }
        .dot { width: 10px; height: 10px; border-radius: 50%; }`);
    }
    render() {
      const data = Array.isArray(this.chartData) ? this.chartData.filter((d) => d && typeof d.label === "string" && typeof d.value === "number" && d.value >= 0) : [];
      const colors = ["#3b5bdb", "#2b8a3e", "#c2255c", "#e67700", "#5f3dc4", "#0b7285"];
      const max = Math.max(1, ...data.map((d) => d.value));
      const total = data.reduce((s, d) => s + d.value, 0) || 1;
      const title = typeof this.title === "string" ? this.title : "";
      const svg = h("svg:svg", { viewBox: "0 0 200 120", role: "img",
        "aria-label": title + ": " + data.map((d) => d.label + " " + d.value).join(", ") });
      if (this.kind === "pie") {
        let a = -Math.PI / 2;
        data.forEach((d, i) => {
          const b = a + (d.value / total) * 2 * Math.PI;
          const p = (t) => (100 + 55 * Math.cos(t)).toFixed(2) + " " + (60 + 55 * Math.sin(t)).toFixed(2);
          svg.append(h("svg:path", { d: "M100 60 L" + p(a) + " A55 55 0 " + (b - a > Math.PI ? 1 : 0) + " 1 " + p(b) + " Z", fill: colors[i % colors.length] }));
          a = b;
        });
      } else {
        const w = 200 / Math.max(1, data.length);
        data.forEach((d, i) => {
          const ht = (d.value / max) * 110;
          svg.append(h("svg:rect", { x: (i * w + w * 0.15).toFixed(2), y: (115 - ht).toFixed(2), width: (w * 0.7).toFixed(2),
            height: ht.toFixed(2), rx: 2, fill: colors[i % colors.length], opacity: this.selected && this.selected !== d.label ? 0.35 : 1 }));
        });
      }
      const legend = h("ul", { class: "legend" }, ...data.map((d, i) => {
        const b = h("button", { type: "button", "aria-pressed": String(this.selected === d.label) },
          h("span", { class: "dot", style: "background:" + colors[i % colors.length] }), d.label + " · " + d.value);
        b.addEventListener("click", () => this.emit("select", { label: d.label }));
        return h("li", {}, b);
      }));
      this.shadowRoot.replaceChildren(h("figure", {}, h("figcaption", { text: title }), svg, legend));
    }
  }
  prop(Chart, "title", "kind", "chartData", "selected");

  // <demo-map>: a schematic map (no tiles, no network): pins [{name, x, y}] with x, y in
  // 0..100; choosing a pin fires "pin-select" {name}; the "overlay" slot shows A2UI
  // content over it.
  class MapView extends Base {
    constructor() {
      super(`.map { position: relative; aspect-ratio: 16 / 9; max-width: 560px; border-radius: var(--a2ui-radius-medium, 12px);
          overflow: hidden; background: linear-gradient(135deg, #dfeee0 0%, #cfe3f0 100%); }
        .road { position: absolute; background: #fff8; }
        .pin { position: absolute; transform: translate(-50%, -100%); border: 0; border-radius: 16px 16px 16px 0;
          padding: 2px 8px; background: #7a1f2b; color: #fff; font-size: 14px; white-space: nowrap; }
        .pin[aria-pressed="true"] { background: #00174b; outline: 2px solid #fff; }
        .caption { margin: 8px 0 0; color: var(--a2ui-color-on-surface-variant, #45464f); }
        .overlay { position: absolute; right: 8px; bottom: 8px; max-width: 55%; }`);
    }
    render() {
      const pins = Array.isArray(this.pins) ? this.pins.filter((p) => p && typeof p.name === "string") : [];
      const clamp = (v) => Math.min(96, Math.max(4, typeof v === "number" ? v : 50));
      const map = h("div", { class: "map", role: "group", "aria-label": typeof this.label === "string" ? this.label : "Map" },
        h("div", { class: "road", style: "left:0;right:0;top:58%;height:6px" }),
        h("div", { class: "road", style: "top:0;bottom:0;left:37%;width:6px" }),
        ...pins.map((p) => {
          const b = h("button", { class: "pin", type: "button", "aria-pressed": String(this.selected === p.name),
            style: "left:" + clamp(p.x) + "%;top:" + clamp(p.y) + "%", text: p.name });
          b.addEventListener("click", () => this.emit("pin-select", { name: p.name }));
          return b;
        }),
        h("div", { class: "overlay" }, h("slot", { name: "overlay" })));
      this.shadowRoot.replaceChildren(map, h("p", { class: "caption", text: pins.length + " places" }));
    }
  }
  prop(MapView, "label", "pins", "selected");

  // google/A2UI's custom-components samples (testdata/custom-samples), as a page
  // developer writes them for this renderer: <gallery-org-chart> and <gallery-web-frame>.

  // <gallery-org-chart>: chain [{title, name}], top first; a node click fires
  // "node-click" {clickedNodeTitle, clickedNodeName}, which the catalog merges into the
  // agent's action (the renderer marks the element aria-busy while it is in flight).
  class OrgChart extends Base {
    constructor() {
      super(`ol { list-style: none; margin: 0; padding: 16px; display: flex; flex-direction: column; align-items: center; gap: 4px; }
        li { display: flex; flex-direction: column; align-items: center; gap: 4px; }
        li + li::before { content: "↓"; color: var(--a2ui-color-on-surface-variant, #45464f); }
        button { min-width: 220px; padding: 10px 20px; border: 1px solid var(--a2ui-color-outline, #767680); border-radius: 8px;
          background: var(--a2ui-color-surface, #fff); color: inherit; display: flex; flex-direction: column; align-items: center; }
        li:last-child button { border-width: 2px; border-color: var(--a2ui-color-primary, #3b5bdb); background: var(--a2ui-primary-container, #dbe1ff); }
        :host([aria-busy="true"]) button { opacity: 0.6; cursor: progress; }
        .title { font-size: 13px; text-transform: uppercase; color: var(--a2ui-color-on-surface-variant, #45464f); }
        .name { font-weight: 600; }`);
    }
    render() {
      const chain = Array.isArray(this.chain) ? this.chain.filter((n) => n && typeof n.name === "string") : [];
      const items = chain.map((n) => {
        const title = typeof n.title === "string" ? n.title : "";
        const b = h("button", { type: "button" }, h("span", { class: "title", text: title }), " ", h("span", { class: "name", text: n.name }));
        b.addEventListener("click", () => this.emit("node-click", { clickedNodeTitle: title, clickedNodeName: n.name }));
        return h("li", {}, b);
      });
      this.shadowRoot.replaceChildren(items.length ? h("ol", { "aria-label": "Organizational chart" }, ...items) : h("p", { text: "No hierarchy data" }));
    }
  }
  prop(OrgChart, "chain");

  // <gallery-web-frame>: frames url (only a document of this page's origin, such as the
  // demo agent's floor plan: anything else shows a note and loads nothing), sandboxed
  // without same-origin rights. The framed app's {type: "a2ui_action", action, data}
  // messages become "frame-action" {action, data}; the catalog lets through only the
  // names in allowedEvents.
  class WebFrame extends Base {
    constructor() {
      super(`iframe { display: block; width: 100%; border: 1px solid var(--a2ui-color-outline, #767680); border-radius: 8px; background: #f5f5f5; }
        p { margin: 0; padding: 16px; border: 1px dashed var(--a2ui-color-outline, #767680); border-radius: 8px; }`);
      this.onMessage = (e) => {
        const f = this.shadowRoot.querySelector("iframe");
        if (!f || e.source !== f.contentWindow || !e.data || e.data.type !== "a2ui_action") return;
        this.emit("frame-action", { action: e.data.action, data: e.data.data });
      };
    }
    connectedCallback() { window.addEventListener("message", this.onMessage); super.connectedCallback(); }
    disconnectedCallback() { window.removeEventListener("message", this.onMessage); }
    render() {
      let u = null;
      try { u = new URL(this.url); } catch (e) { u = null; }
      const height = typeof this.height === "number" && this.height > 0 ? this.height : 300;
      if (!u || u.origin !== location.origin) {
        this.shadowRoot.replaceChildren(h("p", { text: "Framed page not loaded: " + (u ? u.host : "no URL") + " is not this site." }));
        return;
      }
      const f = h("iframe", { title: "Framed page", sandbox: this.interactionMode === "interactive" ? "allow-scripts allow-forms" : "allow-scripts",
        referrerpolicy: "no-referrer", style: "height:" + height + "px" });
      f.src = u.href;
      this.shadowRoot.replaceChildren(f);
    }
  }
  prop(WebFrame, "url", "height", "interactionMode", "allowedEvents");

  // google/A2UI's rizzcharts samples (testdata/custom-samples/rizzcharts), likewise:
  // <gallery-canvas>, <gallery-rizz-chart> and <gallery-rizz-map>.

  // <gallery-canvas>: a panel for the A2UI components of its "children" prop (slotted).
  class Canvas extends Base {
    constructor() {
      super(`section { padding: 16px; border-radius: var(--a2ui-radius-large, 16px);
        border: 1px solid var(--a2ui-color-outline-variant, #c6c6d0); background: var(--a2ui-color-surface-container-low, #f7f6fb); }`);
    }
    render() { this.shadowRoot.replaceChildren(h("section", { "aria-label": "Canvas" }, h("slot", { name: "children" }))); }
  }

  const PALETTE = ["#3b5bdb", "#2b8a3e", "#c2255c", "#e67700", "#5f3dc4", "#0b7285", "#5c940d", "#a61e4d"];
  const isItem = (d) => d && typeof d.label === "string" && typeof d.value === "number" && Number.isFinite(d.value) && d.value >= 0;

  // <gallery-rizz-chart>: type ("doughnut" | "pie"), title, chartData [{label, value,
  // drillDown?: [{label, value}]}]. A slice with drillDown opens that level (its legend
  // button); "Back" returns. Drawn as SVG, with the values in the legend.
  class RizzChart extends Base {
    constructor() {
      super(`figure { margin: 0; padding: 16px; border-radius: var(--a2ui-radius-medium, 12px);
          background: var(--a2ui-color-surface-container, #f1f0f4); }
        figcaption { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; margin-bottom: 8px; }
        .title { font-weight: 600; font-size: 18px; }
        .level { color: var(--a2ui-color-on-surface-variant, #45464f); }
        svg { display: block; width: 100%; max-width: 260px; height: auto; margin: 0 auto; }
        ul { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0 0; padding: 0; list-style: none; }
        li > * { display: inline-flex; align-items: center; gap: 6px; border: 1px solid var(--a2ui-color-outline, #767680);
          border-radius: 16px; padding: 4px 12px; background: var(--a2ui-color-surface, #fff); color: inherit; font: inherit; }
        .dot { width: 10px; height: 10px; border-radius: 50%; }
        .back { border: 1px solid var(--a2ui-color-outline, #767680); border-radius: 16px; padding: 2px 12px;
          background: var(--a2ui-color-surface, #fff); color: inherit; }
        p { margin: 0; }`);
      this._level = null; // the label of the item whose drillDown is shown
    }
    render() {
      const top = Array.isArray(this.chartData) ? this.chartData.filter(isItem) : [];
      const open = top.find((d) => d.label === this._level && Array.isArray(d.drillDown));
      if (!open) this._level = null;
      const data = open ? open.drillDown.filter(isItem) : top;
      const title = typeof this.title === "string" ? this.title : "";
      const total = data.reduce((s, d) => s + d.value, 0);
      const hole = this.type === "pie" ? 0 : 0.55;
      const svg = h("svg:svg", { viewBox: "0 0 120 120", role: "img",
        "aria-label": (title || "Chart") + (open ? ", " + open.label : "") + ": " + data.map((d) => d.label + " " + d.value).join(", ") });
      let a = -Math.PI / 2;
      data.forEach((d, i) => {
        if (!total || !d.value) return;
        const b = a + (d.value / total) * 2 * Math.PI;
        const pt = (r, t) => (60 + r * Math.cos(t)).toFixed(2) + " " + (60 + r * Math.sin(t)).toFixed(2);
        const big = b - a > Math.PI ? 1 : 0;
        const full = d.value === total; // one slice: two half arcs
        const arc = (r, from, to, sweep) => full
          ? "A" + r + " " + r + " 0 1 " + sweep + " " + pt(r, from + Math.PI) + " A" + r + " " + r + " 0 1 " + sweep + " " + pt(r, to)
          : "A" + r + " " + r + " 0 " + big + " " + sweep + " " + pt(r, to);
        const path = hole
          ? "M" + pt(55, a) + " " + arc(55, a, b, 1) + " L" + pt(55 * hole, b) + " " + arc(55 * hole, b, a, 0) + " Z"
          : "M60 60 L" + pt(55, a) + " " + arc(55, a, b, 1) + " Z";
        svg.append(h("svg:path", { d: path, fill: PALETTE[i % PALETTE.length] }));
        a = b;
      });
      const legend = h("ul", { "aria-label": "Values" }, ...data.map((d, i) => {
        const dot = h("span", { class: "dot", style: "background:" + PALETTE[i % PALETTE.length] });
        const text = d.label + ": " + d.value;
        if (open || !Array.isArray(d.drillDown) || !d.drillDown.some(isItem)) return h("li", {}, h("span", {}, dot, text));
        const b = h("button", { type: "button", "aria-label": text + ", show details" }, dot, text);
        b.addEventListener("click", () => { this._level = d.label; this.update(); });
        return h("li", {}, b);
      }));
      const caption = h("figcaption", {}, h("span", { class: "title", text: title }), open ? h("span", { class: "level", text: open.label }) : null);
      if (open) {
        const back = h("button", { type: "button", class: "back", text: "Back" });
        back.addEventListener("click", () => { this._level = null; this.update(); });
        caption.append(back);
      }
      this.shadowRoot.replaceChildren(h("figure", {}, caption, data.length ? svg : h("p", { text: "No data" }), legend));
    }
  }

  // <gallery-rizz-map>: the samples' GoogleMap without Google Maps: no tiles, no script,
  // no network. center {lat, lng}, zoom, pins [{lat, lng, name, description?, background?,
  // borderColor?, glyphColor?}] are drawn as numbered markers on an SVG (an
  // equirectangular sketch around center, scaled by zoom or less, so all fit) and listed
  // with their coordinates.
  class RizzMap extends Base {
    constructor() {
      super(`.map { display: block; width: 100%; max-width: 560px; height: auto; border-radius: var(--a2ui-radius-medium, 12px);
          background: linear-gradient(135deg, #dfeee0 0%, #cfe3f0 100%); }
        ol { margin: 12px 0 0; padding-left: 24px; }
        li { margin: 4px 0; }
        .name { font-weight: 600; }
        .where, .desc { color: var(--a2ui-color-on-surface-variant, #45464f); }
        .where { font-variant-numeric: tabular-nums; }`);
    }
    render() {
      const num = (v) => typeof v === "number" && Number.isFinite(v);
      const c = this.center && num(this.center.lat) && num(this.center.lng) ? this.center : null;
      const pins = Array.isArray(this.pins) ? this.pins.filter((p) => p && num(p.lat) && num(p.lng) && typeof p.name === "string") : [];
      const zoom = num(this.zoom) ? this.zoom : 8;
      const color = (v, d) => (typeof v === "string" && /^#[0-9a-fA-F]{3,8}$/.test(v) ? v : d);
      const ref = c || (pins[0] ? pins[0] : { lat: 0, lng: 0 });
      const W = 400, H = 240;
      // Pixels per degree at this zoom (a 256px world at zoom 0, as web maps use), or
      // less, so that every marker fits.
      let scale = (256 * Math.pow(2, Math.min(Math.max(zoom, 0), 20))) / 360;
      for (const p of pins) {
        const dx = Math.abs(p.lng - ref.lng), dy = Math.abs(p.lat - ref.lat);
        if (dx > 0) scale = Math.min(scale, (W / 2 - 12) / dx);
        if (dy > 0) scale = Math.min(scale, (H / 2 - 24) / dy);
      }
      const svg = h("svg:svg", { class: "map", viewBox: "0 0 " + W + " " + H, role: "img",
        "aria-label": "Map" + (c ? " centred on " + c.lat + ", " + c.lng : "") + ", zoom " + zoom + ", " + pins.length + " markers" });
      pins.forEach((p, i) => {
        const x = W / 2 + (p.lng - ref.lng) * scale;
        const y = H / 2 - (p.lat - ref.lat) * scale;
        const g = h("svg:g", { transform: "translate(" + x.toFixed(1) + " " + y.toFixed(1) + ")" },
          h("svg:path", { d: "M0 0 L-7 -12 A8 8 0 1 1 7 -12 Z", fill: color(p.background, "#c5221f"), stroke: color(p.borderColor, "#ffffff"), "stroke-width": 1.5 }),
          h("svg:text", { x: 0, y: -13, "text-anchor": "middle", "font-size": 8, fill: color(p.glyphColor, "#ffffff"), text: String(i + 1) }));
        svg.append(g);
      });
      if (c) svg.append(h("svg:circle", { cx: W / 2, cy: H / 2, r: 3, fill: "none", stroke: "#1b1b1f", "stroke-width": 1 }));
      const list = h("ol", { "aria-label": "Markers" }, ...pins.map((p) => h("li", {},
        h("span", { class: "name", text: p.name }), " ",
        h("span", { class: "where", text: "(" + p.lat.toFixed(4) + ", " + p.lng.toFixed(4) + ")" }),
        typeof p.description === "string" && p.description ? h("div", { class: "desc", text: p.description }) : null)));
      this.shadowRoot.replaceChildren(svg, pins.length ? list : h("p", { text: "No markers" }));
    }
  }
  prop(RizzChart, "type", "title", "chartData");
  prop(RizzMap, "center", "zoom", "pins", "title");

  customElements.define("gallery-org-chart", OrgChart);
  customElements.define("gallery-web-frame", WebFrame);
  customElements.define("gallery-canvas", Canvas);
  customElements.define("gallery-rizz-chart", RizzChart);
  customElements.define("gallery-rizz-map", RizzMap);

  // The samples' components, declared once and listed by three catalogs: v0.9's
  // "inline_catalog" (OrgChart, WebFrame) and rizzcharts' catalog id (Canvas, Chart,
  // GoogleMap), which their createSurface name; and one v0.8 catalog with all five for the
  // v0.8 surfaces, which name none (v08Default: the official v0.8 clients register custom
  // components in one registry).
  const pin = { type: "object", properties: { lat: { type: "number" }, lng: { type: "number" }, name: { type: "string" },
    description: { type: "string" }, background: { type: "string" }, borderColor: { type: "string" }, glyphColor: { type: "string" } },
  required: ["lat", "lng", "name"] };
  const item = { type: "object", properties: { label: { type: "string" }, value: { type: "number" } }, required: ["label", "value"] };
  const samples = {
    OrgChart: {
      tag: "gallery-org-chart",
      description: "A management chain, top first; a click on a person runs the action with clickedNodeName and clickedNodeTitle.",
      props: {
        chain: { type: "array", bindable: true, required: true, description: "The people, top first.",
          items: { type: "object", properties: { title: { type: "string" }, name: { type: "string" } }, required: ["title", "name"] } },
        action: { type: "action" },
      },
      events: { "node-click": { action: "action", context: "detail" } },
    },
    WebFrame: {
      tag: "gallery-web-frame",
      description: "A framed page; it may send the actions allowedEvents names.",
      props: {
        url: { type: "url", kind: "frame", required: true },
        html: { type: "string", description: "Ignored here: this gallery frames URLs only." },
        height: { type: "number" },
        interactionMode: { type: "string", enum: ["readOnly", "interactive"] },
        allowedEvents: { type: "array", items: { type: "string" } },
      },
      events: { "frame-action": { name: "detail.action", allow: "allowedEvents", context: "detail.data" } },
    },
    Canvas: {
      tag: "gallery-canvas",
      description: "A panel holding other components.",
      props: { children: { type: "children", required: true } },
    },
    Chart: {
      tag: "gallery-rizz-chart",
      description: "A doughnut or pie chart of labelled values; an item may carry a drillDown list.",
      props: {
        type: { type: "string", enum: ["doughnut", "pie"], required: true },
        title: { type: "string", bindable: true },
        chartData: { type: "array", bindable: true, required: true,
          items: { type: "object", properties: { label: { type: "string" }, value: { type: "number" }, drillDown: { type: "array", items: item } },
            required: ["label", "value"] } },
      },
    },
    GoogleMap: {
      tag: "gallery-rizz-map",
      description: "Markers around a centre point (drawn by the page: no map tiles are loaded).",
      props: {
        center: { type: "object", bindable: true, required: true, properties: { lat: { type: "number" }, lng: { type: "number" } }, required: ["lat", "lng"] },
        zoom: { type: "number", bindable: true, required: true },
        pins: { type: "array", bindable: true, items: pin },
        title: { type: "string", bindable: true },
      },
    },
  };
  const pick = (...names) => Object.fromEntries(names.map((n) => [n, samples[n]]));
  window.A2UI.defineCatalog({ catalogId: "inline_catalog", extends: "basic", components: pick("OrgChart", "WebFrame") });
  window.A2UI.defineCatalog({
    catalogId: "https://github.com/google/A2UI/blob/main/samples/agent/adk/rizzcharts/rizzcharts_catalog_definition.json",
    extends: "basic",
    components: pick("Canvas", "Chart", "GoogleMap"),
  });
  window.A2UI.defineCatalog({
    catalogId: "https://a2ui-go.dev/catalogs/gallery/v08-samples",
    extends: "basic",
    v08Default: true,
    components: samples,
  });

  customElements.define("demo-contact-card", ContactCard);
  customElements.define("demo-chart", Chart);
  customElements.define("demo-map", MapView);

  window.A2UI.defineCatalog({
    catalogId: "https://a2ui-go.dev/catalogs/gallery/v1",
    extends: "basic",
    components: {
      ContactCard: {
        tag: "demo-contact-card",
        props: {
          name: { type: "string", bindable: true, required: true },
          role: { type: "string", bindable: true },
          email: { type: "string", bindable: true },
          phone: { type: "string", bindable: true },
          favorite: { type: "boolean", bindable: true },
          actions: { type: "children" },
        },
        events: { "favorite-change": { bind: "favorite", from: "detail.value" } },
      },
      Chart: {
        tag: "demo-chart",
        props: {
          title: { type: "string", bindable: true, required: true },
          kind: { type: "string", enum: ["bar", "pie"] },
          chartData: { type: "array", bindable: true, required: true },
          selected: { type: "string", bindable: true },
        },
        events: { select: { bind: "selected", from: "detail.label" } },
      },
      Map: {
        tag: "demo-map",
        props: {
          label: { type: "string", bindable: true },
          pins: { type: "array", bindable: true, required: true },
          selected: { type: "string", bindable: true },
          overlay: { type: "child" },
        },
        events: { "pin-select": { bind: "selected", from: "detail.name" } },
      },
    },
    functions: {
      // initials(name) → "AL": a host function the streams call like a basic one.
      initials: {
        args: { name: "string" },
        returns: "string",
        call: ({ name }) => String(name || "").split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join(""),
        budgetMs: 100, // the default is 20 ms; a call over it fails and its value is dropped
      },
    },
  });
})();
