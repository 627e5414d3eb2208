// Package mcp is the renderer's MCP client (Streamable HTTP, protocol 2025-11-25), kept
// free of syscall/js so it is tested on the host. It sits between the browser's fetch glue
// (webhost/mcp.go) and the A2UI decoder:
//
//	mount   → initialize (capabilities.a2ui) → notifications/initialized
//	        → resources/read <resource> | tools/call <tool> <arguments>
//	JSON or SSE response → the JSON-RPC response (notifications skipped, ping answered)
//	        → Content: A2UI messages of application/a2ui+json resources, text, isError
//	        → render.Stream (the messages, one JSONL line each) and page events
//	action  → tools/list (once) → tools/call "action" {name, context, surfaceId,
//	          sourceComponentId}, or the tool named like the action, or refused
//	destroy → Close: DELETE with Mcp-Session-Id (the session ends)
//
// The Client keeps the session (Mcp-Session-Id, the negotiated MCP-Protocol-Version);
// after a 404 on a session it initializes again and re-sends the request that failed.
// Every tools/call carries the renderer's capabilities in _meta.a2ui too, since the
// official SDKs drop capabilities.a2ui. A Client is used from one goroutine (the
// renderer's UI goroutine in the browser).
package mcp
