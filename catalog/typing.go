package catalog

import (
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/model"
)

// Typing are the hooks of an input component bound to the data model (b.Typing()):
// they keep what the user is typing, composing (IME) or choosing when the agent writes
// the same path meanwhile (the write is reported as a conflict, not shown), put the
// user's value into the model when they leave the field, and let keystrokes skip
// rebuilding the surface. The basic catalog's TextField, CheckBox, Slider, DateTimeInput
// and ChoicePicker use them.
type Typing interface {
	// Editing wires the focus listeners of a field control bound to ptr and returns
	// the value the control shows: the model's (shown) while the user is not editing
	// it; while it has focus, the user's own value, and an agent write that differs
	// from it is reported once as a conflict. When the user leaves the field, the value
	// it shows goes into the model (toModel converts it). Its input/change handler must
	// call edited with the control's value. read gives the control's value at a focus
	// event (nil: ev.Value).
	Editing(in *Instance, control *dom.Node, ptr model.Pointer, shown string, toModel func(string) any, read func(dom.Event) string) (value string, edited func(string))
	// EditingValue returns the value the user left in in's field while they are
	// editing it; editing is false otherwise. Event handlers use it to act on what the
	// user sees rather than on an agent write meanwhile.
	EditingValue(in *Instance) (user string, editing bool)
	// Echo prepares the typing fast path of a text control bound to ptr: its input
	// handler calls echo(v) after writing v, the control's own value, to ptr, and the
	// next build reuses the instance's subtree. The render must depend on ptr only
	// through the value the control shows. nil: no fast path (a prop that is not a
	// literal, or checks).
	Echo(in *Instance, control *dom.Node, ptr model.Pointer) (echo func(v string))
	// Toucher returns the function that marks in's field as touched (its validation
	// message shows from then on); handlers of a field's own change events call it.
	Toucher(in *Instance) func()
}

// Typing returns the typing hooks of the build.
func (b *Builder) Typing() Typing { return typing{b} }

type typing struct{ b *Builder }

func (t typing) Editing(in *Instance, control *dom.Node, ptr model.Pointer, shown string, toModel func(string) any, read func(dom.Event) string) (string, func(string)) {
	return t.b.editing(in, control, ptr, shown, toModel, read)
}
func (t typing) EditingValue(in *Instance) (string, bool) { return t.b.editingValue(in) }
func (t typing) Echo(in *Instance, control *dom.Node, ptr model.Pointer) func(string) {
	return t.b.echoControl(in, control, ptr)
}
func (t typing) Toucher(in *Instance) func() { return t.b.toucher(in) }
