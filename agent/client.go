package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/a2ui-go/a2ui/protocol"
)

// ClientMessage is one message the client (the renderer) sent to the agent. Exactly one
// of Action, Error, FunctionResponse and FunctionCall is set.
type ClientMessage struct {
	// Version is the message's version: v0.8 for userAction and a version-less error.
	Version Version

	Action           *UserAction       // v0.8 userAction, v0.9+ action
	Error            *ClientError      // error, every version
	FunctionResponse *FunctionResponse // v0.10 functionResponse, v1.0 rendererFunctionResponse
	FunctionCall     *AgentCall        // v1.0 callAgentFunction

	// DataModels are the client data models sent along (a2uiClientDataModel), by surface
	// id: the surfaces created with SendDataModel. Nil when none was sent.
	DataModels map[string]json.RawMessage
	// Capabilities is the raw a2uiClientCapabilities object, or nil.
	Capabilities json.RawMessage
}

// UserAction is a user's action on a component (its Action's Event).
type UserAction struct {
	Name              string
	SurfaceID         string
	SourceComponentID string
	// Timestamp is the client's ISO 8601 time of the action ("" when absent).
	Timestamp string
	// Context holds the event's context values, resolved by the client (JSON numbers
	// are float64). Never nil.
	Context map[string]any
	// UserMessage is v1.0's resolved userMessage ("" when absent).
	UserMessage string
	// ActionID and WantResponse are v0.10's: answer with ActionResponse(v, ActionID, ...).
	ActionID     string
	WantResponse bool
}

// ClientError is an error the client reports (a message it could not apply, a failed
// function, ...). Code is e.g. "VALIDATION_FAILED"; Path a JSON Pointer into the
// offending message.
type ClientError struct {
	Code           string
	Message        string
	SurfaceID      string
	Path           string
	FunctionCallID string
	// Details holds any other members of the error object (nil when none).
	Details map[string]any
}

// FunctionError is the error half of a function response.
type FunctionError struct {
	Code    string
	Message string
}

// FunctionResponse is the client's answer to CallFunction: a Value (raw JSON, "null"
// for null) or an Error.
type FunctionResponse struct {
	FunctionCallID string
	// Call is the function name (v0.10 sends it; "" in v1.0).
	Call  string
	Value json.RawMessage
	Error *FunctionError
}

// AgentCall asks the agent to run a function (v1.0 callAgentFunction); answer with
// FunctionResult or FunctionFailed and FunctionCallID.
type AgentCall struct {
	SurfaceID      string
	FunctionCallID string
	// Function is the call; its Args are plain JSON values (numbers are float64).
	Function FunctionCall
}

// SurfaceID returns the surface the message concerns ("" when it names none).
func (m ClientMessage) SurfaceID() string {
	switch {
	case m.Action != nil:
		return m.Action.SurfaceID
	case m.Error != nil:
		return m.Error.SurfaceID
	case m.FunctionCall != nil:
		return m.FunctionCall.SurfaceID
	}
	return ""
}

// DataModel decodes the client's data model of the message's surface into v (as
// json.Unmarshal does). It reports false, and leaves v alone, when none was sent.
func (m ClientMessage) DataModel(v any) (bool, error) {
	raw, ok := m.DataModels[m.SurfaceID()]
	if !ok {
		return false, nil
	}
	return true, json.Unmarshal(raw, v)
}

// maxClientMessages bounds the messages one body may carry.
const maxClientMessages = 1000

// ParseClientMessages decodes a body the client sent: one message ({"version":"v0.9",
// "action":{...}}, {"userAction":{...}}, {"version":..,"error":{...}}, ...), optionally
// with "metadata":{"a2uiClientDataModel":..,"a2uiClientCapabilities":..} beside it; a JSON
// array of messages; a {"messages":[...]} wrapper; or an A2A message or DataPart carrying
// them. Each message is decoded on its own: the good ones are returned, in order, and the
// bad ones are described in the error (nil when all are good).
func ParseClientMessages(body []byte) ([]ClientMessage, error) {
	var top json.RawMessage
	d := json.NewDecoder(bytes.NewReader(body))
	if err := d.Decode(&top); err != nil {
		return nil, errors.New("body is not JSON: " + err.Error())
	}
	if d.More() {
		return nil, errors.New("body holds more than one JSON value")
	}
	p := parser{}
	p.walk(top, 0)
	if len(p.msgs) == 0 && len(p.errs) == 0 {
		return nil, errors.New("body holds no message")
	}
	for i := range p.msgs {
		p.msgs[i].DataModels, p.msgs[i].Capabilities = p.models, p.caps
	}
	errs := make([]error, len(p.errs))
	for i, e := range p.errs {
		errs[i] = e.err
		if e.index >= 0 && p.n > 1 {
			errs[i] = errors.New("message " + strconv.Itoa(e.index) + ": " + e.err.Error())
		}
	}
	return p.msgs, errors.Join(errs...)
}

// indexedErr is a decoding error and the index of its message (-1 for none).
type indexedErr struct {
	index int
	err   error
}

type parser struct {
	msgs   []ClientMessage
	errs   []indexedErr
	n      int
	models map[string]json.RawMessage
	caps   json.RawMessage
}

// walk expands the container forms; depth bounds the nesting it follows.
func (p *parser) walk(raw json.RawMessage, depth int) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '[' {
		var list []json.RawMessage
		if err := json.Unmarshal(raw, &list); err != nil {
			p.fail(err)
			return
		}
		for _, e := range list {
			p.one(e)
		}
		return
	}
	var o map[string]json.RawMessage
	if err := json.Unmarshal(raw, &o); err != nil {
		p.fail(errors.New("a message is not a JSON object: " + err.Error()))
		return
	}
	if depth < 2 {
		var kind string
		json.Unmarshal(o["kind"], &kind)
		switch {
		case kind == "message" && o["parts"] != nil: // an A2A message
			p.metadata(o["metadata"])
			var parts []json.RawMessage
			if err := json.Unmarshal(o["parts"], &parts); err != nil {
				p.fail(errors.New("A2A parts: " + err.Error()))
				return
			}
			for _, part := range parts {
				var po map[string]json.RawMessage
				if json.Unmarshal(part, &po) == nil && po["data"] != nil {
					p.walk(po["data"], depth+1)
				}
			}
			return
		case kind == "data" && o["data"] != nil: // an A2A DataPart
			p.walk(o["data"], depth+1)
			return
		case len(o) == 1 && o["messages"] != nil:
			p.walk(o["messages"], depth+1)
			return
		}
	}
	p.one(raw)
}

func (p *parser) fail(err error) {
	p.errs = append(p.errs, indexedErr{-1, err})
}

// metadata reads a2uiClientDataModel and a2uiClientCapabilities from a metadata object.
func (p *parser) metadata(raw json.RawMessage) {
	var md struct {
		DataModel    json.RawMessage `json:"a2uiClientDataModel"`
		Capabilities json.RawMessage `json:"a2uiClientCapabilities"`
	}
	if raw == nil || json.Unmarshal(raw, &md) != nil {
		return
	}
	p.dataModel(md.DataModel)
	if md.Capabilities != nil {
		p.caps = md.Capabilities
	}
}

func (p *parser) dataModel(raw json.RawMessage) {
	var dm struct {
		Surfaces map[string]json.RawMessage `json:"surfaces"`
	}
	if raw == nil || json.Unmarshal(raw, &dm) != nil || dm.Surfaces == nil {
		return
	}
	if p.models == nil {
		p.models = map[string]json.RawMessage{}
	}
	for id, m := range dm.Surfaces {
		p.models[id] = m
	}
}

// one decodes a single message object.
func (p *parser) one(raw json.RawMessage) {
	i := p.n
	p.n++
	if i >= maxClientMessages {
		if i == maxClientMessages {
			p.fail(errors.New("more than " + strconv.Itoa(maxClientMessages) + " messages; the rest are ignored"))
		}
		return
	}
	m, err := decodeClient(raw)
	if err != nil {
		p.errs = append(p.errs, indexedErr{i, err})
		return
	}
	var o struct {
		Metadata  json.RawMessage `json:"metadata"`
		DataModel json.RawMessage `json:"a2uiClientDataModel"`
	}
	json.Unmarshal(raw, &o)
	p.metadata(o.Metadata)
	p.dataModel(o.DataModel)
	p.msgs = append(p.msgs, m)
}

func decodeClient(raw json.RawMessage) (ClientMessage, error) {
	var o map[string]json.RawMessage
	if err := json.Unmarshal(raw, &o); err != nil {
		return ClientMessage{}, errors.New("message is not a JSON object: " + err.Error())
	}
	var m ClientMessage
	if vraw, ok := o["version"]; ok {
		var s string
		json.Unmarshal(vraw, &s)
		v, ok := protocol.ParseVersion(s)
		if !ok {
			return m, errors.New("unknown version " + string(vraw))
		}
		m.Version = v
	}
	var err error
	switch {
	case o["userAction"] != nil:
		if m.Version == protocol.VersionUnknown {
			m.Version = V08
		}
		m.Action, err = decodeAction(o["userAction"], "userAction")
	case o["action"] != nil:
		if m.Version == protocol.VersionUnknown {
			return m, errors.New(`"action" without "version"`)
		}
		m.Action, err = decodeAction(o["action"], "action")
	case o["error"] != nil:
		if m.Version == protocol.VersionUnknown {
			m.Version = V08
		}
		m.Error, err = decodeError(o["error"])
	case o["functionResponse"] != nil:
		m.FunctionResponse, err = decodeFunctionResponse(o["functionResponse"], "functionResponse")
	case o["rendererFunctionResponse"] != nil:
		m.FunctionResponse, err = decodeFunctionResponse(o["rendererFunctionResponse"], "rendererFunctionResponse")
	case o["callAgentFunction"] != nil:
		m.FunctionCall, err = decodeAgentCall(o["callAgentFunction"])
	default:
		return m, errors.New(`message has none of "action", "userAction", "error", "functionResponse", "rendererFunctionResponse", "callAgentFunction"`)
	}
	if err == nil && m.Version == protocol.VersionUnknown {
		err = errors.New("message without \"version\"")
	}
	return m, err
}

func decodeAction(raw json.RawMessage, key string) (*UserAction, error) {
	var a struct {
		Name              string         `json:"name"`
		SurfaceID         string         `json:"surfaceId"`
		SourceComponentID string         `json:"sourceComponentId"`
		Timestamp         string         `json:"timestamp"`
		Context           map[string]any `json:"context"`
		UserMessage       string         `json:"userMessage"`
		ActionID          string         `json:"actionId"`
		WantResponse      bool           `json:"wantResponse"`
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, errors.New("bad " + key + " object: " + err.Error())
	}
	if a.Name == "" {
		return nil, errors.New(key + " has no name")
	}
	if a.Context == nil {
		a.Context = map[string]any{}
	}
	u := UserAction(a)
	return &u, nil
}

func decodeError(raw json.RawMessage) (*ClientError, error) {
	var all map[string]any
	if err := json.Unmarshal(raw, &all); err != nil {
		return nil, errors.New("bad error object: " + err.Error())
	}
	e := &ClientError{}
	str := func(k string, dst *string) error {
		v, ok := all[k]
		if !ok {
			return nil
		}
		delete(all, k)
		s, ok := v.(string)
		if !ok {
			return errors.New("error." + k + " must be a string")
		}
		*dst = s
		return nil
	}
	for k, dst := range map[string]*string{"code": &e.Code, "message": &e.Message, "surfaceId": &e.SurfaceID, "path": &e.Path, "functionCallId": &e.FunctionCallID} {
		if err := str(k, dst); err != nil {
			return nil, err
		}
	}
	if e.Code == "" {
		return nil, errors.New("error has no code")
	}
	if len(all) > 0 {
		e.Details = all
	}
	return e, nil
}

func decodeFunctionResponse(raw json.RawMessage, key string) (*FunctionResponse, error) {
	var f struct {
		FunctionCallID string          `json:"functionCallId"`
		Call           string          `json:"call"`
		Value          json.RawMessage `json:"value"`
		Error          *FunctionError  `json:"error"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, errors.New("bad " + key + " object: " + err.Error())
	}
	if f.FunctionCallID == "" {
		return nil, errors.New(key + " has no functionCallId")
	}
	if (f.Value == nil) == (f.Error == nil) {
		return nil, errors.New(key + " needs exactly one of value and error")
	}
	r := FunctionResponse(f)
	return &r, nil
}

func decodeAgentCall(raw json.RawMessage) (*AgentCall, error) {
	var c struct {
		SurfaceID      string `json:"surfaceId"`
		FunctionCallID string `json:"functionCallId"`
		CallFunction   struct {
			Call       string         `json:"call"`
			Args       map[string]any `json:"args"`
			CatalogID  string         `json:"catalogId"`
			ReturnType string         `json:"returnType"`
		} `json:"callFunction"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, errors.New("bad callAgentFunction object: " + err.Error())
	}
	if c.FunctionCallID == "" || c.CallFunction.Call == "" {
		return nil, errors.New("callAgentFunction needs functionCallId and callFunction.call")
	}
	f := c.CallFunction
	return &AgentCall{SurfaceID: c.SurfaceID, FunctionCallID: c.FunctionCallID,
		Function: FunctionCall{Name: f.Call, Args: f.Args, CatalogID: f.CatalogID, ReturnType: f.ReturnType}}, nil
}
