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
	var ev dom.Event
	var errs [6]error
	var host, node, flags int
	var tv string
	host, errs[0] = args[0].Int()
	node, errs[1] = args[1].Int()
	flags, errs[2] = args[2].Int()
	ev.Time, errs[3] = args[3].Float()
	tv, errs[4] = args[4].String()
	if len(args) >= 6 {
		ev.Key, errs[5] = args[5].String()
	}
	if len(args) >= 7 && args[6].Type() == safejs.TypeString {
		ev.Detail, _ = args[6].String()
	}
	for _, err := range errs {
		if err != nil {
			return nil
		}
	}
	sp := strings.IndexByte(tv, ' ')
	name, ok := hostNames[host]
	if sp < 0 || !ok {
		return nil
	}
	ev.Surface, ev.Type, ev.Value = name, tv[:sp], tv[sp+1:]
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
