//go:build js && wasm

package webhost

import (
	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/internal/mountopts"
	"github.com/a2ui-go/a2ui/protocol"
)

// goCatalogs are the catalogs AddCatalog registered, for every renderer.
var goCatalogs []*catalog.Catalog

// AddCatalog makes c available to every renderer on the page, after the basic catalog
// and before the page's own (A2UI.defineCatalog): a surface whose createSurface names one
// of c's ids renders with c. Extend the basic catalog (basic.Catalog().Extend) to keep its
// components. Call it from main before Run; it is not safe to call once Run started.
func AddCatalog(c *catalog.Catalog) { goCatalogs = append(goCatalogs, c) }

// addCatalogs adds page catalogs defined after the renderer was created (the loader's
// addCatalogs(json)): they serve the surfaces created from now on. A declaration the
// renderer refuses is reported (VALIDATION_FAILED) and not added, so surfaces naming it
// fail closed. UI goroutine.
func (jr *jsRenderer) addCatalogs(src string) {
	cats, def, err := mountopts.PageCatalogs([]byte(src), jr.callFunction)
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

// callFunction runs a page catalog's function (mountopts.Call) through
// hooks.callFunction(key, argsJSON), which answers JSON {v} or {error}.
func (jr *jsRenderer) callFunction(key, args string) (string, error) {
	out, err := jr.hooks.Call("callFunction", key, args)
	if err != nil {
		return "", err
	}
	if out.Type() != safejs.TypeString {
		return "", jsError("no result")
	}
	s, _ := out.String()
	return s, nil
}
