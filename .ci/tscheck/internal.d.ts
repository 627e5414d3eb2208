// Globals shared by web/a2ui.js, web/a2ui-runtime.js, wasm_exec.js and the Go runtime
// (webhost), not part of the published API (npm/a2ui.d.ts).
export {};

declare global {
  /** The npm package's ES module prefix (npm/pack.sh): the base URL and file URLs. */
  var __a2uiModule: { base: string; files: Record<string, string> } | undefined;
  /** Go's wasm_exec.js runtime class. */
  var Go: any;
  /** The DOM runtime (web/a2ui-runtime.js): applies Go's op batches, bridges events. */
  var __a2uiRuntime: any;
  /** The Go side's API (webhost.Run): create, stats, … */
  var __a2uiGo: any;
  /** The engine starter (web/a2ui-engine.js), shared by the page and the worker. */
  var __a2uiEngine: any;
  /** The page's choice of engine mode ("main" | "worker" | "auto"), set before a2ui.js. */
  var A2UI_MODE: string | undefined;
  /** Set by a test page before the runtime starts (webhost.Run: exitForTest). */
  var __a2uiTestHooks: unknown;
  /** The worker global scope (web/a2ui-worker.js runs only inside one). */
  var WorkerGlobalScope: any;
  /** Called by Go once the runtime is up. */
  var __a2uiStarted: ((value?: unknown) => void) | undefined;
  /** Uint8Array.fromBase64 (ES2026): the loader falls back to atob without it. */
  interface Uint8ArrayConstructor { fromBase64?(base64: string): Uint8Array; }
}
