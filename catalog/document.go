package catalog

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/a2ui-go/a2ui/protocol"
)

// Document returns the catalog's definition document in the shape of protocol version
// v, generated from the PropSpecs and FuncDefs:
//
//   - v0.8: catalog_description_schema ({catalogId, components: {Name: props schema},
//     styles: {}}; v0.8 has no functions);
//   - v0.9, v0.9.1, v0.10: client_capabilities' inline Catalog ({catalogId, components:
//     {Name: component schema}, functions: [{name, description, parameters,
//     returnType}]});
//   - v1.0: catalog_definition.json ({catalogId, title, description, components,
//     functions: {name: {type, properties: {call, args}, required, returnType}}}).
//
// The catalogId is the catalog's id for v (an id with that version's path, like
// ".../v0_9/...", else ID()). Capabilities send these as inlineCatalogs.
func (c *Catalog) Document(v protocol.Version) ([]byte, error) {
	id := c.idFor(v)
	if id == "" {
		return nil, errors.New("catalog: no catalog id")
	}
	comps := map[string]any{}
	for _, name := range c.Types() {
		d := c.defs[name]
		comps[name] = d.schema(v, c.common)
	}
	doc := map[string]any{"catalogId": id, "components": comps}
	switch {
	case v < protocol.V09Draft:
		doc["styles"] = map[string]any{}
		return protocol.AppendJSON(nil, doc), nil
	case v >= protocol.V10:
		if c.Title != "" {
			doc["title"] = c.Title
		}
		if c.Description != "" {
			doc["description"] = c.Description
		}
		fns := map[string]any{}
		for _, n := range c.FuncNames() {
			f := c.funcs[n]
			fd := map[string]any{
				"type": "object",
				"properties": map[string]any{
					"call": map[string]any{"const": f.Name},
					"args": f.argsSchema(),
				},
				"required":   []string{"call"},
				"returnType": f.returns(),
			}
			if f.Description != "" {
				fd["description"] = f.Description
			}
			fns[n] = fd
		}
		doc["functions"] = fns
	default:
		fns := []any{}
		for _, n := range c.FuncNames() {
			f := c.funcs[n]
			fd := map[string]any{"name": f.Name, "parameters": f.argsSchema(), "returnType": f.returns()}
			if f.Description != "" {
				fd["description"] = f.Description
			}
			fns = append(fns, fd)
		}
		doc["functions"] = fns
	}
	// AppendJSON, not encoding/json: the document holds only maps, slices, strings and
	// bools, and encoding/json would add ~140 KB brotli to the wasm.
	return protocol.AppendJSON(nil, doc), nil
}

// idFor returns the catalog id to name the catalog by in a version-v document.
func (c *Catalog) idFor(v protocol.Version) string {
	var tag string
	switch v {
	case protocol.V08:
		tag = "/v0_8/"
	case protocol.V09:
		tag = "/v0_9/"
	case protocol.V091:
		tag = "/v0_9_1/"
	case protocol.V010:
		tag = "/v0_10/"
	case protocol.V10:
		tag = "/v1_0/"
	}
	if tag != "" {
		for _, id := range c.order {
			if strings.Contains(id, tag) {
				return id
			}
		}
	}
	return c.ID()
}

func (f *FuncDef) returns() string {
	switch f.Returns {
	case "string", "number", "boolean", "array", "object", "void":
		return f.Returns
	}
	return "any"
}

// argsSchema is the JSON Schema of f's args object.
func (f *FuncDef) argsSchema() map[string]any {
	props := map[string]any{}
	req := []string{}
	for _, a := range f.Args {
		s := map[string]any{}
		switch a.Type {
		case "string", "number", "boolean", "array", "object":
			s["type"] = a.Type
		}
		if a.Description != "" {
			s["description"] = a.Description
		}
		props[a.Name] = s
		if a.Required {
			req = append(req, a.Name)
		}
	}
	out := map[string]any{"type": "object", "properties": props}
	if len(req) > 0 {
		out["required"] = req
	}
	return out
}

// schema is the JSON Schema of component d in a version-v document: v0.8 describes the
// props object, v0.9+ the whole component ({id, component, props...}, with the common
// props the component does not define itself).
func (d *ComponentDef) schema(v protocol.Version, common []CommonProp) map[string]any {
	props := map[string]any{}
	req := []string{}
	if v >= protocol.V09Draft {
		props["id"] = map[string]any{"type": "string"}
		props["component"] = map[string]any{"const": d.Name}
		req = append(req, "id", "component")
		for _, p := range common {
			props[p.Name] = p.schema(v)
		}
	}
	for _, p := range d.Props {
		props[p.Name] = p.schema(v)
		if p.Required {
			req = append(req, p.Name)
		}
	}
	out := map[string]any{"type": "object", "properties": props}
	if len(req) > 0 {
		out["required"] = req
	}
	if d.Description != "" {
		out["description"] = d.Description
	}
	return out
}

// schema is the JSON Schema of prop p in a version-v document (self-contained: no
// references to the version's common types).
func (p PropSpec) schema(v protocol.Version) map[string]any {
	// Constant parts are JSON text with sorted keys (what AppendJSON writes for maps):
	// nested map literals compile to a call per member, and this runs once per document.
	dynamic := func(typ string) map[string]any {
		if v < protocol.V09Draft {
			// v0.8: {literalString | literalNumber | ... , path}
			return map[string]any{"type": "object", "properties": json.RawMessage(`{"path":{"type":"string"}}`)}
		}
		return map[string]any{"anyOf": json.RawMessage(`[` + typ +
			`,{"properties":{"path":{"type":"string"}},"required":["path"],"type":"object"}` +
			`,{"properties":{"call":{"type":"string"}},"required":["call"],"type":"object"}]`)}
	}
	var s map[string]any
	switch p.Kind {
	case KindDynamicString:
		s = dynamic(`{"type":"string"}`)
	case KindDynamicNumber:
		s = dynamic(`{"type":"number"}`)
	case KindDynamicBoolean:
		s = dynamic(`{"type":"boolean"}`)
	case KindDynamicList:
		s = dynamic(`{"items":{"type":"string"},"type":"array"}`)
	case KindDynamicValue:
		s = map[string]any{}
		if p.Schema != nil { // a host prop's declared value, or a binding
			s = dynamic(string(protocol.AppendJSON(nil, p.Schema)))
		}
	case KindEnum:
		s = map[string]any{"type": "string", "enum": p.Values}
		if len(p.Values) > 0 {
			s["default"] = p.Values[0]
		}
	case KindNumber:
		s = map[string]any{"type": "number"}
	case KindBoolean:
		s = map[string]any{"type": "boolean"}
	case KindString, KindComponentID:
		s = map[string]any{"type": "string"}
	case KindChildList:
		if v < protocol.V09Draft {
			s = map[string]any{"type": "object", "properties": json.RawMessage(
				`{"explicitList":{"items":{"type":"string"},"type":"array"},"template":{"type":"object"}}`)}
		} else {
			s = map[string]any{"anyOf": json.RawMessage(`[{"items":{"type":"string"},"type":"array"},` +
				`{"properties":{"componentId":{"type":"string"},"path":{"type":"string"}},"required":["componentId","path"],"type":"object"}]`)}
		}
	case KindAction:
		s = map[string]any{"type": "object"}
	case KindChecks:
		s = map[string]any{"type": "array", "items": json.RawMessage(`{"type":"object"}`)}
	case KindObject:
		s = map[string]any{}
		for k, x := range p.Schema {
			s[k] = x
		}
	}
	if p.Description != "" {
		s["description"] = p.Description
	}
	return s
}
