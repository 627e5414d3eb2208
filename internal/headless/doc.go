// Package headless is the Chromium command line shared by everything that drives a
// browser: the browser tests (tests/browser), the benchmark (bench/cmd/bench) and the
// screenshot tool (internal/tools/screenshots). It sits outside the pipeline: host-only
// tooling, never linked into the wasm.
package headless
