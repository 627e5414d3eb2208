package protocol

import (
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// This file writes JSON by hand so that encoder output is byte-for-byte deterministic:
// object keys sorted, no HTML escaping, numbers formatted like encoding/json, NaN and
// infinities (which JSON cannot express) written as null.

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD; U+2028/U+2029
// are escaped so the output is also safe inside JavaScript source.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if jsonscan.PlainByte(c) {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendFloat formats f the way encoding/json does; NaN and ±Inf become null.
func appendFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendValue appends any JSON-like Go value with sorted object keys. Supported without
// reflection: nil, bool, string, float64/32, all int and uint kinds, json.Number,
// json.RawMessage (compacted; invalid raw becomes null), map[string]any, []any,
// []map[string]any, map[string]string, []string, a MarshalJSON method. Anything else: marshalOther.
func appendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		if x {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case string:
		return appendString(b, x)
	case float64:
		return appendFloat(b, x)
	case float32:
		return appendFloat(b, float64(x))
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case int8:
		return strconv.AppendInt(b, int64(x), 10)
	case int16:
		return strconv.AppendInt(b, int64(x), 10)
	case int32:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case uint:
		return strconv.AppendUint(b, uint64(x), 10)
	case uint8:
		return strconv.AppendUint(b, uint64(x), 10)
	case uint16:
		return strconv.AppendUint(b, uint64(x), 10)
	case uint32:
		return strconv.AppendUint(b, uint64(x), 10)
	case uint64:
		return strconv.AppendUint(b, x, 10)
	case json.Number:
		if jsonscan.Valid([]byte(x)) && x != "" && (x[0] == '-' || (x[0] >= '0' && x[0] <= '9')) {
			return append(b, x...)
		}
		return append(b, "null"...)
	case json.RawMessage:
		return appendRaw(b, x)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			b = appendValue(b, x[k])
		}
		return append(b, '}')
	case map[string]string:
		m := make(map[string]any, len(x))
		for k, s := range x {
			m[k] = s
		}
		return appendValue(b, m)
	case map[string]json.RawMessage:
		m := make(map[string]any, len(x))
		for k, r := range x {
			m[k] = r
		}
		return appendValue(b, m)
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, e)
		}
		return append(b, ']')
	case []map[string]any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, e)
		}
		return append(b, ']')
	case []string:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, e)
		}
		return append(b, ']')
	}
	if m, ok := v.(interface{ MarshalJSON() ([]byte, error) }); ok {
		raw, err := m.MarshalJSON()
		if err != nil {
			return append(b, "null"...)
		}
		return appendRaw(b, raw)
	}
	// Other Go values (structs, typed maps and slices): encoding/json on the host
	// (jsonw_host.go); the wasm build, whose values all come from JSON, writes null and so
	// links no reflection-based encoder (jsonw_wasm.go).
	raw, ok := marshalOther(v)
	if !ok {
		return append(b, "null"...)
	}
	// Round-trip through any so that nested keys are sorted the same way.
	var generic any
	if jany(raw, &generic) != nil {
		return append(b, "null"...)
	}
	return appendValue(b, generic)
}

// AppendJSON appends v as compact JSON with sorted object keys, without reflection (so
// without encoding/json in the wasm): nil, bool, string, numbers, json.Number,
// json.RawMessage, map[string]any, []any, []map[string]any, map[string]string, []string and values with a
// MarshalJSON method; other Go values go through encoding/json on the host and are null
// in the wasm build; NaN and infinities are written as null. Strings are
// not HTML-escaped (like JSON.stringify). Safe for concurrent use.
func AppendJSON(b []byte, v any) []byte { return appendValue(b, v) }

// appendRaw appends raw JSON with insignificant whitespace removed (key order kept, as it
// was chosen by whoever produced the bytes). Empty or invalid raw becomes null.
func appendRaw(b []byte, raw json.RawMessage) []byte {
	if len(raw) == 0 || !jsonscan.Valid(raw) {
		return append(b, "null"...)
	}
	return append(b, jsonscan.TrustedCompact(raw)...)
}

// kv is one member of an object written in a chosen order.
type kv struct {
	k string
	v json.RawMessage
}

// objectRaw writes members in the given order; a later duplicate key replaces the value of
// the earlier one in place.
func objectRaw(members []kv) json.RawMessage {
	b := []byte{'{'}
	seen := make(map[string]int, len(members))
	uniq := members[:0:0]
	for _, m := range members {
		if i, ok := seen[m.k]; ok {
			uniq[i].v = m.v
			continue
		}
		seen[m.k] = len(uniq)
		uniq = append(uniq, m)
	}
	for i, m := range uniq {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, m.k)
		b = append(b, ':')
		b = appendRaw(b, m.v)
	}
	return append(b, '}')
}

func stringRaw(s string) json.RawMessage { return appendString(nil, s) }
