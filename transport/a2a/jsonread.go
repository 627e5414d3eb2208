package a2a

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// The agent's JSON is read by hand (internal/jsonscan), not by encoding/json, whose
// reflection would be linked into the wasm for this package alone. The rules follow
// what encoding/json does for the structs this package used to declare: unknown members
// are ignored, a missing or null member reads as the zero value, a member of the wrong
// type fails the whole read. Keys match exactly (encoding/json also matched them
// case-insensitively) and a duplicate key is malformed (jsonscan's rule).

// rawJSON is raw JSON that protocol.AppendJSON writes compacted, as it is (the type only:
// no encoding/json code is linked for it).
type rawJSON = json.RawMessage

// validJSON reports why data is not exactly one JSON value (nil when it is).
func validJSON(data []byte) error {
	_, rest, err := jsonscan.Next(data)
	if err == nil && len(bytes.TrimSpace(rest)) > 0 {
		return errors.New("data after the JSON value")
	}
	return err
}

// obj is a JSON object's members, values kept raw.
type obj map[string][]byte

// reader reads members of objs; ok turns false at the first member of the wrong type.
type reader struct{ ok bool }

func isNull(raw []byte) bool { return len(raw) == 0 || string(raw) == "null" }

// object reads raw as an object (null: nil). raw is one validated value or whole input.
func (r *reader) object(raw []byte) obj {
	if isNull(raw) {
		return nil
	}
	m, err := jsonscan.ObjectMap(raw)
	if err != nil {
		r.ok = false
		return nil
	}
	return m
}

// obj reads member k as an object (nil when missing or null).
func (r *reader) obj(o obj, k string) obj { return r.object(o[k]) }

// raw returns member k's raw value, nil when it is missing or null.
func (r *reader) raw(o obj, k string) []byte {
	if v := o[k]; !isNull(v) {
		return v
	}
	return nil
}

// str reads member k as a string ("" when missing or null).
func (r *reader) str(o obj, k string) string {
	s, _ := r.strp(o, k)
	return s
}

// strp is str that also says whether the member was a string.
func (r *reader) strp(o obj, k string) (string, bool) {
	v := o[k]
	if isNull(v) {
		return "", false
	}
	s, err := jsonscan.String(v)
	if err != nil {
		r.ok = false
		return "", false
	}
	return s, true
}

// boolean reads member k as a boolean (false when missing or null).
func (r *reader) boolean(o obj, k string) bool {
	switch v := o[k]; {
	case isNull(v), string(v) == "false":
		return false
	case string(v) == "true":
		return true
	}
	r.ok = false
	return false
}

// integer reads member k as an integer (0 when missing or null).
func (r *reader) integer(o obj, k string) int {
	v := o[k]
	if isNull(v) {
		return 0
	}
	n, err := strconv.Atoi(string(v))
	if err != nil {
		r.ok = false
	}
	return n
}

// array reads member k as an array's raw elements (nil when missing or null).
func (r *reader) array(o obj, k string) [][]byte {
	v := o[k]
	if isNull(v) {
		return nil
	}
	list, err := jsonscan.Array(v)
	if err != nil {
		r.ok = false
	}
	return list
}

// strings reads member k as an array of strings.
func (r *reader) strings(o obj, k string) []string {
	var out []string
	for _, e := range r.array(o, k) {
		s, err := jsonscan.String(e)
		if err != nil {
			r.ok = false
			return nil
		}
		out = append(out, s)
	}
	return out
}

// objects reads member k as an array of objects (a null element is a nil obj).
func (r *reader) objects(o obj, k string) []obj {
	list := r.array(o, k)
	if list == nil {
		return nil
	}
	out := make([]obj, len(list))
	for i, e := range list {
		out[i] = r.object(e)
	}
	return out
}
