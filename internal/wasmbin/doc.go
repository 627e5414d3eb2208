// Package wasmbin reads and writes the parts of the WebAssembly binary format that the
// build tools need: sections, LEB128 numbers, names. It runs on the host after the link
// (make size-report's internal/tools/wasmsize, make build's internal/wasmftab) and is
// not linked into the wasm.
package wasmbin
