package mcpagent_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/mcpagent"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// newAgent serves the demo agent's MCP handlers on a test server; calls records the
// tools/calls it saw.
func newAgent(t *testing.T) (url string, a *mcpagent.Agent, calls func() []mcpagent.Call) {
	t.Helper()
	demo, err := demoagent.NewAgent("../../../testdata", 0)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []mcpagent.Call
	a = mcpagent.New(a2aagent.FromDemo("../../../testdata", demo), mcpagent.Options{
		OnCall: func(c mcpagent.Call) { mu.Lock(); seen = append(seen, c); mu.Unlock() }})
	mux := http.NewServeMux()
	a.Mount(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL, a, func() []mcpagent.Call { mu.Lock(); defer mu.Unlock(); return append([]mcpagent.Call(nil), seen...) }
}

// connect opens a session with the official Go client.
func connect(t *testing.T, endpoint string) *mcp.ClientSession {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// The official client sees the resources (application/a2ui+json, a JSON array of the
// sample), "show" answers text plus an EmbeddedResource for the user, and "action"
// answers the booking form's submit with the confirmation surface, in every mode.
func TestAgentWithOfficialClient(t *testing.T) {
	url, _, calls := newAgent(t)
	for _, path := range []string{mcpagent.Path, mcpagent.PathJSON, mcpagent.PathStateless} {
		t.Run(path, func(t *testing.T) {
			ctx := context.Background()
			cs := connect(t, url+path)
			list, err := cs.ListResources(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			var uris []string
			for _, r := range list.Resources {
				uris = append(uris, r.URI+" "+r.MIMEType)
			}
			if got := strings.Join(uris, ", "); got != "a2ui://booking application/a2ui+json, a2ui://tasks application/a2ui+json" {
				t.Errorf("resources = %s", got)
			}
			rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "a2ui://booking"})
			if err != nil {
				t.Fatal(err)
			}
			var msgs []map[string]any
			if err := json.Unmarshal([]byte(rr.Contents[0].Text), &msgs); err != nil || len(msgs) != 5 || msgs[0]["createSurface"] == nil {
				t.Errorf("a2ui://booking = %d messages (%v): %.120s", len(msgs), err, rr.Contents[0].Text)
			}

			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "show", Arguments: map[string]any{"sample": "booking"}})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Content) != 2 || res.IsError {
				t.Fatalf("show = %+v", res)
			}
			if txt, ok := res.Content[0].(*mcp.TextContent); !ok || txt.Text != "Here is booking." {
				t.Errorf("show text = %+v", res.Content[0])
			}
			emb, ok := res.Content[1].(*mcp.EmbeddedResource)
			if !ok || emb.Resource.MIMEType != mcpagent.MIMEType || emb.Resource.Text != rr.Contents[0].Text ||
				len(emb.Annotations.Audience) != 1 || emb.Annotations.Audience[0] != "user" {
				t.Errorf("show resource = %+v", res.Content[1])
			}

			args := map[string]any{"name": "submitBooking", "surfaceId": "booking", "sourceComponentId": "submit-btn",
				"context": map[string]any{"name": "Ada", "date": "2026-12-24", "guests": "2"}}
			res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "action", Arguments: args,
				Meta: mcp.Meta{"a2ui": map[string]any{"clientCapabilities": map[string]any{"v0.9": map[string]any{"supportedCatalogIds": []string{"c"}}}}}})
			if err != nil || res.IsError || len(res.Content) != 2 {
				t.Fatalf("action = %+v, %v", res, err)
			}
			follow := res.Content[1].(*mcp.EmbeddedResource).Resource.Text
			if !strings.Contains(follow, `"surfaceId":"booking-confirmation"`) || !strings.Contains(follow, "Ada") {
				t.Errorf("follow-up = %s", follow)
			}
			last := calls()[len(calls())-1]
			if last.Tool != "action" || string(last.A2UI) != `{"clientCapabilities":{"v0.9":{"supportedCatalogIds":["c"]}}}` {
				t.Errorf("recorded %s %s", last.Tool, last.A2UI)
			}

			res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "show", Arguments: map[string]any{"sample": "nope"}})
			if err != nil || !res.IsError || res.Content[0].(*mcp.TextContent).Text != "There is no sample nope." {
				t.Errorf("show nope = %+v, %v", res, err)
			}
		})
	}
}

// CORS: a preflight gets 204 with the methods and headers; responses expose
// Mcp-Session-Id.
func TestCORS(t *testing.T) {
	url, _, _ := newAgent(t)
	req, _ := http.NewRequest(http.MethodOptions, url+mcpagent.Path, nil)
	req.Header.Set("Origin", "http://page.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	h := resp.Header
	if resp.StatusCode != 204 || h.Get("Access-Control-Allow-Origin") != "*" ||
		h.Get("Access-Control-Allow-Headers") != mcpagent.AllowHeaders || h.Get("Access-Control-Allow-Methods") != mcpagent.AllowMethods {
		t.Errorf("preflight: %d %v", resp.StatusCode, h)
	}
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	req, _ = http.NewRequest(http.MethodPost, url+mcpagent.PathJSON, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Mcp-Session-Id") == "" ||
		!strings.Contains(resp.Header.Get("Access-Control-Expose-Headers"), "Mcp-Session-Id") {
		t.Errorf("initialize: %d %v", resp.StatusCode, resp.Header)
	}
}

// Forget closes the sessions: the official client's next call fails (404).
func TestForget(t *testing.T) {
	url, a, _ := newAgent(t)
	cs := connect(t, url+mcpagent.PathJSON)
	if n := a.Forget(); n != 1 {
		t.Errorf("Forget closed %d sessions", n)
	}
	if _, err := cs.ListTools(context.Background(), nil); err == nil {
		t.Error("a forgotten session still works")
	}
}
