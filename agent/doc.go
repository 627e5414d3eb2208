// Package agent is the Go library for A2UI agents: the other end of the renderer's
// pipeline. It builds server-to-client messages for every version the renderer reads
// (v0.8, v0.9, v0.9.1, v0.10, v1.0) through one API, writes them as JSON Lines or
// Server-Sent Events, decodes what the client sends back (actions, errors, function
// responses and calls, with the client data model) and serves both directions over HTTP.
//
// Build: a [Surface] turns [Component] values (Text, Button, Column, ... or any
// [NewComponent]) and plain Go data into [Message] values of its version; [Path], [Call],
// [Template] and [Event] are the bindings, function calls, child templates and actions
// that component properties take. The v0.9 basic-catalog vocabulary is used for every
// version: for v0.8 the library writes the standard catalog's names and shapes
// (usageHint, BoundValue literals, explicitList, typed data contents).
//
// Write and serve: a [Writer] frames messages as JSONL or SSE (with event ids); a
// [Server] is an http.Handler whose stream endpoint opens a session and whose action
// endpoint decodes each POSTed [ClientMessage] and writes the agent's answer in the
// response body, which the renderer reads as more messages.
//
// MCP Apps: an [MCPApp] serves the renderer's self-contained page (make build's
// dist/a2ui-mcp-app.html, passed in by the caller) as a ui:// resource of an MCP server,
// with the _meta its tools and resource need, and decodes the page's action calls.
//
// It is host code (net/http); the wasm renderer never links it. Messages and components
// are values, safe to share between goroutines; a Writer belongs to one goroutine.
package agent
