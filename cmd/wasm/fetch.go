//go:build js && wasm

package main

import (
	"strconv"

	"github.com/a2ui-go/a2ui/render"
	"github.com/hack-pad/safejs"
)

// read consumes a fetch Response (or a promise of one) chunk by chunk through its
// ReadableStream reader and feeds the renderer on the UI goroutine. It runs on its own
// goroutine, so awaiting promises is safe here. done is called once the stream is closed.
func (jr *jsRenderer) read(resp safejs.Value, transport string, done func()) {
	jr.streams++
	defer func() { jr.streams--; done() }()
	res, err := await(resp)
	if err != nil {
		jr.closeWith(transport, "", err)
		return
	}
	ok, _ := mustGet(res, "ok").Bool()
	ct := ""
	if h, err := res.Get("headers"); err == nil {
		if v, err := h.Call("get", "content-type"); err == nil && v.Type() == safejs.TypeString {
			ct, _ = v.String()
		}
	}
	if !ok {
		status, _ := mustGet(res, "status").Int()
		jr.closeWith(transport, ct, jsError("HTTP status "+strconv.Itoa(status)))
		return
	}
	framing := render.FramingFor(transport, ct)
	var st *render.Stream
	ready := make(chan struct{})
	post(func() { st = jr.r.NewStream(framing); close(ready) })
	<-ready
	body, err := res.Get("body")
	if err != nil || body.IsNull() || body.IsUndefined() {
		// No streaming body (very old engines): read it whole.
		text, err := await(mustCall(res, "text"))
		s, _ := text.String()
		post(func() { st.Write([]byte(s)); st.Close(errOrNil(err)) })
		return
	}
	reader, err := body.Call("getReader")
	if err != nil {
		post(func() { st.Close(err) })
		return
	}
	for {
		if jr.destroyed {
			_, _ = reader.Call("cancel")
			return
		}
		chunk, err := await(mustCall(reader, "read"))
		if err != nil {
			post(func() { st.Close(err) })
			return
		}
		if d, _ := mustGet(chunk, "done").Bool(); d {
			post(func() { st.Close(nil) })
			return
		}
		v := mustGet(chunk, "value")
		n, _ := v.Length()
		buf := make([]byte, n)
		_, _ = safejs.CopyBytesToGo(buf, v)
		post(func() { st.Write(buf) })
	}
}

func errOrNil(err error) error { return err }

func (jr *jsRenderer) closeWith(transport, ct string, err error) {
	post(func() {
		st := jr.r.NewStream(render.FramingFor(transport, ct))
		st.Close(err)
	})
}

func mustGet(v safejs.Value, p string) safejs.Value {
	r, err := v.Get(p)
	if err != nil {
		return safejs.Undefined()
	}
	return r
}

func mustCall(v safejs.Value, m string, args ...any) safejs.Value {
	r, err := v.Call(m, args...)
	if err != nil {
		return safejs.Undefined()
	}
	return r
}

// post sends a client-to-server message to the page's action URL with fetch. A response
// body (JSONL or SSE) is processed as more messages. Runs on its own goroutine.
func (jr *jsRenderer) post(body []byte) {
	fetch, err := safejs.Global().Get("fetch")
	if err != nil {
		return
	}
	headers := map[string]any{"Content-Type": "application/json", "Accept": "application/jsonl, text/event-stream"}
	init, _ := safejs.ValueOf(map[string]any{"method": "POST", "body": string(body), "headers": headers})
	if !jr.headers.IsUndefined() && !jr.headers.IsNull() {
		// Page-configured headers (e.g. auth) override the defaults.
		obj, _ := safejs.Global().Get("Object")
		merged, err := obj.Call("assign", mustGet(init, "headers"), jr.headers)
		if err == nil {
			_ = init.Set("headers", merged)
		}
	}
	p, err := fetch.Invoke(jr.actionURL, init)
	if err != nil {
		return
	}
	jr.read(p, "", func() {})
}
