package protocol

import "strconv"

// sseFieldSlack is how much longer than the data cap one field line may be.
const sseFieldSlack = 64

// SSEEvent is one dispatched Server-Sent Event.
type SSEEvent struct {
	// Event is the event type ("message" when the stream gave none).
	Event string
	// ID is the last event id of the stream: this event's own id field, or the latest
	// one before it (ids persist across events, as in the EventSource algorithm).
	ID string
	// OwnID reports that this event carried an id field itself.
	OwnID bool
	// Data is the event payload: the data fields joined with "\n". Only valid during
	// the emit call.
	Data []byte
	// Retry is the reconnection time in milliseconds from the latest "retry" field, or
	// -1 if the stream never sent one.
	Retry int
}

// SSEParser parses a text/event-stream byte stream incrementally, following the WHATWG
// EventSource algorithm: lines end with LF, CRLF or CR; "field: value" lines (one space
// after the colon is dropped); lines starting with ":" are comments; a blank line
// dispatches the event; several data lines are joined with "\n"; an event with no data is
// not dispatched. The A2UI payload of an event is its Data, which the Decoder accepts
// as-is (one message, an array, or several JSON values separated by newlines).
//
// Each field line and each event's accumulated data are capped at maxEvent bytes: an
// over-long event is skipped and reported once with CodeLineTooLong. At Close, an event
// that was never terminated by a blank line is discarded (as EventSource does) and
// reported with CodeStream.
//
// Not safe for concurrent use; the goroutine reading the transport calls Write and Close.
type SSEParser struct {
	lb        lineBuffer
	max       int
	data      []byte
	hasData   bool
	event     string
	idBuf     string // the id field of the event being parsed (the "last event ID buffer")
	ownID     bool   // the event being parsed has an id field
	lastID    string // the id as of the last dispatched event (the "last event ID string")
	retry     int
	dropEvent bool // a line of the current event was too long
	pending   bool // some field of the current event has been seen
	errs      []*Error
}

// NewSSEParser returns a parser whose events may carry at most maxEvent bytes of data;
// maxEvent <= 0 selects DefaultMaxLine (1 MiB).
func NewSSEParser(maxEvent int) *SSEParser {
	if maxEvent <= 0 {
		maxEvent = DefaultMaxLine
	}
	p := &SSEParser{retry: -1, max: maxEvent}
	// A field line may be a little longer than the data it carries ("data: " prefix).
	p.lb.init(maxEvent+sseFieldSlack, true)
	p.lb.onLong = func() {
		// A field line is too long: the event it belongs to is incomplete; drop it.
		p.dropEvent = true
		p.pending = true
		p.data = p.data[:0]
	}
	return p
}

// Write consumes chunk and calls emit for each complete event, in order. The *SSEEvent
// and its Data are only valid during the emit call.
func (p *SSEParser) Write(chunk []byte, emit func(ev *SSEEvent)) []*Error {
	p.errs = nil
	errs := p.lb.write(chunk, func(l []byte) { p.line(l, emit) }, nil)
	return p.collect(errs)
}

// Close ends the stream. A final event without its terminating blank line is discarded
// and reported, and so is its id field: LastEventID stays that of the last dispatched
// event. The parser is reset (the last event id and retry are kept), ready for the
// next connection of the same event source.
func (p *SSEParser) Close(emit func(ev *SSEEvent)) []*Error {
	p.errs = nil
	errs := p.lb.close(func(l []byte) { p.line(l, emit) }, nil)
	if p.pending && !p.dropEvent && p.hasData {
		p.errs = append(p.errs, &Error{
			Code:    CodeStream,
			Message: "stream ended inside an event; " + strconv.Itoa(len(p.data)) + " bytes of data discarded",
		})
	}
	p.reset()
	return p.collect(errs)
}

// LastEventID returns the id to send in Last-Event-ID when reconnecting: the id as of
// the last complete (dispatched) event, never that of an event cut off by a drop.
func (p *SSEParser) LastEventID() string { return p.lastID }

// Retry returns the reconnection time in milliseconds from the latest "retry" field, or
// -1 if the stream never sent one.
func (p *SSEParser) Retry() int { return p.retry }

func (p *SSEParser) collect(errs []*Error) []*Error {
	if len(p.errs) == 0 {
		return errs
	}
	return append(errs, p.errs...)
}

func (p *SSEParser) reset() {
	p.idBuf = p.lastID
	p.ownID = false
	p.data = p.data[:0]
	p.hasData = false
	p.event = ""
	p.dropEvent = false
	p.pending = false
}

func (p *SSEParser) line(l []byte, emit func(ev *SSEEvent)) {
	if len(l) == 0 {
		p.dispatch(emit)
		return
	}
	if l[0] == ':' {
		return // comment
	}
	p.pending = true
	var field, value []byte
	if i := indexByte(l, ':'); i >= 0 {
		field, value = l[:i], l[i+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	} else {
		field = l
	}
	switch string(field) {
	case "data":
		if p.dropEvent {
			return
		}
		extra := len(value)
		if p.hasData {
			extra++
		}
		if len(p.data)+extra > p.max {
			p.errs = append(p.errs, &Error{
				Code:    CodeLineTooLong,
				Message: "event data before line " + strconv.Itoa(p.lb.lineNo) + " exceeds " + strconv.Itoa(p.max) + " bytes; event skipped",
			})
			p.dropEvent = true
			p.data = p.data[:0]
			return
		}
		if p.hasData {
			p.data = append(p.data, '\n')
		}
		p.data = append(p.data, value...)
		p.hasData = true
	case "event":
		p.event = string(value)
	case "id":
		if indexByte(value, 0) < 0 {
			p.idBuf = string(value)
			p.ownID = true
		}
	case "retry":
		if n, ok := parseDigits(value); ok {
			p.retry = n
		}
	}
}

func (p *SSEParser) dispatch(emit func(ev *SSEEvent)) {
	// As in EventSource, the id is committed even by an event without data.
	p.lastID = p.idBuf
	if p.hasData && !p.dropEvent {
		ev := SSEEvent{Event: p.event, ID: p.lastID, OwnID: p.ownID, Data: p.data, Retry: p.retry}
		if ev.Event == "" {
			ev.Event = "message"
		}
		emit(&ev)
	}
	p.reset()
}

func indexByte(p []byte, c byte) int {
	for i, b := range p {
		if b == c {
			return i
		}
	}
	return -1
}

func parseDigits(p []byte) (int, bool) {
	if len(p) == 0 || len(p) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range p {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
