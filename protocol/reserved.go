package protocol

import (
	"bytes"
	"encoding/json"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// v1.0 reserved keys (upstream's conformance suite, reserved_keys.yaml): a DynamicValue
// may spell a binding {"@path": p} and a function call {"@call": name, "args": ...}; a
// literal key that starts with "@" is escaped by doubling it ("@@type" means "@type").
// The decoder rewrites component props (and callFunction args) of v1.0 messages to the
// plain spelling once, so every later stage knows only "path" and "call".

// unreserve returns raw with, in every object it holds, "@path" renamed "path", "@call"
// renamed "call" and a leading "@@" unescaped to "@". raw is returned as is when it holds
// no `"@` at all (the common case: one byte search). msg is non-empty when an object has
// both spellings of one key; at is then the JSON Pointer below raw of that object.
func unreserve(raw json.RawMessage) (out json.RawMessage, at, msg string) {
	if !bytes.Contains(raw, []byte(`"@`)) {
		return raw, "", ""
	}
	v, err := jsonscan.Parse(raw)
	if err != nil {
		return raw, "", "" // left for the stage that parses it to report
	}
	v, at, msg = unreserveValue(v, "")
	if msg != "" {
		return raw, at, msg
	}
	return AppendJSON(nil, v), "", ""
}

func unreserveValue(v any, at string) (any, string, string) {
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			r, a, msg := unreserveValue(e, at+idx(i))
			if msg != "" {
				return nil, a, msg
			}
			x[i] = r
		}
	case map[string]any:
		var renames [][2]string
		for k, e := range x {
			r, a, msg := unreserveValue(e, at+ptr(k))
			if msg != "" {
				return nil, a, msg
			}
			x[k] = r
			if len(k) >= 2 && k[0] == '@' && (k == "@path" || k == "@call" || k[1] == '@') {
				renames = append(renames, [2]string{k, k[1:]})
			}
		}
		if len(renames) == 0 {
			break
		}
		src := make(map[string]bool, len(renames))
		for _, rn := range renames {
			src[rn[0]] = true
		}
		for _, rn := range renames {
			if _, dup := x[rn[1]]; dup && !src[rn[1]] {
				return nil, at, "both \"" + rn[0] + "\" and \"" + rn[1] + "\""
			}
		}
		vals := make([]any, len(renames))
		for i, rn := range renames {
			vals[i] = x[rn[0]]
			delete(x, rn[0])
		}
		for i, rn := range renames {
			x[rn[1]] = vals[i]
		}
	}
	return v, "", ""
}
