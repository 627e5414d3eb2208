package agent_test

import (
	"context"
	"encoding/json"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/a2ui-go/a2ui/agent"
)

// An MCP server (the official go-sdk) that shows A2UI in the host's chat: the renderer's
// page as a ui:// resource, a tool whose result carries A2UI and names the page in its
// _meta, and the app-only action tool the page calls when the user acts.
func ExampleMCPApp() {
	app, err := agent.ReadMCPApp("ui://a2ui/app", "dist/a2ui-mcp-app.html") // written by make build
	if err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "flights", Version: "1.0.0"}, nil)
	server.AddResource(&mcp.Resource{URI: app.URI, Name: "a2ui", MIMEType: agent.MCPAppMIMEType, Meta: app.Meta()},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
				{URI: app.URI, MIMEType: agent.MCPAppMIMEType, Text: string(app.HTML), Meta: app.Meta()}}}, nil
		})

	booking := agent.NewSurface(agent.V09, "booking")
	// a2ui wraps messages as the EmbeddedResource the page renders.
	a2ui := func(msgs ...agent.Message) (*mcp.EmbeddedResource, error) {
		text, err := json.Marshal(msgs)
		return &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
			URI: "a2ui://booking", MIMEType: "application/a2ui+json", Text: string(text)}}, err
	}
	server.AddTool(&mcp.Tool{Name: "book_flight", Description: "Shows a booking form.",
		InputSchema: json.RawMessage(`{"type":"object"}`), Meta: app.ToolMeta()},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			form, err := a2ui(booking.Show(map[string]any{"flight": "TP 123"},
				agent.Column("root", "title", "confirm"),
				agent.Text("title", "Flight TP 123 to Lisbon").Variant("h2"),
				agent.Button("confirm", "confirm-label", agent.Event("confirm_booking",
					map[string]any{"flight": agent.Path("/flight")})).Variant("primary"),
				agent.Text("confirm-label", "Confirm"))...)
			if err != nil {
				return nil, err
			}
			// The text is what the model reads, and what a host without WebAssembly shows.
			return &mcp.CallToolResult{Content: []mcp.Content{
				&mcp.TextContent{Text: "Flight TP 123 to Lisbon, ready to confirm."}, form}}, nil
		})
	server.AddTool(&mcp.Tool{Name: agent.MCPAppActionTool, Description: "A user action in the A2UI view.",
		InputSchema: json.RawMessage(agent.MCPAppActionSchema), Meta: app.ActionToolMeta()},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			m, err := app.ParseAction(req.Params.Arguments, req.Params.Meta)
			if err != nil {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
			}
			done, err := a2ui(booking.Components(agent.Text("title", "Booked: "+m.Action.Context["flight"].(string))))
			if err != nil {
				return nil, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Booked."}, done}}, nil
		})
	http.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	log.Fatal(http.ListenAndServe("127.0.0.1:8090", nil))
}
