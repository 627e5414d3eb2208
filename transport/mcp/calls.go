package mcp

import (
	"errors"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/transport/internal/wire"
)

// Error codes of the a2ui-error events the client fires (shown on the page, never sent
// to the server).
const (
	CodeConnect       = "MCP_CONNECT"        // the session could not be initialized
	CodeRPC           = "MCP_ERROR"          // a JSON-RPC error response (mcpCode)
	CodeToolError     = "MCP_TOOL_ERROR"     // a tools/call result with isError
	CodeHTTP          = "MCP_HTTP"           // an HTTP status, a network failure, no response
	CodeBadMessage    = "MCP_BAD_MESSAGE"    // an unreadable message or A2UI payload (skipped)
	CodeActionRefused = "MCP_ACTION_REFUSED" // no tool to take the action
	CodeArguments     = "MCP_ARGUMENTS"      // the tool arguments are not a JSON object
)

// maxPages bounds the pages of tools/list and resources/list read; maxLinks the A2UI
// resource links of one result that are read.
const (
	maxPages = 32
	maxLinks = 16
)

// Read reads the resource uri (resources/read) and applies its A2UI. A listed resource
// whose annotations.audience excludes the user is skipped (resources/list is read first
// when the server has resources). done, when not nil, learns the outcome.
func (c *Client) Read(uri string, done func(error)) {
	c.withListed(func() {
		params := func() []byte { return append(protocol.AppendJSON([]byte(`{"uri":`), uri), '}') }
		c.request("resources/read", params, func(result []byte, err error) {
			var ct Content
			if err == nil {
				ct, err = ReadResourceResult(result, func(u string) bool { return c.hidden[u] })
			}
			if err != nil {
				c.fail(err, false)
			} else {
				err = c.apply(ct, false)
			}
			if done != nil {
				done(err)
			}
		})
	})
}

// Call calls tool name with args (a JSON object, as text; "" is {}) and applies the A2UI
// of its result. Arguments that are not a JSON object are refused (MCP_ARGUMENTS). done,
// when not nil, learns the outcome.
func (c *Client) Call(name, args string, done func(error)) {
	if strings.TrimSpace(args) == "" {
		args = "{}"
	}
	if _, ok := wire.Object([]byte(strings.TrimSpace(args))); !ok {
		msg := "the arguments of tool " + strconv.Quote(name) + " must be a JSON object, got " + clip(args)
		c.emitError(CodeArguments, 0, msg)
		c.h.Notice("The tool was not called: " + msg)
		if done != nil {
			done(errors.New(msg))
		}
		return
	}
	c.h.Notice("")
	c.callTool(name, []byte(strings.TrimSpace(args)), false, done)
}

// Action delivers an A2UI action message (v0.9+ {"action":…} or v0.8 {"userAction":…}):
// as tools/call "action" {name, context, surfaceId, sourceComponentId} when the server
// lists that tool, else as a call of the tool named like the action with the context as
// its arguments, else it is refused (MCP_ACTION_REFUSED and an alert). The A2UI of the
// result is applied. done is called once: nil when the server answered without an error,
// else the failure.
func (c *Client) Action(body []byte, done func(error)) {
	a, err := readAction(body)
	if err != nil {
		c.emitError(CodeBadMessage, 0, err.Error())
		done(err)
		return
	}
	c.h.Notice("")
	c.withTools(func(err error) {
		if err != nil {
			c.fail(err, false)
			done(err)
			return
		}
		switch {
		case c.tools["action"]:
			c.callTool("action", a.args(), false, done)
		case c.tools[a.name]:
			c.callTool(a.name, a.context, false, done)
		default:
			err := errors.New("the MCP server has no tool for the action " + strconv.Quote(a.name) +
				` (neither "action" nor ` + strconv.Quote(a.name) + ")")
			c.emitError(CodeActionRefused, 0, err.Error())
			c.h.Notice("The action could not be sent: " + err.Error())
			done(err)
		}
	})
}

// Report delivers an A2UI error report ({"error":{…}}) to the server's "error" tool (the
// A2UI guide's {code, message, surfaceId}) when it lists one; otherwise it is dropped
// (the page saw it as an a2ui-error). The answer's A2UI is applied quietly.
func (c *Client) Report(body []byte) {
	o, ok := wire.Object(body)
	if !ok || o.Obj("error") == nil {
		return
	}
	args := o["error"]
	c.withTools(func(err error) {
		if err == nil && c.tools["error"] {
			c.callTool("error", args, true, nil)
		}
	})
}

// callTool calls tool name with args (a JSON object) and the A2UI capabilities in
// _meta.a2ui (the A2UI guide's "Option B": the SDKs drop capabilities.a2ui), then applies
// the result; done (when not nil) learns the outcome. quiet: an error report's call.
func (c *Client) callTool(name string, args []byte, quiet bool, done func(error)) {
	params := func() []byte {
		b := protocol.AppendJSON([]byte(`{"name":`), name)
		b = append(b, `,"arguments":`...)
		b = append(b, args...)
		b = append(b, `,"_meta":{"a2ui":{"clientCapabilities":`...)
		b = append(b, c.o.Capabilities()...)
		if c.o.DataModel != nil {
			if dm := c.o.DataModel(); len(dm) > 0 {
				b = append(b, `,"clientDataModel":`...)
				b = append(b, dm...)
			}
		}
		return append(b, "}}}"...)
	}
	c.request("tools/call", params, func(result []byte, err error) {
		if err == nil {
			var ct Content
			if ct, err = ReadToolResult(result); err == nil {
				err = c.apply(ct, quiet)
			} else {
				c.fail(err, quiet)
			}
		} else {
			c.fail(err, quiet)
		}
		if done != nil {
			done(err)
		}
	})
}

// apply delivers a result's content: A2UI to a render stream, texts as a2ui-text, an
// isError's text as an alert (its error is returned), A2UI resource links read.
func (c *Client) apply(ct Content, quiet bool) error {
	for _, b := range ct.Bad {
		c.emitError(CodeBadMessage, 0, "skipped A2UI that could not be read: "+b)
	}
	if len(ct.A2UI) > 0 {
		st := c.h.Open(quiet)
		for _, m := range ct.A2UI {
			st.Write(append(m[:len(m):len(m)], '\n'))
		}
		st.Close(nil)
	}
	for i, l := range ct.Links {
		if i == maxLinks {
			c.emitError(CodeBadMessage, 0, "more than "+strconv.Itoa(maxLinks)+" A2UI resource links in one result; the rest are not read")
			break
		}
		c.Read(l, nil)
	}
	if ct.IsError {
		msg := strings.TrimSpace(strings.Join(ct.Texts, " "))
		if msg == "" {
			msg = "the tool failed"
		}
		c.emitError(CodeToolError, 0, msg)
		if !quiet {
			c.h.Notice(msg)
		}
		return errors.New(msg)
	}
	for _, t := range ct.Texts {
		c.h.Emit("a2ui-text", append(protocol.AppendJSON([]byte(`{"text":`), t), '}'))
	}
	return nil
}

// fail reports a failed request as an a2ui-error and, unless quiet, an alert.
func (c *Client) fail(err error, quiet bool) {
	code, rpc := CodeHTTP, 0
	var ce *ConnectError
	var re *RPCError
	switch {
	case errors.As(err, &re):
		code, rpc = CodeRPC, re.Code
	case errors.As(err, &ce):
		code = CodeConnect
	}
	c.emitError(code, rpc, err.Error())
	if !quiet {
		msg := err.Error()
		c.h.Notice(strings.ToUpper(msg[:1]) + msg[1:])
	}
}

// withTools runs f once tools/list has been read (every page); a server without tools
// lists none. A failed list is tried again by the next caller.
func (c *Client) withTools(f func(error)) {
	if c.tools != nil {
		f(nil)
		return
	}
	c.toolsWait = append(c.toolsWait, f)
	if len(c.toolsWait) > 1 {
		return
	}
	found := map[string]bool{}
	finish := func(err error) {
		if err == nil {
			c.tools = found
		}
		w := c.toolsWait
		c.toolsWait = nil
		for _, f := range w {
			f(err)
		}
	}
	c.whenReady(func(err error) {
		if err != nil || c.caps.Obj("tools") == nil {
			finish(err)
			return
		}
		c.list("tools/list", "tools", func(item wire.Obj) { found[item.Str("name")] = true }, finish)
	})
}

// withListed runs f once resources/list has been read (when the server has resources),
// noting the resources whose audience excludes the user. A failed list only loses the
// listed annotations.
func (c *Client) withListed(f func()) {
	if c.listed {
		f()
		return
	}
	c.whenReady(func(err error) {
		if err != nil || c.listed || c.caps.Obj("resources") == nil {
			f()
			return
		}
		hidden := map[string]bool{}
		c.list("resources/list", "resources", func(item wire.Obj) {
			if !forUser(item.Obj("annotations")) {
				hidden[item.Str("uri")] = true
			}
		}, func(err error) {
			if err == nil {
				c.hidden, c.listed = hidden, true
			}
			f()
		})
	})
}

// list reads every page of a list method (at most maxPages), calling each for the
// items of member key.
func (c *Client) list(method, key string, each func(wire.Obj), done func(error)) {
	var page func(cursor string, n int)
	page = func(cursor string, n int) {
		params := func() []byte {
			if cursor == "" {
				return []byte(`{}`)
			}
			return append(protocol.AppendJSON([]byte(`{"cursor":`), cursor), '}')
		}
		c.request(method, params, func(result []byte, err error) {
			if err != nil {
				done(err)
				return
			}
			o, ok := wire.Object(result)
			if !ok {
				done(errors.New(method + ": the result is not an object"))
				return
			}
			for _, raw := range o.Array(key) {
				if item, ok := wire.Object(raw); ok {
					each(item)
				}
			}
			if next := o.Str("nextCursor"); next != "" && n+1 < maxPages {
				page(next, n+1)
				return
			}
			done(nil)
		})
	}
	page("", 0)
}

// emitError fires a2ui-error {"error":{"code","message"[,"mcpCode"]}}.
func (c *Client) emitError(code string, rpc int, msg string) {
	var v []byte
	if rpc != 0 {
		v = strconv.AppendInt(nil, int64(rpc), 10)
	}
	c.h.Emit("a2ui-error", wire.ErrorJSON(code, msg, "mcpCode", v))
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return strconv.Quote(s)
}
