//go:build js && wasm

package protocol

// marshalOther: the wasm build encodes only values that came from JSON (the generic
// tree), so it has no reflection-based fallback (keeps encoding/json's encoder out).
func marshalOther(any) ([]byte, bool) { return nil, false }
