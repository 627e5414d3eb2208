package render

import (
	"bytes"

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

// Stream is one incoming byte stream (the element's src, a connect() call, or the body
// of an action's response). Each stream has its own splitter and decoder, so the
// protocol version is detected per stream. All methods run on the UI goroutine.
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
}

// SetURL records the stream's absolute URL (the response's final URL): the surfaces it
// creates resolve relative and protocol-relative URLs against it, and it is their
// allowlists' "self". Call it before the first Write.
func (st *Stream) SetURL(u string) { st.url = u }

// NewStream starts a stream with the given framing.
func (r *Renderer) NewStream(f Framing) *Stream {
	st := &Stream{r: r, framing: f, dec: protocol.NewDecoder(), touched: map[string]bool{}}
	if f == SSE {
		st.sse = protocol.NewSSEParser(r.opts.MaxLine)
	} else {
		st.split = protocol.NewSplitter(r.opts.MaxLine)
	}
	return st
}

// Messages returns the number of messages the stream has delivered.
func (st *Stream) Messages() int { return st.messages }

// Write feeds a chunk of bytes; complete messages are applied at once, rendering waits
// for the next frame.
func (st *Stream) Write(chunk []byte) {
	if st.done {
		return
	}
	var errs []*protocol.Error
	if st.sse != nil {
		errs = st.sse.Write(chunk, st.event)
	} else {
		errs = st.split.Write(chunk, st.line)
	}
	st.report(errs)
}

// Close ends the stream. err == nil means the body ended normally; otherwise the stream
// failed (network error, HTTP status). Surfaces this stream fed that are still not ready
// show that they will not complete, and a failure is reported.
func (st *Stream) Close(err error) {
	if st.done {
		return
	}
	var errs []*protocol.Error
	if st.sse != nil {
		errs = st.sse.Close(st.event)
	} else {
		errs = st.split.Close(st.line)
	}
	st.report(errs)
	st.done = true
	r := st.r
	if err != nil {
		e := &protocol.Error{Code: protocol.CodeStream, Message: "the stream failed: " + err.Error()}
		if st.localErrors {
			r.host.Emit("a2ui-error", protocol.EncodeError(r.lastVersion, e))
		} else {
			r.Report(e)
		}
	}
	for id := range st.touched {
		s := r.surf[id]
		ms, ok := r.proc.Surface(id)
		if s == nil || !ok {
			continue
		}
		switch {
		case err != nil:
			s.status = "failed"
			r.markDirty(s)
		case !ms.Ready():
			s.status = "ended"
			r.Report(&protocol.Error{Code: protocol.CodeStream, SurfaceID: id,
				Message: "the stream ended before the surface had its root component"})
			r.markDirty(s)
		}
	}
}

func (st *Stream) event(ev *protocol.SSEEvent) { st.line([]byte(ev.Data)) }

func (st *Stream) line(line []byte) {
	st.r.base = st.url
	defer func() { st.r.base = "" }()
	if st.quiet {
		st.r.quiet++
		defer func() { st.r.quiet-- }()
	}
	msgs, errs := st.decode(line)
	st.report(errs)
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
			msgs, errs = nil, []*protocol.Error{{Code: protocol.CodeRender, Message: "decoding the line failed: " + panicText(p)}}
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
				s.crashed = panicText(p)
				r.markDirty(s)
			}
			r.Report(&protocol.Error{Code: protocol.CodeRender, SurfaceID: id, Message: "applying a message failed: " + panicText(p)})
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
	if t := bytes.TrimSpace(payload); len(t) > 0 && (t[0] == '{' || t[0] == '[') &&
		bytes.IndexByte(t, '\n') >= 0 && jsonscan.Valid(t) {
		// One pretty-printed JSON value (a message or an array of them), not JSONL.
		st.line(t)
		return
	}
	// Not Close: a page's payload is complete in itself, it does not end a stream.
	st.Write(payload)
	st.report(st.split.Close(st.line))
}
