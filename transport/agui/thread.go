package agui

import (
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// Thread is the conversation as @ag-ui/client's HttpAgent keeps it (its
// defaultApplyEvents): the messages built from the events of every run (user turns,
// assistant text and toolCalls, tool results, activities) and the agent state. Each
// run sends it back: messages without the activities, and the state.
type Thread struct {
	msgs  []*message
	state []byte // the agent's state, JSON ({} until STATE_SNAPSHOT)
}

// message is one AG-UI message. Members it does not model are kept raw (extra).
type message struct {
	id, role string
	text     []byte // content when it is a string
	hasText  bool
	content  []byte // content when it is not a string (ContentPart[]), raw
	name     string
	calls    []*toolCall
	hasCalls bool
	callID   string // a tool message's toolCallId
	actType  string // an activity's activityType
	extra    []jsonscan.Member
}

type toolCall struct {
	id, name string
	args     []byte
	extra    []jsonscan.Member
}

func (t *Thread) find(id string) *message {
	for _, m := range t.msgs {
		if m.id == id {
			return m
		}
	}
	return nil
}

// addUser appends a user message.
func (t *Thread) addUser(id, text string) {
	t.msgs = append(t.msgs, &message{id: id, role: "user", text: []byte(text), hasText: true})
}

// textStart opens a text message (TEXT_MESSAGE_START); false when the id names an
// activity.
func (t *Thread) textStart(id, role, name string) bool {
	if m := t.find(id); m != nil {
		return m.role != "activity"
	}
	if role == "" {
		role = "assistant"
	}
	t.msgs = append(t.msgs, &message{id: id, role: role, hasText: true, name: name})
	return true
}

// textDelta appends to a text message's content (TEXT_MESSAGE_CONTENT).
func (t *Thread) textDelta(id, delta string) bool {
	m := t.find(id)
	if m == nil || m.role == "activity" {
		return false
	}
	m.text, m.hasText = append(m.text, delta...), true
	return true
}

// text returns a message's text content.
func (t *Thread) text(id string) (string, string) {
	if m := t.find(id); m != nil {
		return string(m.text), m.role
	}
	return "", ""
}

func (t *Thread) call(id string) *toolCall {
	for _, m := range t.msgs {
		for _, c := range m.calls {
			if c.id == id {
				return c
			}
		}
	}
	return nil
}

// toolStart records a tool call (TOOL_CALL_START) on its parent assistant message, or
// on a new one, as @ag-ui/client does.
func (t *Thread) toolStart(id, name, parent string) {
	if c := t.call(id); c != nil {
		c.name = name
		return
	}
	var host *message
	if parent != "" {
		if m := t.find(parent); m != nil && m.role == "assistant" {
			host = m
		} else if m != nil {
			host = &message{id: id, role: "assistant"}
		} else {
			host = &message{id: parent, role: "assistant"}
		}
	} else {
		host = &message{id: id, role: "assistant"}
	}
	if t.find(host.id) != host {
		t.msgs = append(t.msgs, host)
	}
	host.calls, host.hasCalls = append(host.calls, &toolCall{id: id, name: name}), true
}

// toolArgs appends to a tool call's arguments (TOOL_CALL_ARGS).
func (t *Thread) toolArgs(id, delta string) {
	if c := t.call(id); c != nil {
		c.args = append(c.args, delta...)
	}
}

// toolResult adds a tool message (TOOL_CALL_RESULT) after the assistant message that
// made the call and the tool messages already following it.
func (t *Thread) toolResult(id, callID, role string, content []byte) {
	if role == "" {
		role = "tool"
	}
	m := &message{id: id, role: role, callID: callID}
	if s, err := jsonscan.String(content); err == nil {
		m.text, m.hasText = []byte(s), true
	} else {
		m.content = content
	}
	at := -1
	for i, x := range t.msgs {
		if x.role == "assistant" {
			for _, c := range x.calls {
				if c.id == callID {
					at = i
				}
			}
		}
	}
	if at < 0 {
		t.msgs = append(t.msgs, m)
		return
	}
	at++
	for at < len(t.msgs) && t.msgs[at].role == "tool" {
		at++
	}
	t.msgs = append(t.msgs, nil)
	copy(t.msgs[at+1:], t.msgs[at:])
	t.msgs[at] = m
}

// activity stores an activity message's content (ACTIVITY_SNAPSHOT, or the result of
// an ACTIVITY_DELTA); replace false keeps a known activity as it is.
func (t *Thread) activity(id, typ string, content []byte, replace bool) {
	m := t.find(id)
	switch {
	case m == nil:
		t.msgs = append(t.msgs, &message{id: id, role: "activity", actType: typ, content: content})
	case !replace && m.role == "activity":
	default:
		*m = message{id: id, role: "activity", actType: typ, content: content}
	}
}

// activityContent returns an activity message's content (nil when id is not one).
func (t *Thread) activityContent(id string) ([]byte, string) {
	if m := t.find(id); m != nil && m.role == "activity" {
		return m.content, m.actType
	}
	return nil, ""
}

// snapshot replaces the thread's messages (MESSAGES_SNAPSHOT): those it names are
// replaced, those it omits dropped, except activities when the snapshot has none (the
// agent does not keep them), and new ones appended.
func (t *Thread) snapshot(list []*message) {
	byID := make(map[string]*message, len(list))
	hasActivity := false
	for _, m := range list {
		byID[m.id] = m
		hasActivity = hasActivity || m.role == "activity"
	}
	kept := t.msgs[:0]
	seen := map[string]bool{}
	for _, m := range t.msgs {
		if n, ok := byID[m.id]; ok {
			kept = append(kept, n)
			seen[m.id] = true
		} else if m.role == "activity" && !hasActivity {
			kept = append(kept, m)
		}
	}
	for _, m := range list {
		if !seen[m.id] {
			kept = append(kept, m)
			seen[m.id] = true
		}
	}
	t.msgs = kept
}

// parseMessage reads one message of a MESSAGES_SNAPSHOT (nil when it is not an object
// with a string id and role).
func parseMessage(raw []byte) *message {
	ms, err := jsonscan.Object(raw)
	if err != nil {
		return nil
	}
	m := &message{}
	for _, kv := range ms {
		switch kv.Key {
		case "id":
			m.id, _ = jsonscan.String(kv.Value)
		case "role":
			m.role, _ = jsonscan.String(kv.Value)
		case "content":
			if s, err := jsonscan.String(kv.Value); err == nil {
				m.text, m.hasText = []byte(s), true
			} else if string(kv.Value) != "null" {
				m.content = kv.Value
			}
		case "activityType":
			m.actType, _ = jsonscan.String(kv.Value)
		case "toolCallId":
			m.callID, _ = jsonscan.String(kv.Value)
		case "name":
			m.name, _ = jsonscan.String(kv.Value)
		case "toolCalls":
			list, err := jsonscan.Array(kv.Value)
			if err != nil {
				m.extra = append(m.extra, kv)
				continue
			}
			m.hasCalls = true
			for _, c := range list {
				m.calls = append(m.calls, parseToolCall(c))
			}
		default:
			m.extra = append(m.extra, kv)
		}
	}
	if m.id == "" || m.role == "" {
		return nil
	}
	return m
}

func parseToolCall(raw []byte) *toolCall {
	c := &toolCall{}
	ms, _ := jsonscan.Object(raw)
	for _, kv := range ms {
		switch kv.Key {
		case "id":
			c.id, _ = jsonscan.String(kv.Value)
		case "type":
		case "function":
			fm, _ := jsonscan.ObjectMap(kv.Value)
			c.name, _ = jsonscan.String(fm["name"])
			args, _ := jsonscan.String(fm["arguments"])
			c.args = []byte(args)
		default:
			c.extra = append(c.extra, kv)
		}
	}
	return c
}

// setState replaces the agent state (STATE_SNAPSHOT).
func (t *Thread) setState(s []byte) { t.state = protocol.AppendJSON(nil, rawJSON(s)) }

// patchState applies a STATE_DELTA (RFC 6902); a failed patch leaves the state as it was.
func (t *Thread) patchState(patch []byte) error {
	s, err := applyPatch(t.State(), patch)
	if err == nil {
		t.state = s
	}
	return err
}

// State returns the agent state as JSON ({} when none).
func (t *Thread) State() []byte {
	if t.state == nil {
		return []byte("{}")
	}
	return t.state
}

// appendMessages writes the thread's messages as a JSON array, without the activities
// (prepareRunAgentInput filters them out).
func (t *Thread) appendMessages(b []byte) []byte {
	b = append(b, '[')
	n := 0
	for _, m := range t.msgs {
		if m.role == "activity" {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = m.appendJSON(b)
	}
	return append(b, ']')
}

func (m *message) appendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = protocol.AppendJSON(b, m.id)
	b = append(b, `,"role":`...)
	b = protocol.AppendJSON(b, m.role)
	switch {
	case m.hasText:
		b = append(b, `,"content":`...)
		b = protocol.AppendJSON(b, string(m.text))
	case m.content != nil:
		b = append(b, `,"content":`...)
		b = protocol.AppendJSON(b, rawJSON(m.content))
	}
	if m.name != "" {
		b = append(b, `,"name":`...)
		b = protocol.AppendJSON(b, m.name)
	}
	if m.actType != "" {
		b = append(b, `,"activityType":`...)
		b = protocol.AppendJSON(b, m.actType)
	}
	if m.hasCalls {
		b = append(b, `,"toolCalls":[`...)
		for i, c := range m.calls {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"id":`...)
			b = protocol.AppendJSON(b, c.id)
			b = append(b, `,"type":"function","function":{"name":`...)
			b = protocol.AppendJSON(b, c.name)
			b = append(b, `,"arguments":`...)
			b = protocol.AppendJSON(b, string(c.args))
			b = append(b, '}')
			b = appendExtra(b, c.extra)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if m.callID != "" {
		b = append(b, `,"toolCallId":`...)
		b = protocol.AppendJSON(b, m.callID)
	}
	b = appendExtra(b, m.extra)
	return append(b, '}')
}

func appendExtra(b []byte, extra []jsonscan.Member) []byte {
	for _, kv := range extra {
		b = append(b, ',')
		b = protocol.AppendJSON(b, kv.Key)
		b = append(b, ':')
		b = protocol.AppendJSON(b, rawJSON(kv.Value))
	}
	return b
}
