package wire

import "github.com/a2ui-go/a2ui/protocol"

// ErrorJSON is the detail of an a2ui-error event in the shape of the renderer's own
// errors: {"error":{"code":…[,key:value],"message":…}}, value being raw JSON (nil: no
// such member), e.g. a protocol's own error code ("a2aCode", "aguiCode", "mcpCode"). It
// has no version: it is not an A2UI message and is never sent to the agent.
func ErrorJSON(code, msg, key string, value []byte) []byte {
	b := protocol.AppendJSON([]byte(`{"error":{"code":`), code)
	if value != nil {
		b = append(b, ',')
		b = protocol.AppendJSON(b, key)
		b = append(b, ':')
		b = append(b, value...)
	}
	b = append(b, `,"message":`...)
	b = protocol.AppendJSON(b, msg)
	return append(b, "}}"...)
}

// ObjectJSON writes {"k1":"v1",...} from key, value pairs, skipping empty values.
func ObjectJSON(kv ...string) []byte {
	b := []byte{'{'}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = protocol.AppendJSON(b, kv[i])
		b = append(b, ':')
		b = protocol.AppendJSON(b, kv[i+1])
	}
	return append(b, '}')
}
