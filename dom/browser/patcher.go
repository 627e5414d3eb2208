//go:build js && wasm

package browser

import (
	"errors"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
)

// ErrNoRuntime is returned when web/a2ui-runtime.js has not defined __a2uiRuntime.
var ErrNoRuntime = errors.New("browser: globalThis.__a2uiRuntime missing (load web/a2ui-runtime.js before the wasm)")

const minBuf = 64 << 10

func runtimeObject() (safejs.Value, error) {
	rt, err := safejs.Global().Get("__a2uiRuntime")
	if err != nil || rt.Type() != safejs.TypeObject {
		return safejs.Value{}, ErrNoRuntime
	}
	if apply, err := rt.Get("apply"); err != nil || apply.Type() != safejs.TypeFunction {
		return safejs.Value{}, ErrNoRuntime
	}
	return rt, nil
}

// Patcher applies op batches in the page. Patch is called on the renderer's UI goroutine.
type Patcher struct {
	rt    safejs.Value
	apply safejs.Value // __a2uiRuntime.apply, bound
	buf   safejs.Value // reused Uint8Array
	size  int
}

// NewPatcher finds the runtime. Call it after web/a2ui-runtime.js has run.
func NewPatcher() (*Patcher, error) {
	rt, err := runtimeObject()
	if err != nil {
		return nil, err
	}
	apply, err := rt.Get("apply")
	if err == nil {
		apply, err = apply.Call("bind", rt)
	}
	if err != nil {
		return nil, wrap(err)
	}
	return &Patcher{rt: rt, apply: apply}, nil
}

// Patch applies one batch (dom.Encoder.Bytes; nil or empty is a no-op): one CopyBytesToJS
// into a Uint8Array that grows as needed and is reused, and one call into the runtime. A
// batch the runtime rejects returns its error message; a JS exception becomes an error.
func (p *Patcher) Patch(ops []byte) error {
	if len(ops) == 0 {
		return nil
	}
	if len(ops) > p.size {
		n := max(minBuf, p.size)
		for n < len(ops) {
			n *= 2
		}
		ctor, err := safejs.Global().Get("Uint8Array")
		if err != nil {
			return wrap(err)
		}
		buf, err := ctor.New(n)
		if err != nil {
			return wrap(err)
		}
		p.buf, p.size = buf, n
	}
	if _, err := safejs.CopyBytesToJS(p.buf, ops); err != nil {
		return wrap(err)
	}
	res, err := p.apply.Invoke(p.buf, len(ops))
	if err != nil {
		return wrap(err)
	}
	if res.Type() == safejs.TypeString {
		msg, _ := res.String()
		return errors.New(msg)
	}
	return nil
}

// hostNames are the attached hosts' names by the index the runtime gave them (attach's
// result): events carry the index (Events.callback). hostIndex is the reverse.
var (
	hostNames = map[int]string{}
	hostIndex = map[string]int{}
)

// Attach registers a surface host element under name (the name given to dom.NewTree).
func (p *Patcher) Attach(name string, el safejs.Value) error {
	v, err := p.rt.Call("attach", name, el)
	if err != nil {
		return wrap(err)
	}
	i, err := v.Int()
	if err != nil {
		return wrap(err)
	}
	if old, ok := hostIndex[name]; ok {
		delete(hostNames, old)
	}
	hostNames[i], hostIndex[name] = name, i
	return nil
}

// Detach forgets a surface host and empties its element.
func (p *Patcher) Detach(name string) error {
	if i, ok := hostIndex[name]; ok {
		delete(hostNames, i)
		delete(hostIndex, name)
	}
	_, err := p.rt.Call("detach", name)
	return wrap(err)
}

// wrap prefixes a JS exception with the package name (nil stays nil).
func wrap(err error) error {
	if err == nil {
		return nil
	}
	return errors.New("browser: " + err.Error())
}
