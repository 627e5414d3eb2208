//go:build js && wasm

package webhost

import (
	"time"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
)

// The glue the agent connections (transports a2a, agui and mcp) share: their notice,
// their fetches, and the deadline of the actions they send.

// startAgent starts the agent connection the mount options name (transport a2a, agui
// or mcp), in a task of its own after the renderer was created (a JS callback).
func (jr *jsRenderer) startAgent() {
	o := jr.opts
	var start func()
	switch o.Transport {
	case "a2a":
		start = func() { jr.startA2A(o.Agent, o.Message) }
	case "agui":
		start = func() { jr.startAGUI(o.Agent, o.Message, o.AGUI) }
	case "mcp":
		start = func() { jr.startMCP(o.Agent, o.Resource, o.Tool, o.Arguments) }
	default:
		return
	}
	post(func() {
		if !jr.destroyed {
			start()
		}
	})
}

// notice shows text as the connection's notice on the renderer ("" removes it).
func (jr *jsRenderer) notice(text string) {
	if !jr.destroyed {
		_, _ = jr.hooks.Call("notice", text)
	}
}

// fetchBody starts a fetch (method "" is GET) and reports its response on the UI
// goroutine: start with the status and the Response (for its headers), chunk for each
// piece of the body, read through the ReadableStream reader on a goroutine, then end
// (err != nil when the request or the body failed; a request that failed before a
// response gets end only). Nothing starts, or is reported after the body, once the
// renderer is destroyed. UI goroutine.
func (jr *jsRenderer) fetchBody(url, method string, body []byte, headers map[string]string,
	start func(status int, res safejs.Value), chunk func([]byte), end func(error)) {
	if jr.destroyed {
		return
	}
	p, err := jr.fetch(url, method, body, safejs.Undefined(), headers)
	if err != nil {
		post(func() { end(err) })
		return
	}
	go func() {
		res, err := await(p)
		if err != nil {
			jr.in.Push(func() { end(err) })
			return
		}
		// The head, the body and the end go through the renderer's pump, in order.
		status, _ := mustGet(res, "status").Int()
		jr.in.Push(func() { start(status, res) })
		err = jr.readBody(res, func(buf []byte) { jr.feed(buf, chunk) })
		if err != errDestroyed {
			jr.in.Push(func() { end(err) })
		}
	}()
}

// within returns done wrapped to run once: with the first outcome, or with "no answer
// within timeout" when none came by then (render.ActionSender's deadline). UI goroutine.
func (jr *jsRenderer) within(timeout time.Duration, done func(error)) func(error) {
	settled := false
	once := func(err error) {
		if !settled {
			settled = true
			done(err)
		}
	}
	a2aFetch{jr}.After(timeout, func() { once(jsError("no answer within " + timeout.String())) })
	return once
}
