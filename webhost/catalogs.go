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
// extends "basic". A host function runs through hooks.callFunction(key, argsJSON) → JSON
// {v} or {error}.
func applyCatalogs(opts *render.Options, hooks safejs.Value, o safejs.Value) error {
	if len(goCatalogs) > 0 {
		if len(opts.Catalogs) == 0 && opts.Catalog == nil {
			opts.Catalogs = []*catalog.Catalog{basic.Catalog()}
		}
		opts.Catalogs = append(opts.Catalogs, goCatalogs...)
	}
	src := optString(o, "catalogs")
	if src == "" || src == "[]" {
		return nil
	}
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
	cats, err := host.Parse([]byte(src), call)
	if err != nil {
		return err
	}
	if len(opts.Catalogs) == 0 && opts.Catalog == nil {
		opts.Catalogs = []*catalog.Catalog{basic.Catalog()}
	}
	for i := range cats {
		base := catalog.New(nil)
		if cats[i].Extends == "basic" {
			base = basic.Catalog()
		}
		opts.Catalogs = append(opts.Catalogs, host.Build(base, &cats[i], nil))
	}
	return nil
}
