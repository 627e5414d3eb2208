//go:build js && wasm

package browser

import (
	"strings"

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

// callback runs on the JS event loop: (hostIndex, nodeId, flags, timeStamp, typeAndValue[,
// key[, detail]]), flags bit 0 = untrusted, bit 1 = re-arming, bit 2 = checked;
// typeAndValue the event type, a space and the control's value; key only when the event
// has one, detail (the JSON of a CustomEvent's detail) only for a CustomEvent. Each
// argument read is a crossing and each string a copy, so the runtime sends one string
// and leaves out the empty ones. A malformed call, or one for a host no longer attached,
// is dropped.
func (e *Events) callback(_ safejs.Value, args []safejs.Value) any {
	if len(args) < 5 || e.closed {
		return nil
	}
	// Typed reads of the arguments (no JS exception is possible, so none is caught).
	num := func(a safejs.Value) (float64, bool) {
		if a.Type() != safejs.TypeNumber {
			return 0, false
		}
		return safejs.Unsafe(a).Float(), true
	}
	str := func(a safejs.Value) (string, bool) {
		if a.Type() != safejs.TypeString {
			return "", false
		}
		return safejs.Unsafe(a).String(), true
	}
	var ev dom.Event
	host, ok1 := num(args[0])
	node, ok2 := num(args[1])
	flags, ok3 := num(args[2])
	t, ok4 := num(args[3])
	tv, ok5 := str(args[4])
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || node < 0 || node > 1<<32-1 {
		return nil
	}
	ev.Time = t
	if len(args) >= 6 {
		if ev.Key, ok1 = str(args[5]); !ok1 {
			return nil
		}
	}
	if len(args) >= 7 {
		ev.Detail, _ = str(args[6])
	}
	sp := strings.IndexByte(tv, ' ')
	name, ok := hostNames[int(host)]
	if sp < 0 || !ok {
		return nil
	}
	ev.Surface, ev.Type, ev.Value = name, tv[:sp], tv[sp+1:]
	f := int(flags)
	ev.Synthetic = f&1 != 0
	ev.Rearming = f&2 != 0
	ev.Checked = f&4 != 0
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
