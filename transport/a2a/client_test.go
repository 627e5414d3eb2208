package a2a

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// fake is an in-memory Transport: reply answers each request; callbacks queue and
// run from run(), as the browser posts them to the UI goroutine.
type fake struct {
	t     *testing.T
	queue []func()
	reqs  []string // "GET url" or the JSON-RPC method
	reply func(req Request, method string) (status int, ct string, chunks []string, err error)
}

func (f *fake) Do(req Request, sink Sink) {
	method := "GET " + req.URL
	if req.Method == "POST" {
		var b struct{ Method string }
		_ = json.Unmarshal(req.Body, &b)
		method = b.Method
	}
	f.reqs = append(f.reqs, method)
	status, ct, chunks, err := f.reply(req, method)
	if status == 0 {
		f.queue = append(f.queue, func() { sink.End(err) })
		return
	}
	f.queue = append(f.queue, func() { sink.Start(status, ct) })
	for _, c := range chunks {
		f.queue = append(f.queue, func() { sink.Chunk([]byte(c)) })
	}
	f.queue = append(f.queue, func() { sink.End(err) })
}

func (f *fake) After(_ time.Duration, fn func()) { f.queue = append(f.queue, fn) }

func (f *fake) run() {
	for len(f.queue) > 0 {
		fn := f.queue[0]
		f.queue = f.queue[1:]
		fn()
	}
}

type rec struct {
	lines   []string
	events  []string
	notices []string
	closed  []string
}

type recStream struct{ r *rec }

func (s recStream) Write(b []byte) { s.r.lines = append(s.r.lines, strings.TrimSpace(string(b))) }
func (s recStream) Close(err error) {
	msg := "ok"
	if err != nil {
		msg = err.Error()
	}
	s.r.closed = append(s.r.closed, msg)
}

func (r *rec) hooks() Hooks {
	return Hooks{
		Open:   func(bool) Stream { return recStream{r} },
		Emit:   func(ev string, d []byte) { r.events = append(r.events, ev+" "+string(d)) },
		Notice: func(s string) { r.notices = append(r.notices, s) },
	}
}

const card10 = `{"supportedInterfaces":[{"url":"https://a/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],"capabilities":{"streaming":true}}`
const card03 = `{"url":"https://a/rpc","protocolVersion":"0.3.0","capabilities":{"streaming":true}}`

func sse(results ...string) []string {
	var out []string
	for _, r := range results {
		out = append(out, "data: "+rpc(r)+"\n\n")
	}
	return out
}

const (
	taskWorking = `{"task":{"id":"T","contextId":"C","status":{"state":"TASK_STATE_WORKING"}}}`
	part0       = `{"artifactUpdate":{"taskId":"T","contextId":"C","artifact":{"artifactId":"a","parts":[{"data":[` + msgA + `],"mediaType":"application/a2ui+json"}]}}}`
	doneInput   = `{"statusUpdate":{"taskId":"T","contextId":"C","status":{"state":"TASK_STATE_INPUT_REQUIRED"}}}`
)

// TestClientCardFallback: the base URL's card is missing, the origin's is used.
func TestClientCardFallback(t *testing.T) {
	f := &fake{t: t, reply: func(req Request, m string) (int, string, []string, error) {
		switch m {
		case "GET https://a/x/.well-known/agent-card.json":
			return 404, "text/plain", []string{"no"}, nil
		case "GET https://a/.well-known/agent-card.json":
			return 200, "application/json", []string{card10}, nil
		}
		return 200, "text/event-stream", sse(taskWorking, doneInput), nil
	}}
	r := &rec{}
	c := NewClient(f, r.hooks(), "https://a/x", nil)
	c.Send("hi", nil, nil, false)
	f.run()
	want := []string{"GET https://a/x/.well-known/agent-card.json", "GET https://a/.well-known/agent-card.json", "SendStreamingMessage"}
	if !slices.Equal(f.reqs, want) || !slices.Equal(r.closed, []string{"ok"}) {
		t.Errorf("requests %q closed %q", f.reqs, r.closed)
	}
}

// TestClientCardFails: no card: the page is told, sends are refused.
func TestClientCardFails(t *testing.T) {
	f := &fake{t: t, reply: func(Request, string) (int, string, []string, error) { return 0, "", nil, errors.New("offline") }}
	r := &rec{}
	c := NewClient(f, r.hooks(), "https://a/card.json", nil)
	f.run()
	c.Send("hi", nil, nil, false)
	f.run()
	if len(r.notices) != 1 || r.notices[0] != "Cannot connect to the agent: offline" {
		t.Errorf("notices %q", r.notices)
	}
	if want := []string{`a2ui-error {"error":{"code":"A2A_CARD","message":"offline"}}`, `a2ui-error {"error":{"code":"A2A_CARD","message":"not connected to the agent: offline"}}`}; !slices.Equal(r.events, want) {
		t.Errorf("events %q", r.events)
	}
}

// TestClientTurnsQueue: a second send waits for the first turn to end, and carries
// the task it left.
func TestClientTurnsQueue(t *testing.T) {
	var bodies []string
	f := &fake{t: t, reply: func(req Request, m string) (int, string, []string, error) {
		if req.Method == "GET" {
			return 200, "application/json", []string{card10}, nil
		}
		bodies = append(bodies, string(req.Body))
		return 200, "text/event-stream", sse(taskWorking, part0, doneInput), nil
	}}
	r := &rec{}
	c := NewClient(f, r.hooks(), "https://a/", nil)
	c.Send("one", nil, nil, false)
	c.Send("two", nil, func() []byte { return []byte(`{"surfaces":{"s":{}},"version":"v0.9"}`) }, false)
	f.run()
	if len(bodies) != 2 || strings.Contains(bodies[0], `"taskId"`) || !strings.Contains(bodies[1], `"taskId":"T"`) ||
		!strings.Contains(bodies[1], `"a2uiClientDataModel":{"surfaces":{"s":{}},"version":"v0.9"}`) {
		t.Errorf("bodies:\n%s", strings.Join(bodies, "\n"))
	}
	if !slices.Equal(r.closed, []string{"ok", "ok"}) || len(r.lines) != 2 {
		t.Errorf("closed %q lines %q", r.closed, r.lines)
	}
}

// TestClientStreamEnds: what follows a stream that ends or breaks before the turn is
// over, per A2A version.
func TestClientStreamEnds(t *testing.T) {
	for _, tc := range []struct {
		name, card string
		first      func() (int, []string, error)
		reqs       []string
		closed     string
		errCode    string
	}{
		{"1.0 clean end without a final event: resubscribe", card10,
			func() (int, []string, error) { return 200, sse(taskWorking), nil },
			[]string{"SendStreamingMessage", "SubscribeToTask"}, "ok", ""},
		{"0.3 clean end: the turn is over", card03,
			func() (int, []string, error) {
				return 200, sse(`{"kind":"task","id":"T","contextId":"C","status":{"state":"working"}}`), nil
			},
			[]string{"message/stream"}, "ok", ""},
		{"0.3 dropped: resubscribe", card03,
			func() (int, []string, error) {
				return 200, sse(`{"kind":"task","id":"T","contextId":"C","status":{"state":"working"}}`), errors.New("reset")
			},
			[]string{"message/stream", "tasks/resubscribe"}, "ok", ""},
		{"dropped before a task id: nothing to resume", card10,
			func() (int, []string, error) { return 200, nil, errors.New("reset") },
			[]string{"SendStreamingMessage"}, "reset", "A2A_STREAM"},
		{"HTTP 400: refused, no retry", card10,
			func() (int, []string, error) { return 400, nil, nil },
			[]string{"SendStreamingMessage"}, "ok", "A2A_STREAM"},
		{"HTTP 503 before a task id: the turn fails", card10,
			func() (int, []string, error) { return 503, nil, nil },
			[]string{"SendStreamingMessage"}, "HTTP status 503", "A2A_STREAM"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 0
			f := &fake{t: t, reply: func(req Request, m string) (int, string, []string, error) {
				if req.Method == "GET" {
					return 200, "application/json", []string{tc.card}, nil
				}
				n++
				if n == 1 {
					st, chunks, err := tc.first()
					return st, "text/event-stream", chunks, err
				}
				if tc.card == card03 {
					return 200, "text/event-stream", sse(`{"kind":"status-update","taskId":"T","contextId":"C","final":true,"status":{"state":"input-required"}}`), nil
				}
				return 200, "text/event-stream", sse(taskWorking, part0, doneInput), nil
			}}
			r := &rec{}
			c := NewClient(f, r.hooks(), "https://a/", nil)
			c.Send("hi", nil, nil, false)
			f.run()
			if got := f.reqs[1:]; !slices.Equal(got, tc.reqs) {
				t.Errorf("requests %q, want %q", got, tc.reqs)
			}
			if !slices.Equal(r.closed, []string{tc.closed}) {
				t.Errorf("closed %q, want %q", r.closed, tc.closed)
			}
			hasErr := strings.Contains(strings.Join(r.events, "\n"), `"code":"`+tc.errCode+`"`)
			if tc.errCode != "" && !hasErr || tc.errCode == "" && strings.Contains(strings.Join(r.events, "\n"), "a2ui-error") {
				t.Errorf("events %q, want error %q", r.events, tc.errCode)
			}
		})
	}
}

// TestClientRetriesRunOut: a task whose stream keeps breaking is given up after
// Retries resubscribes, and the turn fails.
func TestClientRetriesRunOut(t *testing.T) {
	f := &fake{t: t, reply: func(req Request, m string) (int, string, []string, error) {
		if req.Method == "GET" {
			return 200, "application/json", []string{card10}, nil
		}
		return 200, "text/event-stream", sse(taskWorking), errors.New("reset")
	}}
	r := &rec{}
	c := NewClient(f, r.hooks(), "https://a/", nil)
	c.Send("hi", nil, nil, false)
	f.run()
	if want := []string{"SendStreamingMessage", "SubscribeToTask", "SubscribeToTask", "SubscribeToTask"}; !slices.Equal(f.reqs[1:], want) {
		t.Errorf("requests %q", f.reqs[1:])
	}
	if !slices.Equal(r.closed, []string{"reset"}) {
		t.Errorf("closed %q", r.closed)
	}
	if got := strings.Count(strings.Join(r.events, "\n"), `"state":"reconnecting"`); got != 3 {
		t.Errorf("%d reconnecting events: %q", got, r.events)
	}
}

// TestClientMergesErrorReports: error reports waiting behind a turn go out as one
// message, at most maxQueued of them.
func TestClientMergesErrorReports(t *testing.T) {
	var bodies []string
	f := &fake{t: t, reply: func(req Request, m string) (int, string, []string, error) {
		if req.Method == "GET" {
			return 200, "application/json", []string{card10}, nil
		}
		bodies = append(bodies, string(req.Body))
		return 200, "text/event-stream", sse(taskWorking, doneInput), nil
	}}
	r := &rec{}
	c := NewClient(f, r.hooks(), "https://a/", nil)
	c.Send("hi", nil, nil, false)
	for range 100 {
		c.Send("", [][]byte{[]byte(`{"version":"v0.9","error":{"code":"X","message":"m","surfaceId":"s"}}`)}, nil, true)
	}
	c.Send("bye", nil, nil, false)
	f.run()
	if len(bodies) != 3 || !strings.Contains(bodies[0], `"text":"hi"`) || !strings.Contains(bodies[2], `"text":"bye"`) {
		t.Fatalf("bodies:\n%s", strings.Join(bodies, "\n"))
	}
	if n := strings.Count(bodies[1], `"code":"X"`); n != maxQueued {
		t.Errorf("%d error reports in the merged turn, want %d", n, maxQueued)
	}
}

// TestClientSkipsBadEvents: an event that cannot be read is reported and skipped; the
// turn goes on and ends normally.
func TestClientSkipsBadEvents(t *testing.T) {
	f := &fake{t: t, reply: func(req Request, m string) (int, string, []string, error) {
		if req.Method == "GET" {
			return 200, "application/json", []string{card10}, nil
		}
		return 200, "text/event-stream", []string{"data: " + rpc(taskWorking) + "\n\n", "data: {not json\n\n",
			"data: " + rpc(part0) + "\n\n", "data: " + rpc(doneInput) + "\n\n"}, nil
	}}
	r := &rec{}
	c := NewClient(f, r.hooks(), "https://a/", nil)
	c.Send("hi", nil, nil, false)
	f.run()
	if len(r.lines) != 1 || !slices.Equal(r.closed, []string{"ok"}) {
		t.Errorf("lines %q closed %q", r.lines, r.closed)
	}
	if n := strings.Count(strings.Join(r.events, "\n"), `"code":"A2A_BAD_EVENT"`); n != 1 {
		t.Errorf("events %q", r.events)
	}
	if len(f.reqs) != 2 {
		t.Errorf("requests %q", f.reqs)
	}
}

// TestClientSendAction: an action turn's outcome reaches done once (success at the
// first good event; the HTTP status, network error, JSON-RPC error or failed task
// otherwise), and its A2A messageId is the action id, so a retry is the same message.
func TestClientSendAction(t *testing.T) {
	for _, tt := range []struct {
		name   string
		status int
		chunks []string
		err    error
		want   string
	}{
		{"ok", 200, sse(taskWorking, doneInput), nil, "ok"},
		{"http 500", 500, []string{"down"}, nil, "HTTP status 500"},
		{"http 403", 403, []string{"no"}, nil, "HTTP status 403"},
		{"network", 0, nil, errors.New("Failed to fetch"), "Failed to fetch"},
		{"rpc error", 200, []string{"data: " + `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"boom"}}` + "\n\n"}, nil, "the agent reported an error: boom (-32603)"},
		{"task failed", 200, sse(`{"task":{"id":"T","contextId":"C","status":{"state":"TASK_STATE_FAILED"}}}`), nil, "the agent's task failed"},
		{"no events", 200, nil, nil, "the agent's stream ended before the turn was complete"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var ids []string
			f := &fake{t: t, reply: func(req Request, m string) (int, string, []string, error) {
				if m == "GET https://a/.well-known/agent-card.json" {
					return 200, "application/json", []string{card10}, nil
				}
				var b struct {
					Params struct {
						Message struct {
							MessageID string `json:"messageId"`
						} `json:"message"`
					} `json:"params"`
				}
				_ = json.Unmarshal(req.Body, &b)
				ids = append(ids, b.Params.Message.MessageID)
				return tt.status, "text/event-stream", tt.chunks, tt.err
			}}
			r := &rec{}
			c := NewClient(f, r.hooks(), "https://a", nil)
			c.Retries = 0
			var got []string
			done := func(err error) {
				if err == nil {
					got = append(got, "ok")
				} else {
					got = append(got, err.Error())
				}
			}
			action := []byte(`{"version":"v0.9","action":{"name":"pay","surfaceId":"s","sourceComponentId":"b","timestamp":"2026-01-01T00:00:00Z","context":{}}}`)
			c.SendAction("act-1", action, nil, done)
			f.run()
			c.SendAction("act-1", action, nil, done) // the retry
			f.run()
			if !slices.Equal(got, []string{tt.want, tt.want}) {
				t.Errorf("done got %q, want %q twice", got, tt.want)
			}
			if !slices.Equal(ids, []string{"act-1", "act-1"}) {
				t.Errorf("messageIds %q, want the action id twice", ids)
			}
		})
	}
	// No card: done fails at once.
	f := &fake{t: t, reply: func(Request, string) (int, string, []string, error) { return 0, "", nil, errors.New("offline") }}
	c := NewClient(f, (&rec{}).hooks(), "https://a/card.json", nil)
	var got error
	c.SendAction("x", []byte(`{}`), nil, func(err error) { got = err })
	f.run()
	if got == nil || got.Error() != "cannot connect to the agent: offline" {
		t.Errorf("done before the card failed = %v", got)
	}
}

// TestEventDetailsAreJSON: the page events' details are JSON whatever the agent's text
// and errors hold (control characters, an ANSI escape, invalid UTF-8): the page's
// JSON.parse gets the object.
func TestEventDetailsAreJSON(t *testing.T) {
	f := &fake{t: t, reply: func(Request, string) (int, string, []string, error) {
		return 0, "", nil, errors.New("offline\x01 \x1b[31mred\xff")
	}}
	r := &rec{}
	NewClient(f, r.hooks(), "https://a/card.json", nil)
	f.run()
	if len(r.events) == 0 {
		t.Fatal("no a2ui-error event")
	}
	var got struct {
		Error struct{ Code, Message string }
	}
	name, detail, _ := strings.Cut(r.events[0], " ")
	if err := json.Unmarshal([]byte(detail), &got); err != nil || name != "a2ui-error" {
		t.Fatalf("%s detail %q: %v", name, detail, err)
	}
	if want := "offline\x01 \x1b[31mred\uFFFD"; got.Error.Code != "A2A_CARD" || got.Error.Message != want {
		t.Errorf("a2ui-error = %+v, want code A2A_CARD, message %q", got.Error, want)
	}
}

// TestClientReadsADKShapes: the ADK's agents put A2UI between <a2ui-json> tags in text
// parts and send one message per DataPart (data a single object). Each block is applied,
// the text around the blocks fires a2ui-text, a block that is not JSON is reported and
// skipped while the rest of the turn goes on.
func TestClientReadsADKShapes(t *testing.T) {
	create := `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/basic_catalog.json"}}`
	comps := `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi"}]}}`
	text := func(s string) string {
		b, _ := json.Marshal(s)
		return `{"kind":"text","text":` + string(b) + `}`
	}
	msg := `{"message":{"messageId":"m1","role":"ROLE_AGENT","contextId":"C","parts":[` +
		text("Here is your form:\n<a2ui-json>\n["+create+"]\n</a2ui-json>\nFill it in.") + `,` +
		`{"data":` + comps + `,"metadata":{"mimeType":"application/a2ui+json"}},` +
		text("<a2ui-json>{\"version\":\"v0.9\",</a2ui-json>") + `,` +
		text("<a2ui-json>{\"version\":\"v0.9\",\"deleteSurface\":{\"surfaceId\":\"x\"}}") + `]}}`
	f := &fake{t: t, reply: func(req Request, m string) (int, string, []string, error) {
		if req.Method == "GET" {
			return 200, "application/json", []string{card10}, nil
		}
		return 200, "text/event-stream", sse(msg), nil
	}}
	r := &rec{}
	c := NewClient(f, r.hooks(), "https://a/", nil)
	c.Send("hi", nil, nil, false)
	f.run()
	var create2, comps2 bytes.Buffer
	_ = json.Compact(&create2, []byte("["+create+"]"))
	_ = json.Compact(&comps2, []byte(comps))
	if want := []string{create2.String(), comps2.String()}; !slices.Equal(r.lines, want) {
		t.Errorf("A2UI lines %q\nwant %q", r.lines, want)
	}
	var texts, bad []string
	for _, e := range r.events {
		switch {
		case strings.HasPrefix(e, "a2ui-text "):
			texts = append(texts, e)
		case strings.Contains(e, `"code":"A2A_BAD_A2UI"`):
			bad = append(bad, e)
		}
	}
	if want := []string{`a2ui-text {"text":"Here is your form:\n\nFill it in.","contextId":"C"}`}; !slices.Equal(texts, want) {
		t.Errorf("texts %q\nwant %q", texts, want)
	}
	if len(bad) != 2 || !strings.Contains(bad[0], "is not JSON") || !strings.Contains(bad[1], "has no </a2ui-json> tag") {
		t.Errorf("errors %q", bad)
	}
	if !slices.Equal(r.closed, []string{"ok"}) {
		t.Errorf("closed %q", r.closed)
	}
}
