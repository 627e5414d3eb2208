package agui

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/transport/a2a"
	"github.com/a2ui-go/a2ui/transport/internal/wire"
)

// Request, Transport, Sink and Stream are transport/a2a's: the same fetch glue serves
// both clients.
type (
	Request   = a2a.Request
	Transport = a2a.Transport
	Sink      = a2a.Sink
	Stream    = a2a.Stream
)

// Hooks connect a Client to the renderer and the page. All are called on the Client's
// goroutine.
type Hooks struct {
	// Open starts the render stream of one run.
	Open func() Stream
	// Emit fires a page event: "a2ui-text" {"text","messageId","role","threadId",
	// "runId"}, "a2ui-task" {"threadId","runId","state"}, "a2ui-error"
	// {"error":{"code":"AGUI_…","message"[,"aguiCode"]}}.
	Emit func(event string, detail []byte)
	// Notice shows text on the renderer as an alert (a RUN_ERROR, a failed request);
	// "" clears it.
	Notice func(text string)
	// Activity shows the lifecycle placeholder of slot id (Lifecycle.JSON); nil
	// removes it.
	Activity func(id string, lifecycle []byte)
}

// Input holds the RunAgentInput members the page sets: tools and context (JSON arrays,
// default []) and forwardedProps (a JSON object, default {}). nil means the default.
type Input struct {
	Tools, Context, ForwardedProps []byte
}

// Client runs an AG-UI thread with an agent: each turn or action is a run (a POST of
// RunAgentInput answered by an SSE stream of events), one run at a time (later ones
// wait). Every method runs on one goroutine (the renderer's UI goroutine).
type Client struct {
	t     Transport
	h     Hooks
	url   string
	id    string
	th    Thread
	slots *Slots
	busy  bool
	queue []runReq
	// shown: the lifecycle each slot's placeholder shows on the page, by slot id.
	shown map[string]*Lifecycle
	// MaxEvent caps one SSE frame (bytes).
	MaxEvent int
	// Input is what every run sends besides the thread (set it before the first run).
	Input Input
	// NewID returns a fresh id (runIds, message ids); nil means a random UUID.
	NewID func() string
}

type runReq struct {
	text   string
	action []byte
	done   func(error)
}

// NewClient returns a client for the agent whose run endpoint is url (absolute), on a
// new thread.
func NewClient(t Transport, h Hooks, url string) *Client {
	return &Client{t: t, h: h, url: url, id: newUUID(), slots: NewSlots(), shown: map[string]*Lifecycle{},
		MaxEvent: 8 << 20}
}

// ThreadID returns the thread's id, the same for every run of the client.
func (c *Client) ThreadID() string { return c.id }

// Thread returns the conversation so far.
func (c *Client) Thread() *Thread { return &c.th }

// Slots returns the slot bookkeeping.
func (c *Client) Slots() *Slots { return c.slots }

func (c *Client) newID() string {
	if c.NewID != nil {
		return c.NewID()
	}
	return newUUID()
}

// Send queues a run with a user message carrying text ("" adds none).
func (c *Client) Send(text string) {
	c.queue = append(c.queue, runReq{text: text})
	c.next()
}

// SendAction queues a run carrying the A2UI action message action (v0.9 "action" or
// v0.8 "userAction") as forwardedProps.a2uiAction.userAction. done is called once: nil
// when the agent's first event arrived and was not a RUN_ERROR, else the failure (HTTP
// status, network, RUN_ERROR, a stream that ended before any event).
func (c *Client) SendAction(action []byte, done func(error)) {
	ua, err := UserAction(action)
	if err != nil {
		c.emitError("AGUI_ACTION", "", err.Error())
		done(err)
		return
	}
	c.queue = append(c.queue, runReq{action: ua, done: done})
	c.next()
}

// UserAction converts an A2UI action message into the userAction @ag-ui/a2ui-middleware
// reads: {name, surfaceId, sourceComponentId, context, timestamp}.
func UserAction(msg []byte) ([]byte, error) {
	top, err := jsonscan.ObjectMap(msg)
	if err != nil {
		return nil, errors.New("the action is not a JSON object")
	}
	body := top["action"]
	if body == nil {
		body = top["userAction"]
	}
	m, err := jsonscan.ObjectMap(body)
	if err != nil {
		return nil, errors.New("the message is not an action")
	}
	b := []byte{'{'}
	for _, k := range [...]string{"name", "surfaceId", "sourceComponentId", "context", "timestamp"} {
		if v, ok := m[k]; ok {
			if len(b) > 1 {
				b = append(b, ',')
			}
			b = protocol.AppendJSON(b, k)
			b = append(b, ':')
			b = protocol.AppendJSON(b, rawJSON(v))
		}
	}
	return append(b, '}'), nil
}

func (c *Client) next() {
	if c.busy || len(c.queue) == 0 {
		return
	}
	q := c.queue[0]
	c.queue = c.queue[1:]
	c.busy = true
	c.h.Notice("")
	if q.text != "" {
		c.th.addUser(c.newID(), q.text)
	}
	r := &run{c: c, id: c.newID(), done: q.done}
	r.st = c.h.Open()
	body := c.input(r.id, q.action)
	c.t.Do(Request{Method: "POST", URL: c.url, Body: body, Stream: true,
		Headers: map[string]string{"Content-Type": "application/json", "Accept": "text/event-stream"}},
		&runSink{r: r, max: c.MaxEvent})
}

// input builds the RunAgentInput of run runID; action, when not nil, is the userAction
// it carries.
func (c *Client) input(runID string, action []byte) []byte {
	b := []byte(`{"threadId":`)
	b = protocol.AppendJSON(b, c.id)
	b = append(b, `,"runId":`...)
	b = protocol.AppendJSON(b, runID)
	b = append(b, `,"protocolVersion":"1.0","state":`...)
	b = append(b, c.th.State()...)
	b = append(b, `,"messages":`...)
	b = c.th.appendMessages(b)
	b = append(b, `,"tools":`...)
	b = appendOr(b, c.Input.Tools, "[]")
	b = append(b, `,"context":`...)
	b = appendOr(b, c.Input.Context, "[]")
	b = append(b, `,"forwardedProps":`...)
	fp := c.Input.ForwardedProps
	if action != nil {
		b = append(b, '{')
		if ms, err := jsonscan.Object(fp); err == nil {
			for _, kv := range ms {
				if kv.Key == "a2uiAction" {
					continue
				}
				b = protocol.AppendJSON(b, kv.Key)
				b = append(b, ':')
				b = protocol.AppendJSON(b, rawJSON(kv.Value))
				b = append(b, ',')
			}
		}
		b = append(b, `"a2uiAction":{"userAction":`...)
		b = append(b, action...)
		b = append(b, "}}"...)
	} else {
		b = appendOr(b, fp, "{}")
	}
	return append(b, '}')
}

func appendOr(b, raw []byte, def string) []byte {
	if raw == nil {
		return append(b, def...)
	}
	return protocol.AppendJSON(b, rawJSON(raw))
}

// emitError fires a2ui-error in the shape of the renderer's own errors.
func (c *Client) emitError(code, aguiCode, msg string) {
	var v []byte
	if aguiCode != "" {
		v = protocol.AppendJSON(nil, aguiCode)
	}
	c.h.Emit("a2ui-error", wire.ErrorJSON(code, msg, "aguiCode", v))
}

// run is one run in flight.
type run struct {
	c      *Client
	id     string
	st     Stream
	events int
	ended  bool
	// chunk and toolChunk are the messages TEXT_MESSAGE_CHUNK / TOOL_CALL_CHUNK events
	// are filling ("" when none).
	chunk, toolChunk string
	done             func(error)
	// why says how the run ended, for the slots it left unbuilt ("": the connection).
	why string
}

// settle reports the run's outcome to its SendAction caller, once.
func (r *run) settle(err error) {
	if d := r.done; d != nil {
		r.done = nil
		d(err)
	}
}

func (r *run) end(err error) {
	if r.ended {
		return
	}
	r.closeChunks()
	r.ended = true
	r.c.unbuilt(r.why)
	r.settle(err)
	r.st.Close(err)
	c := r.c
	c.busy = false
	c.next()
}

func (r *run) task(state string) {
	r.c.h.Emit("a2ui-task", wire.ObjectJSON("threadId", r.c.id, "runId", r.id, "state", state))
}

// event applies one SSE frame: one AG-UI event.
func (r *run) event(data []byte) {
	if r.ended {
		return
	}
	c := r.c
	data = bytes.Clone(data) // the SSE parser reuses its buffer; the thread keeps parts
	m, err := jsonscan.ObjectMap(data)
	if err != nil {
		c.emitError("AGUI_BAD_EVENT", "", "the agent sent an event that is not a JSON object: "+err.Error())
		return
	}
	ev := wire.Obj(m)
	typ := ev.Str("type")
	if typ == "" {
		c.emitError("AGUI_BAD_EVENT", "", "the agent sent an event without a type")
		return
	}
	r.events++
	if typ != "RUN_ERROR" {
		r.settle(nil)
	}
	if typ != "TEXT_MESSAGE_CHUNK" && typ != "TOOL_CALL_CHUNK" {
		r.closeChunks()
	}
	th := &c.th
	switch typ {
	case "RUN_STARTED":
		r.task("working")
	case "RUN_FINISHED":
		state := "completed"
		switch ev.Obj("outcome").Str("type") {
		case "interrupt":
			state = "input-required"
		case "cancelled":
			state = "canceled"
		}
		r.task(state)
		r.why = "the agent's run finished"
		r.end(nil)
	case "RUN_ERROR":
		msg := ev.Str("message")
		if msg == "" {
			msg = "unknown error"
		}
		r.task("failed")
		c.emitError("AGUI_RUN_ERROR", ev.Str("code"), msg)
		c.h.Notice("The agent reported an error: " + msg)
		r.settle(errors.New("the agent reported an error: " + msg))
		r.why = "the agent reported an error"
		r.end(nil) // reported: the render stream itself did not fail
	case "TEXT_MESSAGE_START":
		th.textStart(ev.Str("messageId"), ev.Str("role"), ev.Str("name"))
	case "TEXT_MESSAGE_CONTENT":
		th.textDelta(ev.Str("messageId"), ev.Str("delta"))
	case "TEXT_MESSAGE_END":
		r.textDone(ev.Str("messageId"))
	case "TEXT_MESSAGE_CHUNK":
		id := ev.Str("messageId")
		if id != "" && id != r.chunk {
			r.closeChunks()
			if th.textStart(id, ev.Str("role"), ev.Str("name")) {
				r.chunk = id
			}
		}
		if r.chunk != "" {
			th.textDelta(r.chunk, ev.Str("delta"))
		}
	case "TOOL_CALL_START":
		th.toolStart(ev.Str("toolCallId"), ev.Str("toolCallName"), ev.Str("parentMessageId"))
	case "TOOL_CALL_ARGS":
		th.toolArgs(ev.Str("toolCallId"), ev.Str("delta"))
	case "TOOL_CALL_CHUNK":
		if id := ev.Str("toolCallId"); id != "" && id != r.toolChunk {
			th.toolStart(id, ev.Str("toolCallName"), ev.Str("parentMessageId"))
			r.toolChunk = id
		}
		if r.toolChunk != "" {
			th.toolArgs(r.toolChunk, ev.Str("delta"))
		}
	case "TOOL_CALL_RESULT":
		// History only: behind the middleware the same operations also come as an
		// ACTIVITY_SNAPSHOT, which is what paints.
		th.toolResult(ev.Str("messageId"), ev.Str("toolCallId"), ev.Str("role"), ev["content"])
	case "ACTIVITY_SNAPSHOT":
		id, typ := ev.Str("messageId"), ev.Str("activityType")
		content := ev["content"]
		if id == "" || len(content) == 0 || content[0] != '{' {
			c.emitError("AGUI_BAD_EVENT", "", "ACTIVITY_SNAPSHOT without a messageId or a content object")
			return
		}
		replace := string(ev["replace"]) != "false"
		th.activity(id, typ, content, replace)
		if typ == ActivityType {
			r.slot(id, content, replace)
		}
	case "ACTIVITY_DELTA":
		id := ev.Str("messageId")
		old, oldType := th.activityContent(id)
		if old == nil {
			return // @ag-ui/client ignores a delta for an unknown activity
		}
		typ := ev.Str("activityType")
		if typ == "" {
			typ = oldType
		}
		content, err := applyPatch(old, ev["patch"])
		if err != nil {
			c.emitError("AGUI_BAD_EVENT", "", "ACTIVITY_DELTA for "+strconv.Quote(id)+" not applied: "+err.Error())
			return
		}
		th.activity(id, typ, content, true)
		if typ == ActivityType {
			r.slot(id, content, true)
		}
	case "MESSAGES_SNAPSHOT":
		list, err := jsonscan.Array(ev["messages"])
		if err != nil {
			c.emitError("AGUI_BAD_EVENT", "", "MESSAGES_SNAPSHOT without a messages array")
			return
		}
		var msgs []*message
		for _, raw := range list {
			if m := parseMessage(raw); m != nil {
				msgs = append(msgs, m)
			}
		}
		th.snapshot(msgs)
		for _, m := range msgs {
			if m.role == "activity" && m.actType == ActivityType && m.content != nil {
				r.slot(m.id, m.content, true)
			}
		}
	case "STATE_SNAPSHOT":
		if s := ev["snapshot"]; s != nil {
			th.setState(s)
		}
	case "STATE_DELTA":
		if err := th.patchState(ev["delta"]); err != nil {
			c.emitError("AGUI_BAD_EVENT", "", "STATE_DELTA not applied: "+err.Error())
		}
	}
	// Other types (steps, reasoning, RAW, CUSTOM, ...) are skipped.
}

// textDone fires a2ui-text for a finished text message.
func (r *run) textDone(id string) {
	text, role := r.c.th.text(id)
	if role == "" {
		return
	}
	r.c.h.Emit("a2ui-text", wire.ObjectJSON("text", text, "messageId", id, "role", role, "threadId", r.c.id, "runId", r.id))
}

// closeChunks ends the messages chunk events were filling.
func (r *run) closeChunks() {
	if r.chunk != "" {
		id := r.chunk
		r.chunk = ""
		r.textDone(id)
	}
	r.toolChunk = ""
}

// slot applies a snapshot of an a2ui-surface activity.
func (r *run) slot(id string, content []byte, replace bool) {
	c := r.c
	u := c.slots.Apply(id, content, replace)
	for _, p := range u.Problems {
		c.emitError("AGUI_BAD_EVENT", "", p)
	}
	if u.Ignored {
		return
	}
	for _, line := range u.Lines {
		r.st.Write(append(line, '\n'))
	}
	switch {
	case u.Painted:
		if c.shown[id] != nil {
			delete(c.shown, id)
			c.h.Activity(id, nil)
		}
	case u.Lifecycle != nil:
		c.shown[id] = u.Lifecycle
		c.h.Activity(id, u.Lifecycle.JSON())
		if u.Lifecycle.Alert() {
			o, _ := wire.Object(content)
			msg := o.Str("error")
			if msg == "" {
				msg = "A2UI generation failed"
			}
			c.emitError("AGUI_GENERATION_FAILED", "", msg)
		}
	}
}

// unbuilt replaces the building or retrying placeholders left when a run ended (why:
// how, "" for the connection) with an alert that the interface was not built, so none
// stays on the page as if work went on; a2ui-error AGUI_GENERATION_FAILED tells the page.
func (c *Client) unbuilt(why string) {
	if why == "" {
		why = "the connection to the agent ended"
	}
	ids := make([]string, 0, len(c.shown))
	for id, l := range c.shown {
		if !l.Alert() {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		l := c.shown[id].unbuilt(why)
		c.shown[id] = l
		c.h.Activity(id, l.JSON())
		c.emitError("AGUI_GENERATION_FAILED", "", "the interface of "+strconv.Quote(id)+" was not built: "+why+" before it painted")
	}
}

// runSink reads a run's response: an SSE stream of events.
type runSink struct {
	r      *run
	max    int
	status int
	sse    *protocol.SSEParser
	proto  bool
}

func (s *runSink) Start(status int, ct string) {
	s.status = status
	s.proto = strings.HasPrefix(strings.ToLower(ct), "application/vnd.ag-ui.event+proto")
	s.sse = protocol.NewSSEParser(s.max)
}

func (s *runSink) emit(ev *protocol.SSEEvent) { s.r.event(ev.Data) }

func (s *runSink) Chunk(p []byte) {
	if s.status != 200 || s.proto || s.r.ended {
		return
	}
	s.report(s.sse.Write(p, s.emit))
}

func (s *runSink) report(errs []*protocol.Error) {
	for _, err := range errs {
		s.r.c.emitError("AGUI_BAD_EVENT", "", err.Message)
	}
}

func (s *runSink) End(err error) {
	r := s.r
	if r.ended {
		return
	}
	c := r.c
	switch {
	case err != nil:
	case s.status != 200:
		err = errors.New("HTTP status " + strconv.Itoa(s.status))
	case s.proto:
		err = errors.New("the agent answered in protobuf (application/vnd.ag-ui.event+proto), not text/event-stream")
	default:
		s.report(s.sse.Close(s.emit))
		if r.ended {
			return
		}
		if r.events == 0 {
			err = errors.New("the agent's stream ended without an event")
		}
	}
	if err != nil {
		c.emitError("AGUI_STREAM", "", err.Error())
		c.h.Notice("The agent could not be reached: " + err.Error())
		r.end(err)
		return
	}
	c.emitError("AGUI_STREAM", "", "the agent's stream ended before RUN_FINISHED")
	r.end(nil)
}
