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
	// EntryKeys (v0.8 only) maps each index of the message's contents list to the key of
	// that entry in Value ("" for an entry the decoder skipped), so that an error about
	// one entry can point at it ("/dataModelUpdate/contents/3").
	EntryKeys []string
	// Skipped are the errors of the contents entries the decoder left out of Value (v0.8:
	// one malformed entry is reported and skipped, its siblings apply). Decoder.Decode
	// returns them beside the message.
	Skipped []*Error
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

// FunctionError is the error half of a function or action response.
type FunctionError struct {
	Code    string
	Message string
}

// ActionResponse answers an action the client sent with wantResponse (v0.10
// actionResponse). Exactly one of Value and Error is set; a JSON null value is kept as the
// bytes "null". The wire message carries no surfaceId: match it by ActionID.
type ActionResponse struct {
	Version   Version
	SurfaceID string
	ActionID  string
	Value     json.RawMessage
	Error     *FunctionError
}

// CallFunction asks the renderer to run a catalog function: v0.10 callFunction and v1.0
// callRendererFunction. The renderer answers with EncodeFunctionResponse (v1.0 always
// expects an answer, so WantResponse is true for it).
type CallFunction struct {
	Version        Version
	SurfaceID      string
	FunctionCallID string
	// Name is the function name (the wire "call").
	Name string
	// Args are the raw argument values (DynamicValue JSON); nil when absent.
	Args      map[string]json.RawMessage
	CatalogID string
	// ReturnType and CallableFrom are v0.10's declared return type and invocation scope
	// ("remoteOnly" or "clientOrRemote"); empty when absent.
	ReturnType   string
	CallableFrom string
	WantResponse bool
}

// FunctionResponse is the agent's answer to a function the renderer called on it (v1.0
// agentFunctionResponse). Exactly one of Value and Error is set; null is kept as "null".
type FunctionResponse struct {
	Version        Version
	SurfaceID      string
	FunctionCallID string
	Value          json.RawMessage
	Error          *FunctionError
}

func (m *ActionResponse) Surface() string   { return m.SurfaceID }
func (m *CallFunction) Surface() string     { return m.SurfaceID }
func (m *FunctionResponse) Surface() string { return m.SurfaceID }
func (m *ActionResponse) Ver() Version      { return m.Version }
func (m *CallFunction) Ver() Version        { return m.Version }
func (m *FunctionResponse) Ver() Version    { return m.Version }
func (*ActionResponse) isMessage()          {}
func (*CallFunction) isMessage()            {}
func (*FunctionResponse) isMessage()        {}

// Well-known catalog ids.
const (
	// CatalogV08Standard is the catalog a v0.8 beginRendering without catalogId selects;
	// the decoder fills it in.
	CatalogV08Standard = "https://a2ui.org/specification/v0_8/standard_catalog_definition.json"
	CatalogV08Minimal  = "https://a2ui.org/specification/v0_8/catalogs/minimal/minimal_catalog.json"
	CatalogV09Basic    = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
	CatalogV09Minimal  = "https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json"
	CatalogV091Basic   = "https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json"
	CatalogV010Basic   = "https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json"
	CatalogV10Basic    = "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"
)
