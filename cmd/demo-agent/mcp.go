package main

import (
	"net/http"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/mcpagent"
)

// WithMCP serves the MCP agent's Streamable HTTP endpoints (/mcp with SSE responses,
// /mcp/json, /mcp/stateless) in front of next.
func WithMCP(next http.Handler, a *mcpagent.Agent) http.Handler {
	mux := http.NewServeMux()
	a.Mount(mux)
	mux.Handle("/", next)
	return mux
}
