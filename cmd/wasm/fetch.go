//go:build js && wasm

package main

import (
	"github.com/a2ui-go/a2ui/render"
	"github.com/hack-pad/safejs"
)

// fetchTransport is the browser's render.Transport: fetch, then the response body's
// ReadableStream reader, chunk by chunk (never net/http).
type fetchTransport struct{ jr *jsRenderer }

// Open starts the request and reads it on a new goroutine (UI goroutine caller; never
// blocks).
func (t fetchTransport) Open(req render.Request, open func(contentType string) *render.Stream) {
	fetch, err := safejs.Global().Get("fetch")
	if err != nil {
		return
	}
	method := req.Method
	if method == "" {
		method = "GET"
	}
	headers := map[string]any{"Accept": "application/jsonl, text/event-stream"}
	for k, v := range req.Headers {
		headers[k] = v
	}
	initObj := map[string]any{"method": method, "headers": headers}
	if req.Body != nil {
		initObj["body"] = string(req.Body)
	}
	init, _ := safejs.ValueOf(initObj)
	if !t.jr.headers.IsUndefined() && !t.jr.headers.IsNull() {
		// Page-configured headers (e.g. auth) override the defaults.
		obj, _ := safejs.Global().Get("Object")
		if merged, err := obj.Call("assign", mustGet(init, "headers"), t.jr.headers); err == nil {
			_ = init.Set("headers", merged)
		}
	}
	p, err := fetch.Invoke(req.URL, init)
	if err != nil {
		post(func() { open("").Close(err) })
		return
	}
	go t.jr.read(p, open)
}

// read consumes a fetch Response (or a promise of one) chunk by chunk through its
// ReadableStream reader and feeds the renderer on the UI goroutine. It runs on its own
// goroutine, so awaiting promises is safe here. open gets the stream once the
// Content-Type is known (it runs on the UI goroutine). A status outside 200-299, or 204,
// closes the stream with a *render.StatusError (an SSE stream stops reconnecting).
func (jr *jsRenderer) read(resp safejs.Value, open func(contentType string) *render.Stream) {
	res, err := await(resp)
	if err != nil {
		post(func() { open("").Close(err) })
		return
	}
	ok, _ := mustGet(res, "ok").Bool()
	ct := ""
	if h, err := res.Get("headers"); err == nil {
		if v, err := h.Call("get", "content-type"); err == nil && v.Type() == safejs.TypeString {
			ct, _ = v.String()
		}
	}
	status, _ := mustGet(res, "status").Int()
	if !ok || status == 204 {
		post(func() { open(ct).Close(&render.StatusError{Status: status}) })
		return
	}
	// The response's final URL (after redirects): relative URLs of the surfaces this
	// stream creates resolve against it.
	resURL := ""
	if u, err := res.Get("url"); err == nil && u.Type() == safejs.TypeString {
		resURL, _ = u.String()
	}
	var st *render.Stream
	ready := make(chan struct{})
	post(func() {
		st = open(ct)
		if resURL != "" {
			st.SetURL(resURL)
		}
		close(ready)
	})
	<-ready
	body, err := res.Get("body")
	if err != nil || body.IsNull() || body.IsUndefined() {
		// No streaming body (very old engines): read it whole.
		text, err := await(mustCall(res, "text"))
		s, _ := text.String()
		post(func() { st.Write([]byte(s)); st.Close(err) })
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
