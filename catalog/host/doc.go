// Package host turns the page's catalog declarations (A2UI.defineCatalog in web/a2ui.js,
// or Go code building a Catalog) into catalog component definitions and binding
// functions: host components are custom elements (a tag) or elements a page factory
// makes, host functions are the page's JS functions.
//
// Place in the pipeline: webhost parses the declarations with Parse when a renderer is
// created (and when the page defines one later: render.Renderer.AddCatalog), Build makes
// each an engine catalog (extending the basic one or not) for render.Options.Catalogs;
// props are short forms or JSON Schema (ParseProp, Schema), and the build
// walk (package catalog) renders each host component as one element: declared props
// become HOSTPROP ops (JSON-valued element properties, dom/op.go), child and children
// props render A2UI subtrees slotted into it, declared DOM events run an action or write
// the bound path. Undeclared props never reach the element. Nothing here calls JS: a
// Function's Call is supplied by the host (webhost), so the package is tested on the host.
package host
