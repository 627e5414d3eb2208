// Package a2aagent serves the demo agent over A2A with the official Go SDK
// (github.com/a2aproject/a2a-go/v2, pinned v2.4.0): JSON-RPC A2A 1.0 and, through the
// SDK's compatibility layer (a2acompat/a2av0), A2A 0.3, with agent cards that declare
// the A2UI v0.9 extension. It is the agent side of the renderer's A2A transport
// (transport/a2a) and the server the browser and host tests talk to.
//
// The scripted conversation is behind the Script seam: a text turn names a sample to
// stream, an A2UI action turn is answered with follow-up messages. Script adapts the
// demo agent of cmd/demo-agent/demoagent (FromDemo).
//
// Handlers run on net/http's goroutines and the SDK's execution goroutines. It is host
// code, never part of the wasm.
package a2aagent
