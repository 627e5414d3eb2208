// Package basic is the A2UI basic catalog: the 18 components of the v0.9 basic catalog
// (which the protocol decoder lifts v0.8 standard components to) with the v0.10
// additions (Video.posterUrl, TextField.placeholder, Slider.steps) and the v0.9
// {svgPath} icons, and the basic functions (required, regex, length, numeric, email,
// formatString, formatNumber, formatCurrency, formatDate, pluralize, openUrl, and, or,
// not, capitalize), declared with their signatures and implemented here on binding's
// exported API (Context, FuncError, the coercion helpers, CompileRegexp, FormatValue),
// the same API host functions use.
//
// Place in the pipeline: the engine's build (package catalog) calls the render functions
// of this package for the components of a surface; render.Renderer uses Catalog() unless the
// page gives other catalogs. The package is written only against the exported API of
// catalog (Builder, Instance, Local, the node helpers) and dom, the same API a custom
// catalog uses: Catalog().Extend(ids, defs...) adds or replaces components (see the
// example), WithFunctions adds functions.
//
// Files by kind: text.go (Text, through catalog/markdown), media.go (Image, Icon with
// catalog/icons, Video, AudioPlayer), layout.go (Row, Column, List, Card, Divider),
// containers.go (Tabs, Modal), inputs.go (Button, TextField, CheckBox, ChoicePicker,
// Slider, DateTimeInput), components.go (the PropSpecs: the one schema of each
// component), functions.go (the function registry and signatures), funcs_check.go
// (required, regex, length, numeric, email), funcs_format.go (formatString, formatNumber,
// formatCurrency, formatDate, pluralize, capitalize), funcs_logic.go (openUrl, and, or,
// not), funcs_args.go (argument helpers).
package basic
