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
// JSON read again with the order recorded).

// mapKey is a map's identity (a map value is a pointer to its header; reflect is kept
// out of the wasm).
func mapKey(m map[string]any) uintptr { return uintptr(*(*unsafe.Pointer)(unsafe.Pointer(&m))) }

// propJSON returns the JSON of prop name's value v as the element gets it, keys in
// stream order. A literal (not a {path} or {call}) is read again from the component's
// raw JSON, with the order of its objects, and checked as v was.
func propJSON(in *catalog.Instance, name string, p Prop, v any) string {
	var data interface {
		Keys(map[string]any) []string
	}
	if s := in.Scope.Surface; s != nil && s.Data != nil {
		data = s.Data
	}
	if raw, ok := in.Comp.Props[name]; ok && !bound(in, name) && p.Type != URL {
		recs := map[uintptr][]string{}
		lit, err := jsonscan.ParseOrdered(raw, func(m map[string]any, keys []string) { recs[mapKey(m)] = keys })
		if err == nil {
			if cv, ok := coerce(lit, p); ok {
				return string(protocol.AppendJSONOrdered(nil, cv, func(m map[string]any) []string { return recs[mapKey(m)] }))
			}
		}
	}
	if data == nil {
		return string(protocol.AppendJSON(nil, v))
	}
	return string(protocol.AppendJSONOrdered(nil, v, data.Keys))
}

// bound reports whether prop name of in is a {path} or {call}.
func bound(in *catalog.Instance, name string) bool {
	raw, _ := in.Raw(name)
	m, ok := raw.(map[string]any)
	return ok && (m["path"] != nil || m["call"] != nil)
}
