// Package policy is the renderer's trust policy: what an agent may use (components,
// functions, action names), where its URLs may point (host allowlists per kind), how
// openUrl behaves, how action contexts treat the whole data model, the heading level
// agent headings start below, and the limits. A page selects a profile ("default",
// "strict") and overrides parts of it (Resolve, from the JSON the page passes to
// A2UI.mount or the element's policy attribute); Go hosts build a Policy directly.
//
// Place in the pipeline: webhost (or a Go host of your own) resolves one *Policy per renderer and
// hands it to render.New (render.Options.Policy); render consults it for agent calls and
// actions and passes it to the catalog build (Builder.Policy), which consults it for
// every component, URL, link and heading it builds. The package is a leaf (no imports
// from this module), so catalog/markdown uses its URL gate and text cleaning too.
//
// A Policy is immutable once resolved and safe for concurrent reads; its methods are
// cheap and side-effect free (called on the renderer's UI goroutine while building).
//
// Adding a profile (the OpenWOP one, say) is one entry in the profiles table in
// profile.go (a function returning the Policy) plus a row in the README's Policy table;
// pages then select it with profile="<name>".
package policy
