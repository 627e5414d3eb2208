package agent

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Format is how a Writer frames messages.
type Format int

const (
	// JSONL writes one message per line (application/jsonl).
	JSONL Format = iota
	// SSE writes one Server-Sent Event per message, "id: N" (1, 2, ...) and "data: JSON"
	// (text/event-stream). Served by Server, a reconnection's Last-Event-ID resumes after
	// that event (a stream must send the same messages again, as a replay would), and a
	// reconnection to a stream with nothing more gets 204, which stops EventSource clients.
	SSE
)

// ContentType returns the MIME type of the format.
func (f Format) ContentType() string {
	if f == SSE {
		return "text/event-stream"
	}
	return "application/jsonl"
}

// FormatFor picks the response format of a request: ?transport=sse or jsonl when given
// (the demo pages' choice), else SSE when the Accept header names text/event-stream but
// no JSON Lines type, else JSONL (the renderer accepts both and says so).
func FormatFor(r *http.Request) Format {
	switch r.URL.Query().Get("transport") {
	case "sse":
		return SSE
	case "jsonl":
		return JSONL
	}
	accept := r.Header.Get("Accept")
	if strings.Contains(accept, "text/event-stream") && !strings.Contains(accept, "jsonl") && !strings.Contains(accept, "ndjson") {
		return SSE
	}
	return JSONL
}

// Writer writes messages to a stream, flushing after each when the destination can
// flush (an http.ResponseWriter does). It belongs to one goroutine.
type Writer struct {
	w      io.Writer
	format Format
	flush  func()
	start  func() // writes the HTTP headers before the first byte
	ctx    context.Context
	pace   time.Duration
	n      int
	// skip: SSE events with an id up to it were delivered before (the client's
	// Last-Event-ID on a reconnection) and are not written again.
	skip int
}

// NewWriter returns a Writer of messages to w in format f.
func NewWriter(w io.Writer, f Format) *Writer {
	wr := &Writer{w: w, format: f, ctx: context.Background()}
	if fl, ok := w.(http.Flusher); ok {
		wr.flush = fl.Flush
	}
	return wr
}

// newHTTPWriter writes to an HTTP response: headers on the first message (or at the end
// of the handler), a pause of pace between messages, and it stops when the client goes.
func newHTTPWriter(rw http.ResponseWriter, r *http.Request, pace time.Duration) *Writer {
	wr := NewWriter(rw, FormatFor(r))
	wr.ctx, wr.pace = r.Context(), pace
	if wr.format == SSE {
		// An EventSource reconnection: resume after the last event the client has.
		if id, err := strconv.Atoi(strings.TrimSpace(r.Header.Get("Last-Event-ID"))); err == nil && id > 0 {
			wr.skip = id
		}
	}
	wr.start = func() {
		h := rw.Header()
		h.Set("Content-Type", wr.format.ContentType())
		h.Set("Cache-Control", "no-store")
		h.Set("X-Content-Type-Options", "nosniff")
		if wr.format == SSE {
			h.Set("X-Accel-Buffering", "no")
		}
		rw.WriteHeader(http.StatusOK)
		if wr.flush != nil {
			wr.flush()
		}
	}
	return wr
}

// Format returns the writer's format.
func (w *Writer) Format() Format { return w.format }

// Sent returns how many messages were written (the id of the last SSE event).
func (w *Writer) Sent() int { return w.n }

// Send writes msgs in order. A message that could not be built (Message.Err) fails the
// call before any of msgs is written.
func (w *Writer) Send(msgs ...Message) error {
	for _, m := range msgs {
		if m.err != nil {
			return m.err
		}
	}
	for _, m := range msgs {
		if w.n < w.skip {
			w.n++ // the client has it already
			continue
		}
		w.begin()
		if w.n > w.skip && w.pace > 0 {
			t := time.NewTimer(w.pace)
			select {
			case <-w.ctx.Done():
				t.Stop()
				return w.ctx.Err()
			case <-t.C:
			}
		}
		var b []byte
		if w.format == SSE {
			b = append(b, "id: "...)
			b = strconv.AppendInt(b, int64(w.n+1), 10)
			b = append(b, "\ndata: "...)
			b = append(b, m.json...)
			b = append(b, "\n\n"...)
		} else {
			b = append(append(b, m.json...), '\n')
		}
		if _, err := w.w.Write(b); err != nil {
			return err
		}
		w.n++
		if w.flush != nil {
			w.flush()
		}
	}
	return nil
}

func (w *Writer) begin() {
	if w.start != nil {
		w.start()
		w.start = nil
	}
}
