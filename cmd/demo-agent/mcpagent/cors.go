package mcpagent

import "net/http"

// CORS headers of a Streamable HTTP endpoint called from a web page: the session and
// protocol headers must be allowed on requests, and Mcp-Session-Id exposed on responses
// (without it fetch cannot read the session id and every later call gets 404).
const (
	AllowMethods  = "GET, POST, DELETE, OPTIONS"
	AllowHeaders  = "Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID"
	ExposeHeaders = "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate"
)

// CORS wraps an MCP handler for browsers: every response carries
// Access-Control-Allow-Origin (origin, "*" when empty) and the exposed headers; a
// preflight (OPTIONS) is answered 204 with the allowed methods and headers (go-sdk
// itself answers OPTIONS with 405).
func CORS(origin string, h http.Handler) http.Handler {
	if origin == "" {
		origin = "*"
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Access-Control-Allow-Origin", origin)
		hd.Set("Access-Control-Expose-Headers", ExposeHeaders)
		if origin != "*" {
			hd.Add("Vary", "Origin")
		}
		if r.Method == http.MethodOptions {
			hd.Set("Access-Control-Allow-Methods", AllowMethods)
			hd.Set("Access-Control-Allow-Headers", AllowHeaders)
			hd.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.ServeHTTP(w, r)
	})
}
