package protocol

import "encoding/json"

// Client-to-server encoders. Every function returns compact JSON with object keys sorted
// at every level (so tests and agents can compare bytes) and without HTML escaping; an
// action's context keeps the order ActionEvent.ContextKeys gives.

// ActionEvent is a user action to report to the agent. The catalog's action sink builds it
// on the UI goroutine when the user triggers a component's event action.
type ActionEvent struct {
	Version           Version
	Name              string
	SurfaceID         string
	SourceComponentID string
	// Timestamp is an ISO 8601 date-time (RFC 3339).
	Timestamp string
	// Context is the resolved action context ({} is sent when nil).
	Context map[string]any
	// ContextKeys gives the key order of Context and of the objects in it (as
	// AppendJSONOrdered takes it: the order declared, the data's); nil means sorted.
	ContextKeys func(map[string]any) []string
	// UserMessage is v1.0's resolved event.userMessage (omitted when empty).
	UserMessage string
	// ActionID and WantResponse are v0.10's (omitted when empty / false).
	ActionID     string
	WantResponse bool
	// DataModel is the surface's data model when it was created with sendDataModel (v0.9+).
	// It does not go into the action object (the schemas forbid extra members) but beside
	// it, as the transport metadata of the message: "metadata":{"a2uiClientDataModel":
	// EncodeClientDataModel(...)}, the place A2A gives it (see EncodeA2AMessage).
	DataModel map[string]any
}

type member struct {
	k string
	v any
}

// object writes members sorted by key (members are given sorted by the callers below
// where it matters; objectSorted sorts anyway).
func objectSorted(members ...member) []byte {
	m := make(map[string]any, len(members))
	for _, e := range members {
		m[e.k] = e.v
	}
	return appendValue(nil, m)
}

// EncodeAction encodes a as the A2UI message of its version:
//
//	v0.8, draft: {"userAction":{"context":{...},"name":..,"sourceComponentId":..,"surfaceId":..,"timestamp":..}}
//	v0.9, v0.9.1: {"action":{...same...},"version":"v0.9"}
//	v0.10:        + "actionId" (when set) and "wantResponse" (when true) in action
//	v1.0:         + "userMessage" (when set) in action
func EncodeAction(a ActionEvent) []byte {
	keys := a.ContextKeys
	if keys == nil {
		keys = func(map[string]any) []string { return nil }
	}
	ctx := map[string]any{}
	if a.Context != nil {
		ctx = a.Context
	}
	body := map[string]any{
		"name":              a.Name,
		"surfaceId":         a.SurfaceID,
		"sourceComponentId": a.SourceComponentID,
		"timestamp":         a.Timestamp,
		"context":           json.RawMessage(AppendJSONOrdered(nil, ctx, keys)),
	}
	if a.Version < V09 {
		return objectSorted(member{"userAction", body})
	}
	if a.Version == V010 {
		if a.ActionID != "" {
			body["actionId"] = a.ActionID
		}
		if a.WantResponse {
			body["wantResponse"] = true
		}
	}
	if a.Version == V10 && a.UserMessage != "" {
		body["userMessage"] = a.UserMessage
	}
	members := []member{{"action", body}, {"version", wireVersion(a.Version)}}
	if a.DataModel != nil {
		dm := EncodeClientDataModel(a.Version, map[string]map[string]any{a.SurfaceID: a.DataModel})
		members = append(members, member{"metadata", map[string]any{"a2uiClientDataModel": json.RawMessage(dm)}})
	}
	return objectSorted(members...)
}

// wireVersion is the "version" value written for v (v0.9.1 keeps its own spelling).
func wireVersion(v Version) string {
	if v < V09 {
		return V09.String()
	}
	return v.String()
}

// EncodeError encodes a renderer error for the agent:
//
//	v0.8, draft: {"error":{"code":..,"message":..,"path":..,"surfaceId":..}} (empty fields omitted)
//	v0.9+:       {"error":{...},"version":".."}
//
// For VALIDATION_FAILED (and v1.0's UNALLOWED_PARENT / UNALLOWED_CHILD) code, message, path
// and surfaceId are always written, as the schemas require. Other codes are generic errors:
// path only when set; in v0.10 and v1.0 exactly one of functionCallId (when set) and
// surfaceId; in v0.9 surfaceId always, plus functionCallId when set.
func EncodeError(v Version, e *Error) []byte {
	if e == nil {
		e = &Error{Code: CodeRender, Message: "unknown error"}
	}
	body := map[string]any{"code": e.Code, "message": e.Message}
	validation := e.Code == CodeValidationFailed || (v == V10 && (e.Code == "UNALLOWED_PARENT" || e.Code == "UNALLOWED_CHILD"))
	switch {
	case v < V09:
		if e.SurfaceID != "" {
			body["surfaceId"] = e.SurfaceID
		}
		if e.Path != "" {
			body["path"] = e.Path
		}
		if e.FunctionCallID != "" {
			body["functionCallId"] = e.FunctionCallID
		}
		return objectSorted(member{"error", body})
	case validation:
		body["surfaceId"] = e.SurfaceID
		body["path"] = e.Path
	default:
		if e.Path != "" {
			body["path"] = e.Path
		}
		if v >= V010 && e.FunctionCallID != "" {
			body["functionCallId"] = e.FunctionCallID
		} else {
			body["surfaceId"] = e.SurfaceID
			if e.FunctionCallID != "" {
				body["functionCallId"] = e.FunctionCallID
			}
		}
	}
	return objectSorted(member{"error", body}, member{"version", wireVersion(v)})
}

// EncodeFunctionResponse answers a CallFunction. It is EncodeFunctionResult without the
// function name; v0.10's functionResponse requires "call", so prefer EncodeFunctionResult
// there.
func EncodeFunctionResponse(v Version, callID string, value any, err *FunctionError) []byte {
	return EncodeFunctionResult(v, callID, "", value, err)
}

// EncodeFunctionResult answers a CallFunction (call = CallFunction.Name):
//
//	v0.10 ok:     {"functionResponse":{"call":..,"functionCallId":..,"value":..},"version":"v0.10"}
//	v0.10 failed: {"error":{"code":..,"functionCallId":..,"message":..},"version":"v0.10"}
//	v1.0 ok:      {"rendererFunctionResponse":{"functionCallId":..,"value":..},"version":"v1.0"}
//	v1.0 failed:  {"rendererFunctionResponse":{"error":{"code":..,"message":..},"functionCallId":..},"version":"v1.0"}
//
// value may be any JSON-like Go value or a json.RawMessage (nil is sent as null). Versions
// without function calls (v0.8 to v0.9.1) return nil.
func EncodeFunctionResult(v Version, callID, call string, value any, err *FunctionError) []byte {
	if raw, ok := value.(json.RawMessage); ok && raw == nil {
		value = nil
	}
	switch v {
	case V010:
		if err != nil {
			return objectSorted(member{"error", map[string]any{"code": err.Code, "message": err.Message, "functionCallId": callID}}, member{"version", "v0.10"})
		}
		body := map[string]any{"functionCallId": callID, "value": value}
		if call != "" {
			body["call"] = call
		}
		return objectSorted(member{"functionResponse", body}, member{"version", "v0.10"})
	case V10:
		body := map[string]any{"functionCallId": callID}
		if err != nil {
			body["error"] = map[string]any{"code": err.Code, "message": err.Message}
		} else {
			body["value"] = value
		}
		return objectSorted(member{"rendererFunctionResponse", body}, member{"version", "v1.0"})
	}
	return nil
}

// CapabilityVersions are the version keys EncodeCapabilities writes.
var CapabilityVersions = []Version{V09, V091, V010, V10}

// EncodeCapabilities encodes the a2uiClientCapabilities object (the value to place under
// that key in the transport metadata) in both forms agents read: one entry per version key
// ("v0.9", "v0.9.1", "v0.10", "v1.0": {"supportedCatalogIds":[..],"inlineCatalogs":[..]})
// as the schemas and web_core have it, and the same members flat at the top level, as the
// v0.8 schema and the Python agent SDK read them. inline are raw catalog descriptions
// (omitted when none). nil catalogIDs are written as [].
func EncodeCapabilities(catalogIDs []string, inline ...json.RawMessage) []byte {
	return EncodeCapabilitiesFor(CapabilityVersions, catalogIDs, inline...)
}

// EncodeCapabilitiesFor is EncodeCapabilities with an explicit list of version keys
// (versions before v0.9 add no key: v0.8 only has the flat form).
func EncodeCapabilitiesFor(versions []Version, catalogIDs []string, inline ...json.RawMessage) []byte {
	return EncodeCapabilitiesInline(versions, catalogIDs, func(Version) []json.RawMessage { return inline })
}

// EncodeCapabilitiesInline is EncodeCapabilitiesFor with inline catalogs in each
// version's own shape: inline(v) gives the catalog documents for key v (the flat form
// gets v0.9's). A nil inline, or one returning none, adds no inlineCatalogs.
func EncodeCapabilitiesInline(versions []Version, catalogIDs []string, inline func(Version) []json.RawMessage) []byte {
	ids := make([]any, len(catalogIDs))
	for i, s := range catalogIDs {
		ids[i] = s
	}
	inner := func(v Version) map[string]any {
		m := map[string]any{"supportedCatalogIds": ids}
		if inline == nil {
			return m
		}
		if docs := inline(v); len(docs) > 0 {
			list := make([]any, len(docs))
			for i, r := range docs {
				list[i] = r
			}
			m["inlineCatalogs"] = list
		}
		return m
	}
	top := inner(V09)
	for _, v := range versions {
		if v >= V09 {
			top[v.String()] = inner(v)
		}
	}
	return appendValue(nil, top)
}

// EncodeClientDataModel encodes the a2uiClientDataModel object (v1.0 calls it the
// renderer data model; same shape): {"surfaces":{id:model},"version":".."}. Pass only
// surfaces created with sendDataModel, and attach the result only to messages sent to the
// agent that created them. Returns nil when surfaces is empty (nothing to send).
func EncodeClientDataModel(v Version, surfaces map[string]map[string]any) []byte {
	if len(surfaces) == 0 {
		return nil
	}
	s := make(map[string]any, len(surfaces))
	for id, m := range surfaces {
		if m == nil {
			m = map[string]any{}
		}
		s[id] = m
	}
	return objectSorted(member{"surfaces", s}, member{"version", wireVersion(v)})
}

// MIMEType is the A2A DataPart MIME type for v: "application/json+a2ui" up to v0.9,
// "application/a2ui+json" from v0.9.1.
func MIMEType(v Version) string {
	if v >= V091 {
		return "application/a2ui+json"
	}
	return "application/json+a2ui"
}

// EncodeA2AMessage wraps encoded client messages (EncodeAction, EncodeError, ...) in an
// A2A user message with one DataPart:
//
//	{"kind":"message","metadata":{"a2uiClientCapabilities":caps,"a2uiClientDataModel":dm},
//	 "parts":[{"data":<msg or [msgs]>,"kind":"data","metadata":{"mimeType":MIMEType(v)}}],"role":"user"}
//
// For v0.8 and the draft the part's data is the single message (several messages give
// several parts); from v0.9 it is the array of messages. caps (EncodeCapabilities) and
// dataModel (EncodeClientDataModel) are omitted when nil. Transport ids (messageId,
// contextId) are the caller's to add.
func EncodeA2AMessage(v Version, messages [][]byte, caps, dataModel []byte) []byte {
	meta := map[string]any{}
	if caps != nil {
		meta["a2uiClientCapabilities"] = json.RawMessage(caps)
	}
	if dataModel != nil {
		meta["a2uiClientDataModel"] = json.RawMessage(dataModel)
	}
	partMeta := map[string]any{"mimeType": MIMEType(v)}
	var parts []any
	if v < V09 {
		for _, m := range messages {
			parts = append(parts, map[string]any{"data": json.RawMessage(m), "kind": "data", "metadata": partMeta})
		}
	} else {
		list := make([]any, len(messages))
		for i, m := range messages {
			list[i] = json.RawMessage(m)
		}
		parts = append(parts, map[string]any{"data": list, "kind": "data", "metadata": partMeta})
	}
	if parts == nil {
		parts = []any{}
	}
	msg := map[string]any{"kind": "message", "parts": parts, "role": "user"}
	if len(meta) > 0 {
		msg["metadata"] = meta
	}
	return appendValue(nil, msg)
}

// EncodeCallAgentFunction asks the agent to run a function on the renderer's behalf (v1.0
// callAgentFunction); the agent answers with agentFunctionResponse carrying callID:
//
//	{"callAgentFunction":{"callFunction":{"args":{..},"call":..[,"catalogId":..]},"functionCallId":..,"surfaceId":..},"version":"v1.0"}
//
// args are JSON-like Go values (nil is sent as {}). Versions before v1.0 have no such
// message and return nil.
func EncodeCallAgentFunction(v Version, surfaceID, callID, call string, args map[string]any, catalogID string) []byte {
	if v != V10 {
		return nil
	}
	if args == nil {
		args = map[string]any{}
	}
	fc := map[string]any{"call": call, "args": args}
	if catalogID != "" {
		fc["catalogId"] = catalogID
	}
	return objectSorted(member{"callAgentFunction", map[string]any{
		"surfaceId": surfaceID, "functionCallId": callID, "callFunction": fc,
	}}, member{"version", "v1.0"})
}
