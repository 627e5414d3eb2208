package catalog

import (
	"strconv"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/protocol"
)

// This file is the part of the Builder API that catalogs outside this package (the page's
// host components, catalog/host) need beyond reading props and rendering children.

// RunAction runs the A2UI action ({event} | {functionCall}) held by prop of in as a
// Button click runs its action: ev must pass the renderer's single-flight, debounce and
// re-arm rules under in.UID, the context is resolved now, and an event goes to the
// renderer (its busy/failed state is ActionState(in)). Called from a handler
// on the UI goroutine.
func (b *Builder) RunAction(in *Instance, prop string, ev dom.Event) {
	b.RunActionWith(in, prop, ev, nil, nil)
}

// RunActionWith is RunAction with extra (values the element's event carries) merged into
// the event action's resolved context; extra's members win over the agent's entries of
// the same name. Extra values are sent as they are, never evaluated as bindings; keys
// (may be nil) gives the order of extra and the objects in it, extra's members coming
// after the agent's entries.
func (b *Builder) RunActionWith(in *Instance, prop string, ev dom.Event, extra map[string]any, keys func(map[string]any) []string) {
	v, ok := in.props.v[prop]
	if !ok {
		return
	}
	if b.env.AcceptClick != nil && !b.env.AcceptClick(in.UID, ev) {
		return
	}
	alias := *in
	alias.props = &decoded{v: map[string]any{"action": v}}
	b.runActionWith(&alias, in.Comp.Props[prop], extra, keys)
}

// RunNamedAction sends an event action named at run time by the element (the agent did
// not write it: the caller checks the name against what the agent allows) with ctx as
// its context, literal values never evaluated. The page's action policy applies, and it
// is single-flight and logged like a Button's action, keyed by in. keys (may be nil)
// gives the order of ctx and the objects in it.
func (b *Builder) RunNamedAction(in *Instance, name string, ctx map[string]any, ev dom.Event, keys func(map[string]any) []string) {
	if b.env.AcceptClick != nil && !b.env.AcceptClick(in.UID, ev) {
		return
	}
	if !b.pol.AllowAction(name) {
		b.report(in, &protocol.Error{Code: protocol.CodePolicy, Message: "action " + strconv.Quote(name) + " is not allowed by the page's policy"})
		return
	}
	inv := ActionInvocation{Name: name, SourceComponentID: in.Comp.ID, Context: make(map[string]any, len(ctx)), UID: in.UID}
	for k, v := range ctx {
		inv.Context[k] = v
	}
	if keys != nil {
		top := keys(ctx)
		inv.Keys = firstKeys(func(m map[string]any) []string {
			if mapID(m) == mapID(inv.Context) {
				return top
			}
			return nil
		}, keys)
	}
	if b.env.OnAction != nil {
		b.env.OnAction(b.s.ID, engine.Action(inv))
	}
}

// Props returns the names of the props in sets, in no particular order.
func (in *Instance) Props() []string {
	out := make([]string, 0, len(in.props.v))
	for k := range in.props.v {
		out = append(out, k)
	}
	return out
}

// Report reports an error found while handling an event of in (after its build) to the
// renderer (an a2ui-error event), at "/components/<id>/<prop>". Called from a handler on the UI goroutine.
func (b *Builder) Report(in *Instance, code, prop, msg string) {
	path := "/components/" + protocol.EscapeToken(in.Comp.ID)
	if prop != "" {
		path += "/" + prop
	}
	b.report(in, &protocol.Error{Code: code, Path: path, Message: msg})
}
