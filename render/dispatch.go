package render

import (
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/protocol"
)

// Dispatch runs the handler of a delegated DOM event reported by the browser layer for the
// surface whose host is surfaceID.
func (r *Renderer) Dispatch(surfaceID string, ev dom.Event) {
	s := r.surf[surfaceID]
	if s == nil {
		return
	}
	n := s.tree.Lookup(ev.Node)
	if n == nil {
		return
	}
	h, ok := n.Handler(ev.Type)
	if !ok {
		return
	}
	// What the user did shows at once (typing into a field bound to a Text updates the
	// Text in the same task), rather than one animation frame later: input events come
	// at most a few per frame, so this costs no batching. A frame the handler needs is
	// rendered here, so the host gets no frame callback for it (one that was already
	// requested still runs, and finds nothing dirty).
	func() {
		r.dispatching = true
		defer func() { r.dispatching = false }() // a handler's panic must not stop frames
		s.env.Handlers.Dispatch(h, ev, func(e *protocol.Error) {
			e.SurfaceID = surfaceID
			r.Report(e)
		})
	}()
	if r.frameRq {
		r.Frame()
	}
}

// acceptClick decides whether a click on Button uid of surface id may run its action: not
// while its last action is in flight (single-flight), not within debounce of the last
// accepted click (a double click), not while the control is re-arming, and, with
// TrustedClicksOnly, not when a script dispatched it.
func (r *Renderer) acceptClick(id, uid string, ev dom.Event) bool {
	if (r.opts.TrustedClicksOnly && ev.Synthetic) || ev.Rearming {
		return false
	}
	s := r.surf[id]
	if s == nil {
		return false
	}
	if s.flights == nil {
		s.flights = map[string]*flight{}
	}
	f := s.flights[uid]
	if f == nil {
		f = &flight{}
		s.flights[uid] = f
	}
	if f.busy {
		return false
	}
	if ev.Time > 0 && f.clickTime > 0 {
		if d := ev.Time - f.clickTime; d >= 0 && d < float64(debounce/time.Millisecond) {
			return false
		}
	}
	f.clickTime = ev.Time
	return true
}

// onConflict reports an agent write to a field the user is editing: an a2ui-conflict
// event for the page (with the agent's value) and an INPUT_CONFLICT error for the agent
// (without the user's value).
func (r *Renderer) onConflict(c engine.Conflict) {
	b := make([]byte, 0, 128)
	b = append(b, `{"surfaceId":`...)
	b = protocol.AppendJSON(b, c.SurfaceID)
	b = append(b, `,"componentId":`...)
	b = protocol.AppendJSON(b, c.ComponentID)
	b = append(b, `,"path":`...)
	b = protocol.AppendJSON(b, c.Path)
	b = append(b, `,"agentValue":`...)
	b = protocol.AppendJSON(b, c.AgentValue)
	b = append(b, '}')
	r.host.Emit("a2ui-conflict", b)
	r.Report(&protocol.Error{Code: protocol.CodeConflict, SurfaceID: c.SurfaceID, Path: c.Path,
		Message: "the user is editing " + c.Path + " (component " + strconv.Quote(c.ComponentID) +
			"); the agent's value was not shown, and the user's value replaces it when they leave the field"})
}
