// tokens.js: fills tokens.html. Renders one sample surface with the public loader in a
// light and a dark renderer, then lists every --a2ui-* token declared by the renderer's
// stylesheet with its light and dark value (read from the renderers' computed styles).
(() => {
  "use strict";
  const catalog = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
  const sample = [
    { version: "v0.9", createSurface: { surfaceId: "tokens", catalogId: catalog } },
    { version: "v0.9", updateComponents: { surfaceId: "tokens", components: [
      { id: "root", component: "Card", child: "col" },
      { id: "col", component: "Column", children: ["title", "body", "name", "size", "row"] },
      { id: "title", component: "Text", variant: "h3", text: "Order a coffee" },
      { id: "body", component: "Text", variant: "caption", text: "Body, caption and headline type; tonal, filled and text buttons." },
      { id: "name", component: "TextField", label: "Name on the cup", value: { path: "/name" } },
      { id: "size", component: "ChoicePicker", label: "Size", displayStyle: "chips",
        options: [{ label: "Small", value: "s" }, { label: "Medium", value: "m" }, { label: "Large", value: "l" }], value: { path: "/size" } },
      { id: "row", component: "Row", children: ["b1", "b2", "b3"] },
      { id: "b1", component: "Button", variant: "primary", child: "b1t", action: { event: { name: "order" } } },
      { id: "b1t", component: "Text", text: "Order" },
      { id: "b2", component: "Button", child: "b2t", action: { event: { name: "save" } } },
      { id: "b2t", component: "Text", text: "Save" },
      { id: "b3", component: "Button", variant: "borderless", child: "b3t", action: { event: { name: "cancel" } } },
      { id: "b3t", component: "Text", text: "Cancel" },
    ] } },
    { version: "v0.9", updateDataModel: { surfaceId: "tokens", path: "/", value: { name: "Ada", size: ["m"] } } },
  ];

  function tokenNames() {
    // The stylesheet is adopted by the renderers' shadow roots; read its :host rule.
    const names = [];
    const root = document.getElementById("light").shadowRoot;
    const sheets = root ? [...root.adoptedStyleSheets, ...[...root.querySelectorAll("style")].map((s) => s.sheet)] : [];
    for (const sheet of sheets) {
      for (const rule of sheet.cssRules) {
        if (rule.selectorText !== ":host") continue;
        for (const p of rule.style) if (p.startsWith("--a2ui-") && !names.includes(p)) names.push(p);
      }
    }
    return names;
  }

  function resolved(el, name) {
    // A custom property's computed value is its text; draw it to resolve light-dark().
    const probe = document.createElement("span");
    probe.style.color = "var(" + name + ")";
    el.shadowRoot.append(probe);
    const v = getComputedStyle(probe).color;
    probe.remove();
    return v;
  }

  function cell(el, name) {
    const td = document.createElement("td");
    const raw = getComputedStyle(el).getPropertyValue(name).trim();
    if (name.startsWith("--a2ui-color-")) {
      const sw = document.createElement("span");
      sw.className = "swatch";
      sw.style.background = resolved(el, name);
      td.append(sw);
    }
    const code = document.createElement("code");
    code.textContent = name.startsWith("--a2ui-color-") ? resolved(el, name) : raw;
    td.append(code);
    return td;
  }

  async function main() {
    await window.A2UI.ready;
    const light = document.getElementById("light");
    const dark = document.getElementById("dark");
    for (const el of [light, dark]) {
      await new Promise((r) => (el.renderer ? r() : el.addEventListener("a2ui-ready", r, { once: true })));
      el.renderer.process(sample);
      await el.renderer.flush();
    }
    const body = document.querySelector("#tokens tbody");
    body.replaceChildren();
    let group = "";
    for (const name of tokenNames()) {
      const g = name.split("-")[3];
      if (g !== group) {
        group = g;
        const tr = document.createElement("tr");
        tr.className = "group";
        const th = document.createElement("th");
        th.colSpan = 3;
        th.scope = "colgroup";
        th.textContent = g;
        tr.append(th);
        body.append(tr);
      }
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      const code = document.createElement("code");
      code.textContent = name;
      th.append(code);
      tr.append(th, cell(light, name), cell(dark, name));
      body.append(tr);
    }
  }
  main().catch((e) => {
    document.querySelector("#tokens tbody").textContent = "Cannot read the tokens: " + e.message;
  });
})();
