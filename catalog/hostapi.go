package catalog

import (
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/protocol"
)

// This file is the part of the Builder API that catalogs outside this package (the page's
// host components, catalog/host) need beyond reading props and rendering children.

// RunAction runs the A2UI action ({event} | {functionCall}) held by prop of in as a
// Button click runs its action: ev must pass the renderer's single-flight, debounce and
// re-arm rules (Env.AcceptClick) under in.UID, the context is resolved now, and an event
// goes to Env.OnAction (its busy/failed state is ActionState(in)). Called from a handler
// on the UI goroutine.
func (b *Builder) RunAction(in *Instance, prop string, ev dom.Event) {
	v, ok := in.props.v[prop]
	if !ok {
		return
	}
	if b.env.AcceptClick != nil && !b.env.AcceptClick(in.UID, ev) {
		return
	}
	alias := *in
	alias.props = &decoded{v: map[string]any{"action": v}}
	b.runAction(&alias)
}

// Props returns the names of the props in sets, in no particular order.
func (in *Instance) Props() []string {
	out := make([]string, 0, len(in.props.v))
	for k := range in.props.v {
		out = append(out, k)
	}
	return out
}

// Report sends an error found while handling an event of in (after its build) to
// Env.OnError, at "/components/<id>/<prop>". Called from a handler on the UI goroutine.
func (b *Builder) Report(in *Instance, code, prop, msg string) {
	path := "/components/" + protocol.EscapeToken(in.Comp.ID)
	if prop != "" {
		path += "/" + prop
	}
	b.report(in, &protocol.Error{Code: code, Path: path, Message: msg})
}
