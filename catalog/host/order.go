package host

import (
	"unsafe"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// Key order. A page gets objects with their keys in the order the stream gave them, as
// a JavaScript renderer would: a value read from the data model is written in the
// model's order (model.DataModel.Keys), a literal prop in its component's order (its raw
// JSON read again with the order recorded). An object the schema copied to change a
// member (an indexed object made a list) keeps the order of the object it copies.

// copies maps an object the schema made to the object it copies.
type copies map[uintptr]map[string]any

// note records that c copies m (cp may be nil: nothing is noted).
func (cp copies) note(c, m map[string]any) {
	if cp != nil {
		cp[mapKey(c)] = m
	}
}

// keys returns the order function for a value coerced with cp: order gives the key
// order of the objects it knows, a copy gets the order of the object it copies.
func (cp copies) keys(order func(map[string]any) []string) func(map[string]any) []string {
	return func(m map[string]any) []string {
		if k := order(m); k != nil {
			return k
		}
		if o, ok := cp[mapKey(m)]; ok {
			return order(o)
		}
		return nil
	}
}

// mapKey is a map's identity (a map value is a pointer to its header; reflect is kept
// out of the wasm).
func mapKey(m map[string]any) uintptr { return uintptr(*(*unsafe.Pointer)(unsafe.Pointer(&m))) }

// propJSON returns the JSON of prop name's value v as the element gets it, keys in
// stream order. A literal (not a {path} or {call}) is read again from the component's
// raw JSON, with the order of its objects, and checked as v was.
func propJSON(in *catalog.Instance, name string, p Prop, v any, cp copies) string {
	var data interface {
		Keys(map[string]any) []string
	}
	if s := in.Scope.Surface; s != nil && s.Data != nil {
		data = s.Data
	}
	if raw, ok := in.Comp.Props[name]; ok && !bound(in, name) && p.Type != URL {
		recs := map[uintptr][]string{}
		lit, err := jsonscan.ParseOrdered(raw, func(m map[string]any, keys []string) { recs[mapKey(m)] = append([]string(nil), keys...) })
		if err == nil {
			litCp := copies{}
			if cv, ok := coerceNoting(lit, p, litCp); ok {
				return string(protocol.AppendJSONOrdered(nil, cv, litCp.keys(func(m map[string]any) []string { return recs[mapKey(m)] })))
			}
		}
	}
	if data == nil {
		return string(protocol.AppendJSON(nil, v))
	}
	return string(protocol.AppendJSONOrdered(nil, v, cp.keys(data.Keys)))
}

// bound reports whether prop name of in is a {path} or {call}.
func bound(in *catalog.Instance, name string) bool {
	raw, _ := in.Raw(name)
	m, ok := raw.(map[string]any)
	return ok && (m["path"] != nil || m["call"] != nil)
}
