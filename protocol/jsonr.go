package protocol

import (
	"encoding/json"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// Reflection-free JSON reads for the decoder (encoding/json's reflection is slow in
// wasm). Decoder.Decode validates each line once, strictly (internal/jsonscan); what it
// then reads are sub-values of that line or JSON the decoder wrote itself, so these split
// them without validating again (jsonscan's Trusted functions).

// jstr decodes raw as a JSON string into *s.
func jstr(raw []byte, s *string) error {
	v, ok := jsonscan.TrustedString(raw)
	if !ok {
		return errNotString
	}
	*s = v
	return nil
}

// jarr splits raw, a JSON array, into its raw elements.
func jarr(raw []byte, list *[]json.RawMessage) error { return jarrPaused(raw, list, nil) }

// jarrPaused is jarr calling pause about every 64 KiB scanned (Decoder.Pause).
func jarrPaused(raw []byte, list *[]json.RawMessage, pause func()) error {
	els, ok := jsonscan.TrustedArrayPaused(raw, pause)
	if !ok {
		return errNotArray
	}
	out := make([]json.RawMessage, len(els))
	for i, e := range els {
		out[i] = e
	}
	*list = out
	return nil
}

// jobj splits raw, a JSON object, into its raw members.
func jobj[M ~map[string]json.RawMessage](raw []byte, m *M) error { return jobjPaused(raw, m, nil) }

// jobjPaused is jobj calling pause about every 64 KiB scanned (Decoder.Pause).
func jobjPaused[M ~map[string]json.RawMessage](raw []byte, m *M, pause func()) error {
	ms, ok := jsonscan.TrustedObjectPaused(raw, pause)
	if !ok {
		return errNotObject
	}
	out := make(M, len(ms))
	for _, kv := range ms {
		out[kv.Key] = kv.Value
	}
	*m = out
	return nil
}

var (
	errNotString = &jsonscan.Error{Msg: "not a string"}
	errNotArray  = &jsonscan.Error{Msg: "not an array"}
	errNotObject = &jsonscan.Error{Msg: "not an object"}
)

// jany decodes raw into the generic tree, validating it (raw may come from anywhere).
func jany(raw []byte, v *any) error {
	x, err := jsonscan.Parse(raw)
	if err != nil {
		return err
	}
	*v = x
	return nil
}
