// Package mcpagent serves the demo agent over MCP (Streamable HTTP) with the official Go
// SDK (github.com/modelcontextprotocol/go-sdk, pinned v1.8.0): the samples as resources
// a2ui://<name> (application/a2ui+json), a tool "show" answering with text and an
// EmbeddedResource, and a tool "action" answering an A2UI action with the follow-up
// surface. It is the server side of the renderer's MCP transport (transport/mcp) and the
// server the browser tests and the gallery's live samples talk to.
//
// Handlers come in JSON and SSE response modes, stateful or stateless, each wrapped in the
// CORS a browser page needs (Mcp-Session-Id allowed and exposed, OPTIONS 204).
//
// Handlers run on net/http's goroutines. It is host code, never part of the wasm.
package mcpagent
