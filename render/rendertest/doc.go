// Package rendertest is an in-memory render.Host for tests of catalogs and pages: it
// renders a stream with the catalogs you give into dom/memdom and lets the test read
// what a user would see (a surface's text, nodes and attributes), act as the user
// (click, type) and read what the renderer reported (DOM events such as a2ui-action and
// a2ui-error) and posted (the client messages handed to Host.Send).
//
// Place in the pipeline: a test-time replacement for the browser end of render.Renderer:
// protocol → model → catalog build → dom diff → memdom (instead of web/a2ui-runtime.js),
// with the same Renderer, policy and catalogs as the wasm. Single goroutine, like the
// renderer.
package rendertest
