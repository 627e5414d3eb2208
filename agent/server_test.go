package agent_test

import (
	"bytes"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/agent"
)

var hello = agent.NewSurface(agent.V09, "s")

func testServer(t *testing.T) (*httptest.Server, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	srv := httptest.NewServer(&agent.Server{
		Stream: func(w *agent.Writer, r *http.Request) error {
			switch r.URL.Query().Get("case") {
			case "missing":
				return agent.Errorf(http.StatusNotFound, "no stream %q", "x")
			case "broken":
				return errors.New("database down")
			case "unbuildable":
				return w.Send(hello.Create(), agent.ActionResponse(agent.V09, "a", 1))
			}
			return w.Send(hello.Show(map[string]any{"n": 1}, agent.Text("root", agent.Path("/n")))...)
		},
		Respond: func(w *agent.Writer, r *http.Request, m agent.ClientMessage) error {
			if m.Action == nil {
				return nil
			}
			if m.Action.Name == "fail" {
				return agent.Errorf(http.StatusConflict, "cannot %s", m.Action.Name)
			}
			return w.Send(hello.Data("/last", m.Action.Name))
		},
		ErrorLog: log.New(&logs, "", 0),
	})
	t.Cleanup(srv.Close)
	return srv, &logs
}

func TestServer(t *testing.T) {
	srv, logs := testServer(t)
	stream := `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"n":1}}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"path":"/n"}}]}}
`
	var sse strings.Builder
	for i, l := range strings.Split(strings.TrimSpace(stream), "\n") {
		sse.WriteString("id: " + string(rune('1'+i)) + "\ndata: " + l + "\n\n")
	}
	tests := []struct {
		name, method, path, accept, body string
		status                           int
		ctype, want                      string
	}{
		{"stream", "GET", "/agent/stream", "application/jsonl, text/event-stream", "", 200, "application/jsonl", stream},
		{"stream as SSE by query", "GET", "/agent/stream?transport=sse", "", "", 200, "text/event-stream", sse.String()},
		{"stream as SSE by Accept", "GET", "/agent/stream", "text/event-stream", "", 200, "text/event-stream", sse.String()},
		{"stream error status", "GET", "/agent/stream?case=missing", "", "", 404, "text/plain; charset=utf-8", "no stream \"x\"\n"},
		{"stream internal error", "GET", "/agent/stream?case=broken", "", "", 500, "text/plain; charset=utf-8", "agent error\n"},
		{"unbuildable message writes nothing", "GET", "/agent/stream?case=unbuildable", "", "", 500, "text/plain; charset=utf-8", "agent error\n"},
		{"action", "POST", "/agent/action", "", `{"version":"v0.9","action":{"name":"go","surfaceId":"s"}}`, 200, "application/jsonl",
			`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/last","value":"go"}}` + "\n"},
		{"action batch, SSE", "POST", "/agent/action?transport=sse", "", `[{"version":"v0.9","action":{"name":"a"}},{"userAction":{"name":"b"}}]`, 200, "text/event-stream",
			"id: 1\ndata: {\"version\":\"v0.9\",\"updateDataModel\":{\"surfaceId\":\"s\",\"path\":\"/last\",\"value\":\"a\"}}\n\n" +
				"id: 2\ndata: {\"version\":\"v0.9\",\"updateDataModel\":{\"surfaceId\":\"s\",\"path\":\"/last\",\"value\":\"b\"}}\n\n"},
		{"client error gets an empty answer", "POST", "/agent/action", "", `{"version":"v0.9","error":{"code":"X","surfaceId":"s","message":"m"}}`, 200, "application/jsonl", ""},
		{"action refused", "POST", "/agent/action", "", `{"version":"v0.9","action":{"name":"fail"}}`, 409, "text/plain; charset=utf-8", "cannot fail\n"},
		{"bad body", "POST", "/agent/action", "", `{"action":{"name":"x"}}`, 400, "text/plain; charset=utf-8", "\"action\" without \"version\"\n"},
		{"GET action", "GET", "/agent/action", "", "", 405, "text/plain; charset=utf-8", "method not allowed\n"},
		{"POST stream", "POST", "/agent/stream", "", "{}", 405, "text/plain; charset=utf-8", "method not allowed\n"},
		{"other path", "GET", "/agent/other", "", "", 404, "text/plain; charset=utf-8", "404 page not found\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
			if tc.accept != "" {
				req.Header.Set("Accept", tc.accept)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status || resp.Header.Get("Content-Type") != tc.ctype || string(b) != tc.want {
				t.Errorf("got %d %s\n%s\nwant %d %s\n%s", resp.StatusCode, resp.Header.Get("Content-Type"), b, tc.status, tc.ctype, tc.want)
			}
			if tc.status == 200 && resp.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control %q", resp.Header.Get("Cache-Control"))
			}
		})
	}
	for _, want := range []string{"database down", "only v0.10 has actionResponse"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs.String())
		}
	}
}

// TestServerBadMessageInBatch: the good messages of a body are answered, the bad one is
// logged.
func TestServerBadMessageInBatch(t *testing.T) {
	srv, logs := testServer(t)
	resp, err := http.Post(srv.URL+"/action", "application/json", strings.NewReader(`[{"version":"v0.9","action":{}},{"version":"v0.9","action":{"name":"ok"}}]`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/last","value":"ok"}}` + "\n"; resp.StatusCode != 200 || string(b) != want {
		t.Errorf("got %d %s, want 200 %s", resp.StatusCode, b, want)
	}
	if !strings.Contains(logs.String(), "message 0: action has no name") {
		t.Errorf("log: %s", logs.String())
	}
}

// TestServerPace: the first message goes out at once and the next waits Pace (an hour
// here, so it is still waiting when the client goes away); the stream then stops with
// the client's cancellation instead of sending the other 49.
func TestServerPace(t *testing.T) {
	done := make(chan error, 1)
	srv := httptest.NewServer(&agent.Server{
		Pace: time.Hour,
		Stream: func(w *agent.Writer, r *http.Request) error {
			var msgs []agent.Message
			for range 50 {
				msgs = append(msgs, hello.Data("/n", 1))
			}
			err := w.Send(msgs...)
			done <- err
			return err
		},
		ErrorLog: log.New(io.Discard, "", 0),
	})
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4096)
	var got []byte
	for !bytes.Contains(got, []byte("\n")) {
		n, err := resp.Body.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			t.Fatalf("after %q: %v", got, err)
		}
	}
	if n := bytes.Count(got, []byte("\n")); n != 1 {
		t.Errorf("%d messages before the pause, want 1: %q", n, got)
	}
	resp.Body.Close()
	if err := <-done; err == nil {
		t.Error("Send finished all 50 messages after the client left")
	}
}

func TestServerSeparateHandlers(t *testing.T) {
	s := &agent.Server{Respond: func(w *agent.Writer, r *http.Request, m agent.ClientMessage) error {
		return w.Send(hello.Delete())
	}}
	mux := http.NewServeMux()
	mux.Handle("/ui/events", s.ActionHandler())
	mux.Handle("/ui/open", s.StreamHandler())
	srv := httptest.NewServer(mux)
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/ui/events", "application/json", strings.NewReader(`{"userAction":{"name":"x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != `{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}`+"\n" {
		t.Errorf("action: %s", b)
	}
	resp, _ = http.Get(srv.URL + "/ui/open")
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("stream without Stream func: %d", resp.StatusCode)
	}
}

// An EventSource reconnection (Last-Event-ID) resumes after the client's last event; a
// reconnection to a finished stream gets 204, so the client stops instead of looping.
func TestServerSSEResume(t *testing.T) {
	srv, _ := testServer(t)
	lines := []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"n":1}}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"path":"/n"}}]}}`,
	}
	tests := []struct {
		lastID string
		status int
		want   string
	}{
		{"", 200, "id: 1\ndata: " + lines[0] + "\n\nid: 2\ndata: " + lines[1] + "\n\nid: 3\ndata: " + lines[2] + "\n\n"},
		{"2", 200, "id: 3\ndata: " + lines[2] + "\n\n"},
		{"3", 204, ""},
		{"99", 204, ""},
		{"nope", 200, "id: 1\ndata: " + lines[0] + "\n\nid: 2\ndata: " + lines[1] + "\n\nid: 3\ndata: " + lines[2] + "\n\n"},
	}
	for _, tc := range tests {
		req, _ := http.NewRequest("GET", srv.URL+"/agent/stream?transport=sse", nil)
		if tc.lastID != "" {
			req.Header.Set("Last-Event-ID", tc.lastID)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status || string(b) != tc.want {
			t.Errorf("Last-Event-ID %q: %d %q, want %d %q", tc.lastID, resp.StatusCode, b, tc.status, tc.want)
		}
	}
}
