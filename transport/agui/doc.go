// Package agui is the renderer's AG-UI client protocol, kept free of syscall/js so it is
// tested on the host (like transport/a2a, whose Transport, Sink and Stream it shares).
// It sits between the transport (webhost's fetch glue) and the A2UI decoder:
//
//	user turn / action → Client → RunAgentInput POST (Accept: text/event-stream)
//	data: frames → events → Thread (the messages @ag-ui/client's HttpAgent keeps, state)
//	                      → Slots (ACTIVITY_SNAPSHOT / ACTIVITY_DELTA / MESSAGES_SNAPSHOT
//	                        "a2ui-surface" activities) → A2UI lines → render.Stream
//	                      → page events (a2ui-text, a2ui-task, a2ui-error), notices and
//	                        the lifecycle placeholders (building, retrying, failed)
//
// Slots keeps one slot per activity messageId and turns each cumulative snapshot into
// the A2UI messages that change what is shown: no second createSurface, only the
// components and data that changed (so the user's input is not overwritten by a repeat),
// deleteSurface for surfaces that left the slot; a new slot naming a surface another slot
// shows takes it over. A Client is used from one goroutine (the renderer's UI goroutine).
package agui
