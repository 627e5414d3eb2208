//go:build js && wasm

package browser

import (
	"errors"
	"syscall/js"
)

// ErrNoRuntime is returned when web/a2ui-runtime.js has not defined __a2uiRuntime.
var ErrNoRuntime = errors.New("browser: globalThis.__a2uiRuntime missing (load web/a2ui-runtime.js before the wasm)")

const minBuf = 64 << 10

func runtimeObject() (js.Value, error) {
	rt := js.Global().Get("__a2uiRuntime")
	if rt.Type() != js.TypeObject || rt.Get("apply").Type() != js.TypeFunction {
		return js.Value{}, ErrNoRuntime
	}
	return rt, nil
}

// Patcher applies op batches in the page. Patch is called on the renderer's UI goroutine.
type Patcher struct {
	rt    js.Value
	apply js.Value // __a2uiRuntime.apply, bound
	buf   js.Value // reused Uint8Array
	size  int
}

// NewPatcher finds the runtime. Call it after web/a2ui-runtime.js has run.
func NewPatcher() (*Patcher, error) {
	rt, err := runtimeObject()
	if err != nil {
		return nil, err
	}
	return &Patcher{rt: rt, apply: rt.Get("apply").Call("bind", rt)}, nil
}

// Patch applies one batch (dom.Encoder.Bytes; nil or empty is a no-op): one CopyBytesToJS
// into a Uint8Array that grows as needed and is reused, and one call into the runtime. A
// batch the runtime rejects returns its error message; a JS exception becomes an error.
func (p *Patcher) Patch(ops []byte) (err error) {
	if len(ops) == 0 {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = panicError(r)
		}
	}()
	if len(ops) > p.size {
		n := max(minBuf, p.size)
		for n < len(ops) {
			n *= 2
		}
		p.buf = js.Global().Get("Uint8Array").New(n)
		p.size = n
	}
	js.CopyBytesToJS(p.buf, ops)
	res := p.apply.Invoke(p.buf, len(ops))
	if res.Type() == js.TypeString {
		return errors.New(res.String())
	}
	return nil
}

// Attach registers a surface host element under name (the name given to dom.NewTree).
func (p *Patcher) Attach(name string, el js.Value) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError(r)
		}
	}()
	p.rt.Call("attach", name, el)
	return nil
}

// Detach forgets a surface host and empties its element.
func (p *Patcher) Detach(name string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError(r)
		}
	}()
	p.rt.Call("detach", name)
	return nil
}

func panicError(r any) error {
	switch v := r.(type) {
	case error:
		return errors.New("browser: " + v.Error())
	case string:
		return errors.New("browser: " + v)
	}
	return errors.New("browser: JS call panicked")
}
