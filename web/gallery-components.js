// gallery-components.js: the gallery's own host components (README "Custom components
// from JS"). Five custom elements, drawn with plain DOM, SVG and CSS (no network, no
// innerHTML), and one page catalog that maps A2UI component types to them, for the
// streams in testdata/custom/ (modelled on google/A2UI's custom-catalog samples: a
// contact card, a chart, a map); and the OrgChart and WebFrame of google/A2UI's
// custom-components samples (streams in testdata/custom-samples) with their catalog. Load it
// after a2ui.js (catalogs bind when a surface is created, so before any stream).
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
        const b = h("button", { type: "button", "aria-label": "Select " + n.name + " (" + title + ")" },
          h("span", { class: "title", text: title }), h("span", { class: "name", text: n.name }));
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

  customElements.define("gallery-org-chart", OrgChart);
  customElements.define("gallery-web-frame", WebFrame);

  // The samples' catalog: v0.9 surfaces name "inline_catalog"; v0.8 surfaces name none,
  // and get it as the official v0.8 clients register components (v08Default).
  window.A2UI.defineCatalog({
    catalogId: "inline_catalog",
    extends: "basic",
    v08Default: true,
    components: {
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
    },
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
