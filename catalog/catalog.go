package catalog

import (
	"sort"
	"sync"

	"github.com/a2ui-go/a2ui/dom"
)

// RenderFunc renders one component instance into a node. It reads props through the
// Builder (which evaluates dynamic values in the instance's scope and records errors) and
// renders children with Builder.Child / Builder.Children. It must not keep the Builder or
// Instance beyond the call except inside event handlers it registers. Called on the UI
// goroutine.
type RenderFunc func(b *Builder, in *Instance) *dom.Node

// PropKind says how a prop is read.
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
	KindObject                         // structured (tabs, options, icon name)
)

// PropSpec describes one prop of a component type.
type PropSpec struct {
	Name     string
	Kind     PropKind
	Required bool
	Values   []string // KindEnum: allowed values, the first is the default
}

// ComponentDef is one component type of a catalog: its name, props and render function.
type ComponentDef struct {
	Name   string
	Props  []PropSpec
	Render RenderFunc
}

// Catalog maps component type names to definitions. A Catalog is immutable after
// construction and safe for concurrent use.
type Catalog struct {
	defs map[string]*ComponentDef
	ids  map[string]bool
}

// New returns a catalog of defs accepting the given catalog ids.
func New(catalogIDs []string, defs ...*ComponentDef) *Catalog {
	c := &Catalog{defs: map[string]*ComponentDef{}, ids: map[string]bool{}}
	for _, d := range defs {
		c.defs[d.Name] = d
	}
	for _, id := range catalogIDs {
		c.ids[id] = true
	}
	return c
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
// catalog named, v0.8's default — is accepted).
func (c *Catalog) Accepts(catalogID string) bool { return catalogID == "" || c.ids[catalogID] }

// CatalogIDs returns the catalog ids the catalog accepts, sorted.
func (c *Catalog) CatalogIDs() []string {
	out := make([]string, 0, len(c.ids))
	for id := range c.ids {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// BasicCatalogIDs are the ids of every official catalog whose components Basic renders:
// the v0.8 standard and minimal catalogs (lifted by the protocol decoder) and the v0.9,
// v0.9.1, v0.10 and v1.0 basic and minimal catalogs.
var BasicCatalogIDs = []string{
	"https://a2ui.org/specification/v0_8/standard_catalog_definition.json",
	"https://a2ui.org/specification/v0_8/catalogs/minimal/minimal_catalog.json",
	"https://a2ui.dev/specification/0.9/standard_catalog_definition.json", // seed-001 draft
	"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json",
	"https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json",
	"https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json",
	"https://a2ui.org/specification/v0_9_1/catalogs/minimal/catalog.json",
	"https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json",
	"https://a2ui.org/specification/v0_10/catalogs/minimal/catalog.json",
	"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json",
	"https://a2ui.org/specification/v1_0/catalogs/minimal/catalog.json",
}

// Basic returns the basic catalog: the 18 components of the v0.9 basic catalog with the
// v0.10 additions (Video.posterUrl, TextField.placeholder, Slider.steps) and the v0.9
// {svgPath} custom icons. It is built once and shared.
var Basic = sync.OnceValue(func() *Catalog { return New(BasicCatalogIDs, basicDefs()...) })
