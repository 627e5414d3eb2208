//go:build browser

package browser

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/mcpagent"
)

// mcpDelete is a DELETE the MCP endpoint answered.
type mcpDelete struct {
	Path, Session, Version string
	Status                 int
}

// TestMCPSessionEnd: a renderer with transport "mcp" ends its session when it is
// destroyed, as the official client's terminateSession does: removing the element, or
// r.destroy(), sends DELETE with Mcp-Session-Id and MCP-Protocol-Version; the demo
// agent (go-sdk) ends the session: a request in it, answered before, then gets 404.
func TestMCPSessionEnd(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	srv := newMCPServer(t, nil)
	deletes := make(chan mcpDelete, 4)
	var mu sync.Mutex
	sessionOf := map[string]string{} // the session header of the requests to each path
	routes := srv.routes()
	for i, r := range routes {
		h := r.Handler
		routes[i].Handler = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			sw := &statusWriter{ResponseWriter: w, status: 200}
			h.ServeHTTP(sw, req)
			if s := req.Header.Get("Mcp-Session-Id"); s != "" && req.Method == http.MethodPost {
				mu.Lock()
				sessionOf[req.URL.Path] = s
				mu.Unlock()
			}
			if req.Method == http.MethodDelete {
				deletes <- mcpDelete{req.URL.Path, req.Header.Get("Mcp-Session-Id"), req.Header.Get("Mcp-Protocol-Version"), sw.status}
			}
		})
	}
	base := serve(t, append(routes, rendererPageWith(rendererPagePath,
		`<a2ui-renderer id="el" agent="`+mcpagent.Path+`" transport="mcp" resource="a2ui://booking"></a2ui-renderer>`))...)
	// inSession is the status of a tools/list in session at path.
	inSession := func(path, session string) int {
		req, _ := http.NewRequest("POST", base+path, strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"tools/list"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	ctx := newTab(t)
	navigate(ctx, base+rendererPagePath)
	evalJSON(ctx, `T.mount("api", {agent: "`+mcpagent.PathJSON+`", transport: "mcp", resource: "a2ui://tasks"})`)
	waitLogged(t, ctx, `T.rr("el") && T.text("el").includes("Book a table") && T.text("api").includes("of 3 done")`)

	for _, step := range []struct{ name, path, destroy string }{
		{"element removed", mcpagent.Path, `(document.getElementById("el").remove(), true)`},
		{"r.destroy()", mcpagent.PathJSON, `(T.rr("api").destroy(), true)`},
	} {
		mu.Lock()
		session := sessionOf[step.path]
		mu.Unlock()
		if st := inSession(step.path, session); session == "" || st != http.StatusOK {
			t.Fatalf("%s: session %q at %s answers %d before", step.name, session, step.path, st)
		}
		evalJSON(ctx, step.destroy)
		var d mcpDelete
		select {
		case d = <-deletes:
		case <-ctx.Done():
			t.Fatalf("%s: no DELETE reached the server", step.name)
		}
		if want := (mcpDelete{step.path, session, "2025-11-25", http.StatusNoContent}); d != want {
			t.Errorf("%s: DELETE %+v, want %+v", step.name, d, want)
		}
		if st := inSession(step.path, session); st != http.StatusNotFound {
			t.Errorf("%s: a request in the ended session got %d, want 404", step.name, st)
		}
	}
}
