//go:build js && wasm

package main

import (
	"errors"
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/render"
	"github.com/hack-pad/safejs"
)

// fetchTransport is the browser's render.Transport: fetch, then the response body's
// ReadableStream reader, chunk by chunk (never net/http).
type fetchTransport struct{ jr *jsRenderer }

// Open starts the request and reads it on a new goroutine (UI goroutine caller; never
// blocks).
func (t fetchTransport) Open(req render.Request, open func(contentType string) *render.Stream) {
	p, err := t.start(req, safejs.Undefined())
	if err != nil {
		post(func() { open("").Close(err) })
		return
	}
	go t.jr.read(p, open, func(error) {})
}

// start calls fetch for req (with the page's headers) and returns its promise; signal is
// an AbortSignal or undefined.
func (t fetchTransport) start(req render.Request, signal safejs.Value) (safejs.Value, error) {
	return t.jr.fetch(req.URL, req.Method, req.Body, signal,
		map[string]string{"Accept": "application/jsonl, text/event-stream"}, req.Headers)
}

// fetch calls the browser's fetch (method "" is GET) with the headers of each map in
// order, later ones winning, then the page-configured headers (e.g. auth) over all;
// signal is an AbortSignal or undefined. It returns fetch's promise.
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
	initObj := map[string]any{"method": method, "headers": h}
	if body != nil {
		initObj["body"] = string(body)
	}
	init, _ := safejs.ValueOf(initObj)
	if !signal.IsUndefined() {
		_ = init.Set("signal", signal)
	}
	if !jr.headers.IsUndefined() && !jr.headers.IsNull() {
		obj, _ := safejs.Global().Get("Object")
		if merged, err := obj.Call("assign", mustGet(init, "headers"), jr.headers); err == nil {
			_ = init.Set("headers", merged)
		}
	}
	return fetch.Invoke(url, init)
}

// SendAction implements render.ActionSender: the action POST is aborted after timeout;
// done learns the outcome as soon as the response head arrives (UI goroutine caller).
func (jr *jsRenderer) SendAction(body []byte, actionID string, timeout time.Duration, done func(error)) {
	if jr.a2a != nil {
		// An A2A message; the A2A client reports its own failures (a2ui-error).
		jr.Send(body, false)
		done(nil)
		return
	}
	if jr.actionURL == "" {
		done(nil)
		return
	}
	req := render.Request{URL: jr.actionURL, Method: "POST", Body: body, Reply: true,
		Headers: map[string]string{"Content-Type": "application/json", "Idempotency-Key": actionID}}
	signal := safejs.Undefined()
	var abort safejs.Value
	if ctor, err := safejs.Global().Get("AbortController"); err == nil && ctor.Type() == safejs.TypeFunction {
		if c, err := ctor.New(); err == nil {
			abort = c
			signal, _ = c.Get("signal")
		}
	}
	p, err := fetchTransport{jr}.start(req, signal)
	if err != nil {
		done(err)
		return
	}
	timedOut := false
	var timer safejs.Func
	released := false
	stop := func() {
		if !released {
			released = true
			release(timer)
		}
	}
	timer = jsFunc(func(safejs.Value, []safejs.Value) any {
		timedOut = true
		if !abort.IsUndefined() {
			_, _ = abort.Call("abort")
		}
		return nil
	})
	var timerID safejs.Value
	if st, err := safejs.Global().Get("setTimeout"); err == nil {
		timerID, _ = st.Invoke(timer.Value(), int(timeout/time.Millisecond))
	}
	go func() {
		res, err := await(p)
		if ct, e := safejs.Global().Get("clearTimeout"); e == nil && !timerID.IsUndefined() {
			_, _ = ct.Invoke(timerID)
		}
		post(stop)
		if timedOut {
			err = jsError("no answer within " + timeout.String())
		}
		if err != nil {
			post(func() { done(err) })
			return
		}
		if ok, _ := mustGet(res, "ok").Bool(); !ok {
			status, _ := mustGet(res, "status").Int()
			post(func() { done(jsError("HTTP status " + strconv.Itoa(status))) })
			return
		}
		post(func() {
			done(nil)
			// The answer's body is more messages.
			jr.r.Connect(responseTransport{jr, res}, render.Request{Reply: true})
		})
	}()
}

// responseTransport reads a response that has already arrived.
type responseTransport struct {
	jr  *jsRenderer
	res safejs.Value
}

func (t responseTransport) Open(_ render.Request, open func(contentType string) *render.Stream) {
	go t.jr.read(t.res, open, func(error) {})
}

// read consumes a fetch Response (or a promise of one) chunk by chunk through its
// ReadableStream reader and feeds the renderer on the UI goroutine. It runs on its own
// goroutine, so awaiting promises is safe here. open creates the stream once the
// Content-Type is known (it runs on the UI goroutine); done is called at the end with
// the failure of this connection (nil when it ended normally). A status outside 200-299,
// or 204, closes the stream with a *render.StatusError (an SSE stream stops reconnecting).
func (jr *jsRenderer) read(resp safejs.Value, open func(contentType string) *render.Stream, done func(error)) {
	var failed error
	defer func() { done(failed) }()
	fail := func(st *render.Stream, err error) {
		failed = err
		post(func() {
			if st == nil {
				st = open("")
			}
			st.Close(err)
		})
	}
	res := resp
	if _, notResponse := mustGet(resp, "ok").Bool(); notResponse != nil { // a promise
		var err error
		if res, err = await(resp); err != nil {
			fail(nil, err)
			return
		}
	}
	ok, _ := mustGet(res, "ok").Bool()
	ct := contentType(res)
	status, _ := mustGet(res, "status").Int()
	if !ok || status == 204 {
		serr := &render.StatusError{Status: status}
		if !ok {
			failed = serr
		}
		post(func() { open(ct).Close(serr) })
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
	err := jr.readBody(res, func(buf []byte) {
		// A big chunk is written in pieces, each its own task (in order; this goroutine
		// waits while the queue is full), so the main thread is never held for long.
		for len(buf) > 0 {
			piece := buf[:min(len(buf), processPiece)]
			buf = buf[len(piece):]
			postWait(func() { st.Write(piece) })
		}
	})
	switch {
	case err == errDestroyed:
	case err != nil:
		fail(st, err)
	default:
		post(func() { st.Close(nil) })
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
