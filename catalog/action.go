package catalog

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// rearmDelay is how long a Button ignores clicks after its action changed.
const rearmDelay = 500 * time.Millisecond

// clickScope is in's scope without the build's read recorder.
func clickScope(in *Instance) binding.Scope {
	s := in.Scope
	s.Reads = nil
	return s
}

// runAction dispatches in's action: an event goes to env.OnAction with its context
// resolved now (obscured fields left out unless bound by path, see actionContext); a
// functionCall runs locally (openUrl → env.OpenURL) and is never sent.
func (b *Builder) runAction(in *Instance) { b.runActionWith(in, in.Comp.Props["action"], nil, nil) }

// runActionWith is runAction with extra merged into an event's resolved context (its
// members win over the agent's entries of the same name). raw is the action's JSON as
// the component has it: the context keeps its order (order.go); extraKeys gives extra's.
func (b *Builder) runActionWith(in *Instance, raw json.RawMessage, extra map[string]any, extraKeys func(map[string]any) []string) {
	act, _ := in.props.v["action"].(map[string]any)
	scope := clickScope(in)
	if ev, ok := act["event"].(map[string]any); ok {
		name, _ := ev["name"].(string)
		if !b.pol.AllowAction(name) {
			b.report(in, &protocol.Error{Code: protocol.CodePolicy, Message: "action " + strconv.Quote(name) + " is not allowed by the page's policy"})
			return
		}
		inv := ActionInvocation{Name: name, SourceComponentID: in.Comp.ID, Context: map[string]any{}, UID: in.UID}
		// The context as declared, its objects' orders recorded (the decoded prop has none).
		var lits Orders
		ctx, _ := ev["context"].(map[string]any)
		if parsed, err := lits.ParseOrdered(raw); err == nil {
			pe, _ := parsed.(map[string]any)
			pe, _ = pe["event"].(map[string]any)
			if pc, ok := pe["context"].(map[string]any); ok && ctx != nil {
				ctx = pc
			}
		}
		declared := lits.Keys(ctx)
		if declared == nil {
			declared = sortedKeys(ctx)
		}
		if ctx != nil && !b.actionContext(in, scope, ctx, declared, inv.Context) {
			return
		}
		top := append([]string(nil), declared...)
		for _, k := range orderOf(extra, extraKeys) {
			if _, dup := ctx[k]; !dup {
				top = append(top, k)
			}
		}
		for k, v := range extra {
			inv.Context[k] = v
		}
		var model func(map[string]any) []string
		if s := in.Scope.Surface; s != nil && s.Data != nil {
			model = s.Data.Keys
		}
		inv.Keys = firstKeys(func(m map[string]any) []string {
			if mapID(m) == mapID(inv.Context) {
				return top
			}
			return nil
		}, lits.Keys, extraKeys, model)
		inv.WantResponse, _ = ev["wantResponse"].(bool)
		if rp, ok := ev["responsePath"].(string); ok {
			if p, err := scope.Resolve(rp); err == nil {
				inv.ResponsePath = p.String()
			} else {
				b.report(in, err)
				return
			}
		}
		if um, ok := ev["userMessage"]; ok {
			r, err := binding.EvalValue(scope, um, b.env.Functions, b.env.Formatter)
			if err != nil {
				b.report(in, err)
				return
			}
			inv.UserMessage = binding.ToString(r)
		}
		if b.env.OnAction != nil {
			b.env.OnAction(b.s.ID, engine.Action(inv))
		}
		return
	}
	if fc, ok := act["functionCall"].(map[string]any); ok {
		name, _ := fc["call"].(string)
		if !b.pol.AllowFunction(name) {
			b.report(in, &protocol.Error{Code: protocol.CodePolicy, Message: "function " + name + " is disabled by policy"})
			return
		}
		r, err := binding.EvalValue(scope, map[string]any{"call": name, "args": fc["args"]}, b.env.Functions, b.env.Formatter)
		if err != nil {
			b.report(in, err)
			return
		}
		if o, ok := r.(binding.OpenURL); ok {
			if err := engine.OpenURL(b.pol, b.env.BaseURL, o.URL, b.env.OpenURL); err != nil {
				b.report(in, err)
			}
		}
		return
	}
	b.report(in, &protocol.Error{Code: protocol.CodeValidationFailed, Message: "action has neither event nor functionCall"})
}

// actionContext evaluates an event action's context entries into out. An entry bound
// by path to an obscured field (or inside one) keeps its value: the action asked for
// that field by name. Any other entry loses the obscured fields inside it: a path bound
// to an ancestor gets a copy without them; a computed entry (a function call, a
// formatString) that read one is sent as null and reported. An entry bound to the whole
// data model ("/") is refused when the policy forbids it (the action is not sent).
// Entries are evaluated in the order of keys (ctx's keys, as declared).
func (b *Builder) actionContext(in *Instance, scope binding.Scope, ctx map[string]any, keys []string, out map[string]any) bool {
	for _, k := range keys {
		v := ctx[k]
		at := "/components/" + protocol.EscapeToken(in.Comp.ID) + "/action/event/context/" + protocol.EscapeToken(k)
		bound, isPath := pathBinding(scope, v)
		if isPath && len(bound) == 0 && !b.pol.WholeModelContext {
			b.report(in, &protocol.Error{Code: protocol.CodePolicy, Path: at,
				Message: "context " + strconv.Quote(k) + " binds the whole data model, which the page's policy forbids; the action was not sent"})
			return false
		}
		var reads binding.Reads
		sc := scope
		sc.Reads = &reads
		r, err := binding.EvalValue(sc, v, b.env.Functions, b.env.Formatter)
		if err != nil {
			b.report(in, err)
			return false
		}
		if !b.pol.WholeModelContext && !isPath {
			for _, p := range reads.Paths {
				if len(p) == 0 { // a computed entry that read the whole model ("${/}")
					b.report(in, &protocol.Error{Code: protocol.CodePolicy, Path: at,
						Message: "context " + strconv.Quote(k) + " reads the whole data model, which the page's policy forbids; the action was not sent"})
					return false
				}
			}
		}
		switch {
		case len(b.state.secrets) == 0:
		case isPath:
			if !b.state.secretWithin(bound) {
				r = b.state.Redact(bound, r)
			}
		default:
			for _, p := range reads.Paths {
				if b.state.touchesSecret(p) {
					r = nil
					b.report(in, &protocol.Error{Code: protocol.CodePolicy, Path: at,
						Message: "context " + strconv.Quote(k) + " reads an obscured field without binding its path; sent as null"})
					break
				}
			}
		}
		out[k] = r
	}
	return true
}

// FieldError appends the first failing check message (or extra, when checks pass) under a
// field and marks control invalid, once the user has changed or left the field (a form
// does not open in error). Until then the control only carries aria-required-like state
// through its checks, and a Button bound to the same checks stays disabled.
func (b *Builder) FieldError(in *Instance, wrap, control *dom.Node, extra string) {
	msg, ok := b.Checks(in, true)
	if ok {
		msg = extra
	}
	touch := b.toucher(in)
	if _, has := control.Handler("focusout"); !has { // a bound field's own handler touches
		On(control, "focusout", b.Handler(func(dom.Event) { touch() }))
	}
	if _, has := control.Handler("change"); !has {
		On(control, "change", b.Handler(func(dom.Event) { touch() }))
	}
	if msg == "" || !(b.state.submitted || b.state.entry(in.UID, in.Comp.Gen).touched) {
		return
	}
	id := b.DOMID(in, "error")
	e2 := Add(El("div", A("class", "a2ui-error"), A("id", id), A("role", "alert")), Text(msg))
	e2.Key = "error"
	Add(wrap, e2)
	SetAttr(control, "aria-invalid", "true")
	AddToken(control, "aria-describedby", id)
}

// toucher returns the function that marks in's field as touched (its validation message
// shows from then on); handlers of a field's own change events call it.
func (b *Builder) toucher(in *Instance) func() {
	e := b.state.entry(in.UID, in.Comp.Gen)
	return func() {
		if !e.touched {
			e.touched = true
			b.Invalidate()
		}
	}
}

// Local returns the UI state of instance in (created empty on first use). Handlers may
// change it at event time and then call Invalidate.
func (b *Builder) Local(in *Instance) *Local {
	return &b.state.entry(in.UID, in.Comp.Gen).Local
}

// Invalidate asks the renderer to rebuild the surface after a handler changed local UI
// state (Local) that the data model does not see. Call it from event handlers.
func (b *Builder) Invalidate() {
	b.state.Invalidate()
	if b.env.Invalidate != nil {
		b.env.Invalidate(b.s.ID)
	}
}

// ActionHandler registers the click handler of the action prop "action" of in (a
// Button): at click time it applies the renderer's click rules (single-flight,
// debounce, trusted clicks, a 500 ms re-arm after the action changed), runs the
// trigger hooks of enclosing components (TriggerChild), blocks on failing checks
// (revealing every field's message) and then dispatches the action: an event goes to
// the renderer, which sends it to the agent, with its context resolved at click time;
// a functionCall runs locally (openUrl) and is never sent.
func (b *Builder) ActionHandler(in *Instance) dom.HandlerID {
	// An action that changed under an existing Button re-arms it (clicks are ignored
	// for rearmDelay): the user may be aiming at what the button did before.
	e := b.state.entry(in.UID, in.Comp.Gen)
	if act := string(in.Comp.Props["action"]); act != e.action {
		if e.built {
			e.actionAt = b.env.Clock()
			if b.env.PageClock != nil {
				e.actionPage = b.env.PageClock()
			}
		}
		e.action = act
	}
	e.built = true
	hooks := append([]func(){}, b.triggerHooks...)
	uid := in.UID
	return b.Handler(func(ev dom.Event) {
		if at := b.state.entries[uid]; at != nil && at.rearming(ev, b.env.Clock()) {
			return // the action changed a moment ago
		}
		if b.env.AcceptClick != nil && !b.env.AcceptClick(uid, ev) {
			return
		}
		for _, h := range hooks {
			h()
		}
		if _, ok := b.Checks(in, false); !ok {
			// A failing own check blocks the action (also when triggered
			// programmatically) and reveals every field's message.
			if !b.state.submitted {
				b.state.submitted = true
				b.Invalidate()
			}
			return
		}
		b.runAction(in)
	})
}

// rearming reports whether click ev on the Button comes within rearmDelay of its
// action's last change: by the click's own time (dom.Event.Time) against the page
// clock's reading at the change when both are known, else by now.
func (e *uiEntry) rearming(ev dom.Event, now time.Time) bool {
	switch {
	case e.actionAt.IsZero():
		return false
	case ev.Time > 0 && e.actionPage > 0:
		return ev.Time-e.actionPage < float64(rearmDelay/time.Millisecond)
	default:
		return now.Sub(e.actionAt) < rearmDelay
	}
}

// ActionState reports the state of the last action in sent, as the renderer tracks it:
// busy while its POST is in flight, failed (a message) when it failed.
func (b *Builder) ActionState(in *Instance) (busy bool, failed string) {
	if b.env.ActionState == nil {
		return false, ""
	}
	return b.env.ActionState(in.UID)
}

// RetryHandler registers a handler that has the renderer re-send the failed action of
// in, under the same click rules as ActionHandler.
func (b *Builder) RetryHandler(in *Instance) dom.HandlerID {
	uid := in.UID
	return b.Handler(func(ev dom.Event) {
		if b.env.Retry != nil && (b.env.AcceptClick == nil || b.env.AcceptClick(uid, ev)) {
			b.env.Retry(uid)
		}
	})
}

// TriggerChild renders the child named by prop of in (as ChildProp) so that a Button
// inside it also runs open when clicked (a Modal's trigger). Such children are rebuilt
// every build.
func (b *Builder) TriggerChild(in *Instance, prop string, open func()) *dom.Node {
	b.triggerHooks = append(b.triggerHooks, open)
	n := b.ChildProp(in, prop)
	b.triggerHooks = b.triggerHooks[:len(b.triggerHooks)-1]
	return n
}

// Phrasing renders fn's children as phrasing content (inside an element that allows
// only phrasing content, like a <button>): the basic Text renders as a <span> there.
func (b *Builder) Phrasing(fn func()) {
	b.phrasing++
	defer func() { b.phrasing-- }()
	fn()
}

// InPhrasing reports whether the component being rendered sits inside Phrasing.
func (b *Builder) InPhrasing() bool { return b.phrasing > 0 }

// MarkSecret records that ptr is bound to an obscured field: action contexts leave it
// out unless they bind it by path, and it is never logged.
func (b *Builder) MarkSecret(ptr model.Pointer) { b.state.markSecret(ptr) }

// Eval evaluates v, a DynamicValue found inside prop of in (a tab title, an option
// label), in in's scope. Errors are recorded against prop; the value is then nil.
func (b *Builder) Eval(in *Instance, prop string, v any) any { return b.evalValue(in, prop, v) }

// orderOf returns m's keys in the order keys gives (when it knows m), else sorted.
func orderOf(m map[string]any, keys func(map[string]any) []string) []string {
	if keys != nil {
		if k := keys(m); len(k) == len(m) {
			return k
		}
	}
	return sortedKeys(m)
}
