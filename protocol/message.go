package protocol

import "encoding/json"

// Version identifies the wire grammar a message was decoded from.
type Version uint8

const (
	VersionUnknown Version = iota
	V08                    // v0.8: beginRendering / surfaceUpdate / dataModelUpdate / deleteSurface, no version field
	V09Draft               // the early v0.9 draft of seed 001: createSurface / surfaceUpdate{props} / dataModelUpdate{object}
	V09                    // "version": "v0.9"
	V091                   // "version": "v0.9.1"
	V010                   // "version": "v0.10"
	V10                    // "version": "v1.0"
)

// String returns the wire spelling ("v0.8", "v0.9", ...); V09Draft is "v0.9-draft".
func (v Version) String() string {
	switch v {
	case V08:
		return "v0.8"
	case V09Draft:
		return "v0.9-draft"
	case V09:
		return "v0.9"
	case V091:
		return "v0.9.1"
	case V010:
		return "v0.10"
	case V10:
		return "v1.0"
	}
	return "unknown"
}

// AtLeast09 reports whether v uses the v0.9+ semantics (implicit "root" gate, absolute paths
// inside templates, createSurface mandatory). The seed-001 draft counts as v0.9.
func (v Version) AtLeast09() bool { return v >= V09Draft }

// Message is one normalized server-to-client message. The set is sealed: only this package
// implements it. Every version's wire shape decodes into these types; components and
// dynamic values are normalized to the v0.9 basic-catalog vocabulary (see Component).
type Message interface {
	// Surface returns the surfaceId the message addresses ("" for none).
	Surface() string
	// Ver returns the grammar the message was decoded from.
	Ver() Version
	isMessage()
}

// CreateSurface starts a surface: v0.8 beginRendering, v0.9+ createSurface.
type CreateSurface struct {
	Version   Version
	SurfaceID string
	CatalogID string
	// Root is the id of the root component: beginRendering.root in v0.8, "root" in v0.9+.
	Root string
	// Theme holds v0.9 theme or v0.8 styles (raw; validated by the renderer).
	Theme         json.RawMessage
	SendDataModel bool
	// Components and DataModel are v1.0's inline initial content (nil when absent).
	Components []Component
	DataModel  json.RawMessage
	Metadata   json.RawMessage
}

// UpdateComponents adds or replaces components: v0.8 surfaceUpdate, draft surfaceUpdate,
// v0.9+ updateComponents.
type UpdateComponents struct {
	Version    Version
	SurfaceID  string
	Components []Component
}

// Component is one entry of the flat adjacency list, normalized to the v0.9 basic-catalog
// shape: Type is the component name ("Text", "ChoicePicker", ...) and Props holds every
// property except "id" and "component", each as the v0.9 JSON of a DynamicValue, ChildList,
// Action or plain value. v0.8 input is lifted by the decoder (literalString -> literal,
// explicitList -> array, template -> {componentId,path}, MultipleChoice -> ChoicePicker,
// usageHint -> variant, ...). A v0.8 BoundValue carrying both path and literal becomes
// {"path": p, "literal": v}: the literal seeds the model once, then the prop binds to p.
type Component struct {
	ID    string
	Type  string
	Props map[string]json.RawMessage
}

// UpdateDataModel writes the data model at Path (a JSON Pointer; "" or "/" is the whole
// model). Value == nil means delete (v0.9 omitted value; v0.10+ also explicit null).
type UpdateDataModel struct {
	Version   Version
	SurfaceID string
	Path      string
	Value     json.RawMessage
}

// DeleteSurface removes a surface and everything it holds.
type DeleteSurface struct {
	Version   Version
	SurfaceID string
}

func (m *CreateSurface) Surface() string    { return m.SurfaceID }
func (m *UpdateComponents) Surface() string { return m.SurfaceID }
func (m *UpdateDataModel) Surface() string  { return m.SurfaceID }
func (m *DeleteSurface) Surface() string    { return m.SurfaceID }
func (m *CreateSurface) Ver() Version       { return m.Version }
func (m *UpdateComponents) Ver() Version    { return m.Version }
func (m *UpdateDataModel) Ver() Version     { return m.Version }
func (m *DeleteSurface) Ver() Version       { return m.Version }
func (*CreateSurface) isMessage()           {}
func (*UpdateComponents) isMessage()        {}
func (*UpdateDataModel) isMessage()         {}
func (*DeleteSurface) isMessage()           {}
