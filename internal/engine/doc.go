// Package engine holds the engine wiring between the catalog walk (package catalog) and
// the renderer (package render) that a catalog author never needs: a surface's table of
// event handlers, the result of a build and the conflict report of a field being edited.
// It is internal so that these names stay off catalog's public face; catalog and render
// import it, catalog/basic and other catalogs must not (internal/archtest checks).
//
// Place in the pipeline: between catalog.Build (fills Result, registers Handlers) and
// render (dispatches DOM events through Handlers, reports Conflicts as a2ui-conflict).
package engine
