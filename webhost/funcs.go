//go:build js && wasm

package webhost

import (
	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

	"github.com/a2ui-go/a2ui/protocol"
)

// liveFuncs counts js.Func callbacks that exist right now (created and not released); the
// benchmark checks it returns to its baseline after surfaces are created and deleted.
var liveFuncs int

// jsFunc wraps fn as a JS function that recovers panics (an unrecovered panic in a
// callback would end the Go program for every surface on the page).
func jsFunc(fn func(this safejs.Value, args []safejs.Value) any) safejs.Func {
	f, err := safejs.FuncOf(func(this safejs.Value, args []safejs.Value) (ret any) {
		entries++
		defer func() {
			if p := recover(); p != nil {
				logError("a2ui: recovered panic in callback: " + protocol.PanicText(p))
				ret = nil
			}
		}()
		return fn(this, args)
	})
	if err != nil {
		panic(err)
	}
	liveFuncs++
	return f
}

func release(f safejs.Func) {
	f.Release()
	liveFuncs--
}

// await waits for a JS promise on the calling goroutine, which must not be a JS callback
// (it would deadlock the event loop); stream goroutines call it.
func await(p safejs.Value) (safejs.Value, error) {
	type result struct {
		v   safejs.Value
		err error
	}
	ch := make(chan result, 1)
	var then, catch safejs.Func
	then = jsFunc(func(_ safejs.Value, args []safejs.Value) any {
		v := safejs.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		ch <- result{v: v}
		return nil
	})
	catch = jsFunc(func(_ safejs.Value, args []safejs.Value) any {
		msg := "promise rejected"
		if len(args) > 0 {
			msg = jsErrorText(args[0])
		}
		ch <- result{err: jsError(msg)}
		return nil
	})
	if _, err := p.Call("then", then.Value(), catch.Value()); err != nil {
		release(then)
		release(catch)
		return safejs.Undefined(), err
	}
	r := <-ch
	release(then)
	release(catch)
	return r.v, r.err
}

type jsError string

func (e jsError) Error() string { return string(e) }

func jsErrorText(v safejs.Value) string {
	if m, err := v.Get("message"); err == nil && m.Type() == safejs.TypeString {
		s, _ := m.String()
		return s
	}
	if v.Type() == safejs.TypeString {
		s, _ := v.String()
		return s
	}
	return "error"
}

// newPromise returns a JS promise and the functions that settle it; the two executor
// callbacks are released as soon as the promise settles.
func newPromise() (p safejs.Value, resolve func(any), reject func(string)) {
	var res, rej safejs.Value
	exec := jsFunc(func(_ safejs.Value, args []safejs.Value) any {
		res, rej = args[0], args[1]
		return nil
	})
	ctor, _ := safejs.Global().Get("Promise")
	p, _ = ctor.New(exec.Value())
	release(exec)
	resolve = func(v any) { _, _ = res.Invoke(v) }
	reject = func(msg string) {
		errCtor, _ := safejs.Global().Get("Error")
		e, _ := errCtor.New(msg)
		_, _ = rej.Invoke(e)
	}
	return p, resolve, reject
}

func stats(_ safejs.Value, _ []safejs.Value) any {
	return map[string]any{"liveFuncs": liveFuncs, "renderers": len(renderers), "warmedTyping": warmed,
		"typingExport": typingStats.handled, "typingDeclined": typingStats.declined, "typingKicks": typingStats.kicks,
		"processCalls": processCalls, "heldPayloads": heldPayloads, "idleFrames": idleFrames,
		"warmedUpdate": warmedUpdate}
}
