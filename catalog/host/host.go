package host

import (
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// Prop types a component declares.
const (
	String   = "string"
	Number   = "number"
	Boolean  = "boolean"
	Object   = "object"
	Array    = "array"
	Action   = "action"   // an A2UI action, run by a declared event; never reaches the element
	Child    = "child"    // a component id, rendered into <div slot="name">
	Children = "children" // a child list (ids or a template), rendered into <div slot="name">
	// Any is a value of any JSON type (or of the union a JSON Schema declaration
	// lists: Prop.Schema).
	Any = "any"
	// URL is a string checked by the page's policy (Prop.URLKind: "link", the default,
	// "image" or "media"): the element gets the resolved absolute URL, a refused one is
	// reported (POLICY_DENIED) and left unset.
	URL = "url"
)

// Prop is one declared prop of a component.
type Prop struct {
	Type string
	// Bindable: the agent may give a {path} or {call} (string, number, boolean, object,
	// array); otherwise only a literal of the type.
	Bindable bool
	Required bool
	// Enum lists the allowed values of a string prop.
	Enum []string
	// URLKind is the policy list a url prop is checked against: "link" (default),
	// "image" or "media"; "frame" (a document to frame) is checked against the link list.
	URLKind string
	// Schema, when set, checks a value prop's value (types, enum, members, items; an
	// object keyed "0", "1", … given where only an array fits becomes that array) and
	// describes it in the catalog document. nil: the Type alone.
	Schema *Schema
	// Description documents the prop in the catalog document.
	Description string
}

// Event maps a DOM event of the element to an action or to a write of the bound path.
type Event struct {
	// Action names the action-typed prop the event runs.
	Action string
	// Name, instead of Action, reads the action's name from the event ("detail.<member>"):
	// an action named at run time, sent only when the array prop Allow (which the agent
	// gives) lists the name and the page's policy allows it.
	Name, Allow string
	// Context ("detail" or "detail.<member>…"), with Action or Name, is an object of the
	// event whose members are merged into the action's resolved context (they win over
	// the agent's entries of the same name); with Name it is the whole context.
	Context string
	// Bind names the bindable prop whose {path} the event's value is written to.
	Bind string
	// From says where the value comes from: "detail" (default) or "detail.a.b" (the
	// CustomEvent's detail, or a member of it), or "value" (the element's value
	// property, a string).
	From string
}

// Component is one host component type.
type Component struct {
	Name string
	// Tag is the custom element's name; Factory (set by the host, a dom.FactoryTagPrefix
	// tag) names the page's factory instead. Exactly one is set.
	Tag, Factory string
	Props        map[string]Prop
	Events       map[string]Event
	// Description documents the component in the catalog document.
	Description string
}

// Function is one host function.
type Function struct {
	Name string
	// Args maps each argument to its type (string, number, boolean, object, array, any);
	// arguments are coerced to it before the call. Returns is the result's type.
	Args    map[string]string
	Returns string
	// Call runs the page's function with JSON-level values (string, float64, bool, nil,
	// []any, map[string]any) on the UI goroutine; an error fails the call.
	Call func(args map[string]any) (any, error)
	// Budget bounds one call (0: DefaultBudget). A call over it fails and its value is
	// discarded; after MaxOverruns such calls the function is disabled.
	Budget time.Duration
}

// DefaultBudget is the time one host function call may take.
const DefaultBudget = 20 * time.Millisecond

// Catalog is one page catalog.
type Catalog struct {
	ID string
	// Extends is "basic" (the basic catalog's components and functions come too) or "".
	Extends string
	// V08Default: the catalog extends v0.8's standard catalog, as the official v0.8
	// clients register custom components: v0.8 surfaces that name no catalogId render
	// with it (render.Options.DefaultCatalog).
	V08Default bool
	Components []Component
	Functions  []Function
}

var (
	// reservedTags are names the custom elements spec reserves, and the renderer's own.
	reservedTags = map[string]bool{"annotation-xml": true, "color-profile": true, "font-face": true,
		"font-face-src": true, "font-face-uri": true, "font-face-format": true, "font-face-name": true,
		"missing-glyph": true, "a2ui-renderer": true, dom.BlockedTag: true}
)

// Check reports the first thing wrong with c (nil when it is valid): names, tags, prop
// and event declarations, function signatures.
func (c *Catalog) Check() error {
	if c.ID == "" {
		return errors.New("catalogId must be a non-empty string")
	}
	if c.Extends != "" && c.Extends != "basic" {
		return errors.New(`extends must be "basic" or absent, not ` + strconv.Quote(c.Extends))
	}
	seen := map[string]bool{}
	for i := range c.Components {
		if err := c.Components[i].check(); err != nil {
			return err
		}
		if seen[c.Components[i].Name] {
			return errors.New("component " + strconv.Quote(c.Components[i].Name) + " declared twice")
		}
		seen[c.Components[i].Name] = true
	}
	seen = map[string]bool{}
	for i := range c.Functions {
		f := &c.Functions[i]
		if !isName(f.Name) || seen[f.Name] {
			return errors.New("function name " + strconv.Quote(f.Name) + " is invalid or declared twice")
		}
		seen[f.Name] = true
		for a, t := range f.Args {
			if !valueType(t) || a == "" {
				return errors.New("function " + f.Name + ": argument " + strconv.Quote(a) + " has type " + strconv.Quote(t) + " (want string, number, boolean, object, array or any)")
			}
		}
		if f.Returns == "" {
			f.Returns = Any
		}
		if !valueType(f.Returns) {
			return errors.New("function " + f.Name + ": returns " + strconv.Quote(f.Returns) + " is not a type")
		}
		if f.Call == nil {
			return errors.New("function " + f.Name + " has no call")
		}
	}
	return nil
}

// propType reports whether t is the type of a prop set as an element property.
func propType(t string) bool { return valueType(t) || t == URL }

func valueType(t string) bool {
	switch t {
	case String, Number, Boolean, Object, Array, Any:
		return true
	}
	return false
}

func (d *Component) check() error {
	q := strconv.Quote(d.Name)
	if !isName(d.Name) {
		return errors.New("component name " + q + " is invalid (a letter, then letters, digits or _)")
	}
	switch {
	case (d.Tag == "") == (d.Factory == ""):
		return errors.New("component " + q + " needs exactly one of tag and create")
	case d.Factory != "" && !strings.HasPrefix(d.Factory, dom.FactoryTagPrefix):
		return errors.New("component " + q + ": bad factory key")
	case d.Tag != "" && (!strings.Contains(d.Tag, "-") || !dom.AllowedTag(d.Tag) || d.Tag != strings.ToLower(d.Tag) ||
		reservedTags[d.Tag] || strings.HasPrefix(d.Tag, "a2ui-")):
		return errors.New("component " + q + ": tag " + strconv.Quote(d.Tag) + " is not a custom element name (lowercase, with a \"-\", not a2ui-*)")
	}
	for name, p := range d.Props {
		pq := "component " + q + ": prop " + strconv.Quote(name)
		switch p.Type {
		case String, Number, Boolean, Object, Array, URL, Any:
			if !dom.AllowedHostProp(name) || name == "weight" || name == "accessibility" {
				return errors.New(pq + " cannot be an element property (an identifier, not on*, not a markup or identity property)")
			}
		case Action, Child, Children:
			if !isName(name) {
				return errors.New(pq + " is not a valid name")
			}
			if p.Bindable {
				return errors.New(pq + ": a " + p.Type + " prop is not bindable")
			}
		default:
			return errors.New(pq + ": unknown type " + strconv.Quote(p.Type))
		}
		if len(p.Enum) > 0 && p.Type != String {
			return errors.New(pq + ": enum needs type string")
		}
		switch {
		case p.URLKind != "" && p.Type != URL:
			return errors.New(pq + ": kind needs type url")
		case p.URLKind != "" && p.URLKind != "link" && p.URLKind != "image" && p.URLKind != "media" && p.URLKind != "frame":
			return errors.New(pq + `: kind must be "link", "image", "media" or "frame"`)
		}
	}
	for name, e := range d.Events {
		eq := "component " + q + ": event " + strconv.Quote(name)
		if !isEvent(name) {
			return errors.New(eq + " is not a valid event type (lowercase letters, digits, -)")
		}
		n := 0
		for _, x := range []string{e.Action, e.Bind, e.Name} {
			if x != "" {
				n++
			}
		}
		switch {
		case n != 1:
			return errors.New(eq + " needs exactly one of action, bind and name")
		case e.Name != "" && (!isFrom(e.Name) || e.Name == "value"):
			return errors.New(eq + `: name must be "detail" or "detail.<name>…"`)
		case e.Name != "" && d.Props[e.Allow].Type != Array && d.Props[e.Allow].Type != Any:
			return errors.New(eq + ": allow " + strconv.Quote(e.Allow) + " is not a declared array prop (the names the agent allows)")
		case e.Allow != "" && e.Name == "":
			return errors.New(eq + ": allow needs name")
		case e.Context != "" && (e.Bind != "" || !isFrom(e.Context) || e.Context == "value"):
			return errors.New(eq + `: context needs action or name, and is "detail" or "detail.<name>…"`)
		case e.Action != "" && d.Props[e.Action].Type != Action:
			return errors.New(eq + ": action " + strconv.Quote(e.Action) + " is not a declared action prop")
		case e.Bind != "" && !d.Props[e.Bind].Bindable:
			return errors.New(eq + ": bind " + strconv.Quote(e.Bind) + " is not a declared bindable prop")
		case e.From != "" && !isFrom(e.From):
			return errors.New(eq + `: from must be "value", "detail" or "detail.<name>…"`)
		}
	}
	return nil
}

// Parse reads catalog declarations from JSON: an array of
//
//	{"catalogId": "...", "extends": "basic",
//	 "components": {"Chart": {"tag": "x-chart" | "factory": "a2ui-factory-1",
//	     "props": {"title": {"type": "string", "bindable": true, "required": true, "enum": [...]},
//	               "logo": {"type": "url", "kind": "image"}},
//	     "events": {"select": {"action": "onSelect"}, "change": {"bind": "value", "from": "detail.value"}}}},
//	 "functions": {"shout": {"args": {"text": "string"}, "returns": "string", "key": "..."}}}
//
// (what web/a2ui.js sends; a function's "key" is handed to call, which makes its Call).
// Every catalog is checked; the first error is returned.
func Parse(b []byte, call func(key string) func(map[string]any) (any, error)) ([]Catalog, error) {
	v, err := jsonscan.Parse(b)
	if err != nil {
		return nil, errors.New("catalogs: " + err.Error())
	}
	list, ok := v.([]any)
	if !ok {
		return nil, errors.New("catalogs must be an array")
	}
	out := make([]Catalog, 0, len(list))
	for i, x := range list {
		m, ok := x.(map[string]any)
		if !ok {
			return nil, errors.New("catalog " + strconv.Itoa(i) + " is not an object")
		}
		c := Catalog{ID: str(m["catalogId"]), Extends: str(m["extends"]), V08Default: m["v08Default"] == true}
		comps, _ := m["components"].(map[string]any)
		for _, name := range sortedKeys(comps) {
			cm, _ := comps[name].(map[string]any)
			d := Component{Name: name, Tag: str(cm["tag"]), Factory: str(cm["factory"]),
				Props: map[string]Prop{}, Events: map[string]Event{}, Description: str(cm["description"])}
			props, required := componentSchema(cm)
			for pn, pv := range props {
				if pn == "component" || pn == "id" {
					continue // a v0.9 catalog's own members, not props
				}
				pm, _ := pv.(map[string]any)
				p := ParseProp(pm)
				p.Required = p.Required || slices.Contains(required, pn)
				d.Props[pn] = p
			}
			evs, _ := cm["events"].(map[string]any)
			for en, ev := range evs {
				em, _ := ev.(map[string]any)
				d.Events[en] = Event{Action: str(em["action"]), Bind: str(em["bind"]), From: str(em["from"]),
					Name: str(em["name"]), Allow: str(em["allow"]), Context: str(em["context"])}
			}
			c.Components = append(c.Components, d)
		}
		fns, _ := m["functions"].(map[string]any)
		for _, name := range sortedKeys(fns) {
			fm, _ := fns[name].(map[string]any)
			f := Function{Name: name, Returns: str(fm["returns"]), Args: map[string]string{}}
			args, _ := fm["args"].(map[string]any)
			for a, t := range args {
				f.Args[a] = str(t)
			}
			if key := str(fm["key"]); key != "" && call != nil {
				f.Call = call(key)
			}
			if ms, ok := fm["budgetMs"].(float64); ok && ms > 0 && ms <= 1000 {
				f.Budget = time.Duration(ms * float64(time.Millisecond))
			}
			c.Functions = append(c.Functions, f)
		}
		if err := c.Check(); err != nil {
			return nil, errors.New("catalog " + strconv.Quote(c.ID) + ": " + err.Error())
		}
		out = append(out, c)
	}
	return out, nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Name checks, by hand rather than regexp: package catalog/host is on the wasm's start-up
// path, and a package-level regexp is compiled at init.

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// token reports whether s is 1 to 64 bytes long, its first byte passes first and every
// other byte rest.
func token(s string, first, rest func(byte) bool) bool {
	if len(s) == 0 || len(s) > 64 || !first(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !rest(s[i]) {
			return false
		}
	}
	return true
}

// isName: a component, prop or function name, [A-Za-z][A-Za-z0-9_]{0,63}.
func isName(s string) bool {
	return token(s, isAlpha, func(c byte) bool { return isAlpha(c) || isDigit(c) || c == '_' })
}

// isEvent: a DOM event type, [a-z][a-z0-9-]{0,63}.
func isEvent(s string) bool {
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	return token(s, lower, func(c byte) bool { return lower(c) || isDigit(c) || c == '-' })
}

// isFrom: where an event's value is read, "value" or "detail" then any number of
// ".<JS identifier>" ([A-Za-z_$][A-Za-z0-9_$]*).
func isFrom(s string) bool {
	if s == "value" {
		return true
	}
	rest, ok := strings.CutPrefix(s, "detail")
	if !ok {
		return false
	}
	for rest != "" {
		if rest[0] != '.' {
			return false
		}
		rest = rest[1:]
		n := 0
		for n < len(rest) && rest[n] != '.' {
			c := rest[n]
			if !(isAlpha(c) || c == '_' || c == '$' || (n > 0 && isDigit(c))) {
				return false
			}
			n++
		}
		if n == 0 {
			return false
		}
		rest = rest[n:]
	}
	return true
}

// componentSchema returns a component declaration's props and the names of its required
// ones: "props" (the short forms or JSON Schemas), or "schema", the component's JSON
// Schema as Lit's componentRegistry.register takes it ({type: "object", properties,
// required}) or as a v0.9 catalog writes it (allOf entries with properties). A "required"
// list beside "props" marks props required too.
func componentSchema(cm map[string]any) (props map[string]any, required []string) {
	names := func(v any) {
		l, _ := v.([]any)
		for _, x := range l {
			required = append(required, str(x))
		}
	}
	props, _ = cm["props"].(map[string]any)
	names(cm["required"])
	sm, ok := cm["schema"].(map[string]any)
	if !ok {
		return props, required
	}
	own := props // "props" beside "schema" win over the schema's
	props = map[string]any{}
	parts := []map[string]any{sm}
	if all, ok := sm["allOf"].([]any); ok {
		for _, x := range all {
			if m, ok := x.(map[string]any); ok {
				parts = append(parts, m)
			}
		}
	}
	for _, part := range parts {
		if pp, ok := part["properties"].(map[string]any); ok {
			for k, v := range pp {
				props[k] = v
			}
		}
		names(part["required"])
	}
	for k, v := range own {
		props[k] = v
	}
	return props, required
}

// ParseProp reads one prop declaration: the short form ({type, bindable, required, enum,
// kind, description}) or a JSON Schema (see ParseSchema); "bindable" and "required"
// (true) may stand beside a schema.
func ParseProp(pm map[string]any) Prop {
	sch, bindable, kind := ParseSchema(pm)
	p := Prop{Bindable: pm["bindable"] == true || bindable, Required: pm["required"] == true,
		URLKind: str(pm["kind"]), Description: sch.Description}
	t, _ := pm["type"].(string)
	switch {
	case kind != "":
		p.Type, p.Bindable = kind, false
		return p
	case t == Action || t == Child || t == Children || t == URL:
		p.Type = t
		if t == Action || t == Child || t == Children {
			p.Bindable = pm["bindable"] == true // refused by Check
		}
		return p
	case len(sch.Types) == 1 && valueType(sch.Types[0]):
		p.Type = sch.Types[0]
	case len(sch.Types) == 1 && sch.Types[0] == "integer":
		p.Type = Number
	case len(sch.Types) == 1:
		p.Type = sch.Types[0] // unknown: refused by Check
		return p
	default:
		p.Type = Any
	}
	if p.Type == String && len(sch.Enum) > 0 {
		for _, e := range sch.Enum {
			s, ok := e.(string)
			if !ok {
				p.Enum = nil
				break
			}
			p.Enum = append(p.Enum, s)
		}
	}
	p.Schema = sch
	return p
}
