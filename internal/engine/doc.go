// Package engine holds the engine wiring between the catalog walk (package catalog) and
// the renderer (package render) that a catalog author never needs, so that it stays off
// catalog's public face: the per-surface Env the renderer fills (catalogs, policy,
// callbacks, budgets, the UI State), the walk's entry points (Build, Refresh, NewState),
// a surface's table of event handlers, the result of a build and the conflict report of
// a field being edited, and the renderer's own checks of a surface: its theme
// (ParseTheme), its base URL and openUrl (ParseBaseURL, OpenURL) and the notice of a
// catalog it lacks (CatalogUnsupported).
//
// engine imports no catalog: catalog imports engine and registers its walk at init
// (engine.Build = its build, and Refresh and NewState), so Build, Refresh and NewState
// are set in every program that imports catalog, as render does. Env names catalog's
// types through small stand-ins: Catalog (an interface a *catalog.Catalog satisfies),
// State (catalog's UI state), Action and Limits (catalog.ActionInvocation's and
// catalog.Limits' fields, converted at the seam). Only catalog and render import
// engine; catalog/basic and other catalogs must not, and catalog's exported API names
// no engine type (internal/archtest checks both).
//
// Place in the pipeline: render fills an Env per surface and calls Build (or Refresh)
// for each dirty one → catalog's walk fills the Result and registers Handlers → render
// diffs the tree, dispatches DOM events through Handlers and reports Conflicts as
// a2ui-conflict.
package engine
