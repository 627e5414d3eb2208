package protocol

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// This file decodes v0.8 and the seed-001 draft and lifts their components to the v0.9
// basic-catalog vocabulary (see Component).

func decodeBeginRendering(body json.RawMessage, base, surface string) (Message, *Error) {
	f := fields{base: base, surface: surface}
	var ok bool
	if f.o, ok = parseObj(body); !ok {
		return nil, verr(surface, base, "\"beginRendering\" must be an object, got "+typeName(body))
	}
	f.only("surfaceId", "root", "catalogId", "styles")
	m := &CreateSurface{Version: V08}
	m.SurfaceID = f.str("surfaceId", true, true)
	m.Root = f.str("root", true, true)
	m.CatalogID = f.str("catalogId", false, false)
	m.Theme = f.object("styles", false)
	if f.err != nil {
		return nil, f.err
	}
	if m.CatalogID == "" {
		m.CatalogID = CatalogV08Standard
	}
	return m, nil
}

func decodeCreateSurfaceDraft(body json.RawMessage, base, surface string) (Message, *Error) {
	f := fields{base: base, surface: surface}
	var ok bool
	if f.o, ok = parseObj(body); !ok {
		return nil, verr(surface, base, "\"createSurface\" must be an object, got "+typeName(body))
	}
	// The draft has no catalogId; one is accepted (and kept) for agents that add it.
	f.only("surfaceId", "theme", "catalogId")
	m := &CreateSurface{Version: V09Draft, Root: "root"}
	m.SurfaceID = f.str("surfaceId", true, true)
	m.CatalogID = f.str("catalogId", false, false)
	m.Theme = f.object("theme", false)
	if f.err != nil {
		return nil, f.err
	}
	return m, nil
}

func decodeSurfaceUpdate08(body json.RawMessage, base, surface string, pace *pacer) (Message, *Error) {
	// v0.8: {"id", "weight"?, "component": {"Type": {props}}}.
	return decodeSurfaceUpdate(body, base, surface, V08, "component",
		func(cf *fields, p, id string) (Component, *Error) {
			wrap := cf.object("component", true)
			if cf.err != nil {
				return Component{}, cf.err
			}
			wo, _ := parseObj(wrap)
			if len(wo) != 1 {
				return Component{}, verr(cf.surface, p+"/component", "\"component\" must have exactly one key, the component type (got "+strconv.Itoa(len(wo))+")")
			}
			var typ string
			for k := range wo {
				typ = k
			}
			if typ == "" {
				return Component{}, verr(cf.surface, p+"/component", "the component type name must not be empty")
			}
			props, ok := parseObj(wo[typ])
			if !ok {
				return Component{}, verr(cf.surface, p+"/component"+ptr(typ), "the properties of \""+typ+"\" must be an object, got "+typeName(wo[typ]))
			}
			return liftComponent(id, typ, props, p+"/component"+ptr(typ), cf.surface, true)
		}, pace)
}

func decodeSurfaceUpdateDraft(body json.RawMessage, base, surface string, pace *pacer) (Message, *Error) {
	// The seed-001 draft: {"id", "weight"?, "props": {"component": "Type", ...props}}.
	return decodeSurfaceUpdate(body, base, surface, V09Draft, "props",
		func(cf *fields, p, id string) (Component, *Error) {
			propsRaw := cf.object("props", true)
			if cf.err != nil {
				return Component{}, cf.err
			}
			pf := fields{base: p + "/props", surface: cf.surface}
			pf.o, _ = parseObj(propsRaw)
			typ := pf.str("component", true, true)
			if pf.err != nil {
				return Component{}, pf.err
			}
			props := make(obj, len(pf.o))
			for k, v := range pf.o {
				if k != "component" {
					props[k] = v
				}
			}
			return liftComponent(id, typ, props, p+"/props", cf.surface, false)
		}, pace)
}

// decodeSurfaceUpdate reads the surfaceUpdate envelope shared by v0.8 and the draft: the
// surfaceId, the components array and each component's id and weight; body decodes the
// version-specific rest of one component (the member named bodyKey).
func decodeSurfaceUpdate(raw json.RawMessage, base, surface string, v Version, bodyKey string,
	body func(cf *fields, p, id string) (Component, *Error), pace *pacer) (Message, *Error) {
	f := fields{base: base, surface: surface, pause: pace.pause}
	var ok bool
	if f.o, ok = parseObjPaused(raw, pace.pause); !ok {
		return nil, verr(surface, base, "\"surfaceUpdate\" must be an object, got "+typeName(raw))
	}
	f.only("surfaceId", "components")
	m := &UpdateComponents{Version: v}
	m.SurfaceID = f.str("surfaceId", true, true)
	list := f.array("components", true, true)
	if f.err != nil {
		return nil, f.err
	}
	m.Components = make([]Component, 0, len(list))
	for i, el := range list {
		pace.add(len(el))
		p := base + "/components" + idx(i)
		cf := fields{base: p, surface: m.SurfaceID}
		if cf.o, ok = parseObj(el); !ok {
			return nil, verr(m.SurfaceID, p, "a component must be an object, got "+typeName(el))
		}
		cf.only("id", "weight", bodyKey)
		id := cf.str("id", true, true)
		weight, hasWeight := cf.o["weight"]
		if hasWeight && typeName(weight) != "number" {
			cf.fail("weight", "\"weight\" must be a number, got "+typeName(weight))
		}
		c, err := body(&cf, p, id)
		if err != nil {
			return nil, err
		}
		if hasWeight {
			c.Props["weight"] = compact(weight)
		}
		m.Components = append(m.Components, c)
	}
	return m, nil
}

func decodeDataModelUpdateDraft(body json.RawMessage, base, surface string) (Message, *Error) {
	f := fields{base: base, surface: surface}
	var ok bool
	if f.o, ok = parseObj(body); !ok {
		return nil, verr(surface, base, "\"dataModelUpdate\" must be an object, got "+typeName(body))
	}
	f.only("surfaceId", "path", "contents")
	m := &UpdateDataModel{Version: V09Draft}
	m.SurfaceID = f.str("surfaceId", true, true)
	m.Path = normPath(f.str("path", false, false))
	contents := f.object("contents", true)
	if f.err != nil {
		return nil, f.err
	}
	m.Value = compact(contents)
	return m, nil
}

// normPath turns a wire data path into a JSON Pointer: "" -> "/", "user" -> "/user".
func normPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		return "/" + p
	}
	return p
}

// maxValueMapDepth bounds valueMap/valueArray nesting in the decoder's recursion (each
// level is re-parsed); the configurable cap on value depth is the model's
// (model.Options.MaxValueDepth), which a value past this one cannot reach anyway.
const maxValueMapDepth = 48

func decodeDataModelUpdate08(body json.RawMessage, base, surface string) (Message, *Error) {
	f := fields{base: base, surface: surface}
	var ok bool
	if f.o, ok = parseObj(body); !ok {
		return nil, verr(surface, base, "\"dataModelUpdate\" must be an object, got "+typeName(body))
	}
	f.only("surfaceId", "path", "contents")
	m := &UpdateDataModel{Version: V08}
	m.SurfaceID = f.str("surfaceId", true, true)
	m.Path = normPath(NormalizeV08Path(f.str("path", false, false)))
	entries := f.array("contents", true, false)
	if f.err != nil {
		return nil, f.err
	}
	p := base + "/contents"
	// The "." idiom (web_core): a single entry keyed "." sets the value at path itself.
	if len(entries) == 1 {
		if eo, ok := parseObj(entries[0]); ok && isString(eo["key"], ".") {
			_, _, val, err := entry08(entries[0], p+"/0", m.SurfaceID, 0)
			if err != nil {
				return nil, err
			}
			if m.Path == "/" && !val.isMap() {
				return nil, verr(m.SurfaceID, p+"/0", "the \".\" entry at the root must be a map (the data model root is an object)")
			}
			m.Value = val.json()
			return m, nil
		}
	}
	// Each top-level entry stands alone: a malformed one is reported and skipped, its
	// siblings apply. When none is left, the message is rejected (an empty map would
	// replace the data at path).
	root := newV08Map(len(entries))
	applied := 0
	m.EntryKeys = make([]string, len(entries))
	for i, e := range entries {
		_, segs, v, err := entry08(e, p+idx(i), m.SurfaceID, 0)
		if err == nil {
			if msg := root.set(segs, v); msg != "" {
				err = verr(m.SurfaceID, p+idx(i)+"/key", msg)
			}
		}
		if err != nil {
			m.Skipped = append(m.Skipped, err)
			continue
		}
		if len(segs) > 0 {
			m.EntryKeys[i] = segs[0] // the member of the update the entry writes into
		}
		applied++
	}
	if applied == 0 && len(m.Skipped) > 0 {
		first := m.Skipped[0]
		for _, e := range m.Skipped[1:] {
			first.Message += "; " + e.Path + ": " + e.Message
		}
		return nil, first
	}
	m.Value = v08Val{m: root}.json()
	return m, nil
}

// entries08 converts a v0.8 typed entry list (a valueMap) to a map, each key read as a
// path (v08map.go). depth is the nesting of the map.
func entries08(list []json.RawMessage, p, surface string, depth int) (*v08Map, *Error) {
	m := newV08Map(len(list))
	for i, e := range list {
		_, segs, v, err := entry08(e, p+idx(i), surface, depth)
		if err != nil {
			return nil, err
		}
		if msg := m.set(segs, v); msg != "" {
			return nil, verr(surface, p+idx(i)+"/key", msg)
		}
	}
	return m, nil
}

// valueKinds are the typed value members of a v0.8 entry. valueArray is not in the v0.8
// schema, but WinUI (seed 000) and agents written against it send it.
var valueKinds = []string{"valueString", "valueNumber", "valueBoolean", "valueMap", "valueArray"}

// entry08 converts one {key, value*} entry of a map at depth: its key, the key's path
// segments and its value. valueMap may nest (agents do it although the schema forbids
// it past one level); a valueString that looks like a JSON object or array (trimmed text
// starts with { and ends with }, or [ and ]) and parses is taken as that JSON value —
// the only way v0.8 agents send arrays, as web_core does.
func entry08(raw json.RawMessage, p, surface string, depth int) (string, []string, v08Val, *Error) {
	f := fields{base: p, surface: surface}
	var ok bool
	if f.o, ok = parseObj(raw); !ok {
		return "", nil, v08Val{}, verr(surface, p, "a data entry must be an object, got "+typeName(raw))
	}
	f.only("key", "valueString", "valueNumber", "valueBoolean", "valueMap", "valueArray")
	key := f.str("key", true, false)
	if f.err != nil {
		return "", nil, v08Val{}, f.err
	}
	segs := v08Segments(key)
	if len(segs) > 1 {
		depth += len(segs) - 1 // the value sits that much deeper
	}
	if depth > maxValueMapDepth {
		return "", nil, v08Val{}, verr(surface, p+"/key", "data entry key \""+key+"\" nests deeper than "+strconv.Itoa(maxValueMapDepth)+" levels")
	}
	v, err := typedValue08(f, p, surface, depth, "data entry \""+key+"\"")
	return key, segs, v, err
}

// typedValue08 decodes the one typed value member of f.o (an entry or a valueArray
// element).
func typedValue08(f fields, p, surface string, depth int, what string) (v08Val, *Error) {
	var vk string
	for _, k := range valueKinds {
		if _, ok := f.o[k]; ok {
			if vk != "" {
				return v08Val{}, verr(surface, p+ptr(k), "a data entry must have exactly one value, got "+vk+" and "+k)
			}
			vk = k
		}
	}
	if vk == "" {
		return v08Val{}, verr(surface, p, what+" has no value (valueString, valueNumber, valueBoolean, valueMap or valueArray)")
	}
	v := f.o[vk]
	switch vk {
	case "valueString":
		s := f.str(vk, true, false)
		if f.err != nil {
			return v08Val{}, f.err
		}
		return v08Val{raw: jsonInString(s)}, nil
	case "valueNumber":
		if typeName(v) != "number" {
			return v08Val{}, verr(surface, p+"/valueNumber", "\"valueNumber\" must be a number, got "+typeName(v))
		}
		return v08Val{raw: compact(v)}, nil
	case "valueBoolean":
		f.boolean(vk)
		if f.err != nil {
			return v08Val{}, f.err
		}
		return v08Val{raw: compact(v)}, nil
	}
	list := f.array(vk, true, false)
	if f.err != nil {
		return v08Val{}, f.err
	}
	if depth >= maxValueMapDepth {
		return v08Val{}, verr(surface, p+"/"+vk, vk+" nested deeper than "+strconv.Itoa(maxValueMapDepth)+" levels")
	}
	if vk == "valueMap" {
		m, err := entries08(list, p+"/valueMap", surface, depth+1)
		return v08Val{m: m}, err
	}
	raw, err := array08(list, p+"/valueArray", surface, depth+1)
	return v08Val{raw: raw}, err
}

// array08 converts a valueArray: each element is a typed value object
// ({"valueString":...}, {"valueMap":[...]}, {"valueArray":[...]}, ...), a bare JSON
// primitive, or null.
func array08(list []json.RawMessage, p, surface string, depth int) (json.RawMessage, *Error) {
	var b []byte
	b = append(b, '[')
	for i, e := range list {
		if i > 0 {
			b = append(b, ',')
		}
		at := p + idx(i)
		switch firstByte(e) {
		case '{':
			f := fields{base: at, surface: surface}
			f.o, _ = parseObj(e)
			f.only(valueKinds...)
			if f.err != nil {
				return nil, f.err
			}
			v, err := typedValue08(f, at, surface, depth, "valueArray element "+strconv.Itoa(i))
			if err != nil {
				return nil, err
			}
			b = append(b, v.json()...)
		case '[':
			return nil, verr(surface, at, "a valueArray element must be a typed value, a primitive or null, got array")
		default:
			b = append(b, compact(e)...)
		}
	}
	return append(b, ']'), nil
}

// jsonInString returns s as a JSON string, or, when s is JSON object/array text, that
// value itself (web_core's parseIfJsonString heuristic).
func jsonInString(s string) json.RawMessage {
	t := strings.TrimSpace(s)
	if len(t) >= 2 && ((t[0] == '{' && t[len(t)-1] == '}') || (t[0] == '[' && t[len(t)-1] == ']')) && jsonscan.Valid([]byte(t)) {
		return compact([]byte(t))
	}
	return stringRaw(s)
}

// compact returns raw, a value the decoder validated or wrote, without whitespace between
// tokens (raw itself when it has none; its capacity is clipped, so appends copy).
func compact(raw []byte) json.RawMessage {
	return jsonscan.TrustedCompact(raw)
}
