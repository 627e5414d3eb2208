package catalog

import (
	"sort"
	"sync"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
)

// RenderFunc renders one component instance into a node. It reads props through the
// Builder (which evaluates dynamic values in the instance's scope and records errors) and
// renders children with Builder.Child / Builder.Children. It must not keep the Builder or
// Instance beyond the call except inside event handlers it registers. Called on the UI
// goroutine.
type RenderFunc func(b *Builder, in *Instance) *dom.Node

// PropKind says how a prop is read (and which JSON Schema the catalog document gives it).
type PropKind uint8

const (
	KindDynamicString  PropKind = iota // string | {path} | {call}
	KindDynamicNumber                  // number | {path} | {call}
	KindDynamicBoolean                 // boolean | {path} | {call}
	KindDynamicList                    // string[] | {path} | {call}
	KindDynamicValue                   // any DynamicValue
	KindEnum                           // a literal string out of Values
	KindNumber                         // a literal number
	KindBoolean                        // a literal boolean
	KindString                         // a literal string
	KindComponentID                    // a child id
	KindChildList                      // [ids] | {componentId, path}
	KindAction                         // {event} | {functionCall}
	KindChecks                         // CheckRule[]
	KindObject                         // structured (tabs, options, icon name): see PropSpec.Schema
)

// Bindable reports whether a prop of kind k may be bound to the data model ({path}) or
// computed ({call}).
func (k PropKind) Bindable() bool { return k <= KindDynamicValue }

// PropSpec describes one prop of a component type. It is the one schema of the prop:
// the engine checks Required and (for KindEnum) Values, and Catalog.Document generates the
// prop's JSON Schema from it.
type PropSpec struct {
	Name     string
	Kind     PropKind
	Required bool
	// Values are the allowed literals of a KindEnum prop; the first is the default.
	Values []string
	// Description is the prop's documentation in the catalog document.
	Description string
	// Schema is the JSON Schema of a KindObject prop in the catalog document (nil: any
	// JSON value), and of a KindDynamicValue prop's literal. Ignored for the other kinds.
	Schema map[string]any
}

// ComponentDef is one component type of a catalog: its name, props and render function.
type ComponentDef struct {
	Name string
	// Description documents the component in the catalog document.
	Description string
	Props       []PropSpec
	Render      RenderFunc
	// Layout: Render only places its children's nodes and never reads them (a Column,
	// not a Button, which is named by its content), so a child rendered again can be
	// patched in place without rendering this component again (Refresh).
	Layout bool
}

// Catalog maps component type names to definitions and function names to functions. A
// Catalog is immutable after construction and safe for concurrent use.
type Catalog struct {
	defs  map[string]*ComponentDef
	ids   map[string]bool
	order []string // ids in the order given
	// aliases are ids the catalog also accepts but does not announce (ids it had before).
	aliases map[string]bool
	funcs   map[string]*FuncDef
	// common are the props every component accepts (CommonProp).
	common []CommonProp
	// Title and Description document the catalog (Document); set them before use.
	Title, Description string

	fnOnce sync.Once
	fns    *binding.Functions
}

// New returns a catalog of defs accepting the given catalog ids (the first is its own
// id in the catalog document), with A2UI's common props Weight and Accessibility.
func New(catalogIDs []string, defs ...*ComponentDef) *Catalog {
	c := &Catalog{defs: map[string]*ComponentDef{}, ids: map[string]bool{}, funcs: map[string]*FuncDef{},
		common: []CommonProp{Weight, Accessibility}}
	for _, d := range defs {
		c.defs[d.Name] = d
	}
	for _, id := range catalogIDs {
		if !c.ids[id] {
			c.ids[id] = true
			c.order = append(c.order, id)
		}
	}
	return c
}

// WithFunctions returns a copy of c that also carries fns (replacing functions of the
// same name).
func (c *Catalog) WithFunctions(fns ...*FuncDef) *Catalog {
	return c.extend(c.order, nil, fns)
}

// Extend returns a new catalog accepting ids (none: the ids of c) with c's components
// and functions plus defs, a def replacing c's component of the same name, and c's
// common props. Add functions with WithFunctions. c is not changed.
func (c *Catalog) Extend(ids []string, defs ...*ComponentDef) *Catalog {
	if len(ids) == 0 {
		ids = c.order
	}
	return c.extend(ids, defs, nil)
}

func (c *Catalog) extend(ids []string, defs []*ComponentDef, fns []*FuncDef) *Catalog {
	all := make([]*ComponentDef, 0, len(c.defs)+len(defs))
	for _, d := range c.defs {
		all = append(all, d)
	}
	out := New(ids, append(all, defs...)...)
	out.Title, out.Description = c.Title, c.Description
	out.common = c.common
	if sameIDs(ids, c.order) {
		out.aliases = c.aliases
	}
	for n, f := range c.funcs {
		out.funcs[n] = f
	}
	for _, f := range fns {
		out.funcs[f.Name] = f
	}
	return out
}

// WithAliases returns a copy of c that also accepts ids without announcing them:
// CatalogIDs, the capabilities and the catalog document keep c's ids. They are the ids
// a catalog had before it moved, which agents still send (the basic catalog's old v0.9
// ids). A catalog made by Extend with c's ids keeps them.
func (c *Catalog) WithAliases(ids ...string) *Catalog {
	out := c.extend(c.order, nil, nil)
	out.aliases = make(map[string]bool, len(c.aliases)+len(ids))
	for id := range c.aliases {
		out.aliases[id] = true
	}
	for _, id := range ids {
		if !out.ids[id] {
			out.aliases[id] = true
		}
	}
	return out
}

func sameIDs(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Lookup returns the definition of a component type.
func (c *Catalog) Lookup(typ string) (*ComponentDef, bool) {
	d, ok := c.defs[typ]
	return d, ok
}

// Types returns the component type names, sorted.
func (c *Catalog) Types() []string {
	out := make([]string, 0, len(c.defs))
	for n := range c.defs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Accepts reports whether the catalog renders surfaces created with catalogID ("" — no
// catalog named, v0.8's default — is accepted): one of its ids or aliases.
func (c *Catalog) Accepts(catalogID string) bool {
	return catalogID == "" || c.ids[catalogID] || c.aliases[catalogID]
}

// CatalogIDs returns the catalog ids the catalog accepts, sorted.
func (c *Catalog) CatalogIDs() []string {
	out := append([]string(nil), c.order...)
	sort.Strings(out)
	return out
}

// ID returns the catalog's own id (the first given to New; "" when none).
func (c *Catalog) ID() string {
	if len(c.order) == 0 {
		return ""
	}
	return c.order[0]
}

// Func returns the function definition name.
func (c *Catalog) Func(name string) (*FuncDef, bool) {
	f, ok := c.funcs[name]
	return f, ok
}

// FuncNames returns the catalog's function names, sorted.
func (c *Catalog) FuncNames() []string {
	out := make([]string, 0, len(c.funcs))
	for n := range c.funcs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Functions returns the registry of the catalog's functions (the one the renderer
// evaluates the catalog's surfaces with), built once and shared by every surface of the catalog (its caches are safe for concurrent
// use).
func (c *Catalog) Functions() *binding.Functions {
	c.fnOnce.Do(func() {
		c.fns = binding.NewFunctions()
		for n, f := range c.funcs {
			c.fns.Register(n, f.Func)
		}
	})
	return c.fns
}

// FuncDef is a catalog function: the implementation and its declared signature, which
// the catalog document lists.
type FuncDef struct {
	Name        string
	Description string
	Args        []ArgSpec
	// Returns is the result type: "string", "number", "boolean", "array", "object",
	// "any" or "void".
	Returns string
	Func    binding.Func
}

// ArgSpec is one declared argument of a FuncDef. Type is "string", "number",
// "boolean", "array", "object" or "any".
type ArgSpec struct {
	Name, Type, Description string
	Required                bool
}
