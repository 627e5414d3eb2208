package host

import (
	"slices"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// Defs returns the component definitions of c's components (c must pass Check).
func Defs(c *Catalog) []*catalog.ComponentDef {
	out := make([]*catalog.ComponentDef, 0, len(c.Components))
	for i := range c.Components {
		out = append(out, Def(&c.Components[i]))
	}
	return out
}

// Def returns the definition of one host component: its PropSpecs (so required props,
// enums and child references are validated and counted like the basic catalog's) and
// its render function.
func Def(d *Component) *catalog.ComponentDef {
	def := &catalog.ComponentDef{Name: d.Name, Description: d.Description}
	names := sortedKeys(d.Props)
	for _, n := range names {
		p := d.Props[n]
		spec := catalog.PropSpec{Name: n, Required: p.Required, Kind: kind(p), Description: p.Description}
		if len(p.Enum) > 0 {
			spec.Values = p.Enum
		}
		if p.Schema != nil && (spec.Kind == catalog.KindObject || spec.Kind == catalog.KindDynamicValue) {
			spec.Schema = p.Schema.JSON()
			delete(spec.Schema, "description")
		}
		def.Props = append(def.Props, spec)
	}
	events := sortedKeys(d.Events)
	def.Render = func(b *catalog.Builder, in *catalog.Instance) *dom.Node {
		return render(b, in, d, names, events)
	}
	return def
}

func kind(p Prop) catalog.PropKind {
	switch p.Type {
	case Action:
		return catalog.KindAction
	case Child:
		return catalog.KindComponentID
	case Children:
		return catalog.KindChildList
	case String, URL:
		if p.Bindable {
			return catalog.KindDynamicString
		}
		if len(p.Enum) > 0 {
			return catalog.KindEnum
		}
		return catalog.KindString
	case Number:
		if p.Bindable {
			return catalog.KindDynamicNumber
		}
		return catalog.KindNumber
	case Boolean:
		if p.Bindable {
			return catalog.KindDynamicBoolean
		}
		return catalog.KindBoolean
	}
	if p.Bindable {
		return catalog.KindDynamicValue
	}
	return catalog.KindObject
}

// render builds the element of one host component instance. Called on the UI goroutine
// by the build walk.
func render(b *catalog.Builder, in *catalog.Instance, d *Component, names, events []string) *dom.Node {
	tag := d.Tag
	if d.Factory != "" {
		tag = d.Factory
	}
	n := &dom.Node{Kind: dom.Element, Tag: tag}
	// Undeclared props never reach the element; each is reported (once, while it stays).
	undeclared := in.Props()
	slices.Sort(undeclared)
	for _, p := range undeclared {
		if _, ok := d.Props[p]; !ok && p != "weight" && p != "accessibility" {
			b.Error(in, protocol.CodeValidationFailed, p, d.Name+" does not declare prop "+strconv.Quote(p)+"; it was dropped")
		}
	}
	var slots []*dom.Node
	for _, name := range names {
		p := d.Props[name]
		switch p.Type {
		case Action:
			checkAction(b, in, name) // runs from a declared event
			continue
		case Child, Children:
			var kids []*dom.Node
			if p.Type == Child {
				if c := b.ChildProp(in, name); c != nil {
					kids = []*dom.Node{c}
				}
			} else {
				kids = b.Children(in, name)
			}
			if len(kids) > 0 {
				slots = append(slots, &dom.Node{Kind: dom.Element, Tag: "div", Key: "a2ui-slot-" + name,
					Attrs:    []dom.Attr{{Name: "class", Value: "a2ui-slot"}, {Name: "slot", Value: name}},
					Children: kids})
			}
			continue
		}
		if !in.Has(name) {
			continue
		}
		cp := copies{}
		v, ok := valueNoting(b, in, name, p, cp)
		if !ok || v == nil {
			continue
		}
		n.Props = append(n.Props, dom.Prop{Name: name, Value: propJSON(in, name, p, v, cp), Host: true})
	}
	n.Children = slots
	if busy, _ := b.ActionState(in); busy {
		n.Attrs = append(n.Attrs, dom.Attr{Name: "aria-busy", Value: "true"})
	}
	for _, ev := range events {
		e := d.Events[ev]
		if e.Action != "" {
			if !in.Has(e.Action) {
				continue
			}
			prop := e.Action
			n.On = append(n.On, dom.Listener{Event: ev, Handler: b.Handler(func(x dom.Event) {
				x.Synthetic = false // the element is page code: its events are the page's
				extra, keys, ok := eventContext(b, in, e, x)
				if ok {
					b.RunActionWith(in, prop, x, extra, keys)
				}
			})})
			continue
		}
		if e.Name != "" {
			allowed := allowList(b, in, e.Allow, d.Props[e.Allow])
			n.On = append(n.On, dom.Listener{Event: ev, Handler: b.Handler(func(x dom.Event) {
				x.Synthetic = false
				runNamed(b, in, e, x, allowed)
			})})
			continue
		}
		ptr, ok := b.BoundPath(in, e.Bind)
		if !ok {
			continue
		}
		from, typ := e.From, d.Props[e.Bind]
		n.On = append(n.On, dom.Listener{Event: ev, Handler: b.Handler(func(x dom.Event) {
			v, ok := eventValue(x, from)
			if !ok {
				return
			}
			if v, ok = coerce(v, typ); !ok {
				b.Report(in, protocol.CodeValidationFailed, e.Bind, "event "+strconv.Quote(x.Type)+" gave a value that is not "+article(typ.Type)+"; it was not written")
				return
			}
			b.Write(in, ptr, v)
		})})
	}
	return n
}

// value reads prop name of in as declared: a bindable prop is evaluated, any other must
// be a literal. A value of the wrong type (or outside the enum) is reported and dropped.
func value(b *catalog.Builder, in *catalog.Instance, name string, p Prop) (any, bool) {
	return valueNoting(b, in, name, p, nil)
}

// valueNoting is value noting in cp the objects the schema copied.
func valueNoting(b *catalog.Builder, in *catalog.Instance, name string, p Prop, cp copies) (any, bool) {
	var v any
	if p.Bindable {
		v = b.Value(in, name)
	} else {
		raw, _ := in.Raw(name)
		if m, ok := raw.(map[string]any); ok && (m["path"] != nil || m["call"] != nil) && p.Type != Object && p.Type != Any {
			b.Error(in, protocol.CodeValidationFailed, name, name+" is not bindable: it takes a literal "+p.Type)
			return nil, false
		}
		v = raw
	}
	if v == nil {
		return nil, true
	}
	if p.Schema != nil {
		out, _, msg := p.Schema.coerce(v, cp)
		if msg != "" {
			if !strings.HasPrefix(msg, "/") {
				msg = " " + msg
			}
			b.Error(in, protocol.CodeValidationFailed, name, name+msg)
			return nil, false
		}
		v = out
	} else if cv, ok := coerce(v, p); ok {
		v = cv
	} else {
		// The engine's wording for literals, so an engine that checks them too reports once.
		what := p.Type
		if what == URL {
			what = String
		}
		b.Error(in, protocol.CodeValidationFailed, name, name+" must be "+article(what))
		return nil, false
	}
	if p.Type == URL {
		u, err := b.Policy().CheckURL(urlKind(p.URLKind), v.(string), b.BaseURL())
		if err != nil {
			b.Error(in, protocol.CodePolicy, name, name+": "+err.Error())
			return nil, false
		}
		return u, true
	}
	if s, isStr := v.(string); isStr && len(p.Enum) > 0 && !slices.Contains(p.Enum, s) {
		b.Error(in, protocol.CodeValidationFailed, name, name+" must be one of "+strings.Join(p.Enum, ", "))
		return nil, false
	}
	return v, true
}

// coerce checks v against the declared type or schema: a prop value has the type its
// declaration says, or it is dropped. The one conversion: an object keyed "0", "1", …
// given to an array prop is that array (Schema.Coerce).
func coerce(v any, p Prop) (any, bool) { return coerceNoting(v, p, nil) }

// coerceNoting is coerce noting in cp the objects the schema copied.
func coerceNoting(v any, p Prop, cp copies) (any, bool) {
	if p.Schema != nil {
		out, _, msg := p.Schema.coerce(v, cp)
		return out, msg == ""
	}
	if m, ok := v.(map[string]any); ok && p.Type == Array {
		if list, ok := indexedList(m); ok {
			return list, true
		}
	}
	switch p.Type {
	case String, URL:
		_, ok := v.(string)
		return v, ok
	case Number:
		_, ok := v.(float64)
		return v, ok
	case Boolean:
		_, ok := v.(bool)
		return v, ok
	case Object:
		_, ok := v.(map[string]any)
		return v, ok
	case Array:
		_, ok := v.([]any)
		return v, ok
	}
	return v, true
}

func urlKind(k string) policy.Kind {
	switch k { // "frame": a framed document is checked like a link
	case "image":
		return policy.Image
	case "media":
		return policy.Media
	}
	return policy.Link
}

func article(t string) string {
	if t == Object || t == Array || t == "integer" {
		return "an " + t
	}
	return "a " + t
}

// eventValue extracts an event's value: "value" is the element's value property (a
// string), "detail[.a.b]" the CustomEvent's detail or a member of it.
func eventValue(x dom.Event, from string) (any, bool) { return eventValueOrdered(x, from, nil) }

// eventValueOrdered is eventValue recording in order (when not nil) the key order of
// the detail's objects.
func eventValueOrdered(x dom.Event, from string, order *catalog.Orders) (any, bool) {
	if from == "value" {
		return x.Value, true
	}
	if x.Detail == "" {
		return nil, false
	}
	var v any
	var err error
	if order != nil {
		v, err = order.ParseOrdered([]byte(x.Detail))
	} else {
		v, err = jsonscan.Parse([]byte(x.Detail))
	}
	if err != nil {
		return nil, false
	}
	path := strings.TrimPrefix(strings.TrimPrefix(from, "detail"), ".")
	if path == "" {
		return v, true
	}
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, true
}

// checkAction reports an action prop that is not an action, or whose event name the
// page's policy does not allow (the event then does nothing but report it again).
func checkAction(b *catalog.Builder, in *catalog.Instance, name string) {
	raw, ok := in.Raw(name)
	if !ok {
		return
	}
	act, isObj := raw.(map[string]any)
	_, isFn := act["functionCall"].(map[string]any)
	ev, isEv := act["event"].(map[string]any)
	switch {
	case !isObj || (!isFn && !isEv):
		b.Error(in, protocol.CodeValidationFailed, name, name+" must be an action ({event} or {functionCall})")
	case isEv && !b.Policy().AllowAction(str(ev["name"])):
		b.Error(in, protocol.CodePolicy, name, "action "+strconv.Quote(str(ev["name"]))+" is not allowed by the page's policy")
	}
}

// eventContext reads the object event e merges into its action's context (nil when e
// declares none), with the key order of its objects as the element gave them. An event
// whose context is not an object is reported and runs nothing.
func eventContext(b *catalog.Builder, in *catalog.Instance, e Event, x dom.Event) (map[string]any, func(map[string]any) []string, bool) {
	if e.Context == "" {
		return nil, nil, true
	}
	var order catalog.Orders
	v, ok := eventValueOrdered(x, e.Context, &order)
	if !ok || v == nil {
		return nil, nil, true // nothing to merge
	}
	m, isObj := v.(map[string]any)
	if !isObj {
		b.Report(in, protocol.CodeValidationFailed, "", "event "+strconv.Quote(x.Type)+": its "+e.Context+" is not an object; no action was sent")
		return nil, nil, false
	}
	return m, order.Keys, true
}

// allowList returns the names the agent allows in array prop name ([]string), as the
// build sees them.
func allowList(b *catalog.Builder, in *catalog.Instance, name string, p Prop) []string {
	if !in.Has(name) {
		return nil
	}
	v, ok := value(b, in, name, p)
	list, _ := v.([]any)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// runNamed sends the action event e names at run time: its name must be a string the
// agent's allow list holds and the page's policy allows; anything else is reported and
// nothing is sent.
func runNamed(b *catalog.Builder, in *catalog.Instance, e Event, x dom.Event, allowed []string) {
	v, _ := eventValue(x, e.Name)
	name, ok := v.(string)
	switch {
	case !ok || name == "":
		b.Report(in, protocol.CodeValidationFailed, "", "event "+strconv.Quote(x.Type)+" gave no action name; no action was sent")
		return
	case !slices.Contains(allowed, name):
		b.Report(in, protocol.CodePolicy, e.Allow, "action "+strconv.Quote(name)+" is not in "+e.Allow+"; it was not sent")
		return
	}
	ctx, keys, ok := eventContext(b, in, e, x)
	if ok {
		b.RunNamedAction(in, name, ctx, x, keys)
	}
}
