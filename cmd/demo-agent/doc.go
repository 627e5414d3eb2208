// Command demo-agent is the development server for the A2UI Go/WebAssembly renderer.
//
// It is a host program (it uses net/http, so it is never linked into the wasm) with
// two jobs, both behind one HTTP listener:
//
//   - serve the static site that `make build` assembles in dist/ (the page, the
//     runtime JS, wasm_exec.js and a2ui.wasm), with the right MIME types, the
//     precompressed .br/.gz siblings when the client accepts them, and
//     Cache-Control: no-cache (names are not content-hashed, so every load
//     revalidates);
//   - play a scripted A2UI agent (package demoagent, built on the agent library):
//     GET /agent/stream streams a sample JSONL file line by line with a delay (JSONL,
//     or SSE with event ids), and POST /agent/action answers a client message (v0.8
//     userAction or v0.9+ action; errors and function responses get no answer) with a
//     JSONL stream of follow-up messages for the booking and task-list demos in
//     testdata/demo.
//
// Usage:
//
//	go run ./cmd/demo-agent [-addr :8080] [-dir dist] [-samples testdata] [-delay 60ms]
//
// `make run` builds the site and starts it on $(PORT).
package main
