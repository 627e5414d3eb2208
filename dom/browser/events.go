//go:build js && wasm

package browser

import (
	"github.com/hack-pad/safejs"

	"github.com/a2ui-go/a2ui/dom"
)

// Events is the event bridge: one JS function, created once and installed with
// __a2uiRuntime.setEventHandler, which copies the event's fields into a dom.Event and
// hands it to deliver, in the order the browser dispatched the events.
type Events struct {
	rt      safejs.Value
	fn      safejs.Func
	deliver func(dom.Event)
	closed  bool
}

// NewEvents installs the bridge. deliver runs inside the JS callback, so it must not
// block (blocking there deadlocks the Go runtime): it queues the event for the UI
// goroutine. Only one bridge can be installed at a time (the runtime has one handler); a
// second NewEvents replaces the first's handler.
func NewEvents(deliver func(dom.Event)) (*Events, error) {
	rt, err := runtimeObject()
	if err != nil {
		return nil, err
	}
	e := &Events{rt: rt, deliver: deliver}
	if e.fn, err = safejs.FuncOf(e.callback); err != nil {
		return nil, wrap(err)
	}
	if _, err := rt.Call("setEventHandler", e.fn.Value()); err != nil {
		e.fn.Release()
		return nil, wrap(err)
	}
	return e, nil
}

// callback runs on the JS event loop: (host, nodeId, type, value, flags, timeStamp[,
// key[, detail]]), flags bit 0 = untrusted, bit 1 = re-arming, bit 2 = checked; key only
// when the event has one, detail (the JSON of a CustomEvent's detail) only for a
// CustomEvent. Each argument read is a crossing, so the runtime leaves out the empty
// ones. A malformed call is dropped.
func (e *Events) callback(_ safejs.Value, args []safejs.Value) any {
	if len(args) < 6 || e.closed {
		return nil
	}
	var ev dom.Event
	var errs [7]error
	var node, flags int
	ev.Surface, errs[0] = args[0].String()
	node, errs[1] = args[1].Int()
	ev.Type, errs[2] = args[2].String()
	ev.Value, errs[3] = args[3].String()
	flags, errs[4] = args[4].Int()
	ev.Time, errs[5] = args[5].Float()
	if len(args) >= 7 {
		ev.Key, errs[6] = args[6].String()
	}
	if len(args) >= 8 && args[7].Type() == safejs.TypeString {
		ev.Detail, _ = args[7].String()
	}
	for _, err := range errs {
		if err != nil {
			return nil
		}
	}
	ev.Synthetic = flags&1 != 0
	ev.Rearming = flags&2 != 0
	ev.Checked = flags&4 != 0
	ev.Node = uint32(node)
	e.deliver(ev)
	return nil
}

// Close uninstalls the handler and releases the JS function; no event is delivered
// after it.
func (e *Events) Close() {
	if e.closed {
		return
	}
	e.closed = true
	_, _ = e.rt.Call("setEventHandler", safejs.Null())
	e.fn.Release()
}
