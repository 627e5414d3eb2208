//go:build js && wasm

package browser

import (
	"sync"
	"syscall/js"

	"github.com/a2ui-go/a2ui/dom"
)

// Events is the event bridge: one js.Func, created once and installed with
// __a2uiRuntime.setEventHandler, which copies the event's fields into a dom.Event, appends
// it to an unbounded queue and returns — it never blocks inside the JS callback (blocking
// there deadlocks the Go runtime). A pump goroutine forwards the queue, in order, to the
// channel returned by C, which the renderer's UI goroutine reads.
type Events struct {
	rt   js.Value
	fn   js.Func
	mu   sync.Mutex
	q    []dom.Event
	wake chan struct{}
	done chan struct{}
	out  chan dom.Event
	once sync.Once
}

// NewEvents installs the bridge. Only one bridge can be installed at a time (the runtime
// has one handler); a second NewEvents replaces the first's handler.
func NewEvents() (*Events, error) {
	rt, err := runtimeObject()
	if err != nil {
		return nil, err
	}
	e := &Events{
		rt:   rt,
		wake: make(chan struct{}, 1),
		done: make(chan struct{}),
		out:  make(chan dom.Event),
	}
	e.fn = js.FuncOf(e.callback)
	rt.Call("setEventHandler", e.fn)
	go e.pump()
	return e, nil
}

// C delivers events in the order the browser dispatched them. It is closed by Close.
func (e *Events) C() <-chan dom.Event { return e.out }

// callback runs on the JS event loop: (host, nodeId, type, value, checked, key,
// timeStamp, flags), flags bit 0 = untrusted, bit 1 = re-arming.
func (e *Events) callback(_ js.Value, args []js.Value) (ret any) {
	defer func() {
		if recover() != nil {
			ret = nil // a malformed call must not kill the program
		}
	}()
	if len(args) < 6 {
		return nil
	}
	ev := dom.Event{
		Surface: args[0].String(),
		Node:    uint32(args[1].Int()),
		Type:    args[2].String(),
		Value:   args[3].String(),
		Checked: args[4].Truthy(),
		Key:     args[5].String(),
	}
	if len(args) >= 8 {
		ev.Time = args[6].Float()
		flags := args[7].Int()
		ev.Synthetic = flags&1 != 0
		ev.Rearming = flags&2 != 0
	}
	e.mu.Lock()
	e.q = append(e.q, ev)
	e.mu.Unlock()
	select {
	case e.wake <- struct{}{}:
	default:
	}
	return nil
}

func (e *Events) pump() {
	defer close(e.out)
	var batch []dom.Event
	for {
		select {
		case <-e.done:
			return
		case <-e.wake:
		}
		e.mu.Lock()
		batch, e.q = e.q, batch[:0]
		e.mu.Unlock()
		for _, ev := range batch {
			select {
			case e.out <- ev:
			case <-e.done:
				return
			}
		}
		clear(batch)
	}
}

// Close uninstalls the handler, releases the js.Func and closes C.
func (e *Events) Close() {
	e.once.Do(func() {
		e.rt.Call("setEventHandler", js.Null())
		e.fn.Release()
		close(e.done)
	})
}
