// Package l10n holds the renderer's own words: every built-in string the catalog, the
// renderer and the browser host show (Close, Loading…, Invalid value, notices, stream
// states), in a message table chosen by locale, with page overrides, and the writing
// direction of that locale.
//
// It sits beside the pipeline, not in it: catalog and render take a *Messages in their
// options (nil means English), webhost builds one from the mount options (locale,
// messages, dir). It has no dependencies, so every package can use it.
package l10n
