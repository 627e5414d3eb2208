package mcp

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// loop is the client's goroutine in tests: the transport's goroutines post callbacks,
// the test runs them until a condition holds (as the browser's UI goroutine does).
type loop struct{ ch chan func() }

func newLoop() *loop { return &loop{ch: make(chan func(), 4096)} }

func (l *loop) post(f func()) { l.ch <- f }

// until runs posted callbacks until cond holds.
func (l *loop) until(cond func() bool) {
	for !cond() {
		(<-l.ch)()
	}
}

// httpTransport is the Transport over net/http; every callback goes through the loop.
type httpTransport struct {
	l    *loop
	sent int
}

func (t *httpTransport) Do(req Request, sink Sink) {
	t.sent++
	go func() {
		method := req.Method
		if method == "" {
			method = "POST"
		}
		hr, _ := http.NewRequest(method, req.URL, bytes.NewReader(req.Body))
		for k, v := range req.Headers {
			hr.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			t.l.post(func() { sink.End(err) })
			return
		}
		defer resp.Body.Close()
		status, ct, sid := resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Mcp-Session-Id")
		t.l.post(func() { sink.Start(status, ct, sid) })
		buf := make([]byte, 512)
		for {
			n, err := resp.Body.Read(buf)
			if n > 0 {
				b := bytes.Clone(buf[:n])
				t.l.post(func() { sink.Chunk(b) })
			}
			if err != nil {
				if err == io.EOF {
					err = nil
				}
				t.l.post(func() { sink.End(err) })
				return
			}
		}
	}()
}

// rec records what the client hands the renderer and the page.
type rec struct {
	lines   []string
	streams int
	quiet   int
	events  []string // "type detail"
	notices []string
}

type recStream struct{ r *rec }

func (s recStream) Write(b []byte) {
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		s.r.lines = append(s.r.lines, l)
	}
}
func (s recStream) Close(error) {}

func (r *rec) hooks() Hooks {
	return Hooks{
		Open: func(quiet bool) Stream {
			r.streams++
			if quiet {
				r.quiet++
			}
			return recStream{r}
		},
		Emit:   func(ev string, d []byte) { r.events = append(r.events, ev+" "+string(d)) },
		Notice: func(t string) { r.notices = append(r.notices, t) },
	}
}

// lastNotice is the notice on screen ("" when none).
func (r *rec) lastNotice() string {
	if len(r.notices) == 0 {
		return ""
	}
	return r.notices[len(r.notices)-1]
}

// errorCodes are the codes of the a2ui-error events.
func (r *rec) errorCodes() []string {
	var out []string
	for _, e := range r.events {
		if d, ok := strings.CutPrefix(e, "a2ui-error "); ok {
			var v struct{ Error struct{ Code string } }
			json.Unmarshal([]byte(d), &v)
			out = append(out, v.Error.Code)
		}
	}
	return out
}

// newClient starts a client of url on a fresh loop.
func newClient(url string) (*Client, *loop, *rec, *httpTransport) {
	l, r := newLoop(), &rec{}
	t := &httpTransport{l: l}
	c := NewClient(t, r.hooks(), url, Options{Capabilities: func() []byte {
		return []byte(`{"supportedCatalogIds":["c1"],"v0.9":{"supportedCatalogIds":["c1"]}}`)
	}})
	return c, l, r, t
}

// wait runs the loop until done has been called, and returns its error.
func wait(l *loop, start func(done func(error))) error {
	var err error
	called := false
	start(func(e error) { err, called = e, true })
	l.until(func() bool { return called })
	return err
}

// fakeServer is a scripted Streamable HTTP endpoint: reply answers each JSON-RPC POST
// (parsed), and every POST is recorded.
type fakeServer struct {
	mu    sync.Mutex
	posts []post
	reply func(p post, w http.ResponseWriter)
}

type post struct {
	Verb   string // the HTTP method
	Header http.Header
	Method string          `json:"method"`
	ID     json.RawMessage `json:"id"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
	Body   string
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var p post
	json.Unmarshal(b, &p)
	p.Verb, p.Header, p.Body = r.Method, r.Header.Clone(), string(b)
	f.mu.Lock()
	f.posts = append(f.posts, p)
	f.mu.Unlock()
	f.reply(p, w)
}

func (f *fakeServer) all() []post {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]post(nil), f.posts...)
}

// methods lists the JSON-RPC methods posted ("response" for the client's answers).
func (f *fakeServer) methods() []string {
	var out []string
	for _, p := range f.all() {
		m := p.Method
		if m == "" {
			m = "response"
		}
		out = append(out, m)
	}
	return out
}

func startFake(t *testing.T, reply func(p post, w http.ResponseWriter)) (*fakeServer, string) {
	f := &fakeServer{reply: reply}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv.URL
}

// jsonReply writes a JSON-RPC result for p.
func jsonReply(w http.ResponseWriter, p post, result string) {
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(p.ID)+`,"result":`+result+`}`)
}

// initReply answers initialize (session "s1", tools and resources) and the initialized
// notification; it reports whether p was one of them.
func initReply(w http.ResponseWriter, p post, caps string) bool {
	switch p.Method {
	case "initialize":
		w.Header().Set("Mcp-Session-Id", "s1")
		jsonReply(w, p, `{"protocolVersion":"2025-11-25","capabilities":`+caps+`,"serverInfo":{"name":"fake","version":"1"}}`)
		return true
	case "notifications/initialized":
		w.WriteHeader(http.StatusAccepted)
		return true
	}
	return false
}
