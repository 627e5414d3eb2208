package host

import (
	"time"

	"github.com/a2ui-go/a2ui/catalog"
)

// Build returns c as an engine catalog accepting c.ID: base's components and functions
// (pass the basic catalog when c.Extends is "basic", else catalog.New(nil)) plus c's
// components and functions. now is the clock of the functions' time budget (nil:
// time.Now).
func Build(base *catalog.Catalog, c *Catalog, now func() time.Time) *catalog.Catalog {
	if now == nil {
		now = time.Now
	}
	fns := make([]*catalog.FuncDef, 0, len(c.Functions))
	for i := range c.Functions {
		f := &c.Functions[i]
		d := &catalog.FuncDef{Name: f.Name, Returns: f.Returns, Func: f.binding(now)}
		for _, a := range sortedKeys(f.Args) {
			d.Args = append(d.Args, catalog.ArgSpec{Name: a, Type: f.Args[a]})
		}
		fns = append(fns, d)
	}
	return base.Extend([]string{c.ID}, Defs(c)...).WithFunctions(fns...)
}
