// a2ui-runtime.js — the browser half of the Go/wasm A2UI renderer's DOM layer.
// Plain ES2020, no bundler, no eval, no innerHTML. Load it with a classic <script> before
// the wasm starts; it defines one global:
//
//   globalThis.__a2uiRuntime = {
//     attach(host, element[, index])
//                             register a surface host: `element` (normally a container
//                             element inside the surface's shadow root) becomes the mount
//                             point of the Go dom.Tree created with NewTree(host), and gets
//                             one capture-phase listener per event type (click, input,
//                             change, keydown, close, toggle, submit; more are added when a
//                             LISTEN op names another type). Re-attaching a name replaces it.
//                             Returns the host's index (a number events carry instead of
//                             its name; a new one at every attach, or `index` when given:
//                             in worker mode the engine's worker numbers the hosts).
//     detach(host)            remove the listeners, empty the element, forget its nodes.
//     apply(bytes, len)       apply one op batch (Uint8Array; first `len` bytes, default all)
//                             written by Go's dom.Encoder. Returns null, or an error string
//                             (the batch stops at the failing op).
//     setEventHandler(fn)     fn(hostIndex, nodeId, flags, timeStamp, typeAndValue[, key[,
//                             detail]]) is called once per delegated event whose target (or an
//                             ancestor inside the host) is a node listening to that type;
//                             flags bit 0: untrusted (synthetic) event, bit 1: a pointer click
//                             on a button that appeared, moved or changed under the resting
//                             pointer less than 500 ms ago (re-arming), bit 2: checked (or
//                             open). typeAndValue is the event type, a space and the
//                             control's value (one string: each string is a copy into Go).
//                             key comes only when the event has one, detail (the JSON
//                             of a CustomEvent's detail, "" when it does not serialize) only
//                             for a CustomEvent: each argument is a crossing into Go. Go's
//                             dom/browser bridge installs it; it only enqueues.
//     setInput(x)             {input, buf, mem, warm}: Go's wasm exports a2uiInput/a2uiInputBuf and
//                             its memory (web/a2ui.js). An input event then goes to
//                             x.input(hostIndex, nodeId, flags, timeStamp, valueBytes), the
//                             value UTF-8 in Go's buffer, and to fn only when Go declines.
//                             x.warm (optional: the export a2uiWarm, or in worker mode a
//                             message asking the worker for it; with or without input) is
//                             called once in idle time after the first op batch (warmSoon).
//     factory(tag, fn)        register the factory of a page-defined component: an ELEM op
//                             with ns 3 and this tag (it starts with "a2ui-factory-")
//                             calls fn() for the element (catalog/host, A2UI.defineCatalog).
//     reset()                 detach every host (a fresh Go runtime starts over).
//     node(host, id)          the DOM node with that id (tests, debugging)
//     rearming(el)            whether a pointer click on el now, a button that appeared
//                             or changed under the resting pointer, would be refused
//                             (re-arming; a click is judged by its event's timeStamp)
//     echoable(v)             whether the typing echo shows value v (plain: see echo)
//     stats                   {batches, ops, rejected, held, echoes (text nodes the typing
//                             echo set); firstBatchAt and warmedAt: performance.now() of
//                             the first batch and of the warm-up}
//   }
//
// Wiring a surface (what cmd/wasm does for each surface):
//   const shadow = hostElement.attachShadow({mode: "open"});
//   const root = document.createElement("div"); root.className = "a2ui-surface";
//   shadow.append(root);
//   __a2uiRuntime.attach(surfaceId, root);   // then Go renders with dom.NewTree(surfaceId)
//
// The op format is documented in dom/op.go. Policy (mirrors dom/policy.go): forbidden tags
// become <a2ui-blocked>, on*/style/srcdoc attributes and script-scheme URLs are not set,
// only value/checked/indeterminate/open/selectedIndex and --css-custom-props are written,
// each compared with the live element first. <dialog open> uses showModal()/close().
(function () {
  "use strict";
  if (globalThis.__a2uiRuntime) return;

  const SVG_NS = "http://www.w3.org/2000/svg";
  const MATHML_NS = "http://www.w3.org/1998/Math/MathML";
  const XLINK_NS = "http://www.w3.org/1999/xlink";
  const IDK = Symbol("a2ui.id");
  const DEFAULT_TYPES = ["click", "input", "change", "keydown", "close", "toggle", "submit"];
  const BLOCKED = "a2ui-blocked";
  const BLOCKED_TAGS = new Set(["script", "style", "iframe", "frame", "frameset", "object",
    "embed", "applet", "base", "link", "meta", "template", "noscript", "portal", "xmp",
    "noembed", "plaintext", "html", "head", "body", "foreignobject", "animate", "set",
    "animatemotion", "animatetransform", "use", "handler", "listener"]);
  const URL_ATTRS = new Set(["href", "src", "xlink:href", "action", "formaction", "poster",
    "cite", "background", "srcset", "ping", "data"]);
  const TAG_RE = /^[A-Za-z][A-Za-z0-9-]*$/;
  const ATTR_RE = /^[A-Za-z_:][A-Za-z0-9_:.-]*$/;
  const CSSVAR_RE = /^--[A-Za-z0-9_-]+$/;
  const HOSTPROP_RE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  const HOSTPROP_DENIED = new Set(["innerhtml", "outerhtml", "innertext", "outertext", "textcontent",
    "nodevalue", "srcdoc", "style", "classname", "classlist", "id", "slot", "part", "attributes",
    "shadowroot", "__proto__", "constructor", "prototype", "dataset", "is"]);
  const FACTORY_PREFIX = "a2ui-factory-";
  const ECHOK = Symbol("a2ui.echo"); // dom.EchoProp: the data path an element writes or shows
  const HOSTEL = Symbol("a2ui.host"); // page-defined elements: their last host-prop JSON by name
  const factories = new Map();
  const DATA_IMG_RE = /^data:image\/(png|gif|jpeg|webp)[;,]/;

  const HEADING_RE = /^h[1-6]$/i;
  const OUTLINE_SEL = "h1,h2,h3,h4,h5,h6,.a2ui-list";
  const ARMED = Symbol("a2ui.changed");
  const REARM_MS = 500;
  const hosts = new Map();
  const touched = new Set(); // hosts the current batch addressed
  const stats = { batches: 0, ops: 0, rejected: 0, held: 0, echoes: 0 };
  const utf8 = new TextDecoder();
  let onEvent = null;
  // The typing fast path (setInput): Go's wasm exports a2uiInput and a2uiInputBuf and its
  // memory, or null (then every event goes through onEvent).
  let fast = null;
  let warmFn = null; // setInput's warm
  const utf8enc = typeof TextEncoder === "function" ? new TextEncoder() : null;

  // fastInput hands an input event to Go's export, the value written into Go's buffer:
  // false when Go declined (busy: it goes through onEvent, which queues it). After a
  // handled event that left goroutines waiting for Go's scheduler (answer 2), onEvent()
  // with no event runs it at once. After any other handled event it runs once more in a
  // task of its own (one pending at a time), after the patched frame: a goroutine the
  // event woke in a way the export cannot see is never left waiting for the next event.
  let kickPending = false;
  const kickLater = () => {
    if (kickPending) return;
    kickPending = true;
    setTimeout(() => {
      kickPending = false;
      if (onEvent !== null) onEvent();
    }, 0);
  };
  function fastInput(index, id, flags, t, value) {
    const f = fast;
    const need = Math.max(value.length * 3, 1); // UTF-16 unit -> at most 3 UTF-8 bytes
    if (need > f.cap) {
      const ptr = f.buf(need);
      if (!ptr) return false;
      f.ptr = ptr;
      f.cap = need;
    }
    const r = utf8enc.encodeInto(value, new Uint8Array(f.mem.buffer, f.ptr, f.cap));
    const answer = f.input(index, id, flags, t, r.written);
    if (answer === 2 && onEvent !== null) onEvent();
    else if (answer === 1) kickLater();
    return answer !== 0;
  }

  // The data-update warm-up (setInput's warm, Go's export a2uiWarm, webhost/warm.go): two
  // frames after the first op batch, in an idle period long enough for it (it compiles
  // Go's update path, a few milliseconds), Go writes once into a private surface, so the
  // agent's first updateDataModel does not pay for that compile. Declined (Go busy) or no
  // long idle period: asked again at the next idle callback, run anyway after WARM_TRIES.
  const WARM_IDLE_MS = 10, WARM_TRIES = 20;
  let warmState = 0; // 0 not yet, 1 scheduled, 2 done
  const idle = typeof requestIdleCallback === "function" ?
    (f) => requestIdleCallback(f) : (f) => setTimeout(() => f(null), 250);
  function warmSoon() {
    if (warmState !== 0 || !warmFn) return;
    warmState = 1;
    stats.firstBatchAt = performance.now();
    const f = warmFn;
    let tries = 0;
    const step = (deadline) => {
      if (warmFn !== f) { warmState = 0; return; } // the instance died: its successor warms
      if (deadline && deadline.timeRemaining() < WARM_IDLE_MS && ++tries < WARM_TRIES) { idle(step); return; }
      const answer = f();
      if (answer === 0 && ++tries < 2 * WARM_TRIES) { idle(step); return; }
      warmState = 2;
      stats.warmedAt = performance.now();
      if (answer === 2 && onEvent !== null) onEvent();
    };
    requestAnimationFrame(() => requestAnimationFrame(() => idle(step)));
  }

  function allowedTag(tag) {
    return TAG_RE.test(tag) && !BLOCKED_TAGS.has(tag.toLowerCase());
  }

  function normURL(v) {
    let s = "";
    for (let i = 0; i < v.length && s.length < 32; i++) {
      const c = v.charCodeAt(i);
      if (c <= 0x20 || c === 0x7f) continue;
      s += v[i];
    }
    return s.toLowerCase();
  }

  function allowedAttr(name, value) {
    if (!ATTR_RE.test(name)) return false;
    const l = name.toLowerCase();
    if (l.startsWith("on") || l === "style" || l === "srcdoc" || l === "is") return false;
    if (!URL_ATTRS.has(l)) return true;
    const v = normURL(value);
    if (v.startsWith("javascript:") || v.startsWith("vbscript:") || v.startsWith("file:")) return false;
    if (v.startsWith("data:")) return l === "src" && DATA_IMG_RE.test(v);
    return true;
  }

  function propBool(v) { return v !== "" && v !== "false"; }

  // ---- decoding -------------------------------------------------------------------
  let b = null, p = 0, tab = [];

  function fail(msg) { throw new Error("a2ui: malformed op batch at byte " + p + ": " + msg); }

  function u8() { if (p >= b.length) fail("truncated"); return b[p++]; }

  function uint() {
    let v = 0, shift = 0, c;
    for (;;) {
      if (p >= b.length) fail("truncated varint");
      c = b[p++];
      if (shift > 28 || (shift === 28 && c > 0x0f)) fail("varint overflows uint32");
      v += (c & 0x7f) * 2 ** shift;
      if (c < 0x80) return v;
      shift += 7;
    }
  }

  function str() {
    const tag = uint();
    if (tag >= 2) {
      const s = tab[tag - 2];
      if (s === undefined) fail("string ref out of range");
      return s;
    }
    const n = uint();
    if (n > b.length - p) fail("string length out of range");
    let s = "";
    if (n <= 32) {
      for (let i = p; i < p + n; i++) {
        const c = b[i];
        if (c >= 0x80) { s = null; break; }
        s += String.fromCharCode(c);
      }
      if (s === null) s = utf8.decode(b.subarray(p, p + n));
    } else {
      s = utf8.decode(b.subarray(p, p + n));
    }
    p += n;
    if (tag === 0) tab.push(s);
    return s;
  }

  // ---- applying --------------------------------------------------------------------
  let dialogs = null; // Map<HTMLDialogElement, boolean> of wanted open states, per batch

  function nodeOf(h, id) {
    const n = h.nodes[id];
    if (n === undefined || id === 0) throw new Error("a2ui: unknown node " + id + " in host " + h.name);
    return n;
  }

  function free(h, n) {
    const id = n[IDK];
    if (id !== undefined && h.nodes[id] === n) {
      h.nodes[id] = undefined;
      h.listens[id] = undefined;
      if (h.shows.size > 0 && n[ECHOK] !== undefined) unshow(h, n);
    }
    for (let c = n.firstChild; c !== null; c = c.nextSibling) free(h, c);
  }

  // ---- the typing echo (dom.EchoProp) ---------------------------------------------------
  // When the user's input goes to the engine asynchronously (worker mode, or Go busy),
  // the elements that show the path a focused text control writes get the typed value at
  // once, in the input event, if it is plain: letters, digits and marks in words joined by
  // single spaces (Markdown and Go's text cleaning leave such a value as it is; catalog/basic's
  // TestEchoPlain holds the two to the same set). While the control keeps focus and holds
  // a plain value, the engine's text for those elements is that value: its answers to
  // earlier keystrokes arrive after later ones were shown, and the text never goes back a
  // keystroke. The user's value is what the engine shows too once it has answered (the
  // field keeps the user's value while focused, and puts it into the model on blur).
  // h.shows: path -> the elements showing it; h.typing: path -> the focused control
  // whose value those elements show, until it loses focus or holds a value not plain.
  const ECHO_MAX = 256;
  const ECHO_RE = /^[\p{L}\p{N}\p{M}]+(?: [\p{L}\p{N}\p{M}]+)*$/u;
  // The letters, digits and marks policy.CleanText drops (policy.Invisible).
  const ECHO_INVISIBLE_RE = /[\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180D\u180F\u3164\uFFA0]/;
  const echoable = (v) => v.length <= ECHO_MAX && ECHO_RE.test(v) && !ECHO_INVISIBLE_RE.test(v);

  function echoProp(h, el, path) {
    if (el[ECHOK] !== undefined) unshow(h, el);
    el[ECHOK] = path === "" ? undefined : path;
    if (path === "" || el.localName === "input" || el.localName === "textarea") return;
    let set = h.shows.get(path);
    if (set === undefined) h.shows.set(path, set = new Set());
    set.add(el);
  }

  // unshow takes el out of the elements showing its path.
  function unshow(h, el) {
    const set = h.shows.get(el[ECHOK]);
    if (set !== undefined && set.delete(el) && set.size === 0) h.shows.delete(el[ECHOK]);
  }

  // echo shows control c's value v in the host's elements that show path, when c has
  // focus (the user is typing) and v is plain.
  function echo(h, c, path, v) {
    if (!focused(c) || !echoable(v)) {
      if (h.typing !== null && h.typing.get(path) === c) h.typing.delete(path); // the engine's answers show
      return;
    }
    if (h.typing === null) h.typing = new Map();
    h.typing.set(path, c);
    const set = h.shows.get(path);
    if (set === undefined) return;
    for (const el of set) {
      const t = el.firstChild;
      if (t === null || t.nodeType !== 3 || t.nextSibling !== null) continue;
      if (t.data !== v) t.data = v;
      stats.echoes++;
    }
  }

  // echoed returns the text to give text node t for the engine's SETTEXT s: the value
  // of the control the user is typing into, if t shows its path, else s.
  function echoed(h, t, s) {
    const el = t.parentNode;
    const path = el !== null ? el[ECHOK] : undefined;
    if (path === undefined) return s;
    const c = h.typing.get(path);
    if (c === undefined) return s;
    if (!c.isConnected || !focused(c) || !echoable(c.value)) {
      h.typing.delete(path);
      return s;
    }
    return c.value;
  }

  // focused: the user owns the control's state while it has focus (an IME composition
  // needs focus too): value/checked writes wait (Go re-renders the user's value on blur).
  function focused(el) {
    if (typeof el.getRootNode !== "function") return false;
    const r = el.getRootNode();
    return r !== el && r.activeElement === el;
  }

  function setProp(el, name, v) {
    if ((name === "value" || name === "checked" || name === "selectedIndex") && focused(el)) {
      stats.held++;
      return;
    }
    switch (name) {
      case "value":
        if (el.value !== v) el.value = v;
        return;
      case "checked":
      case "indeterminate": {
        const on = propBool(v);
        if (el[name] !== on) el[name] = on;
        return;
      }
      case "selectedIndex": {
        const i = v === "" ? -1 : Number(v) | 0;
        if (el.selectedIndex !== i) el.selectedIndex = i;
        return;
      }
      case "open": {
        const on = propBool(v);
        if (el.localName === "dialog") dialogs.set(el, on); // after the batch: must be connected
        else if (el.open !== on) el.open = on;
        return;
      }
    }
    if (CSSVAR_RE.test(name)) {
      if (v === "") el.style.removeProperty(name);
      else if (el.style.getPropertyValue(name) !== v) el.style.setProperty(name, v);
      return;
    }
    stats.rejected++;
  }

  // fromFactory calls the page's factory registered under tag; anything but a fresh
  // element (or a throw) gives the inert element.
  function fromFactory(h, tag) {
    const fn = factories.get(tag);
    let el = null;
    if (fn !== undefined) {
      try { el = fn(); } catch (e) { console.error("a2ui: component factory failed", e); }
    }
    if (el === null || typeof el !== "object" || el.nodeType !== 1 || el.parentNode !== null || el[IDK] !== undefined) {
      stats.rejected++;
      return h.doc.createElement(BLOCKED);
    }
    el[HOSTEL] = new Map();
    return el;
  }

  // hostProp assigns a JSON value as a property of a page-defined element (a custom
  // element or a factory's), never an on* name or a markup/identity property; an unchanged
  // JSON is skipped, so the element's setter runs only for changes.
  function hostProp(el, name, json) {
    if (el[HOSTEL] === undefined) {
      if (el.namespaceURI !== "http://www.w3.org/1999/xhtml" || !el.localName.includes("-") || el.localName === BLOCKED) {
        stats.rejected++;
        return;
      }
      el[HOSTEL] = new Map();
    }
    if (!HOSTPROP_RE.test(name) || name.toLowerCase().startsWith("on") || HOSTPROP_DENIED.has(name.toLowerCase())) {
      stats.rejected++;
      return;
    }
    const last = el[HOSTEL];
    if (last.get(name) === json) return;
    last.set(name, json);
    try {
      el[name] = json === "" ? undefined : JSON.parse(json);
    } catch (e) {
      console.error("a2ui: setting property " + name + " failed", e);
    }
  }

  // outlined reports whether inserting or removing n under par can change what settle's
  // outline pass computes: par is inside the surface (a subtree still being built is
  // checked when it is inserted there) and n is or holds a heading or a list, or par is
  // inside one (a heading's text, a list's scroll state). O(n's subtree + depth): a
  // stream of Texts into a surface never walks the whole surface.
  function outlined(h, par, n) {
    if (par === null || par.nodeType !== 1 || !h.el.contains(par)) return false;
    if (n.nodeType === 1 && (n.matches(OUTLINE_SEL) || n.querySelector(OUTLINE_SEL) !== null)) return true;
    return par.closest(OUTLINE_SEL) !== null;
  }

  function flushDialogs() {
    for (const [el, on] of dialogs) {
      if (el.open === on) continue;
      if (!on) { el.close(); continue; }
      if (!el.isConnected) continue;
      try { el.showModal(); } catch (e) { el.setAttribute("open", ""); }
    }
    dialogs.clear();
  }

  function run() {
    if (b.length === 0) return;
    if (b.length < 2 || b[0] !== 0xa2) fail("bad magic");
    if (b[1] !== 1) fail("unsupported version " + b[1]);
    p = 2;
    let h = null;
    while (p < b.length) {
      const op = b[p++];
      stats.ops++;
      if (op === 1) { // HOST
        const name = str();
        h = hosts.get(name);
        if (h === undefined) throw new Error("a2ui: unknown host " + JSON.stringify(name));
        touched.add(h);
        continue;
      }
      if (h === null) throw new Error("a2ui: op " + op + " before HOST");
      switch (op) {
        case 2: { // ELEM id ns tag
          const id = uint(), ns = u8();
          let tag = str();
          if (ns > 3) fail("bad namespace");
          if (HEADING_RE.test(tag)) h.outline = true;
          let el;
          if (ns === 3) el = fromFactory(h, tag);
          else if (!allowedTag(tag)) {
            stats.rejected++;
            el = h.doc.createElement(BLOCKED);
          } else if (ns === 1) el = h.doc.createElementNS(SVG_NS, tag);
          else if (ns === 2) el = h.doc.createElementNS(MATHML_NS, tag);
          else el = h.doc.createElement(tag);
          el[IDK] = id;
          h.nodes[id] = el;
          h.listens[id] = undefined;
          break;
        }
        case 3: { // TEXT id text
          const id = uint();
          const t = h.doc.createTextNode(str());
          t[IDK] = id;
          h.nodes[id] = t;
          h.listens[id] = undefined;
          break;
        }
        case 4: { // ATTR id name value
          const el = nodeOf(h, uint()), name = str(), value = str();
          if (!allowedAttr(name, value)) {
            stats.rejected++;
            if (ATTR_RE.test(name)) el.removeAttribute(name);
          } else if (name.startsWith("xlink:")) {
            el.setAttributeNS(XLINK_NS, name, value);
          } else {
            el.setAttribute(name, value);
          }
          break;
        }
        case 5: { // DELATTR id name
          const el = nodeOf(h, uint()), name = str();
          if (ATTR_RE.test(name)) el.removeAttribute(name);
          break;
        }
        case 6: { // PROP id name value
          const el = nodeOf(h, uint()), name = str(), value = str();
          if (name === "echo") echoProp(h, el, value);
          else setProp(el, name, value);
          break;
        }
        case 12: { // HOSTPROP id name json
          const el = nodeOf(h, uint()), name = str(), json = str();
          hostProp(el, name, json);
          break;
        }
        case 7: { // SETTEXT id text
          const t = nodeOf(h, uint());
          let s = str();
          if (h.typing !== null && h.typing.size > 0) s = echoed(h, t, s);
          if (t.data !== s) {
            t.data = s;
            // The surface is named after its first heading: follow its text.
            if (h.heading && h.heading.contains(t)) h.outline = true;
          }
          break;
        }
        case 8: { // INSERT parent child before
          const par = nodeOf(h, uint()), child = nodeOf(h, uint()), bid = uint();
          const before = bid === 0 ? null : nodeOf(h, bid);
          if (!h.outline && outlined(h, par, child)) h.outline = true;
          if (child.parentNode === par && child.nextSibling === before) break;
          if (child === before) break;
          if (child.parentNode !== null && typeof par.moveBefore === "function" &&
              par.isConnected && child.isConnected) {
            try { par.moveBefore(child, before); break; } catch (e) { /* fall back */ }
          }
          par.insertBefore(child, before);
          break;
        }
        case 9: { // REMOVE id
          const n = nodeOf(h, uint());
          if (!h.outline && outlined(h, n.parentNode, n)) h.outline = true;
          n.remove();
          free(h, n);
          break;
        }
        case 10: { // LISTEN id n type*
          const id = uint(), n = uint();
          nodeOf(h, id);
          if (n > b.length - p) fail("listener count out of range");
          const types = [];
          for (let i = 0; i < n; i++) {
            const t = str();
            types.push(t);
            delegate(h, t);
          }
          h.listens[id] = n === 0 ? undefined : types;
          break;
        }
        case 11: { // MOUNT id
          h.el.replaceChildren(nodeOf(h, uint()));
          h.outline = true;
          break;
        }
        default:
          p--;
          fail("unknown op " + op);
      }
    }
  }

  function apply(bytes, len) {
    b = len === undefined || len === bytes.length ? bytes : bytes.subarray(0, len);
    tab = [];
    dialogs = dialogs || new Map();
    stats.batches++;
    try {
      run();
      return null;
    } catch (e) {
      return String((e && e.message) || e);
    } finally {
      try { flushDialogs(); } catch (e) { /* a dialog error must not hide the batch result */ }
      for (const h of touched) {
        try { settle(h); } catch (e) { /* focus and outline are cosmetic */ }
      }
      touched.clear();
      try { rearm(); } catch (e) { /* no layout (detached): nothing under the pointer */ }
      if (warmState === 0) warmSoon();
      b = null;
      tab = [];
    }
  }

  // settle runs after a batch touched host h:
  //  - roving focus: when the focused element of a [data-a2ui-roving] group lost its
  //    tabindex="0" (arrow keys moved the group's active item), focus follows it;
  //  - outline (only when the batch inserted or removed a heading or a list, or nodes inside
  //    a list, created a heading, or changed a heading's text): heading levels inside the
  //    surface are renumbered below the host's level (h.headingBase, the `heading-level`
  //    option) with no skipped level, via aria-level; the surface is a region named by its
  //    page-given label, else its first heading, else it is not a landmark.
  function settle(h) {
    const root = h.el.getRootNode();
    const ae = root && root.activeElement;
    if (ae && ae.getAttribute("tabindex") === "-1" && h.el.contains(ae)) {
      const g = ae.closest("[data-a2ui-roving]");
      const t = g && g.querySelector('[tabindex="0"]');
      if (t && t !== ae) t.focus();
    }
    if (!h.outline) return;
    h.outline = false;
    // A list that scrolls must be reachable by keyboard (a tab stop of its own).
    for (const l of h.el.querySelectorAll(".a2ui-list")) {
      const scrolls = l.scrollHeight > l.clientHeight + 1 || l.scrollWidth > l.clientWidth + 1;
      if (scrolls && !l.hasAttribute("tabindex")) l.setAttribute("tabindex", "0");
      else if (!scrolls && l.getAttribute("tabindex") === "0") l.removeAttribute("tabindex");
    }
    const stack = []; // [agentLevel, level] of the open headings
    let first = null;
    for (const el of h.el.querySelectorAll("h1,h2,h3,h4,h5,h6")) {
      const agent = +el.localName[1];
      while (stack.length && stack[stack.length - 1][0] >= agent) stack.pop();
      const level = Math.min(6, stack.length ? stack[stack.length - 1][1] + 1 : h.headingBase + 1);
      stack.push([agent, level]);
      if (level === agent) el.removeAttribute("aria-level");
      else el.setAttribute("aria-level", String(level));
      if (first === null) first = el;
    }
    h.heading = first;
    let label = h.el.dataset.label || (first ? first.textContent.trim().replace(/\s+/g, " ").slice(0, 120) : "");
    if (label) {
      // Landmarks need distinct names: a second surface with the same heading gets " (2)".
      const parent = h.el.parentNode;
      let name = label, n = 1;
      const taken = (x) => parent && Array.from(parent.children).some((s) => s !== h.el && s.getAttribute("aria-label") === x);
      while (taken(name)) name = label + " (" + (++n) + ")";
      if (h.el.getAttribute("aria-label") !== name) h.el.setAttribute("aria-label", name);
    } else if (h.el.hasAttribute("aria-label")) {
      h.el.removeAttribute("aria-label");
    }
  }

  // ---- re-arm -----------------------------------------------------------------------
  // The pointer's last position and the button under it (with its box, label and action
  // signature). After each batch, a button that is now under the resting pointer and
  // was not, or whose box, label or action changed, is stamped: pointer clicks on it are
  // flagged for REARM_MS.
  // A scroll of the page (the user's, or focus moving) is no change by the agent: the
  // state under the pointer is taken anew without stamping.
  // A click is judged by its own time (the event's timeStamp, same clock as the stamp),
  // not by when its handler runs: one made in the window and handled late is refused.
  let ptr = null, ptrCtl = null, ptrSig = "", sx = 0, sy = 0;

  // rearmingAt(c, t): whether a pointer click on c at page time t falls in its window.
  function rearmingAt(c, t) {
    return c[ARMED] !== undefined && t - c[ARMED] < REARM_MS;
  }

  function controlAt(x, y) {
    let e = document.elementFromPoint(x, y);
    for (let i = 0; e && e.shadowRoot && i < 32; i++) {
      const inner = e.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === e) break;
      e = inner;
    }
    const c = e && e.closest ? e.closest('[data-a2ui-control="button"]') : null;
    return c && c[IDK] !== undefined ? c : null;
  }

  function sig(c) {
    const r = c.getBoundingClientRect();
    return Math.round(r.left / 4) + "," + Math.round(r.top / 4) + "," + Math.round(r.width / 4) + "," +
      Math.round(r.height / 4) + "|" + c.textContent;
  }

  function rearm() {
    if (ptr === null) return;
    const c = controlAt(ptr.x, ptr.y);
    const s = c ? sig(c) : "";
    const scrolled = window.scrollX !== sx || window.scrollY !== sy;
    sx = window.scrollX;
    sy = window.scrollY;
    if (c && !scrolled && (c !== ptrCtl || s !== ptrSig)) c[ARMED] = performance.now();
    ptrCtl = c;
    ptrSig = s;
  }

  function track(ev) {
    ptr = { x: ev.clientX, y: ev.clientY };
    sx = window.scrollX;
    sy = window.scrollY;
    const path = ev.composedPath();
    let c = null;
    for (let i = 0; i < path.length && c === null; i++) {
      const n = path[i];
      if (n[IDK] !== undefined && n.getAttribute && n.getAttribute("data-a2ui-control") === "button") c = n;
    }
    ptrCtl = c;
    ptrSig = c ? sig(c) : "";
  }

  let tracking = false;
  function startTracking() {
    if (tracking || typeof window === "undefined") return;
    tracking = true;
    const o = { capture: true, passive: true };
    window.addEventListener("pointermove", track, o);
    window.addEventListener("pointerdown", track, o);
  }

  // ---- events ------------------------------------------------------------------------
  function delegate(h, type) {
    if (h.types.has(type) || !/^[a-z][a-z0-9-]*$/.test(type)) return;
    const fn = (ev) => dispatch(h, type, ev);
    h.el.addEventListener(type, fn, { capture: true });
    h.types.set(type, fn);
  }

  function dispatch(h, type, ev) {
    if (type === "submit") ev.preventDefault();
    if (onEvent === null) return;
    const path = typeof ev.composedPath === "function" ? ev.composedPath() : [ev.target];
    for (let i = 0; i < path.length; i++) {
      const n = path[i];
      if (n === h.el) return;
      const id = n[IDK];
      if (id === undefined || h.nodes[id] !== n) continue;
      const ls = h.listens[id];
      if (ls === undefined || ls.indexOf(type) < 0) continue;
      const t = path[0];
      let value = "", checked = false;
      if (n.localName === "dialog") value = n.returnValue || "";
      else if (typeof n.value === "string") value = n.value;
      else if (t && typeof t.value === "string") value = t.value;
      if (type === "toggle" || type === "close") checked = !!n.open;
      else if (typeof n.checked === "boolean") checked = n.checked;
      else if (t && typeof t.checked === "boolean") checked = t.checked;
      let flags = ev.isTrusted ? 0 : 1;
      if (type === "click" && ev.detail > 0 && rearmingAt(n, ev.timeStamp || performance.now())) {
        flags |= 2;
      }
      if (checked) flags |= 4;
      const key = typeof ev.key === "string" ? ev.key : "";
      try {
        if (type === "input" && fast !== null && key === "" && !(typeof CustomEvent === "function" && ev instanceof CustomEvent) &&
          fastInput(h.index, id, flags, ev.timeStamp || 0, value)) return;
        if (type === "input" && n[ECHOK] !== undefined && !ev.isComposing) echo(h, n, n[ECHOK], value);
        const tv = type + " " + value; // a type has no space (delegate)
        if (typeof CustomEvent === "function" && ev instanceof CustomEvent) {
          let detail = "";
          try { detail = JSON.stringify(ev.detail === undefined ? null : ev.detail) || ""; } catch (e) { detail = ""; }
          onEvent(h.index, id, flags, ev.timeStamp || 0, tv, key, detail);
        } else if (key !== "") {
          onEvent(h.index, id, flags, ev.timeStamp || 0, tv, key);
        } else {
          onEvent(h.index, id, flags, ev.timeStamp || 0, tv);
        }
      } catch (e) {
        console.error("a2ui: event handler failed", e);
      }
      return;
    }
  }

  let hostIndex = 0;

  function attach(name, el, index) {
    detach(name);
    const base = +((el.dataset && el.dataset.headingBase) || 1);
    const h = { name, index: index > 0 ? index : ++hostIndex, el, doc: el.ownerDocument, nodes: [], listens: [], types: new Map(),
      outline: false, headingBase: base >= 0 && base <= 5 ? base : 1, shows: new Map(), typing: null };
    hosts.set(name, h);
    for (const t of DEFAULT_TYPES) delegate(h, t);
    startTracking();
    return h.index;
  }

  function detach(name) {
    const h = hosts.get(name);
    if (h === undefined) return;
    for (const [t, fn] of h.types) h.el.removeEventListener(t, fn, { capture: true });
    h.el.replaceChildren();
    hosts.delete(name);
  }

  globalThis.__a2uiRuntime = Object.freeze({
    attach,
    detach,
    apply,
    setEventHandler(fn) { onEvent = typeof fn === "function" ? fn : null; },
    // setInput(exports) gives the runtime Go's a2uiInput, a2uiInputBuf, mem and a2uiWarm
    // (web/a2ui.js, once main() is up; the functions guarded against a dead instance), or null.
    setInput(x) {
      fast = x && utf8enc && typeof x.input === "function" && typeof x.buf === "function" && x.mem ?
        { input: x.input, buf: x.buf, mem: x.mem, ptr: 0, cap: 0 } : null;
      warmFn = x && typeof x.warm === "function" ? x.warm : null;
      if (warmState === 2) warmState = 0; // a fresh instance: it has not warmed
    },
    factory(tag, fn) {
      if (typeof tag === "string" && tag.startsWith(FACTORY_PREFIX) && typeof fn === "function") factories.set(tag, fn);
    },
    reset() { for (const name of Array.from(hosts.keys())) detach(name); onEvent = null; fast = null; warmFn = null; },
    node(name, id) { const h = hosts.get(name); return h ? h.nodes[id] : undefined; },
    rearming(el) { return !!el && rearmingAt(el, performance.now()); },
    echoable: (v) => typeof v === "string" && echoable(v),
    stats,
  });
})();
