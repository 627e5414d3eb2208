// a2ui-worker.js: the engine's side of worker mode. The same dist/a2ui.js, loaded as a
// dedicated worker by web/a2ui.js, runs this part only: it compiles and runs the Go engine
// here, off the page's main thread, and gives Go the two JS objects it talks to, built
// from messages instead of the DOM:
//  - globalThis.__a2uiRuntime: attach/detach/apply as web/a2ui-runtime.js has them;
//    apply copies each op batch and posts the batches of one task in one message, the
//    buffers transferred; the page's runtime applies them and sends the events back.
//  - each renderer's hooks (emit, host, removeHost, notice, activity, openURL, sendAction,
//    callFunction, hold/take): posted to the page, which runs its own hooks there.
// Page → worker messages: {t: "init" | "start" | "module" | "create" | "call" | "fetch" |
// "event" | "settle" | "restart" | "warm"}; worker → page: {t: "hello" | "compiled" | "module" |
// "up" | "fatal" | "failed" | "ops" | "attach" | "detach" | "hook" | "style" | "settled" |
// "mirror" | "created" | "marks" | "batch" (a task's messages, in order: flushOps)}, each
// numbered (q) and handled in that order (send).
// Both sides are in this bundle; the protocol is private.
// Page functions are synchronous and run on the page's thread: a page that declares
// them before the engine starts gets main-thread mode (web/a2ui.js); in worker mode a
// call fails with FUNCTION_UNAVAILABLE's message.
(() => {
  "use strict";
  if (typeof WorkerGlobalScope === "undefined" || !(globalThis instanceof WorkerGlobalScope)) return;
  if (globalThis.__a2uiRuntime) return;
  const engine = globalThis.__a2uiEngine;
  const scope = /** @type {any} */ (globalThis); // a DedicatedWorkerGlobalScope
  // post queues m for the page: the messages of one task leave together at its end
  // (endSoon), so the page handles them in one task of its own.
  const post = (m, transfer) => {
    takeOps();
    outbox.push(m);
    if (transfer) for (const b of transfer) outTransfer.push(b);
    endSoon();
  };

  // ---- to the page -------------------------------------------------------------------
  // Every message carries q, its place in order: the page handles them in that order
  // whichever way each came. From the user's input (an "event" from the page) until the
  // next op batches and their mirrors have left, messages come through the
  // BroadcastChannel the page named at init: after a discrete input (a key, a click)
  // Chromium holds a worker's posted messages back from the page's thread until its next
  // frame ("defer renderer tasks after input"), so a keystroke's echo would show a frame
  // late; a BroadcastChannel's messages are not held. A message that cannot cross a
  // BroadcastChannel (the compiled Module) is posted.
  // channelDelay: a test hook (web/a2ui.js, __a2uiTestHooks.channelDelay).
  let seq = 0, channel = null, fast = false, channelDelay = 0;
  function send(m, transfer) {
    m.q = ++seq;
    if (channel !== null && fast && m.t !== "module") {
      try {
        if (channelDelay > 0) {
          const c = channel;
          setTimeout(() => c.postMessage(m), channelDelay);
        } else {
          channel.postMessage(m);
        }
        return;
      } catch (e) { /* not cloneable across agent clusters: posted below */ }
    }
    scope.postMessage(m, transfer || []);
  }

  // ---- op batches --------------------------------------------------------------------
  // What one task of the worker sends the page leaves in one message at the task's end:
  // its op batches and hook messages in order, then the mirrors of the renderers that
  // changed (a large model follows in a message of its own: see mirror). The page handles
  // that message in one task, so the DOM it shows and surfaces() and dataModel() agree
  // whenever the page's own code runs (TestMirrorKeepsUpWithTheDOM).
  let ops = [], outbox = [], outTransfer = [], endQueued = false;
  // takeOps moves the batches Go applied so far into the outbox, as one "ops" message.
  function takeOps() {
    if (ops.length === 0) return;
    outbox.push({ t: "ops", b: ops });
    for (const u of ops) outTransfer.push(u.buffer);
    ops = [];
  }
  // flushOps sends the outbox with the mirrors of the renderers that changed.
  function flushOps() {
    takeOps();
    for (const [m, x] of rs) {
      const out = mirror(m, x, false, true);
      if (out) outbox.push(out);
    }
    if (outbox.length === 0) return;
    const list = outbox, transfer = outTransfer;
    outbox = [];
    outTransfer = [];
    send(list.length === 1 ? list[0] : { t: "batch", list }, transfer);
    if (list.some((m) => m.t === "ops")) fast = false; // the input's answer has left
  }
  // endSoon sends the outbox at the end of the current task: microtasks run once Go has
  // returned to the event loop.
  function endSoon() {
    if (endQueued) return;
    endQueued = true;
    queueMicrotask(() => { endQueued = false; flushOps(); });
  }
  let nextIndex = 0;
  let onEvent = null, warm = null, warmed = false;
  // Which renderer (mount id) each host belongs to: an event marks its renderer dirty.
  const hostOwner = new Map(), hostIndex = new Map(); // index -> mount id, name -> index
  globalThis.__a2uiRuntime = Object.freeze({
    // el is the stub hooks.host returned: {m, id}; the page attaches its own element.
    attach(name, el) {
      const index = ++nextIndex;
      hostOwner.set(index, el.m);
      hostIndex.set(name, index);
      post({ t: "attach", name, index, m: el.m, id: el.id });
      return index;
    },
    detach(name) {
      hostOwner.delete(hostIndex.get(name));
      hostIndex.delete(name);
      post({ t: "detach", name });
    },
    apply(bytes, len) {
      const n = len === undefined ? bytes.length : len;
      ops.push(bytes.slice(0, n));
      endSoon();
      return null; // the page reports a batch it rejects
    },
    setEventHandler(fn) { onEvent = typeof fn === "function" ? fn : null; },
    setInput(x) { warm = x && typeof x.warm === "function" ? x.warm : null; warmed = false; },
    factory() {},
    reset() { onEvent = null; warm = null; },
  });

  // ---- renderers ---------------------------------------------------------------------
  const rs = new Map(); // mount id -> {r, hooks, models: Map<surface, {rev, at, cost}>, surfaces}
  const promises = new Map(); // id -> {resolve, reject} of promises the page settles
  let nextPromise = 0;
  const pagePromise = (send) => new Promise((resolve, reject) => {
    const id = ++nextPromise;
    promises.set(id, { resolve, reject });
    send(id);
  });
  // A trusted event the page forwarded (a click, a key) arms one openUrl within 5 s, as
  // the page's own guard does; the page checks its user activation again before opening.
  let armedAt = -Infinity;
  let clockShift = 0; // the page's time origin minus this worker's, ms

  function hooksFor(m, intl) {
    const hook = (fn) => (...args) => { dirty(m); post({ t: "hook", m, fn, args }); };
    const hooks = {
      intl,
      hold: false,
      take: () => null,
      emit: hook("emit"),
      removeHost: hook("removeHost"),
      notice: hook("notice"),
      activity: hook("activity"),
      host(id) {
        return { m, id, style: { setProperty(name, value) { post({ t: "style", m, id, name, value }); } } };
      },
      openURL(u) {
        if (performance.now() - armedAt > 5000) return false;
        armedAt = -Infinity; // one window per interaction
        post({ t: "hook", m, fn: "openURL", args: [u] });
        return true;
      },
      callFunction() {
        return JSON.stringify({ error: "page functions run on the page's thread: this page's engine runs in a worker (A2UI.mode \"worker\"); define the catalog before a2ui.js starts the engine, or set A2UI_MODE = \"main\"" });
      },
      sendAction: null,
      frame: () => dirty(m), // Go rendered a frame (webhost: hooks.frame)
    };
    return hooks;
  }

  // dirty marks renderer m for the mirrors: it rendered a frame, called a hook (a
  // surface created or deleted, a notice), got an event (an input renders in place,
  // without a frame) or a call, or a large model of it was left out. A mirror reads only
  // dirty renderers: the end of a task that sends the page something (flushOps), and
  // once the task is over mirrorSoon, whatever the task sent (a large model, a change
  // that patched nothing).
  const soon = new Set();
  const dirty = (m) => {
    const x = rs.get(m);
    if (!x) return;
    x.dirty = true;
    soon.add(m);
    mirrorSoon();
  };

  // The page's mirror of each renderer: its surfaces, and each surface's data model, so
  // renderer.surfaces() and dataModel() stay synchronous there. A changed model travels
  // in the message of the op batch that shows it (the page's DOM and model agree), unless
  // it is large (its last JSON was over LARGE_CHARS): then it follows in a message of its
  // own, at most every 4x the time its serialization took (a mirror never takes more than
  // a fifth of the engine's time), and at once when the page flushes.
  let mirrorQueued = false;
  function mirrorSoon() {
    if (mirrorQueued) return;
    mirrorQueued = true;
    setTimeout(() => {
      mirrorQueued = false;
      const list = Array.from(soon);
      soon.clear();
      for (const m of list) {
        const x = rs.get(m);
        if (!x) continue;
        x.dirty = true;
        const out = mirror(m, x, false, false);
        if (out) post(out);
      }
      statsSoon();
    }, 0);
  }
  // statsSoon posts the counters, or while the user is typing or clicking, once the
  // input has paused for STATS_QUIET_MS: reading them (a call into Go) and a message per
  // keystroke cost the page's next keystroke a millisecond on 2 cores. A flush, a
  // stream's end and the start post them at once.
  const STATS_QUIET_MS = 100;
  let lastInput = -Infinity, statsTimer = 0;
  function statsSoon() {
    if (statsTimer !== 0) return;
    const wait = lastInput + STATS_QUIET_MS - performance.now();
    if (wait <= 0) {
      postStats();
      return;
    }
    statsTimer = setTimeout(() => {
      statsTimer = 0;
      statsSoon();
    }, wait);
  }
  let lastStats = "";
  // postStats sends Go's counters (__a2uiGo.stats(): tests and the bench read them on the
  // page) when they changed.
  function postStats() {
    if (!current || typeof current.api.stats !== "function") return;
    const st = current.api.stats();
    const j = JSON.stringify(st);
    if (j === lastStats) return;
    lastStats = j;
    post({ t: "stats", stats: st });
  }
  // A model is large when its JSON is (a 1,000-row list: 22 KB, 1-4 ms to serialize).
  const LARGE_CHARS = 16384;
  // mirror returns the renderer's changes since the last mirror ({t: "mirror", …}) or
  // null; small: only models that are not large (the rest are left for mirrorSoon).
  function mirror(m, x, force, small) {
    if (!force && !x.dirty) return null;
    x.dirty = false;
    const r = x.r;
    const surfaces = r.surfaces();
    const out = { t: "mirror", m, models: {}, caps: undefined, surfaces: undefined };
    let any = false;
    if (surfaces !== x.surfaces) {
      x.surfaces = surfaces;
      out.surfaces = surfaces;
      any = true;
    }
    const ids = JSON.parse(surfaces);
    for (const id of x.models.keys()) if (!ids.includes(id)) x.models.delete(id);
    const now = performance.now();
    let left = false;
    for (const id of ids) {
      const rev = r.dataModelRev(id);
      let st = x.models.get(id);
      if (st && st.rev === rev) continue;
      if (!st) x.models.set(id, st = { rev: -1, at: -Infinity, cost: 0, large: false });
      if (!force && st.large && (small || now - st.at < 4 * st.cost)) {
        left = true;
        continue;
      }
      const t0 = performance.now();
      const json = r.dataModel(id) || null;
      out.models[id] = json;
      st.cost = performance.now() - t0;
      st.large = json !== null && json.length > LARGE_CHARS;
      st.at = t0;
      st.rev = rev;
      any = true;
    }
    if (left) dirty(m);
    if (force) {
      const caps = r.capabilities();
      if (caps !== x.caps) {
        x.caps = caps;
        out.caps = caps;
        any = true;
      }
    }
    return any ? out : null;
  }
  const mirrorNow = (m, x) => {
    const out = mirror(m, x, true, false);
    if (out) post(out);
    postStats();
  };

  // ---- the engine --------------------------------------------------------------------
  let module = null, current = null, godebug = "";
  async function start() {
    const me = {};
    const inst = await engine.start(module, godebug, (reason) => {
      if (current === null || current.me !== me) return;
      current = null;
      rs.clear();
      post({ t: "fatal", reason });
    });
    current = { me, api: inst.api };
    postStats();
    post({ t: "up" });
  }

  function create(msg) {
    const hooks = hooksFor(msg.m, msg.intl);
    if (msg.sendAction) {
      hooks.sendAction = (body, actionId) => pagePromise((id) => post({ t: "hook", m: msg.m, fn: "sendAction", args: [body, actionId], p: id }));
    }
    const r = current.api.create(hooks, msg.options);
    if (!r || typeof r.error === "string") {
      post({ t: "created", m: msg.m, error: r ? r.error : "the engine refused the renderer", code: r && r.code });
      return;
    }
    const x = { r, hooks, models: new Map(), surfaces: "", caps: "", dirty: true };
    rs.set(msg.m, x);
    x.caps = r.capabilities();
    x.surfaces = r.surfaces();
    post({ t: "created", m: msg.m, dir: r.dir, headingBase: r.headingBase, caps: x.caps });
  }

  const streams = new Map(); // id -> Promise<Response>, fetched as soon as the page asked
  const settled = (p) => [() => post({ t: "settled", p, ok: true }),
    (e) => post({ t: "settled", p, ok: false, error: String((e && e.message) || e) })];

  function call(msg) {
    const x = rs.get(msg.m);
    if (!x) {
      if (msg.p) post({ t: "settled", p: msg.p, ok: false, error: "a2ui: renderer destroyed" });
      return;
    }
    dirty(msg.m);
    const r = x.r;
    switch (msg.fn) {
      case "process":
        // The frame pending (Go set hooks.hold): the next frame takes what came meanwhile.
        r.process(msg.s);
        return;
      case "attach": {
        const resp = streams.get(msg.stream) || Promise.reject(new Error("a2ui: no such stream"));
        streams.delete(msg.stream);
        // The model as the stream left it, before connect() resolves on the page.
        const end = () => { if (rs.get(msg.m) === x) mirrorNow(msg.m, x); };
        r.attach(resp, msg.req).then(() => end(), (e) => { end(); throw e; }).then(...settled(msg.p));
        return;
      }
      case "flush":
        r.flush().then(() => { if (rs.get(msg.m) === x) mirrorNow(msg.m, x); }).then(...settled(msg.p));
        return;
      case "addCatalogs": // capabilities follow once Go added them
        r.addCatalogs(msg.s);
        r.flush().then(() => { if (rs.get(msg.m) === x) mirrorNow(msg.m, x); });
        return;
      case "send": r.send(msg.s); return;
      case "destroy":
        rs.delete(msg.m);
        r.destroy();
        // Go lets go of the renderer's callbacks as its pending timers fire: the counters
        // follow for a second.
        for (const ms of [0, 20, 100, 300, 1000]) setTimeout(postStats, ms);
        return;
    }
  }

  scope.addEventListener("message", (e) => {
    const msg = e.data;
    switch (msg.t) {
      case "init":
        godebug = msg.godebug || "";
        // Event timeStamps are the page's clock: Go reads this worker's (webhost's page
        // clock is performance.now()), which started later.
        clockShift = (msg.timeOrigin || performance.timeOrigin) - performance.timeOrigin;
        if (msg.testHooks) globalThis.__a2uiTestHooks = true;
        if (msg.channel && typeof BroadcastChannel === "function") {
          try { channel = new BroadcastChannel(msg.channel); } catch (e) { channel = null; }
        }
        engine.compile(msg.src).then((mod) => {
          module = mod;
          post({ t: "compiled" });
        }, (err) => post({ t: "failed", error: String((err && err.message) || err) }));
        return;
      case "module": // the page runs the engine itself (main-thread mode after all)
        flushOps();
        send({ t: "module", module }); // postMessage: a Module does not cross a BroadcastChannel
        return;
      case "start":
      case "restart":
        if (msg.testHooks) globalThis.__a2uiTestHooks = true;
        channelDelay = msg.testHooks ? msg.channelDelay || 0 : 0;
        start().catch((err) => post({ t: "failed", error: String((err && err.message) || err) }));
        return;
      case "create":
        if (current) create(msg);
        return;
      case "fetch": {
        const resp = fetch(msg.url, msg.init);
        resp.catch(() => {}); // reported by the renderer that attaches it
        streams.set(msg.id, resp);
        return;
      }
      case "call":
        if (current) call(msg); // marks the renderer: what it changed, even without an op batch
        return;
      case "event": {
        fast = true;
        lastInput = performance.now();
        const a = msg.a;
        if (a[3] > 0) a[3] += clockShift;
        if ((a[2] & 1) === 0 && /^(click|keydown|submit|change) /.test(a[4])) armedAt = performance.now();
        dirty(hostOwner.get(a[0])); // typing changes the model without always changing the DOM
        if (onEvent !== null && current) onEvent(...a);
        return;
      }
      case "settle": {
        const p = promises.get(msg.p);
        if (!p) return;
        promises.delete(msg.p);
        if (msg.ok) p.resolve(undefined);
        else p.reject(new Error(msg.error || "rejected"));
        return;
      }
      case "warm": // the page is idle after its first frame (a2ui-runtime.js, warmSoon)
        if (warmed || !warm) return;
        warmed = true;
        (function again(tries) { // declined while Go is busy: again a little later
          if (warm && warm() === 0 && tries < 40) setTimeout(again, 50, tries + 1);
          else setTimeout(postStats, 0);
        })(0);
        return;
      case "exitForTest":
        if (current && current.api.exitForTest) current.api.exitForTest();
        return;
    }
  });
  // The engine's user-timing marks (a2ui:compiled, :instantiated, :started, Go's :go-main
  // and :first-frame) are set on the page too, at their time on its clock: the bench's
  // start-up trace and DevTools show one timeline in both modes.
  if (typeof PerformanceObserver === "function") {
    // a2ui:worker: this worker's start (its time origin); a2ui:worker-loaded: this
    // script evaluated (the engine's fetch and compile start now).
    post({ t: "marks", marks: [["a2ui:worker", performance.timeOrigin], ["a2ui:worker-loaded", performance.timeOrigin + performance.now()]] });
    try {
      new PerformanceObserver((list) => {
        const marks = [];
        for (const e of list.getEntries()) {
          if (e.name.startsWith("a2ui:")) marks.push([e.name, performance.timeOrigin + e.startTime]);
        }
        if (marks.length) post({ t: "marks", marks });
      }).observe({ type: "mark" });
    } catch (e) { /* no mark entries here */ }
  }
  send({ t: "hello" });
})();
