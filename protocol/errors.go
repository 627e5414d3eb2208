package protocol

import "strings"

// Error codes carried by Error and sent to the agent in an A2UI error message.
const (
	// CodeValidationFailed: a line or message does not match its schema (bad JSON, no or
	// several message keys, an unknown key, a wrong type, a value out of range).
	CodeValidationFailed = "VALIDATION_FAILED"
	// CodeLineTooLong: a JSONL line exceeded the splitter's byte cap; it was skipped.
	CodeLineTooLong = "LINE_TOO_LONG"
	// CodeUnknownSurface: an update addressed a surface that does not exist.
	CodeUnknownSurface = "SURFACE_NOT_FOUND"
	// CodeDuplicateSurface: createSurface for an id that already exists.
	CodeDuplicateSurface = "SURFACE_EXISTS"
	// CodeUnknownComponent: a component type the catalog does not define.
	CodeUnknownComponent = "UNKNOWN_COMPONENT"
	// CodeCycle: a component references itself through its children.
	CodeCycle = "COMPONENT_CYCLE"
	// CodeLimit: a per-surface limit (components, data size, depth) was exceeded.
	CodeLimit = "LIMIT_EXCEEDED"
	// CodeFunction: a function call failed (unknown function, bad arguments, bad regex).
	CodeFunction = "FUNCTION_FAILED"
	// CodePolicy: the active policy refused a component, function or URL.
	CodePolicy = "POLICY_DENIED"
	// CodeStream: the transport failed or ended early.
	CodeStream = "STREAM_FAILED"
	// CodeRender: a panic while rendering a surface was recovered.
	CodeRender = "RENDER_FAILED"
	// CodeConflict: the agent wrote to the data path of a field the user is editing;
	// the field kept the user's value (which goes into the model when they leave it).
	CodeConflict = "INPUT_CONFLICT"
	// CodeCatalogUnsupported: createSurface (or a v1.0 component or function call) named
	// a catalog this renderer does not have; nothing of it renders.
	CodeCatalogUnsupported = "CATALOG_UNSUPPORTED"
)

// Error is a renderer-side error in the shape of v0.9's error message: a machine-readable
// Code, the SurfaceID it concerns, a JSON Pointer Path to the offending field (relative to
// the message, e.g. "/updateComponents/components/3/text") and a human Message.
type Error struct {
	Code           string
	SurfaceID      string
	Path           string
	Message        string
	FunctionCallID string
}

func (e *Error) Error() string {
	s := e.Code
	if e.SurfaceID != "" {
		s += " [" + e.SurfaceID + "]"
	}
	if e.Path != "" {
		s += " at " + e.Path
	}
	return s + ": " + e.Message
}

// EscapeToken escapes one JSON Pointer reference token (RFC 6901): "~" as "~0", then
// "/" as "~1". Every Error.Path and data path this module writes goes through it.
func EscapeToken(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// PanicText is the message of a recovered panic value, for an Error (CodeRender) or a
// log line: an error's or a string's text, otherwise "panic".
func PanicText(p any) string {
	switch v := p.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return "panic"
}
