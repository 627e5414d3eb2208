package host

import (
	"slices"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/protocol"
)

// Schema is the JSON Schema subset a page declares a value prop with: a type or a union
// of types, enum values, object members (properties, required) and array items, with a
// description. Check and Coerce use it; the catalog document gives it to agents.
type Schema struct {
	// Types are the JSON types allowed ("string", "number", "integer", "boolean",
	// "object", "array", "null"); none means any value.
	Types []string
	// Enum lists the allowed values (compared as JSON values); none means any.
	Enum []any
	// Properties are the declared members of an object; Required the members it must
	// have. Members not declared pass.
	Properties map[string]*Schema
	Required   []string
	// Items is the schema of an array's elements.
	Items       *Schema
	Description string
}

// allows reports whether t is among s's types (any, without types).
func (s *Schema) allows(t string) bool {
	return s == nil || len(s.Types) == 0 || slices.Contains(s.Types, t) || (t == "integer" && slices.Contains(s.Types, "number"))
}

// Coerce checks v against s and returns it as the element gets it: an object whose keys
// are exactly "0", "1", … becomes the array of its values in index order where s wants
// an array and no object (a v0.8 valueMap list, or an agent's object-as-list). The
// message says what is wrong ("" when nothing), with the member's path in front. v is
// not changed: a container with a converted member is copied.
func (s *Schema) Coerce(v any) (any, string) {
	out, _, msg := s.coerce(v, nil)
	return out, msg
}

// coerce is Coerce, reporting whether the value differs from v; each object it copies
// (to change a member) is noted in cp, when not nil, with the object it copies.
func (s *Schema) coerce(v any, cp copies) (out any, changed bool, msg string) {
	if s == nil {
		return v, false, ""
	}
	if m, ok := v.(map[string]any); ok && s.allows("array") && !s.allows("object") {
		if list, ok := indexedList(m); ok {
			v, changed = list, true
		}
	}
	if !s.allows(jsonType(v)) {
		return nil, false, "must be " + s.typeText()
	}
	if len(s.Enum) > 0 && !slices.ContainsFunc(s.Enum, func(e any) bool { return equalJSON(e, v) }) {
		return nil, false, "must be one of " + enumText(s.Enum)
	}
	switch x := v.(type) {
	case []any:
		if s.Items == nil {
			return x, changed, ""
		}
		for i, e := range x {
			c, ch, msg := s.Items.coerce(e, cp)
			if msg != "" {
				return nil, false, "/" + strconv.Itoa(i) + ": " + msg
			}
			if ch {
				if !changed {
					x, changed = slices.Clone(x), true
				}
				x[i] = c
			}
		}
		return x, changed, ""
	case map[string]any:
		for _, r := range s.Required {
			if _, ok := x[r]; !ok {
				return nil, false, "needs member " + strconv.Quote(r)
			}
		}
		copied := false
		for _, k := range sortedKeys(s.Properties) {
			e, ok := x[k]
			if !ok {
				continue
			}
			c, ch, msg := s.Properties[k].coerce(e, cp)
			if msg != "" {
				return nil, false, "/" + k + ": " + msg
			}
			if ch {
				if !copied {
					m := make(map[string]any, len(x))
					for kk, vv := range x {
						m[kk] = vv
					}
					cp.note(m, x)
					x, copied, changed = m, true, true
				}
				x[k] = c
			}
		}
		return x, changed, ""
	}
	return v, changed, ""
}

// indexedList returns m's values in index order when its keys are exactly "0" … "n-1".
func indexedList(m map[string]any) ([]any, bool) {
	if len(m) == 0 {
		return nil, false
	}
	out := make([]any, len(m))
	for k, v := range m {
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || i >= len(m) || strconv.Itoa(i) != k {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

func (s *Schema) typeText() string {
	parts := make([]string, len(s.Types))
	for i, t := range s.Types {
		parts[i] = article(t)
	}
	return strings.Join(parts, " or ")
}

func enumText(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		if s, ok := v.(string); ok {
			parts[i] = s
		} else {
			parts[i] = jsonText(v)
		}
	}
	return strings.Join(parts, ", ")
}

func jsonText(v any) string { return string(protocol.AppendJSON(nil, v)) }

func equalJSON(a, b any) bool {
	if _, ok := a.(string); ok {
		return a == b
	}
	return jsonText(a) == jsonText(b)
}

// ParseSchema reads a prop's JSON Schema declaration: type (a name or a list of names),
// enum, properties and required (a list), items, description; oneOf and anyOf are
// unions of their alternatives; a $ref to A2UI's common types (DynamicString,
// DynamicNumber, DynamicBoolean, DynamicStringList, DynamicValue, DataBinding) makes the
// prop bindable. bindable reports that; kind is "action", "child" or "children" for a
// $ref to Action, ComponentId or ChildList.
func ParseSchema(m map[string]any) (s *Schema, bindable bool, kind string) {
	s = &Schema{Description: str(m["description"])}
	addType := func(t string) {
		if t != "" && t != Any && !slices.Contains(s.Types, t) {
			s.Types = append(s.Types, t)
		}
	}
	switch t := m["type"].(type) {
	case string:
		addType(t)
	case []any:
		for _, x := range t {
			addType(str(x))
		}
	}
	if ref := str(m["$ref"]); ref != "" {
		def := ref[strings.LastIndexAny(ref, "/#")+1:]
		switch def {
		case "DynamicString":
			addType("string")
			bindable = true
		case "DynamicNumber":
			addType("number")
			bindable = true
		case "DynamicBoolean":
			addType("boolean")
			bindable = true
		case "DynamicStringList":
			addType("array")
			s.Items = &Schema{Types: []string{"string"}}
			bindable = true
		case "DynamicValue", "DataBinding":
			bindable = true
		case "Action":
			kind = Action
		case "ComponentId":
			kind = Child
		case "ChildList":
			kind = Children
		}
	}
	if en, ok := m["enum"].([]any); ok {
		s.Enum = en
	}
	if c, ok := m["const"]; ok {
		s.Enum = []any{c}
	}
	if props, ok := m["properties"].(map[string]any); ok {
		s.Properties = map[string]*Schema{}
		for k, pv := range props {
			pm, _ := pv.(map[string]any)
			s.Properties[k], _, _ = ParseSchema(pm)
		}
	}
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			s.Required = append(s.Required, str(r))
		}
	}
	if it, ok := m["items"].(map[string]any); ok {
		s.Items, _, _ = ParseSchema(it)
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		alts, ok := m[key].([]any)
		if !ok {
			continue
		}
		anyAlt := false
		for _, a := range alts {
			am, _ := a.(map[string]any)
			as, ab, ak := ParseSchema(am)
			bindable = bindable || ab
			if kind == "" {
				kind = ak
			}
			if ab && len(as.Types) == 0 {
				continue // {path} | {call}: the binding, not a value type
			}
			if len(as.Types) == 0 {
				anyAlt = true
			}
			for _, t := range as.Types {
				addType(t)
			}
			if as.Items != nil && s.Items == nil {
				s.Items = as.Items
			}
			if as.Properties != nil && s.Properties == nil {
				s.Properties, s.Required = as.Properties, as.Required
			}
			if len(as.Enum) > 0 {
				s.Enum = append(s.Enum, as.Enum...)
			}
		}
		if anyAlt {
			s.Types = nil
		}
	}
	// v0.8's BoundValue shape (what Lit's componentRegistry schemas declare): an object
	// of path and literal* members is a bindable value of the literals' types.
	if props := s.Properties; props != nil && props["path"] != nil && slices.Equal(s.Types, []string{"object"}) {
		lits := &Schema{Description: s.Description}
		bound := true
		for k, p := range props {
			switch k {
			case "path":
			case "literalString", "literalNumber", "literalBoolean", "literalArray", "literal":
				for _, t := range p.Types {
					if !slices.Contains(lits.Types, t) {
						lits.Types = append(lits.Types, t)
					}
				}
				if p.Items != nil {
					lits.Items = p.Items
				}
				if len(p.Types) == 0 {
					lits.Types = nil
					bound = false
				}
			default:
				return s, bindable, kind
			}
		}
		if !bound {
			lits.Types = nil
		}
		return lits, true, kind
	}
	return s, bindable, kind
}

// JSON returns s as a JSON Schema object (the catalog document's form of the prop).
func (s *Schema) JSON() map[string]any {
	out := map[string]any{}
	switch len(s.Types) {
	case 0:
	case 1:
		out["type"] = s.Types[0]
	default:
		out["type"] = slices.Clone(s.Types)
	}
	if len(s.Enum) > 0 {
		out["enum"] = s.Enum
	}
	if len(s.Properties) > 0 {
		props := map[string]any{}
		for k, p := range s.Properties {
			props[k] = p.JSON()
		}
		out["properties"] = props
	}
	if len(s.Required) > 0 {
		out["required"] = s.Required
	}
	if s.Items != nil {
		out["items"] = s.Items.JSON()
	}
	if s.Description != "" {
		out["description"] = s.Description
	}
	return out
}
