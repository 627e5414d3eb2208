package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// Decoder turns lines (or SSE event payloads) into normalized Messages. It is stateful per
// stream: it remembers the version of the last good message, which decides how a
// version-less v0.9+ message or an ambiguous deleteSurface is read, and whether a
// version-less surfaceUpdate without decisive components is v0.8 or the seed-001 draft.
//
// Version detection, per message:
//   - "version" present: "v0.9", "v0.9.1", "v0.10", "v1.0" (and "v0.8"); the "v" may be
//     omitted. Anything else is rejected.
//   - beginRendering: v0.8. createSurface without version: the draft (or the stream's
//     v0.9+ version once one was seen).
//   - surfaceUpdate: v0.8 when its components carry "component":{"Type":{...}}, the
//     draft when they carry "props":{"component":"Type",...}.
//   - dataModelUpdate: v0.8 when contents is an array of typed entries, the draft when it
//     is a plain object.
//   - updateComponents / updateDataModel without version: the stream's v0.9+ version,
//     else rejected.
//
// A Decoder never panics; it is not safe for concurrent use (one per stream, called from
// the goroutine that reads the stream).
type Decoder struct {
	version Version
	// Pause, when set, is called by Decode about every 64 KiB (jsonscan.PauseEvery) of a
	// long line, between two values; the browser host hands the main thread back to the
	// page there. Nothing outside the Decoder has changed when it is called.
	Pause func()
	pace  pacer
}

// pacer calls pause after about every jsonscan.PauseEvery bytes reported to it.
type pacer struct {
	pause func()
	n     int
}

func (p *pacer) add(n int) {
	if p.pause == nil {
		return
	}
	if p.n += n; p.n >= jsonscan.PauseEvery {
		p.n = 0
		p.pause()
	}
}

// NewDecoder returns a Decoder for a new stream.
func NewDecoder() *Decoder { return &Decoder{} }

// Version returns the version of the last message decoded without error
// (VersionUnknown before the first one).
func (d *Decoder) Version() Version { return d.version }

// maxBatch bounds how many messages one line may carry (array and wrapper forms).
const maxBatch = 10000

// Decode decodes one line. The line may hold one message object, a JSON array of messages,
// a {"messages":[...]} wrapper, an A2A DataPart {"kind":"data","data":...}, or several
// such JSON values each on its own line (an SSE event with several data lines). The line
// is strict JSON (internal/jsonscan: no duplicate keys, valid UTF-8) with nothing after
// a value on its line; otherwise it is rejected whole with one VALIDATION_FAILED error
// whose Path is the JSON Pointer of the offending member. Each
// message is decoded on its own: a bad one yields an *Error (Code VALIDATION_FAILED, Path
// a JSON Pointer inside that message) and the others still decode. Messages and errors
// are each in input order. The line is not retained.
func (d *Decoder) Decode(line []byte) ([]Message, []*Error) {
	var msgs []Message
	var errs []*Error
	index := 0
	add := func(raw json.RawMessage, batch bool) {
		if index >= maxBatch {
			if index == maxBatch {
				errs = append(errs, &Error{Code: CodeLimit, Message: "more than " + strconv.Itoa(maxBatch) + " messages on one line; the rest are skipped"})
			}
			index++
			return
		}
		d.pace.add(len(raw))
		m, err := d.decodeMessage(raw)
		prefix := func(e *Error) {
			if batch || index > 0 {
				e.Message = "message " + strconv.Itoa(index) + ": " + e.Message
			}
		}
		if err != nil {
			prefix(err)
			errs = append(errs, err)
		} else {
			if u, ok := m.(*UpdateDataModel); ok && len(u.Skipped) > 0 {
				for _, e := range u.Skipped {
					prefix(e)
					errs = append(errs, e)
				}
				u.Skipped = nil
			}
			msgs = append(msgs, m)
		}
		index++
	}
	// Raw members of the messages are sub-slices of the line, which the caller may reuse:
	// take a private copy once.
	// The whole line is checked before anything in it is applied: a line with anything
	// after its JSON value (other than further values on their own lines, as an SSE event
	// with several data lines carries) is rejected whole.
	rest := bytes.Clone(line)
	d.pace = pacer{pause: d.Pause}
	var vbuf [1]json.RawMessage
	values := vbuf[:0]
	off := 0
	for {
		raw, next, err := jsonscan.NextPaused(rest, d.Pause)
		if err == jsonscan.ErrEmpty {
			break
		}
		if err != nil {
			e := &Error{Code: CodeValidationFailed, Message: "invalid JSON: " + jsonErrText(err)}
			var je *jsonscan.Error
			if errors.As(err, &je) {
				e.Path = je.Pointer
				if len(values) > 0 {
					e.Message = "value " + strconv.Itoa(len(values)) + ": " + e.Message
				}
			}
			return nil, []*Error{e}
		}
		values = append(values, raw)
		off += len(rest) - len(next)
		rest = next
		if !lineEnds(rest) {
			return nil, []*Error{{Code: CodeValidationFailed,
				Message: "invalid JSON: unexpected data after the JSON value (offset " + strconv.Itoa(off) + ")"}}
		}
	}
	for _, raw := range values {
		d.unwrap(raw, add, &errs, 0)
	}
	return msgs, errs
}

// lineEnds reports whether rest (what follows a JSON value) is only blanks up to the end
// or to a newline.
func lineEnds(rest []byte) bool {
	for _, c := range rest {
		switch c {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

// jsonErrText is the text of a jsonscan error (it carries the byte offset).
func jsonErrText(err error) string { return err.Error() }

// unwrap expands the batch forms into single messages: a top-level array, and the
// {"messages":[...]} (also with the "name" and "description" strings of an official
// example file) and A2A DataPart {"kind":"data","data":...} objects (one level).
func (d *Decoder) unwrap(raw json.RawMessage, add func(json.RawMessage, bool), errs *[]*Error, depth int) {
	switch firstByte(raw) {
	case '[':
		var list []json.RawMessage
		if err := jarr(raw, &list); err != nil {
			*errs = append(*errs, &Error{Code: CodeValidationFailed, Message: "invalid JSON: " + err.Error()})
			return
		}
		for _, e := range list {
			add(e, true)
		}
		return
	case '{':
		if depth == 0 {
			var o map[string]json.RawMessage
			if jobj(raw, &o) == nil {
				if inner, ok := o["messages"]; ok && firstByte(inner) == '[' && exampleFileKeys(o) {
					d.unwrap(inner, add, errs, depth+1)
					return
				}
				if inner, ok := o["data"]; ok && isString(o["kind"], "data") {
					if k := firstByte(inner); k == '[' || k == '{' {
						d.unwrap(inner, add, errs, depth+1)
						return
					}
				}
			}
		}
	}
	add(raw, depth > 0)
}

// exampleFileKeys reports whether a {"messages":[...]} object has no other members than
// the name and description strings of an example file.
func exampleFileKeys(o map[string]json.RawMessage) bool {
	for k, v := range o {
		var s string
		if k != "messages" && ((k != "name" && k != "description") || jstr(v, &s) != nil) {
			return false
		}
	}
	return true
}

func isString(raw json.RawMessage, want string) bool {
	var s string
	return raw != nil && jstr(raw, &s) == nil && s == want
}

func firstByte(raw []byte) byte {
	for _, c := range raw {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return c
	}
	return 0
}

// message keys, in the order they are reported.
var messageKeys = []string{
	"beginRendering", "surfaceUpdate", "dataModelUpdate", "deleteSurface",
	"createSurface", "updateComponents", "updateDataModel",
	"callFunction", "actionResponse", "callRendererFunction", "agentFunctionResponse",
}

func isMessageKey(k string) bool {
	for _, m := range messageKeys {
		if m == k {
			return true
		}
	}
	return false
}

// allowed reports whether message key k exists in version v.
func allowed(v Version, k string) bool {
	switch v {
	case V08:
		return k == "beginRendering" || k == "surfaceUpdate" || k == "dataModelUpdate" || k == "deleteSurface"
	case V09Draft:
		return k == "createSurface" || k == "surfaceUpdate" || k == "dataModelUpdate" || k == "deleteSurface"
	case V09, V091:
		return k == "createSurface" || k == "updateComponents" || k == "updateDataModel" || k == "deleteSurface"
	case V010:
		return k == "createSurface" || k == "updateComponents" || k == "updateDataModel" || k == "deleteSurface" ||
			k == "callFunction" || k == "actionResponse"
	case V10:
		return k == "createSurface" || k == "updateComponents" || k == "updateDataModel" || k == "deleteSurface" ||
			k == "callRendererFunction" || k == "agentFunctionResponse"
	}
	return false
}

// ParseVersion maps a wire "version" value to a Version ("v0.9", "0.9", "v0.9.1", "v0.10",
// "v1.0", "v0.8"); ok is false for anything else.
func ParseVersion(s string) (v Version, ok bool) {
	switch strings.TrimPrefix(s, "v") {
	case "0.8":
		return V08, true
	case "0.9":
		return V09, true
	case "0.9.1":
		return V091, true
	case "0.10":
		return V010, true
	case "1.0":
		return V10, true
	}
	return VersionUnknown, false
}

// ptr escapes one JSON Pointer reference token.
func ptr(tok string) string {
	return "/" + EscapeToken(tok)
}

func idx(i int) string { return "/" + strconv.Itoa(i) }

// verr builds a VALIDATION_FAILED error.
func verr(surface, path, msg string) *Error {
	return &Error{Code: CodeValidationFailed, SurfaceID: surface, Path: path, Message: msg}
}

// obj is a decoded JSON object with its members kept raw.
type obj map[string]json.RawMessage

func parseObj(raw json.RawMessage) (obj, bool) { return parseObjPaused(raw, nil) }

// parseObjPaused is parseObj calling pause about every 64 KiB scanned (Decoder.Pause).
func parseObjPaused(raw json.RawMessage, pause func()) (obj, bool) {
	if firstByte(raw) != '{' {
		return nil, false
	}
	var o obj
	if jobjPaused(raw, &o, pause) != nil {
		return nil, false
	}
	return o, true
}

func sortedKeys(o obj) []string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// typeName names the JSON type of raw for error messages.
func typeName(raw json.RawMessage) string {
	switch firstByte(raw) {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	case 0:
		return "nothing"
	}
	return "number"
}

// fields validates the members of a message-level object against a closed set of keys,
// collecting typed values. It stops at the first problem.
type fields struct {
	o       obj
	base    string
	surface string
	err     *Error
	// pause is Decoder.Pause for the objects that may be large (a components list).
	pause func()
}

func (f *fields) fail(key, msg string) {
	if f.err == nil {
		p := f.base
		if key != "" {
			p += ptr(key)
		}
		f.err = verr(f.surface, p, msg)
	}
}

// only rejects any key not in keys.
func (f *fields) only(keys ...string) {
	if f.err != nil {
		return
	}
	for _, k := range sortedKeys(f.o) {
		ok := false
		for _, a := range keys {
			if a == k {
				ok = true
				break
			}
		}
		if !ok {
			f.fail(k, "unknown property \""+k+"\"")
			return
		}
	}
}

func (f *fields) str(key string, required, nonEmpty bool) string {
	if f.err != nil {
		return ""
	}
	raw, ok := f.o[key]
	if !ok {
		if required {
			f.fail("", "missing required property \""+key+"\"")
		}
		return ""
	}
	var s string
	if firstByte(raw) != '"' || jstr(raw, &s) != nil {
		f.fail(key, "\""+key+"\" must be a string, got "+typeName(raw))
		return ""
	}
	if nonEmpty && s == "" {
		f.fail(key, "\""+key+"\" must not be empty")
	}
	return s
}

func (f *fields) boolean(key string) bool {
	if f.err != nil {
		return false
	}
	raw, ok := f.o[key]
	if !ok {
		return false
	}
	switch string(bytes.TrimSpace(raw)) {
	case "true":
		return true
	case "false":
		return false
	}
	f.fail(key, "\""+key+"\" must be a boolean, got "+typeName(raw))
	return false
}

// object returns the raw member if it is an object (nil when absent).
func (f *fields) object(key string, required bool) json.RawMessage {
	if f.err != nil {
		return nil
	}
	raw, ok := f.o[key]
	if !ok {
		if required {
			f.fail("", "missing required property \""+key+"\"")
		}
		return nil
	}
	if firstByte(raw) != '{' {
		f.fail(key, "\""+key+"\" must be an object, got "+typeName(raw))
		return nil
	}
	return raw
}

// array returns the elements of an array member.
func (f *fields) array(key string, required, nonEmpty bool) []json.RawMessage {
	if f.err != nil {
		return nil
	}
	raw, ok := f.o[key]
	if !ok {
		if required {
			f.fail("", "missing required property \""+key+"\"")
		}
		return nil
	}
	var list []json.RawMessage
	if firstByte(raw) != '[' || jarrPaused(raw, &list, f.pause) != nil {
		f.fail(key, "\""+key+"\" must be an array, got "+typeName(raw))
		return nil
	}
	if nonEmpty && len(list) == 0 {
		f.fail(key, "\""+key+"\" must not be empty")
	}
	return list
}

// peekSurface extracts a string surfaceId for error reports, if there is one.
func peekSurface(raw json.RawMessage, pause func()) string {
	o, ok := parseObjPaused(raw, pause)
	if !ok {
		return ""
	}
	var s string
	if jstr(o["surfaceId"], &s) != nil {
		return ""
	}
	return s
}

func (d *Decoder) decodeMessage(raw json.RawMessage) (Message, *Error) {
	env, ok := parseObjPaused(raw, d.Pause)
	if !ok {
		return nil, verr("", "", "a message must be a JSON object, got "+typeName(raw))
	}
	var key string
	for _, k := range messageKeys {
		if _, ok := env[k]; ok {
			if key != "" {
				return nil, verr(peekSurface(env[key], nil), ptr(k), "several message types in one message: \""+key+"\" and \""+k+"\"")
			}
			key = k
		}
	}
	if key == "" {
		if len(env) == 0 {
			return nil, verr("", "", "empty message: expected one of createSurface, updateComponents, updateDataModel, deleteSurface (or the v0.8 beginRendering, surfaceUpdate, dataModelUpdate)")
		}
		k := sortedKeys(env)[0]
		if k == "version" && len(env) > 1 {
			k = sortedKeys(env)[1]
		}
		if k == "version" {
			return nil, verr("", "", "message has a version but no message type")
		}
		return nil, verr("", ptr(k), "unknown message type \""+k+"\"")
	}
	surface := peekSurface(env[key], d.Pause)

	// Version.
	v := VersionUnknown
	if rv, ok := env["version"]; ok {
		var s string
		if firstByte(rv) != '"' || jstr(rv, &s) != nil {
			return nil, verr(surface, "/version", "\"version\" must be a string, got "+typeName(rv))
		}
		pv, ok := ParseVersion(s)
		if !ok {
			return nil, verr(surface, "/version", "unsupported version \""+s+"\" (expected v0.9, v0.9.1, v0.10 or v1.0)")
		}
		v = pv
		if v == V08 && key == "createSurface" {
			v = V09Draft
		}
	} else {
		switch key {
		case "beginRendering":
			v = V08
		case "surfaceUpdate":
			v = d.guessSurfaceUpdate(env[key])
		case "dataModelUpdate":
			switch dm, _ := parseObj(env[key]); firstByte(dm["contents"]) {
			case '[':
				v = V08
			case '{':
				v = V09Draft
			default:
				v = d.legacy()
			}
		case "createSurface":
			v = V09Draft
			if d.version >= V09 {
				v = d.version
			}
		case "deleteSurface":
			v = d.version
			if v == VersionUnknown {
				v = V08
			}
		case "updateComponents", "updateDataModel", "callFunction", "actionResponse", "callRendererFunction", "agentFunctionResponse":
			if d.version >= V09 && allowed(d.version, key) {
				v = d.version
			} else {
				return nil, verr(surface, "", "missing required property \"version\"")
			}
		}
	}
	if v == V08 && !allowed(V08, key) && allowed(V09Draft, key) {
		v = V09Draft // "version":"v0.8" on a draft-only shape
	}
	if !allowed(v, key) {
		return nil, verr(surface, ptr(key), "\""+key+"\" is not a "+v.String()+" message")
	}

	// Envelope members besides the message key and version.
	for _, k := range sortedKeys(env) {
		if k == key || k == "version" {
			continue
		}
		switch {
		case key == "actionResponse" && k == "actionId",
			key == "callFunction" && (k == "functionCallId" || k == "wantResponse"):
			continue
		}
		return nil, verr(surface, ptr(k), "unknown property \""+k+"\"")
	}

	var m Message
	var err *Error
	body := env[key]
	base := ptr(key)
	switch key {
	case "beginRendering":
		m, err = decodeBeginRendering(body, base, surface)
	case "surfaceUpdate":
		if v == V08 {
			m, err = decodeSurfaceUpdate08(body, base, surface, &d.pace)
		} else {
			m, err = decodeSurfaceUpdateDraft(body, base, surface, &d.pace)
		}
	case "dataModelUpdate":
		if v == V08 {
			m, err = decodeDataModelUpdate08(body, base, surface)
		} else {
			m, err = decodeDataModelUpdateDraft(body, base, surface)
		}
	case "deleteSurface":
		f := fields{base: base, surface: surface}
		if f.o, ok = parseObj(body); !ok {
			return nil, verr(surface, base, "\""+key+"\" must be an object, got "+typeName(body))
		}
		f.only("surfaceId")
		id := f.str("surfaceId", true, true)
		m, err = &DeleteSurface{Version: v, SurfaceID: id}, f.err
	case "createSurface":
		if v == V09Draft {
			m, err = decodeCreateSurfaceDraft(body, base, surface)
		} else {
			m, err = decodeCreateSurface(v, body, base, surface, &d.pace)
		}
	case "updateComponents":
		m, err = decodeUpdateComponents(v, body, base, surface, &d.pace)
	case "updateDataModel":
		m, err = decodeUpdateDataModel(v, body, base, surface, &d.pace)
	case "callFunction":
		m, err = decodeCallFunction010(env, body, base, surface)
	case "callRendererFunction":
		m, err = decodeCallRendererFunction(body, base, surface)
	case "actionResponse":
		m, err = decodeActionResponse(env, body, base, surface)
	case "agentFunctionResponse":
		m, err = decodeAgentFunctionResponse(body, base, surface)
	}
	if err != nil {
		return nil, err
	}
	d.version = v
	return m, nil
}

// legacy is the version a version-less legacy message falls back to.
func (d *Decoder) legacy() Version {
	if d.version == V09Draft {
		return V09Draft
	}
	return V08
}

// guessSurfaceUpdate tells v0.8 from the draft by the shape of the components.
func (d *Decoder) guessSurfaceUpdate(body json.RawMessage) Version {
	o, ok := parseObj(body)
	if !ok {
		return d.legacy()
	}
	var comps []json.RawMessage
	if jarr(o["components"], &comps) != nil {
		return d.legacy()
	}
	for _, c := range comps {
		co, ok := parseObj(c)
		if !ok {
			continue
		}
		if _, ok := co["props"]; ok {
			return V09Draft
		}
		if firstByte(co["component"]) == '{' {
			return V08
		}
	}
	return d.legacy()
}
