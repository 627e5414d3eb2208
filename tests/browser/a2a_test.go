//go:build browser

package browser

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
)

// a2aServer is the demo agent over A2A (the official Go SDK, a2a-go v2.4.0) on this
// test's server: it records every message it receives and every JSON-RPC method
// called, and can cut the first streaming response after a few events.
type a2aServer struct {
	h       http.Handler
	mu      sync.Mutex
	recv    []a2aagent.Received
	methods []string
	cut     int // cut the first SendStreamingMessage / message/stream after cut events (0: never)
	cutDone bool
	// cutGate: the cut waits until it is closed (openCut), when the page has read the
	// events before it: a stream that errors discards what its reader has not taken.
	cutGate chan struct{}
	// failNext: answer that many of the next message POSTs with 503; msgIDs: the
	// messageId of every message POST, failed or not.
	failNext int
	msgIDs   []string
}

func newA2AServer(t *testing.T, delay time.Duration, cut int) *a2aServer {
	t.Helper()
	agent, err := demoagent.NewAgent(repoPath(t, "testdata"), 0)
	if err != nil {
		t.Fatal(err)
	}
	s := &a2aServer{cut: cut, cutGate: make(chan struct{})}
	s.h = a2aagent.NewHandler(a2aagent.FromDemo(repoPath(t, "testdata"), agent), a2aagent.Options{Delay: delay,
		OnMessage: func(r a2aagent.Received) { s.mu.Lock(); s.recv = append(s.recv, r); s.mu.Unlock() }})
	return s
}

// routes mounts the agent's card and JSON-RPC endpoints.
func (s *a2aServer) routes() []Route {
	return []Route{{a2aagent.PathCardBoth, s}, {"/a2a/", s}}
}

func (s *a2aServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		s.h.ServeHTTP(w, r)
		return
	}
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	var m struct {
		Method string
		Params struct {
			Message struct {
				MessageID string `json:"messageId"`
			} `json:"message"`
		} `json:"params"`
	}
	_ = json.Unmarshal(body, &m)
	s.mu.Lock()
	s.methods = append(s.methods, m.Method)
	if id := m.Params.Message.MessageID; id != "" {
		s.msgIDs = append(s.msgIDs, id)
		if s.failNext > 0 {
			s.failNext--
			s.mu.Unlock()
			http.Error(w, "agent overloaded", http.StatusServiceUnavailable)
			return
		}
	}
	cut := s.cut > 0 && !s.cutDone && (m.Method == "SendStreamingMessage" || m.Method == "message/stream")
	if cut {
		s.cutDone = true
	}
	s.mu.Unlock()
	if cut {
		s.h.ServeHTTP(&cutWriter{ResponseWriter: w, left: s.cut, gate: s.cutGate, done: r.Context().Done()}, r)
		return
	}
	s.h.ServeHTTP(w, r)
}

// openCut lets the cut happen (once the page read the events before it).
func (s *a2aServer) openCut() { close(s.cutGate) }

func (s *a2aServer) received() []a2aagent.Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.recv)
}

func (s *a2aServer) calls() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.methods)
}

// cutWriter breaks the connection (as a network failure would) when the SSE event
// after the first left ones is written, once gate is closed.
type cutWriter struct {
	http.ResponseWriter
	left int
	gate <-chan struct{}
	done <-chan struct{} // the request's end
}

func (c *cutWriter) Write(b []byte) (int, error) {
	if bytes.HasPrefix(b, []byte("data:")) {
		if c.left == 0 {
			select {
			case <-c.gate:
			case <-c.done:
			}
			cutConn(c.ResponseWriter)
			return 0, errCut
		}
		c.left--
	}
	return c.ResponseWriter.Write(b)
}

func (c *cutWriter) Flush() { c.ResponseWriter.(http.Flusher).Flush() }

// errCut is what a write to a cut connection returns.
var errCut = errors.New("connection cut")

// a2aListeners records the A2A client's page events (a2ui-text, a2ui-task) in T.log,
// from before the element starts.
const a2aListeners = `<script>for (const type of ["a2ui-text", "a2ui-task"]) document.addEventListener(type, (e) => T.log.push({ host: e.target.id, type, detail: e.detail }));</script>`

// a2aVersions are the two A2A versions: the element's agent attribute selects the
// interface through the card (the origin's card lists both, 1.0 first; the 0.3 card
// lists only 0.3).
var a2aVersions = []struct{ name, agent, header, stream, resubscribe string }{
	{"A2A 1.0", "/", "1.0", "SendStreamingMessage", "SubscribeToTask"},
	{"A2A 0.3", a2aagent.PathCardV03, "", "message/stream", "tasks/resubscribe"},
}

// TestA2ABookingLoop: <a2ui-renderer agent=… transport="a2a" message="booking">
// streams the booking surface from the a2a-go server; a click reaches the server as
// an A2A message whose data part (the v0.9 action, media type), metadata
// (a2uiClientCapabilities) and extension header the server checks; the follow-ups
// render, in the same task and context.
func TestA2ABookingLoop(t *testing.T) {
	t.Parallel()
	for _, v := range a2aVersions {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			requireBuilt(t)
			srv := newA2AServer(t, 5*time.Millisecond, 0)
			base := serve(t, append(srv.routes(), rendererPageWith("/a2a.html", a2aListeners+
				`<a2ui-renderer id="agent" agent="`+v.agent+`" transport="a2a" message="booking"></a2ui-renderer>`))...)
			ctx := newTab(t)
			navigate(ctx, base+"/a2a.html")
			waitJS(ctx, `T.rr("agent") && T.text("agent").includes("Book a table") && T.qa("agent", "button").length === 1`)
			flush(ctx, "agent")
			if got, want := hostText(ctx, "agent"), "Book a tableNameDateGuestsBook"; got != want {
				t.Errorf("form text = %q, want %q", got, want)
			}
			waitJS(ctx, `T.events("agent", "a2ui-text").length === 1`)
			if got := evalJSON(ctx, `T.events("agent", "a2ui-text")[0].text`); got != `"Here is booking."` {
				t.Errorf("text event = %s", got)
			}
			waitJS(ctx, `T.events("agent", "a2ui-task").some((e) => e.state === "input-required")`)
			if got := evalJSON(ctx, `T.events("agent", "a2ui-task").map((e) => e.state)`); got != `["submitted","working","input-required"]` {
				t.Errorf("task states = %s", got)
			}
			first := srv.received()
			if len(first) != 1 || first[0].Text != "booking" || len(first[0].Problems) > 0 {
				t.Fatalf("first message: %+v", first)
			}

			// The click without a name: the agent answers on the form.
			clickIn(ctx, "agent", "button.a2ui-button")
			waitJS(ctx, `T.text("agent").includes("Please enter a name.")`)
			recv := srv.received()
			if len(recv) != 2 {
				t.Fatalf("%d messages at the server, want 2", len(recv))
			}
			r := recv[1]
			if len(r.Problems) > 0 {
				t.Errorf("the server refused the click: %q", r.Problems)
			}
			if r.Version != v.header {
				t.Errorf("A2A-Version header = %q, want %q", r.Version, v.header)
			}
			if len(r.Extensions) == 0 || r.Extensions[0] != a2aagent.ExtensionURI {
				t.Errorf("extension header = %q, want %s first", r.Extensions, a2aagent.ExtensionURI)
			}
			if !slices.Equal(r.MediaTypes, []string{a2aagent.MediaType}) || len(r.A2UI) != 1 {
				t.Fatalf("data parts: %q %s", r.MediaTypes, r.A2UI)
			}
			checkAction(t, "A2A data part", r.A2UI[0],
				`{"version":"v0.9","action":{"name":"submitBooking","surfaceId":"booking","sourceComponentId":"submit-btn","context":{"name":"","date":"2026-12-24","guests":"2"}}}`)
			caps, _ := json.Marshal(r.Metadata["a2uiClientCapabilities"])
			if !strings.Contains(string(caps), `"v0.9":{"supportedCatalogIds":["`+a2aagent.BasicCatalogID+`"]}`) {
				t.Errorf("a2uiClientCapabilities = %s", caps)
			}
			if r.TaskID == "" || r.ContextID == "" {
				t.Errorf("the click's task %q context %q", r.TaskID, r.ContextID)
			}
			if got := evalJSON(ctx, `T.events("agent", "a2ui-task").at(-1).taskId`); got != jsString(r.TaskID) {
				t.Errorf("the click continued task %q, the page saw %s", r.TaskID, got)
			}

			// Fill in the form and book: the confirmation replaces the form.
			evalJSON(ctx, `(T.qa("agent", "[data-a2ui-control]").forEach((c, i) => { c.id = "field-" + i; }), true)`)
			typeIn(ctx, "agent", "#field-0", "Ada Lovelace", false)
			// The agent's answer moved the Book button under the resting pointer: it
			// takes a click once it has re-armed.
			clickReady(ctx, "agent", "button.a2ui-button")
			waitJS(ctx, `T.text("agent").includes("Booking confirmed") && !T.q("agent", "section.a2ui-surface[data-surface-id=booking]")`)
			flush(ctx, "agent")
			if got, want := hostText(ctx, "agent"), "Booking confirmedNameAda LovelaceDate2026-12-24Guests2"; got != want {
				t.Errorf("confirmation = %q, want %q", got, want)
			}
			if got := srv.received(); len(got) != 3 || got[2].ContextID != r.ContextID {
				t.Errorf("third message: %+v", got)
			}
			if errs := events(ctx, "agent", "a2ui-error"); len(errs) > 0 {
				t.Errorf("a2ui-error events: %s", errs)
			}
			if calls := srv.calls(); slices.ContainsFunc(calls, func(m string) bool { return m != v.stream }) {
				t.Errorf("JSON-RPC methods %q, want only %s", calls, v.stream)
			}
		})
	}
}

// TestA2AResubscribe cuts the first stream after two events: the renderer resubscribes
// to the task (SubscribeToTask / tasks/resubscribe), the agent sends the task as it is
// now and the rest, and the surface catches up with nothing lost or doubled.
func TestA2AResubscribe(t *testing.T) {
	t.Parallel()
	for _, v := range a2aVersions {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			requireBuilt(t)
			srv := newA2AServer(t, 60*time.Millisecond, 3)
			base := serve(t, append(srv.routes(), rendererPageWith("/a2a.html", a2aListeners+
				`<a2ui-renderer id="agent" agent="`+v.agent+`" transport="a2a" message="booking"></a2ui-renderer>`))...)
			ctx := newTab(t)
			navigate(ctx, base+"/a2a.html")
			// The three events before the cut (the task, working, the surface) reached
			// the page: now the connection breaks.
			waitJS(ctx, `T.events("agent", "a2ui-task").some((e) => e.state === "working") && T.events("agent", "a2ui-surface").length > 0`)
			srv.openCut()
			if err := waitJSErr(ctx, `T.rr("agent") && T.qa("agent", "button").length === 1 && T.events("agent", "a2ui-task").some((e) => e.state === "input-required")`, waitTimeout()); err != nil {
				t.Fatalf("%v\nlog %s\ncalls %q\ntext %s", err, evalJSON(ctx, "T.log"), srv.calls(), evalJSON(ctx, `T.text("agent")`))
			}
			flush(ctx, "agent")
			if got, want := hostText(ctx, "agent"), "Book a tableNameDateGuestsBook"; got != want {
				t.Errorf("form text = %q, want %q", got, want)
			}
			if got := evalJSON(ctx, `T.events("agent", "a2ui-task").map((e) => e.state)`); !strings.Contains(got, `"reconnecting"`) {
				t.Errorf("task states %s: no reconnecting", got)
			}
			if got := canonicalJSON(t, evalJSON(ctx, `T.events("agent", "a2ui-surface")`)); got != canonicalJSON(t, `[{"surfaceId":"booking","event":"created"}]`) {
				t.Errorf("a2ui-surface events = %s", got)
			}
			if got := evalJSON(ctx, `T.rr("agent").dataModel("booking")`); got != `{"booking":{"date":"2026-12-24","guests":"2","name":"","status":""}}` {
				t.Errorf("data model = %s", got)
			}
			if got := evalJSON(ctx, `T.qa("agent", ".a2ui-textfield").length + T.qa("agent", ".a2ui-status").length`); got != "3" {
				t.Errorf("3 fields and no status banner, got %s elements", got)
			}
			if errs := events(ctx, "agent", "a2ui-error"); len(errs) > 0 {
				t.Errorf("a2ui-error events: %s", errs)
			}
			if calls := srv.calls(); !slices.Contains(calls, v.resubscribe) {
				t.Errorf("JSON-RPC methods %q, want %s", calls, v.resubscribe)
			}

			// The task goes on after the resume: a click is answered.
			clickIn(ctx, "agent", "button.a2ui-button")
			waitJS(ctx, `T.text("agent").includes("Please enter a name.")`)
		})
	}
}

// TestA2AMountAndSend: A2UI.mount(el, {agent, transport: "a2a", message}) and
// r.send(text); a surface created with sendDataModel gets its data model in the
// A2A message's metadata.a2uiClientDataModel; a turn the agent fails shows a notice
// and fires a2ui-error.
func TestA2AMountAndSend(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	srv := newA2AServer(t, 0, 0)
	base := serve(t, append(srv.routes(), rendererPageWith(rendererPagePath, a2aListeners))...)
	ctx := openRenderer(t, base, `{agent: location.origin + "/a2a/v1/agent-card.json", transport: "a2a", message: "tasks"}`)
	waitJS(ctx, `T.text("host").includes("Call Ana")`)
	evalJSON(ctx, `(T.qa("host", ".a2ui-list > *")[0].querySelector("button").id = "toggle-0", true)`)
	clickIn(ctx, "host", "#toggle-0")
	waitJS(ctx, `T.q("host", "p.a2ui-text-caption").textContent === "2 of 3 done"`)
	recv := srv.received()
	if len(recv) != 2 {
		t.Fatalf("%d messages", len(recv))
	}
	dm, _ := json.Marshal(recv[1].Metadata["a2uiClientDataModel"])
	if got, want := canonicalJSON(t, string(dm)), canonicalJSON(t, `{"version":"v0.9","surfaces":{"tasks":{"summary":"1 of 3 done","tasks":[{"id":"t1","title":"Buy milk","done":false,"state":"open"},{"id":"t2","title":"Write report","done":true,"state":"done"},{"id":"t3","title":"Call Ana","done":false,"state":"open"}]}}}`); got != want {
		t.Errorf("a2uiClientDataModel = %s, want %s", got, want)
	}

	// A later turn from the page.
	evalJSON(ctx, `(T.rr("host").send("booking"), true)`)
	waitJS(ctx, `T.text("host").includes("Book a table")`)
	if got := srv.received(); len(got) != 3 || got[2].Text != "booking" || got[2].ContextID != recv[1].ContextID {
		t.Errorf("send turn: %+v", got)
	}

	// A turn the agent cannot do: the task fails, the page is told.
	evalJSON(ctx, `(T.rr("host").send("weather"), true)`)
	waitJS(ctx, `T.q("host", ".a2ui-notice") !== null`)
	if got := evalJS[string](ctx, `T.q("host", ".a2ui-notice").textContent`); !strings.HasPrefix(got, `The agent could not complete the request: I can show "booking" or "tasks"`) {
		t.Errorf("notice = %q", got)
	}
	if got := evalJSON(ctx, `T.q("host", ".a2ui-notice").getAttribute("role")`); got != `"alert"` {
		t.Errorf("notice role = %s", got)
	}
	errs := events(ctx, "host", "a2ui-error")
	if len(errs) != 1 || !strings.Contains(string(errs[0]), `"code":"A2A_TASK_FAILED"`) {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestA2AActionFailureRetry: an action whose A2A message the agent answers with 503
// shows the failure beside its Button; Retry re-sends the same message (the same
// messageId, which is the action id of a2ui-action-failed), and the agent's answer to it
// renders.
func TestA2AActionFailureRetry(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	srv := newA2AServer(t, 0, 0)
	base := serve(t, append(srv.routes(), rendererPageWith(rendererPagePath, a2aListeners))...)
	ctx := openRenderer(t, base, `{agent: location.origin + "/a2a/v1/agent-card.json", transport: "a2a", message: "tasks"}`)
	waitJS(ctx, `T.text("host").includes("Call Ana")`)
	srv.mu.Lock()
	srv.failNext = 1
	srv.mu.Unlock()
	evalJSON(ctx, `(T.qa("host", ".a2ui-list > *")[0].querySelector("button").id = "toggle-0", true)`)
	clickIn(ctx, "host", "#toggle-0")
	waitJS(ctx, `T.q("host", ".a2ui-action-error") !== null`)
	if got := evalJS[string](ctx, `T.q("host", ".a2ui-action-error").textContent`); got != "The action could not be sent: HTTP status 503" {
		t.Errorf("failure text = %q", got)
	}
	if got := evalJS[bool](ctx, `T.q("host", ".a2ui-action-failed button:not(.a2ui-retry)").getAttribute("aria-describedby") === T.q("host", ".a2ui-action-error").id`); !got {
		t.Errorf("the Button is not described by its error")
	}
	failed := events(ctx, "host", "a2ui-action-failed")
	if len(failed) != 1 {
		t.Fatalf("a2ui-action-failed events: %s", failed)
	}
	var fd struct {
		SurfaceID string `json:"surfaceId"`
		ActionID  string `json:"actionId"`
		Message   string `json:"message"`
	}
	if err := json.Unmarshal(failed[0], &fd); err != nil || fd.SurfaceID != "tasks" || fd.ActionID == "" || fd.Message != "HTTP status 503" {
		t.Errorf("a2ui-action-failed = %s", failed[0])
	}
	if got := hostText(ctx, "host"); !strings.Contains(got, "1 of 3 done") {
		t.Errorf("the surface changed before the action went through: %q", got)
	}

	clickReady(ctx, "host", "button.a2ui-retry") // stamped past the debounce of the Button's click
	waitJS(ctx, `T.q("host", "p.a2ui-text-caption").textContent === "2 of 3 done"`)
	waitJS(ctx, `!T.q("host", ".a2ui-action-failed")`)
	srv.mu.Lock()
	ids := slices.Clone(srv.msgIDs)
	srv.mu.Unlock()
	if len(ids) != 3 || ids[1] != fd.ActionID || ids[2] != fd.ActionID {
		t.Errorf("messageIds %q, want the first turn's then the action id %q twice", ids, fd.ActionID)
	}
	if n := len(events(ctx, "host", "a2ui-action")); n != 1 {
		t.Errorf("%d a2ui-action events, want 1 (a retry is not a new action)", n)
	}
	if got := srv.received(); len(got) != 2 {
		t.Errorf("the agent handled %d messages, want 2 (the first turn and the retried action)", len(got))
	}
}
