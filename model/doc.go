// Package model holds the renderer's state: the surfaces, their components and their data
// models.
//
// Place in the pipeline: protocol (bytes → normalized messages) → model (this package:
// Processor.Apply turns messages into Surface state) → binding (evaluates dynamic values
// against a Surface's DataModel, writes user input back) → catalog (builds dom.Node trees
// from a Surface) → dom (diff, ops). The render orchestrator owns one Processor and calls
// it on the UI goroutine; nothing here is safe for concurrent use and nothing blocks or
// does I/O.
//
// Contents:
//   - Pointer, ParsePointer, Resolve: RFC 6901 JSON Pointers and A2UI's relative paths,
//     including the v0.8 template quirk (see Resolve).
//   - DataModel: the JSON tree with auto-vivifying Set, hole-keeping Delete, path
//     subscriptions (exact, ancestors, descendants), a version counter and a node limit;
//     objects keep their keys' stream order as JavaScript does (order.go, AppendJSON).
//   - Surface, Component: per-surface metadata, components by id with revisions, and the
//     render gate (Ready).
//   - Processor: applies CreateSurface, UpdateComponents, UpdateDataModel and
//     DeleteSurface per version rules and reports SurfaceEvents.
//   - Limits (limits.go, Options): caps on paths, entries, value depth, keys, strings,
//     arrays and index growth; ApplyReport skips an over-cap entry and applies its
//     siblings. No walk over agent data recurses deeper than a cap checked first.
//
// Every error is a *protocol.Error (Code, SurfaceID, Path into the message, Message);
// malformed input never panics.
package model
