package render

import (
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/protocol"
)

// Profile adapts the renderer to a host protocol that wraps A2UI in its own envelopes
// (package openwop implements OpenWOP's ui.a2ui-surface). It is the renderer's only seam
// for such protocols: payloads in, actions out, and the capabilities advertised. Every
// method is called on the UI goroutine.
type Profile interface {
	// Decode is offered each JSON payload of a stream or of Process (a JSONL line, an
	// SSE event's data) before A2UI decoding. handled reports that the profile took it:
	// msgs are then applied as the stream's own messages (nil: nothing to apply). The
	// profile reports its own errors (Renderer.Report).
	Decode(r *Renderer, data []byte) (msgs []protocol.Message, handled bool)
	// Action is offered each action of a surface before anything is emitted or sent;
	// true means the profile delivered it itself (Renderer.Emit) and nothing is sent.
	Action(r *Renderer, surfaceID string, a catalog.ActionInvocation) bool
	// Capabilities returns members to add to the capabilities object (`"k":v,…`, no
	// braces), or nil.
	Capabilities() []byte
	// Local reports that nothing may leave the page: errors go to the page only
	// (a2ui-error), never to the agent (Host.Send).
	Local() bool
}

// Emit dispatches a page event (a DOM CustomEvent on the renderer's element) whose detail
// is the JSON bytes; profiles deliver their own events with it.
func (r *Renderer) Emit(event string, detail []byte) { r.host.Emit(event, detail) }
