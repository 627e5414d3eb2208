// harness.js: the in-page half of `make bench`, identical on the three comparison pages.
//
// Each page loads this file first, then its renderer and an adapter that calls
// BENCH_register({name, init(host), process(jsonl), roots(), flush?, stats?}).
// The workloads below generate the A2UI v0.9 messages here, in the page, with the same code
// for every renderer, and hand each message to the adapter as its wire form (one JSON line),
// each in its own task (MessageChannel, no timer clamping): the way a streamed response
// arrives. The Go driver (bench/cmd/bench) calls window.BENCH.<workload>(...) and reads the
// returned numbers; every time is performance.now() in this page.
(() => {
  "use strict";

  const CATALOG = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
  const SID = "bench";
  const enc = (body) => JSON.stringify(Object.assign({ version: "v0.9" }, body));

  let registered;
  const adapterP = new Promise((resolve) => { registered = resolve; });
  window.BENCH_register = (a) => registered(a);

  // ---- scheduling helpers --------------------------------------------------------------

  // task resolves in a new macrotask (MessageChannel: no 4 ms setTimeout clamp).
  const chan = new MessageChannel();
  const waiting = [];
  chan.port1.onmessage = () => { const f = waiting.shift(); if (f) f(); };
  const task = () => new Promise((resolve) => { waiting.push(resolve); chan.port2.postMessage(0); });

  // frame resolves at the next animation frame (or after 100 ms if frames are not running).
  const frame = () => new Promise((resolve) => {
    let done = false;
    const fin = () => { if (!done) { done = true; resolve(); } };
    requestAnimationFrame(fin);
    setTimeout(fin, 100);
  });

  // painted resolves after the next frame has been produced: a task queued from a rAF
  // callback runs after that frame's paint.
  const painted = async () => { await frame(); await task(); };

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const now = () => performance.now();

  // The main-thread probe (bench/pages/probe.js, the page's first script).
  const P = window.BENCH_PROBE || null;
  // mode: where our engine runs ("main" or "worker": A2UI.mode), null for the anchors.
  const mode = () => (A && A.mode ? A.mode() : null);

  // ---- DOM helpers ------------------------------------------------------------------------

  let A = null; // the adapter
  let host = null;

  // Every root to search: the adapter's roots and any open shadow root inside them.
  function allRoots() {
    const out = [];
    const visit = (root) => {
      out.push(root);
      const w = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
      for (let n = w.nextNode(); n; n = w.nextNode()) if (n.shadowRoot) visit(n.shadowRoot);
    };
    for (const r of A.roots()) visit(r);
    return out;
  }

  // countText counts the text nodes (in every root) whose data starts with prefix: the
  // same check for every renderer, whatever elements and classes it uses for a Text.
  function countText(prefix) {
    let n = 0;
    for (const r of allRoots()) {
      const w = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
      for (let t = w.nextNode(); t; t = w.nextNode()) if (t.data.startsWith(prefix)) n++;
    }
    return n;
  }

  function deepText() {
    let s = "";
    for (const r of allRoots()) s += r.textContent;
    return s;
  }

  // until polls check() at every animation frame; resolves with the time it first held
  // (or null when ceilMs since t0 passed).
  async function until(check, t0, ceilMs) {
    for (;;) {
      if (check()) return now();
      if (now() - t0 > ceilMs) return null;
      await frame();
    }
  }

  // errors: what the renderer reported (an anchor's exception from processMessages, our
  // a2ui-error events via the adapter's errors()).
  const thrown = [];
  function errors() {
    const out = thrown.slice();
    if (A && A.errors) out.push(...A.errors());
    return out;
  }

  function process(line) {
    try {
      A.process(line);
    } catch (e) {
      if (thrown.length < 20) thrown.push(String((e && e.message) || e));
    }
  }

  async function deliver(lines, t0, ceilMs) {
    for (let i = 0; i < lines.length; i++) {
      process(lines[i]);
      await task();
      if (now() - t0 > ceilMs) return i + 1;
    }
    return lines.length;
  }

  // done: the check holds, or the renderer reported an error (it will not get there).
  const orFailed = (check) => () => check() || errors().length > 0;

  function report(t0, t1, extra) {
    const r = Object.assign({ renderer: A.name }, extra || {});
    if (t1 === null) r.timeout = true;
    else r.ms = t1 - t0;
    const errs = errors();
    if (errs.length) r.errors = errs.slice(0, 5);
    return r;
  }

  // ---- message generators (shared by every renderer) -----------------------------------

  const createSurface = (id) => enc({ createSurface: { surfaceId: id || SID, catalogId: CATALOG } });
  const comps = (list, id) => enc({ updateComponents: { surfaceId: id || SID, components: list } });

  function textIds(n) {
    const ids = new Array(n);
    for (let i = 0; i < n; i++) ids[i] = "t" + i;
    return ids;
  }

  // ---- setup ------------------------------------------------------------------------------

  async function setup() {
    if (P) P.stopTimer(); // the lateness probe is for the start-up rows only
    A = await adapterP;
    host = document.getElementById("host");
    await A.init(host);
    // Probe: a throwaway surface must render and go away again.
    A.process(createSurface("probe"));
    A.process(comps([
      { id: "root", component: "Column", children: ["p"] },
      { id: "p", component: "Text", text: "probe-text-7f3" },
    ], "probe"));
    const shown = await until(() => countText("probe-text-7f3") === 1, now(), 10000);
    if (shown === null) throw new Error("bench: probe Text never rendered by " + A.name);
    A.process(enc({ deleteSurface: { surfaceId: "probe" } }));
    const gone = await until(() => countText("probe-text-7f3") === 0, now(), 10000);
    if (gone === null) throw new Error("bench: deleted probe surface still shown by " + A.name);
    await painted();
    return { renderer: A.name, version: A.version };
  }

  // ---- workloads --------------------------------------------------------------------------

  let lastT0 = 0; // when the last stream/bulk/bigLine call sent its first timed message

  // 1. stream: root Column listing t0..tN-1, then N messages with one Text each.
  async function stream(n, ceilMs) {
    const lines = [createSurface(), comps([{ id: "root", component: "Column", children: textIds(n) }])];
    for (let i = 0; i < n; i++) lines.push(comps([{ id: "t" + i, component: "Text", text: "item " + i }]));
    await painted();
    const t0 = lastT0 = now();
    const sent = await deliver(lines, t0, ceilMs);
    if (sent < lines.length) return report(t0, null, { n, delivered: sent - 2 });
    const t1 = await until(orFailed(() => countText("item ") >= n), t0, ceilMs);
    const count = countText("item ");
    return report(t0, count >= n ? t1 : null, { n, count });
  }

  // 2. bulk: the same N Texts and their root in one updateComponents message.
  async function bulk(n, ceilMs) {
    const list = [{ id: "root", component: "Column", children: textIds(n) }];
    for (let i = 0; i < n; i++) list.push({ id: "t" + i, component: "Text", text: "item " + i });
    const lines = [createSurface(), comps(list)];
    await painted();
    const t0 = lastT0 = now();
    await deliver(lines, t0, ceilMs);
    const t1 = await until(orFailed(() => countText("item ") >= n), t0, ceilMs);
    const count = countText("item ");
    return report(t0, count >= n ? t1 : null, { n, count });
  }

  // bigLine: one 5 MB updateDataModel line (9,000 rows of 540 bytes and a title) for a
  // surface whose Text shows /title: the line is sent once that Text has been painted.
  // Ours needs limits.maxLine above 5 MB (its page gets ?maxline=8388608).
  async function bigLine(_n, ceilMs) {
    lastT0 = now(); // until the line is sent (a failed initial render is measured from here)
    const pad = "x".repeat(500);
    const rows = [];
    for (let i = 0; i < 9000; i++) rows.push({ id: "row-" + i, name: "Item " + i, note: pad });
    const line = enc({ updateDataModel: { surfaceId: SID, path: "/", value: { rows, title: "data done" } } });
    process(createSurface());
    process(comps([{ id: "root", component: "Text", text: { path: "/title" } }]));
    process(enc({ updateDataModel: { surfaceId: SID, path: "/", value: { title: "data pending" } } }));
    if (await until(orFailed(() => countText("data pending") === 1), now(), ceilMs) === null || errors().length) {
      return report(0, null, { n: line.length, phase: "initial render" });
    }
    await painted();
    const t0 = lastT0 = now();
    process(line);
    const t1 = await until(orFailed(() => countText("data done") === 1), t0, ceilMs);
    return report(t0, countText("data done") === 1 ? t1 : null, { n: line.length });
  }

  // blocking runs stream, bulk or bigLine, lets the page settle (a frame, 100 ms, a frame)
  // and adds the long tasks that overlapped [first message, settled]: tbt (Σ duration − 50
  // ms), longest and longCount; mode is where our engine ran.
  async function blocking(kind, n, ceilMs) {
    const run = { stream, bulk, bigLine }[kind];
    if (!run) throw new Error("bench: no workload " + kind);
    const r = await run(n, ceilMs);
    await painted();
    await sleep(100);
    await painted();
    const b = P ? P.blocking(lastT0, now()) : null;
    if (!b) throw new Error("bench: no Long Tasks observer on this page");
    return Object.assign(r, { tbt: b.tbt, longest: b.longest, longCount: b.count, mode: mode() });
  }

  // observeAll records every mutation under every root (shadow roots included).
  function observeAll(onRecords) {
    const mo = new MutationObserver(onRecords);
    const opts = { subtree: true, childList: true, attributes: true, characterData: true };
    for (const r of allRoots()) mo.observe(r, opts);
    return mo;
  }

  // 3. update: one updateDataModel changing one row of a 1000-row template.
  async function update(rows, ceilMs) {
    const data = [];
    for (let i = 0; i < rows; i++) data.push({ label: "row " + i });
    process(createSurface());
    process(comps([
      { id: "root", component: "Column", children: { componentId: "row", path: "/rows" } },
      { id: "row", component: "Text", text: { path: "label" } },
    ]));
    process(enc({ updateDataModel: { surfaceId: SID, path: "/", value: { rows: data } } }));
    const ready = await until(orFailed(() => countText("row ") >= rows), now(), ceilMs);
    if (ready === null || countText("row ") < rows) return report(0, null, { rows, phase: "initial render" });
    await painted();
    await sleep(50);
    await painted();

    const row = rows >> 1;
    const marker = "row " + row + " changed";
    let records = 0;
    let t1 = null;
    const seen = (recs) => {
      records += recs.length;
      if (t1 !== null) return;
      for (const rec of recs) {
        if (rec.type === "characterData") {
          if (rec.target.data.includes(marker)) { t1 = now(); return; }
        } else if (rec.type === "childList") {
          for (const n of rec.addedNodes) {
            if (n.textContent && n.textContent.includes(marker)) { t1 = now(); return; }
          }
        }
      }
    };
    const mo = observeAll(seen);
    const t0 = now();
    process(enc({ updateDataModel: { surfaceId: SID, path: "/rows/" + row + "/label", value: marker } }));
    await until(() => t1 !== null, t0, ceilMs);
    // Let the renderer finish whatever else it does for this update, then count.
    await painted();
    await sleep(100);
    await painted();
    seen(mo.takeRecords());
    mo.disconnect();
    const texts = countText("row ");
    return report(t0, t1, { rows, mutations: records, texts });
  }

  // 4. typing: a TextField bound to /name and a Text showing /name. setupTyping renders it and
  // focuses the input; the driver then sends real key events (CDP) one at a time and waits for
  // typingState().done to count up. Per keystroke: keydown event timeStamp → the mutation that
  // shows the typed prefix in the Text.
  // inner: the input event (seen first, by a capture listener on window) → that mutation:
  // the renderer's own share of the keystroke.
  const typing = { expected: "", pending: false, t0: 0, tIn: 0, times: [], inner: [], mutations: 0, mo: null, done: 0 };

  async function setupTyping(ceilMs) {
    A.process(createSurface());
    A.process(comps([
      { id: "root", component: "Column", children: ["field", "echo"] },
      { id: "field", component: "TextField", label: "Name", value: { path: "/name" } },
      { id: "echo", component: "Text", text: { path: "/name" } },
    ]));
    A.process(enc({ updateDataModel: { surfaceId: SID, path: "/", value: { name: "" } } }));
    let input = null;
    const ok = await until(() => {
      for (const r of allRoots()) { input = r.querySelector("input"); if (input) return true; }
      return false;
    }, now(), ceilMs);
    if (ok === null) throw new Error("bench: no <input> rendered for the TextField");
    await painted();
    input.focus();
    const check = () => {
      if (!typing.pending) return;
      for (const r of allRoots()) {
        if (r.textContent.includes(typing.expected)) {
          const t = now();
          typing.times.push(t - typing.t0);
          typing.inner.push(t - typing.tIn);
          typing.pending = false;
          typing.done++;
          return;
        }
      }
    };
    typing.mo = observeAll((recs) => { typing.mutations += recs.length; check(); });
    window.addEventListener("keydown", (e) => {
      if (e.key.length !== 1) return;
      typing.expected += e.key;
      typing.pending = true;
      typing.t0 = e.timeStamp; // same clock as performance.now()
    }, true);
    window.addEventListener("input", () => { typing.tIn = now(); }, true);
    return { focused: document.activeElement !== document.body, renderer: A.name };
  }

  function typingState() {
    return { done: typing.done, times: typing.times, inner: typing.inner, mutations: typing.mutations, expected: typing.expected };
  }

  // 5. startup: runs by itself when the page URL has #startup: mount, process the login-form
  // example, and note the time (since navigation start) of the first frame painted after its
  // texts are in the DOM.
  // On the inittrace page (data-godebug="inittrace=1") the Go runtime prints one
  // "init <pkg> @… ms, … ms clock, … bytes, … allocs" line per package to console.log.
  const initLines = [];
  if (location.pathname.includes("inittrace")) {
    const log = console.log;
    console.log = function (...args) {
      if (typeof args[0] === "string" && args[0].startsWith("init ")) initLines.push(args[0]);
      else log.apply(this, args);
    };
  }

  async function startup() {
    await setupNoProbe();
    const readyMs = now();
    for (const line of window.BENCH_LOGIN) process(line);
    const want = "Welcome back";
    const t1 = await until(() => deepText().includes(want), 0, 30000);
    if (t1 === null) return { renderer: A.name, timeout: true };
    await frame();
    const painted1 = now(); // the rAF after the DOM holds the surface: that frame paints it
    await task();
    const host = P ? await P.atPaint(painted1) : null;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    return {
      renderer: A.name,
      mode: mode(),
      host,
      readyMs,
      domMs: t1,
      paintMs: painted1,
      fcpMs: fcp ? fcp.startTime : null,
      resources: performance.getEntriesByType("resource").map((e) => ({
        name: e.name, transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize,
        start: e.startTime, responseStart: e.responseStart, responseEnd: e.responseEnd,
      })),
      // The loader's and the renderer's user-timing marks (ours: a2ui:*), for the start-up trace.
      marks: performance.getEntriesByType("mark").map((m) => ({ name: m.name, t: m.startTime })),
      inittrace: initLines,
    };
  }

  async function setupNoProbe() {
    if (document.readyState === "loading") {
      await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
    }
    A = await adapterP;
    host = document.getElementById("host");
    await A.init(host);
  }

  // 7. memory: create 100 login-form surfaces, render them, delete them; read the JS heap
  // (and for ours the Go stats and the wasm memory) before, after and after a second round.
  async function memory(count, ceilMs) {
    const gc = () => { if (window.gc) window.gc(); };
    const snap = async () => {
      if (A.flush) await A.flush();
      await painted();
      await sleep(50);
      gc();
      await sleep(20);
      gc();
      const m = performance.memory;
      const s = A.stats ? A.stats() : {};
      return Object.assign({ jsHeap: m ? m.usedJSHeapSize : null }, s);
    };
    const round = async (k) => {
      const lines = [];
      for (let i = 0; i < count; i++) {
        const id = "m" + k + "-" + i;
        for (const l of window.BENCH_LOGIN) lines.push(l.split('"gallery-login-form"').join(JSON.stringify(id)));
      }
      const t0 = now();
      for (const l of lines) A.process(l);
      const ok = await until(() => countText("Welcome back") >= count, t0, ceilMs);
      if (ok === null) throw new Error("bench: " + count + " login surfaces not rendered in " + ceilMs + " ms");
      await painted();
      for (let i = 0; i < count; i++) A.process(enc({ deleteSurface: { surfaceId: "m" + k + "-" + i } }));
      const gone = await until(() => countText("Welcome back") === 0, now(), ceilMs);
      if (gone === null) throw new Error("bench: deleted surfaces still in the DOM");
      return now() - t0;
    };
    const base = await snap();
    const ms1 = await round(1);
    const after = await snap();
    const ms2 = await round(2);
    const after2 = await snap();
    return { renderer: A.name, count, base, after, after2, roundMs: [ms1, ms2] };
  }

  // dump returns the markup of every root (used by `bench -dump` to check the pages).
  function dump() {
    return allRoots().map((r) => (r.innerHTML || "").slice(0, 4000));
  }

  window.BENCH = { setup, stream, bulk, bigLine, blocking, update, setupTyping, typingState, memory, startup, dump, countText };

  if (location.hash === "#startup") {
    window.BENCH_startup = null;
    startup().then(
      (r) => { window.BENCH_startup = r; },
      (e) => { window.BENCH_startup = { error: String(e && e.stack || e) }; },
    );
  }
})();
