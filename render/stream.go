package render

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/internal/jsonscan"

	"github.com/a2ui-go/a2ui/protocol"
)

// Framing selects how a stream's bytes are cut into messages.
type Framing uint8

const (
	// JSONL: one JSON message (or array of messages) per line.
	JSONL Framing = iota
	// SSE: text/event-stream; each event's data is one JSON message or array.
	SSE
)

// FramingFor picks the framing from a transport name ("jsonl", "sse", "") and a response
// Content-Type: an explicit name wins, then text/event-stream means SSE.
func FramingFor(transport, contentType string) Framing {
	switch transport {
	case "sse":
		return SSE
	case "jsonl":
		return JSONL
	}
	if len(contentType) >= 17 && contentType[:17] == "text/event-stream" {
		return SSE
	}
	return JSONL
}

// Reconnection delays of an SSE stream (EventSource semantics): the stream's own retry:
// field, or DefaultReconnectDelay, after a connection that delivered events; doubled for
// each further connection that delivered none (from at least minBackoff), up to
// MaxReconnectDelay (or the retry: value, if larger).
const (
	DefaultReconnectDelay = time.Second
	MaxReconnectDelay     = 30 * time.Second
	minBackoff            = 500 * time.Millisecond
)

// reconnectDelay is the wait before the next connection: base after a connection that
// delivered events (failures == 0), then doubling per consecutive empty connection.
func reconnectDelay(base time.Duration, failures int) time.Duration {
	if failures <= 0 {
		return base
	}
	limit := max(MaxReconnectDelay, base)
	d := max(base, minBackoff)
	for i := 0; i < failures && d < limit; i++ {
		d *= 2
	}
	return min(d, limit)
}

// Stream states reported in a2ui-stream events and shown by the surfaces it feeds.
const (
	stateOpen         = "open"         // bytes are arriving on a connection
	stateReconnecting = "reconnecting" // waiting to reconnect, or reconnected and not yet receiving
	stateClosed       = "closed"       // ended normally (JSONL end, or HTTP 204 for SSE)
	stateFailed       = "failed"       // ended by an error (HTTP status, network error for JSONL)
)

// Stream is one incoming byte stream (the element's src, a connect() call, or the body
// of an action's response). Each stream has its own splitter and decoder, so the
// protocol version is detected per stream. All methods run on the UI goroutine.
//
// A stream opened with Connect or Attach knows its Transport and Request, so it can
// open it again: an SSE stream whose Request has Resume reconnects after its connection
// closes or drops, as EventSource does (after the retry: delay, with backoff; with the
// Last-Event-ID of the last complete event; events the server repeats are skipped), and
// stops for good on HTTP 204 or an error status. A stream that failed offers a Retry
// in the surfaces it fed (Retry); a JSONL retry skips the lines already applied.
type Stream struct {
	r        *Renderer
	framing  Framing
	split    *protocol.Splitter
	sse      *protocol.SSEParser
	dec      *protocol.Decoder
	touched  map[string]bool
	done     bool
	messages int
	// localErrors: this stream's transport failure goes to the page, not the agent.
	localErrors bool
	// quiet: errors caused by this stream's messages go to the page, not the agent.
	quiet bool
	// url is where the stream comes from: surfaces it creates resolve relative URLs
	// against it ("" → Options.BaseURL).
	url string

	// Reconnection (streams from Connect/Attach only).
	t         Transport
	req       Request
	started   bool   // framing chosen (the first response arrived)
	conn      int    // connections opened so far
	failures  int    // consecutive connections that delivered no event
	gotData   bool   // the current connection delivered bytes
	gotEvent  bool   // the current connection delivered an event or line
	resuming  bool   // reconnecting: surfaces show it until bytes arrive again
	resumeID  string // Last-Event-ID sent on this connection
	catchUp   bool   // skipping events at or before resumeID that the server repeats
	lines     int    // JSONL lines consumed (all connections)
	skip      int    // JSONL lines of this connection already applied (Retry)
	stopTimer func()
	onEnd     []func()
	err       error // what ended the stream for good (end)
	// action, set for an action POST, learns the outcome of the response head once;
	// headErr is that outcome (a failure shows beside the Button, not as a stream error).
	action   func(error)
	headSeen bool
	headErr  error
}

// head passes the response head's outcome to the action waiting for it, once.
func (st *Stream) head(err error) {
	if st.action == nil || st.headSeen {
		return
	}
	st.headSeen, st.headErr = true, err
	st.action(err)
}

// SetURL records the stream's absolute URL (the response's final URL): the surfaces it
// creates resolve relative and protocol-relative URLs against it, and it is their
// allowlists' "self". Call it before the first Write.
func (st *Stream) SetURL(u string) { st.url = u }

// NewStream starts a stream with the given framing. It cannot reconnect (see Connect).
func (r *Renderer) NewStream(f Framing) *Stream {
	st := &Stream{r: r, dec: r.newDecoder(), touched: map[string]bool{}}
	st.start(f)
	return st
}

func (st *Stream) start(f Framing) {
	st.started = true
	st.framing = f
	if f == SSE {
		st.sse = protocol.NewSSEParser(st.r.opts.MaxLine)
	} else {
		st.split = protocol.NewSplitter(st.r.opts.MaxLine)
	}
}

// Messages returns the number of messages the stream has delivered.
func (st *Stream) Messages() int { return st.messages }

// OnEnd registers f to run (on the UI goroutine) once the stream has ended for good:
// it will not reconnect by itself any more. If it already has, f runs at once.
// Err is the error that ended the stream for good (nil while it runs, or when it ended
// normally). Call it on the UI goroutine, e.g. from an OnEnd function.
func (st *Stream) Err() error { return st.err }

func (st *Stream) OnEnd(f func()) {
	if st.done && st.stopTimer == nil {
		f()
		return
	}
	st.onEnd = append(st.onEnd, f)
}

// Write feeds a chunk of bytes; complete messages are applied at once, rendering waits
// for the next frame.
func (st *Stream) Write(chunk []byte) {
	if st.done {
		return
	}
	st.head(nil)
	if !st.gotData && len(chunk) > 0 {
		st.gotData = true
		st.opened()
	}
	var errs []*protocol.Error
	if st.sse != nil {
		errs = st.sse.Write(chunk, st.event)
	} else {
		errs = st.split.Write(chunk, st.line)
	}
	st.report(errs)
}

// Close ends the current connection. err == nil means the body ended normally; a
// *StatusError means the server refused it (204 ends an SSE stream normally); any
// other error is a network failure. A resumable SSE stream reconnects unless the
// server refused; otherwise surfaces this stream fed that are still not ready show that
// they will not complete, and a failure is reported (with a Retry where possible).
func (st *Stream) Close(err error) {
	if st.done {
		return
	}
	st.head(err)
	var se *StatusError
	refused := errors.As(err, &se)
	resume := !refused && st.resumable()
	var errs []*protocol.Error
	if st.sse != nil {
		errs = st.sse.Close(st.event)
		if resume {
			// An event cut off by the drop is not lost: the server sends it again
			// after the Last-Event-ID of the event before it.
			errs = slices.DeleteFunc(errs, func(e *protocol.Error) bool { return e.Code == protocol.CodeStream })
		}
	} else if st.split != nil && (err == nil || st.t == nil) {
		// A line cut off by a failure is not applied (Retry requests it again).
		errs = st.split.Close(st.line)
	}
	st.report(errs)
	if refused && se.Status == 204 {
		err = nil // "no content": stop without an error
	} else if resume {
		st.reconnect()
		return
	}
	st.end(err)
}

// resumable reports whether the stream reconnects by itself when its connection ends.
func (st *Stream) resumable() bool {
	return st.t != nil && st.req.Resume && st.framing == SSE && st.r.opts.AfterFunc != nil
}

// canRetry reports whether a failed stream can be opened again by the user.
func (st *Stream) canRetry() bool { return st.t != nil && !st.req.Reply }

// end finishes the stream for good.
func (st *Stream) end(err error) {
	st.done = true
	st.err = err
	r := st.r
	delete(r.streams, st)
	switch {
	case err != nil && st.headErr != nil:
		// An action POST that got no usable answer: its Button shows the failure
		// (a2ui-action-failed), not the stream.
	case err != nil:
		e := &protocol.Error{Code: protocol.CodeStream, Message: "the stream failed: " + err.Error()}
		if st.localErrors {
			r.host.Emit("a2ui-error", protocol.EncodeError(r.lastVersion, e))
		} else {
			r.Report(e)
		}
		st.emitState(stateFailed, err)
	default:
		st.emitState(stateClosed, nil)
	}
	for id := range st.touched {
		s := r.surf[id]
		ms, ok := r.proc.Surface(id)
		if s == nil || !ok {
			continue
		}
		if err != nil {
			s.status = "failed"
			s.stream = st
			r.markDirty(s)
			continue
		}
		if s.stream == st && s.status == stateReconnecting {
			s.status = "" // stopped by the server (204): nothing more will come
			r.markDirty(s)
		}
		if !ms.Ready() {
			s.status = "ended"
			s.stream = st
			r.Report(&protocol.Error{Code: protocol.CodeStream, SurfaceID: id,
				Message: "the stream ended before the surface had its root component"})
			r.markDirty(s)
		}
	}
	fns := st.onEnd
	st.onEnd = nil
	for _, f := range fns {
		f()
	}
}

// reconnect schedules the next connection and shows the surfaces it fed as
// reconnecting.
func (st *Stream) reconnect() {
	if st.gotEvent {
		st.failures = 0
	} else {
		st.failures++
	}
	base := DefaultReconnectDelay
	if ms := st.sse.Retry(); ms >= 0 {
		base = time.Duration(ms) * time.Millisecond
	}
	delay := reconnectDelay(base, st.failures)
	st.setResuming()
	st.emitState(stateReconnecting, nil, "delay", strconv.FormatInt(delay.Milliseconds(), 10))
	st.stopTimer = st.r.opts.AfterFunc(delay, func() {
		st.stopTimer = nil
		if !st.done {
			st.connect()
		}
	})
}

// setResuming marks the stream's surfaces as reconnecting until bytes arrive again.
func (st *Stream) setResuming() {
	st.resuming = true
	for id := range st.touched {
		if s := st.r.surf[id]; s != nil && s.status != "ended" {
			s.status = stateReconnecting
			s.stream = st
			st.r.markDirty(s)
		}
	}
}

// connect opens the next connection of the stream.
func (st *Stream) connect() {
	st.conn++
	st.gotData, st.gotEvent = false, false
	req := st.req
	st.catchUp, st.resumeID = false, ""
	if st.sse != nil {
		if id := st.sse.LastEventID(); id != "" && headerSafe(id) {
			req.Headers = make(map[string]string, len(st.req.Headers)+1)
			for k, v := range st.req.Headers {
				req.Headers[k] = v
			}
			req.Headers["Last-Event-ID"] = id
			st.resumeID, st.catchUp = id, true
		}
	}
	if st.action != nil {
		req.Head = st.head
	}
	st.r.streams[st] = true
	st.t.Open(req, st.response)
}

// headerSafe reports whether id can travel as a header value (printable ASCII): fetch
// refuses others outright, which would fail every reconnection.
func headerSafe(id string) bool {
	for i := 0; i < len(id); i++ {
		if id[i] < 0x20 || id[i] > 0x7e {
			return false
		}
	}
	return len(id) <= 1024
}

// response is the transport's open callback: the framing is chosen by the first one.
func (st *Stream) response(contentType string) *Stream {
	if !st.started {
		st.start(FramingFor(st.req.Transport, contentType))
	}
	return st
}

// opened runs when a connection delivers its first bytes: a reconnected stream has
// recovered, and the surfaces it fed stop showing a reconnecting or lost state.
func (st *Stream) opened() {
	if st.t == nil {
		return
	}
	st.emitState(stateOpen, nil)
	if !st.resuming {
		return
	}
	st.resuming = false
	for id := range st.touched {
		if s := st.r.surf[id]; s != nil && s.stream == st && (s.status == stateReconnecting || s.status == "failed") {
			s.status = ""
			st.r.markDirty(s)
		}
	}
}

// Retry opens a stream that failed again (the surfaces' Retry button). An SSE stream
// resumes from its last event id; a JSONL stream skips the lines it already applied.
func (st *Stream) Retry() {
	if !st.done || st.stopTimer != nil || !st.canRetry() {
		return
	}
	st.done = false
	st.failures = 0
	if st.split != nil {
		st.split = protocol.NewSplitter(st.r.opts.MaxLine)
		st.skip = st.lines
	}
	st.setResuming()
	st.emitState(stateReconnecting, nil)
	st.connect()
}

// stop ends the stream without reporting anything (the renderer is destroyed).
func (st *Stream) stop() {
	st.done = true
	if st.stopTimer != nil {
		st.stopTimer()
		st.stopTimer = nil
	}
	st.onEnd = nil
}

// emitState fires an a2ui-stream event on the page for streams the page opened:
// {"state":…, "connection":n, "messages":applied so far[, "lastEventId":…][, "error":…]
// [, extra pairs]}.
func (st *Stream) emitState(state string, err error, extra ...string) {
	if st.t == nil || st.req.Reply {
		return
	}
	b := append(make([]byte, 0, 96), `{"state":"`...)
	b = append(b, state...)
	b = append(b, `","connection":`...)
	b = strconv.AppendInt(b, int64(st.conn), 10)
	b = append(b, `,"messages":`...)
	b = strconv.AppendInt(b, int64(st.messages), 10)
	if st.sse != nil && st.sse.LastEventID() != "" {
		b = append(b, `,"lastEventId":`...)
		b = protocol.AppendJSON(b, st.sse.LastEventID())
	}
	if err != nil {
		b = append(b, `,"error":`...)
		b = protocol.AppendJSON(b, err.Error())
	}
	for i := 0; i+1 < len(extra); i += 2 {
		b = append(b, ',')
		b = protocol.AppendJSON(b, extra[i])
		b = append(b, ':')
		b = append(b, extra[i+1]...)
	}
	st.r.host.Emit("a2ui-stream", append(b, '}'))
}

func (st *Stream) event(ev *protocol.SSEEvent) {
	if st.catchUp {
		if ev.OwnID && repeated(ev.ID, st.resumeID) {
			return // the server sent again an event we applied before the drop
		}
		st.catchUp = false
	}
	st.apply(ev.Data)
}

// repeated reports whether event id comes at or before last: equal ids, or both decimal
// numbers and id <= last. Other ids are opaque and only compared for equality.
func repeated(id, last string) bool {
	if id == last {
		return true
	}
	a, err1 := strconv.ParseUint(id, 10, 64)
	b, err2 := strconv.ParseUint(last, 10, 64)
	return err1 == nil && err2 == nil && a <= b
}

func (st *Stream) line(line []byte) {
	if st.skip > 0 {
		st.skip-- // applied before the connection failed (Retry)
		return
	}
	st.lines++
	st.apply(line)
}

func (st *Stream) apply(data []byte) {
	st.gotEvent = true
	st.r.base = st.url
	defer func() { st.r.base = "" }()
	if st.quiet {
		st.r.quiet++
		defer func() { st.r.quiet-- }()
	}
	var msgs []protocol.Message
	handled := false
	if p := st.r.opts.Profile; p != nil {
		msgs, handled = p.Decode(st.r, data)
	}
	if !handled {
		var errs []*protocol.Error
		msgs, errs = st.decode(data)
		st.report(errs)
	}
	for _, m := range msgs {
		st.messages++
		if id := m.Surface(); id != "" {
			st.touched[id] = true
		}
		st.r.applyGuarded(m)
	}
}

// decode is Decoder.Decode with a recovered panic turned into an error for the line.
func (st *Stream) decode(line []byte) (msgs []protocol.Message, errs []*protocol.Error) {
	defer func() {
		if p := recover(); p != nil {
			msgs, errs = nil, []*protocol.Error{{Code: protocol.CodeRender, Message: "decoding the line failed: " + protocol.PanicText(p)}}
		}
	}()
	return st.dec.Decode(line)
}

// applyGuarded is Apply with a recovered panic confined to the message's surface: the
// surface shows the crash notice, the stream and the other surfaces go on.
func (r *Renderer) applyGuarded(m protocol.Message) {
	defer func() {
		if p := recover(); p != nil {
			id := m.Surface()
			if s := r.surf[id]; s != nil && s.crashed == "" {
				s.crashed = protocol.PanicText(p)
				r.markDirty(s)
			}
			r.Report(&protocol.Error{Code: protocol.CodeRender, SurfaceID: id, Message: "applying a message failed: " + protocol.PanicText(p)})
		}
	}()
	r.Apply(m)
}

func (st *Stream) report(errs []*protocol.Error) {
	for _, e := range errs {
		st.r.Report(e)
	}
}

// Process applies a complete payload given by the page: a JSON message, a JSON array of
// messages, or JSONL text.
func (r *Renderer) Process(payload []byte) {
	st := r.NewStream(JSONL)
	if t, ok := oneSpreadValue(payload); ok {
		st.apply(t) // decoding validates it
		return
	}
	// Not Close: a page's payload is complete in itself, it does not end a stream.
	st.Write(payload)
	st.report(st.split.Close(st.line))
}

// oneSpreadValue reports whether payload is one JSON object or array spread over several
// lines (pretty-printed), not JSONL, and returns it trimmed. It looks at quotes and
// brackets only, in one fast pass: decoding the value validates it.
func oneSpreadValue(payload []byte) ([]byte, bool) {
	t := bytes.TrimSpace(payload)
	if len(t) == 0 || t[0] != '{' && t[0] != '[' {
		return nil, false
	}
	v, rest := jsonscan.TrustedNext(t)
	return t, len(rest) == 0 && bytes.IndexByte(v, '\n') >= 0
}

// ProcessPieces cuts a payload for Process into pieces of about size bytes, each ending at
// a line end, and returns one function per piece: calling them in order applies the
// payload like Process. The browser runs each in its own task, so a huge payload never
// holds the main thread for long. A payload that is one JSON value spread over several
// lines (pretty-printed) stays one piece.
func (r *Renderer) ProcessPieces(payload []byte, size int) []func() {
	whole := []func(){func() { r.Process(payload) }}
	if size <= 0 || len(payload) <= size {
		return whole
	}
	if _, ok := oneSpreadValue(payload); ok {
		return whole
	}
	var out []func()
	for len(payload) > 0 {
		n := len(payload)
		if size < n {
			if i := bytes.IndexByte(payload[size:], '\n'); i >= 0 {
				n = size + i + 1
			}
		}
		piece := payload[:n]
		payload = payload[n:]
		out = append(out, func() { r.Process(piece) })
	}
	return out
}
