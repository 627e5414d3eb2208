//go:build js && wasm

package webhost

import (
	"time"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
	"github.com/a2ui-go/a2ui/transport/mcp"
)

// startMCP connects jr to the MCP server at agent (transport "mcp"; its Streamable HTTP
// endpoint, an absolute URL): resource, when not "", is read and tool, when not "", is
// called with args (a JSON object's text), each applying the A2UI it returns. UI goroutine.
func (jr *jsRenderer) startMCP(agent, resource, tool, args string) {
	hooks := mcp.Hooks{
		Open:   func(quiet bool) mcp.Stream { return jr.openTurn(quiet) },
		Emit:   jr.Emit,
		Notice: jr.notice,
	}
	jr.agentURL = agent
	jr.mcp = mcp.NewClient(mcpFetch{jr}, hooks, agent, mcp.Options{
		Capabilities: jr.r.Capabilities, DataModel: jr.r.ClientDataModel})
	if resource != "" {
		jr.mcp.Read(resource, nil)
	}
	if tool != "" {
		jr.mcp.Call(tool, args, nil)
	}
}

// mcpFetch is the MCP client's transport: fetch (a POST, or the DELETE ending the
// session), its body read through the ReadableStream reader on a goroutine, every
// callback posted to the UI goroutine.
type mcpFetch struct{ jr *jsRenderer }

func (t mcpFetch) Do(req mcp.Request, sink mcp.Sink) {
	method := req.Method
	if method == "" {
		method = "POST"
	}
	t.jr.fetchBody(req.URL, method, req.Body, req.Headers, func(status int, res safejs.Value) {
		sink.Start(status, contentType(res), header(res, "mcp-session-id"))
	}, sink.Chunk, sink.End)
}

// header is a fetch Response's header name ("" when absent or not exposed by CORS).
func header(res safejs.Value, name string) string {
	h, err := res.Get("headers")
	if err != nil {
		return ""
	}
	v, err := h.Call("get", name)
	if err != nil || v.Type() != safejs.TypeString {
		return ""
	}
	s, _ := v.String()
	return s
}

// mcpAction sends an action as a tools/call (see mcp.Client.Action); done learns the
// outcome, or a timeout when the server has not answered within timeout. UI goroutine.
func (jr *jsRenderer) mcpAction(body []byte, timeout time.Duration, done func(error)) {
	jr.mcp.Action(body, jr.within(timeout, done))
}

// mcpSend delivers a message the renderer does not POST itself: an error report goes to
// the server's "error" tool (when it has one); other messages have no MCP counterpart.
func (jr *jsRenderer) mcpSend(body []byte, errorReport bool) {
	if errorReport {
		jr.mcp.Report(body)
	}
}

// endMCP ends the MCP session, if any, when the renderer is destroyed (mcp.Client.Close:
// a DELETE with the session header; its outcome is not waited for). UI goroutine,
// before jr.destroyed is set.
func (jr *jsRenderer) endMCP() {
	if jr.mcp != nil {
		jr.mcp.Close(nil)
	}
}
