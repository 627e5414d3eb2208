package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// MCP Apps (the ext-apps extension, SEP-1865): an MCP server shows A2UI in the host's
// chat by serving the renderer's self-contained page, dist/a2ui-mcp-app.html from make
// build, as a ui:// resource. A tool names it in its _meta (ToolMeta); the host renders
// it in a sandboxed iframe and hands it the tool's input and result, whose A2UI (an
// EmbeddedResource of type application/a2ui+json) the page renders. The user's actions
// come back as calls of the app-only tool "action" (MCPAppActionTool, ParseAction).
//
// The page carries the wasm inline, so this package never links or embeds it: the
// caller passes the file (ReadMCPApp) or its bytes (NewMCPApp).

// MCPAppMIMEType is the MIME type of an MCP App's ui:// resource.
const MCPAppMIMEType = "text/html;profile=mcp-app"

// MCPAppActionTool is the name of the tool the page calls for each A2UI action, with
// the arguments MCPAppActionSchema describes.
const MCPAppActionTool = "action"

// MCPAppActionSchema is the JSON Schema of the action tool's arguments: the action's
// name, its resolved context, and the surface and component it came from.
const MCPAppActionSchema = `{"type":"object","properties":{` +
	`"name":{"type":"string","description":"The action's name."},` +
	`"context":{"type":"object","description":"The action's context, resolved against the data model."},` +
	`"surfaceId":{"type":"string"},"sourceComponentId":{"type":"string"}},"required":["name"]}`

// inlineWasmMarker is the data block of the page make build writes (web/a2ui.js reads
// the wasm from it).
const inlineWasmMarker = `data-a2ui-wasm="base64"`

// MCPApp is the renderer's MCP App page as a ui:// resource.
type MCPApp struct {
	// URI is the resource's uri ("ui://…").
	URI string
	// HTML is the page (dist/a2ui-mcp-app.html).
	HTML []byte
}

// NewMCPApp returns the page html as the resource uri. uri must start with "ui://" and
// html be the page make build writes (dist/a2ui-mcp-app.html, with the wasm inline).
func NewMCPApp(uri string, html []byte) (*MCPApp, error) {
	if !strings.HasPrefix(uri, "ui://") || len(uri) == len("ui://") {
		return nil, fmt.Errorf("agent: an MCP App's resource URI must start with ui://, not %q", uri)
	}
	head := html[:min(len(html), 64)]
	if !bytes.HasPrefix(bytes.ToLower(bytes.TrimSpace(head)), []byte("<!doctype html")) || !bytes.Contains(html, []byte(inlineWasmMarker)) {
		return nil, errors.New("agent: not the renderer's MCP App page (make build writes it to dist/a2ui-mcp-app.html)")
	}
	return &MCPApp{URI: uri, HTML: html}, nil
}

// ReadMCPApp reads the page from path (dist/a2ui-mcp-app.html) for NewMCPApp.
func ReadMCPApp(uri, path string) (*MCPApp, error) {
	html, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("agent: the MCP App page: %w", err)
	}
	return NewMCPApp(uri, html)
}

// Meta is the _meta of the resource, for its resources/list entry and its resources/read
// content: {"ui":{"csp":{"wasmUnsafeEval":true}}}. The spec's CSP (2026-01-26) has no
// way to allow WebAssembly; wasmUnsafeEval is ext-apps PR 667's proposed field, a
// forward-compatible hint that hosts without it ignore. Where the host refuses
// WebAssembly the page shows the tool result's text instead.
func (a *MCPApp) Meta() map[string]any {
	return map[string]any{"ui": map[string]any{"csp": map[string]any{"wasmUnsafeEval": true}}}
}

// ToolMeta is the _meta of a tool whose results the page shows:
// {"ui":{"resourceUri":uri}}.
func (a *MCPApp) ToolMeta() map[string]any {
	return map[string]any{"ui": map[string]any{"resourceUri": a.URI}}
}

// ActionToolMeta is the _meta of the action tool: {"ui":{"visibility":["app"]}}, so the
// page may call it and the model does not see it.
func (a *MCPApp) ActionToolMeta() map[string]any {
	return map[string]any{"ui": map[string]any{"visibility": []string{"app"}}}
}

// ParseAction decodes a call of the action tool: its arguments {name, context,
// surfaceId, sourceComponentId} and its _meta, where the page puts "a2ui" {version,
// actionId, clientCapabilities, clientDataModel}. The result's Action is set; its
// Version, ActionID, Capabilities and DataModels come from _meta (v0.9 when absent).
func (a *MCPApp) ParseAction(arguments json.RawMessage, meta map[string]any) (ClientMessage, error) {
	var args struct {
		Name              string         `json:"name"`
		Context           map[string]any `json:"context"`
		SurfaceID         string         `json:"surfaceId"`
		SourceComponentID string         `json:"sourceComponentId"`
	}
	if err := json.Unmarshal(arguments, &args); err != nil {
		return ClientMessage{}, fmt.Errorf("agent: the action's arguments: %w", err)
	}
	if args.Name == "" {
		return ClientMessage{}, errors.New("agent: the action has no name")
	}
	if args.Context == nil {
		args.Context = map[string]any{}
	}
	m := ClientMessage{Version: V09, Action: &UserAction{Name: args.Name, SurfaceID: args.SurfaceID,
		SourceComponentID: args.SourceComponentID, Context: args.Context}}
	a2ui, _ := meta["a2ui"].(map[string]any)
	if v, ok := a2ui["version"].(string); ok {
		if pv, ok := ParseVersion(v); ok {
			m.Version = pv
		}
	}
	m.Action.ActionID, _ = a2ui["actionId"].(string)
	if c, ok := a2ui["clientCapabilities"]; ok {
		m.Capabilities, _ = json.Marshal(c)
	}
	if dm, ok := a2ui["clientDataModel"].(map[string]any); ok {
		if surfaces, ok := dm["surfaces"].(map[string]any); ok {
			m.DataModels = make(map[string]json.RawMessage, len(surfaces))
			for id, v := range surfaces {
				m.DataModels[id], _ = json.Marshal(v)
			}
		}
	}
	return m, nil
}
