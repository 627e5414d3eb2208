package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/mcpagent"
)

// TestWithMCPRoutes: the dev server serves the MCP endpoints beside the rest.
func TestWithMCPRoutes(t *testing.T) {
	agent, err := demoagent.NewAgent("../../testdata", 0)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(WithMCP(http.NotFoundHandler(), mcpagent.New(a2aagent.FromDemo("../../testdata", agent), mcpagent.Options{})))
	defer srv.Close()
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for _, tc := range []struct{ method, path, body, want string }{
		{"POST", "/mcp", init, `event: message`},
		{"POST", "/mcp/json", init, `"protocolVersion":"2025-11-25"`},
		{"POST", "/mcp/stateless", `{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"a2ui://tasks"}}`, `application/a2ui+json`},
		{"GET", "/elsewhere", "", "404 page not found"},
	} {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), tc.want) {
			t.Errorf("%s %s = %s, want it to contain %s", tc.method, tc.path, b, tc.want)
		}
	}
}
