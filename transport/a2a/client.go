package a2a

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/transport/internal/wire"
)

// Transport performs HTTP requests for a Client. The browser implements it with fetch
// (webhost); tests with net/http or in memory.
type Transport interface {
	// Do starts req and returns at once. The response is reported to sink on the
	// Client's goroutine: Start with the status and Content-Type, Chunk for each piece
	// of the body, then End (err != nil when the request or the body failed). A request
	// that fails before a response calls End only.
	Do(req Request, sink Sink)
	// After runs f on the Client's goroutine after d.
	After(d time.Duration, f func())
}

// Sink receives one response.
type Sink interface {
	Start(status int, contentType string)
	Chunk(b []byte)
	End(err error)
}

// Stream is where a turn's A2UI messages go (render.Stream, opened through
// render.Renderer.Connect so its failure stays on the page): each A2UI payload is
// written as one JSONL line; Close ends the turn (err != nil when it failed).
type Stream = wire.Stream

// Hooks connect a Client to the renderer and the page. All are called on the Client's
// goroutine.
type Hooks struct {
	// Open starts the stream of one turn; quiet marks the turn carrying an error report
	// (errors its messages cause are not reported to the agent again).
	Open func(quiet bool) Stream
	// Emit fires a page event: "a2ui-text" {"text","taskId","contextId"},
	// "a2ui-task" {"taskId","contextId","state"}, "a2ui-error"
	// {"error":{"code":"A2A_…","message","a2aCode"}}.
	Emit func(event string, detail []byte)
	// Notice shows text on the renderer (an agent error, a failed task); "" clears it.
	Notice func(text string)
}

// Client runs turns with an agent: card discovery, then one JSON-RPC exchange per turn,
// one turn at a time (later sends wait), resubscribing to the task after a dropped
// stream. Every method runs on one goroutine (the renderer's UI goroutine).
type Client struct {
	t      Transport
	h      Hooks
	s      *Session
	ours   []string
	ready  bool
	failed error
	busy   bool
	queue  []turnReq
	// MaxEvent caps one SSE event or JSON response (bytes).
	MaxEvent int
	// Retries is how many times a dropped turn is resumed (default 3); Backoff the
	// first wait (doubled each time, default 250ms).
	Retries int
	Backoff time.Duration
	// Inline gives the renderer's inline catalog documents (Session.Inline); set it
	// before the card arrives.
	Inline func(protocol.Version) []json.RawMessage
}

type turnReq struct {
	text  string
	a2ui  [][]byte
	dm    func() []byte
	quiet bool
	// id is the A2A messageId ("": a new one); done, when not nil, learns the outcome.
	id   string
	done func(error)
}

// NewClient returns a client for the agent at agent (its absolute base URL or card
// URL); it starts fetching the card at once. catalogs are the renderer's catalog ids.
func NewClient(t Transport, h Hooks, agent string, catalogs []string) *Client {
	c := &Client{t: t, h: h, ours: catalogs, Retries: 3, Backoff: 250 * time.Millisecond, MaxEvent: 8 << 20}
	urls, err := CardURLs(agent)
	if err != nil {
		c.fail(err)
		return c
	}
	c.fetchCard(urls, nil)
	return c
}

// Session returns the session once the card is read (nil before).
func (c *Client) Session() *Session { return c.s }

func (c *Client) fail(err error) {
	c.failed = err
	c.emitError("A2A_CARD", 0, err.Error())
	c.h.Notice("Cannot connect to the agent: " + err.Error())
	q := c.queue
	c.queue = nil
	for _, t := range q {
		if t.done != nil {
			t.done(errors.New("cannot connect to the agent: " + err.Error()))
		}
	}
}

func (c *Client) fetchCard(urls []string, last error) {
	if len(urls) == 0 {
		if last == nil {
			last = errors.New("no agent card")
		}
		c.fail(last)
		return
	}
	u := urls[0]
	b := &bodySink{max: c.MaxEvent}
	b.done = func(err error) {
		if err == nil && b.status != 200 {
			err = errors.New(u + ": HTTP status " + strconv.Itoa(b.status))
		}
		if err != nil {
			c.fetchCard(urls[1:], err)
			return
		}
		card, err := ParseCard(b.buf, u)
		if err != nil {
			c.fail(errors.New(u + ": " + err.Error()))
			return
		}
		c.s = NewSession(card, c.ours)
		c.s.Inline = c.Inline
		c.ready = true
		c.next()
	}
	c.t.Do(Request{Method: "GET", URL: u, Headers: map[string]string{"Accept": "application/json"}}, b)
}

// maxQueued bounds the error reports waiting for a turn: beyond it they are dropped
// (the page still got each as an a2ui-error event).
const maxQueued = 64

// Send queues a user turn: text (may be ""), A2UI client messages, and the client
// data model (called when the turn starts; nil or returning nil means none). quiet
// marks an error report: reports waiting behind a turn are merged into one message.
func (c *Client) Send(text string, a2ui [][]byte, dataModel func() []byte, quiet bool) {
	if c.failed != nil {
		c.emitError("A2A_CARD", 0, "not connected to the agent: "+c.failed.Error())
		return
	}
	if n := len(c.queue); quiet && text == "" && n > 0 && c.queue[n-1].quiet && c.queue[n-1].text == "" {
		if len(c.queue[n-1].a2ui) < maxQueued {
			c.queue[n-1].a2ui = append(c.queue[n-1].a2ui, a2ui...)
		}
		return
	}
	c.queue = append(c.queue, turnReq{text: text, a2ui: a2ui, dm: dataModel, quiet: quiet})
	c.next()
}

// SendAction queues a turn carrying one A2UI action message as an A2A message whose
// messageId is id (a retry with the same id is the same message). done is called once,
// on the caller's goroutine: nil when the agent's first event arrived and was not an
// error or a failed task, else the failure (no card, HTTP status, network, JSON-RPC
// error, failed task, stream ended before any event).
func (c *Client) SendAction(id string, action []byte, dataModel func() []byte, done func(error)) {
	if c.failed != nil {
		c.emitError("A2A_CARD", 0, "not connected to the agent: "+c.failed.Error())
		done(errors.New("not connected to the agent: " + c.failed.Error()))
		return
	}
	c.queue = append(c.queue, turnReq{a2ui: [][]byte{action}, dm: dataModel, id: id, done: done})
	c.next()
}

func (c *Client) next() {
	if !c.ready || c.busy || len(c.queue) == 0 {
		return
	}
	t := c.queue[0]
	c.queue = c.queue[1:]
	c.busy = true
	c.h.Notice("")
	var dm []byte
	if t.dm != nil {
		dm = t.dm()
	}
	tr := &turn{c: c, st: c.h.Open(t.quiet), left: c.Retries, wait: c.Backoff, done: t.done}
	tr.do(c.s.SendID(t.id, t.text, t.a2ui, dm), phaseSend)
}

type phase uint8

const (
	phaseSend phase = iota
	phaseResubscribe
	phaseGet
)

// turn is one user turn in flight, across resubscribes.
type turn struct {
	c     *Client
	st    Stream
	task  string // the task this turn's events named
	final bool
	// getting: a GetTask is in flight; the resubscribe stream's end is moot.
	getting bool
	left    int
	wait    time.Duration
	ended   bool
	// done: see SendAction (nil once called).
	done func(error)
}

// settle reports the turn's outcome to its SendAction caller, once.
func (t *turn) settle(err error) {
	if d := t.done; d != nil {
		t.done = nil
		d(err)
	}
}

func (t *turn) do(req Request, ph phase) {
	sink := &eventSink{t: t, ph: ph, max: t.c.MaxEvent}
	t.c.t.Do(req, sink)
}

// event applies one response event.
func (t *turn) event(data []byte, ph phase) {
	if t.ended {
		return
	}
	c := t.c
	res := c.s.Event(data)
	if res.Bad != "" {
		c.emitError("A2A_BAD_EVENT", 0, res.Bad) // skipped; the stream goes on
		return
	}
	if res.Err != nil {
		if ph == phaseResubscribe && t.task != "" &&
			(res.Err.Code == CodeTaskNotFound || res.Err.Code == CodeUnsupportedOperation) {
			// The task is no longer live (it ended while we were away): read it whole.
			t.getting = true
			t.do(c.s.GetTask(t.task), phaseGet)
			return
		}
		c.emitError("A2A_ERROR", res.Err.Code, res.Err.Message)
		t.settle(errors.New("the agent reported an error: " + res.Err.Message + " (" + strconv.Itoa(res.Err.Code) + ")"))
		c.h.Notice("The agent reported an error: " + res.Err.Message + " (" + strconv.Itoa(res.Err.Code) + ")")
		t.final = true
		t.end(nil)
		return
	}
	if res.TaskID != "" {
		t.task = res.TaskID
	}
	for _, p := range res.A2UI {
		t.st.Write(append(p, '\n'))
	}
	for _, b := range res.BadBlocks {
		c.emitError("A2A_BAD_A2UI", 0, "the agent sent an A2UI block that could not be read: "+b+"; it is skipped")
	}
	for _, txt := range res.Texts {
		c.h.Emit("a2ui-text", wire.ObjectJSON("text", txt, "taskId", res.TaskID, "contextId", res.ContextID))
	}
	if res.State != "" {
		c.h.Emit("a2ui-task", wire.ObjectJSON("taskId", res.TaskID, "contextId", res.ContextID, "state", res.State))
	}
	if res.Failed() {
		msg := "the agent's task " + res.State
		if len(res.Texts) > 0 {
			msg += ": " + strings.Join(res.Texts, " ")
		}
		c.emitError("A2A_TASK_FAILED", 0, msg)
		t.settle(errors.New(msg))
		c.h.Notice("The agent could not complete the request: " + strings.TrimPrefix(msg, "the agent's task "+res.State+": "))
	}
	if res.Final {
		t.final = true
	}
	t.settle(nil)
}

// streamEnd decides what follows the end of a response: the turn ends after a final
// event, after the end of a 0.3 stream, or when nothing can be resumed; otherwise the
// task is resubscribed (after a backoff), at most Retries times.
func (t *turn) streamEnd(err error, ph phase) {
	if t.ended {
		return
	}
	c := t.c
	switch {
	case ph == phaseGet:
		if err != nil {
			c.emitError("A2A_STREAM", 0, err.Error())
		}
		t.end(err)
		return
	case t.getting:
		return
	case t.final:
		t.end(nil)
		return
	}
	if err == nil && c.s.card.Version == V03 {
		t.end(nil) // 0.3: the end of the response stream ends the turn
		return
	}
	if t.task == "" || t.left == 0 || !c.s.card.Streaming {
		if err == nil {
			err = errors.New("the agent's stream ended before the turn was complete")
		}
		c.emitError("A2A_STREAM", 0, err.Error())
		t.end(err)
		return
	}
	t.left--
	wait := t.wait
	t.wait *= 2
	c.h.Emit("a2ui-task", wire.ObjectJSON("taskId", t.task, "contextId", c.s.contextID, "state", "reconnecting"))
	c.t.After(wait, func() {
		if !t.ended {
			t.do(c.s.Resubscribe(t.task), phaseResubscribe)
		}
	})
}

func (t *turn) end(err error) {
	if t.ended {
		return
	}
	t.ended = true
	t.settle(err)
	t.st.Close(err)
	c := t.c
	c.busy = false
	c.next()
}

// emitError fires a2ui-error in the shape of the renderer's own errors:
// {"error":{"code":..,"message":..[,"a2aCode":n]}} (no version: it is not an A2UI message
// and is never sent to the agent).
func (c *Client) emitError(code string, a2aCode int, msg string) {
	var v []byte
	if a2aCode != 0 {
		v = strconv.AppendInt(nil, int64(a2aCode), 10)
	}
	c.h.Emit("a2ui-error", wire.ErrorJSON(code, msg, "a2aCode", v))
}

// bodySink collects a whole response body (at most max bytes).
type bodySink struct {
	status int
	buf    []byte
	max    int
	over   bool
	done   func(error)
}

func (b *bodySink) Start(status int, _ string) { b.status = status }
func (b *bodySink) Chunk(p []byte) {
	if len(b.buf)+len(p) > b.max {
		b.over = true
		return
	}
	b.buf = append(b.buf, p...)
}
func (b *bodySink) End(err error) {
	if err == nil && b.over {
		err = errors.New("response larger than " + strconv.Itoa(b.max) + " bytes")
	}
	b.done(err)
}

// eventSink reads one JSON-RPC response: SSE events, or one JSON body.
type eventSink struct {
	t      *turn
	ph     phase
	max    int
	status int
	sse    *protocol.SSEParser
	body   bodySink
}

func (e *eventSink) Start(status int, ct string) {
	e.status = status
	if strings.HasPrefix(strings.ToLower(ct), "text/event-stream") {
		e.sse = protocol.NewSSEParser(e.max)
	}
	e.body.max = e.max
}

func (e *eventSink) emit(ev *protocol.SSEEvent) { e.t.event(ev.Data, e.ph) }

func (e *eventSink) Chunk(p []byte) {
	if e.status != 200 {
		return
	}
	if e.sse != nil {
		e.report(e.sse.Write(p, e.emit))
		return
	}
	e.body.Chunk(p)
}

func (e *eventSink) report(errs []*protocol.Error) {
	for _, err := range errs {
		e.t.c.emitError(err.Code, 0, err.Message)
	}
}

func (e *eventSink) End(err error) {
	if err == nil && e.status != 200 {
		err = errors.New("HTTP status " + strconv.Itoa(e.status))
		if e.status >= 400 && e.status < 500 {
			// A client error will not heal by retrying.
			e.t.final = true
			e.t.c.emitError("A2A_STREAM", 0, err.Error())
			e.t.c.h.Notice("The agent refused the request: " + err.Error())
			e.t.settle(err)
			e.t.end(nil)
			return
		}
	}
	if e.sse != nil {
		if err == nil {
			e.report(e.sse.Close(e.emit))
		}
	} else if err == nil && e.status == 200 {
		if e.body.over {
			err = errors.New("response larger than " + strconv.Itoa(e.max) + " bytes")
		} else if len(e.body.buf) > 0 {
			e.t.event(e.body.buf, e.ph)
		}
	}
	e.t.streamEnd(err, e.ph)
}
