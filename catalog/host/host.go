package host

import (
	"errors"
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
	Any      = "any"      // function arguments and results only
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
	// "image" or "media".
	URLKind string
}

// Event maps a DOM event of the element to an action or to a write of the bound path.
type Event struct {
	// Action names the action-typed prop the event runs.
	Action string
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
		case String, Number, Boolean, Object, Array, URL:
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
		case p.URLKind != "" && p.URLKind != "link" && p.URLKind != "image" && p.URLKind != "media":
			return errors.New(pq + `: kind must be "link", "image" or "media"`)
		}
	}
	for name, e := range d.Events {
		eq := "component " + q + ": event " + strconv.Quote(name)
		if !isEvent(name) {
			return errors.New(eq + " is not a valid event type (lowercase letters, digits, -)")
		}
		switch {
		case (e.Action == "") == (e.Bind == ""):
			return errors.New(eq + " needs exactly one of action and bind")
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
				Props: map[string]Prop{}, Events: map[string]Event{}}
			props, _ := cm["props"].(map[string]any)
			for pn, pv := range props {
				pm, _ := pv.(map[string]any)
				p := Prop{Type: str(pm["type"]), Bindable: pm["bindable"] == true, Required: pm["required"] == true, URLKind: str(pm["kind"])}
				if en, ok := pm["enum"].([]any); ok {
					for _, e := range en {
						p.Enum = append(p.Enum, str(e))
					}
				}
				d.Props[pn] = p
			}
			evs, _ := cm["events"].(map[string]any)
			for en, ev := range evs {
				em, _ := ev.(map[string]any)
				d.Events[en] = Event{Action: str(em["action"]), Bind: str(em["bind"]), From: str(em["from"])}
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
