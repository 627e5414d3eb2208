package render

import (
	"github.com/a2ui-go/a2ui/protocol"
)

func surfaceEvent(id, what string) []byte {
	b := make([]byte, 0, 48+len(id))
	b = append(b, `{"surfaceId":`...)
	b = protocol.AppendJSON(b, id)
	b = append(b, `,"event":"`...)
	b = append(b, what...)
	b = append(b, `"}`...)
	return b
}

// actionFailed is the a2ui-action-failed detail: {"surfaceId","actionId","message","action"}.
func actionFailed(surfaceID string, f *flight, err error) []byte {
	b := make([]byte, 0, 96+len(f.body))
	b = append(b, `{"surfaceId":`...)
	b = protocol.AppendJSON(b, surfaceID)
	b = append(b, `,"actionId":`...)
	b = protocol.AppendJSON(b, f.id)
	b = append(b, `,"message":`...)
	b = protocol.AppendJSON(b, err.Error())
	b = append(b, `,"action":`...)
	b = append(b, f.body...)
	return append(b, '}')
}
