// Package protocol is the wire-format layer of the A2UI renderer: the first stage of the
// pipeline (transport bytes → protocol → model → binding → catalog → dom).
//
// It frames the server stream (Splitter for JSON Lines, SSEParser for text/event-stream),
// decodes each line into normalized Messages (Decoder), and encodes what the client sends
// back (EncodeAction, EncodeError, EncodeFunctionResult, EncodeCapabilities,
// EncodeClientDataModel, EncodeA2AMessage).
//
// Every supported grammar — v0.8, the early v0.9 draft of seed 001, v0.9, v0.9.1, v0.10
// and v1.0 — decodes into the same message types. v0.8 and draft components are lifted to
// the v0.9 basic-catalog vocabulary (see Component and lift.go), so later stages only know
// one component model; Message.Ver tells them which version's semantics apply (render
// gate, template path rules, delete-on-null).
//
// Leniency for real-world streams, all documented where implemented: nested valueMap at
// any depth (capped at 32), JSON object/array text inside valueString parsed as JSON
// (web_core's heuristic: trimmed text starting with { and ending with }, or [ and ]), the
// "." key idiom, v0.8 paths without a leading "/", v0.8 dotted and bracketed keys and
// paths read as nested ("chart.items[0]" is chart/items/0, v08path.go, v08map.go),
// "version":"v0.9.1" (and versions
// without the "v"), a version-less v0.9+ message in a stream whose version is known, and
// batch lines (arrays, {"messages":[...]}, A2A DataParts). Envelopes are otherwise strict:
// a bad message is rejected alone with a VALIDATION_FAILED *Error whose Path is a JSON
// Pointer into that message. Component props are not validated here (the catalog does).
//
// Nothing in this package panics on any input (fuzzed), uses fmt, or touches syscall/js;
// all types are used from one goroutine at a time (the one reading the stream).
package protocol
