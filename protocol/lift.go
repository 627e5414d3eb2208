package protocol

import (
	"encoding/json"
	"sort"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// Lifting of v0.8 (and seed-001 draft) component properties to the v0.9 basic catalog.
//
// Generic rules, for every component (standard or custom):
//   - a BoundValue object — keys among path, literalString, literalNumber, literalBoolean,
//     literalArray (and the non-spec "literal" the Lit renderer accepts) — becomes the
//     literal as plain JSON, {"path":p}, or {"path":p,"literal":v} when both are given;
//   - "children" {explicitList:[ids]} becomes [ids], {template:{componentId,dataBinding}}
//     becomes {"componentId":c,"path":dataBinding} (explicitList wins if both are given);
//   - "action" {name, context:[{key,value}]} becomes {"event":{"name":n,"context":{k:v}}};
//   - in an array of objects (tabItems, options) BoundValue members are lifted too.
//
// Then the standard components get the v0.8 -> v0.9 renames (evolution guide §8).
//
// v0.8 paths (a BoundValue's path, a template's dataBinding) are normalised as web_core
// reads them: "/chart.items[0]" is "/chart/items/0" (NormalizeV08Path). The draft keeps
// its paths as they are.

// zeroBound gives the value an empty BoundValue {} takes for a standard property.
var zeroBound = map[string]map[string]string{
	"Text":           {"text": `""`},
	"Image":          {"url": `""`, "altText": `""`},
	"Icon":           {"name": `""`},
	"Video":          {"url": `""`},
	"AudioPlayer":    {"url": `""`, "description": `""`},
	"CheckBox":       {"label": `""`, "value": `false`},
	"TextField":      {"label": `""`, "text": `""`},
	"DateTimeInput":  {"value": `""`},
	"MultipleChoice": {"selections": `[]`},
	"Slider":         {"label": `""`, "value": `0`},
}

var literalKeys = []string{"literalString", "literalNumber", "literalBoolean", "literalArray", "literal"}

// isBoundShape reports whether o only has BoundValue keys.
func isBoundShape(o obj) bool {
	for k := range o {
		switch k {
		case "path", "literalString", "literalNumber", "literalBoolean", "literalArray", "literal":
		default:
			return false
		}
	}
	return true
}

// liftBound converts a BoundValue (o has only BoundValue keys). empty is true for {}.
func liftBound(o obj, p, surface string, v08 bool) (out json.RawMessage, empty bool, err *Error) {
	if len(o) == 0 {
		return nil, true, nil
	}
	f := fields{o: o, base: p, surface: surface}
	path, hasPath := o["path"]
	if hasPath {
		if ps := f.str("path", true, false); v08 && f.err == nil && needsV08Norm(ps) {
			path = stringRaw(NormalizeV08Path(ps))
		}
	}
	var lit json.RawMessage
	litKey := ""
	for _, k := range literalKeys {
		v, ok := o[k]
		if !ok {
			continue
		}
		if litKey != "" {
			f.fail(k, "a bound value has several literals: \""+litKey+"\" and \""+k+"\"")
			break
		}
		litKey = k
		want := map[string]string{"literalString": "string", "literalNumber": "number", "literalBoolean": "boolean", "literalArray": "array"}[k]
		got := typeName(v)
		if want != "" && got != want {
			f.fail(k, "\""+k+"\" must be a "+want+", got "+got)
		} else if k == "literal" && (got == "object" || got == "null") {
			f.fail(k, "\"literal\" must be a string, number, boolean or array, got "+got)
		}
		lit = compact(v)
	}
	if f.err != nil {
		return nil, false, f.err
	}
	switch {
	case hasPath && litKey != "":
		return objectRaw([]kv{{"path", compact(path)}, {"literal", lit}}), false, nil
	case hasPath:
		return objectRaw([]kv{{"path", compact(path)}}), false, nil
	}
	return lit, false, nil
}

// liftValue lifts one property value generically (see above).
func liftValue(key string, raw json.RawMessage, p, surface string, v08 bool) (json.RawMessage, *Error) {
	switch firstByte(raw) {
	case '{':
		o, ok := parseObj(raw)
		if !ok {
			return compact(raw), nil
		}
		if key == "children" {
			if out, ok, err := liftChildren(o, p, surface, v08); ok || err != nil {
				return out, err
			}
		}
		if key == "action" {
			if out, ok, err := liftAction(o, p, surface, v08); ok || err != nil {
				return out, err
			}
		}
		if len(o) > 0 && isBoundShape(o) {
			out, _, err := liftBound(o, p, surface, v08)
			return out, err
		}
		return compact(raw), nil
	case '[':
		var list []json.RawMessage
		if jarr(raw, &list) != nil {
			return compact(raw), nil
		}
		changed := false
		out := make([]json.RawMessage, len(list))
		for i, e := range list {
			out[i] = e
			eo, ok := parseObj(e)
			if !ok || len(eo) == 0 {
				continue
			}
			members := make([]kv, 0, len(eo))
			for _, k := range sortedKeys(eo) {
				v := eo[k]
				if vo, ok := parseObj(v); ok && isBoundShape(vo) {
					lv, empty, err := liftBound(vo, p+idx(i)+ptr(k), surface, v08)
					if err != nil {
						return nil, err
					}
					if empty {
						lv = json.RawMessage(`""`)
					}
					v = lv
					changed = true
				}
				members = append(members, kv{k, v})
			}
			out[i] = objectRaw(members)
		}
		if !changed {
			return compact(raw), nil
		}
		b := []byte{'['}
		for i, e := range out {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendRaw(b, e)
		}
		return append(b, ']'), nil
	}
	return compact(raw), nil
}

// liftChildren converts explicitList / template; ok is false when o is neither.
func liftChildren(o obj, p, surface string, v08 bool) (json.RawMessage, bool, *Error) {
	if el, ok := o["explicitList"]; ok {
		var ids []json.RawMessage
		if firstByte(el) != '[' || jarr(el, &ids) != nil {
			return nil, true, verr(surface, p+"/explicitList", "\"explicitList\" must be an array of component ids, got "+typeName(el))
		}
		for i, id := range ids {
			if typeName(id) != "string" {
				return nil, true, verr(surface, p+"/explicitList"+idx(i), "a child id must be a string, got "+typeName(id))
			}
		}
		return compact(el), true, nil
	}
	if t, ok := o["template"]; ok {
		f := fields{base: p + "/template", surface: surface}
		if f.o, ok = parseObj(t); !ok {
			return nil, true, verr(surface, p+"/template", "\"template\" must be an object, got "+typeName(t))
		}
		f.only("componentId", "dataBinding")
		c := f.str("componentId", true, true)
		b := f.str("dataBinding", true, false)
		if f.err != nil {
			return nil, true, f.err
		}
		if v08 {
			b = NormalizeV08Path(b)
		}
		return objectRaw([]kv{{"componentId", stringRaw(c)}, {"path", stringRaw(b)}}), true, nil
	}
	return nil, false, nil
}

// liftAction converts a v0.8 action; ok is false when o is already a v0.9 action.
func liftAction(o obj, p, surface string, v08 bool) (json.RawMessage, bool, *Error) {
	if _, ok := o["event"]; ok {
		return nil, false, nil
	}
	if _, ok := o["functionCall"]; ok {
		return nil, false, nil
	}
	f := fields{o: o, base: p, surface: surface}
	f.only("name", "context")
	name := f.str("name", true, false)
	if f.err != nil {
		return nil, true, f.err
	}
	event := []kv{{"name", stringRaw(name)}}
	if ctx, ok := o["context"]; ok {
		var members []kv
		switch firstByte(ctx) {
		case '[':
			var list []json.RawMessage
			if jarr(ctx, &list) != nil {
				return nil, true, verr(surface, p+"/context", "\"context\" is not valid JSON")
			}
			for i, e := range list {
				ep := p + "/context" + idx(i)
				ef := fields{base: ep, surface: surface}
				if ef.o, ok = parseObj(e); !ok {
					return nil, true, verr(surface, ep, "a context entry must be an object, got "+typeName(e))
				}
				ef.only("key", "value")
				k := ef.str("key", true, false)
				if ef.err != nil {
					return nil, true, ef.err
				}
				v, ok := ef.o["value"]
				if !ok {
					return nil, true, verr(surface, ep, "missing required property \"value\"")
				}
				lv, err := liftContextValue(v, ep+"/value", surface, v08)
				if err != nil {
					return nil, true, err
				}
				members = append(members, kv{k, lv})
			}
		case '{':
			co, err := jsonscan.Object(ctx) // in the order written
			if err != nil {
				return nil, true, verr(surface, p+"/context", "\"context\" is not valid JSON")
			}
			for _, m := range co {
				lv, err := liftContextValue(m.Value, p+"/context"+ptr(m.Key), surface, v08)
				if err != nil {
					return nil, true, err
				}
				members = append(members, kv{m.Key, lv})
			}
		default:
			return nil, true, verr(surface, p+"/context", "\"context\" must be an array of {key, value} entries, got "+typeName(ctx))
		}
		event = append(event, kv{"context", objectRaw(members)})
	}
	return objectRaw([]kv{{"event", objectRaw(event)}}), true, nil
}

func liftContextValue(v json.RawMessage, p, surface string, v08 bool) (json.RawMessage, *Error) {
	if vo, ok := parseObj(v); ok && isBoundShape(vo) {
		out, empty, err := liftBound(vo, p, surface, v08)
		if empty {
			out = json.RawMessage(`""`)
		}
		return out, err
	}
	return compact(v), nil
}

// liftComponent lifts one v0.8 (v08) or draft component. props excludes the type
// wrapper/key.
func liftComponent(id, typ string, props obj, base, surface string, v08 bool) (Component, *Error) {
	c := Component{ID: id, Type: typ, Props: make(map[string]json.RawMessage, len(props)+1)}
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	zeros := zeroBound[typ]
	for _, k := range keys {
		raw := props[k]
		p := base + ptr(k)
		if zero, ok := zeros[k]; ok {
			if o, ok := parseObj(raw); ok && len(o) == 0 {
				c.Props[k] = json.RawMessage(zero)
				continue
			}
		}
		v, err := liftValue(k, raw, p, surface, v08)
		if err != nil {
			return c, err
		}
		c.Props[k] = v
	}
	renameProps(&c)
	return c, nil
}

func rename(props map[string]json.RawMessage, from, to string) {
	v, ok := props[from]
	if !ok {
		return
	}
	delete(props, from)
	if _, exists := props[to]; !exists {
		props[to] = v
	}
}

// renameProps applies the v0.8 -> v0.9 basic-catalog rename map.
func renameProps(c *Component) {
	p := c.Props
	switch c.Type {
	case "Text":
		rename(p, "usageHint", "variant")
	case "Image":
		rename(p, "usageHint", "variant")
		rename(p, "altText", "description")
		if isString(p["fit"], "scale-down") {
			p["fit"] = stringRaw("scaleDown")
		}
	case "Row", "Column":
		rename(p, "distribution", "justify")
		rename(p, "alignment", "align")
	case "List":
		rename(p, "alignment", "align")
	case "Tabs":
		rename(p, "tabItems", "tabs")
	case "Modal":
		rename(p, "entryPointChild", "trigger")
		rename(p, "contentChild", "content")
	case "Button":
		if v, ok := p["primary"]; ok {
			switch string(v) {
			case "true":
				delete(p, "primary")
				if _, exists := p["variant"]; !exists {
					p["variant"] = stringRaw("primary")
				}
			case "false":
				delete(p, "primary")
			}
		}
	case "TextField":
		rename(p, "text", "value")
		if isString(p["textFieldType"], "date") {
			// v0.9 has no date text field: the evolution guide says use DateTimeInput.
			c.Type = "DateTimeInput"
			delete(p, "textFieldType")
			delete(p, "validationRegexp")
			p["enableDate"] = json.RawMessage("true")
			return
		}
		rename(p, "textFieldType", "variant")
	case "MultipleChoice":
		c.Type = "ChoicePicker"
		rename(p, "selections", "value")
		rename(p, "variant", "displayStyle")
		variant := "multipleSelection"
		if v, ok := p["maxAllowedSelections"]; ok {
			if n, err := jsonscan.Parse(v); err == nil && n == float64(1) {
				variant = "mutuallyExclusive"
			}
			delete(p, "maxAllowedSelections")
		}
		p["variant"] = stringRaw(variant)
	case "Slider":
		rename(p, "minValue", "min")
		rename(p, "maxValue", "max")
	}
}
