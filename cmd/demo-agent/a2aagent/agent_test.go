package a2aagent_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	"github.com/a2aproject/a2a-go/v2/a2aext"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
	"github.com/a2ui-go/a2ui/protocol"
	a2ac "github.com/a2ui-go/a2ui/transport/a2a"
)

const samples = "../../../testdata"

// server starts the A2A demo agent; every message it receives is recorded.
type server struct {
	*httptest.Server
	mu   sync.Mutex
	recv []a2aagent.Received
}

func (s *server) received() []a2aagent.Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.recv)
}

func newServer(t *testing.T, delay time.Duration, wrap func(http.Handler) http.Handler) *server {
	t.Helper()
	agent, err := demoagent.NewAgent(samples, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := &server{}
	h := http.Handler(a2aagent.NewHandler(a2aagent.FromDemo(samples, agent), a2aagent.Options{Delay: delay,
		OnMessage: func(r a2aagent.Received) { s.mu.Lock(); s.recv = append(s.recv, r); s.mu.Unlock() }}))
	if wrap != nil {
		h = wrap(h)
	}
	s.Server = httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s
}

func sampleLines(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(samples, "demo", name+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for l := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
		out = append(out, canon(t, []byte(l)))
	}
	return out
}

func canon(t testing.TB, b []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("bad JSON %s: %v", b, err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// ---- our client over net/http, its callbacks run on the test goroutine -------------

type loop chan func()

func (l loop) post(f func()) { l <- f }

// run runs posted callbacks until done() or the timeout.
func (l loop) run(t *testing.T, done func() bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for !done() {
		select {
		case f := <-l:
			f()
		case <-deadline:
			t.Fatal("timed out")
		}
	}
}

type httpTransport struct{ l loop }

func (h httpTransport) Do(req a2ac.Request, sink a2ac.Sink) {
	go func() {
		hr, err := http.NewRequest(req.Method, req.URL, bytes.NewReader(req.Body))
		if err != nil {
			h.l.post(func() { sink.End(err) })
			return
		}
		for k, v := range req.Headers {
			hr.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			h.l.post(func() { sink.End(err) })
			return
		}
		defer resp.Body.Close()
		status, ct := resp.StatusCode, resp.Header.Get("Content-Type")
		h.l.post(func() { sink.Start(status, ct) })
		buf := make([]byte, 512)
		for {
			n, err := resp.Body.Read(buf)
			if n > 0 {
				c := bytes.Clone(buf[:n])
				h.l.post(func() { sink.Chunk(c) })
			}
			if err == io.EOF {
				h.l.post(func() { sink.End(nil) })
				return
			}
			if err != nil {
				h.l.post(func() { sink.End(err) })
				return
			}
		}
	}()
}

func (h httpTransport) After(d time.Duration, f func()) { time.AfterFunc(d, func() { h.l.post(f) }) }

// page records what the client gives the renderer and the page.
type page struct {
	t       *testing.T
	lines   []string
	events  []string
	notices []string
	turns   int
	closed  []error
}

type recStream struct{ p *page }

func (s recStream) Write(b []byte) {
	for l := range strings.SplitSeq(strings.TrimSpace(string(b)), "\n") {
		// Each payload is a list of messages (the agent sends one per part).
		var list []json.RawMessage
		if err := json.Unmarshal([]byte(l), &list); err != nil {
			s.p.t.Errorf("payload %s is not a list: %v", l, err)
			continue
		}
		for _, m := range list {
			s.p.lines = append(s.p.lines, canon(s.p.t, m))
		}
	}
}
func (s recStream) Close(err error) { s.p.closed = append(s.p.closed, err) }

func (p *page) hooks() a2ac.Hooks {
	return a2ac.Hooks{
		Open:   func(bool) a2ac.Stream { p.turns++; return recStream{p} },
		Emit:   func(ev string, d []byte) { p.events = append(p.events, ev+" "+string(d)) },
		Notice: func(s string) { p.notices = append(p.notices, s) },
	}
}

func (p *page) count(prefix string) int {
	n := 0
	for _, e := range p.events {
		if strings.HasPrefix(e, prefix) {
			n++
		}
	}
	return n
}

func catalogs() []string { return []string{a2aagent.BasicCatalogID} }

// TestClientTurns drives the renderer's A2A client (transport/a2a) against the SDK
// server in both A2A versions: the card decides the interface, the first turn streams
// the booking sample, the second sends a click as an A2A message that the server
// checks (extension header, capabilities, media type) and answers.
func TestClientTurns(t *testing.T) {
	for _, tc := range []struct {
		name, agent, version, path, header string
	}{
		{"1.0 from the base URL", "", a2ac.V10, a2aagent.PathV1, "1.0"},
		{"0.3 from its card URL", a2aagent.PathCardV03, a2ac.V03, a2aagent.PathV03, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, 0, nil)
			l := make(loop, 64)
			p := &page{t: t}
			c := a2ac.NewClient(httpTransport{l}, p.hooks(), srv.URL+tc.agent, catalogs())
			c.Send("booking", nil, nil, false)
			l.run(t, func() bool { return len(p.closed) == 1 })
			s := c.Session()
			if s.Card().Version != tc.version || s.Card().Endpoint != srv.URL+tc.path {
				t.Fatalf("card: version %q endpoint %q", s.Card().Version, s.Card().Endpoint)
			}
			if s.Card().A2UI.URI != a2aagent.ExtensionURI || !slices.Equal(s.Card().A2UI.CatalogIDs, catalogs()) {
				t.Errorf("A2UI extension = %+v", s.Card().A2UI)
			}
			if want := sampleLines(t, "booking"); !slices.Equal(p.lines, want) {
				t.Fatalf("lines:\n%s\nwant:\n%s", strings.Join(p.lines, "\n"), strings.Join(want, "\n"))
			}
			if p.closed[0] != nil {
				t.Errorf("turn closed with %v", p.closed[0])
			}
			task, ctxID := s.TaskID(), s.ContextID()
			if task == "" || ctxID == "" {
				t.Fatalf("task %q context %q after the first turn", task, ctxID)
			}
			if n := p.count(`a2ui-text {"text":"Here is booking."`); n != 1 {
				t.Errorf("text events: %q", p.events)
			}
			if n := p.count(`a2ui-task {"taskId":"` + task + `","contextId":"` + ctxID + `","state":"input-required"}`); n != 1 {
				t.Errorf("task events: %q", p.events)
			}

			// The click: a v0.9 action, as protocol.EncodeAction writes it.
			act := protocol.EncodeAction(protocol.ActionEvent{Version: protocol.V09, Name: "submitBooking",
				SurfaceID: "booking", SourceComponentID: "submit-btn", Timestamp: "2026-01-02T03:04:05.000Z",
				Context: map[string]any{"name": "", "date": "2026-12-24", "guests": "2"}})
			p.lines = nil
			c.Send("", [][]byte{act}, nil, false)
			l.run(t, func() bool { return len(p.closed) == 2 })
			want := `{"updateDataModel":{"path":"/booking/status","surfaceId":"booking","value":"Please enter a name."},"version":"v0.9"}`
			if !slices.Equal(p.lines, []string{want}) {
				t.Errorf("answer lines = %q", p.lines)
			}
			recv := srv.received()
			if len(recv) != 2 {
				t.Fatalf("%d messages received", len(recv))
			}
			r := recv[1]
			if len(r.Problems) > 0 {
				t.Errorf("server refused: %q", r.Problems)
			}
			if r.Version != tc.header {
				t.Errorf("A2A-Version = %q, want %q", r.Version, tc.header)
			}
			if !slices.Contains(r.Extensions, a2aagent.ExtensionURI) {
				t.Errorf("extensions %q", r.Extensions)
			}
			if r.TaskID != task || r.ContextID != ctxID {
				t.Errorf("second turn task %q context %q, want %q %q", r.TaskID, r.ContextID, task, ctxID)
			}
			if !slices.Equal(r.MediaTypes, []string{a2aagent.MediaType}) || len(r.A2UI) != 1 || canon(t, r.A2UI[0]) != canon(t, act) {
				t.Errorf("data parts %q %s", r.MediaTypes, r.A2UI)
			}
			caps, _ := json.Marshal(r.Metadata["a2uiClientCapabilities"])
			if got, want := string(caps), `{"supportedCatalogIds":["`+a2aagent.BasicCatalogID+`"],"v0.9":{"supportedCatalogIds":["`+a2aagent.BasicCatalogID+`"]}}`; got != want {
				t.Errorf("capabilities = %s, want %s", got, want)
			}
		})
	}
}

// dropAfter cuts the first streaming response after n SSE events (the connection is
// aborted, as a proxy or a network failure would).
func dropAfter(n int) func(http.Handler) http.Handler {
	var once sync.Once
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			drop := false
			if bytes.Contains(body, []byte(`"method":"SendStreamingMessage"`)) || bytes.Contains(body, []byte(`"method":"message/stream"`)) {
				once.Do(func() { drop = true })
			}
			if !drop {
				h.ServeHTTP(w, r)
				return
			}
			h.ServeHTTP(&cutter{ResponseWriter: w, left: n}, r)
		})
	}
}

type cutter struct {
	http.ResponseWriter
	left int
}

func (c *cutter) Write(b []byte) (int, error) {
	if bytes.HasPrefix(b, []byte("data:")) {
		if c.left == 0 {
			// Let the client read what it was sent: a reset can discard data the
			// peer has not read yet, and then it never learns the task id.
			time.Sleep(200 * time.Millisecond)
			panic(http.ErrAbortHandler)
		}
		c.left--
	}
	return c.ResponseWriter.Write(b)
}

func (c *cutter) Flush() { c.ResponseWriter.(http.Flusher).Flush() }

// TestClientResumesDroppedStream cuts the first turn's stream: the client resubscribes
// to the task (the task is still running: SubscribeToTask / tasks/resubscribe sends
// its snapshot, then the rest), or reads it with GetTask / tasks/get when it already
// ended, and every message of the sample arrives exactly once, in order.
func TestClientResumesDroppedStream(t *testing.T) {
	for _, tc := range []struct {
		name, agent string
		delay       time.Duration
		backoff     time.Duration
		after       string // the method that caught up
	}{
		{"1.0 resubscribe", "", 40 * time.Millisecond, time.Millisecond, "SubscribeToTask"},
		{"0.3 resubscribe", a2aagent.PathCardV03, 40 * time.Millisecond, time.Millisecond, "tasks/resubscribe"},
		{"1.0 task ended", "", 0, 300 * time.Millisecond, "GetTask"},
		{"0.3 task ended", a2aagent.PathCardV03, 0, 300 * time.Millisecond, "tasks/get"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var methods []string
			record := func(h http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if r.Method == http.MethodPost {
						body, _ := io.ReadAll(r.Body)
						r.Body = io.NopCloser(bytes.NewReader(body))
						var m struct{ Method string }
						_ = json.Unmarshal(body, &m)
						mu.Lock()
						methods = append(methods, m.Method)
						mu.Unlock()
					}
					h.ServeHTTP(w, r)
				})
			}
			srv := newServer(t, tc.delay, func(h http.Handler) http.Handler { return record(dropAfter(3)(h)) })
			l := make(loop, 64)
			p := &page{t: t}
			c := a2ac.NewClient(httpTransport{l}, p.hooks(), srv.URL+tc.agent, catalogs())
			c.Backoff = tc.backoff
			c.Send("booking", nil, nil, false)
			l.run(t, func() bool { return len(p.closed) == 1 })
			if want := sampleLines(t, "booking"); !slices.Equal(p.lines, want) {
				t.Fatalf("lines:\n%s\nwant:\n%s", strings.Join(p.lines, "\n"), strings.Join(want, "\n"))
			}
			if p.closed[0] != nil {
				t.Errorf("turn failed: %v", p.closed[0])
			}
			if n := p.count(`a2ui-task {"taskId":"` + c.Session().TaskID()); n < 2 {
				t.Errorf("task events %q", p.events)
			}
			if p.count(`a2ui-task`) == 0 || !strings.Contains(strings.Join(p.events, "\n"), `"state":"reconnecting"`) {
				t.Errorf("no reconnecting event: %q", p.events)
			}
			mu.Lock()
			defer mu.Unlock()
			if !slices.Contains(methods, tc.after) {
				t.Errorf("methods %q, want %s", methods, tc.after)
			}
			if n := p.count("a2ui-error"); n != 0 {
				t.Errorf("errors: %q", p.events)
			}
		})
	}
}

// TestClientShowsErrors: a JSON-RPC error and a failed task reach the page as
// a2ui-error events and as a notice.
func TestClientShowsErrors(t *testing.T) {
	srv := newServer(t, 0, nil)
	l := make(loop, 64)
	p := &page{t: t}
	c := a2ac.NewClient(httpTransport{l}, p.hooks(), srv.URL, catalogs())
	c.Send("no such sample", nil, nil, false)
	l.run(t, func() bool { return len(p.closed) == 1 })
	ev := strings.Join(p.events, "\n")
	if !strings.Contains(ev, `a2ui-error {"error":{"code":"A2A_TASK_FAILED","message":"the agent's task failed: I can show \"booking\" or \"tasks\"`) {
		t.Errorf("events: %s", ev)
	}
	if len(p.notices) < 2 || !strings.HasPrefix(p.notices[len(p.notices)-1], `The agent could not complete the request: I can show "booking"`) {
		t.Errorf("notices %q", p.notices)
	}
	if c.Session().TaskID() != "" {
		t.Errorf("a failed task is kept: %q", c.Session().TaskID())
	}

	// A resubscribe to a task the server does not know: -32001 from the SDK.
	p.events = nil
	srv2 := newServer(t, 0, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid params"}}`))
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	c2 := a2ac.NewClient(httpTransport{l}, p.hooks(), srv2.URL, catalogs())
	c2.Send("booking", nil, nil, false)
	l.run(t, func() bool { return len(p.closed) == 2 })
	if !slices.Contains(p.events, `a2ui-error {"error":{"code":"A2A_ERROR","a2aCode":-32602,"message":"invalid params"}}`) {
		t.Errorf("events %q", p.events)
	}
	if got := p.notices[len(p.notices)-1]; got != "The agent reported an error: invalid params (-32602)" {
		t.Errorf("notice %q", got)
	}
}

// recorder keeps the response bodies the SDK client reads.
type recorder struct {
	mu     sync.Mutex
	bodies [][]byte
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.bodies = append(r.bodies, body)
	r.mu.Unlock()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
}

// TestSDKClient is the second opinion: the SDK's own client (1.0, and 0.3 through its
// compatibility transport) talks to the demo agent, the agent accepts its messages
// (extension activated, capabilities, A2UI data part), and the very bytes the SDK
// client read decode, through our parser, into the messages the SDK decoded.
func TestSDKClient(t *testing.T) {
	for _, tc := range []struct{ name, card string }{
		{"1.0", a2aagent.PathCardV1},
		{"0.3", a2aagent.PathCardV03},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, 0, nil)
			ctx := context.Background()
			resp, err := http.Get(srv.URL + tc.card)
			if err != nil {
				t.Fatal(err)
			}
			cardJSON, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			card, err := a2av0.NewAgentCardParser()(cardJSON)
			if err != nil {
				t.Fatal(err)
			}
			rec := &recorder{}
			hc := &http.Client{Transport: rec}
			client, err := a2aclient.NewFromCard(ctx, card,
				a2aclient.WithJSONRPCTransport(hc),
				a2av0.WithJSONRPCTransport(a2av0.JSONRPCTransportConfig{Client: hc}),
				a2aclient.WithCallInterceptors(a2aext.NewActivator(a2aagent.ExtensionURI)))
			if err != nil {
				t.Fatal(err)
			}
			caps := map[string]any{"v0.9": map[string]any{"supportedCatalogIds": []any{a2aagent.BasicCatalogID}}}
			msg := a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("tasks"))
			msg.Metadata = map[string]any{"a2uiClientCapabilities": caps}
			var sdkParts []string
			var task *a2a.Task
			collect := func(ev a2a.Event) {
				switch ev := ev.(type) {
				case *a2a.TaskArtifactUpdateEvent:
					for _, p := range ev.Artifact.Parts {
						b, _ := json.Marshal(p.Data())
						sdkParts = append(sdkParts, canon(t, b))
					}
				case *a2a.Task:
					task = ev
				}
			}
			for ev, err := range client.SendStreamingMessage(ctx, &a2a.SendMessageRequest{Message: msg}) {
				if err != nil {
					t.Fatal(err)
				}
				collect(ev)
			}
			if task == nil {
				t.Fatal("no task event")
			}
			lines := sampleLines(t, "tasks")
			if len(sdkParts) != len(lines) {
				t.Fatalf("SDK client got %d parts, want %d", len(sdkParts), len(lines))
			}
			for i, l := range lines {
				if sdkParts[i] != "["+l+"]" {
					t.Errorf("SDK part %d = %s, want [%s]", i, sdkParts[i], l)
				}
			}
			// Our parser on the bytes the SDK client read.
			s := a2ac.NewSession(&a2ac.Card{Version: a2ac.V10, Streaming: true}, catalogs())
			var ours []string
			rec.mu.Lock()
			stream := rec.bodies[len(rec.bodies)-1]
			rec.mu.Unlock()
			sp := protocol.NewSSEParser(0)
			sp.Write(stream, func(ev *protocol.SSEEvent) {
				res := s.Event(ev.Data)
				if res.Err != nil {
					t.Errorf("our parser: %v", res.Err)
				}
				for _, p := range res.A2UI {
					ours = append(ours, canon(t, p))
				}
			})
			if !slices.Equal(ours, sdkParts) {
				t.Errorf("our parser read %q\nthe SDK read %q", ours, sdkParts)
			}
			if s.TaskID() != string(task.ID) {
				t.Errorf("task id %q, SDK %q", s.TaskID(), task.ID)
			}

			// An action from the SDK client, the way A2UI over A2A 1.0 sends it.
			act := map[string]any{"version": "v0.9", "action": map[string]any{"name": "toggle", "surfaceId": "tasks",
				"sourceComponentId": "toggle-btn", "timestamp": "2026-01-02T03:04:05Z", "context": map[string]any{"id": "t1"}}}
			part := a2a.NewDataPart([]any{act})
			part.MediaType = a2aagent.MediaType
			part.Metadata = map[string]any{"mimeType": a2aagent.MediaType}
			msg2 := a2a.NewMessageForTask(a2a.MessageRoleUser, task, part)
			msg2.Metadata = map[string]any{"a2uiClientCapabilities": caps}
			sdkParts = nil
			for ev, err := range client.SendStreamingMessage(ctx, &a2a.SendMessageRequest{Message: msg2}) {
				if err != nil {
					t.Fatal(err)
				}
				collect(ev)
			}
			want := []string{
				`[{"updateDataModel":{"path":"/tasks/0","surfaceId":"tasks","value":{"done":true,"id":"t1","state":"done","title":"Buy milk"}},"version":"v0.9"}]`,
				`[{"updateDataModel":{"path":"/summary","surfaceId":"tasks","value":"2 of 3 done"},"version":"v0.9"}]`,
			}
			if !slices.Equal(sdkParts, want) {
				t.Errorf("answer %q", sdkParts)
			}
			recv := srv.received()
			if len(recv) != 2 || len(recv[1].Problems) > 0 || len(recv[1].A2UI) != 1 {
				t.Fatalf("received %+v", recv)
			}
		})
	}
}
