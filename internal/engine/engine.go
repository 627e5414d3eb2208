package engine

import (
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// Result is what Build returns.
type Result struct {
	Root *dom.Node
	// Errors are the build errors not already reported by an earlier build of the same
	// surface (an error that persists is returned once; it is returned again only after
	// a build without it).
	Errors []*protocol.Error
	// Reads (with Env.CollectReads) are the absolute data paths the build read (bindings, template lists,
	// function arguments), so the renderer knows which model changes affect the surface.
	Reads []model.Pointer
	// TimedOut: the build ran past Env.Deadline and was cut short (Root is incomplete:
	// show it only as failed).
	TimedOut bool
}

// Conflict is an agent write to the data path of a field the user is editing.
type Conflict struct {
	SurfaceID, ComponentID string
	// Path is the field's bound path (absolute JSON Pointer); AgentValue is what the
	// model holds there now (the user's value stays in the field and goes back into the
	// model when they leave it).
	Path       string
	AgentValue any
}

// Handlers is a surface's table of event handlers. Nodes carry only dom.HandlerIDs; the
// event bridge looks the function up with Get. Ids only grow: each Build starts a new
// generation (Reset) in which fresh handlers get new ids while subtrees reused from the
// build cache re-register theirs under their old ids, so the ids inside a reused
// dom.Node stay valid. Handler ids never reach the DOM (the diff compares event types),
// so new ids cost no DOM operation.
type Handlers struct {
	fns  map[dom.HandlerID]func(dom.Event)
	next dom.HandlerID
}

// Reset starts a new generation: every handler is dropped; ids are not reused.
func (h *Handlers) Reset() { clear(h.fns) }

// Add registers fn and returns its id (never 0).
func (h *Handlers) Add(fn func(dom.Event)) dom.HandlerID {
	h.next++
	h.Put(h.next, fn)
	return h.next
}

// Put registers fn under id, an id it had in an earlier generation (a subtree reused
// from the build cache).
func (h *Handlers) Put(id dom.HandlerID, fn func(dom.Event)) {
	if h.fns == nil {
		h.fns = map[dom.HandlerID]func(dom.Event){}
	}
	h.fns[id] = fn
}

// Get returns the handler with id, or nil for an unknown id (e.g. one from a tree that
// was replaced since the event was queued).
func (h *Handlers) Get(id dom.HandlerID) func(dom.Event) {
	if id == 0 {
		return nil
	}
	return h.fns[id]
}

// Len returns the number of registered handlers.
func (h *Handlers) Len() int { return len(h.fns) }

// Mark returns the id of the last handler added; DropAfter(Mark()) undoes what is added
// after it.
func (h *Handlers) Mark() dom.HandlerID { return h.next }

// DropAfter removes the handlers added after id mark (a panicking component's).
func (h *Handlers) DropAfter(mark dom.HandlerID) {
	for id := range h.fns {
		if id > mark {
			delete(h.fns, id)
		}
	}
}

// Dispatch runs handler id with ev (no-op for an unknown id) and reports whether one ran.
// A panicking handler is recovered into a RENDER_FAILED error sent to onErr.
func (h *Handlers) Dispatch(id dom.HandlerID, ev dom.Event, onErr func(*protocol.Error)) (ran bool) {
	fn := h.Get(id)
	if fn == nil {
		return false
	}
	defer func() {
		if r := recover(); r != nil && onErr != nil {
			onErr(&protocol.Error{Code: protocol.CodeRender, Message: "event handler panicked: " + protocol.PanicText(r)})
		}
	}()
	fn(ev)
	return true
}
