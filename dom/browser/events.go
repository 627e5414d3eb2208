//go:build js && wasm

package browser

import (
	"strings"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

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
	host, ok1 := num(args[0])
	node, ok2 := num(args[1])
	flags, ok3 := num(args[2])
	t, ok4 := num(args[3])
	tv, ok5 := str(args[4])
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || node < 0 || node > 1<<32-1 {
		return nil
	}
	var key, detail string
	if len(args) >= 6 {
		if key, ok1 = str(args[5]); !ok1 {
			return nil
		}
	}
	if len(args) >= 7 {
		detail, _ = str(args[6])
	}
	sp := strings.IndexByte(tv, ' ')
	if sp < 0 {
		return nil
	}
	ev, ok := e.Event(int(host), uint32(node), int(flags), t, tv[:sp], tv[sp+1:])
	if !ok {
		return nil
	}
	ev.Key, ev.Detail = key, detail
	e.deliver(ev)
	return nil
}

// Event makes the dom.Event of a delegated event that reached Go some other way than the
// bridge's callback (the input fast path, webhost's wasm export): host is the runtime's
// host index, flags the runtime's flags. ok is false for a host no longer attached or a
// closed bridge. Called on the goroutine the JS call into Go runs on.
func (e *Events) Event(host int, node uint32, flags int, t float64, typ, value string) (ev dom.Event, ok bool) {
	name, ok := hostNames[host]
	if !ok || e.closed {
		return ev, false
	}
	ev.Surface, ev.Type, ev.Value, ev.Time, ev.Node = name, typ, value, t, node
	ev.Synthetic = flags&1 != 0
	ev.Rearming = flags&2 != 0
	ev.Checked = flags&4 != 0
	return ev, true
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
