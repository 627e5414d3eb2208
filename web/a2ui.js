// a2ui.js: the one-script-tag loader of the A2UI Go/WebAssembly renderer.
//
//   <script src="https://host/path/a2ui.js" defer></script>
//   <a2ui-renderer src="/agent/stream" action-url="/agent/action"></a2ui-renderer>
//
// `make build` bundles this file before wasm_exec.js and a2ui-runtime.js into dist/a2ui.js,
// with a2ui.css inlined below (internal/tools/bundle): a page copies dist/a2ui.js and
// dist/a2ui.wasm and nothing else. The loader resolves a2ui.wasm relative to its own URL,
// compiles the module while the first stream is already being fetched, and exposes
//   window.A2UI.ready             Promise<A2UI> resolved once the Go runtime is up
//   A2UI.mount(element, options)  -> renderer {process, connect, send, flush, dataModel,
//                                   surfaces, capabilities, destroy, ready}, at once (calls
//                                   queue until the runtime is up)
//   <a2ui-renderer prerendered> with a declarative shadow root and a <script
//                                   type="application/a2ui+jsonl"> child (`a2ui prerender`):
//                                   shown at parse time, taken over once the runtime has
//                                   rendered the inline stream (see prerendered() below)
//   A2UI.defineCatalog(catalog)   a catalog of the page's own components (custom elements or
//                                   factories) and functions for every renderer mounted
//                                   after it; options.catalogs: the same for one renderer
//                                   (README "Custom components from JS")
//   <a2ui-renderer agent="https://agent.example/" transport="a2a" message="hi"> (A2A agent)
//   <a2ui-renderer agent="https://host/agent/default/run" transport="agui" message="hi">
//                                   (AG-UI agent: one run per turn or action, same thread)
//   <a2ui-renderer agent="https://host/mcp" transport="mcp" resource="a2ui://form"> (MCP
//                                   server; or tool="name" arguments='{…}')
//                                   options.profile ("default", "strict") and options.policy
//                                   (object or JSON string) set the trust policy; an invalid
//                                   one fails closed: nothing renders, ready rejects, an
//                                   a2ui-error {code: "POLICY_INVALID"} fires.
//                                   options.functions (attribute functions="web_core") opts
//                                   in to web_core's extra functions (add, equals, contains…).
// Events on the mounted element: a2ui-ready (first), then a2ui-action, a2ui-action-failed,
// a2ui-conflict, a2ui-error, a2ui-surface, a2ui-stream, a2ui-fatal (CustomEvent, detail JSON).
// If the Go runtime dies (exit, panic, trap), every renderer fires a2ui-fatal, shows a
// notice, and comes back on a fresh runtime instance, re-opening its src and GET connect()
// streams (at most 3 restarts a minute).
// No eval, no innerHTML; the only network requests are the ones the page configured
// (src, action-url, connect()) plus a2ui.wasm.
(() => {
  "use strict";
  if (typeof window === "undefined") return; // the engine's worker (web/a2ui-worker.js)
  if (window.A2UI && window.A2UI.ready) return; // loaded twice: keep the first instance

  // The npm package's ES module entry (a2ui.mjs, npm/pack.sh) is this file between a
  // prefix declaring __a2uiModule = {base, files: {name: URL}} from import.meta.url and an
  // export suffix (a module has no currentScript).
  const mod = typeof __a2uiModule === "object" ? __a2uiModule : null;
  const self = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  // A page that carries the wasm inline (make build's a2ui-mcp-app.html: an MCP App has no
  // origin to fetch from): base64 of a2ui.wasm.gz in a data block before this script.
  const inlineWasm = mod ? null : document.querySelector('script[data-a2ui-wasm="base64"]');
  const base = inlineWasm ? null : new URL(".", mod ? mod.base : (self && self.src) || location.href);
  const cfg = (!mod && self && self.dataset) || {};
  const url = (name) => (mod && mod.files[name]) || new URL(name, base).href;
  // The stylesheet (web/a2ui.css), inlined by the bundler.
  const CSS = /*a2ui:css*/"";

  // make dist rewrites WASM_FILE to the content-hashed copy (a2ui.<hash>.wasm, which
  // servers may cache as immutable); a2ui.wasm is the same file, for copies of web/.
  const WASM_FILE = "a2ui.wasm";
  const plainURL = inlineWasm ? "" : url(cfg.wasm || "a2ui.wasm");
  const wasmURL = inlineWasm ? "" : url(cfg.wasm || (mod ? "a2ui.wasm" : WASM_FILE));
  // A Content-Security-Policy without 'wasm-unsafe-eval' refuses every compile, even of
  // the empty module (an MCP App under the spec's default CSP): then nothing is fetched
  // and ready rejects saying why.
  let wasmRefused = null;
  try {
    new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
  } catch (e) {
    wasmRefused = "a2ui: this page cannot run WebAssembly (its Content-Security-Policy needs 'wasm-unsafe-eval' in script-src): " + ((e && e.message) || e);
  }
  const E = globalThis.__a2uiEngine; // web/a2ui-engine.js, before this file in the bundle
  const wasmSrc = inlineWasm ? { inline: inlineWasm.textContent } : { url: wasmURL, plainURL };
  // The engine runs in a dedicated worker where the page allows one (web/a2ui-worker.js:
  // this same script, loaded as a worker), else here: A2UI_MODE (a global set before this
  // script) or data-mode on the script element picks "main" or "worker"; "auto" (the
  // default) is a worker, unless none can be made (no Worker, an opaque origin, a CSP or
  // Trusted Types policy refusing it) or the page declared page functions, which are
  // synchronous and run on the page's thread, before the engine started. A2UI.mode says
  // which mode is live once A2UI.ready resolved.
  const wantMode = String(globalThis.A2UI_MODE || cfg.mode || "auto");
  const worker = wasmRefused || wantMode === "main" || !E ? null : makeWorker();
  // The worker's messages come in their order (q) through the worker or, right after
  // the user's input, through a BroadcastChannel of this page's own, whose messages
  // Chromium does not hold back until the next frame (web/a2ui-worker.js, send).
  let channel = null;
  if (worker && typeof BroadcastChannel === "function") {
    try {
      const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
      channel = new BroadcastChannel("a2ui-" + id);
    } catch (e) { channel = null; }
  }
  // Start the wasm download at once: in the worker (init), else here.
  if (worker) worker.postMessage({ t: "init", src: wasmSrc, godebug: cfg.godebug || "", timeOrigin: performance.timeOrigin, channel: channel ? channel.name : "" });
  const compiling = worker || wasmRefused || !E ? null : E.compile(wasmSrc);
  if (compiling) compiling.catch(() => {}); // ready reports it

  // makeWorker starts this script as a dedicated worker: from its own URL when it is of
  // this origin, else through a blob: wrapper that imports it. null when it cannot be.
  function makeWorker() {
    if (typeof Worker !== "function" || inlineWasm || location.origin === "null") return null;
    const src = mod ? new URL("a2ui.js", mod.base).href : self && self.src;
    if (!src) return null;
    let href = src;
    if (new URL(src).origin !== location.origin) {
      try {
        href = URL.createObjectURL(new Blob(["importScripts(" + JSON.stringify(src) + ");"], { type: "text/javascript" }));
      } catch (e) {
        return null;
      }
    }
    try {
      return new Worker(href, { name: "a2ui" });
    } catch (e) {
      // Trusted Types enforced: a policy of our own, which the page's CSP may refuse.
      try {
        const tt = /** @type {any} */ (window).trustedTypes;
        const pol = tt && tt.createPolicy("a2ui-worker", { createScriptURL: (u) => { if (u !== href) throw new TypeError("a2ui: not the engine's script"); return u; } });
        return pol ? new Worker(pol.createScriptURL(href), { name: "a2ui" }) : null;
      } catch (e2) {
        return null;
      }
    }
  }

  let sheet = null;
  const makeSheet = () => {
    if (!sheet) {
      const s = new CSSStyleSheet();
      s.replaceSync(CSS);
      sheet = s;
    }
  };
  // Parse the stylesheet while the wasm downloads, not in the first mount (3-8 ms there;
  // a mount before that parses it then): in an idle moment, which worker mode leaves this
  // thread plenty of while the worker starts and compiles (waiting for one keeps the
  // parse apart from the tasks that start the worker, and the page's own timers on time);
  // in main-thread mode within 30 ms, as a load from the HTTP cache has no idle period
  // before the runtime is up.
  if (window.requestIdleCallback) {
    requestIdleCallback(() => { try { makeSheet(); } catch (e) { /* adoptStyles falls back */ } }, { timeout: worker ? 1000 : 30 });
  }
  function adoptStyles(shadow) {
    try {
      makeSheet();
      if (!shadow.adoptedStyleSheets.includes(sheet)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    } catch (e) {
      // Older engines: a <style> element inside the shadow root (textContent, not HTML).
      if (shadow.querySelector("style[data-a2ui]")) return;
      const st = document.createElement("style");
      st.dataset.a2ui = "";
      st.textContent = CSS;
      shadow.prepend(st);
    }
  }

  // openUrl needs a fresh user interaction: a trusted pointer, key or touch event arms
  // one opening within 5 s (besides navigator.userActivation, where supported), so an
  // agent answering one click with several openUrl calls opens one window at most.
  let armedAt = -Infinity;
  for (const t of ["pointerdown", "keydown", "click", "touchend"]) {
    window.addEventListener(t, (e) => { if (e.isTrusted) armedAt = performance.now(); }, { capture: true, passive: true });
  }

  // The page's catalogs (A2UI.defineCatalog), their host functions by key (see declare).
  const pageCatalogs = [];
  const hostFns = new Map();
  let nextKey = 1;
  // mode: where the engine runs ("main" or "worker"), set before ready resolves.
  const A2UI = { ready: null, mount, defineCatalog, mode: undefined };

  // ---- the engine ---------------------------------------------------------------------
  // engine is the live engine: {create(hooks, options) → Go renderer, or a Promise of its
  // proxy in worker mode}. mounts are the live renderers' recovery hooks.
  let engine = null, module = null;
  const mounts = new Set();
  const restarts = [];
  let mode = null; // "main" | "worker" once decided

  // fatal handles the death of engine e (once): every renderer reports it and shows a
  // notice, then all come back on a fresh Go instance (at most 3 restarts a minute).
  function fatal(e, reason) {
    if (e !== engine || e.dead) return;
    e.dead = true;
    engine = null;
    console.error("a2ui: the Go runtime stopped (" + reason + ")");
    try { window.__a2uiRuntime.reset(); } catch (err) { /* no runtime script */ }
    const now = Date.now();
    while (restarts.length && now - restarts[0] > 60000) restarts.shift();
    const again = restarts.length < 3 && (!!module || mode === "worker"); // crashing in a loop: stay down
    for (const m of mounts) m.die(reason, again);
    if (!again) return;
    restarts.push(now);
    setTimeout(async () => {
      try {
        const next = mode === "worker" ? await startWorkerEngine("restart") : await startMainEngine();
        for (const m of Array.from(mounts)) await m.revive(next);
      } catch (err) {
        console.error("a2ui: restarting the runtime failed", err);
      }
    }, 0);
  }

  // startMainEngine runs a Go instance on this thread (main-thread mode).
  async function startMainEngine() {
    const e = { dead: false, create: null };
    const inst = await E.start(module, cfg.godebug || "", (reason) => fatal(e, reason));
    e.create = (hooks, options) => inst.api.create(hooks, options);
    engine = e;
    return e;
  }

  // ---- worker mode: the page's side -------------------------------------------------
  // The worker (web/a2ui-worker.js) runs Go; here the runtime applies its op batches and
  // forwards the events, and each renderer is a proxy whose synchronous reads (dataModel,
  // surfaces, capabilities) answer from the mirror the worker sends after its frames.
  const wmounts = new Map(); // mount id -> {hooks, x: mirror, created: resolve}
  const waiting = new Map(); // promise id -> {resolve, reject}
  let nextId = 0, goStats = {};
  const toWorker = (m) => worker.postMessage(m);
  const promised = (m) => new Promise((resolve, reject) => {
    const p = ++nextId;
    waiting.set(p, { resolve, reject });
    toWorker(Object.assign(m, { p }));
  });
  let workerUp = null; // resolve of the pending start
  let workerHello = null, workerCompiled = null, workerModule = null;
  const workerEvents = (...a) => toWorker({ t: "event", a });

  async function startWorkerEngine(how) {
    const e = { dead: false, create: null };
    await new Promise((resolve, reject) => {
      workerUp = { resolve, reject };
      const hooks = /** @type {any} */ (window).__a2uiTestHooks;
      // channelDelay (ms): the worker holds back what it sends through the channel, so
      // that the loader's tests see later messages overtake it.
      toWorker({ t: how, testHooks: !!hooks, channelDelay: (hooks && Number(hooks.channelDelay)) || 0 });
    });
    window.__a2uiRuntime.setEventHandler(workerEvents);
    // The update warm-up (webhost/warm.go) runs in the worker when this page is idle after
    // its first op batch, as in main-thread mode: not while the page lays out and paints
    // that batch, which would share the machine's cores with it.
    window.__a2uiRuntime.setInput({ warm: () => { toWorker({ t: "warm" }); return 1; } });
    e.create = (hooks, options) => new Promise((resolve) => {
      const m = ++nextId;
      const w = { hooks, hosts: new Map(), x: { models: {}, surfaces: "[]", caps: "" }, created: null };
      wmounts.set(m, w);
      w.created = (msg) => {
        if (msg.switched) { // the engine moved to this thread meanwhile: create it there
          resolve({ switched: true });
          return;
        }
        if (typeof msg.error === "string") {
          wmounts.delete(m);
          resolve({ error: msg.error, code: msg.code });
          return;
        }
        w.x.caps = msg.caps;
        resolve(proxyRenderer(m, w, msg));
      };
      toWorker({ t: "create", m, options, intl: hooks.intl, sendAction: typeof hooks.sendAction === "function" });
    });
    engine = e;
    return e;
  }

  function proxyRenderer(m, w, msg) {
    const call = (fn, extra) => toWorker(Object.assign({ t: "call", m, fn }, extra));
    return {
      dir: msg.dir,
      headingBase: msg.headingBase,
      process(s) { if (s) call("process", { s }); },
      attach(stream, req) { return promised({ t: "call", m, fn: "attach", stream: stream.id, req }); },
      flush() { return promised({ t: "call", m, fn: "flush" }); },
      dataModel(id) { return Object.prototype.hasOwnProperty.call(w.x.models, id) ? w.x.models[id] : null; },
      surfaces() { return w.x.surfaces; },
      capabilities() { return w.x.caps; },
      addCatalogs(s) { call("addCatalogs", { s }); },
      send(s) { call("send", { s }); },
      destroy() { call("destroy"); wmounts.delete(m); },
    };
  }

  // inOrder hands the worker's messages to fromWorker in the order the worker sent them
  // (q), whichever way each came; one that came early waits in `early` for those before
  // it. None is lost on the way: the channel carries plain data only (the worker posts
  // the compiled Module).
  let nextQ = 1, fastMessages = 0;
  const early = new Map();
  function inOrder(msg) {
    if (!msg || typeof msg.q !== "number") return;
    if (msg.q !== nextQ) {
      if (msg.q > nextQ) early.set(msg.q, msg);
      return;
    }
    for (;;) {
      nextQ++;
      deliver(msg);
      msg = early.get(nextQ);
      if (msg === undefined) return;
      early.delete(nextQ);
    }
  }
  // deliver hands msg to fromWorker; an error it throws is reported and the messages
  // after it go on.
  function deliver(msg) {
    try {
      fromWorker(msg);
    } catch (err) {
      queueMicrotask(() => { throw err; });
    }
  }
  function stopWorker() {
    worker.terminate();
    if (channel) channel.close();
    channel = null;
  }

  function fromWorker(msg) {
    const rt = window.__a2uiRuntime;
    switch (msg.t) {
      case "batch": // one task's messages of the worker: handled in this one task
        for (const m of msg.list) deliver(m);
        return;
      case "ops":
        for (const b of msg.b) {
          const err = rt.apply(new Uint8Array(b.buffer || b));
          if (err) console.error("a2ui: patch failed: " + err);
        }
        return;
      case "attach": { // hooks.host runs once per surface, as Go calls it once
        const w = wmounts.get(msg.m);
        if (!w) return;
        const el = w.hosts.get(msg.id) || w.hooks.host(msg.id);
        w.hosts.set(msg.id, el);
        rt.attach(msg.name, el, msg.index);
        return;
      }
      case "detach": rt.detach(msg.name); return;
      case "style": {
        const w = wmounts.get(msg.m);
        const el = w && w.hosts.get(msg.id);
        if (el) el.style.setProperty(msg.name, msg.value);
        return;
      }
      case "hook": {
        const w = wmounts.get(msg.m);
        if (!w) return;
        if (msg.fn === "sendAction") {
          Promise.resolve().then(() => w.hooks.sendAction(msg.args[0], msg.args[1])).then(
            () => toWorker({ t: "settle", p: msg.p, ok: true }),
            (err) => toWorker({ t: "settle", p: msg.p, ok: false, error: String((err && err.message) || err) }));
          return;
        }
        if (msg.fn === "openURL") {
          // The worker saw the user's gesture; the page opens only within its own.
          if (!w.hooks.openURL(msg.args[0])) {
            w.hooks.emit("a2ui-error", JSON.stringify({ error: { code: "POLICY_DENIED", message: "openUrl refused: no user gesture" } }));
          }
          return;
        }
        if (msg.fn === "removeHost") w.hosts.delete(msg.args[0]);
        w.hooks[msg.fn](...msg.args);
        return;
      }
      case "stats": goStats = msg.stats; return;
      case "marks": // the engine's user-timing marks, on this page's clock
        for (const [name, at] of msg.marks) {
          try { performance.mark(name, { startTime: Math.max(0, at - performance.timeOrigin) }); } catch (e) { /* no User Timing L3 */ }
        }
        return;
      case "mirror": mirrored(msg); return;
      case "settled": {
        const p = waiting.get(msg.p);
        if (!p) return;
        waiting.delete(msg.p);
        if (msg.ok) p.resolve(undefined);
        else p.reject(new Error(msg.error));
        return;
      }
      case "created": {
        const w = wmounts.get(msg.m);
        if (w) w.created(msg);
        return;
      }
      case "hello": if (workerHello) workerHello(true); return;
      case "compiled": if (workerCompiled) workerCompiled.resolve(); return;
      case "module": if (workerModule) workerModule(msg.module); return;
      case "up": if (workerUp) { workerUp.resolve(); workerUp = null; } return;
      case "failed":
        if (workerUp) { workerUp.reject(new Error(msg.error)); workerUp = null; }
        if (workerCompiled) workerCompiled.reject(new Error(msg.error));
        return;
      case "fatal":
        for (const p of waiting.values()) p.reject(new Error("a2ui: the renderer's runtime stopped (" + msg.reason + ")"));
        waiting.clear();
        wmounts.clear();
        fatal(engine, msg.reason);
        return;
    }
  }

  // mirrored takes a renderer's mirror update from the worker.
  function mirrored(msg) {
    const w = wmounts.get(msg.m);
    if (!w) return;
    if (msg.surfaces !== undefined) {
      w.x.surfaces = msg.surfaces;
      const ids = JSON.parse(msg.surfaces);
      for (const id of Object.keys(w.x.models)) if (!ids.includes(id)) delete w.x.models[id];
    }
    Object.assign(w.x.models, msg.models);
    if (msg.caps !== undefined) w.x.caps = msg.caps;
  }

  // toMainThread moves the engine from the worker to this thread, once: page functions
  // (synchronous, the page's own) arrived after it started in the worker. The worker hands
  // its compiled module over; the live renderers come back on the new engine as after a
  // restart (their src and GET connect() streams are opened again), without a notice.
  let switching = null;
  function toMainThread() {
    if (mode !== "worker") return Promise.resolve(engine);
    if (!switching) switching = (async () => {
      module = await new Promise((resolve) => { workerModule = resolve; toWorker({ t: "module" }); });
      stopWorker();
      const old = engine;
      if (old) old.dead = true;
      for (const p of waiting.values()) p.reject(new Error("a2ui: the engine moved to the page's thread"));
      waiting.clear();
      const moved = Array.from(wmounts.values());
      wmounts.clear();
      try { window.__a2uiRuntime.reset(); } catch (err) { /* no runtime script */ }
      mode = "main";
      A2UI.mode = "main";
      const e = await startMainEngine();
      for (const w of moved) w.created({ switched: true });
      for (const m of Array.from(mounts)) await m.move(e);
      return e;
    })();
    return switching;
  }
  const hasFunctions = (decls) => decls.some((d) => Object.keys(d.functions).length > 0);

  // streams: a stream the page asked for (src, connect()) is fetched where the engine
  // reads it: in the worker, or here. {id, resp: Promise<Response> here, else null}.
  let modeKnown = null;
  // plainHeaders turns headers (a Headers, an array of pairs or an object) into a plain
  // object, names lower-cased: what crosses to the worker and to Go is plain data.
  const plainHeaders = (h) => Object.fromEntries(new Headers(h || {}));
  const openStream = (href, init) => { // init.headers: plainHeaders
    const s = { id: ++nextId, resp: null, ready: null };
    s.ready = modeKnown.then((m) => {
      if (m === "worker") {
        toWorker({ t: "fetch", id: s.id, url: href, init });
        return;
      }
      s.resp = fetch(href, init);
      s.resp.catch(() => {}); // reported by the renderer as an a2ui-error
    });
    return s;
  };

  // The mode: a worker that says hello is worker mode (one that fails to load, refused by
  // a CSP, is main-thread mode); it compiles the module, then starts Go unless the page
  // declared page functions meanwhile, in which case the module comes here.
  modeKnown = !worker ? Promise.resolve("main") : new Promise((resolve) => {
    workerHello = resolve;
    worker.addEventListener("message", (ev) => inOrder(ev.data));
    if (channel) {
      channel.addEventListener("message", (ev) => {
        fastMessages++;
        inOrder(ev.data);
      });
    }
    worker.addEventListener("error", (ev) => {
      if (mode === null) { ev.preventDefault(); resolve(false); }
    });
  }).then((ok) => ok ? "worker" : "main");

  // The bundle (make build) evaluates the engine and this loader first, then wasm_exec.js
  // and the DOM runtime: the download above starts before them.
  const ready = (async () => {
    if (wasmRefused) throw new Error(wasmRefused);
    if (!E) throw new Error("a2ui: load the a2ui.js that `make build` writes to dist/ (it bundles the engine, wasm_exec.js and the runtime), not web/a2ui.js");
    let m = await modeKnown;
    if (m === "worker") {
      await new Promise((resolve, reject) => { workerCompiled = { resolve, reject }; });
      if (hostFns.size > 0) {
        // Page functions run on this thread, synchronously: the engine does too.
        module = await new Promise((resolve) => { workerModule = resolve; toWorker({ t: "module" }); });
        stopWorker();
        m = "main";
      }
    } else if (worker) {
      stopWorker();
    }
    mode = m;
    A2UI.mode = m;
    if (m === "worker") {
      await startWorkerEngine("start");
      window.__a2uiGo = Object.freeze({
        stats: () => Object.assign({}, goStats, { fastMessages }), // fastMessages: through the channel
        exitForTest: () => toWorker({ t: "exitForTest" }),
      });
    } else {
      if (!module) module = await (compiling || E.compile(wasmSrc));
      await startMainEngine();
    }
    return { go: engine };
  })();
  // ---- page catalogs (A2UI.defineCatalog, options.catalogs) --------------------------
  // A declaration becomes plain JSON for Go (catalog/host.Parse, which checks the rest):
  // a factory is registered with the runtime under a generated tag, a function under a
  // key that hooks.callFunction finds.
  const plain = (v) => JSON.parse(JSON.stringify(v === undefined ? {} : v));
  function declare(c) {
    if (!c || typeof c !== "object") throw new TypeError("a2ui: a catalog is an object {catalogId, extends, components, functions}");
    if (typeof c.catalogId !== "string" || c.catalogId === "") throw new TypeError("a2ui: catalogId must be a non-empty string");
    if (c.extends !== undefined && c.extends !== null && c.extends !== "basic") throw new TypeError('a2ui: extends must be "basic" or absent');
    const comps = Object.entries(c.components || {}), fns = Object.entries(c.functions || {});
    for (const [name, d] of comps) {
      const factory = d && typeof d.create === "function";
      const tagged = d && typeof d.tag === "string" && /^[a-z][a-z0-9]*-[a-z0-9-]*$/.test(d.tag) && !d.tag.startsWith("a2ui-");
      if (factory === tagged) throw new TypeError("a2ui: component " + name + ': needs a custom element tag (lowercase, with "-") or a create function, not both');
    }
    for (const [name, f] of fns) {
      if (!f || typeof f.call !== "function") throw new TypeError("a2ui: function " + name + " needs call: (args) => value");
    }
    const out = { catalogId: c.catalogId, extends: c.extends || "", v08Default: c.v08Default === true, components: {}, functions: {} };
    for (const [name, d] of comps) {
      const comp = { props: plain(d.props), events: plain(d.events) };
      if (typeof d.create === "function") {
        comp.factory = "a2ui-factory-" + nextKey++;
        window.__a2uiRuntime.factory(comp.factory, d.create);
      } else {
        comp.tag = d.tag;
      }
      out.components[name] = comp;
    }
    for (const [name, f] of fns) {
      const key = "f" + nextKey++;
      hostFns.set(key, f.call);
      out.functions[name] = { args: plain(f.args), returns: f.returns || "any", key };
      if (typeof f.budgetMs === "number") out.functions[name].budgetMs = f.budgetMs;
    }
    return out;
  }
  // defineCatalog adds a catalog to the page: every renderer, mounted before or after,
  // binds it to the surfaces created from then on (Go: Renderer.AddCatalog). An id defined
  // twice, or a malformed declaration, throws.
  function defineCatalog(c) {
    const id = c && c.catalogId;
    if (pageCatalogs.some((x) => x.catalogId === id)) throw new Error("a2ui: catalog " + JSON.stringify(id) + " is already defined");
    const d = declare(c);
    pageCatalogs.push(d);
    if (mode === "worker" && hasFunctions([d])) { // its functions run here: so does the engine
      toMainThread().catch((err) => console.error("a2ui: moving the engine to the page's thread failed", err));
      return;
    }
    for (const m of mounts) m.addCatalog(d);
  }
  // callFunction runs host function key with the JSON arguments (Go calls it on its UI
  // goroutine): {v} with the result, or {error}.
  function callFunction(key, json) {
    const fn = hostFns.get(key);
    if (fn === undefined) return JSON.stringify({ error: "no such function" });
    try {
      const v = fn(JSON.parse(json));
      if (v !== null && typeof v === "object" && typeof v.then === "function") {
        return JSON.stringify({ error: "returned a Promise: host functions are synchronous" });
      }
      return JSON.stringify({ v: v === undefined ? null : v });
    } catch (e) {
      return JSON.stringify({ error: String((e && e.message) || e) });
    }
  }

  // absURL resolves u against the page; an unparsable URL is passed on for the renderer
  // to report (a2ui-error) rather than thrown here.
  const absURL = (u) => {
    try { return new URL(u, location.href).href; } catch (e) { return String(u); }
  };

  // prerendered manages the takeover of prerendered surfaces (`a2ui prerender`: sections
  // marked data-a2ui-prerendered in a declarative shadow root). The runtime renders each
  // such surface into a fresh, detached section; swap puts it in place of the prerendered
  // one in one task (no blank frame), after carrying the user's edits over: the value or
  // checked state of every control changed since parse time is set on the live control
  // with the same id and announced with an input/change event (so it reaches the data
  // model), and focus and selection follow. Without hold, a section is swapped as soon as
  // it has rendered content (not the loading status); with hold, when all() is called
  // (after the inline stream has been processed and flushed).
  function prerendered(shadow, hold) {
    const pending = new Map(); // surfaceId -> {pre, el, mo}
    const edits = (pre) => {
      const out = [];
      for (const c of pre.querySelectorAll("input[id], textarea[id]")) {
        const box = c.type === "checkbox" || c.type === "radio";
        if (box ? c.checked !== c.defaultChecked : c.value !== c.defaultValue) out.push([c.id, box, box ? c.checked : c.value]);
      }
      return out;
    };
    function swap(id) {
      const t = pending.get(id);
      if (!t) return;
      pending.delete(id);
      if (t.mo) t.mo.disconnect();
      if (!t.pre.isConnected) return;
      const moved = edits(t.pre);
      const a = shadow.activeElement;
      const focusId = a && a.id && t.pre.contains(a) ? a.id : "";
      const sel = focusId && typeof a.selectionStart === "number" ? [a.selectionStart, a.selectionEnd, a.selectionDirection] : null;
      t.pre.replaceWith(t.el);
      for (const [cid, box, v] of moved) {
        const c = shadow.getElementById(cid);
        if (!c || c.localName !== "input" && c.localName !== "textarea") continue;
        if (box) {
          if (c.checked === v) continue;
          c.checked = v;
          c.dispatchEvent(new Event("change", { bubbles: true }));
        } else if (c.value !== v) {
          c.value = v;
          c.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
        }
      }
      const f = focusId && shadow.getElementById(focusId);
      if (f) {
        f.focus({ preventScroll: true });
        if (sel) try { f.setSelectionRange(sel[0], sel[1], sel[2] || "none"); } catch (e) { /* no selection on this type */ }
      }
    }
    return {
      add(id, pre, el) {
        const t = { pre, el, mo: null };
        pending.set(id, t);
        if (hold) return;
        t.mo = new MutationObserver(() => {
          if (el.firstElementChild && !el.querySelector(":scope > .a2ui-loading")) swap(id);
        });
        t.mo.observe(el, { childList: true });
      },
      drop(id) {
        const t = pending.get(id);
        if (!t) return;
        pending.delete(id);
        if (t.mo) t.mo.disconnect();
        t.pre.remove();
      },
      // all swaps what is pending; a prerendered surface the runtime creates later is
      // swapped at its first content.
      all() {
        hold = false;
        for (const id of Array.from(pending.keys())) swap(id);
      },
      clear() {
        for (const t of pending.values()) if (t.mo) t.mo.disconnect();
        pending.clear();
      },
    };
  }

  // mount attaches a renderer to element and returns it at once: an open shadow root
  // (with the stylesheet adopted) holds one <section> per surface. Until the Go runtime is
  // ready, process/connect calls are queued (in order) and flush() waits; renderer.ready
  // resolves once it is live. The element gets a2ui-ready then, before the queued calls
  // run, so before any a2ui-surface/-action/-error of this renderer.
  // (`await A2UI.mount(...)` works as well: the renderer is not a thenable.)
  function mount(element, options) {
    options = options || {};
    const shadow = element.shadowRoot || element.attachShadow({ mode: "open" });
    if (options.theme && !element.hasAttribute("theme")) element.setAttribute("theme", String(options.theme));
    const locale = options.locale || element.getAttribute("locale") || document.documentElement.lang || navigator.language || "en-US";
    const dir = options.dir || element.getAttribute("dir") || "";
    const headingGiven = options.headingLevel !== undefined || element.hasAttribute("heading-level");
    const hl = Number(options.headingLevel !== undefined ? options.headingLevel : element.getAttribute("heading-level") || 1);
    let headingBase = Number.isInteger(hl) && hl >= 0 && hl <= 5 ? hl : 1;
    // label: the surfaces' region name, a string or {surfaceId: name}; else their first heading.
    const labelOf = (id) => {
      const l = options.label !== undefined ? options.label : element.getAttribute("label");
      if (typeof l === "string") return l;
      return l && typeof l === "object" && typeof l[id] === "string" ? l[id] : "";
    };
    let wrap = shadow.querySelector(".a2ui-root");
    if (!wrap) {
      wrap = document.createElement("div");
      wrap.className = "a2ui-root";
      wrap.setAttribute("part", "root");
      shadow.appendChild(wrap);
    }
    adoptStyles(shadow);
    const takeover = prerendered(shadow, !!options._holdPrerendered);
    // This renderer's own catalogs; the page's are read when the runtime creates it, and
    // those defined later are added to the live renderer (addCatalog below). known: the
    // page catalogs the Go renderer has.
    const own = (options.catalogs || []).map(declare);
    let known = new Set();
    const defaultCatalog = String(options.defaultCatalog || element.getAttribute("default-catalog") || "");
    const hooks = {
      callFunction,
      // emit is called by Go (UI goroutine, never blocking) with an event type and JSON detail.
      emit(type, json) {
        let detail = json;
        try { detail = JSON.parse(json); } catch (e) { /* keep the string */ }
        element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
      },
      // host returns the container element for a surface, creating it on first use.
      host(surfaceId) {
        let el = null, pre = null;
        for (const s of wrap.children) {
          if (s.dataset.surfaceId !== surfaceId) continue;
          if (s.hasAttribute("data-a2ui-prerendered")) pre = s;
          else el = s;
        }
        if (!el) {
          el = document.createElement("section");
          el.className = "a2ui-surface";
          el.dataset.surfaceId = surfaceId;
          el.dataset.headingBase = String(headingBase);
          const label = labelOf(surfaceId);
          if (label) el.dataset.label = label;
          // A prerendered surface stays on screen while the runtime renders off-screen.
          if (pre) takeover.add(surfaceId, pre, el);
          else wrap.appendChild(el);
        }
        return el;
      },
      removeHost(surfaceId) {
        takeover.drop(surfaceId);
        for (const s of Array.from(wrap.children)) if (s.dataset.surfaceId === surfaceId) s.remove();
      },
      // notice shows the agent connection's message (an A2A error, a failed task) above
      // the surfaces; "" removes it.
      notice(text) {
        let el = wrap.querySelector(":scope > .a2ui-notice");
        if (!text) {
          if (el) el.remove();
          return;
        }
        if (!el) {
          el = document.createElement("div");
          el.className = "a2ui-status a2ui-notice";
          el.setAttribute("role", "alert");
          wrap.prepend(el);
        }
        el.textContent = text;
      },
      // activity shows an AG-UI slot's generation lifecycle (transport "agui") where its
      // surface will paint: json {status, text, detail, exposure, alert} from Go; null
      // removes it. A failure is an alert, the rest a status with a skeleton while building.
      activity(id, json) {
        let el = null;
        for (const c of wrap.children) if (c.dataset.activityId === id) el = c;
        if (json === null) {
          if (el) el.remove();
          return;
        }
        const a = JSON.parse(json);
        if (!el) {
          el = document.createElement("div");
          el.dataset.activityId = id;
          wrap.appendChild(el);
        }
        el.className = "a2ui-status a2ui-activity a2ui-activity-" + a.status;
        el.setAttribute("role", a.alert ? "alert" : "status");
        el.setAttribute("aria-busy", String(a.status === "building"));
        const kids = [];
        if (a.status === "building") {
          const sk = document.createElement("div");
          sk.className = "a2ui-skeleton";
          sk.setAttribute("aria-hidden", "true");
          for (let i = 0; i < 3; i++) sk.appendChild(document.createElement("span"));
          kids.push(sk);
        }
        const p = document.createElement("p");
        p.className = "a2ui-activity-text";
        p.textContent = a.text;
        kids.push(p);
        if (a.detail) {
          const d = document.createElement(a.exposure === "collapsed" ? "details" : "div");
          d.className = "a2ui-activity-detail";
          if (a.exposure === "collapsed") {
            const sum = document.createElement("summary");
            sum.textContent = "Details";
            d.appendChild(sum);
          }
          const pre = document.createElement("pre");
          pre.textContent = a.detail;
          d.appendChild(pre);
          kids.push(d);
        }
        el.replaceChildren(...kids);
      },
      // openURL opens u only while the page has a user activation (a click in the last
      // few seconds), once per interaction; it returns whether it did, and Go reports a
      // refusal.
      openURL(u) {
        const ua = navigator.userActivation;
        if ((ua && !ua.isActive) || performance.now() - armedAt > 5000) return false;
        armedAt = -Infinity; // one window per interaction
        // options.openURL: the page opens it (an MCP App asks its host: ui/open-link).
        if (typeof options.openURL === "function") {
          try { options.openURL(u); } catch (e) { (window.reportError || console.error)(e); return false; }
          return true;
        }
        const w = window.open(u, "_blank", "noopener,noreferrer");
        if (w) w.opener = null;
        return true;
      },
      // sendAction(body, actionId): without an actionURL, options.sendAction delivers the
      // action (webhost/pageaction.go): the Button is busy until its promise settles and
      // shows the failure, with Retry, if it rejects; what it resolves with (messages, as
      // for process()) is applied like an action POST's answer.
      sendAction: typeof options.sendAction !== "function" ? null : (body, actionId) =>
        new Promise((resolve) => resolve(options.sendAction(JSON.parse(body), { actionId }))).then((reply) => {
          if (reply !== undefined && reply !== null && !dead) api.process(reply);
        }),
      intl: locale,
    };
    // Held lines: while the Go side has a frame pending (it sets hooks.hold), process()
    // does not call into Go: the payload is appended here, UTF-8 with a 4-byte length,
    // and the frame takes every held payload in one call (hooks.take) before it renders.
    // A stream of one message per task then costs one crossing per frame, not per message.
    let held = null, heldLen = 0;
    const utf8 = new TextEncoder();
    hooks.hold = false;
    hooks.take = () => {
      if (heldLen === 0) return null;
      const b = held.subarray(0, heldLen); // Go copies it before any JS runs again
      heldLen = 0;
      return b;
    };
    const hold = (s) => {
      const need = heldLen + 4 + 3 * s.length; // at most 3 bytes per UTF-16 unit
      if (held === null || held.length < need) {
        const grown = new Uint8Array(Math.max(need, held === null ? 16384 : 2 * held.length));
        if (held !== null) grown.set(held.subarray(0, heldLen));
        held = grown;
      }
      const n = utf8.encodeInto(s, held.subarray(heldLen + 4)).written;
      held[heldLen] = n & 255;
      held[heldLen + 1] = (n >>> 8) & 255;
      held[heldLen + 2] = (n >>> 16) & 255;
      held[heldLen + 3] = n >>> 24;
      heldLen += 4 + n;
    };
    // HOLD_MAX: a larger payload goes to Go at once (after the held ones, which Go's
    // process takes first), so the buffer stays small.
    const HOLD_MAX = 1 << 16;
    let r = null; // the Go renderer, once the runtime is up
    let dead = false;
    let failure = null; // the policy error when the renderer failed closed
    const queue = [];
    // Calls run at once when live and nothing waits before them, else in order after the queue.
    const later = (f) => (r && !queue.length ? f() : queue.push(f));
    const live = () => {
      if (dead) throw new Error(failure ? "a2ui: " + failure : "a2ui: renderer destroyed");
    };
    let policy = options.policy;
    if (policy !== undefined && policy !== null && typeof policy !== "string") policy = JSON.stringify(policy);
    // streams are the ones to re-open on a fresh runtime: open() fetches again.
    const streams = [];
    const pending = new Set(); // reject functions of unsettled connect() promises
    // attachStream hands stream s (openStream) to the Go renderer.
    const attachStream = (s, req) => s.ready.then(() => {
      if (!r) throw new Error("a2ui: the renderer's runtime stopped");
      return r.attach(mode === "worker" ? s : s.resp, req);
    });
    // req describes the request ({url, method, headers, transport, reconnect}) so the
    // stream can open it again (SSE reconnection, Retry).
    const attach = (s, req, open) => {
      if (open) streams.push({ open, req });
      return new Promise((resolve, reject) => {
        const settle = (f) => (x) => { pending.delete(reject); f(x); };
        pending.add(reject);
        later(() => attachStream(s, req).then(settle(resolve), settle(reject)));
      });
    };
    let started = false;
    // create makes the Go renderer: at once on this thread, through a message in worker
    // mode (then it returns a promise).
    const create = (go) => {
      if (mode === "worker" && hasFunctions(own)) return toMainThread().then(create); // see toMainThread
      // The options cross to Go (and in worker mode to the worker) as one JSON text
      // (internal/mountopts parses it).
      const created = go.create(hooks, JSON.stringify({
        actionURL: options.actionURL || options.actionUrl || "",
        headers: typeof Headers === "function" && options.headers instanceof Headers ? Object.fromEntries(options.headers) : options.headers || {},
        trustedClicksOnly: !!options.trustedClicksOnly,
        inlineCatalogs: !!options.inlineCatalogs,
        actionTimeout: options.actionTimeout || 0,
        renderBudget: options.renderBudget || 0,
        messages: options.messages ? JSON.stringify(options.messages) : "",
        dir,
        // transport "a2a": an A2A agent (its base URL or card URL), optional first message;
        // "agui": an AG-UI run endpoint, optional first message, agui {tools, context, forwardedProps}.
        transport: options.transport || "",
        agui: options.agui ? JSON.stringify(options.agui) : "",
        agent: options.agent ? absURL(options.agent) : "",
        message: started ? "" : options.message || "", // a restart does not repeat the first turn
        // transport "mcp": a resource to read and a tool to call (arguments: an object or
        // its JSON); a restart reads the resource again but does not repeat the call.
        resource: options.resource || "",
        tool: started ? "" : options.tool || "",
        arguments: typeof options.arguments === "string" ? options.arguments
          : options.arguments === undefined || options.arguments === null ? "" : JSON.stringify(options.arguments),
        profile: options.profile === undefined || options.profile === null ? "" : String(options.profile),
        policy: policy || "",
        // opt-in function sets, e.g. ["web_core"] (an array or a space-separated string)
        functions: Array.isArray(options.functions) ? options.functions.join(" ") : String(options.functions || ""),
        baseURL: location.href,
        // "openwop": render only OpenWOP ui.a2ui-surface envelopes; actions become
        // a2ui-openwop-action events for the targets options.openwop declares.
        openwop: options.openwop || {},
        // caps (policy.LimitNames) over the policy's "limits"; checked like it (fails closed)
        limits: options.limits ? JSON.stringify(options.limits) : "",
        catalogs: JSON.stringify(pageCatalogs.concat(own)),
        defaultCatalog,
      }));
      return created && typeof created.then === "function" ? created.then(created2) : created2(created);
    };
    const created2 = (created) => {
      if (created && created.switched) return toMainThread().then(create);
      known = new Set(pageCatalogs);
      started = true;
      if (created && typeof created.error === "string") {
        // Fail closed: no renderer, a visible notice, an error event, ready rejects.
        dead = true;
        failure = created.error;
        queue.length = 0;
        mounts.delete(recovery);
        const note = document.createElement("div");
        note.className = "a2ui-status a2ui-policy-invalid";
        note.setAttribute("role", "alert");
        note.textContent = (created.code === "POLICY_INVALID" ? "This renderer's policy is invalid: " : "This renderer's catalogs are invalid: ") + created.error;
        wrap.replaceChildren(note);
        hooks.emit("a2ui-error", JSON.stringify({ error: { code: created.code, message: created.error } }));
        throw new Error("a2ui: " + created.error);
      }
      if (dead) { // destroyed while the worker created it
        created.destroy();
        return;
      }
      r = created;
      hooks.hold = false; // a fresh runtime has no frame pending
      // Without a heading-level from the page, the policy's heading base (strict: 3)
      // decides where the surfaces' outline starts.
      if (!headingGiven) headingBase = Math.max(1, r.headingBase | 0);
      wrap.setAttribute("dir", r.dir || "ltr");
      wrap.setAttribute("lang", locale);
    };
    let notice = null;
    const recovery = {
      // addCatalog: a page catalog defined after the mount, for the surfaces created next.
      addCatalog(d) {
        later(() => {
          if (dead || !r || known.has(d)) return;
          known.add(d);
          r.addCatalogs(JSON.stringify([d]));
        });
      },
      die(reason, again) {
        r = null;
        takeover.clear();
        for (const rej of pending) rej(new Error("a2ui: the renderer's runtime stopped (" + reason + ")"));
        pending.clear();
        notice = document.createElement("div");
        notice.className = "a2ui-status a2ui-fatal";
        notice.setAttribute("role", "alert");
        notice.setAttribute("part", "fatal");
        notice.textContent = again ? "The renderer stopped unexpectedly; restarting…" : "The renderer stopped unexpectedly.";
        wrap.replaceChildren(notice);
        element.dispatchEvent(new CustomEvent("a2ui-fatal", { detail: { reason }, bubbles: true, composed: true }));
      },
      // move: the engine moved to this thread (toMainThread); a renderer not yet created
      // is created there by its pending create.
      async move(go) {
        if (dead || !r) return;
        r = null;
        takeover.clear();
        for (const rej of pending) rej(new Error("a2ui: the engine moved to the page's thread"));
        pending.clear();
        wrap.replaceChildren();
        await recovery.revive(go);
      },
      async revive(go) {
        if (dead) return;
        const c = create(go);
        if (c && typeof c.then === "function") await c;
        if (dead || !r) return;
        if (notice) {
          notice.setAttribute("role", "status");
          notice.textContent = "The renderer restarted after an unexpected stop.";
        }
        // A prerendered element's inline stream, then the streams, as on the first start.
        for (const line of options._inline || []) r.process(line);
        for (const s of streams) {
          const p = attachStream(s.open(), s.req);
          p.catch(() => {}); // reported as a2ui-error
        }
        if (heldLen) r.process(""); // payloads held for the runtime that stopped
        for (const f of queue.splice(0)) f();
      },
    };
    mounts.add(recovery);
    const whenLive = ready.then(async () => {
      if (switching) await switching; // the engine is moving to this thread
      const go = engine; // the live one (a restart or a move replaces it)
      if (dead || !go || go.dead) return;
      const c = create(go); // at once on this thread: the renderer is live in this task
      if (c && typeof c.then === "function") await c;
      if (dead) return;
      // Ready first (a listener's own calls queue behind the earlier ones), then the queue.
      element.dispatchEvent(new CustomEvent("a2ui-ready", { bubbles: true, composed: true }));
      while (queue.length && !dead) {
        try { queue[0](); } catch (e) { (window.reportError || console.error)(e); }
        queue.shift();
      }
    });
    whenLive.catch(() => {}); // reported above; api.ready carries the rejection
    const api = {
      element,
      ready: whenLive.then(() => api.element),
      // process: one message object, an array of them, or a JSONL (or single JSON) string.
      process(x) {
        live();
        const s = typeof x === "string" ? x : JSON.stringify(x);
        later(() => (hooks.hold && s.length <= HOLD_MAX ? hold(s) : r.process(s)));
        return api;
      },
      // connect streams url (transport "jsonl" | "sse"); resolves when the stream ends
      // for good, rejects when it fails (HTTP error status, network error). An SSE stream
      // fetched with GET reconnects after a drop (EventSource semantics) unless
      // o.reconnect is false; a2ui-stream events report its state.
      connect(u, o) {
        live();
        o = o || {};
        // Headers as a plain object: they cross to the worker and to Go (reconnection, Retry).
        const init = { method: o.method || "GET", headers: plainHeaders(o.headers) };
        if (o.body !== undefined) init.body = typeof o.body === "string" ? o.body : JSON.stringify(o.body);
        const href = new URL(u, location.href).href;
        const resp = openStream(href, init); // starts now (or once the mode is known), read once live
        const req = Object.assign({}, init, { url: href, transport: o.transport || "", reconnect: o.reconnect !== false });
        // A GET stream is re-opened on a fresh runtime; a POST is not re-sent.
        return attach(resp, req, init.method.toUpperCase() === "GET" ? () => openStream(href, init) : null);
      },
      // send starts a turn with the agent (transport "a2a" or "agui") carrying text.
      send(text) {
        live();
        if (options.transport === "mcp") throw new Error('a2ui: send() is not available with transport "mcp": MCP has no user turns (actions call the server\'s tools)');
        if (options.transport !== "a2a" && options.transport !== "agui") throw new Error('a2ui: send() needs transport "a2a" or "agui"');
        later(() => r.send(String(text)));
        return api;
      },
      flush() {
        return whenLive.then(() => (dead || !r ? undefined : r.flush()));
      },
      dataModel(surfaceId) {
        if (dead || !r) return undefined;
        if (heldLen) r.process(""); // apply the held lines first
        const j = r.dataModel(surfaceId);
        return j ? JSON.parse(j) : undefined;
      },
      surfaces() {
        if (dead || !r) return [];
        if (heldLen) r.process("");
        return JSON.parse(r.surfaces());
      },
      // capabilities: the a2uiClientCapabilities object to send to agents (A2A metadata).
      capabilities() { return r ? JSON.parse(r.capabilities()) : undefined; },
      destroy() {
        if (dead) return;
        dead = true;
        queue.length = 0;
        heldLen = 0;
        mounts.delete(recovery);
        if (r) r.destroy();
      },
      // _attach(stream, req, open): a stream of openStream (the element's src).
      _attach(stream, req, open) {
        live();
        return attach(stream, req, open);
      },
      // _takeover swaps every prerendered surface the runtime has rendered for its live one.
      _takeover() { takeover.all(); },
    };
    api.ready.catch(() => {}); // a policy failure is reported as a2ui-error; awaiting ready still sees it
    return api;
  }

  A2UI.ready = ready.then(() => A2UI);
  window.A2UI = A2UI;

  class A2UIRenderer extends HTMLElement {
    static get observedAttributes() { return ["src", "agent", "profile", "policy", "functions", "resource", "tool", "arguments"]; }
    connectedCallback() { this._start(); }
    attributeChangedCallback(name, oldV, newV) { if (this._renderer && oldV !== newV) this._start(); }
    disconnectedCallback() {
      if (this._renderer) this._renderer.destroy();
      this._renderer = null;
      this._mounting = null;
    }
    get renderer() { return this._renderer || null; }
    _start() {
      // Prerendered (`a2ui prerender`) and parsed after a synchronous loader: its declarative
      // shadow root and inline stream come after this callback; start once they are parsed.
      if (this.hasAttribute("prerendered") && !this._renderer && document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", () => { if (this.isConnected && !this._renderer) this._start(); }, { once: true });
        return;
      }
      const transport = this.getAttribute("transport") || "";
      const agent = transport === "a2a" || transport === "agui" || transport === "mcp" ? this.getAttribute("agent") : null;
      const src = agent ? null : this.getAttribute("src");
      // Fetch the stream now, in parallel with the wasm compile.
      const href = src ? new URL(src, location.href).href : "";
      const headers = { Accept: "application/jsonl, text/event-stream" };
      const open = () => openStream(href, { headers });
      const resp = src ? open() : null;
      const prev = this._mounting;
      this._mounting = (async () => {
        if (prev) { try { (await prev).destroy(); } catch (e) { /* ignore */ } }
        const opts = !agent ? { actionURL: this.getAttribute("action-url") || "" }
          : transport === "mcp" ? { transport, agent, resource: this.getAttribute("resource") || "",
            tool: this.getAttribute("tool") || "", arguments: this.getAttribute("arguments") || "" }
          : { transport, agent, message: this.getAttribute("message") || "" };
        if (this.getAttribute("trusted-clicks-only") !== null) opts.trustedClicksOnly = true;
        if (this.getAttribute("inline-catalogs") !== null) opts.inlineCatalogs = true;
        opts.actionTimeout = Number(this.getAttribute("action-timeout")) || 0;
        if (this.hasAttribute("profile")) opts.profile = this.getAttribute("profile");
        if (this.hasAttribute("policy")) opts.policy = this.getAttribute("policy");
        if (this.hasAttribute("functions")) opts.functions = this.getAttribute("functions");
        const targets = (this.getAttribute("targets") || "").split(/\s+/).filter(Boolean);
        opts.openwop = { targets, approval: this.getAttribute("approval") !== null };
        // A prerendered page (`a2ui prerender`) carries its stream inline: the runtime
        // renders it off-screen and takes the prerendered surfaces over once it is flushed.
        const inline = this.querySelector(':scope > script[type="application/a2ui+jsonl"]');
        if (inline) {
          opts._holdPrerendered = true;
          opts._inline = inline.textContent.split("\n").filter((line) => line.trim());
        }
        const r = mount(this, opts);
        this._renderer = r;
        if (inline) {
          // One process() per line: each is one task, so flush() runs after all of them.
          for (const line of opts._inline) r.process(line);
          r.flush().then(() => r._takeover(), () => {});
        }
        if (resp) r._attach(resp, { url: href, method: "GET", headers, transport, reconnect: this.getAttribute("reconnect") !== "off" }, open).catch(() => {}); // a2ui-error tells
        // mount dispatched a2ui-ready (not for an invalid policy: a2ui-error already fired).
        try { await r.ready; } catch (e) { return r; }
        return r;
      })();
    }
  }
  if (!customElements.get("a2ui-renderer")) customElements.define("a2ui-renderer", A2UIRenderer);
})();
