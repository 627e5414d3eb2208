package a2a

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// Request is one HTTP request of a Session: a JSON-RPC POST, or the card's GET.
type Request struct {
	Method  string // "GET" or "POST"
	URL     string
	Headers map[string]string
	Body    []byte
	// Stream: the response is text/event-stream (SendStreamingMessage, message/stream,
	// SubscribeToTask, tasks/resubscribe); otherwise one JSON document.
	Stream bool
}

// Session is the client side of one conversation with an agent: it builds JSON-RPC
// requests for the card's A2A version and reads the agent's responses, keeping
// contextId and taskId across turns. Not safe for concurrent use.
type Session struct {
	card *Card
	// catalogs are the renderer's catalog ids (a2uiClientCapabilities).
	catalogs []string
	// NewID returns a fresh messageId; nil means random hex.
	NewID func() string
	// Inline, when set, gives the renderer's inline catalog documents for a version
	// (render.Renderer.InlineCatalogDocs); they are sent only to an agent whose card
	// says acceptsInlineCatalogs.
	Inline func(protocol.Version) []json.RawMessage

	contextID, taskID string
	rpc               int
	// seen holds the ids of agent messages already delivered; parts counts the parts
	// delivered per artifact id. Together they make a task snapshot idempotent.
	seen  map[string]bool
	parts map[string]int
}

// NewSession starts a conversation with the agent of card; catalogs are the renderer's
// catalog ids.
func NewSession(card *Card, catalogs []string) *Session {
	return &Session{card: card, catalogs: catalogs, seen: map[string]bool{}, parts: map[string]int{}}
}

// Card returns the session's agent card.
func (s *Session) Card() *Card { return s.card }

// ContextID and TaskID return the ids the next turn will carry ("" when none yet; the
// task id is dropped once its task reached a terminal state).
func (s *Session) ContextID() string { return s.contextID }

// TaskID returns the task the next message continues ("" for a new task).
func (s *Session) TaskID() string { return s.taskID }

func (s *Session) newID() string {
	if s.NewID != nil {
		return s.NewID()
	}
	const hex = "0123456789abcdef"
	b := make([]byte, 32)
	for i := range b {
		b[i] = hex[rand.IntN(16)]
	}
	return string(b)
}

// methods returns the method names of version v: stream, send, subscribe, get.
func methods(v string) [4]string {
	if v == V10 {
		return [4]string{"SendStreamingMessage", "SendMessage", "SubscribeToTask", "GetTask"}
	}
	return [4]string{"message/stream", "message/send", "tasks/resubscribe", "tasks/get"}
}

func (s *Session) request(method string, params any, stream bool) Request {
	s.rpc++
	body := protocol.AppendJSON(nil, map[string]any{"jsonrpc": "2.0", "id": s.rpc, "method": method, "params": params})
	h := map[string]string{"Content-Type": "application/json"}
	if stream {
		h["Accept"] = "text/event-stream"
	} else {
		h["Accept"] = "application/json"
	}
	exts := strings.Join(s.card.extensionURIs(), ", ")
	if s.card.Version == V10 {
		h["A2A-Version"] = V10
		h["A2A-Extensions"] = exts
	} else {
		h["X-A2A-Extensions"] = exts
	}
	return Request{Method: "POST", URL: s.card.Endpoint, Headers: h, Body: body, Stream: stream}
}

// Send builds the request of a user turn: a message with a text part (when text is not
// "") and the client's A2UI messages (EncodeAction, EncodeError, ... output) as data
// parts, marked with the A2UI media type of the agent's extension version. The A2A
// message's metadata carries a2uiClientCapabilities always and a2uiClientDataModel when
// dataModel is not nil; a "metadata" member protocol.EncodeAction put beside an action is
// taken out of the A2UI message (A2A carries it in the message metadata instead).
//
// A2A 1.0 gets one data part whose data is the list of messages (one part per message
// for A2UI v0.8, whose data is a single message); A2A 0.3 (DataPart data must be an
// object) gets one part per message.
func (s *Session) Send(text string, a2ui [][]byte, dataModel []byte) Request {
	return s.SendID("", text, a2ui, dataModel)
}

// SendID is Send with the A2A messageId set to id ("": a new one), so that a retried
// action is the same message (its messageId is the action's id).
func (s *Session) SendID(id, text string, a2ui [][]byte, dataModel []byte) Request {
	if id == "" {
		id = s.newID()
	}
	versions, catalogs := s.card.announce(s.catalogs)
	var inline func(protocol.Version) []json.RawMessage
	if s.card.A2UI.AcceptsInlineCatalogs {
		inline = s.Inline
	}
	meta := map[string]any{"a2uiClientCapabilities": rawJSON(protocol.EncodeCapabilitiesInline(versions, catalogs, inline))}
	msgs := make([]any, 0, len(a2ui))
	for _, m := range a2ui {
		inner, dm := splitMetadata(m)
		if dataModel == nil && dm != nil {
			dataModel = dm
		}
		msgs = append(msgs, inner)
	}
	if dataModel != nil {
		meta["a2uiClientDataModel"] = rawJSON(dataModel)
	}
	uiVersion := s.card.A2UI.Version
	if uiVersion == protocol.VersionUnknown && len(a2ui) > 0 {
		uiVersion = messageVersion(a2ui[0])
	}
	mime := protocol.MIMEType(uiVersion)
	v10 := s.card.Version == V10
	var parts []any
	if text != "" {
		if v10 {
			parts = append(parts, map[string]any{"text": text})
		} else {
			parts = append(parts, map[string]any{"kind": "text", "text": text})
		}
	}
	switch {
	case len(msgs) == 0:
	case v10 && uiVersion >= protocol.V09:
		parts = append(parts, map[string]any{"data": msgs, "mediaType": mime})
	default:
		for _, m := range msgs {
			if v10 {
				parts = append(parts, map[string]any{"data": m, "mediaType": mime})
			} else {
				parts = append(parts, map[string]any{"kind": "data", "data": m, "metadata": map[string]any{"mimeType": mime}})
			}
		}
	}
	msg := map[string]any{"messageId": id, "parts": parts, "metadata": meta,
		"extensions": s.card.extensionURIs()[:1]}
	if v10 {
		msg["role"] = "ROLE_USER"
	} else {
		msg["role"] = "user"
		msg["kind"] = "message"
	}
	if s.contextID != "" {
		msg["contextId"] = s.contextID
	}
	if s.taskID != "" {
		msg["taskId"] = s.taskID
	}
	m := methods(s.card.Version)
	if s.card.Streaming {
		return s.request(m[0], map[string]any{"message": msg}, true)
	}
	return s.request(m[1], map[string]any{"message": msg}, false)
}

// Resubscribe builds the request that re-attaches to task id's event stream after a
// drop (SubscribeToTask / tasks/resubscribe); the agent answers with the task as it
// is now, then its further events.
func (s *Session) Resubscribe(id string) Request {
	return s.request(methods(s.card.Version)[2], map[string]any{"id": id}, true)
}

// GetTask builds the request for task id's snapshot (GetTask / tasks/get), used when
// the task can no longer be subscribed to (it ended while the stream was down).
func (s *Session) GetTask(id string) Request {
	return s.request(methods(s.card.Version)[3], map[string]any{"id": id}, false)
}

// splitMetadata removes a top-level "metadata" member from an A2UI client message and
// returns its a2uiClientDataModel (nil when absent).
func splitMetadata(m []byte) (rawJSON, rawJSON) {
	if !bytes.Contains(m, []byte(`"metadata"`)) {
		return rawJSON(m), nil
	}
	r := reader{ok: true}
	o := r.object(m)
	meta, ok := o["metadata"]
	if !r.ok || !ok {
		return rawJSON(m), nil
	}
	delete(o, "metadata")
	var dm rawJSON
	if mo := r.object(meta); r.ok {
		dm = r.raw(mo, "a2uiClientDataModel")
	}
	out := make(map[string]any, len(o))
	for k, v := range o {
		out[k] = rawJSON(v)
	}
	return protocol.AppendJSON(nil, out), dm
}

func messageVersion(m []byte) protocol.Version {
	r := reader{ok: true}
	if v, ok := protocol.ParseVersion(r.str(r.object(m), "version")); r.ok && ok {
		return v
	}
	return protocol.V08
}

// RPCError is a JSON-RPC error response.
type RPCError struct {
	Code    int
	Message string
}

func (e *RPCError) Error() string {
	return "A2A error " + strconv.Itoa(e.Code) + ": " + e.Message
}

// JSON-RPC error codes a Session reacts to.
const (
	CodeTaskNotFound         = -32001
	CodeUnsupportedOperation = -32004
)

// Result is what one response event meant.
type Result struct {
	// A2UI holds the payload of each A2UI data part, in order: a JSON message, a list of
	// them, or a {"messages":[...]} wrapper (protocol.Decoder reads each as one line).
	A2UI [][]byte
	// Texts are the text parts of the agent's messages.
	Texts []string
	// Kind is the event: "task", "message", "status-update", "artifact-update" (""
	// for an error).
	Kind string
	// State is the task state in 0.3 spelling ("working", "input-required",
	// "completed", "failed", ...), "" when the event carried none.
	State     string
	TaskID    string
	ContextID string
	// Final: the turn is over (a message, a terminal or interrupted task state, 0.3's
	// final flag, or an error).
	Final bool
	// Err is the JSON-RPC error of an error response: the agent refused the request.
	Err *RPCError
	// Bad describes an event that could not be read (not JSON, no result, an unknown
	// or malformed result); it is skipped and the stream goes on.
	Bad string
	// BadBlocks describe the <a2ui-json> blocks of text parts that are not JSON (or
	// not closed); each is skipped, the rest of the event is read.
	BadBlocks []string
}

// Failed reports whether the event ended the task unsuccessfully.
func (r *Result) Failed() bool { return r.State == "failed" || r.State == "rejected" }

// part is one A2A message or artifact part.
type part struct {
	kind      string
	text      *string
	data      []byte
	mediaType string
	mimeType  string // metadata.mimeType
}

type message struct {
	messageID, role, contextID, taskID string
	parts                              []part
}

type artifact struct {
	id    string
	parts []part
}

func (r *reader) part(o obj) part {
	p := part{kind: r.str(o, "kind"), data: r.raw(o, "data"), mediaType: r.str(o, "mediaType")}
	if t, ok := r.strp(o, "text"); ok {
		p.text = &t
	}
	if md := r.obj(o, "metadata"); md != nil {
		// metadata is map[string]any: only a string mimeType counts.
		p.mimeType, _ = jsonStringOK(md["mimeType"])
	}
	return p
}

func jsonStringOK(raw []byte) (string, bool) {
	s, err := jsonscan.String(raw)
	return s, err == nil
}

func (r *reader) parts(o obj) []part {
	var out []part
	for _, p := range r.objects(o, "parts") {
		out = append(out, r.part(p))
	}
	return out
}

// message reads o as a message (nil for null).
func (r *reader) message(o obj) *message {
	if o == nil {
		return nil
	}
	return &message{messageID: r.str(o, "messageId"), role: r.str(o, "role"),
		contextID: r.str(o, "contextId"), taskID: r.str(o, "taskId"), parts: r.parts(o)}
}

// status reads member "status": its state and message.
func (r *reader) status(o obj) (string, *message) {
	st := r.obj(o, "status")
	return r.str(st, "state"), r.message(r.obj(st, "message"))
}

func (r *reader) artifact(o obj) *artifact {
	if o == nil {
		return nil
	}
	return &artifact{id: r.str(o, "artifactId"), parts: r.parts(o)}
}

// Event reads one response: an SSE event's data or a whole JSON response body. Both
// A2A versions' shapes are accepted whatever the session's version (1.0's
// {"task"|"message"|"statusUpdate"|"artifactUpdate": ...} wrapper and 0.3's "kind").
// Agent messages and artifact parts already delivered are skipped, so a task snapshot
// yields only what is new.
func (s *Session) Event(data []byte) Result {
	if err := validJSON(data); err != nil {
		return Result{Bad: "the agent sent invalid JSON: " + err.Error()}
	}
	r := reader{ok: true}
	resp := r.object(data)
	result := r.raw(resp, "result")
	var rpcErr *RPCError
	if eo := r.obj(resp, "error"); eo != nil {
		rpcErr = &RPCError{Code: r.integer(eo, "code"), Message: r.str(eo, "message")}
	}
	if !r.ok {
		return Result{Bad: "the agent sent a malformed JSON-RPC response"}
	}
	if rpcErr != nil {
		return Result{Final: true, Err: rpcErr}
	}
	var res Result
	wrap := r.object(result)
	if result == nil || wrap == nil || !r.ok {
		return Result{Bad: "the agent's response has no result object"}
	}
	raw, kind := result, r.str(wrap, "kind")
	switch {
	case kind != "":
	case wrap["id"] != nil && wrap["status"] != nil:
		// A bare Task (1.0's GetTask result) or Message has no wrapper and no kind.
		kind = "task"
	case wrap["messageId"] != nil:
		kind = "message"
	}
	for _, w := range [...]struct{ key, kind string }{{"task", "task"}, {"message", "message"},
		{"statusUpdate", "status-update"}, {"artifactUpdate", "artifact-update"}} {
		if v := wrap[w.key]; v != nil {
			raw, kind = v, w.kind
			break
		}
	}
	if !r.ok {
		return Result{Bad: "the agent's response has no result object"}
	}
	res.Kind = kind
	bad := func() Result {
		return Result{Bad: "the agent sent a malformed " + kind}
	}
	o := r.object(raw)
	switch kind {
	case "task":
		res.TaskID, res.ContextID = r.str(o, "id"), r.str(o, "contextId")
		state, msg := r.status(o)
		var history []*message
		for _, m := range r.objects(o, "history") {
			history = append(history, r.message(m))
		}
		var arts []*artifact
		for _, a := range r.objects(o, "artifacts") {
			arts = append(arts, r.artifact(a))
		}
		if !r.ok {
			return bad()
		}
		for _, m := range history {
			s.message(m, &res)
		}
		s.message(msg, &res)
		for _, a := range arts {
			if a != nil {
				s.artifact(a, false, true, &res)
			}
		}
		res.State = normState(state)
	case "message":
		m := r.message(o)
		if !r.ok {
			return bad()
		}
		if m != nil {
			res.TaskID, res.ContextID = m.taskID, m.contextID
			s.message(m, &res)
		}
		res.Final = true
	case "status-update":
		res.TaskID, res.ContextID = r.str(o, "taskId"), r.str(o, "contextId")
		state, msg := r.status(o)
		final := r.boolean(o, "final")
		if !r.ok {
			return bad()
		}
		s.message(msg, &res)
		res.State = normState(state)
		res.Final = final
	case "artifact-update":
		res.TaskID, res.ContextID = r.str(o, "taskId"), r.str(o, "contextId")
		a := r.artifact(r.obj(o, "artifact"))
		appendParts := r.boolean(o, "append")
		if !r.ok || a == nil {
			return bad()
		}
		s.artifact(a, appendParts, false, &res)
	default:
		return Result{Bad: "the agent sent an unknown result"}
	}
	switch res.State {
	case "completed", "failed", "canceled", "rejected", "input-required", "auth-required":
		res.Final = true
	}
	if res.ContextID != "" {
		s.contextID = res.ContextID
	}
	if res.TaskID != "" {
		s.taskID = res.TaskID
	}
	switch res.State {
	case "completed", "failed", "canceled", "rejected":
		// A terminal task takes no more messages: the next turn starts a new task in
		// the same context.
		s.taskID = ""
	}
	return res
}

// normState maps 1.0's TASK_STATE_INPUT_REQUIRED to 0.3's input-required.
func normState(st string) string {
	if rest, ok := strings.CutPrefix(st, "TASK_STATE_"); ok {
		return strings.ReplaceAll(strings.ToLower(rest), "_", "-")
	}
	return st
}

func isUser(role string) bool { return role == "user" || role == "ROLE_USER" }

func (s *Session) message(m *message, res *Result) {
	if m == nil || isUser(m.role) {
		return
	}
	if m.messageID != "" {
		if s.seen[m.messageID] {
			return
		}
		s.seen[m.messageID] = true
	}
	for i := range m.parts {
		s.part(&m.parts[i], res)
	}
}

// artifact delivers an artifact's parts: all of them for an update (counting them, or
// adding to the count when append), only those beyond the delivered count for a
// snapshot.
func (s *Session) artifact(a *artifact, appendParts, snapshot bool, res *Result) {
	from := 0
	switch {
	case snapshot:
		from = s.parts[a.id]
	case !appendParts:
		s.parts[a.id] = 0
	}
	for i := from; i < len(a.parts); i++ {
		s.part(&a.parts[i], res)
	}
	if len(a.parts) > from {
		s.parts[a.id] += len(a.parts) - from
	}
}

// A2UI media types: v0.8-v0.9's and v0.9.1's.
const (
	MediaTypeOld = "application/json+a2ui"
	MediaType    = "application/a2ui+json"
)

func (s *Session) part(p *part, res *Result) {
	if p.text != nil && (p.kind == "" || p.kind == "text") {
		s.text(*p.text, res)
		return
	}
	if len(p.data) == 0 || (p.kind != "" && p.kind != "data") {
		return
	}
	mt := p.mediaType
	if mt == "" {
		mt = p.mimeType
	}
	if mt != MediaType && mt != MediaTypeOld {
		return
	}
	data := p.data
	// The SDKs' 0.3 compatibility layer wraps a non-object value as {"value": ...}.
	if data[0] == '{' {
		if w, err := jsonscan.ObjectMap(data); err == nil && len(w) == 1 {
			if v, ok := w["value"]; ok {
				data = v
			}
		}
	}
	res.A2UI = append(res.A2UI, protocol.AppendJSON(nil, rawJSON(data)))
}

// text delivers a text part. The ADK's agents put A2UI in text between <a2ui-json> tags
// (and send such text when the block failed their own validation): each block is
// delivered as A2UI, the text around the blocks as text; a block that is not JSON is
// reported.
func (s *Session) text(t string, res *Result) {
	rest, blocks := protocol.CutA2UIBlocks(t)
	if blocks == nil || strings.TrimSpace(rest) != "" {
		res.Texts = append(res.Texts, rest)
	}
	for i, b := range blocks {
		n := "block " + strconv.Itoa(i+1) + " of a text part"
		switch err := validJSON([]byte(b.JSON)); {
		case !b.Closed:
			res.BadBlocks = append(res.BadBlocks, n+" has no "+protocol.A2UICloseTag+" tag")
		case b.JSON == "":
			res.BadBlocks = append(res.BadBlocks, n+" is empty")
		case err != nil:
			res.BadBlocks = append(res.BadBlocks, n+" is not JSON: "+err.Error())
		default:
			res.A2UI = append(res.A2UI, protocol.AppendJSON(nil, rawJSON(b.JSON)))
		}
	}
}
