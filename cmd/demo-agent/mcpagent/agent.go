package mcpagent

import (
	"bytes"
	"context"
	"encoding/json"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Script is the seam to the scripted agent logic (a2aagent.FromDemo satisfies it). Its
// methods may be called from several goroutines at once.
type Script interface {
	// Sample returns the messages (one JSON document each) of the named sample.
	Sample(name string) ([][]byte, error)
	// Respond answers one A2UI client message (a v0.9 action, with the client data
	// model, when sent, in "metadata":{"a2uiClientDataModel":…}) with follow-ups.
	Respond(message []byte) ([][]byte, error)
}

// MIMEType marks the A2UI payloads the agent serves.
const MIMEType = "application/a2ui+json"

// Paths Mount serves.
const (
	Path          = "/mcp"           // stateful, SSE responses (a ping before each tool answer)
	PathJSON      = "/mcp/json"      // stateful, JSON responses
	PathStateless = "/mcp/stateless" // stateless, JSON responses
)

// Call is what the agent saw of one tools/call, for tests and logs.
type Call struct {
	Tool      string
	Arguments json.RawMessage
	// A2UI is the call's _meta.a2ui (clientCapabilities, clientDataModel), nil if absent.
	A2UI json.RawMessage
	// Session is the MCP session id ("" when stateless).
	Session string
}

// Options configure an Agent.
type Options struct {
	// Samples are served as resources a2ui://<name> and offered by "show" (default
	// "booking", "tasks").
	Samples []string
	// OnCall, when set, is called with every tools/call before it is answered.
	OnCall func(Call)
	// Setup, when set, is called with every server New builds (tests add tools).
	Setup func(*mcp.Server)
}

// Mode is a handler's Streamable HTTP flavour.
type Mode struct {
	JSON      bool // answer with application/json instead of text/event-stream
	Stateless bool // no sessions (every request stands alone)
}

// Agent is the demo agent's MCP side.
type Agent struct {
	script Script
	opts   Options

	mu      sync.Mutex
	servers []*mcp.Server
}

// New returns the agent of script.
func New(script Script, opts Options) *Agent {
	if len(opts.Samples) == 0 {
		opts.Samples = []string{"booking", "tasks"}
	}
	return &Agent{script: script, opts: opts}
}

// Mount serves the three handlers at Path, PathJSON and PathStateless.
func (a *Agent) Mount(mux *http.ServeMux) {
	mux.Handle(Path, a.Handler(Mode{}))
	mux.Handle(PathJSON, a.Handler(Mode{JSON: true}))
	mux.Handle(PathStateless, a.Handler(Mode{JSON: true, Stateless: true}))
}

// Handler returns a Streamable HTTP handler in mode m, behind CORS for any origin.
func (a *Agent) Handler(m Mode) http.Handler {
	srv := a.newServer(!m.JSON && !m.Stateless)
	a.mu.Lock()
	a.servers = append(a.servers, srv)
	a.mu.Unlock()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{JSONResponse: m.JSON, Stateless: m.Stateless})
	return CORS("*", h)
}

// Forget closes every session of every handler, as a restarted or expiring server
// would: the next request of a client in one gets 404. It returns how many it closed.
func (a *Agent) Forget() int {
	a.mu.Lock()
	servers := append([]*mcp.Server(nil), a.servers...)
	a.mu.Unlock()
	n := 0
	for _, srv := range servers {
		var open []*mcp.ServerSession
		for ss := range srv.Sessions() {
			open = append(open, ss)
		}
		for _, ss := range open {
			ss.Close()
			n++
		}
	}
	return n
}

// newServer builds one MCP server: the sample resources and the show and action tools;
// ping makes the tools ping the client before answering (on an SSE response stream).
func (a *Agent) newServer(ping bool) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "a2ui-demo-agent", Version: "1.0.0"}, nil)
	for _, name := range a.opts.Samples {
		uri := "a2ui://" + name
		srv.AddResource(&mcp.Resource{URI: uri, Name: name, MIMEType: MIMEType,
			Description: "The " + name + " demo as A2UI v0.9 messages",
			Annotations: &mcp.Annotations{Audience: []mcp.Role{"user"}}},
			func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				text, err := a.sample(name)
				if err != nil {
					return nil, mcp.ResourceNotFoundError(req.Params.URI)
				}
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: MIMEType, Text: text}}}, nil
			})
	}
	srv.AddTool(&mcp.Tool{Name: "show", Description: "Shows a demo (booking or tasks) as an A2UI surface.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"sample":{"type":"string"}},"required":["sample"]}`)},
		a.traced(ping, a.show))
	srv.AddTool(&mcp.Tool{Name: "action", Description: "Takes the user's action on an A2UI surface.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"},"context":{"type":"object"},` +
			`"surfaceId":{"type":"string"},"sourceComponentId":{"type":"string"}},"required":["name"]}`)},
		a.traced(ping, a.action))
	if a.opts.Setup != nil {
		a.opts.Setup(srv)
	}
	return srv
}

// traced reports the call to OnCall and pings the client first when ping is set.
func (a *Agent) traced(ping bool, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if a.opts.OnCall != nil {
			a.opts.OnCall(CallOf(req))
		}
		if ping {
			if err := req.Session.Ping(ctx, nil); err != nil {
				log.Printf("mcpagent: ping: %v", err)
			}
		}
		return h(ctx, req)
	}
}

// CallOf describes a tools/call request (Options.OnCall).
func CallOf(req *mcp.CallToolRequest) Call {
	c := Call{Tool: req.Params.Name, Arguments: req.Params.Arguments, Session: req.Session.ID()}
	if v, ok := req.Params.Meta["a2ui"]; ok {
		c.A2UI, _ = json.Marshal(v)
	}
	return c
}

// sample is the named sample as a JSON array of messages.
func (a *Agent) sample(name string) (string, error) {
	lines, err := a.script.Sample(name)
	if err != nil {
		return "", err
	}
	return "[" + string(bytes.Join(lines, []byte(","))) + "]", nil
}

// show answers {"sample"} with a text for models and clients without A2UI, and the
// sample as an EmbeddedResource for the user.
func (a *Agent) show(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct {
		Sample string `json:"sample"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil || in.Sample == "" {
		return errorResult("show needs a sample name"), nil
	}
	text, err := a.sample(in.Sample)
	if err != nil {
		return errorResult("There is no sample " + in.Sample + "."), nil
	}
	return Result("Here is "+in.Sample+".", "a2ui://"+in.Sample, text), nil
}

// action answers {name, context, surfaceId, sourceComponentId} with the script's
// follow-up messages, the client data model (_meta.a2ui.clientDataModel) passed on.
func (a *Agent) action(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct {
		Name              string          `json:"name"`
		Context           json.RawMessage `json:"context"`
		SurfaceID         string          `json:"surfaceId"`
		SourceComponentID string          `json:"sourceComponentId"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil || in.Name == "" {
		return errorResult("action needs {name, context, surfaceId, sourceComponentId}"), nil
	}
	if len(in.Context) == 0 {
		in.Context = json.RawMessage(`{}`)
	}
	msg := map[string]any{"version": "v0.9", "action": map[string]any{
		"name": in.Name, "surfaceId": in.SurfaceID, "sourceComponentId": in.SourceComponentID,
		"timestamp": time.Now().UTC().Format(time.RFC3339Nano), "context": in.Context}}
	if m, ok := req.Params.Meta["a2ui"].(map[string]any); ok && m["clientDataModel"] != nil {
		msg["metadata"] = map[string]any{"a2uiClientDataModel": m["clientDataModel"]}
	}
	body, _ := json.Marshal(msg)
	out, err := a.script.Respond(body)
	if err != nil {
		return errorResult("The action " + in.Name + " was not understood: " + err.Error()), nil
	}
	if len(out) == 0 {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Nothing changes for " + in.Name + "."}}}, nil
	}
	return Result("Took "+in.Name+".", "a2ui://action/"+in.Name, "["+string(bytes.Join(out, []byte(",")))+"]"), nil
}

// Result is a tool result the A2UI guide's way: a TextContent for clients without A2UI,
// and the messages (a JSON array) as an EmbeddedResource for the user.
func Result(text, uri, messages string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{
		&mcp.TextContent{Text: text},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: uri, MIMEType: MIMEType, Text: messages},
			Annotations: &mcp.Annotations{Audience: []mcp.Role{"user"}}},
	}}
}

func errorResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
