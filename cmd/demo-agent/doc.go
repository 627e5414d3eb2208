// Command demo-agent is the development server for the A2UI Go/WebAssembly renderer.
//
// It is a host program (it uses net/http, so it is never linked into the wasm) with
// two jobs, both behind one HTTP listener:
//
//   - serve the static site that `make build` assembles in dist/ (the pages, a2ui.js
//     and a2ui.wasm), with the right MIME types, the
//     precompressed .zst/.br/.gz siblings when the client accepts them, and
//     Cache-Control: no-cache (every load revalidates), except the content-hashed
//     a2ui.<hash>.wasm that a2ui.js loads, which is immutable;
//   - play a scripted A2UI agent (package demoagent, built on the agent library):
//     GET /agent/stream streams a sample JSONL file line by line with a delay (JSONL,
//     or SSE with event ids), and POST /agent/action answers a client message (v0.8
//     userAction or v0.9+ action; errors and function responses get no answer) with a
//     JSONL stream of follow-up messages for the booking and task-list demos in
//     testdata/demo;
//   - serve the same agent over A2A (package a2aagent, the official Go SDK): its card
//     at /.well-known/agent-card.json, JSON-RPC A2A 1.0 at /a2a/v1 and 0.3 at
//     /a2a/v0.3 (a text turn "booking" or "tasks" streams the demo, actions are
//     answered as above);
//   - serve an AG-UI agent (package aguiagent, the community AG-UI Go SDK) at
//     POST /agent/default/run: the middleware's lifecycle, a retry and a painted
//     surface; an action gets a follow-up in a new slot; ?mode=fail and ?mode=error
//     (or the message "fail" / "error") play a failed generation and a RUN_ERROR;
//   - serve it over MCP (package mcpagent, the official Go SDK): Streamable HTTP at /mcp
//     (SSE responses), /mcp/json and /mcp/stateless, with resources a2ui://booking and
//     a2ui://tasks, a tool "show" {sample} and a tool "action" answering A2UI actions.
//
// Usage:
//
//	go run ./cmd/demo-agent [-addr 127.0.0.1:8080] [-dir dist] [-samples testdata] [-delay 60ms]
//
// It listens on 127.0.0.1 unless -addr says otherwise (-addr :8080: every interface)
// and logs the URL to open. `make run` builds the site and starts it on $(ADDR).
package main
