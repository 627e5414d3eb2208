package mcp

import (
	"strconv"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// The server's JSON is read with internal/jsonscan, not encoding/json (whose reflection
// would be linked into the wasm for this package alone). Unknown members are ignored; a
// member of the wrong type reads as missing.

// obj is a JSON object's members, values kept raw.
type obj map[string][]byte

// object reads raw as an object; ok is false when it is not one.
func object(raw []byte) (obj, bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	m, err := jsonscan.ObjectMap(raw)
	if err != nil {
		return nil, false
	}
	return m, true
}

// member reads member k of o as an object (nil when missing or not an object).
func (o obj) obj(k string) obj {
	m, _ := object(o[k])
	return m
}

// str reads member k as a string ("" when missing or not a string).
func (o obj) str(k string) string {
	v := o[k]
	if len(v) == 0 || v[0] != '"' {
		return ""
	}
	s, err := jsonscan.String(v)
	if err != nil {
		return ""
	}
	return s
}

// has reports whether member k is present and not null.
func (o obj) has(k string) bool {
	v, ok := o[k]
	return ok && string(v) != "null"
}

// array reads member k as an array's raw elements (nil when missing or not an array).
func (o obj) array(k string) [][]byte {
	v := o[k]
	if len(v) == 0 || v[0] != '[' {
		return nil
	}
	list, err := jsonscan.Array(v)
	if err != nil {
		return nil
	}
	return list
}

// strings reads member k as an array of strings (other elements skipped); present
// reports whether k was an array at all.
func (o obj) strings(k string) (out []string, present bool) {
	v := o[k]
	if len(v) == 0 || v[0] != '[' {
		return nil, false
	}
	for _, e := range o.array(k) {
		if len(e) > 0 && e[0] == '"' {
			if s, err := jsonscan.String(e); err == nil {
				out = append(out, s)
			}
		}
	}
	return out, true
}

// boolean reads member k as true (false when missing or not a boolean).
func (o obj) boolean(k string) bool { return string(o[k]) == "true" }

// integer reads member k as an integer (0 when missing or not one).
func (o obj) integer(k string) int {
	n, err := strconv.Atoi(string(o[k]))
	if err != nil {
		return 0
	}
	return n
}

// quote is s as a JSON string.
func quote(s string) []byte { return protocol.AppendJSON(nil, s) }
