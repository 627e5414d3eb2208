// Package webhost is the browser host of the A2UI renderer (GOOS=js GOARCH=wasm): it
// installs window.__a2uiGo for web/a2ui.js, runs the renderer's single UI goroutine, reads
// fetch bodies through the ReadableStream reader (never net/http), connects the agent
// clients (A2A, AG-UI, MCP: transport/...) to fetch and the page, and bridges DOM events, animation frames and Intl into package render (the patcher and
// event bridge are dom/browser). cmd/wasm is its main; a wasm of your own can add Go
// catalogs with AddCatalog before Run. It runs in the page or, in worker mode, in a
// dedicated worker (web/a2ui-worker.js), where the JS objects it calls (the runtime, the
// renderers' hooks) forward to the page by messages: the same Go code serves both.
//
// Place in the pipeline: fetch/A2A → render.Stream (protocol, model, catalog) → dom ops →
// dom/browser applier; DOM events → render.Dispatch; actions → render's POST through the
// fetch transport here, an A2A message, or the page's own sendAction (pageaction.go; the
// MCP App bridge web/mcp-app.js sends them to its host as tools/call).
//
// Mounting: createRenderer (renderer.go) reads the options as one JSON string
// (mount.go; internal/mountopts checks and resolves them), builds the render.Renderer and
// returns the page API (api.go), then starts the agent connection the options name
// (agentglue.go). Every byte source enters through one ingest path (ingest.go).
//
// Goroutines: Run runs the UI loop; every JS callback only enqueues work for it (a JS
// callback must never block on something that needs the JS event loop); one goroutine per
// open stream awaits reader.read() promises and pushes the chunks to its renderer's pump
// (ingest.go), waiting while the pump is full. The exceptions are
// the typing fast paths, which run an input event's task in place when the UI loop is
// idle: inside the bridge's callback (inputNow), or in the wasm export a2uiInput that the
// runtime calls without js.FuncOf (input.go); and the export a2uiWarm, which the runtime
// calls once in idle time after the first frame to compile the data-update path (warm.go).
// The UI loop's budgets, the frame pacing and the ingest sizes are internal/pacing's one
// table (pacing.Default).
package webhost
