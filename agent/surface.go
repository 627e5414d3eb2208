package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// Surface builds the messages of one surface in one version. It is a plain value:
//
//	s := agent.Surface{Version: agent.V09, ID: "booking"}
//	msgs := s.Show(data, agent.Column("root", "title"), agent.Text("title", "Hello"))
type Surface struct {
	Version Version
	ID      string
	// Catalog is the catalog id; "" selects BasicCatalog(Version) (v0.8: the renderer's
	// default, the standard catalog, and no catalogId is written).
	Catalog string
	// Root is the id of the root component. v0.9 and later require "root"; v0.8 names it
	// in beginRendering ("" means "root").
	Root string
	// Theme is the v0.9/v0.10 theme object or the v0.8 styles ({"primaryColor", "font"});
	// nil for none. v1.0 has no theme.
	Theme any
	// SendDataModel asks the client to send the surface's data model with every message
	// it sends to this agent (v0.9 and later; see ClientMessage.DataModel).
	SendDataModel bool
	// Metadata is v1.0's surface metadata ({"extensions": {...}}); nil for none.
	Metadata any
}

// NewSurface returns the surface id of version v with the version's basic catalog.
func NewSurface(v Version, id string) Surface { return Surface{Version: v, ID: id} }

func (s Surface) catalog() string {
	if s.Catalog != "" {
		return s.Catalog
	}
	return BasicCatalog(s.Version)
}

func (s Surface) root() string {
	if s.Root != "" {
		return s.Root
	}
	return "root"
}

func (s Surface) supported(kind string) (Message, bool) {
	switch s.Version {
	case V08, V09, V091, V010, V10:
		return Message{}, true
	}
	return failed(s.Version, kind, s.ID, "unsupported version"), false
}

// Create starts the surface: v0.8 beginRendering (the render gate: send it after the
// components, or use Show), v0.9+ createSurface (send it first).
func (s Surface) Create() Message {
	if s.Version < V09 {
		if m, ok := s.supported("beginRendering"); !ok {
			return m
		}
		body := obj{{"surfaceId", s.ID}, {"root", s.root()}}
		if s.Catalog != "" {
			body = append(body, member{"catalogId", s.Catalog})
		}
		if s.Theme != nil {
			body = append(body, member{"styles", s.Theme})
		}
		return envelope(s.Version, "beginRendering", s.ID, body)
	}
	return s.CreateWith(nil)
}

// CreateWith starts the surface with its initial data model (an object, or nil) and
// components inline: v1.0 only; other versions return a failed Message (use Show).
func (s Surface) CreateWith(data any, components ...Component) Message {
	const kind = "createSurface"
	if m, ok := s.supported(kind); !ok {
		return m
	}
	if s.Version < V09 {
		return failed(s.Version, kind, s.ID, "v0.8 has no createSurface; use Create (beginRendering) or Show")
	}
	if s.Version != V10 && (data != nil || len(components) > 0) {
		return failed(s.Version, kind, s.ID, "only v1.0 creates a surface with inline components or data; use Show")
	}
	if s.Root != "" && s.Root != "root" {
		return failed(s.Version, kind, s.ID, "the root component of v0.9 and later is \"root\", not "+quote(s.Root))
	}
	body := obj{{"surfaceId", s.ID}, {"catalogId", s.catalog()}}
	if s.Theme != nil {
		if s.Version == V10 {
			return failed(s.Version, kind, s.ID, "v1.0 createSurface has no theme")
		}
		body = append(body, member{"theme", s.Theme})
	}
	if s.SendDataModel {
		body = append(body, member{"sendDataModel", true})
	}
	if len(components) > 0 {
		list, err := encodeComponents(s.Version, components)
		if err != nil {
			return failed(s.Version, kind, s.ID, err.Error())
		}
		body = append(body, member{"components", list})
	}
	if data != nil {
		body = append(body, member{"dataModel", data})
	}
	if s.Metadata != nil {
		if s.Version != V10 {
			return failed(s.Version, kind, s.ID, "only v1.0 createSurface has metadata")
		}
		body = append(body, member{"metadata", s.Metadata})
	}
	return envelope(s.Version, kind, s.ID, body)
}

func encodeComponents(v Version, cs []Component) ([]any, error) {
	list := make([]any, 0, len(cs))
	for _, c := range cs {
		e, err := c.encode(v)
		if err != nil {
			return nil, err
		}
		list = append(list, e)
	}
	return list, nil
}

// Components adds or replaces components (by id): v0.8 surfaceUpdate, v0.9+
// updateComponents. At least one is required.
//
// For v0.8 the basic-catalog vocabulary is written as the standard catalog's: the
// {"Type": {props}} wrapper, literals of bound properties as {"literalString": ...}
// (Number, Boolean, Array), children as explicitList or template, actions as
// {name, context: [{key, value}]}, and the renames the renderer lifts back (Text and
// Image variant -> usageHint, Image description -> altText, Row and Column justify/align
// -> distribution/alignment, Tabs tabs -> tabItems, Modal trigger/content ->
// entryPointChild/contentChild, TextField value/variant -> text/textFieldType,
// ChoicePicker -> MultipleChoice, Slider min/max -> minValue/maxValue, Button variant
// "primary" -> primary). Properties v0.8 does not know are written as given.
func (s Surface) Components(cs ...Component) Message {
	kind := "updateComponents"
	if s.Version < V09 {
		kind = "surfaceUpdate"
	}
	if m, ok := s.supported(kind); !ok {
		return m
	}
	if len(cs) == 0 {
		return failed(s.Version, kind, s.ID, "no components")
	}
	list, err := encodeComponents(s.Version, cs)
	if err != nil {
		return failed(s.Version, kind, s.ID, err.Error())
	}
	return envelope(s.Version, kind, s.ID, obj{{"surfaceId", s.ID}, {"components", list}})
}

// Data replaces the data model at path (a JSON Pointer; "" or "/" is the whole model,
// which takes an object) with value, any value encoding/json accepts (structs keep their
// field order). v0.9+ write updateDataModel; v0.8 writes dataModelUpdate with typed
// contents: strings, numbers and booleans as valueString/Number/Boolean, an object as a
// valueMap, and arrays or objects nested deeper as JSON text in valueString (which the
// renderer parses back; so does a plain string that looks like a JSON array or object).
// v0.8 cannot hold null: null members are left out. In v0.10 and v1.0 a nil value
// deletes; use Remove to say so.
func (s Surface) Data(path string, value any) Message {
	if s.Version < V09 {
		if m, ok := s.supported("dataModelUpdate"); !ok {
			return m
		}
		return s.data08(path, value)
	}
	const kind = "updateDataModel"
	if m, ok := s.supported(kind); !ok {
		return m
	}
	body := obj{{"surfaceId", s.ID}}
	if path != "" && path != "/" {
		body = append(body, member{"path", path})
	}
	body = append(body, member{"value", value})
	return envelope(s.Version, kind, s.ID, body)
}

// Remove deletes the key at path: v0.9 omits the value, v0.10 and v1.0 send null. v0.8
// cannot delete (it returns a failed Message).
func (s Surface) Remove(path string) Message {
	const kind = "updateDataModel"
	if s.Version < V09 {
		return failed(s.Version, "dataModelUpdate", s.ID, "v0.8 cannot delete data; write an empty value instead")
	}
	if m, ok := s.supported(kind); !ok {
		return m
	}
	if path == "" || path == "/" {
		return failed(s.Version, kind, s.ID, "cannot remove the whole data model; write {} instead")
	}
	body := obj{{"surfaceId", s.ID}, {"path", path}}
	if s.Version >= V010 {
		body = append(body, member{"value", nil})
	}
	return envelope(s.Version, kind, s.ID, body)
}

// Delete removes the surface: deleteSurface in every version.
func (s Surface) Delete() Message {
	const kind = "deleteSurface"
	if m, ok := s.supported(kind); !ok {
		return m
	}
	return envelope(s.Version, kind, s.ID, obj{{"surfaceId", s.ID}})
}

// Show returns the messages that put the surface on screen in its version's order:
//
//	v0.8:          surfaceUpdate, dataModelUpdate, beginRendering (the render gate last)
//	v0.9 to v0.10: createSurface, updateDataModel, updateComponents (data before the
//	               components that bind it, so nothing renders empty first)
//	v1.0:          createSurface with both inline
//
// data is the initial data model (an object; nil sends none).
func (s Surface) Show(data any, components ...Component) []Message {
	if s.Version == V10 {
		return []Message{s.CreateWith(data, components...)}
	}
	var out []Message
	if s.Version >= V09 {
		out = append(out, s.Create())
	}
	if data != nil {
		out = append(out, s.Data("", data))
	}
	out = append(out, s.Components(components...))
	if s.Version < V09 {
		out = append(out, s.Create())
	}
	return out
}

// data08 writes a v0.8 dataModelUpdate.
func (s Surface) data08(path string, value any) Message {
	const kind = "dataModelUpdate"
	raw, err := marshal(value)
	if err != nil {
		return failed(s.Version, kind, s.ID, err.Error())
	}
	tree, err := parseOrdered(raw)
	if err != nil {
		return failed(s.Version, kind, s.ID, err.Error())
	}
	var contents []any
	if o, ok := tree.(obj); ok {
		contents = entries08(o, 0)
	} else {
		if path == "" || path == "/" {
			return failed(s.Version, kind, s.ID, "the whole data model must be an object")
		}
		// web_core's "." idiom: one entry keyed "." sets the value at path itself.
		e, ok := entry08(".", tree, 1)
		if !ok {
			return failed(s.Version, kind, s.ID, "v0.8 cannot write null")
		}
		contents = []any{e}
	}
	body := obj{{"surfaceId", s.ID}}
	if path != "" && path != "/" {
		body = append(body, member{"path", path})
	}
	body = append(body, member{"contents", contents})
	return envelope(s.Version, kind, s.ID, body)
}

// entries08 converts object members to typed entries; depth 0 is contents, 1 a valueMap.
func entries08(o obj, depth int) []any {
	out := make([]any, 0, len(o))
	for _, m := range o {
		if e, ok := entry08(m.k, m.v, depth); ok {
			out = append(out, e)
		}
	}
	return out
}

func entry08(key string, v any, depth int) (obj, bool) {
	switch t := v.(type) {
	case nil:
		return nil, false
	case string:
		return obj{{"key", key}, {"valueString", t}}, true
	case json.Number:
		return obj{{"key", key}, {"valueNumber", t}}, true
	case bool:
		return obj{{"key", key}, {"valueBoolean", t}}, true
	case obj:
		if depth == 0 {
			return obj{{"key", key}, {"valueMap", entries08(t, 1)}}, true
		}
	}
	// Arrays, and objects inside a valueMap (the schema allows no deeper valueMap).
	text, _ := marshal(v)
	return obj{{"key", key}, {"valueString", string(text)}}, true
}

// parseOrdered decodes JSON keeping object member order (objects become obj, numbers
// json.Number).
func parseOrdered(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, err := parseValue(d)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("trailing data after the value")
	}
	return v, nil
}

func parseValue(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			o := obj{}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				v, err := parseValue(d)
				if err != nil {
					return nil, err
				}
				o = append(o, member{k.(string), v})
			}
			_, err := d.Token()
			return o, err
		}
		list := []any{}
		for d.More() {
			v, err := parseValue(d)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err := d.Token()
		return list, err
	}
	return tok, nil
}
