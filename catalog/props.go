package catalog

import (
	"math"
	"strings"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// evalValue evaluates a decoded DynamicValue of in (prop names the error location),
// seeding v0.8 {path, literal} pairs once. Errors are recorded; the value is then nil.
func (b *Builder) evalValue(in *Instance, prop string, v any) any {
	b.seed(in, prop, v)
	r, err := binding.EvalValue(in.Scope, v, b.env.Functions, b.env.Formatter)
	if err != nil {
		b.evalErr(in, prop, err)
		return nil
	}
	return r
}

// seed writes the literal of a lifted v0.8 {path, literal} value of a template instance
// into the model the first time the (instance, prop, path) is bound, so later edits and
// updates are kept. Outside templates the model seeds when the component arrives, in
// message order (model/seed.go).
func (b *Builder) seed(in *Instance, prop string, v any) {
	if !in.Scope.InTemplate {
		return
	}
	if _, err := b.state.seeder.SeedValue(in.Scope, v, in.UID+"\x00"+prop); err != nil {
		b.evalErr(in, prop, err)
	}
}

// Value evaluates prop of in (nil when absent or failing).
func (b *Builder) Value(in *Instance, prop string) any {
	v, ok := in.props.v[prop]
	if !ok {
		return nil
	}
	return b.evalValue(in, prop, v)
}

// String evaluates prop and coerces it to a string ("" when absent).
func (b *Builder) String(in *Instance, prop string) string {
	return binding.ToString(b.Value(in, prop))
}

// Number evaluates prop and coerces it to a finite number (def when absent or not finite).
func (b *Builder) Number(in *Instance, prop string, def float64) float64 {
	if !in.Has(prop) {
		return def
	}
	f := binding.ToNumber(b.Value(in, prop))
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return def
	}
	return f
}

// Bool evaluates prop and coerces it to a boolean (def when absent).
func (b *Builder) Bool(in *Instance, prop string, def bool) bool {
	if !in.Has(prop) {
		return def
	}
	return binding.ToBool(b.Value(in, prop))
}

// StringList evaluates prop as a list of strings.
func (b *Builder) StringList(in *Instance, prop string) []string {
	return binding.ToStringList(b.Value(in, prop))
}

// Enum returns the literal string prop when it is one of values, else values[0] (the
// default); a value outside the list is recorded as a VALIDATION_FAILED error.
func (b *Builder) Enum(in *Instance, prop string, values ...string) string {
	v, ok := in.props.v[prop]
	if !ok {
		return values[0]
	}
	s, _ := v.(string)
	for _, x := range values {
		if s == x {
			return s
		}
	}
	b.Error(in, protocol.CodeValidationFailed, prop, prop+" must be one of "+strings.Join(values, ", "))
	return values[0]
}

// BoundPath returns the absolute pointer a two-way bound prop writes to: the path of a
// {path} (or v0.8 {path, literal}) value. Literals and function calls are not writable.
func (b *Builder) BoundPath(in *Instance, prop string) (model.Pointer, bool) {
	m, ok := in.props.v[prop].(map[string]any)
	if !ok {
		return nil, false
	}
	if _, call := m["call"]; call {
		return nil, false
	}
	path, ok := m["path"].(string)
	if !ok {
		return nil, false
	}
	p, err := in.Scope.Resolve(path)
	if err != nil {
		return nil, false
	}
	return p, true
}

// Write sets the model at ptr to v on behalf of in (an input handler); a refused write is
// reported to the renderer (an a2ui-error event).
func (b *Builder) Write(in *Instance, ptr model.Pointer, v any) {
	s := b.s
	if err := s.Data.Set(ptr, v); err != nil {
		b.report(in, err)
	}
}

// report sends an event-time error to env.OnError.
func (b *Builder) report(in *Instance, err error) {
	if b.env.OnError == nil || err == nil {
		return
	}
	pe, ok := err.(*protocol.Error)
	if !ok {
		pe = &protocol.Error{Code: protocol.CodeFunction, Message: err.Error()}
	} else {
		cp := *pe
		pe = &cp
	}
	pe.SurfaceID = b.s.ID
	if pe.Path == "" && in != nil {
		pe.Path = "/components/" + protocol.EscapeToken(in.Comp.ID)
	}
	b.env.OnError(pe)
}

// Checks evaluates in's checks (CheckRule[]: {condition, message}; the malformed flat form
// {call, args, message} is accepted like web_core does) and returns the message of the
// first failing rule. A condition that fails to evaluate counts as failing (fail closed).
// With record false, evaluation errors are not recorded (click-time re-checks).
func (b *Builder) Checks(in *Instance, record bool) (msg string, ok bool) {
	raw, has := in.props.v["checks"]
	if !has {
		return "", true
	}
	msg, ok, errs := binding.ChecksValue(in.Scope, raw, b.env.Functions, b.env.Formatter)
	if record {
		for _, err := range errs {
			b.evalErr(in, "checks", err)
		}
	}
	return msg, ok
}

// editingValue returns the value the user left in in's field while they are editing it
// (focus inside, see Editing); editing is false otherwise. Event handlers use it to act
// on what the user sees rather than on an agent write meanwhile.
func (b *Builder) editingValue(in *Instance) (user string, editing bool) {
	if e := b.state.entries[in.UID]; e != nil && e.gen == in.Comp.Gen && e.editing {
		return e.user, true
	}
	return "", false
}

// editing wires the focus listeners of a field control bound to ptr and returns the value
// the control shows: the model's (shown) while the user is not editing it; while it has
// focus, the user's own value (the browser runtime does not write a focused control
// either), and an agent write that differs from it is reported once as a Conflict. When
// the user leaves the field, the value it shows goes into the model (toModel converts it).
// Its input/change handler must call edited with the control's value. read gives the
// control's value at a focus event, read before the focus state changes (nil: ev.Value).
func (b *Builder) editing(in *Instance, control *dom.Node, ptr model.Pointer, shown string, toModel func(string) any, read func(dom.Event) string) (value string, edited func(string)) {
	if read == nil {
		read = func(ev dom.Event) string { return ev.Value }
	}
	uid, gen := in.UID, in.Comp.Gen
	st := b.state
	On(control, "focusin", b.Handler(func(ev dom.Event) {
		e := st.entry(uid, gen)
		e.editing, e.user, e.conflicted = true, read(ev), false
	}))
	touch := b.toucher(in)
	On(control, "focusout", b.Handler(func(ev dom.Event) {
		touch() // leaving the field shows its validation (fieldError)
		e := st.entry(uid, gen)
		wasEditing, user := e.editing, read(ev)
		e.editing, e.conflicted = false, false
		if !wasEditing {
			return
		}
		v := toModel(user)
		if cur, ok := b.s.Data.Get(ptr); !ok || binding.ToString(cur) != binding.ToString(v) {
			b.Write(in, ptr, v)
		}
	}))
	edited = func(v string) {
		if e := st.entries[uid]; e != nil && e.editing {
			e.user = v
		}
	}
	e := st.entry(uid, gen)
	if !e.editing || shown == e.user {
		e.conflicted = false
		return shown, edited
	}
	if !e.conflicted || shown != e.conflict {
		e.conflict, e.conflicted = shown, true
		if b.env.OnConflict != nil {
			cur, _ := b.s.Data.Get(ptr)
			b.env.OnConflict(engine.Conflict{SurfaceID: b.s.ID, ComponentID: in.Comp.ID, Path: ptr.String(), AgentValue: cur})
		}
	}
	return e.user, edited
}
