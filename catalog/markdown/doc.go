// Package markdown turns the Markdown of an A2UI Text component into dom.Nodes.
//
// Place in the pipeline: catalog's Text component calls BlocksWith or InlineWith while building a
// surface tree; the nodes go to dom.Diff like any other. No HTML string is ever produced:
// the goldmark AST is walked straight into element and text nodes, so nothing reaches
// innerHTML and there is no sanitizer re-parse gap (security.md ).
//
// Subset: headings, paragraphs, emphasis, strong, ordered/unordered lists, code spans and
// blocks, block quotes, thematic breaks, hard line breaks, links. A link keeps a
// destination that Options.Link accepts (the catalog passes its policy's link check,
// which resolves relative URLs against the stream; without options only absolute
// http/https, SafeLink) and gets rel="noopener noreferrer ugc" target="_blank"; any other
// destination (javascript:, data:, entity-encoded tricks) leaves the link text as plain
// text. A link whose text names another host than its destination is followed by a
// LinkHostClass note with the real host. Text loses bidi controls and invisible
// characters (policy.CleanText); headings shift down by Options.HeadingBase. Images become
// their alt text; raw HTML (inline and block) is dropped. goldmark runs without
// html.WithUnsafe, attribute syntax or auto heading ids.
//
// Cost: the goldmark parser is built on first use (sync.OnceValue), and text without any
// Markdown marker takes a fast path that never calls goldmark. goldmark's own tables (HTML
// entities, case folding, its patterns) are built on first use too: the fork under
// internal/third_party/goldmark is patched for a lazy package init (its PATCHES.md), so
// importing this package allocates almost nothing at init (internal/archtest's
// TestInitBudget holds the wasm's inits to their budget).
// Sources over MaxSource bytes render as plain text (security.md ); nesting deeper
// than MaxDepth is flattened to text.
//
// All functions are pure and safe for concurrent use.
package markdown
