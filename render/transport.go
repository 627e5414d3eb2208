package render

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
}

// Transport moves bytes between the renderer and an agent. The browser build implements
// it with fetch and ReadableStream readers (cmd/wasm); an A2A streaming transport (with
// the capabilities and client data model in its metadata, see Renderer.Capabilities and
// protocol.EncodeA2AMessage) is the next implementation, and tests use in-memory ones.
//
// Open is called on the UI goroutine and must not block: it reads in the background
// and delivers every chunk with Stream.Write and the end with Stream.Close, each on the
// UI goroutine (the browser posts them there). The framing of the Stream passed in is
// chosen by the caller; a transport that learns it from the response (Content-Type)
// calls Renderer.NewStream itself through the open callback instead.
type Transport interface {
	Open(req Request, open func(contentType string) *Stream)
}

// Connect opens req through t and feeds the renderer with what arrives. It returns
// immediately; the stream reports its own end and errors.
func (r *Renderer) Connect(t Transport, req Request) {
	t.Open(req, func(contentType string) *Stream {
		st := r.NewStream(FramingFor(req.Transport, contentType))
		st.localErrors = req.Reply
		st.quiet = req.Quiet
		st.url = req.URL
		return st
	})
}
