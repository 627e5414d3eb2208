package basic

import (
	"sync"

	"github.com/a2ui-go/a2ui/catalog"
)

// CatalogIDs are the ids of every official catalog whose components Catalog renders:
// the v0.8 standard and minimal catalogs (lifted by the protocol decoder) and the v0.9,
// v0.9.1, v0.10 and v1.0 basic and minimal catalogs.
var CatalogIDs = []string{
	"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json",
	"https://a2ui.org/specification/v0_8/standard_catalog_definition.json",
	"https://a2ui.org/specification/v0_8/catalogs/minimal/minimal_catalog.json",
	"https://a2ui.dev/specification/0.9/standard_catalog_definition.json", // seed-001 draft
	"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json",
	"https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json",
	"https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json",
	"https://a2ui.org/specification/v0_9_1/catalogs/minimal/catalog.json",
	"https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json",
	"https://a2ui.org/specification/v0_10/catalogs/minimal/catalog.json",
	"https://a2ui.org/specification/v1_0/catalogs/minimal/catalog.json",
}

// OldCatalogIDs are ids the basic and minimal catalogs had before they moved, which
// agents still send: the v0.9 basic catalog's id until google/A2UI e2053fff
// (@ag-ui/a2ui-middleware, @ag-ui/a2ui-toolkit, @copilotkit/a2ui-renderer and the A2UI
// over MCP recipe use it) and the v0.9 minimal catalog's old path. Catalog accepts
// them and announces only CatalogIDs.
var OldCatalogIDs = []string{
	"https://a2ui.org/specification/v0_9/basic_catalog.json",
	"https://a2ui.org/specification/v0_9/catalogs/minimal/minimal_catalog.json",
}

// Catalog returns the basic catalog: the 18 components of the v0.9 basic catalog with
// the v0.10 additions (Video.posterUrl, TextField.placeholder, Slider.steps) and the
// v0.9 {svgPath} custom icons, and the basic functions (Functions). It is built once
// and shared; extend it with Extend and WithFunctions.
var Catalog = sync.OnceValue(func() *catalog.Catalog {
	c := catalog.New(CatalogIDs, defs()...).WithFunctions(funcDefs()...).WithAliases(OldCatalogIDs...)
	c.Title = "A2UI basic catalog"
	c.Description = "The components and functions of the A2UI basic catalog, rendered by a2ui-go."
	return c
})
