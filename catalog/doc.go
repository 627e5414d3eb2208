// Package catalog is the rendering engine: it renders an A2UI surface into a dom.Node
// tree with the components of a Catalog (ComponentDefs: a PropSpec schema and a
// RenderFunc each, plus FuncDefs), read through the public Builder API. The basic
// catalog lives in catalog/basic and uses only that API; a page's own catalog is written
// the same way (Catalog.Extend, Catalog.WithFunctions) and described to agents by
// Catalog.Document. A surface whose catalogId no catalog accepts fails closed
// (CATALOG_UNSUPPORTED).
//
// Its exported API is the catalog author's (ComponentDef, PropSpec, FuncDef, CommonProp,
// Builder and its Typing hooks, the node helpers); a catalog is tested through
// render/rendertest. The engine wiring the renderer fills and calls (the per-surface
// Env, the walk's entry points, the UI state kept across builds, the theme and URL
// checks) lives in internal/engine: this package registers its walk there at init
// (engine.Build, engine.Refresh, engine.NewState).
//
// Place in the pipeline: protocol (decode) → model (surfaces, data) → binding (dynamic
// values, functions) → the build (this package, through engine.Build) → dom.Diff →
// browser applier. The renderer builds every dirty surface on its UI goroutine, diffs
// the result against the previous tree, and routes DOM events back through the
// surface's engine.Handlers.
//
// The build walks from the surface root, evaluating every prop with binding.EvalValue in
// the component instance's Scope (template rows get scope <list path>/<i>, keyed
// "componentId@<row pointer>"; static children are keyed by id). It never panics: a
// component already on the current build path is cut with an a2ui-cycle placeholder and
// COMPONENT_CYCLE, a missing child renders an a2ui-pending placeholder until it arrives,
// an unknown (or policy-refused) type an inert a2ui-unknown placeholder naming the type
// (UNKNOWN_COMPONENT / POLICY_DENIED), and a panic inside one component an a2ui-failed
// placeholder with RENDER_FAILED, leaving its siblings intact. Depth, instance and
// template-row budgets raise LIMIT_EXCEEDED.
//
// Security: the page's policy.Policy (Builder.Policy) decides which types, functions
// and action names run, and policy.CheckURL (relative URLs resolved against
// Builder.BaseURL, then the allowlist of the URL's kind) is the only way a media URL,
// link or openUrl target gets out; agent strings only reach text nodes and attribute
// values, without bidi controls or invisible characters (policy.CleanText); Markdown goes
// through catalog/markdown (goldmark AST → nodes, checked links with the real host
// disclosed when the text names another, headings shifted by Policy.HeadingBase, no raw
// HTML or images); obscured TextField paths stay out of action contexts unless bound
// explicitly (the UI state's Redact); theme values pass closed grammars
// (engine.ParseTheme) and are applied as custom properties, never as style text; agent
// ids never become DOM ids (DOMID hashes the instance). Inline <svg> icons are built from
// nodes with path data embedded in the binary (catalog/icons); the browser applier must
// create "svg" and "path" elements in the SVG namespace.
//
// Init cost: importing catalog runs the package init of goldmark (via catalog/markdown),
// which Go always runs for imported packages; the fork under internal/third_party/goldmark
// builds its tables (HTML entities, case folding) and patterns on first use instead, so
// that init allocates under 6 KB (upstream: 139 KB and 110 KB, about 25 ms in the wasm;
// PATCHES.md there). catalog, markdown and icons themselves do no package-level work but
// catalog's registration in internal/engine (no allocation): the goldmark parser is built
// on first Markdown use by sync.OnceValue, the icon table is static data.
// internal/archtest's TestInitBudget holds the wasm's inits to their budget. bluemonday
// is not imported: no HTML string is ever produced, so no sanitizer is needed.
package catalog
