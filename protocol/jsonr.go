package protocol

import (
	"encoding/json"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// Reflection-free JSON reads for the decoder's hot path (encoding/json's reflection is
// slow in wasm); they accept exactly what encoding/json accepts (internal/jsonscan).

// jstr decodes raw as a JSON string into *s.
func jstr(raw []byte, s *string) error {
	v, err := jsonscan.String(raw)
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// jarr splits raw, a JSON array, into its raw elements.
func jarr(raw []byte, list *[]json.RawMessage) error {
	els, err := jsonscan.Array(raw)
	if err != nil {
		return err
	}
	out := make([]json.RawMessage, len(els))
	for i, e := range els {
		out[i] = e
	}
	*list = out
	return nil
}

// jobj splits raw, a JSON object, into its raw members (a duplicate key is an error).
func jobj[M ~map[string]json.RawMessage](raw []byte, m *M) error {
	ms, err := jsonscan.Object(raw)
	if err != nil {
		return err
	}
	out := make(M, len(ms))
	for _, kv := range ms {
		out[kv.Key] = kv.Value
	}
	*m = out
	return nil
}

// jany decodes raw into the generic tree.
func jany(raw []byte, v *any) error {
	x, err := jsonscan.Parse(raw)
	if err != nil {
		return err
	}
	*v = x
	return nil
}
