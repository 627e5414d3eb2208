//go:build js && wasm

package webhost

import (
	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/catalog/host"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/render"
)

// goCatalogs are the catalogs AddCatalog registered, for every renderer.
var goCatalogs []*catalog.Catalog

// AddCatalog makes c available to every renderer on the page, after the basic catalog
// and before the page's own (A2UI.defineCatalog): a surface whose createSurface names one
// of c's ids renders with c. Extend the basic catalog (basic.Catalog().Extend) to keep its
// components. Call it from main before Run; it is not safe to call once Run started.
func AddCatalog(c *catalog.Catalog) { goCatalogs = append(goCatalogs, c) }

// applyCatalogs adds the Go catalogs (AddCatalog) and the page's catalogs (options.catalogs: the JSON web/a2ui.js makes of
// A2UI.defineCatalog's and the mount option's declarations) to opts.Catalogs after the
// basic one: each accepts its own id, with the basic components and functions when it
// extends "basic". options.defaultCatalog, else the first page catalog flagged
// v08Default, becomes opts.DefaultCatalog.
func applyCatalogs(opts *render.Options, hooks safejs.Value, o safejs.Value) error {
	if len(goCatalogs) > 0 {
		if len(opts.Catalogs) == 0 && opts.Catalog == nil {
			opts.Catalogs = []*catalog.Catalog{basic.Catalog()}
		}
		opts.Catalogs = append(opts.Catalogs, goCatalogs...)
	}
	opts.DefaultCatalog = optString(o, "defaultCatalog")
	src := optString(o, "catalogs")
	if src == "" || src == "[]" {
		return nil
	}
	cats, def, err := pageCatalogs(hooks, src)
	if err != nil {
		return err
	}
	if len(opts.Catalogs) == 0 && opts.Catalog == nil {
		opts.Catalogs = []*catalog.Catalog{basic.Catalog()}
	}
	opts.Catalogs = append(opts.Catalogs, cats...)
	if opts.DefaultCatalog == "" {
		opts.DefaultCatalog = def
	}
	return nil
}

// addCatalogs adds page catalogs defined after the renderer was created (the loader's
// addCatalogs(json)): they serve the surfaces created from now on. A declaration the
// renderer refuses is reported (VALIDATION_FAILED) and not added, so surfaces naming it
// fail closed. UI goroutine.
func (jr *jsRenderer) addCatalogs(src string) {
	cats, def, err := pageCatalogs(jr.hooks, src)
	if err != nil {
		jr.r.Report(&protocol.Error{Code: protocol.CodeValidationFailed, Message: err.Error()})
		return
	}
	for _, c := range cats {
		jr.r.AddCatalog(c)
	}
	if def != "" {
		jr.r.SetDefaultCatalog(def, false)
	}
}

// pageCatalogs parses and builds the page's catalog declarations; def is the id of the
// first one flagged v08Default. A host function runs through hooks.callFunction(key,
// argsJSON) → JSON {v} or {error}.
func pageCatalogs(hooks safejs.Value, src string) (cats []*catalog.Catalog, def string, err error) {
	call := func(key string) func(map[string]any) (any, error) {
		return func(args map[string]any) (any, error) {
			out, err := hooks.Call("callFunction", key, string(protocol.AppendJSON(nil, args)))
			if err != nil {
				return nil, err
			}
			s, err := out.String()
			if err != nil {
				return nil, jsError("no result")
			}
			v, err := jsonscan.Parse([]byte(s))
			if err != nil {
				return nil, jsError("result is not JSON: " + err.Error())
			}
			m, _ := v.(map[string]any)
			if msg, ok := m["error"].(string); ok {
				return nil, jsError(msg)
			}
			return m["v"], nil
		}
	}
	decls, err := host.Parse([]byte(src), call)
	if err != nil {
		return nil, "", err
	}
	for i := range decls {
		base := catalog.New(nil)
		if decls[i].Extends == "basic" {
			base = basic.Catalog()
		}
		cats = append(cats, host.Build(base, &decls[i], nil))
		if decls[i].V08Default && def == "" {
			def = decls[i].ID
		}
	}
	return cats, def, nil
}
