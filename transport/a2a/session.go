package a2a

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"

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
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": s.rpc, "method": method, "params": params})
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
	meta := map[string]any{"a2uiClientCapabilities": json.RawMessage(protocol.EncodeCapabilitiesInline(versions, catalogs, inline))}
	msgs := make([]json.RawMessage, 0, len(a2ui))
	for _, m := range a2ui {
		inner, dm := splitMetadata(m)
		if dataModel == nil && dm != nil {
			dataModel = dm
		}
		msgs = append(msgs, inner)
	}
	if dataModel != nil {
		meta["a2uiClientDataModel"] = json.RawMessage(dataModel)
	}
	uiVersion := s.card.A2UI.Version
	if uiVersion == protocol.VersionUnknown && len(msgs) > 0 {
		uiVersion = messageVersion(msgs[0])
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
func splitMetadata(m []byte) (json.RawMessage, json.RawMessage) {
	if !bytes.Contains(m, []byte(`"metadata"`)) {
		return json.RawMessage(m), nil
	}
	var o map[string]json.RawMessage
	if json.Unmarshal(m, &o) != nil {
		return json.RawMessage(m), nil
	}
	meta, ok := o["metadata"]
	if !ok {
		return json.RawMessage(m), nil
	}
	delete(o, "metadata")
	var inner struct {
		DataModel json.RawMessage `json:"a2uiClientDataModel"`
	}
	_ = json.Unmarshal(meta, &inner)
	out, _ := json.Marshal(o)
	return out, inner.DataModel
}

func messageVersion(m []byte) protocol.Version {
	var o struct {
		Version string `json:"version"`
	}
	if json.Unmarshal(m, &o) == nil {
		if v, ok := protocol.ParseVersion(o.Version); ok {
			return v
		}
	}
	return protocol.V08
}

// RPCError is a JSON-RPC error response.
type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
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
}

// Failed reports whether the event ended the task unsuccessfully.
func (r *Result) Failed() bool { return r.State == "failed" || r.State == "rejected" }

type rpcResponse struct {
	Result json.RawMessage `json:"result"`
	Error  *RPCError       `json:"error"`
}

type partJSON struct {
	Kind      string          `json:"kind"`
	Text      *string         `json:"text"`
	Data      json.RawMessage `json:"data"`
	MediaType string          `json:"mediaType"`
	Metadata  map[string]any  `json:"metadata"`
}

type messageJSON struct {
	Kind      string     `json:"kind"`
	MessageID string     `json:"messageId"`
	Role      string     `json:"role"`
	ContextID string     `json:"contextId"`
	TaskID    string     `json:"taskId"`
	Parts     []partJSON `json:"parts"`
}

type statusJSON struct {
	State   string       `json:"state"`
	Message *messageJSON `json:"message"`
}

type artifactJSON struct {
	ArtifactID string     `json:"artifactId"`
	Parts      []partJSON `json:"parts"`
}

type taskJSON struct {
	Kind      string          `json:"kind"`
	ID        string          `json:"id"`
	ContextID string          `json:"contextId"`
	Status    statusJSON      `json:"status"`
	History   []*messageJSON  `json:"history"`
	Artifacts []*artifactJSON `json:"artifacts"`
}

type statusUpdateJSON struct {
	TaskID    string     `json:"taskId"`
	ContextID string     `json:"contextId"`
	Status    statusJSON `json:"status"`
	Final     bool       `json:"final"`
}

type artifactUpdateJSON struct {
	TaskID    string        `json:"taskId"`
	ContextID string        `json:"contextId"`
	Artifact  *artifactJSON `json:"artifact"`
	Append    bool          `json:"append"`
}

// Event reads one response: an SSE event's data or a whole JSON response body. Both
// A2A versions' shapes are accepted whatever the session's version (1.0's
// {"task"|"message"|"statusUpdate"|"artifactUpdate": ...} wrapper and 0.3's "kind").
// Agent messages and artifact parts already delivered are skipped, so a task snapshot
// yields only what is new.
func (s *Session) Event(data []byte) Result {
	var resp rpcResponse
	if err := json.Unmarshal(data, &resp); err != nil {
		return Result{Bad: "the agent sent invalid JSON: " + err.Error()}
	}
	if resp.Error != nil {
		return Result{Final: true, Err: resp.Error}
	}
	var res Result
	var wrap struct {
		Kind           string          `json:"kind"`
		Task           json.RawMessage `json:"task"`
		Message        json.RawMessage `json:"message"`
		StatusUpdate   json.RawMessage `json:"statusUpdate"`
		ArtifactUpdate json.RawMessage `json:"artifactUpdate"`
		// A bare Task (1.0's GetTask result) or Message has no wrapper and no kind.
		ID        json.RawMessage `json:"id"`
		Status    json.RawMessage `json:"status"`
		MessageID json.RawMessage `json:"messageId"`
	}
	if len(resp.Result) == 0 || json.Unmarshal(resp.Result, &wrap) != nil {
		return Result{Bad: "the agent's response has no result object"}
	}
	raw, kind := resp.Result, wrap.Kind
	switch {
	case kind != "":
	case wrap.ID != nil && wrap.Status != nil:
		kind = "task"
	case wrap.MessageID != nil:
		kind = "message"
	}
	switch {
	case wrap.Task != nil:
		raw, kind = wrap.Task, "task"
	case wrap.Message != nil:
		raw, kind = wrap.Message, "message"
	case wrap.StatusUpdate != nil:
		raw, kind = wrap.StatusUpdate, "status-update"
	case wrap.ArtifactUpdate != nil:
		raw, kind = wrap.ArtifactUpdate, "artifact-update"
	}
	res.Kind = kind
	bad := func() Result {
		return Result{Bad: "the agent sent a malformed " + kind}
	}
	switch kind {
	case "task":
		var t taskJSON
		if json.Unmarshal(raw, &t) != nil {
			return bad()
		}
		res.TaskID, res.ContextID = t.ID, t.ContextID
		for _, m := range t.History {
			s.message(m, &res)
		}
		s.message(t.Status.Message, &res)
		for _, a := range t.Artifacts {
			s.artifact(a, false, true, &res)
		}
		res.State = normState(t.Status.State)
	case "message":
		var m messageJSON
		if json.Unmarshal(raw, &m) != nil {
			return bad()
		}
		res.TaskID, res.ContextID = m.TaskID, m.ContextID
		s.message(&m, &res)
		res.Final = true
	case "status-update":
		var u statusUpdateJSON
		if json.Unmarshal(raw, &u) != nil {
			return bad()
		}
		res.TaskID, res.ContextID = u.TaskID, u.ContextID
		s.message(u.Status.Message, &res)
		res.State = normState(u.Status.State)
		res.Final = u.Final
	case "artifact-update":
		var u artifactUpdateJSON
		if json.Unmarshal(raw, &u) != nil || u.Artifact == nil {
			return bad()
		}
		res.TaskID, res.ContextID = u.TaskID, u.ContextID
		s.artifact(u.Artifact, u.Append, false, &res)
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

func (s *Session) message(m *messageJSON, res *Result) {
	if m == nil || isUser(m.Role) {
		return
	}
	if m.MessageID != "" {
		if s.seen[m.MessageID] {
			return
		}
		s.seen[m.MessageID] = true
	}
	for i := range m.Parts {
		s.part(&m.Parts[i], res)
	}
}

// artifact delivers an artifact's parts: all of them for an update (counting them, or
// adding to the count when append), only those beyond the delivered count for a
// snapshot.
func (s *Session) artifact(a *artifactJSON, appendParts, snapshot bool, res *Result) {
	from := 0
	switch {
	case snapshot:
		from = s.parts[a.ArtifactID]
	case !appendParts:
		s.parts[a.ArtifactID] = 0
	}
	for i := from; i < len(a.Parts); i++ {
		s.part(&a.Parts[i], res)
	}
	if len(a.Parts) > from {
		s.parts[a.ArtifactID] += len(a.Parts) - from
	}
}

// A2UI media types: v0.8-v0.9's and v0.9.1's.
const (
	MediaTypeOld = "application/json+a2ui"
	MediaType    = "application/a2ui+json"
)

func (s *Session) part(p *partJSON, res *Result) {
	if p.Text != nil && (p.Kind == "" || p.Kind == "text") {
		res.Texts = append(res.Texts, *p.Text)
		return
	}
	if len(p.Data) == 0 || (p.Kind != "" && p.Kind != "data") {
		return
	}
	mt := p.MediaType
	if v, ok := p.Metadata["mimeType"].(string); ok && mt == "" {
		mt = v
	}
	if mt != MediaType && mt != MediaTypeOld {
		return
	}
	data := p.Data
	// The SDKs' 0.3 compatibility layer wraps a non-object value as {"value": ...}.
	var w map[string]json.RawMessage
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) && json.Unmarshal(data, &w) == nil && len(w) == 1 {
		if v, ok := w["value"]; ok {
			data = v
		}
	}
	var buf bytes.Buffer
	if json.Compact(&buf, data) != nil {
		return
	}
	res.A2UI = append(res.A2UI, buf.Bytes())
}
