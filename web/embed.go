// Package web holds the page-side files of the renderer (loader, DOM runtime,
// stylesheet, gallery). The Go side only embeds the stylesheet, for the static HTML of
// package prerender; `make build` bundles the rest into dist/ (and leaves this file out).
package web

import _ "embed"

// CSS is web/a2ui.css, the stylesheet the loader adopts into every renderer's shadow root.
//
//go:embed a2ui.css
var CSS string
