//go:build js && wasm

package webhost

import (
	"errors"
	"time"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

	"github.com/a2ui-go/a2ui/render"
)

// fetchTransport is the browser's render.Transport: fetch, then the response body's
// ReadableStream reader, chunk by chunk (never net/http).
type fetchTransport struct{ jr *jsRenderer }

// Open starts the request and reads it on a new goroutine (UI goroutine caller; never
// blocks). A request with a Timeout is aborted when its response head has not arrived
// by then.
func (t fetchTransport) Open(req render.Request, open func(contentType string) *render.Stream) {
	signal, settle := abortAfter(req.Timeout)
	p, err := t.start(req, signal)
	if err != nil {
		settle()
		post(func() {
			if req.Head != nil {
				req.Head(err)
			}
			open("").Close(err)
		})
		return
	}
	go t.jr.read(p, open, req.Head, settle)
}

// abortAfter returns an AbortSignal that fires after d (undefined when d <= 0 or the
// browser has no AbortController) and settle, which stops the timer and reports
// whether it fired ("no answer within d"). UI goroutine; settle may run on any.
func abortAfter(d time.Duration) (signal safejs.Value, settle func() error) {
	signal = safejs.Undefined()
	none := func() error { return nil }
	if d <= 0 {
		return signal, none
	}
	ctor, err := safejs.Global().Get("AbortController")
	if err != nil || ctor.Type() != safejs.TypeFunction {
		return signal, none
	}
	abort, err := ctor.New()
	if err != nil {
		return signal, none
	}
	signal, _ = abort.Get("signal")
	fired, settled := false, false
	timer := jsFunc(func(safejs.Value, []safejs.Value) any {
		fired = true
		_, _ = abort.Call("abort")
		return nil
	})
	var id safejs.Value
	if st, err := safejs.Global().Get("setTimeout"); err == nil {
		id, _ = st.Invoke(timer.Value(), int(d/time.Millisecond))
	}
	return signal, func() error {
		if settled {
			return nil
		}
		settled = true
		if ct, err := safejs.Global().Get("clearTimeout"); err == nil && !id.IsUndefined() {
			_, _ = ct.Invoke(id)
		}
		post(func() { release(timer) })
		if fired {
			return jsError("no answer within " + d.String())
		}
		return nil
	}
}

// start calls fetch for req (with the page's headers) and returns its promise; signal is
// an AbortSignal or undefined.
func (t fetchTransport) start(req render.Request, signal safejs.Value) (safejs.Value, error) {
	return t.jr.fetch(req.URL, req.Method, req.Body, signal,
		map[string]string{"Accept": "application/jsonl, text/event-stream"}, req.Headers)
}

// fetch calls the browser's fetch (method "" is GET) with the headers of each map in
// order, later ones winning, then the page-configured headers (options.headers, e.g.
// auth) over all; signal is an AbortSignal or undefined. It returns fetch's promise.
func (jr *jsRenderer) fetch(url, method string, body []byte, signal safejs.Value, headers ...map[string]string) (safejs.Value, error) {
	fetch, err := safejs.Global().Get("fetch")
	if err != nil {
		return safejs.Undefined(), err
	}
	if method == "" {
		method = "GET"
	}
	h := map[string]any{}
	for _, m := range headers {
		for k, v := range m {
			h[k] = v
		}
	}
	for k, v := range jr.opts.Headers {
		h[k] = v
	}
	initObj := map[string]any{"method": method, "headers": h}
	if body != nil {
		initObj["body"] = string(body)
	}
	init, _ := safejs.ValueOf(initObj)
	if !signal.IsUndefined() {
		_ = init.Set("signal", signal)
	}
	return fetch.Invoke(url, init)
}

// read consumes a fetch Response (or a promise of one) chunk by chunk through its
// ReadableStream reader and feeds the renderer on the UI goroutine. It runs on its own
// goroutine, so awaiting promises is safe here. open creates the stream once the
// Content-Type is known (it runs on the UI goroutine). head, when not nil, learns the
// response head's outcome first (render.Request.Head); settle runs once the head
// arrived or failed and returns the error that replaces the outcome (a timeout), if
// any. A status outside 200-299, or 204, closes the stream with a *render.StatusError
// (an SSE stream stops reconnecting).
func (jr *jsRenderer) read(resp safejs.Value, open func(contentType string) *render.Stream, head func(error), settle func() error) {
	// first delivers the head's outcome and opens the stream, on the UI goroutine.
	first := func(ct string, err error) *render.Stream {
		if head != nil {
			head(err)
		}
		return open(ct)
	}
	res := resp
	if _, notResponse := mustGet(resp, "ok").Bool(); notResponse != nil { // a promise
		var err error
		res, err = await(resp)
		if e := settle(); e != nil {
			err = e
		}
		if err != nil {
			jr.in.Push(func() { first("", err).Close(err) })
			return
		}
	} else {
		settle()
	}
	ok, _ := mustGet(res, "ok").Bool()
	ct := contentType(res)
	status, _ := mustGet(res, "status").Int()
	if !ok || status == 204 {
		serr := &render.StatusError{Status: status}
		var headErr error
		if !ok {
			headErr = serr
		}
		jr.in.Push(func() { first(ct, headErr).Close(serr) })
		return
	}
	// The response's final URL (after redirects): relative URLs of the surfaces this
	// stream creates resolve against it.
	resURL := ""
	if u, err := res.Get("url"); err == nil && u.Type() == safejs.TypeString {
		resURL, _ = u.String()
	}
	// The stream is opened, written and closed through the renderer's pump, in order
	// (ingest.go); st is set and used on the UI goroutine only.
	var st *render.Stream
	jr.in.Push(func() {
		st = first(ct, nil)
		if resURL != "" {
			st.SetURL(resURL)
		}
	})
	err := jr.readBody(res, func(buf []byte) { jr.feed(buf, func(p []byte) { st.Write(p) }) })
	if err != errDestroyed {
		jr.in.Push(func() { st.Close(err) })
	}
}

// errDestroyed ends readBody when the renderer was destroyed (the read is cancelled).
var errDestroyed = errors.New("a2ui: renderer destroyed")

// readBody reads res's body chunk by chunk through its ReadableStream reader (the whole
// text on engines without one) and calls chunk for each on this goroutine, which must not
// be the UI goroutine (it awaits). It returns nil at the end of the body, the read's
// error, or errDestroyed.
func (jr *jsRenderer) readBody(res safejs.Value, chunk func([]byte)) error {
	body, err := res.Get("body")
	if err != nil || body.IsNull() || body.IsUndefined() {
		text, err := await(mustCall(res, "text"))
		if err != nil {
			return err
		}
		s, _ := text.String()
		chunk([]byte(s))
		return nil
	}
	reader, err := body.Call("getReader")
	if err != nil {
		return err
	}
	for {
		if jr.destroyed {
			_, _ = reader.Call("cancel")
			return errDestroyed
		}
		c, err := await(mustCall(reader, "read"))
		if err != nil {
			return err
		}
		if d, _ := mustGet(c, "done").Bool(); d {
			return nil
		}
		v := mustGet(c, "value")
		n, _ := v.Length()
		buf := make([]byte, n)
		_, _ = safejs.CopyBytesToGo(buf, v)
		chunk(buf)
	}
}

// contentType is a fetch Response's Content-Type header ("" when absent).
func contentType(res safejs.Value) string {
	h, err := res.Get("headers")
	if err != nil {
		return ""
	}
	v, err := h.Call("get", "content-type")
	if err != nil || v.Type() != safejs.TypeString {
		return ""
	}
	s, _ := v.String()
	return s
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
