// Comparison page adapter for our Go/WebAssembly renderer (dist/a2ui.js, loaded before this file).
// Uses only the public page API: A2UI.ready, A2UI.mode, A2UI.mount, r.process, r.flush, r.destroy.
// The page sets globalThis.A2UI_MODE from ?mode=main|worker before a2ui.js (bench/cmd/bench/server.go).
(() => {
  "use strict";
  let r = null;
  let host = null;
  const errs = [];
  window.BENCH_register({
    name: "ours",
    version: "a2ui Go/wasm (this repo)",
    async init(h) {
      host = h;
      h.addEventListener("a2ui-error", (e) => {
        if (errs.length < 20) errs.push(typeof e.detail === "string" ? e.detail : JSON.stringify(e.detail));
      });
      await window.A2UI.ready;
      // ?maxline=N (the 5 MB line row): limits.maxLine for this page's renderer.
      const maxLine = Number(new URLSearchParams(location.search).get("maxline"));
      r = await window.A2UI.mount(h, maxLine > 0 ? { limits: { maxLine } } : {});
    },
    // mode is where the engine runs: A2UI.mode ("main" or "worker"), null when the loader
    // does not say (it then runs on the main thread).
    mode() {
      return typeof window.A2UI.mode === "string" ? window.A2UI.mode : null;
    },
    // process gets the wire form: our renderer takes the JSONL text as is.
    process(text) {
      r.process(text);
    },
    flush() {
      return r.flush();
    },
    errors() {
      return errs.slice();
    },
    roots() {
      return host.shadowRoot ? [host.shadowRoot] : [];
    },
    // Go-side stats (live js.Func callbacks, renderers) and the wasm linear memory size.
    stats() {
      const s = window.__a2uiGo && window.__a2uiGo.stats ? window.__a2uiGo.stats() : {};
      const inst = window.__benchWasm;
      const mem = inst && inst.exports && inst.exports.mem;
      return {
        liveFuncs: s.liveFuncs,
        renderers: s.renderers,
        wasmMemory: mem ? mem.buffer.byteLength : null,
      };
    },
  });
})();
