package mcp

import (
	"errors"
	"strconv"

	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/transport/internal/wire"
)

// ProtocolVersion is the MCP protocol version the client asks for in initialize.
const ProtocolVersion = "2025-11-25"

// versions are the protocol versions a server may answer with: the ones whose Streamable
// HTTP wire this client speaks (the TypeScript SDK 1.32.2 accepts the same).
var versions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// Request is one HTTP request of the client: a POST of JSON-RPC, or the DELETE that
// ends the session (Close).
type Request struct {
	// Method is the HTTP method: "" for POST, or "DELETE".
	Method  string
	URL     string
	Headers map[string]string
	Body    []byte
}

// Transport performs HTTP requests for a Client. The browser implements it with fetch
// (webhost); tests with net/http or in memory.
type Transport interface {
	// Do starts req and returns at once. The response is reported to sink on the
	// Client's goroutine: Start with the status, Content-Type and Mcp-Session-Id
	// headers, Chunk for each piece of the body, then End (err != nil when the request
	// or the body failed). A request that fails before a response calls End only.
	Do(req Request, sink Sink)
}

// Sink receives one response.
type Sink interface {
	Start(status int, contentType, sessionID string)
	Chunk(b []byte)
	End(err error)
}

// Stream is where one result's A2UI messages go (render.Stream, opened through
// render.Renderer.Connect so its failure stays on the page): each message is written as
// one JSONL line; Close ends it.
type Stream = wire.Stream

// Hooks connect a Client to the renderer and the page. All are called on the Client's
// goroutine.
type Hooks struct {
	// Open starts the stream of one result's A2UI; quiet marks the answer to an error
	// report (errors its messages cause are not reported to the server again).
	Open func(quiet bool) Stream
	// Emit fires a page event: "a2ui-text" {"text"}, "a2ui-error"
	// {"error":{"code":"MCP_…","message"[,"mcpCode"]}}.
	Emit func(event string, detail []byte)
	// Notice shows text on the renderer as an alert (a tool error, a refused action, a
	// failed request); "" clears it.
	Notice func(text string)
}

// Options configure a Client.
type Options struct {
	// Capabilities returns the renderer's a2uiClientCapabilities object
	// (render.Renderer.Capabilities): sent as capabilities.a2ui.clientCapabilities in
	// initialize and as _meta.a2ui.clientCapabilities in every tools/call.
	Capabilities func() []byte
	// DataModel, when set, returns the client data model of the surfaces created with
	// sendDataModel (nil: none), sent as _meta.a2ui.clientDataModel with tools/call.
	DataModel func() []byte
	// Name and Version are the clientInfo of initialize (default "a2ui-go", "1.0.0").
	Name, Version string
	// MaxMessage caps one JSON response or SSE event (bytes; default 8 MiB).
	MaxMessage int
}

type state uint8

const (
	stateNone state = iota // no session: the next request initializes
	stateInitializing
	stateReady
)

// Client talks to one MCP server over Streamable HTTP. Every method runs on one
// goroutine (the renderer's UI goroutine); requests run concurrently, after the session
// is initialized.
type Client struct {
	t   Transport
	h   Hooks
	o   Options
	url string

	state   state
	session string   // Mcp-Session-Id ("" for a server without sessions)
	version string   // the negotiated protocol version
	caps    wire.Obj // the server's capabilities
	nextID  int
	// waiting are the requests (and callbacks, call.run) waiting for the session.
	waiting []*call

	tools       map[string]bool // tools/list, once read
	toolsFailed error           // why tools/list failed (tried again next time)
	toolsWait   []func(error)   // callbacks waiting for tools/list
	hidden      map[string]bool // listed resources whose audience excludes the user
	listed      bool            // resources/list was read (or cannot be)
}

// call is one JSON-RPC request, or (run != nil) a callback to run once the session is
// ready.
type call struct {
	method  string
	params  func() []byte
	done    func(result []byte, err error)
	run     func(err error)
	retried bool
}

// NewClient returns a client of the Streamable HTTP endpoint url (absolute). Nothing is
// sent until the first request.
func NewClient(t Transport, h Hooks, url string, o Options) *Client {
	if o.Name == "" {
		o.Name, o.Version = "a2ui-go", "1.0.0"
	}
	if o.MaxMessage <= 0 {
		o.MaxMessage = 8 << 20
	}
	if o.Capabilities == nil {
		o.Capabilities = func() []byte { return protocol.EncodeCapabilities(nil) }
	}
	return &Client{t: t, h: h, o: o, url: url, nextID: 1}
}

// Session returns the Mcp-Session-Id of the current session ("" when none).
func (c *Client) Session() string { return c.session }

// request sends method with params (built when sent; nil: none) once the session is
// ready; done gets the result or the error.
func (c *Client) request(method string, params func() []byte, done func([]byte, error)) {
	c.enqueue(&call{method: method, params: params, done: done})
}

// whenReady runs f once the session is ready (err: it could not be initialized).
func (c *Client) whenReady(f func(err error)) { c.enqueue(&call{run: f}) }

func (c *Client) enqueue(cl *call) {
	c.waiting = append(c.waiting, cl)
	switch c.state {
	case stateNone:
		c.initialize()
	case stateReady:
		c.flush()
	}
}

// flush sends the waiting requests (the session is ready).
func (c *Client) flush() {
	for len(c.waiting) > 0 && c.state == stateReady {
		cl := c.waiting[0]
		c.waiting = c.waiting[1:]
		if cl.run != nil {
			cl.run(nil)
			continue
		}
		c.send(cl)
	}
}

// errSessionGone: the server answered 404 to a request carrying a session id.
var errSessionGone = errors.New("the server no longer knows the session")

// send POSTs cl with the current session.
func (c *Client) send(cl *call) {
	id := c.nextID
	c.nextID++
	var params []byte
	if cl.params != nil {
		params = cl.params()
	}
	session := c.session
	c.do(requestBody(id, cl.method, params), strconv.Itoa(id), func(_ string, result []byte, err error) {
		if err == errSessionGone {
			if c.session == session && c.state == stateReady {
				c.state, c.session = stateNone, ""
			}
			if !cl.retried {
				cl.retried = true
				c.enqueue(cl)
				return
			}
			err = errors.New("the server forgot the session again after a new initialize")
		}
		cl.done(result, err)
	})
}

// headers are the headers of a POST in the current session.
func (c *Client) headers() map[string]string {
	h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
	if c.session != "" {
		h["Mcp-Session-Id"] = c.session
	}
	if c.version != "" {
		h["MCP-Protocol-Version"] = c.version
	}
	return h
}

// do POSTs body; id is the request id to wait for ("" for a notification or a response,
// which expect 202). done gets the response's session header and result, or the error.
func (c *Client) do(body []byte, id string, done func(session string, result []byte, err error)) {
	s := &responseSink{c: c, id: id, withSession: c.session != "", done: done}
	c.t.Do(Request{URL: c.url, Headers: c.headers(), Body: body}, s)
}

// initialize starts a session: initialize, then notifications/initialized.
func (c *Client) initialize() {
	c.state, c.session, c.version, c.caps = stateInitializing, "", "", nil
	id := c.nextID
	c.nextID++
	body := requestBody(id, "initialize", c.initParams())
	c.do(body, strconv.Itoa(id), func(session string, result []byte, err error) {
		if err == nil {
			err = c.initialized(session, result)
		}
		if err != nil {
			c.initFailed(err)
			return
		}
		c.do(notificationBody("notifications/initialized"), "", func(_ string, _ []byte, err error) {
			if err != nil {
				c.initFailed(err)
				return
			}
			c.state = stateReady
			c.flush()
		})
	})
}

// initParams are initialize's params: the protocol version, clientInfo and the A2UI
// capabilities (capabilities.a2ui.clientCapabilities, the A2UI guide's "Option A").
func (c *Client) initParams() []byte {
	b := []byte(`{"protocolVersion":`)
	b = protocol.AppendJSON(b, ProtocolVersion)
	b = append(b, `,"capabilities":{"a2ui":{"clientCapabilities":`...)
	b = append(b, c.o.Capabilities()...)
	b = append(b, `}},"clientInfo":{"name":`...)
	b = protocol.AppendJSON(b, c.o.Name)
	b = append(b, `,"version":`...)
	b = protocol.AppendJSON(b, c.o.Version)
	return append(b, "}}"...)
}

// initialized reads initialize's result and keeps the session.
func (c *Client) initialized(session string, result []byte) error {
	o, ok := wire.Object(result)
	if !ok {
		return errors.New("the initialize result is not an object")
	}
	v := o.Str("protocolVersion")
	known := false
	for _, s := range versions {
		known = known || s == v
	}
	if !known {
		return errors.New("the server's protocol version " + strconv.Quote(v) + " is not supported")
	}
	c.session, c.version, c.caps = session, v, o.Obj("capabilities")
	return nil
}

// initFailed fails the waiting requests; the next request initializes again.
func (c *Client) initFailed(err error) {
	c.state, c.session, c.version = stateNone, "", ""
	err = &ConnectError{Err: err}
	w := c.waiting
	c.waiting = nil
	for _, cl := range w {
		if cl.run != nil {
			cl.run(err)
		} else {
			cl.done(nil, err)
		}
	}
}

// ConnectError: the session could not be initialized.
type ConnectError struct{ Err error }

func (e *ConnectError) Error() string { return "cannot connect to the MCP server: " + e.Err.Error() }
func (e *ConnectError) Unwrap() error { return e.Err }

// serverMessage handles a server request or notification that came on a response
// stream: ping is answered, other requests refused; tools and resources list changes
// forget the lists read.
func (c *Client) serverMessage(m message) {
	if m.id != "" {
		var body []byte
		if m.method == "ping" {
			body = resultBody(m.rawID, "{}")
		} else {
			body = errorBody(m.rawID, -32601, "Method not found: "+m.method)
		}
		c.do(body, "", func(string, []byte, error) {})
		return
	}
	switch m.method {
	case "notifications/tools/list_changed":
		if c.toolsWait == nil {
			c.tools = nil
		}
	case "notifications/resources/list_changed":
		c.hidden, c.listed = nil, false
	}
}
