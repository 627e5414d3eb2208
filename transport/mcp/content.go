package mcp

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/transport/internal/wire"
)

// Content is what the renderer takes from a resources/read or tools/call result.
type Content struct {
	// A2UI are the A2UI messages, each one compact JSON object (one JSONL line).
	A2UI [][]byte
	// Texts are the text items meant for the user.
	Texts []string
	// Links are the URIs of resource_link items with an A2UI MIME type (to read).
	Links []string
	// IsError: the tool reported an error (its Texts say which).
	IsError bool
	// Bad lists the A2UI payloads that could not be read (skipped).
	Bad []string
}

// IsA2UIType reports whether the media type mt is an A2UI one: application/a2ui+json
// or the older application/json+a2ui, parameters and case ignored.
func IsA2UIType(mt string) bool {
	if i := strings.IndexByte(mt, ';'); i >= 0 {
		mt = mt[:i]
	}
	mt = strings.ToLower(strings.TrimSpace(mt))
	return mt == "application/a2ui+json" || mt == "application/json+a2ui"
}

// forUser reports whether an item with these annotations is for the user: its
// annotations.audience is absent or lists "user" (["assistant"] is for the model only).
func forUser(annotations wire.Obj) bool {
	aud, present := annotations.Strings("audience")
	if !present {
		return true
	}
	for _, a := range aud {
		if a == "user" {
			return true
		}
	}
	return false
}

// ReadResourceResult reads a resources/read result: the A2UI of its contents whose
// mimeType is an A2UI type and whose audience includes the user. hidden, when not nil,
// reports the URIs whose listed resource (resources/list) excludes the user.
func ReadResourceResult(result []byte, hidden func(uri string) bool) (Content, error) {
	o, ok := wire.Object(result)
	if !ok {
		return Content{}, errors.New("a resources/read result must be an object")
	}
	var c Content
	for _, raw := range o.Array("contents") {
		item, ok := wire.Object(raw)
		if !ok || !forUser(item.Obj("annotations")) || (hidden != nil && hidden(item.Str("uri"))) {
			continue
		}
		if IsA2UIType(item.Str("mimeType")) {
			c.addPayload(item)
		}
	}
	return c, nil
}

// ReadToolResult reads a tools/call result: text items, embedded resources with an A2UI
// MIME type, resource links to A2UI, and isError. Items whose audience excludes the user
// are skipped.
func ReadToolResult(result []byte) (Content, error) {
	o, ok := wire.Object(result)
	if !ok {
		return Content{}, errors.New("a tools/call result must be an object")
	}
	c := Content{IsError: o.Boolean("isError")}
	for _, raw := range o.Array("content") {
		item, ok := wire.Object(raw)
		if !ok || !forUser(item.Obj("annotations")) {
			continue
		}
		switch item.Str("type") {
		case "text":
			c.Texts = append(c.Texts, item.Str("text"))
		case "resource":
			res := item.Obj("resource")
			if res != nil && forUser(res.Obj("annotations")) && IsA2UIType(res.Str("mimeType")) {
				c.addPayload(res)
			}
		case "resource_link":
			if u := item.Str("uri"); u != "" && IsA2UIType(item.Str("mimeType")) {
				c.Links = append(c.Links, u)
			}
		}
	}
	return c, nil
}

// addPayload adds the A2UI messages of resource contents (text, or a base64 blob).
func (c *Content) addPayload(res wire.Obj) {
	where := res.Str("uri")
	if where == "" {
		where = "a resource"
	}
	var data []byte
	switch {
	case res.Has("text"):
		data = []byte(res.Str("text"))
	case res.Has("blob"):
		b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(res.Str("blob")), ""))
		if err != nil {
			c.Bad = append(c.Bad, where+": the blob is not base64: "+err.Error())
			return
		}
		data = b
	default:
		c.Bad = append(c.Bad, where+": no text or blob")
		return
	}
	msgs, bad := Messages(data)
	c.A2UI = append(c.A2UI, msgs...)
	for _, b := range bad {
		c.Bad = append(c.Bad, where+": "+b)
	}
}

// Messages reads an A2UI payload: a list of messages, one message, or {"messages":[…]}.
// It returns each message compacted to one line, and what it skipped.
func Messages(data []byte) (msgs [][]byte, bad []string) {
	v, rest, err := jsonscan.Next(data)
	if err != nil {
		return nil, []string{"the A2UI payload is not JSON: " + err.Error()}
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		return nil, []string{"the A2UI payload has data after its JSON value"}
	}
	list := [][]byte{v}
	if v[0] == '[' {
		list, _ = jsonscan.Array(v)
	} else if o, ok := wire.Object(v); ok && len(o) == 1 && o["messages"] != nil {
		if o["messages"][0] != '[' {
			return nil, []string{`the A2UI payload's "messages" is not a list`}
		}
		list = o.Array("messages")
	}
	for _, m := range list {
		if m[0] != '{' {
			bad = append(bad, "an A2UI message must be an object")
			continue
		}
		msgs = append(msgs, jsonscan.TrustedCompact(m))
	}
	return msgs, bad
}
