// Package render is the renderer's orchestrator, the one place where the pipeline meets:
//
//	bytes → protocol.Splitter/SSEParser → protocol.Decoder → model.Processor
//	      → (dirty surfaces, one animation frame) → catalog's build → dom.Tree diff → Host.Patch
//
// The build is reached through internal/engine: render fills one engine.Env per surface
// (its catalog, policy, budgets, UI state and callbacks) and calls engine.Build, or
// engine.Refresh on the typing path; package catalog registers both at init and keeps
// that wiring off its public face.
//
// and, the other way, a delegated DOM event → Renderer.Dispatch → the catalog's handler →
// a data-model write (next frame) or an action encoded by protocol and POSTed to
// Options.ActionURL through the host's Transport (single-flight, busy until the response
// head, failure and Retry beside the Button; the answer is more messages), or handed to
// Host.Send when there is no ActionURL (an A2A host).
//
// Streams opened through a Transport can open again: SSE reconnects as EventSource does
// and a failed stream offers a Retry (stream.go; timers through Options.AfterFunc). A
// Profile (profile.go, e.g. package openwop) may take payloads before the A2UI decoder
// and actions before they are sent.
//
// Files, one concern each: render.go (the Renderer and its surfaces), options.go (Host,
// Options, limits), surface.go (messages applied, surface lifecycle, catalogs bound),
// frame.go (the frame: dirty surfaces built and patched), dispatch.go (DOM events),
// actions.go (single-flight actions, retry, answers), agentcalls.go (the agent's
// function calls), capabilities.go (what the agent is told), events.go (page event
// details), catalogs.go, stream.go, transport.go, warm.go.
//
// It is plain Go with no syscall/js: webhost implements Host with the DOM and fetch; the
// tests implement it with dom/memdom. A Renderer is single-goroutine: every method runs
// on the UI goroutine.
package render
