package wire

import (
	"strconv"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// Obj is a JSON object's members, values kept raw, read leniently: unknown members are
// ignored and a member of the wrong type reads as missing. (transport/a2a keeps its own
// strict reader, which fails on a wrong type as encoding/json does.)
type Obj map[string][]byte

// Object reads raw as an object; ok is false when it is not one.
func Object(raw []byte) (o Obj, ok bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	m, err := jsonscan.ObjectMap(raw)
	if err != nil {
		return nil, false
	}
	return m, true
}

// Obj reads member k as an object (nil when missing or not an object).
func (o Obj) Obj(k string) Obj {
	m, _ := Object(o[k])
	return m
}

// Str reads member k as a string ("" when missing or not a string).
func (o Obj) Str(k string) string {
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

// Has reports whether member k is present and not null.
func (o Obj) Has(k string) bool {
	v, ok := o[k]
	return ok && string(v) != "null"
}

// Array reads member k as an array's raw elements (nil when missing or not an array).
func (o Obj) Array(k string) [][]byte {
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

// Strings reads member k as an array of strings (other elements skipped); present
// reports whether k was an array at all.
func (o Obj) Strings(k string) (out []string, present bool) {
	v := o[k]
	if len(v) == 0 || v[0] != '[' {
		return nil, false
	}
	for _, e := range o.Array(k) {
		if len(e) > 0 && e[0] == '"' {
			if s, err := jsonscan.String(e); err == nil {
				out = append(out, s)
			}
		}
	}
	return out, true
}

// Boolean reads member k as true (false when missing or not a boolean).
func (o Obj) Boolean(k string) bool { return string(o[k]) == "true" }

// Integer reads member k as an integer (0 when missing or not one).
func (o Obj) Integer(k string) int {
	n, err := strconv.Atoi(string(o[k]))
	if err != nil {
		return 0
	}
	return n
}
