// Loaded before dist/a2ui.js on our comparison page only: keeps a reference to the wasm
// instance that a2ui.js creates (it keeps it private) so the benchmark can read the size of
// its linear memory (instance.exports.mem). It wraps the two WebAssembly entry points and
// changes nothing else.
(() => {
  "use strict";
  const keep = (res) => {
    // instantiate(Module) resolves to the Instance, instantiate(bytes) to {module, instance}.
    if (res instanceof WebAssembly.Instance) window.__benchWasm = res;
    else if (res && res.instance) window.__benchWasm = res.instance;
    return res;
  };
  const streaming = WebAssembly.instantiateStreaming;
  if (streaming) {
    WebAssembly.instantiateStreaming = function (...args) {
      return streaming.apply(this, args).then(keep);
    };
  }
  const plain = WebAssembly.instantiate;
  WebAssembly.instantiate = function (...args) {
    return plain.apply(this, args).then(keep);
  };
})();
