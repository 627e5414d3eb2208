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
	def := &catalog.ComponentDef{Name: d.Name}
	names := sortedKeys(d.Props)
	for _, n := range names {
		p := d.Props[n]
		spec := catalog.PropSpec{Name: n, Required: p.Required, Kind: kind(p)}
		if len(p.Enum) > 0 {
			spec.Values = p.Enum
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
		v, ok := value(b, in, name, p)
		if !ok || v == nil {
			continue
		}
		n.Props = append(n.Props, dom.Prop{Name: name, Value: string(protocol.AppendJSON(nil, v)), Host: true})
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
				b.RunAction(in, prop, x)
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
	var v any
	if p.Bindable {
		v = b.Value(in, name)
	} else {
		raw, _ := in.Raw(name)
		if m, ok := raw.(map[string]any); ok && (m["path"] != nil || m["call"] != nil) && p.Type != Object {
			b.Error(in, protocol.CodeValidationFailed, name, name+" is not bindable: it takes a literal "+p.Type)
			return nil, false
		}
		v = raw
	}
	if v == nil {
		return nil, true
	}
	v, ok := coerce(v, p)
	if !ok {
		// The engine's wording for literals, so an engine that checks them too reports once.
		what := p.Type
		if what == URL {
			what = String
		}
		b.Error(in, protocol.CodeValidationFailed, name, name+" must be "+article(what))
		return nil, false
	}
	if p.Type == URL {
		u, err := b.Policy().CheckURL(urlKind(p.URLKind), v.(string), b.Env().BaseURL)
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

// coerce checks v against the declared type (no conversion: a prop value has the type
// its declaration says, or it is dropped).
func coerce(v any, p Prop) (any, bool) {
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
	switch k {
	case "image":
		return policy.Image
	case "media":
		return policy.Media
	}
	return policy.Link
}

func article(t string) string {
	if t == Object || t == Array {
		return "an " + t
	}
	return "a " + t
}

// eventValue extracts an event's value: "value" is the element's value property (a
// string), "detail[.a.b]" the CustomEvent's detail or a member of it.
func eventValue(x dom.Event, from string) (any, bool) {
	if from == "value" {
		return x.Value, true
	}
	if x.Detail == "" {
		return nil, false
	}
	v, err := jsonscan.Parse([]byte(x.Detail))
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
