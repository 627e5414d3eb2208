// a2ui-engine.js: starting the Go/WebAssembly engine, wherever it runs: on the page's main
// thread (main-thread mode, web/a2ui.js) or in the dedicated worker (worker mode,
// web/a2ui-worker.js). No DOM here. It defines one private global:
//
//   globalThis.__a2uiEngine = {
//     compile(src)              Promise<WebAssembly.Module>: src {inline: base64 of the
//                               gzipped wasm} or {url, plainURL, response?: Promise<Response>}
//                               (streaming compile; a wrong MIME type falls back to bytes;
//                               a missing hashed copy falls back to plainURL)
//     start(module, godebug, onDead)
//                               Promise<{api, kill(reason)}>: a fresh Go instance on module,
//                               resolved once main() installed __a2uiGo (api). onDead(reason)
//                               is called once when the instance exits or traps.
//     mark(name)                the user-timing mark "a2ui:"+name
//   }
"use strict"; // the whole bundle (this file comes first in it), as wasm_exec.js expects
(() => {
  "use strict";
  if (globalThis.__a2uiEngine) return;

  // User-timing marks of the start-up path (a2ui:compiled, :instantiated, :started;
  // Go adds :go-main and :first-frame); make bench prints them as the start-up trace.
  const mark = (name) => { try { performance.mark("a2ui:" + name); } catch (e) { /* no User Timing */ } };

  // make build moves the Go runtime's PC→function table (findfunctab: 1.6 MB of memory,
  // 800 KB of data segments in the file) into the custom section a2ui.findfunctab as
  // groups of equal runs of equal 20-byte records (internal/wasmftab); it is written back
  // into the instance's memory here, before the runtime starts. Without it: nothing to do.
  // FILL_WASM: (func (export "f") (param $at i32) (param $idx i32) (param $count i32)
  //   (param $repeat i32) (param $delta i32)) on the imported memory a.m: $repeat times,
  //   $idx += $delta, then $count times i32.store($at, $idx), $at += 20.
  const FILL_WASM = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 9, 1, 96, 5, 127, 127, 127, 127, 127, 0,
    2, 8, 1, 1, 97, 1, 109, 2, 0, 0, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 71, 1, 69, 1, 1, 127, 2, 64, 3, 64,
    32, 3, 69, 13, 1, 32, 1, 32, 4, 106, 33, 1, 32, 2, 33, 5, 2, 64, 3, 64, 32, 5, 69, 13, 1, 32, 0, 32, 1, 54,
    2, 0, 32, 0, 65, 20, 106, 33, 0, 32, 5, 65, 1, 107, 33, 5, 12, 0, 11, 11, 32, 3, 65, 1, 107, 33, 3, 12, 0,
    11, 11, 11]);
  function expandFuncTab(module, inst) {
    const cs = WebAssembly.Module.customSections(module, "a2ui.findfunctab");
    if (!cs.length) return;
    const s = new Uint8Array(cs[0]);
    let i = 0;
    const leb = () => {
      let v = 0, mul = 1, b;
      do { b = s[i++]; v += (b & 127) * mul; mul *= 128; } while (b & 128);
      return v;
    };
    if (s[i++] !== 1) throw new Error("a2ui: unknown a2ui.findfunctab version");
    const addr = leb(), end = addr + leb() * 20;
    const mem = inst.exports.mem.buffer, u8 = new Uint8Array(mem), view = new DataView(mem);
    if (end > mem.byteLength) throw new Error("a2ui: a2ui.findfunctab outside memory");
    // Groups without subbucket bytes (all of them, in practice) are written by a 113-byte
    // wasm function on Go's memory: 80,000 strided stores, which interpreted JS takes
    // milliseconds for at start-up. Without it (an engine that refuses it) JS writes them.
    let fill = null;
    try {
      fill = new WebAssembly.Instance(new WebAssembly.Module(FILL_WASM), { a: { m: inst.exports.mem } }).exports.f;
    } catch (e) { /* the JS loop below */ }
    let at = addr, idx = 0;
    for (let groups = leb(); groups > 0; groups--) {
      const repeat = leb(), count = leb(), delta = leb(), mask = s[i] | (s[i + 1] << 8);
      i += 2;
      const sub = [];
      if (mask) for (let k = 0; k < 16; k++) if (mask & (1 << k)) sub.push(k + 4, s[i++]);
      if (at + repeat * count * 20 > end) throw new Error("a2ui: a2ui.findfunctab runs beyond the table");
      if (fill !== null && mask === 0 && at + repeat * count * 20 < 2 ** 31) {
        fill(at, idx, count, repeat, delta); // for each repeat: idx += delta, count records
        idx = (idx + repeat * delta) >>> 0;
        at += repeat * count * 20;
        continue;
      }
      for (let r = 0; r < repeat; r++) {
        idx += delta;
        for (let n = 0; n < count; n++, at += 20) {
          view.setUint32(at, idx, true);
          for (let k = 0; k < sub.length; k += 2) u8[at + sub[k]] = sub[k + 1];
        }
      }
    }
    if (at !== end || i !== s.length) throw new Error("a2ui: a2ui.findfunctab does not cover the table");
  }

  // compileInline compiles the inline wasm: base64 of its gzip, decoded and gunzipped
  // (DecompressionStream) while it compiles; no network request.
  async function compileInline(b64) {
    b64 = b64.replace(/\s+/g, "");
    let gz;
    if (typeof Uint8Array.fromBase64 === "function") {
      gz = Uint8Array.fromBase64(b64);
    } else {
      const bin = atob(b64);
      gz = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) gz[i] = bin.charCodeAt(i);
    }
    const body = () => new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"));
    try {
      return await WebAssembly.compileStreaming(new Response(body(), { headers: { "Content-Type": "application/wasm" } }));
    } catch (e) {
      return WebAssembly.compile(await new Response(body()).arrayBuffer());
    }
  }

  const fetchWasm = (u) => fetch(u, { credentials: "same-origin" });

  async function compile(src) {
    let module;
    if (src.inline) {
      module = await compileInline(src.inline);
    } else {
      // A page that copied a2ui.js and a2ui.wasm only has no hashed copy: fall back to it.
      const get = () => fetchWasm(src.url).then((r) => r.ok || src.url === src.plainURL ? r : fetchWasm(src.plainURL));
      const first = src.response || get();
      try {
        module = await WebAssembly.compileStreaming(first);
      } catch (e) {
        // A static host that serves .wasm with the wrong MIME type: fall back to bytes.
        const bytes = await (await get()).arrayBuffer();
        module = await WebAssembly.compile(bytes);
      }
    }
    mark("compiled");
    return module;
  }

  // start runs a Go instance on module. A trap escaping a call into Go, or the program's
  // exit, is the instance's death: onDead(reason) once, and its late timers and callbacks
  // are dropped.
  async function start(module, godebug, onDead) {
    if (!globalThis.Go || !globalThis.__a2uiRuntime) {
      throw new Error("a2ui: load the a2ui.js that `make build` writes to dist/ (it bundles wasm_exec.js and the runtime), not web/a2ui.js");
    }
    const go = new globalThis.Go();
    // <script src="a2ui.js" data-godebug="inittrace=1"> passes GODEBUG to the Go runtime
    // (diagnostics; the trace goes to the console).
    if (godebug) go.env = Object.assign({}, go.env, { GODEBUG: godebug });
    const inst = /** @type {any} */ (await WebAssembly.instantiate(module, go.importObject));
    mark("instantiated");
    let dead = false;
    const die = (reason) => {
      if (dead) return;
      dead = true;
      onDead(reason);
    };
    const trap = (e) => die("trap: " + ((e && e.message) || e));
    const resume = go._resume;
    go._resume = function () {
      if (dead) return undefined; // late timers and callbacks of a dead instance
      try {
        return resume.apply(this, arguments);
      } catch (e) {
        trap(e); // reported by onDead (console.error and a2ui-fatal)
        return undefined;
      }
    };
    expandFuncTab(module, inst);
    const started = new Promise((resolve) => { globalThis.__a2uiStarted = resolve; });
    go.run(inst).then(() => die("exit: the Go runtime exited"));
    await started; // main() calls __a2uiStarted once __a2uiGo is installed
    delete globalThis.__a2uiStarted;
    // The typing fast path: the runtime calls Go's input export directly (webhost/input.go),
    // guarded like _resume.
    const x = inst.exports;
    if (typeof x.a2uiInput === "function" && typeof x.a2uiInputBuf === "function") {
      globalThis.__a2uiRuntime.setInput({
        input(host, node, flags, t, n) { // 1 (handled) once the instance is dead
          if (dead) return 1;
          try { return x.a2uiInput(host, node, flags, t, n); } catch (e) { trap(e); return 1; }
        },
        buf(n) {
          if (dead) return 0;
          try { return x.a2uiInputBuf(n); } catch (e) { trap(e); return 0; }
        },
        warm: typeof x.a2uiWarm === "function" ? () => { // the update warm-up (webhost/warm.go)
          if (dead) return 1;
          try { return x.a2uiWarm(); } catch (e) { trap(e); return 1; }
        } : null,
        mem: x.mem,
      });
    }
    mark("started");
    return { api: globalThis.__a2uiGo, kill: die };
  }

  globalThis.__a2uiEngine = Object.freeze({ compile, start, mark });
})();
