package agent

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/a2ui-go/a2ui/protocol"
)

// Version is an A2UI wire version (the renderer's protocol.Version).
type Version = protocol.Version

// The versions a Surface can build messages for.
const (
	V08  = protocol.V08  // beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface
	V09  = protocol.V09  // createSurface, updateComponents, updateDataModel, deleteSurface
	V091 = protocol.V091 // v0.9 with "version":"v0.9.1"
	V010 = protocol.V010 // v0.9 plus actionResponse and callFunction
	V10  = protocol.V10  // v1.0: inline components and data in createSurface, function calls both ways
)

// ParseVersion reads a wire version ("v0.8", "v0.9", "v0.9.1", "v0.10", "v1.0"; the "v"
// may be left out).
func ParseVersion(s string) (Version, bool) {
	v, ok := protocol.ParseVersion(s)
	return v, ok && v != protocol.V09Draft
}

// BasicCatalog returns the id of the catalog a surface of version v uses by default:
// the v0.8 standard catalog or the basic catalog of v0.9, v0.9.1, v0.10 or v1.0.
func BasicCatalog(v Version) string {
	switch v {
	case V08:
		return protocol.CatalogV08Standard
	case V091:
		return protocol.CatalogV091Basic
	case V010:
		return protocol.CatalogV010Basic
	case V10:
		return protocol.CatalogV10Basic
	}
	return protocol.CatalogV09Basic
}

// Message is one encoded server-to-client message. Build it with a Surface or the
// function-call helpers, or wrap pre-encoded JSON with Raw. A message its version cannot
// express carries an error (see Err), which writing it returns.
type Message struct {
	kind    string
	surface string
	version Version
	json    []byte
	err     error
}

// Kind returns the message's wire key ("createSurface", "beginRendering", ...), or "" for
// a Raw message.
func (m Message) Kind() string { return m.kind }

// SurfaceID returns the surface the message addresses ("" for none or Raw).
func (m Message) SurfaceID() string { return m.surface }

// Version returns the version the message was built for.
func (m Message) Version() Version { return m.version }

// Err returns why the message could not be built, or nil.
func (m Message) Err() error { return m.err }

// JSON returns the message as one compact JSON document (no trailing newline).
func (m Message) JSON() ([]byte, error) {
	if m.err != nil {
		return nil, m.err
	}
	return m.json, nil
}

// MarshalJSON implements json.Marshaler (for embedding messages in A2A parts).
func (m Message) MarshalJSON() ([]byte, error) { return m.JSON() }

// String returns the JSON, or the error text for a message that could not be built.
func (m Message) String() string {
	if m.err != nil {
		return "agent: " + m.err.Error()
	}
	return string(m.json)
}

// Raw wraps one pre-encoded message (a line of a sample file, a model's output). It must
// be a single JSON value; insignificant whitespace is removed so it fits on one line.
func Raw(data []byte) Message {
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		return Message{err: errors.New("raw message is not JSON: " + err.Error())}
	}
	return Message{json: b.Bytes()}
}

// envelope encodes {"version":..., kind: body} (v0.8: {kind: body}) plus extra top-level
// members after the body.
func envelope(v Version, kind, surface string, body any, extra ...member) Message {
	m := Message{kind: kind, surface: surface, version: v}
	o := obj{}
	if v >= V09 {
		o = append(o, member{"version", v.String()})
	}
	o = append(o, extra...)
	o = append(o, member{kind, body})
	m.json, m.err = marshal(o)
	return m
}

func failed(v Version, kind, surface, text string) Message {
	return Message{kind: kind, surface: surface, version: v, err: errors.New(kind + " (" + v.String() + "): " + text)}
}

// member is one key of an ordered JSON object.
type member struct {
	k string
	v any
}

// obj is a JSON object whose keys keep their order, so output is byte-stable.
type obj []member

// MarshalJSON writes the members in order.
func (o obj) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, p := range o {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := marshal(p.k)
		b = append(b, k...)
		b = append(b, ':')
		v, err := marshal(p.v)
		if err != nil {
			return nil, err
		}
		b = append(b, v...)
	}
	return append(b, '}'), nil
}

// marshal encodes v compactly without HTML escaping (text goes to the page as text).
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
