package mcp

import (
	"errors"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/transport/internal/wire"
)

// action is an A2UI action message read for a tools/call.
type action struct {
	name                string
	context             []byte // a JSON object
	surfaceID, sourceID []byte // raw JSON strings (nil when absent)
}

// readAction reads a v0.9+ {"action":{…}} or v0.8 {"userAction":{…}} message.
func readAction(body []byte) (action, error) {
	o, ok := wire.Object(body)
	if !ok {
		return action{}, errors.New("the action message is not a JSON object")
	}
	in := o.Obj("action")
	if in == nil {
		in = o.Obj("userAction")
	}
	if in == nil || in.Str("name") == "" {
		return action{}, errors.New("the message is not an action")
	}
	a := action{name: in.Str("name"), context: []byte(`{}`)}
	if ctx := in["context"]; len(ctx) > 0 && ctx[0] == '{' {
		a.context = jsonscan.TrustedCompact(ctx)
	}
	if v := in["surfaceId"]; len(v) > 0 && v[0] == '"' {
		a.surfaceID = v
	}
	if v := in["sourceComponentId"]; len(v) > 0 && v[0] == '"' {
		a.sourceID = v
	}
	return a, nil
}

// args are the arguments of the "action" tool: {name, context, surfaceId,
// sourceComponentId}.
func (a action) args() []byte {
	b := append([]byte(`{"name":`), protocol.AppendJSON(nil, a.name)...)
	b = append(b, `,"context":`...)
	b = append(b, a.context...)
	if a.surfaceID != nil {
		b = append(append(b, `,"surfaceId":`...), a.surfaceID...)
	}
	if a.sourceID != nil {
		b = append(append(b, `,"sourceComponentId":`...), a.sourceID...)
	}
	return append(b, '}')
}
