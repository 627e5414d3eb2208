package agent

import (
	"errors"
	"reflect"
	"sort"
)

// Property values. A component property takes a literal (string, number, bool, a slice
// or map of them, any value encoding/json accepts) or one of the types below, which each
// version writes in its own shape.

// Binding is a data-model binding, {"path": "/user/name"}; a relative path ("name") is
// read inside a template's item.
type Binding struct{ Path string }

// Path binds a property to the data model at p (a JSON Pointer).
func Path(p string) Binding { return Binding{Path: p} }

// FunctionCall calls a catalog function on the client: {"call": name, "args": {...}}.
// v0.9 and later; v0.8 has no functions.
type FunctionCall struct {
	Name string
	// Args are the named arguments; values may be literals, Bindings or FunctionCalls.
	Args map[string]any
	// ReturnType is the declared result type ("string", "boolean", ...; "" omits it).
	// v1.0 leaves it out: there the catalog declares it.
	ReturnType string
	// CatalogID names the function's catalog when it is not the surface's (v1.0 only).
	CatalogID string
	// CallableFrom is v0.10's invocation scope ("clientOnly", "remoteOnly",
	// "clientOrRemote"; "" omits it).
	CallableFrom string
}

// Call returns a call of the function name with args.
func Call(name string, args map[string]any) FunctionCall {
	return FunctionCall{Name: name, Args: args}
}

// Returns sets the declared return type.
func (c FunctionCall) Returns(typ string) FunctionCall { c.ReturnType = typ; return c }

// ChildList is the children of a Row, Column or List: fixed ids or a template repeated
// over a data-model list.
type ChildList struct {
	ids         []string
	template    bool
	componentID string
	path        string
}

// Children lists child component ids.
func Children(ids ...string) ChildList { return ChildList{ids: append([]string{}, ids...)} }

// Template repeats the component componentID once per item of the list (or map) at path;
// inside it, relative paths read the item.
func Template(componentID, path string) ChildList {
	return ChildList{template: true, componentID: componentID, path: path}
}

// Action is what a Button (or another interactive component) does: send an event to the
// agent (Event) or run a client function (Local).
type Action struct {
	name         string
	context      map[string]any
	local        *FunctionCall
	wantResponse bool
	responsePath string
	userMessage  any
}

// Event sends the action name to the agent with context, whose values (literals,
// Bindings, FunctionCalls) the client resolves when the user acts.
func Event(name string, context map[string]any) Action {
	return Action{name: name, context: context}
}

// Local runs a client function instead of sending an event (e.g. Call("openUrl", ...)).
// v0.9 and later.
func Local(c FunctionCall) Action { return Action{local: &c} }

// WantResponse asks the agent to answer with an actionResponse (see ActionResponse),
// whose value the client stores at responsePath ("" keeps it nowhere). v0.10 only.
func (a Action) WantResponse(responsePath string) Action {
	a.wantResponse, a.responsePath = true, responsePath
	return a
}

// UserMessage sets the human-readable text of the event (a string or a Binding). v1.0 only.
func (a Action) UserMessage(msg any) Action { a.userMessage = msg; return a }

// Tab is one tab of Tabs: a title (string or Binding) and the id of its content.
type Tab struct {
	Title any
	Child string
}

// Option is one choice of a ChoicePicker: a label (string or Binding) and the value the
// picker stores.
type Option struct {
	Label any
	Value string
}

// wire converts a property value to the JSON-ready shape of version v.
func wire(x any, v Version) (any, error) {
	switch t := x.(type) {
	case Binding:
		return obj{{"path", t.Path}}, nil
	case *Binding:
		return wire(*t, v)
	case FunctionCall:
		if v < V09 {
			return nil, errors.New("v0.8 has no function calls (" + t.Name + ")")
		}
		o := obj{{"call", t.Name}}
		if t.Args != nil {
			args, err := wireMap(t.Args, v)
			if err != nil {
				return nil, err
			}
			o = append(o, member{"args", args})
		}
		if t.ReturnType != "" && v != V10 {
			o = append(o, member{"returnType", t.ReturnType})
		}
		if t.CatalogID != "" {
			if v != V10 {
				return nil, errors.New("only v1.0 function calls name a catalogId (" + t.Name + ")")
			}
			o = append(o, member{"catalogId", t.CatalogID})
		}
		if t.CallableFrom != "" {
			if v != V010 {
				return nil, errors.New("only v0.10 function calls take callableFrom (" + t.Name + ")")
			}
			o = append(o, member{"callableFrom", t.CallableFrom})
		}
		return o, nil
	case ChildList:
		switch {
		case v < V09 && t.template:
			return obj{{"template", obj{{"componentId", t.componentID}, {"dataBinding", t.path}}}}, nil
		case v < V09:
			return obj{{"explicitList", nonNil(t.ids)}}, nil
		case t.template:
			return obj{{"componentId", t.componentID}, {"path", t.path}}, nil
		}
		return nonNil(t.ids), nil
	case Action:
		return wireAction(t, v)
	case Tab:
		title, err := wireBound(t.Title, v)
		return obj{{"title", title}, {"child", t.Child}}, err
	case Option:
		label, err := wireBound(t.Label, v)
		return obj{{"label", label}, {"value", t.Value}}, err
	case map[string]any:
		return wireMap(t, v)
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			w, err := wire(e, v)
			if err != nil {
				return nil, err
			}
			out[i] = w
		}
		return out, nil
	case []Tab:
		return wireSlice(t, v)
	case []Option:
		return wireSlice(t, v)
	}
	return x, nil
}

func wireSlice[T any](list []T, v Version) (any, error) {
	out := make([]any, len(list))
	for i, e := range list {
		w, err := wire(e, v)
		if err != nil {
			return nil, err
		}
		out[i] = w
	}
	return out, nil
}

func nonNil(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return ids
}

// wireMap converts a map to an object with sorted keys.
func wireMap(m map[string]any, v Version) (obj, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	o := make(obj, 0, len(m))
	for _, k := range keys {
		w, err := wire(m[k], v)
		if err != nil {
			return nil, err
		}
		o = append(o, member{k, w})
	}
	return o, nil
}

// wireBound converts a value that v0.8 writes as a BoundValue (literals wrapped in
// literalString/Number/Boolean/Array); other versions write it as wire does.
func wireBound(x any, v Version) (any, error) {
	w, err := wire(x, v)
	if err != nil || v >= V09 {
		return w, err
	}
	return bound08(w), nil
}

// bound08 wraps a literal as a v0.8 BoundValue; bindings and objects pass unchanged.
func bound08(w any) any {
	switch w.(type) {
	case nil:
		return obj{}
	case obj: // a binding, or an object literal
		return w
	}
	rv := reflect.ValueOf(w)
	switch rv.Kind() {
	case reflect.String:
		return obj{{"literalString", w}}
	case reflect.Bool:
		return obj{{"literalBoolean", w}}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return obj{{"literalNumber", w}}
	case reflect.Slice, reflect.Array:
		return obj{{"literalArray", w}}
	}
	return w
}

func wireAction(a Action, v Version) (any, error) {
	if a.local != nil {
		if v < V09 {
			return nil, errors.New("v0.8 actions cannot call client functions (" + a.local.Name + ")")
		}
		fc, err := wire(*a.local, v)
		return obj{{"functionCall", fc}}, err
	}
	if a.wantResponse && v != V010 {
		return nil, errors.New("only v0.10 actions take wantResponse (action " + a.name + ")")
	}
	if a.userMessage != nil && v != V10 {
		return nil, errors.New("only v1.0 events take userMessage (action " + a.name + ")")
	}
	if v < V09 {
		o := obj{{"name", a.name}}
		if a.context != nil {
			keys := make([]string, 0, len(a.context))
			for k := range a.context {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			entries := make([]any, 0, len(keys))
			for _, k := range keys {
				val, err := wireBound(a.context[k], v)
				if err != nil {
					return nil, err
				}
				entries = append(entries, obj{{"key", k}, {"value", val}})
			}
			o = append(o, member{"context", entries})
		}
		return o, nil
	}
	ev := obj{{"name", a.name}}
	if a.userMessage != nil {
		um, err := wire(a.userMessage, v)
		if err != nil {
			return nil, err
		}
		ev = append(ev, member{"userMessage", um})
	}
	if a.context != nil {
		ctx, err := wireMap(a.context, v)
		if err != nil {
			return nil, err
		}
		ev = append(ev, member{"context", ctx})
	}
	if a.wantResponse {
		ev = append(ev, member{"wantResponse", true})
		if a.responsePath != "" {
			ev = append(ev, member{"responsePath", a.responsePath})
		}
	}
	return obj{{"event", ev}}, nil
}
