//go:build browser

package browser

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/mcpagent"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpServer is the demo agent over MCP (the official Go SDK, go-sdk v1.8.0) on this
// test's server, with a log of every POST (JSON-RPC method, session header, status) and
// of every tools/call.
type mcpServer struct {
	agent *mcpagent.Agent
	mu    sync.Mutex
	posts []mcpPost
	calls []mcpagent.Call
}

type mcpPost struct {
	Method, Session string
	Status          int
}

// newMCPServer builds the demo agent's MCP side; setup adds tools to its servers.
func newMCPServer(t *testing.T, setup func(*mcp.Server)) *mcpServer {
	t.Helper()
	demo, err := demoagent.NewAgent(repoPath(t, "testdata"), 0)
	if err != nil {
		t.Fatal(err)
	}
	s := &mcpServer{}
	s.agent = mcpagent.New(a2aagent.FromDemo(repoPath(t, "testdata"), demo), mcpagent.Options{Setup: setup,
		OnCall: func(c mcpagent.Call) { s.mu.Lock(); s.calls = append(s.calls, c); s.mu.Unlock() }})
	return s
}

// routes mounts /mcp (SSE responses) and /mcp/json (JSON responses), logged.
func (s *mcpServer) routes() []Route {
	return []Route{{mcpagent.Path, s.logged(s.agent.Handler(mcpagent.Mode{}))},
		{mcpagent.PathJSON, s.logged(s.agent.Handler(mcpagent.Mode{JSON: true}))}}
}

func (s *mcpServer) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var m struct{ Method string }
		_ = json.Unmarshal(body, &m)
		// Logged in the order the requests came (a streamed answer may end after the
		// client's next request), with the status once answered.
		s.mu.Lock()
		i := len(s.posts)
		s.posts = append(s.posts, mcpPost{m.Method, r.Header.Get("Mcp-Session-Id"), 0})
		s.mu.Unlock()
		sw := &statusWriter{ResponseWriter: w, status: 200}
		h.ServeHTTP(sw, r)
		s.mu.Lock()
		s.posts[i].Status = sw.status
		s.mu.Unlock()
	})
}

func (s *mcpServer) log() []mcpPost {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.posts)
}

func (s *mcpServer) toolCalls() []mcpagent.Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

// statusWriter records the status of a response and passes flushes on (SSE).
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) { w.status = code; w.ResponseWriter.WriteHeader(code) }
func (w *statusWriter) Flush()               { w.ResponseWriter.(http.Flusher).Flush() }

// waitLogged is waitJS that, on a timeout, fails t with the page's event log.
func waitLogged(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	if err := waitJSErr(ctx, expr, waitTimeout()); err != nil {
		t.Fatalf("%v\nlog %s", err, evalJSON(ctx, "T.log"))
	}
}

// mcpModes are the two response modes of a stateful go-sdk server.
var mcpModes = []struct{ name, path string }{{"SSE", mcpagent.Path}, {"JSON", mcpagent.PathJSON}}

// TestMCPSurfaces: <a2ui-renderer transport="mcp"> renders the booking surface from a
// resource (resources/read) and from a tool result (tools/call show, text plus an
// EmbeddedResource), with SSE and with JSON responses; the tool's text fires a2ui-text.
func TestMCPSurfaces(t *testing.T) {
	t.Parallel()
	for _, m := range mcpModes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			requireBuilt(t)
			srv := newMCPServer(t, nil)
			base := serve(t, append(srv.routes(), rendererPageWith("/mcp.html", a2aListeners+
				`<a2ui-renderer id="res" agent="`+m.path+`" transport="mcp" resource="a2ui://booking"></a2ui-renderer>`+
				`<a2ui-renderer id="tool" agent="`+m.path+`" transport="mcp" tool="show" arguments='{"sample":"booking"}'></a2ui-renderer>`))...)
			ctx := newTab(t)
			navigate(ctx, base+"/mcp.html")
			for _, id := range []string{"res", "tool"} {
				waitLogged(t, ctx, `T.rr("`+id+`") && T.qa("`+id+`", "button").length === 1`)
				flush(ctx, id)
				if got, want := hostText(ctx, id), "Book a tableNameDateGuestsBook"; got != want {
					t.Errorf("#%s text = %q, want %q", id, got, want)
				}
			}
			waitJS(ctx, `T.events("tool", "a2ui-text").length === 1`)
			if got := evalJSON(ctx, `T.events("tool", "a2ui-text")`); got != `[{"text":"Here is booking."}]` {
				t.Errorf("a2ui-text = %s", got)
			}
			if errs := append(events(ctx, "res", "a2ui-error"), events(ctx, "tool", "a2ui-error")...); len(errs) > 0 {
				t.Errorf("a2ui-error events: %s", errs)
			}
			calls := srv.toolCalls()
			if len(calls) != 1 || calls[0].Tool != "show" || string(calls[0].Arguments) != `{"sample":"booking"}` {
				t.Errorf("tool calls = %+v", calls)
			}
			var meta struct {
				ClientCapabilities map[string]json.RawMessage `json:"clientCapabilities"`
			}
			if err := json.Unmarshal(calls[0].A2UI, &meta); err != nil || !strings.Contains(string(meta.ClientCapabilities["v0.9"]), `"`+demoagent.BasicCatalogV09+`"`) {
				t.Errorf("_meta.a2ui = %s", calls[0].A2UI)
			}
		})
	}
}

// TestMCPActionAfterSessionLoss: the server forgets the session while the form is on
// screen; the click reaches the "action" tool anyway (404, initialize, the same call
// again) with exactly {name, context, surfaceId, sourceComponentId}, the follow-up
// surface renders and the page sees no error.
func TestMCPActionAfterSessionLoss(t *testing.T) {
	t.Parallel()
	for _, m := range mcpModes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			requireBuilt(t)
			srv := newMCPServer(t, nil)
			base := serve(t, append(srv.routes(), rendererPageWith("/mcp.html", a2aListeners+
				`<a2ui-renderer id="agent" agent="`+m.path+`" transport="mcp" resource="a2ui://booking"></a2ui-renderer>`))...)
			ctx := newTab(t)
			navigate(ctx, base+"/mcp.html")
			waitJS(ctx, `T.rr("agent") && T.qa("agent", "button").length === 1`)
			evalJSON(ctx, `(T.qa("agent", "[data-a2ui-control]").forEach((c, i) => { c.id = "field-" + i; }), true)`)
			typeIn(ctx, "agent", "#field-0", "Ada Lovelace", false)
			waitJS(ctx, `T.rr("agent").dataModel("booking").booking.name === "Ada Lovelace"`)
			session := srv.log()[0].Session
			if n := srv.agent.Forget(); n != 1 {
				t.Fatalf("the server had %d sessions, want 1", n)
			}

			clickIn(ctx, "agent", "button.a2ui-button")
			waitJS(ctx, `T.text("agent").includes("Booking confirmed") && !T.q("agent", "section.a2ui-surface[data-surface-id=booking]")`)
			flush(ctx, "agent")
			if got, want := hostText(ctx, "agent"), "Booking confirmedNameAda LovelaceDate2026-12-24Guests2"; got != want {
				t.Errorf("confirmation = %q, want %q", got, want)
			}
			calls := srv.toolCalls()
			if len(calls) != 1 || calls[0].Tool != "action" {
				t.Fatalf("tool calls = %+v", calls)
			}
			if got, want := string(calls[0].Arguments), `{"name":"submitBooking","context":{"name":"Ada Lovelace","date":"2026-12-24","guests":"2"},"surfaceId":"booking","sourceComponentId":"submit-btn"}`; got != want {
				t.Errorf("action arguments:\n got  %s\n want %s", got, want)
			}
			if calls[0].Session == session || calls[0].Session == "" {
				t.Errorf("the action ran in session %q (the forgotten one was %q)", calls[0].Session, session)
			}
			var trail []string
			for _, p := range srv.log() {
				if p.Method != "" { // not the answer to a ping (SSE)
					trail = append(trail, p.Method+" "+http.StatusText(p.Status))
				}
			}
			if got, want := strings.Join(trail, ", "), "initialize OK, notifications/initialized Accepted, resources/list OK, resources/read OK, "+
				"tools/list Not Found, initialize OK, notifications/initialized Accepted, tools/list OK, tools/call OK"; got != want {
				t.Errorf("requests:\n got  %s\n want %s", got, want)
			}
			if errs := events(ctx, "agent", "a2ui-error"); len(errs) > 0 {
				t.Errorf("a2ui-error events: %s", errs)
			}
			if got := evalJSON(ctx, `T.q("agent", ".a2ui-notice") === null`); got != "true" {
				t.Errorf("a notice shows: %s", evalJSON(ctx, `T.q("agent", ".a2ui-notice").textContent`))
			}
		})
	}
}

// mixedArgs are the arguments of the last "mixed" call.
var mixedArgs struct {
	sync.Mutex
	last string
}

// mixedTools adds "mixed" (an A2UI resource for the user and one for the model only) and
// "fail" (isError) to a server.
func mixedTools(s *mcp.Server) {
	note := func(id, text string) string {
		return `[{"version":"v0.9","createSurface":{"surfaceId":"` + id + `","catalogId":"` + demoagent.BasicCatalogV09 + `"}},` +
			`{"version":"v0.9","updateComponents":{"surfaceId":"` + id + `","components":[{"id":"root","component":"Text","text":"` + text + `"}]}}]`
	}
	s.AddTool(&mcp.Tool{Name: "mixed", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			mixedArgs.Lock()
			mixedArgs.last = string(req.Params.Arguments)
			mixedArgs.Unlock()
			res := mcpagent.Result("Two surfaces, one for you.", "a2ui://shown", note("shown", "Shown to the user"))
			res.Content = append(res.Content,
				&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "a2ui://model", MIMEType: mcpagent.MIMEType, Text: note("model-only", "For the model only")},
					Annotations: &mcp.Annotations{Audience: []mcp.Role{"assistant"}}},
				&mcp.TextContent{Text: "A summary for the model.", Annotations: &mcp.Annotations{Audience: []mcp.Role{"assistant"}}})
			return res, nil
		})
	s.AddTool(&mcp.Tool{Name: "fail", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "The kitchen is closed."}}}, nil
		})
}

// TestMCPAudienceAndToolError: A2UI.mount(el, {agent, transport: "mcp", tool, arguments})
// renders the user's resource of a result but not the one whose audience is
// ["assistant"] (nor its text); a result with isError shows its text as an alert and
// fires a2ui-error MCP_TOOL_ERROR.
func TestMCPAudienceAndToolError(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	srv := newMCPServer(t, mixedTools)
	base := serve(t, append(srv.routes(), rendererPageWith(rendererPagePath, a2aListeners))...)
	ctx := openRenderer(t, base, `{agent: "/mcp", transport: "mcp", tool: "mixed", arguments: {why: "test"}}`)
	waitJS(ctx, `T.text("host").includes("Shown to the user")`)
	flush(ctx, "host")
	if got := hostText(ctx, "host"); got != "Shown to the user" {
		t.Errorf("text = %q", got)
	}
	if got := evalJSON(ctx, `T.rr("host").surfaces()`); got != `["shown"]` {
		t.Errorf("surfaces = %s", got)
	}
	if got := evalJSON(ctx, `T.events("host", "a2ui-text")`); got != `[{"text":"Two surfaces, one for you."}]` {
		t.Errorf("a2ui-text = %s", got)
	}
	mixedArgs.Lock()
	if mixedArgs.last != `{"why":"test"}` {
		t.Errorf("mixed called with %s", mixedArgs.last)
	}
	mixedArgs.Unlock()

	evalJSON(ctx, `T.mount("failing", {agent: "/mcp/json", transport: "mcp", tool: "fail"})`)
	waitJS(ctx, `T.q("failing", ".a2ui-notice") !== null`)
	if got := evalJSON(ctx, `[T.q("failing", ".a2ui-notice").getAttribute("role"), T.q("failing", ".a2ui-notice").textContent]`); got != `["alert","The kitchen is closed."]` {
		t.Errorf("notice = %s", got)
	}
	if got := evalJSON(ctx, `T.events("failing", "a2ui-error")`); got != `[{"error":{"code":"MCP_TOOL_ERROR","message":"The kitchen is closed."}}]` {
		t.Errorf("a2ui-error = %s", got)
	}
	if got := evalJSON(ctx, `T.events("failing", "a2ui-text").length`); got != "0" {
		t.Errorf("an error's text fired a2ui-text")
	}
	// send() has no MCP meaning: it throws, saying so.
	if got := evalJSON(ctx, `(() => { try { T.rr("host").send("hi"); return "no error"; } catch (e) { return e.message; } })()`); got != `"a2ui: send() is not available with transport \"mcp\": MCP has no user turns (actions call the server's tools)"` {
		t.Errorf("send() = %s", got)
	}
}

// formServer is a go-sdk server with resource a2ui://form (a Button whose action is
// "send" with context {who}) and the given tools, each recording its arguments.
func formServer(t *testing.T, tools ...string) (http.Handler, func() []string) {
	var mu sync.Mutex
	var got []string
	srv := mcp.NewServer(&mcp.Implementation{Name: "form", Version: "1"}, nil)
	form := `[{"version":"v0.9","createSurface":{"surfaceId":"form","catalogId":"` + demoagent.BasicCatalogV09 + `"}},` +
		`{"version":"v0.9","updateDataModel":{"surfaceId":"form","path":"/who","value":"Ada"}},` +
		`{"version":"v0.9","updateComponents":{"surfaceId":"form","components":[{"id":"root","component":"Button","child":"t","action":{"event":{"name":"send","context":{"who":{"path":"/who"}}}}},{"id":"t","component":"Text","text":"Send"}]}}]`
	srv.AddResource(&mcp.Resource{URI: "a2ui://form", Name: "form", MIMEType: mcpagent.MIMEType},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "a2ui://form", MIMEType: mcpagent.MIMEType, Text: form}}}, nil
		})
	for _, name := range tools {
		srv.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				mu.Lock()
				got = append(got, req.Params.Name+" "+string(req.Params.Arguments))
				mu.Unlock()
				return mcpagent.Result("Sent.", "a2ui://sent", `{"version":"v0.9","deleteSurface":{"surfaceId":"form"}}`), nil
			})
	}
	h := mcpagent.CORS("", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	return h, func() []string { mu.Lock(); defer mu.Unlock(); return slices.Clone(got) }
}

// TestMCPActionRouting: without an "action" tool, a click calls the tool named like the
// action with the context as its arguments; without either, it is refused: a2ui-error
// MCP_ACTION_REFUSED, an alert, and the Button shows the failure (a2ui-action-failed).
func TestMCPActionRouting(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	named, namedCalls := formServer(t, "send")
	none, noneCalls := formServer(t, "other")
	base := serve(t, Route{"/named", named}, Route{"/none", none}, rendererPageWith("/mcp.html",
		`<a2ui-renderer id="named" agent="/named" transport="mcp" resource="a2ui://form"></a2ui-renderer>`+
			`<a2ui-renderer id="none" agent="/none" transport="mcp" resource="a2ui://form"></a2ui-renderer>`))
	ctx := newTab(t)
	navigate(ctx, base+"/mcp.html")

	waitLogged(t, ctx, `T.rr("none") && T.qa("none", "button").length === 1 && T.rr("named") && T.qa("named", "button").length === 1`)
	clickIn(ctx, "none", "button.a2ui-button")
	waitLogged(t, ctx, `T.events("none", "a2ui-action-failed").length === 1`)
	want := `the MCP server has no tool for the action "send" (neither "action" nor "send")`
	if got := evalJSON(ctx, `T.events("none", "a2ui-error")`); got != `[{"error":{"code":"MCP_ACTION_REFUSED","message":`+jsString(want)+`}}]` {
		t.Errorf("a2ui-error = %s", got)
	}
	if got := evalJS[string](ctx, `T.q("none", ".a2ui-notice[role=alert]").textContent`); got != "The action could not be sent: "+want {
		t.Errorf("notice = %q", got)
	}
	if got := evalJS[string](ctx, `T.events("none", "a2ui-action-failed")[0].message`); got != want {
		t.Errorf("a2ui-action-failed message = %q", got)
	}
	if got := noneCalls(); len(got) != 0 {
		t.Errorf("calls = %q", got)
	}

	// (After the refusal, which moves nothing above the named form's Button.)
	waitJS(ctx, `T.rr("named") && T.qa("named", "button").length === 1`)
	clickIn(ctx, "named", "button.a2ui-button")
	waitJS(ctx, `T.rr("named").surfaces().length === 0`)
	if got := namedCalls(); !slices.Equal(got, []string{`send {"who":"Ada"}`}) {
		t.Errorf("calls = %q", got)
	}
}

// TestMCPNodeServer: the same element against a server built with the official
// TypeScript SDK (@modelcontextprotocol/sdk McpServer + StreamableHTTPServerTransport,
// another origin, CORS): resource and tool result render, the audience ["assistant"]
// resource does not, a click calls "action" with the exact arguments and _meta.a2ui,
// after the server forgot the session a click still goes through, and isError alerts.
func TestMCPNodeServer(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	t.Parallel()
	requireBuilt(t)
	cmd := exec.Command(node, "mcp_node_server.mjs")
	cmd.Dir = repoPath(t, "tests/browser/testdata")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = &bytes.Buffer{}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	port, ok := strings.CutPrefix(strings.TrimSpace(line), "listening ")
	if err != nil || !ok {
		t.Fatalf("node server: %q %v %s", line, err, cmd.Stderr)
	}
	mcpURL := "http://127.0.0.1:" + port
	calls := func() []map[string]json.RawMessage {
		resp, err := http.Get(mcpURL + "/calls")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v []map[string]json.RawMessage
		json.NewDecoder(resp.Body).Decode(&v)
		return v
	}

	base := serve(t, rendererPageWith("/mcp.html", a2aListeners+
		`<a2ui-renderer id="res" agent="`+mcpURL+`/mcp" transport="mcp" resource="a2ui://form"></a2ui-renderer>`+
		`<a2ui-renderer id="tool" agent="`+mcpURL+`/mcp/json" transport="mcp" tool="show" arguments='{"sample":"form"}'></a2ui-renderer>`+
		`<a2ui-renderer id="fail" agent="`+mcpURL+`/mcp/json" transport="mcp" tool="fail"></a2ui-renderer>`))
	ctx := newTab(t)
	navigate(ctx, base+"/mcp.html")
	for _, id := range []string{"res", "tool"} {
		waitLogged(t, ctx, `T.rr("`+id+`") && T.qa("`+id+`", "button").length === 1`)
		flush(ctx, id)
		if got := hostText(ctx, id); got != "Node formSend" {
			t.Errorf("#%s text = %q", id, got)
		}
	}
	if got := evalJSON(ctx, `[T.rr("tool").surfaces(), T.events("tool", "a2ui-text")]`); got != `[["nform"],[{"text":"Here is the Node form."}]]` {
		t.Errorf("tool surfaces and text = %s", got)
	}
	waitJS(ctx, `T.q("fail", ".a2ui-notice") !== null`)
	if got := evalJS[string](ctx, `T.q("fail", ".a2ui-notice[role=alert]").textContent`); got != "The Node kitchen is closed." {
		t.Errorf("fail notice = %q", got)
	}

	clickIn(ctx, "res", "button.a2ui-button")
	waitJS(ctx, `T.text("res").includes("Thanks, Ada (1)")`)
	c := calls()
	var action map[string]json.RawMessage
	for _, call := range c {
		if string(call["name"]) == `"action"` {
			action = call
		}
	}
	if action == nil {
		t.Fatalf("no action call: %v", c)
	}
	if got, want := string(action["arguments"]), `{"name":"send","context":{"who":"Ada"},"surfaceId":"nform","sourceComponentId":"send"}`; got != want {
		t.Errorf("action arguments:\n got  %s\n want %s", got, want)
	}
	if !strings.Contains(string(action["_meta"]), `"a2ui":{"clientCapabilities":{`) {
		t.Errorf("_meta = %s", action["_meta"])
	}

	// The server forgets every session: the next click initializes again, unnoticed.
	resp, err := http.Post(mcpURL+"/forget", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	n := len(calls())
	// The answer re-rendered the Send button under the resting pointer: it takes a
	// click once it has re-armed.
	clickReady(ctx, "res", "button.a2ui-button")
	waitLogged(t, ctx, `T.text("res").includes("Thanks, Ada (2)")`)
	if got := len(calls()); got != n+1 {
		t.Errorf("%d calls after the second click, want %d", got, n+1)
	}
	if errs := append(events(ctx, "res", "a2ui-error"), events(ctx, "tool", "a2ui-error")...); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestMCPGalleryLive: the gallery with ?live=mcp plays a demo sample from the demo
// agent's MCP endpoint (resource a2ui://booking) and its action tool answers the click.
func TestMCPGalleryLive(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	srv := newMCPServer(t, nil)
	base := serve(t, srv.routes()...)
	ctx := newTab(t)
	navigate(ctx, base+"/index.html?sample=demo-booking&live=mcp")
	const stage = `document.querySelector("#stage a2ui-renderer, a2ui-renderer.renderer")`
	waitJS(ctx, stage+` && `+stage+`.getAttribute("transport") === "mcp" && `+stage+`.renderer && `+stage+`.shadowRoot.textContent.includes("Book a table")`)
	if got := evalJSON(ctx, `[`+stage+`.getAttribute("agent"), `+stage+`.getAttribute("resource")]`); got != `["mcp","a2ui://booking"]` {
		t.Errorf("stage renderer = %s", got)
	}
	evalJSON(ctx, `(`+stage+`.id = "gallery-stage", true)`)
	clickIn(ctx, "gallery-stage", "button.a2ui-button")
	waitJS(ctx, stage+`.shadowRoot.textContent.includes("Please enter a name.")`)
	if calls := srv.toolCalls(); len(calls) != 1 || calls[0].Tool != "action" {
		t.Errorf("tool calls = %+v", calls)
	}
}
