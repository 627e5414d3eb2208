// Package a2a is the renderer's A2A client protocol (A2A 1.0 and 0.3 over JSON-RPC 2.0),
// kept free of syscall/js so it is tested on the host. It sits between the transport
// (webhost's fetch glue) and the A2UI decoder:
//
//	agent card → ParseCard → Session (endpoint, A2A version, A2UI extension)
//	user turn  → Session.Send → Request (JSON-RPC body + A2A headers) → fetch
//	SSE event / JSON response → Session.Event → Result (A2UI lines, text, task state)
//	           → render.Stream (the lines) and page events (text, state, errors)
//
// A Session keeps contextId and taskId across turns, remembers which agent messages and
// artifact parts it already delivered (so a task snapshot after SubscribeToTask /
// tasks/resubscribe or GetTask / tasks/get adds only what was missed), and builds the
// resubscribe request after a dropped stream. A Session is used from one goroutine (the
// renderer's UI goroutine in the browser).
package a2a
