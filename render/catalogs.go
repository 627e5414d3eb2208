package render

import (
	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/protocol"
)

// catalogFuncs returns the function registry surfaces of catalog c evaluate with: a clone
// per renderer (its limits, policy and catalog resolver are its own; one policy governs
// components, URL props and every function call, whether from an action, a dynamic value
// or the agent), with the page's extra functions.
func (r *Renderer) catalogFuncs(opts *Options, c *catalog.Catalog) *binding.Functions {
	f := r.fixedFuncs
	if f == nil {
		f = c.Functions()
	}
	f = f.Clone()
	if x := opts.ExtraFunctions; x != nil {
		for _, n := range x.Names() {
			if fn, ok := x.Func(n); ok {
				f.Register(n, fn)
			}
		}
	}
	if opts.MaxFormatOutput > 0 {
		f.SetMaxOutput(opts.MaxFormatOutput)
	}
	if opts.Policy.Functions.Allow != nil || len(opts.Policy.Functions.Deny) > 0 {
		f.SetPolicy(opts.Policy)
	}
	f.SetCatalogs(r.resolveFuncs)
	return f
}

// resolveFuncs finds the functions of the catalog accepting id (v1.0 per-call catalogId).
func (r *Renderer) resolveFuncs(id string) (*binding.Functions, bool) {
	if i := r.catalogIndex(id); i >= 0 {
		return r.funcs[i], true
	}
	return nil, false
}

// AddCatalog adds c to the renderer's catalogs, after the others: a surface created from
// now on whose catalogId c accepts renders with it (the first catalog accepting an id
// wins), and capabilities list its ids. Surfaces created before keep their catalog; one
// that failed closed on an unknown id stays failed.
func (r *Renderer) AddCatalog(c *catalog.Catalog) {
	r.opts.Catalogs = append(r.opts.Catalogs, r.standardAlias(c))
	r.funcs = append(r.funcs, r.catalogFuncs(&r.opts, c))
	cats := r.engineCatalogs()
	for _, s := range r.surf {
		s.env.Catalogs = cats
	}
}

// engineCatalogs returns the renderer's catalogs as engine.Env holds them.
func (r *Renderer) engineCatalogs() []engine.Catalog {
	out := make([]engine.Catalog, len(r.opts.Catalogs))
	for i, c := range r.opts.Catalogs {
		out[i] = c
	}
	return out
}

// catalogIndex returns the index of the first catalog accepting catalogID, or -1. ""
// (a surface that names no catalog) and, when Options.DefaultCatalog is set, v0.8's
// standard catalog (what a beginRendering without catalogId selects) are
// Options.DefaultCatalog's; "" without it is the first catalog.
func (r *Renderer) catalogIndex(catalogID string) int {
	switch {
	case r.opts.DefaultCatalog != "" && (catalogID == "" || catalogID == protocol.CatalogV08Standard):
		catalogID = r.opts.DefaultCatalog
	case catalogID == "":
		return 0
	}
	for i, c := range r.opts.Catalogs {
		if c.Accepts(catalogID) {
			return i
		}
	}
	return -1
}

// standardAlias returns c, made to accept v0.8's standard catalog id too when it is
// Options.DefaultCatalog: surfaces on that id render with it (see catalogIndex), and the
// build checks a surface's catalogId against its catalog.
func (r *Renderer) standardAlias(c *catalog.Catalog) *catalog.Catalog {
	if d := r.opts.DefaultCatalog; d != "" && d != protocol.CatalogV08Standard && c.Accepts(d) && !c.Accepts(protocol.CatalogV08Standard) {
		return c.WithAliases(protocol.CatalogV08Standard)
	}
	return c
}

// SetDefaultCatalog sets Options.DefaultCatalog for the surfaces created from now on;
// unless override, only when none is set.
func (r *Renderer) SetDefaultCatalog(id string, override bool) {
	if r.opts.DefaultCatalog != "" && !override {
		return
	}
	r.opts.DefaultCatalog = id
	for i, c := range r.opts.Catalogs {
		r.opts.Catalogs[i] = r.standardAlias(c)
	}
}
