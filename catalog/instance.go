package catalog

import (
	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/model"
)

// Instance is one occurrence of a component in the built tree: the component, its
// sibling key and data scope.
type Instance struct {
	Comp *model.Component
	// Key identifies the node among its siblings: the component id, or
	// "id@<data path>" for a template row (the row's absolute JSON Pointer).
	Key string
	// UID identifies the instance within the surface (id, plus "@<scope>" inside a
	// template); UI state and generated DOM ids derive from it.
	UID   string
	Scope binding.Scope
	props *decoded
}

// ID returns the component id.
func (in *Instance) ID() string { return in.Comp.ID }

// Has reports whether the component sets prop.
func (in *Instance) Has(prop string) bool {
	_, ok := in.props.v[prop]
	return ok
}

// Raw returns the decoded JSON of prop (float64 numbers, map[string]any objects).
func (in *Instance) Raw(prop string) (any, bool) {
	v, ok := in.props.v[prop]
	return v, ok
}

type decoded struct {
	v    map[string]any
	bad  map[string]string // props that were not valid JSON → error message
	seen uint64
	// kids memoizes childItems per prop (an id list is as immutable as its component);
	// part the component's ::part() name.
	kids map[string][]childItem
	part string
}

// childItem is one entry of an array of child ids: an id (duplicates dropped, since a
// duplicate key would confuse the keyed diff), or the index of an entry that is not a
// string (bad >= 0).
type childItem struct {
	id  string
	bad int
}

// childItems returns the entries of the array prop x of d, computed once per prop.
func (d *decoded) childItems(prop string, x []any) []childItem {
	if items, ok := d.kids[prop]; ok {
		return items
	}
	items := make([]childItem, 0, len(x))
	seen := make(map[string]bool, len(x))
	for i, e := range x {
		id, isStr := e.(string)
		if !isStr {
			items = append(items, childItem{bad: i})
			continue
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		items = append(items, childItem{id: id, bad: -1})
	}
	if d.kids == nil {
		d.kids = map[string][]childItem{}
	}
	d.kids[prop] = items
	return items
}

// decode returns the decoded props of c, cached per component revision.
func (b *Builder) decode(c *model.Component) *decoded {
	d := b.state.props[c]
	if d == nil {
		d = &decoded{v: make(map[string]any, len(c.Props))}
		for k, raw := range c.Props {
			v, err := jsonscan.Parse(raw)
			if err != nil {
				if d.bad == nil {
					d.bad = map[string]string{}
				}
				d.bad[k] = "prop is not valid JSON"
				continue
			}
			d.v[k] = v
		}
		b.state.props[c] = d
	}
	d.seen = b.state.build
	return d
}
