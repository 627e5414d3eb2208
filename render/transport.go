package render

import (
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/protocol"
)

// Request describes a stream to open: the page's src attribute, a connect() call, or an
// action POST whose response body carries more messages.
type Request struct {
	URL     string
	Method  string // "" means GET
	Headers map[string]string
	Body    []byte
	// Transport is the page's choice ("jsonl", "sse", "" = from the Content-Type).
	Transport string
	// Reply marks the POST of a message to the agent (its response carries more
	// messages): a failure of this request is reported to the page only, since sending
	// it to the same agent could fail again and loop.
	Reply bool
	// Quiet marks the answer to an error report: errors its messages cause are shown to
	// the page but not reported to the agent again.
	Quiet bool
	// Resume lets an SSE stream reconnect by itself after its connection closes or
	// drops (EventSource semantics; needs Options.AfterFunc). The reconnection carries
	// a Last-Event-ID header when the stream has sent ids.
	Resume bool
	// Timeout, when > 0, bounds the wait for the response head: past it the transport
	// aborts the request and closes the stream with an error ("no answer within …").
	Timeout time.Duration
	// Head, when set, is called once on the UI goroutine as soon as the response head
	// arrived (nil for a usable status, else a *StatusError) or the request failed
	// before it, ahead of the stream's Write and Close. Transports that cannot tell
	// may leave it uncalled: the stream then calls it at its first Write or Close.
	Head func(error)
}

// StatusError is a response whose HTTP status the stream cannot use: anything outside
// 200-299, or 204 No Content, which ends an SSE stream normally. The stream never
// reconnects by itself after one.
type StatusError struct{ Status int }

func (e *StatusError) Error() string { return "HTTP status " + strconv.Itoa(e.Status) }

// Transport moves bytes between the renderer and an agent. The browser build implements
// it with fetch and ReadableStream readers (webhost); an A2A streaming transport (with
// the capabilities and client data model in its metadata, see Renderer.Capabilities and
// protocol.EncodeA2AMessage) is the next implementation, and tests use in-memory ones.
//
// Open is called on the UI goroutine and must not block: it reads in the background
// and, once the response arrives, calls open(contentType) on the UI goroutine to get the
// Stream, then delivers every chunk with Stream.Write and the end with Stream.Close, each
// on the UI goroutine (the browser posts them there). A response with an unusable status
// is closed with a *StatusError; a network failure with any other error. Open may be
// called again for the same stream (reconnection, Retry); open then returns the same
// Stream.
type Transport interface {
	Open(req Request, open func(contentType string) *Stream)
}

// Connect opens req through t and feeds the renderer with what arrives. It returns the
// stream at once (its framing is chosen when the response arrives); the stream reports
// its own end and errors.
func (r *Renderer) Connect(t Transport, req Request) *Stream {
	st := r.newConnStream(t, req)
	st.connect()
	return st
}

// Attach is Connect for a request the host has already sent (the page starts the fetch
// of an element's src before the renderer is up): first reads that response and calls
// open like Transport.Open does; later connections (reconnection, Retry) go through t.
func (r *Renderer) Attach(t Transport, req Request, first func(open func(contentType string) *Stream)) *Stream {
	st := r.newConnStream(t, req)
	st.conn = 1
	r.streams[st] = true
	first(st.response)
	return st
}

func (r *Renderer) newConnStream(t Transport, req Request) *Stream {
	return &Stream{r: r, t: t, req: req, localErrors: req.Reply, quiet: req.Quiet, url: req.URL,
		dec: r.newDecoder(), touched: map[string]bool{}}
}

// newDecoder is a stream's decoder, pausing through Options.Yield.
func (r *Renderer) newDecoder() *protocol.Decoder {
	d := protocol.NewDecoder()
	d.Pause = r.opts.Yield
	return d
}
