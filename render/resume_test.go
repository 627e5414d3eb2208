package render

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

// fakeClock is Options.AfterFunc under the test's control: timers fire only in Advance.
type fakeClock struct {
	now    time.Duration
	timers []*fakeTimer
}

type fakeTimer struct {
	at      time.Duration
	f       func()
	stopped bool
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) func() {
	tm := &fakeTimer{at: c.now + d, f: f}
	c.timers = append(c.timers, tm)
	return func() { tm.stopped = true }
}

// Advance moves the clock by d and runs the timers that come due, in order.
func (c *fakeClock) Advance(d time.Duration) {
	c.now += d
	for {
		var next *fakeTimer
		for _, tm := range c.timers {
			if !tm.stopped && tm.at <= c.now && (next == nil || tm.at < next.at) {
				next = tm
			}
		}
		if next == nil {
			return
		}
		next.stopped = true
		next.f()
	}
}

// pending returns the delays of the timers not yet fired, relative to now.
func (c *fakeClock) pending() []time.Duration {
	var out []time.Duration
	for _, tm := range c.timers {
		if !tm.stopped {
			out = append(out, tm.at-c.now)
		}
	}
	return out
}

// scriptedTransport records each Open and lets the test play the connection.
type scriptedTransport struct {
	reqs  []Request
	conns []func(string) *Stream
}

func (s *scriptedTransport) Open(req Request, open func(string) *Stream) {
	s.reqs = append(s.reqs, req)
	s.conns = append(s.conns, open)
}

// respond answers the last request with contentType and returns its stream.
func (s *scriptedTransport) respond(ct string) *Stream { return s.conns[len(s.conns)-1](ct) }

func newResumeRenderer(t *testing.T) (*Renderer, *fakeHost, *fakeClock) {
	h := newFakeHost(t)
	c := &fakeClock{}
	r := New(h, Options{AfterFunc: c.AfterFunc})
	return r, h, c
}

// seqSSE is SSE event i of a sequence-numbered stream: the surface "seq" with one Text
// per message, so the text shows every message applied, in order, exactly once.
func seqSSE(i int) string {
	return fmt.Sprintf("id: %d\ndata: %s\n\n", i, seqMsg(i))
}

func seqMsg(i int) string {
	if i == 0 {
		return `[{"version":"v0.9","createSurface":{"surfaceId":"seq","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},` +
			`{"version":"v0.9","updateComponents":{"surfaceId":"seq","components":[{"id":"root","component":"Column","children":{"path":"/m","componentId":"row"}},{"id":"row","component":"Text","text":{"path":"t"}}]}}]`
	}
	return fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"seq","path":"/m/%d","value":{"t":"m%d;"}}}`, i-1, i)
}

func seqText(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "m%d;", i)
	}
	return b.String()
}

func streamStates(h *fakeHost) []string {
	var out []string
	for _, d := range h.ofType("a2ui-stream") {
		i := strings.Index(d, `"state":"`) + 9
		out = append(out, d[i:i+strings.IndexByte(d[i:], '"')])
	}
	return out
}

// TestSSEReconnectResumes plays an SSE stream over three connections: the server
// closes the first after event 3 (having set retry: 200), the second drops inside event
// 6 and also repeats events 2-3; the third resumes from 5. Every message is applied
// once and in order, each reconnection carries the Last-Event-ID of the last complete
// event, waits the retry: delay, and the surface shows "Reconnecting…" meanwhile.
func TestSSEReconnectResumes(t *testing.T) {
	r, h, c := newResumeRenderer(t)
	tr := &scriptedTransport{}
	ended := false
	st := r.Connect(tr, Request{URL: "/sse", Resume: true})
	st.OnEnd(func() { ended = true })

	s := tr.respond("text/event-stream")
	s.Write([]byte("retry: 200\n" + seqSSE(0) + seqSSE(1) + seqSSE(2) + seqSSE(3)))
	s.Close(nil) // the server closed the connection
	r.Frame()
	if got := h.text("seq"); got != "Reconnecting…"+seqText(3) {
		t.Fatalf("after the close the surface shows %q", got)
	}
	if n := findNode(h, "seq", byClass("a2ui-status-reconnecting")); n == nil || attr(n, "role") != "status" {
		t.Fatalf("no role=status reconnecting banner")
	}
	if got := c.pending(); len(got) != 1 || got[0] != 200*time.Millisecond {
		t.Fatalf("reconnection timers = %v, want [200ms] (retry:)", got)
	}
	c.Advance(199 * time.Millisecond)
	if len(tr.reqs) != 1 {
		t.Fatalf("reconnected before the retry delay")
	}
	c.Advance(time.Millisecond)
	if len(tr.reqs) != 2 || tr.reqs[1].Headers["Last-Event-ID"] != "3" {
		t.Fatalf("second request %+v, want Last-Event-ID 3", tr.reqs[len(tr.reqs)-1])
	}

	// The server repeats 2 and 3, sends 4 and 5, and the connection drops inside 6.
	s = tr.respond("text/event-stream")
	s.Write([]byte(seqSSE(2) + seqSSE(3)))
	r.Frame()
	if got := h.text("seq"); got != seqText(3) {
		t.Fatalf("after reconnecting the surface shows %q (banner not cleared?)", got)
	}
	s.Write([]byte(seqSSE(4) + seqSSE(5) + "id: 6\ndata: " + seqMsg(6)))
	s.Close(errors.New("network error"))
	if got := c.pending(); len(got) != 1 || got[0] != 200*time.Millisecond {
		t.Fatalf("timers after a drop = %v, want [200ms]", got)
	}
	c.Advance(200 * time.Millisecond)
	if got := tr.reqs[2].Headers["Last-Event-ID"]; got != "5" {
		t.Fatalf("third Last-Event-ID = %q, want 5 (event 6 was cut off)", got)
	}
	s = tr.respond("text/event-stream")
	s.Write([]byte(seqSSE(6) + seqSSE(7)))
	r.Frame()
	if got := h.text("seq"); got != seqText(7) {
		t.Fatalf("surface = %q, want %q", got, seqText(7))
	}
	if errs := h.ofType("a2ui-error"); len(errs) != 0 {
		t.Fatalf("errors: %v", errs)
	}
	if got, want := strings.Join(streamStates(h), " "), "open reconnecting open reconnecting open"; got != want {
		t.Errorf("a2ui-stream states = %q, want %q", got, want)
	}
	if ended {
		t.Errorf("OnEnd ran while the stream is live")
	}

	// HTTP 204 stops the stream: no more timers, the stream ends.
	s.Close(nil)
	c.Advance(200 * time.Millisecond)
	tr.respond("")
	tr.conns[len(tr.conns)-1]("").Close(&StatusError{Status: 204})
	r.Frame()
	if got := c.pending(); len(got) != 0 {
		t.Fatalf("timers after 204 = %v", got)
	}
	if !ended {
		t.Errorf("OnEnd did not run after 204")
	}
	if got := h.text("seq"); got != seqText(7) {
		t.Errorf("after 204 the surface shows %q", got)
	}
	if states := streamStates(h); states[len(states)-1] != "closed" {
		t.Errorf("last state %q, want closed", states[len(states)-1])
	}
	if errs := h.ofType("a2ui-error"); len(errs) != 0 {
		t.Fatalf("errors after 204: %v", errs)
	}
}

// TestSSEBackoff: connections that deliver nothing back off (doubling from 500 ms,
// capped at 30 s); one that delivers an event resets the delay to retry:.
func TestSSEBackoff(t *testing.T) {
	r, _, c := newResumeRenderer(t)
	tr := &scriptedTransport{}
	r.Connect(tr, Request{URL: "/sse", Resume: true})
	s := tr.respond("text/event-stream")
	s.Write([]byte("retry: 100\n" + seqSSE(0)))
	s.Close(nil)
	var delays []time.Duration
	for i := 0; i < 8; i++ {
		d := c.pending()
		delays = append(delays, d...)
		c.Advance(d[0])
		tr.conns[len(tr.conns)-1]("").Close(errors.New("connection refused"))
	}
	want := []time.Duration{100 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second,
		8 * time.Second, 16 * time.Second, 30 * time.Second, 30 * time.Second}
	if fmt.Sprint(delays) != fmt.Sprint(want) {
		t.Fatalf("delays = %v, want %v", delays, want)
	}
	c.Advance(c.pending()[0])
	s = tr.respond("text/event-stream")
	s.Write([]byte(seqSSE(1)))
	s.Close(nil)
	if got := c.pending(); len(got) != 1 || got[0] != 100*time.Millisecond {
		t.Fatalf("delay after a good connection = %v, want 100ms", got)
	}
}

func TestReconnectDelay(t *testing.T) {
	for _, tt := range []struct {
		base     time.Duration
		failures int
		want     time.Duration
	}{
		{time.Second, 0, time.Second},
		{0, 0, 0},
		{0, 1, time.Second},
		{time.Second, 1, 2 * time.Second},
		{time.Second, 5, 30 * time.Second},
		{time.Minute, 0, time.Minute},
		{time.Minute, 3, time.Minute},
		{time.Second, 1000, 30 * time.Second},
	} {
		if got := reconnectDelay(tt.base, tt.failures); got != tt.want {
			t.Errorf("reconnectDelay(%v, %d) = %v, want %v", tt.base, tt.failures, got, tt.want)
		}
	}
}

// TestSSEErrorStatusStopsThenRetry: an error status ends the stream (no timer) and
// the surface shows the lost connection with a Retry button; Retry resumes from the
// last event id and the state clears when data flows again.
func TestSSEErrorStatusStopsThenRetry(t *testing.T) {
	r, h, c := newResumeRenderer(t)
	tr := &scriptedTransport{}
	r.Connect(tr, Request{URL: "/sse", Resume: true})
	s := tr.respond("text/event-stream")
	s.Write([]byte(seqSSE(0) + seqSSE(1)))
	s.Close(nil)
	c.Advance(DefaultReconnectDelay)
	tr.respond("text/html").Close(&StatusError{Status: 503})
	r.Frame()
	if got := c.pending(); len(got) != 0 {
		t.Fatalf("timers after 503 = %v", got)
	}
	if got := h.text("seq"); got != "Connection lost: this surface may be incomplete.Retry"+seqText(1) {
		t.Fatalf("surface = %q", got)
	}
	if errs := h.ofType("a2ui-error"); len(errs) != 1 || !strings.Contains(errs[0], "HTTP status 503") {
		t.Fatalf("errors = %v", errs)
	}
	retry := findNode(h, "seq", byTagText("button", "Retry"))
	dispatch(t, r, h, "seq", retry, dom.Event{Type: "click"})
	r.Frame()
	if len(tr.reqs) != 3 || tr.reqs[2].Headers["Last-Event-ID"] != "1" {
		t.Fatalf("Retry request %+v", tr.reqs[len(tr.reqs)-1])
	}
	if got := h.text("seq"); got != "Reconnecting…"+seqText(1) {
		t.Fatalf("after Retry the surface shows %q", got)
	}
	s = tr.respond("text/event-stream")
	s.Write([]byte(seqSSE(2)))
	r.Frame()
	if got := h.text("seq"); got != seqText(2) {
		t.Fatalf("after recovery the surface shows %q", got)
	}
}

// TestJSONLEarlyEndRetry: a JSONL stream that fails mid-stream shows the lost state
// with a Retry; Retry requests it again, skips the lines already applied (no duplicate
// createSurface, no SURFACE_EXISTS) and clears the state.
func TestJSONLEarlyEndRetry(t *testing.T) {
	r, h, c := newResumeRenderer(t)
	tr := &scriptedTransport{}
	ended := 0
	st := r.Connect(tr, Request{URL: "/s.jsonl", Resume: true})
	st.OnEnd(func() { ended++ })
	lines := strings.Split(strings.TrimSpace(loginV09), "\n")
	s := tr.respond("application/jsonl")
	s.Write([]byte(lines[0] + "\n" + lines[1] + "\n" + lines[2][:20]))
	s.Close(errors.New("network error"))
	r.Frame()
	if len(c.pending()) != 0 {
		t.Fatalf("a JSONL stream scheduled a reconnection")
	}
	if ended != 1 {
		t.Fatalf("OnEnd ran %d times", ended)
	}
	banner := findNode(h, "s1", byClass("a2ui-status-failed"))
	if banner == nil || attr(banner, "role") != "alert" {
		t.Fatalf("no alert banner: %q", h.text("s1"))
	}
	retry := findNode(h, "s1", byTagText("button", "Retry"))
	if retry == nil || attr(retry, "type") != "button" {
		t.Fatalf("no Retry button")
	}
	h.events = nil
	dispatch(t, r, h, "s1", retry, dom.Event{Type: "click"})
	if len(tr.reqs) != 2 || tr.reqs[1].URL != "/s.jsonl" {
		t.Fatalf("Retry requests = %+v", tr.reqs)
	}
	r.Frame()
	if !strings.HasPrefix(h.text("s1"), "Reconnecting…") {
		t.Fatalf("after Retry the surface shows %q", h.text("s1"))
	}
	s = tr.respond("application/jsonl")
	s.Write([]byte(loginV09))
	s.Close(nil)
	r.Frame()
	if got := h.text("s1"); got != "Sign inNameAdaGo" {
		t.Fatalf("after the retry the surface shows %q", got)
	}
	if n := findNode(h, "s1", func(n *memdom.Node) bool { return attr(n, "class") == "a2ui-retry" }); n != nil {
		t.Fatalf("Retry button still shown")
	}
	if errs := h.ofType("a2ui-error"); len(errs) != 0 {
		t.Fatalf("errors after retry: %v", errs)
	}
	if ended != 1 {
		t.Fatalf("OnEnd ran %d times, want once (the first end)", ended)
	}
	if got, want := strings.Join(streamStates(h), " "), "reconnecting open closed"; got != want {
		t.Errorf("a2ui-stream states after Retry = %q, want %q", got, want)
	}
}

// TestDestroyStopsReconnection: no connection is opened after Destroy.
func TestDestroyStopsReconnection(t *testing.T) {
	r, _, c := newResumeRenderer(t)
	tr := &scriptedTransport{}
	r.Connect(tr, Request{URL: "/sse", Resume: true})
	s := tr.respond("text/event-stream")
	s.Write([]byte(seqSSE(0)))
	s.Close(nil)
	r.Destroy()
	c.Advance(time.Minute)
	if len(tr.reqs) != 1 {
		t.Fatalf("%d requests after Destroy", len(tr.reqs))
	}
}

// TestNoResumeWithoutOptIn: without Request.Resume (an action's reply, a POST) an SSE
// stream ends when its connection does.
func TestNoResumeWithoutOptIn(t *testing.T) {
	r, _, c := newResumeRenderer(t)
	tr := &scriptedTransport{}
	r.Connect(tr, Request{URL: "/sse"})
	s := tr.respond("text/event-stream")
	s.Write([]byte(seqSSE(0)))
	s.Close(nil)
	if len(c.pending()) != 0 {
		t.Fatalf("reconnection scheduled without Resume")
	}
}

func attr(n *memdom.Node, name string) string {
	v, _ := n.Attr(name)
	return v
}

func byClass(class string) func(n *memdom.Node) bool {
	return func(n *memdom.Node) bool { return strings.Contains(" "+attr(n, "class")+" ", " "+class+" ") }
}

// TestLastEventIDHeaderSafe: an id that cannot be a header value (non-ASCII, too long) is
// not sent, so the reconnection itself does not fail; ASCII ids are.
func TestLastEventIDHeaderSafe(t *testing.T) {
	for _, tt := range []struct {
		id   string
		sent bool
	}{{"42", true}, {"abc-DEF_1.2", true}, {"café", false}, {strings.Repeat("x", 2000), false}} {
		r, _, c := newResumeRenderer(t)
		tr := &scriptedTransport{}
		r.Connect(tr, Request{URL: "/sse", Resume: true})
		s := tr.respond("text/event-stream")
		s.Write([]byte("id: " + tt.id + "\ndata: []\n\n"))
		s.Close(nil)
		c.Advance(time.Minute)
		_, has := tr.reqs[1].Headers["Last-Event-ID"]
		if has != tt.sent {
			t.Errorf("id %.20q: Last-Event-ID sent = %v, want %v", tt.id, has, tt.sent)
		}
	}
}
