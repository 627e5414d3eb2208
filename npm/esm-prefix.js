// a2ui-go ES module entry: the script-tag build (a2ui.js) below, finding a2ui.wasm (and its
// other files) relative to this module's URL instead of a <script> element's. Importing it
// also defines <a2ui-renderer> and window.A2UI (once per page, shared with a2ui.js).
// `new URL("./a2ui.wasm", import.meta.url)` is spelled out so bundlers copy the wasm.
const __a2uiModule = {
  base: new URL("./", import.meta.url).href,
  wasm: new URL("./a2ui.wasm", import.meta.url).href,
};
