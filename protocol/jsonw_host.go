//go:build !(js && wasm)

package protocol

import "encoding/json"

// marshalOther encodes a Go value appendValue has no case for (host builds).
func marshalOther(v any) ([]byte, bool) {
	raw, err := json.Marshal(v)
	return raw, err == nil
}
