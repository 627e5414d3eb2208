// Command a2ui is the renderer's host-side tool. Its one subcommand so far:
//
//	a2ui prerender [flags] stream.jsonl > out.html
//
// renders every surface of an A2UI stream (JSONL, one JSON message or a JSON array of
// them; "-" reads stdin) to static HTML with package prerender: an <a2ui-renderer>
// whose declarative shadow root shows the surfaces at HTML parse time, with the stream
// inline for the runtime to take over (README, "Prerender"). By default it writes that
// fragment; -page writes a whole page with the loader's script tag. Errors in the stream
// (the a2ui-error details a page would get) go to stderr, one JSON object per line; the
// exit status is 1 when there were any and -strict is set, 2 for usage or I/O errors.
//
// It runs on the host only and is never linked into the wasm.
package main
