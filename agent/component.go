package agent

import "errors"

// Component is one entry of a surface's flat component list: an id, a type and its
// properties in the order they were set. It is a value: With returns a changed copy.
// Property names and component types are the v0.9 basic catalog's for every version;
// for v0.8 a Surface writes the standard catalog's (see Surface.Components).
type Component struct {
	ID    string
	Type  string
	props []member
}

// NewComponent returns a component of any type (a custom catalog's, or a basic one with
// properties set by With).
func NewComponent(id, typ string) Component { return Component{ID: id, Type: typ} }

// With returns c with the property name set to value (replacing an earlier value in
// place). value is a literal or a Binding, FunctionCall, ChildList, Action, Tab or
// Option, or a slice or map of them.
func (c Component) With(name string, value any) Component {
	props := make([]member, len(c.props), len(c.props)+1)
	copy(props, c.props)
	for i := range props {
		if props[i].k == name {
			props[i].v = value
			c.props = props
			return c
		}
	}
	c.props = append(props, member{name, value})
	return c
}

// Prop returns the value of property name.
func (c Component) Prop(name string) (any, bool) {
	for _, p := range c.props {
		if p.k == name {
			return p.v, true
		}
	}
	return nil, false
}

// Variant sets the "variant" property (Text "h1".."h5", "caption", "body"; Button
// "primary", "borderless"; ...).
func (c Component) Variant(v string) Component { return c.With("variant", v) }

// Weight sets the flex weight of a Row or Column child.
func (c Component) Weight(w float64) Component { return c.With("weight", w) }

// Basic-catalog components. Text-like arguments (text, label, url, name) take a string
// or a Binding or FunctionCall; value arguments of inputs are normally a Binding, which
// the input writes back to.

// Text shows text (a string, Binding or FunctionCall such as formatString).
func Text(id string, text any) Component { return NewComponent(id, "Text").With("text", text) }

// Image shows the image at url.
func Image(id string, url any) Component { return NewComponent(id, "Image").With("url", url) }

// Icon shows the named icon.
func Icon(id string, name any) Component { return NewComponent(id, "Icon").With("name", name) }

// Video plays the video at url.
func Video(id string, url any) Component { return NewComponent(id, "Video").With("url", url) }

// AudioPlayer plays the audio at url.
func AudioPlayer(id string, url any) Component {
	return NewComponent(id, "AudioPlayer").With("url", url)
}

// Row lays out children horizontally.
func Row(id string, children ...string) Component {
	return NewComponent(id, "Row").With("children", Children(children...))
}

// Column lays out children vertically.
func Column(id string, children ...string) Component {
	return NewComponent(id, "Column").With("children", Children(children...))
}

// List lays out children in a scrolling list; pass a Template to repeat one child over a
// data-model list: List("rows").With("children", Template("row", "/items")).
func List(id string, children ...string) Component {
	return NewComponent(id, "List").With("children", Children(children...))
}

// Card frames one child.
func Card(id, child string) Component { return NewComponent(id, "Card").With("child", child) }

// Tabs shows one tab's content at a time.
func Tabs(id string, tabs ...Tab) Component {
	return NewComponent(id, "Tabs").With("tabs", append([]Tab{}, tabs...))
}

// Modal opens content in a dialog when trigger is activated.
func Modal(id, trigger, content string) Component {
	return NewComponent(id, "Modal").With("trigger", trigger).With("content", content)
}

// Divider draws a line.
func Divider(id string) Component { return NewComponent(id, "Divider") }

// Button shows child (usually a Text) and performs action when pressed.
func Button(id, child string, action Action) Component {
	return NewComponent(id, "Button").With("child", child).With("action", action)
}

// TextField edits text at value (a Binding).
func TextField(id string, label, value any) Component {
	return NewComponent(id, "TextField").With("label", label).With("value", value)
}

// CheckBox edits a boolean at value (a Binding).
func CheckBox(id string, label, value any) Component {
	return NewComponent(id, "CheckBox").With("label", label).With("value", value)
}

// ChoicePicker edits the list of chosen option values at value (a Binding); set
// Variant("mutuallyExclusive") for a single choice.
func ChoicePicker(id string, value any, options ...Option) Component {
	return NewComponent(id, "ChoicePicker").With("options", append([]Option{}, options...)).With("value", value)
}

// Slider edits a number at value (a Binding) between min and max.
func Slider(id string, value any, min, max float64) Component {
	return NewComponent(id, "Slider").With("min", min).With("max", max).With("value", value)
}

// DateTimeInput edits an ISO 8601 date and/or time at value (a Binding).
func DateTimeInput(id string, value any) Component {
	return NewComponent(id, "DateTimeInput").With("value", value)
}

// encode returns the component in the shape of version v.
func (c Component) encode(v Version) (any, error) {
	if c.ID == "" || c.Type == "" {
		return nil, errors.New("a component needs an id and a type (got id " + quote(c.ID) + ", type " + quote(c.Type) + ")")
	}
	if v < V09 {
		return c.encode08()
	}
	o := make(obj, 0, len(c.props)+2)
	o = append(o, member{"id", c.ID}, member{"component", c.Type})
	for _, p := range c.props {
		w, err := wire(p.v, v)
		if err != nil {
			return nil, errors.New(c.ID + "." + p.k + ": " + err.Error())
		}
		o = append(o, member{p.k, w})
	}
	return o, nil
}

func quote(s string) string { b, _ := marshal(s); return string(b) }

// v0.8 standard-catalog names: the inverse of the renderer's lift (protocol/lift.go).
var renames08 = map[string]map[string]string{
	"Text":          {"variant": "usageHint"},
	"Image":         {"variant": "usageHint", "description": "altText"},
	"Row":           {"justify": "distribution", "align": "alignment"},
	"Column":        {"justify": "distribution", "align": "alignment"},
	"List":          {"align": "alignment"},
	"Tabs":          {"tabs": "tabItems"},
	"Modal":         {"trigger": "entryPointChild", "content": "contentChild"},
	"TextField":     {"value": "text", "variant": "textFieldType"},
	"ChoicePicker":  {"value": "selections", "displayStyle": "variant"},
	"Slider":        {"min": "minValue", "max": "maxValue"},
	"DateTimeInput": {},
}

// bound08Props are the v0.8 properties that are BoundValues (after renaming).
var bound08Props = map[string]map[string]bool{
	"Text":           {"text": true},
	"Image":          {"url": true, "altText": true},
	"Icon":           {"name": true},
	"Video":          {"url": true},
	"AudioPlayer":    {"url": true, "description": true},
	"CheckBox":       {"label": true, "value": true},
	"TextField":      {"label": true, "text": true},
	"DateTimeInput":  {"value": true},
	"MultipleChoice": {"selections": true},
	"Slider":         {"label": true, "value": true},
}

// encode08 writes {"id", "weight"?, "component": {Type: {props}}} with the standard
// catalog's names: Text variant -> usageHint, ChoicePicker -> MultipleChoice,
// Button variant "primary" -> primary true (other Button variants do not exist in v0.8
// and are dropped), literals of bound properties -> {"literalString": ...}, and so on.
func (c Component) encode08() (any, error) {
	typ := c.Type
	if typ == "ChoicePicker" {
		typ = "MultipleChoice"
	}
	names := renames08[c.Type]
	bound := bound08Props[typ]
	var weight any
	props := make(obj, 0, len(c.props))
	for _, p := range c.props {
		name := p.k
		switch {
		case name == "weight":
			weight = p.v
			continue
		case c.Type == "Button" && name == "variant":
			if p.v == "primary" {
				props = append(props, member{"primary", true})
			}
			continue
		case c.Type == "ChoicePicker" && name == "variant":
			if p.v == "mutuallyExclusive" {
				props = append(props, member{"maxAllowedSelections", 1})
			}
			continue
		case c.Type == "Image" && name == "fit" && p.v == "scaleDown":
			props = append(props, member{"fit", "scale-down"})
			continue
		}
		if to, ok := names[name]; ok {
			name = to
		}
		var w any
		var err error
		if bound[name] {
			w, err = wireBound(p.v, V08)
		} else {
			w, err = wire(p.v, V08)
		}
		if err != nil {
			return nil, errors.New(c.ID + "." + p.k + ": " + err.Error())
		}
		props = append(props, member{name, w})
	}
	o := obj{{"id", c.ID}}
	if weight != nil {
		o = append(o, member{"weight", weight})
	}
	return append(o, member{"component", obj{{typ, props}}}), nil
}
