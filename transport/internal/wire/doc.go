// Package wire holds what the renderer's agent clients (transport/a2a, transport/agui,
// transport/mcp) share between the fetch glue and the A2UI decoder: the render stream
// a client writes A2UI lines to, the JSON of the page events it fires (a2ui-error
// details, small objects of strings), and the lenient reader of the JSON objects an agent
// sends (internal/jsonscan underneath, never encoding/json's reflection). Like its
// users, it is free of syscall/js and tested on the host.
package wire
