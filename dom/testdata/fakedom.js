// A minimal DOM for running web/a2ui-runtime.js under Node in dom's host tests
// (runtime_js_test.go). It serializes with dom.WriteHTML's rules so the Go test can compare
// the JS applier's result with memdom's byte for byte.
"use strict";
const fs = require("fs");

class FNode {
  constructor(doc) { this.ownerDocument = doc; this.parentNode = null; this.childNodes = []; }
  get firstChild() { return this.childNodes[0] || null; }
  get nextSibling() {
    if (!this.parentNode) return null;
    const s = this.parentNode.childNodes;
    return s[s.indexOf(this) + 1] || null;
  }
  get isConnected() { let n = this; while (n.parentNode) n = n.parentNode; return !!n.connected; }
  remove() {
    if (!this.parentNode) return;
    const s = this.parentNode.childNodes;
    s.splice(s.indexOf(this), 1);
    this.parentNode = null;
  }
  insertBefore(c, before) {
    for (let a = this; a; a = a.parentNode) if (a === c) throw new Error("HierarchyRequestError");
    if (before && before.parentNode !== this) throw new Error("NotFoundError");
    c.remove();
    const i = before ? this.childNodes.indexOf(before) : this.childNodes.length;
    this.childNodes.splice(i, 0, c);
    c.parentNode = this;
    return c;
  }
  contains(n) { for (; n; n = n.parentNode) if (n === this) return true; return false; }
  replaceChildren(...ns) {
    for (const c of [...this.childNodes]) c.remove();
    for (const n of ns) this.insertBefore(n, null);
  }
}
class FText extends FNode { constructor(doc, data) { super(doc); this.data = data; } }
class FStyle {
  constructor() { this.m = new Map(); }
  setProperty(k, v) { this.m.set(k, v); }
  removeProperty(k) { this.m.delete(k); }
  getPropertyValue(k) { return this.m.get(k) || ""; }
}
class FElement extends FNode {
  constructor(doc, ns, tag) {
    super(doc); this.ns = ns; this.localName = tag; this.attrs = new Map(); this.style = new FStyle();
    this.listeners = [];
  }
  get namespaceURI() { return this.ns; }
  get nodeType() { return 1; }
  setAttribute(k, v) { if (!/^[A-Za-z_:][A-Za-z0-9_:.-]*$/.test(k)) throw new Error("InvalidCharacterError"); this.attrs.set(k, String(v)); }
  setAttributeNS(ns, k, v) { this.setAttribute(k, v); }
  removeAttribute(k) { this.attrs.delete(k); }
  addEventListener(t, fn, o) { this.listeners.push([t, fn]); }
  removeEventListener(t, fn) { this.listeners = this.listeners.filter(([a, b]) => a !== t || b !== fn); }
  // Selectors: a comma list of tag names and .class names only.
  matches(sel) {
    const cls = (this.attrs.get("class") || "").split(/\s+/);
    return sel.split(",").some((x) => (x[0] === "." ? cls.includes(x.slice(1)) : this.localName === x));
  }
  querySelector(sel) {
    for (const c of this.childNodes) {
      if (!(c instanceof FElement)) continue;
      if (c.matches(sel)) return c;
      const d = c.querySelector(sel);
      if (d) return d;
    }
    return null;
  }
  closest(sel) { for (let n = this; n instanceof FElement; n = n.parentNode) if (n.matches(sel)) return n; return null; }
  showModal() { if (!this.isConnected) throw new Error("InvalidStateError"); this.open = true; }
  close() { this.open = false; }
}
const HTML = "http://www.w3.org/1999/xhtml";
const doc = {
  createElement(t) { return new FElement(doc, HTML, t); },
  createElementNS(ns, t) { return new FElement(doc, ns, t); },
  createTextNode(s) { return new FText(doc, s); },
};

const VOID = new Set(["area", "br", "col", "hr", "img", "input", "source", "track", "wbr"]);
const escT = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escA = (s) => escT(s).replace(/"/g, "&#34;");
function ser(n) {
  if (n instanceof FText) return escT(n.data);
  let s = "<" + n.localName;
  for (const k of [...n.attrs.keys()].sort()) s += " " + k + '="' + escA(n.attrs.get(k)) + '"';
  const props = [];
  for (const [k, v] of n.style.m) props.push([k, v]);
  for (const k of ["checked", "indeterminate", "open"]) if (n[k] === true) props.push([k, null]);
  if (typeof n.selectedIndex === "number" && n.selectedIndex >= 0) props.push(["selectedIndex", String(n.selectedIndex)]);
  if (typeof n.value === "string" && n.value !== "") props.push(["value", n.value]);
  // Host props (HOSTPROP): the runtime's record of what it assigned, as .name=json.
  for (const sym of Object.getOwnPropertySymbols(n)) {
    if (sym.description === "a2ui.host") for (const [k, v] of n[sym]) if (v !== "") props.push([k, v]);
  }
  props.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  for (const [k, v] of props) s += " ." + k + (v === null ? "" : '="' + escA(v) + '"');
  s += ">";
  if (n.ns === HTML && VOID.has(n.localName)) return s;
  for (const c of n.childNodes) s += ser(c);
  return s + "</" + n.localName + ">";
}

// Used as a module by dom/browser's wasm tests (under go_js_wasm_exec).
module.exports = { doc, ser, FElement };
if (require.main !== module) return;

// Input: JSON {hosts: [name...], batches: [base64...]}; output: one JSON line per batch,
// {err, html: {host: serialization}}.
globalThis.document = doc;
require(process.argv[2]);
const rt = globalThis.__a2uiRuntime;
const input = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const els = {};
for (const h of input.hosts) {
  const el = doc.createElement("div");
  el.connected = true;
  els[h] = el;
  rt.attach(h, el);
}
const out = [];
for (const b64 of input.batches) {
  const err = rt.apply(new Uint8Array(Buffer.from(b64, "base64")));
  const html = {};
  for (const h of input.hosts) html[h] = els[h].childNodes.map(ser).join("");
  out.push(JSON.stringify({ err, html }));
}
// Event delegation check: {event: [host, id, type]} dispatches a synthetic event.
if (input.event) {
  const [h, id, type] = input.event;
  const got = [];
  rt.setEventHandler((...a) => got.push(a));
  const target = rt.node(h, id);
  const path = [];
  for (let n = target; n; n = n.parentNode) path.push(n);
  let prevented = false;
  const ev = { type, target, key: "Enter", composedPath: () => path, preventDefault() { prevented = true; } };
  for (const [t, fn] of els[h].listeners) if (t === type) fn(ev);
  out.push(JSON.stringify({ got, prevented }));
}
process.stdout.write(out.join("\n") + "\n");
