//go:build js && wasm

package webhost

import (
	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/render"
)

// The renderer object __a2uiGo.create returns to web/a2ui.js: one method of jsRenderer
// per function. Each runs in a JS callback: it reads its arguments, queues the work for
// the UI goroutine (post) and returns at once, except the synchronous reads (dataModel,
// surfaces, capabilities).

// api builds the renderer object: the methods, dir (the renderer's writing direction)
// and headingBase (the policy's, for the loader's outline when the page gives no
// heading-level).
func (jr *jsRenderer) api(dir string, headingBase int) safejs.Value {
	obj, _ := safejs.ValueOf(map[string]any{"dir": dir, "headingBase": headingBase})
	for _, m := range []struct {
		name string
		fn   func(a []safejs.Value) any
	}{
		{"process", jr.process},
		{"attach", jr.attach},
		{"flush", jr.flush},
		{"dataModel", jr.dataModel},
		{"dataModelRev", jr.dataModelRev},
		{"surfaces", jr.surfaces},
		{"addCatalogs", jr.addCatalogsCall},
		{"capabilities", jr.capabilities},
		{"send", jr.send},
		{"destroy", jr.destroyCall},
	} {
		fn := m.fn
		f := jsFunc(func(_ safejs.Value, a []safejs.Value) any { return fn(a) })
		jr.funcs = append(jr.funcs, f)
		_ = obj.Set(m.name, f.Value())
	}
	return obj
}

// process(payload): a JSON message, an array of them or JSONL text. The payload is
// copied into Go and cut inside the queued task (in order with the work already
// waiting), where the time it takes counts against the task's slice; its pieces are
// applied each in a task of its own (ingest). The lines the page held (takeHeld) came
// first: they are taken now, before any JS runs.
func (jr *jsRenderer) process(a []safejs.Value) any {
	if len(a) == 0 || a[0].Type() != safejs.TypeString {
		return nil
	}
	processCalls++
	held := jr.takeHeldIf()
	payload := a[0]
	post(func() {
		if jr.destroyed {
			return
		}
		jr.enqueueHeld(held)
		if b, ok := stringBytes(payload); ok && len(b) > 0 {
			jr.processPayload(b)
		}
	})
	return nil
}

// attach(responsePromise, request): read a response the page already requested;
// request {url, method, headers, body, transport, reconnect} lets the stream open it
// again (SSE reconnection, Retry). Its promise resolves when the stream has ended for
// good, and rejects when it failed.
func (jr *jsRenderer) attach(a []safejs.Value) any {
	if len(a) < 2 {
		return nil
	}
	req := requestOf(a[1])
	p, resolve, reject := newPromise()
	resp := a[0]
	post(func() {
		if jr.destroyed {
			resolve(nil)
			return
		}
		var st *render.Stream
		st = jr.r.Attach(fetchTransport{jr}, req, func(open func(string) *render.Stream) {
			go jr.read(resp, open, nil, func() error { return nil })
		})
		st.OnEnd(func() {
			if err := st.Err(); err != nil {
				reject("a2ui: the stream failed: " + err.Error())
				return
			}
			resolve(nil)
		})
	})
	return p
}

// flush(): a promise that resolves once every payload given before it is applied and
// rendered.
func (jr *jsRenderer) flush([]safejs.Value) any {
	p, resolve, _ := newPromise()
	held := jr.takeHeldIf()
	post(func() {
		if !jr.destroyed {
			jr.enqueueHeld(held)
		}
		// The pieces of the payloads given before it are pushed by now: after them.
		jr.in.Push(func() {
			if !jr.destroyed && jr.r.Pending() {
				jr.r.Frame()
			}
			resolve(nil)
		})
	})
	return p
}

// dataModel(surfaceId): the surface's data model as JSON (undefined when none).
func (jr *jsRenderer) dataModel(a []safejs.Value) any {
	if len(a) == 0 {
		return nil
	}
	id, _ := a[0].String()
	b := jr.r.DataModel(id)
	if b == nil {
		return nil
	}
	return string(b)
}

// dataModelRev(surfaceId): a number that moves whenever the surface's data model does
// (worker mode's mirror re-reads dataModel only then).
func (jr *jsRenderer) dataModelRev(a []safejs.Value) any {
	if len(a) == 0 {
		return 0
	}
	id, _ := a[0].String()
	return float64(jr.r.DataModelVersion(id))
}

// surfaces(): the surface ids as a JSON array.
func (jr *jsRenderer) surfaces([]safejs.Value) any {
	b := []byte{'['}
	for i, id := range jr.r.Surfaces() {
		if i > 0 {
			b = append(b, ',')
		}
		b = protocol.AppendJSON(b, id)
	}
	return string(append(b, ']'))
}

// addCatalogs(json): page catalogs defined after the mount (addCatalogs).
func (jr *jsRenderer) addCatalogsCall(a []safejs.Value) any {
	if len(a) > 0 && a[0].Type() == safejs.TypeString {
		src, _ := a[0].String()
		post(func() {
			if !jr.destroyed {
				jr.addCatalogs(src)
			}
		})
	}
	return nil
}

// capabilities(): the a2uiClientCapabilities object as JSON.
func (jr *jsRenderer) capabilities([]safejs.Value) any {
	return string(jr.r.Capabilities())
}

// send(text): a turn with the agent (sendText).
func (jr *jsRenderer) send(a []safejs.Value) any {
	text := ""
	if len(a) > 0 && a[0].Type() == safejs.TypeString {
		text, _ = a[0].String()
	}
	post(func() {
		if !jr.destroyed {
			jr.sendText(text)
		}
	})
	return nil
}

// destroy(): the renderer ends (destroy).
func (jr *jsRenderer) destroyCall([]safejs.Value) any {
	post(jr.destroy)
	return nil
}

// requestOf reads the page's request description ({url, method, headers, body,
// transport, reconnect}). An SSE stream reconnects by itself unless reconnect is false
// or the method is not GET.
func requestOf(v safejs.Value) render.Request {
	str := func(name string) string {
		f, err := v.Get(name)
		if err != nil || f.Type() != safejs.TypeString {
			return ""
		}
		s, _ := f.String()
		return s
	}
	req := render.Request{URL: str("url"), Method: str("method"), Transport: str("transport"),
		Headers: map[string]string{}}
	if b, err := v.Get("body"); err == nil && b.Type() == safejs.TypeString {
		s, _ := b.String()
		req.Body = []byte(s)
	}
	if h, err := v.Get("headers"); err == nil && h.Type() == safejs.TypeObject {
		obj, _ := safejs.Global().Get("Object")
		if entries, err := obj.Call("entries", h); err == nil {
			n, _ := entries.Length()
			for i := 0; i < n; i++ {
				kv, _ := entries.Index(i)
				k, _ := kv.Index(0)
				val, _ := kv.Index(1)
				if k.Type() == safejs.TypeString && val.Type() == safejs.TypeString {
					ks, _ := k.String()
					vs, _ := val.String()
					req.Headers[ks] = vs
				}
			}
		}
	}
	reconnect := true
	if r, err := v.Get("reconnect"); err == nil && r.Type() == safejs.TypeBoolean {
		reconnect, _ = r.Bool()
	}
	req.Resume = reconnect && (req.Method == "" || req.Method == "GET")
	return req
}
