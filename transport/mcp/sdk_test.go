package mcp

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// sdkServer is a server built with the official Go SDK (go-sdk v1.8.0): a listed resource,
// a resource listed for the model only, tools "show" and "action". It records tool calls.
type sdkServer struct {
	srv   *mcp.Server
	mu    sync.Mutex
	calls []*mcp.CallToolParamsRaw
	inits int
}

func newSDKServer(ping bool) *sdkServer {
	s := &sdkServer{}
	s.srv = mcp.NewServer(&mcp.Implementation{Name: "t", Version: "1"}, &mcp.ServerOptions{
		InitializedHandler: func(context.Context, *mcp.InitializedRequest) { s.mu.Lock(); s.inits++; s.mu.Unlock() },
	})
	res := func(uri, text string) mcp.ResourceHandler {
		return func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/a2ui+json", Text: text}}}, nil
		}
	}
	s.srv.AddResource(&mcp.Resource{URI: "a2ui://form", Name: "form", MIMEType: "application/a2ui+json"}, res("a2ui://form", formPayload))
	s.srv.AddResource(&mcp.Resource{URI: "a2ui://model", Name: "model", MIMEType: "application/a2ui+json",
		Annotations: &mcp.Annotations{Audience: []mcp.Role{"assistant"}}}, res("a2ui://model", formPayload))
	tool := func(name string, result *mcp.CallToolResult) {
		s.srv.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				s.mu.Lock()
				s.calls = append(s.calls, req.Params)
				s.mu.Unlock()
				if ping {
					if err := req.Session.Ping(ctx, nil); err != nil {
						return nil, err
					}
				}
				return result, nil
			})
	}
	embedded := func(aud mcp.Role, text string) *mcp.EmbeddedResource {
		return &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "a2ui://x", MIMEType: "application/a2ui+json", Text: text},
			Annotations: &mcp.Annotations{Audience: []mcp.Role{aud}}}
	}
	tool("show", &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Here is the form."},
		embedded("user", formPayload), embedded("assistant", `{"version":"v0.9","deleteSurface":{"surfaceId":"model"}}`)}})
	tool("action", &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Booked."},
		embedded("user", `{"messages":[{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}]}`)}})
	return s
}

func (s *sdkServer) recorded() []*mcp.CallToolParamsRaw {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

// forget closes every session, as an expiring server does.
func (s *sdkServer) forget() {
	var all []*mcp.ServerSession
	for ss := range s.srv.Sessions() {
		all = append(all, ss)
	}
	for _, ss := range all {
		ss.Close()
	}
}

// Against go-sdk in each response mode: the resource and the tool result render (the
// model-only ones do not), an action calls "action" with exactly {name, context,
// surfaceId, sourceComponentId} and _meta.a2ui, and after the server forgot the session
// the next action initializes again and goes through.
func TestGoSDKServer(t *testing.T) {
	for _, mode := range []struct {
		name              string
		json, stateless   bool
		ping, sessionless bool
	}{
		{name: "SSE", ping: true},
		{name: "JSON", json: true},
		{name: "stateless", json: true, stateless: true, sessionless: true},
	} {
		t.Run(mode.name, func(t *testing.T) {
			s := newSDKServer(mode.ping)
			h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.srv },
				&mcp.StreamableHTTPOptions{JSONResponse: mode.json, Stateless: mode.stateless})
			srv := httptest.NewServer(h)
			defer srv.Close()
			c, l, r, _ := newClient(srv.URL)

			if err := wait(l, func(d func(error)) { c.Read("a2ui://form", d) }); err != nil {
				t.Fatal(err)
			}
			if len(r.lines) != 2 || !strings.Contains(r.lines[0], `"createSurface"`) {
				t.Fatalf("resource lines = %q", r.lines)
			}
			if (c.Session() == "") != mode.sessionless {
				t.Errorf("session = %q", c.Session())
			}
			if err := wait(l, func(d func(error)) { c.Read("a2ui://model", d) }); err != nil {
				t.Fatal(err)
			}
			if len(r.lines) != 2 {
				t.Errorf("the model-only resource rendered: %q", r.lines[2:])
			}

			r.lines = nil
			if err := wait(l, func(d func(error)) { c.Call("show", `{"sample":"form"}`, d) }); err != nil {
				t.Fatal(err)
			}
			if len(r.lines) != 2 || strings.Contains(strings.Join(r.lines, ""), `"model"`) {
				t.Errorf("tool lines = %q", r.lines)
			}
			if !slices.Contains(r.events, `a2ui-text {"text":"Here is the form."}`) {
				t.Errorf("events = %q", r.events)
			}

			r.lines = nil
			if err := wait(l, func(d func(error)) { c.Action([]byte(clickMessage), d) }); err != nil {
				t.Fatal(err)
			}
			calls := s.recorded()
			last := calls[len(calls)-1]
			if last.Name != "action" || string(last.Arguments) != `{"name":"book","context":{"n":2,"who":"Ada"},"surfaceId":"s","sourceComponentId":"btn"}` {
				t.Errorf("action call = %s %s", last.Name, last.Arguments)
			}
			meta, _ := json.Marshal(last.Meta["a2ui"])
			if string(meta) != `{"clientCapabilities":{"supportedCatalogIds":["c1"],"v0.9":{"supportedCatalogIds":["c1"]}}}` {
				t.Errorf("_meta.a2ui = %s", meta)
			}
			if !slices.Equal(r.lines, []string{`{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}`}) {
				t.Errorf("follow-up lines = %q", r.lines)
			}
			if mode.sessionless {
				return
			}

			before := c.Session()
			s.forget()
			if err := wait(l, func(d func(error)) { c.Action([]byte(clickMessage), d) }); err != nil {
				t.Fatalf("after the server forgot the session: %v", err)
			}
			if c.Session() == before || c.Session() == "" {
				t.Errorf("session %q after re-initialize (was %q)", c.Session(), before)
			}
			s.mu.Lock()
			inits := s.inits
			s.mu.Unlock()
			if inits != 2 || len(s.recorded()) != len(calls)+1 {
				t.Errorf("%d initializations, %d calls", inits, len(s.recorded()))
			}
			if len(r.errorCodes()) != 0 || r.lastNotice() != "" {
				t.Errorf("the page noticed: %q %q", r.errorCodes(), r.lastNotice())
			}
		})
	}
}
