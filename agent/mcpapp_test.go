package agent_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/a2ui-go/a2ui/agent"
)

// mcpAppPage stands in for dist/a2ui-mcp-app.html: a document with the inline-wasm block.
const mcpAppPage = `<!doctype html>
<html><head><title>A2UI</title></head><body>
<script type="application/gzip" data-a2ui-wasm="base64">H4sIAAAAAAAAA2NgYGBgZGBgAAAvKVmACAAAAA==</script>
</body></html>`

func TestNewMCPApp(t *testing.T) {
	for _, tc := range []struct {
		name, uri, html, err string
	}{
		{"the page", "ui://a2ui/app", mcpAppPage, ""},
		{"leading space and upper case", "ui://x", "\n <!DOCTYPE html>" + mcpAppPage[len("<!doctype html>"):], ""},
		{"not ui://", "https://example.com/app", mcpAppPage, "must start with ui://"},
		{"bare scheme", "ui://", mcpAppPage, "must start with ui://"},
		{"a script, not the page", "ui://a2ui/app", "(() => {})();", "not the renderer's MCP App page"},
		{"a page without the wasm", "ui://a2ui/app", "<!doctype html><p>hi</p>", "not the renderer's MCP App page"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app, err := agent.NewMCPApp(tc.uri, []byte(tc.html))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || app.URI != tc.uri || string(app.HTML) != tc.html {
				t.Fatalf("NewMCPApp = %+v, %v", app, err)
			}
		})
	}
	path := filepath.Join(t.TempDir(), "a2ui-mcp-app.html")
	os.WriteFile(path, []byte(mcpAppPage), 0o644)
	if app, err := agent.ReadMCPApp("ui://a2ui/app", path); err != nil || string(app.HTML) != mcpAppPage {
		t.Errorf("ReadMCPApp = %v, %v", app, err)
	}
	if _, err := agent.ReadMCPApp("ui://a2ui/app", path+".missing"); err == nil {
		t.Errorf("ReadMCPApp of a missing file: no error")
	}
}

func TestMCPAppParseAction(t *testing.T) {
	app, _ := agent.NewMCPApp("ui://a2ui/app", []byte(mcpAppPage))
	for _, tc := range []struct {
		name, args, meta string
		want             agent.ClientMessage
		models, err      string
	}{
		{
			name: "with the page's _meta",
			args: `{"name":"confirm_booking","context":{"flight":"TP 123","seats":2},"surfaceId":"booking","sourceComponentId":"confirm"}`,
			meta: `{"a2ui":{"version":"v0.10","actionId":"0f3c","clientCapabilities":{"supportedCatalogIds":["c"]},"clientDataModel":{"version":"v0.10","surfaces":{"booking":{"seats":2}}}}}`,
			want: agent.ClientMessage{Version: agent.V010, Action: &agent.UserAction{Name: "confirm_booking", SurfaceID: "booking",
				SourceComponentID: "confirm", ActionID: "0f3c", Context: map[string]any{"flight": "TP 123", "seats": 2.0}},
				Capabilities: json.RawMessage(`{"supportedCatalogIds":["c"]}`)},
			models: `{"booking":{"seats":2}}`,
		},
		{
			name: "name only, no _meta: v0.9, empty context",
			args: `{"name":"refresh"}`,
			want: agent.ClientMessage{Version: agent.V09, Action: &agent.UserAction{Name: "refresh", Context: map[string]any{}}},
		},
		{name: "no name", args: `{"context":{}}`, err: "no name"},
		{name: "not an object", args: `[1]`, err: "arguments"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var meta map[string]any
			if tc.meta != "" {
				json.Unmarshal([]byte(tc.meta), &meta)
			}
			got, err := app.ParseAction(json.RawMessage(tc.args), meta)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			models, _ := json.Marshal(got.DataModels)
			if tc.models == "" {
				tc.models = "null"
			}
			got.DataModels = nil
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(tc.want)
			if string(g) != string(w) || string(models) != tc.models {
				t.Errorf("ParseAction =\n %s %s\nwant\n %s %s", g, models, w, tc.models)
			}
		})
	}
}

// TestMCPAppWithGoSDK serves the page and the tools as ExampleMCPApp does on a go-sdk
// server and reads them with a go-sdk client: what a host sees on the wire.
func TestMCPAppWithGoSDK(t *testing.T) {
	ctx := context.Background()
	app, err := agent.NewMCPApp("ui://a2ui/app", []byte(mcpAppPage))
	if err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "flights", Version: "1.0.0"}, nil)
	server.AddResource(&mcp.Resource{URI: app.URI, Name: "a2ui", MIMEType: agent.MCPAppMIMEType, Meta: app.Meta()},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
				{URI: app.URI, MIMEType: agent.MCPAppMIMEType, Text: string(app.HTML), Meta: app.Meta()}}}, nil
		})
	server.AddTool(&mcp.Tool{Name: "book_flight", InputSchema: json.RawMessage(`{"type":"object"}`), Meta: app.ToolMeta()},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
		})
	var got agent.ClientMessage
	server.AddTool(&mcp.Tool{Name: agent.MCPAppActionTool, InputSchema: json.RawMessage(agent.MCPAppActionSchema), Meta: app.ActionToolMeta()},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			m, err := app.ParseAction(req.Params.Arguments, req.Params.Meta)
			if err != nil {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
			}
			got = m
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Booked."}}}, nil
		})
	st, ct := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "host", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	wire := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	list, err := cs.ListResources(ctx, nil)
	if err != nil || len(list.Resources) != 1 {
		t.Fatalf("resources/list: %v %v", list, err)
	}
	if r := list.Resources[0]; r.URI != "ui://a2ui/app" || r.MIMEType != "text/html;profile=mcp-app" ||
		wire(r.Meta) != `{"ui":{"csp":{"wasmUnsafeEval":true}}}` {
		t.Errorf("resources/list entry = %s", wire(r))
	}
	read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: app.URI})
	if err != nil || len(read.Contents) != 1 {
		t.Fatalf("resources/read: %v %v", read, err)
	}
	if c := read.Contents[0]; c.MIMEType != "text/html;profile=mcp-app" || c.Text != mcpAppPage ||
		wire(c.Meta) != `{"ui":{"csp":{"wasmUnsafeEval":true}}}` {
		t.Errorf("resources/read content = %s", wire(c))
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	metas := map[string]string{}
	for _, tool := range tools.Tools {
		metas[tool.Name] = wire(tool.Meta)
	}
	if metas["book_flight"] != `{"ui":{"resourceUri":"ui://a2ui/app"}}` || metas["action"] != `{"ui":{"visibility":["app"]}}` {
		t.Errorf("tool _meta = %v", metas)
	}
	// The page's call of the action tool (web/mcp-app.js).
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "action",
		Arguments: map[string]any{"name": "confirm_booking", "context": map[string]any{"flight": "TP 123"}, "surfaceId": "booking", "sourceComponentId": "confirm"},
		Meta:      mcp.Meta{"a2ui": map[string]any{"version": "v0.9", "actionId": "a1"}}})
	if err != nil || res.IsError {
		t.Fatalf("tools/call action: %v %v", wire(res), err)
	}
	if got.Action == nil || got.Action.Name != "confirm_booking" || got.Action.Context["flight"] != "TP 123" ||
		got.Action.SurfaceID != "booking" || got.Action.SourceComponentID != "confirm" || got.Action.ActionID != "a1" {
		t.Errorf("the server parsed %+v", got.Action)
	}
}
