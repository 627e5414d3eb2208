// Command samples builds the static sample catalogue of the gallery page
// (web/index.html) and the embedding demo (web/embed.html).
//
// It is a host build step, run by `make build` while assembling dist/: it never
// runs in the browser and is never linked into the wasm. It reads
//
//   - the project's own streams, testdata/{v08,draft,demo}/*.jsonl (one A2UI
//     message per line; the demo ones are also played by cmd/demo-agent, so
//     their entries carry "agent"), and
//   - the official examples of @a2ui/web_core in node_modules
//     (src/v0_9/schemas/catalogs/{basic,minimal}/examples/*.json and
//     src/v1_0/schemas/catalogs/basic/examples/*.json, each
//     {"name","description","messages":[...]}),
//
// and writes one compact JSONL file per sample (one message per line, so the
// gallery can step through it) plus index.json, the list the gallery loads:
//
//	[{"id","title","description","version","group","file","messages","agent"?}]
//
// version is "v0.8", "v0.9-draft", "v0.9" or "v1.0" (from the messages'
// "version" field, else the draft/v0.8 shape). Titles come from the example's
// "name", or for our streams from the file name ("booking_form" → "Booking form").
//
// Usage:
//
//	go run ./cmd/samples [-root .] -out dist/samples [-require-official]
package main
