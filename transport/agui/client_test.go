package agui

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fake is an in-memory Transport: reply answers each request; callbacks queue and run
// from run(), as the browser posts them to the UI goroutine.
type fake struct {
	queue []func()
	reqs  []Request
	reply func(n int, req Request) (status int, ct string, frames []string, err error)
}

func (f *fake) Do(req Request, sink Sink) {
	f.reqs = append(f.reqs, req)
	status, ct, frames, err := f.reply(len(f.reqs), req)
	if status == 0 {
		f.queue = append(f.queue, func() { sink.End(err) })
		return
	}
	f.queue = append(f.queue, func() { sink.Start(status, ct) })
	for _, fr := range frames {
		f.queue = append(f.queue, func() { sink.Chunk([]byte(fr)) })
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
	lines, events, notices, closed, activity []string
}

type recStream struct{ r *rec }

func (s recStream) Write(b []byte) {
	s.r.lines = append(s.r.lines, strings.TrimSuffix(string(b), "\n"))
}
func (s recStream) Close(err error) {
	msg := "ok"
	if err != nil {
		msg = err.Error()
	}
	s.r.closed = append(s.r.closed, msg)
}

func (r *rec) hooks() Hooks {
	return Hooks{
		Open:   func() Stream { return recStream{r} },
		Emit:   func(ev string, d []byte) { r.events = append(r.events, ev+" "+string(d)) },
		Notice: func(s string) { r.notices = append(r.notices, s) },
		Activity: func(id string, l []byte) {
			if l == nil {
				r.activity = append(r.activity, id+" removed")
				return
			}
			r.activity = append(r.activity, id+" "+string(l))
		},
	}
}

// sse frames events as @ag-ui/encoder does: "data: <json>\n\n" each.
func sse(events ...string) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = "data: " + e + "\n\n"
	}
	return out
}

func newTestClient(f *fake, r *rec) *Client {
	c := NewClient(f, r.hooks(), "https://agent.test/agent/default/run")
	n := 0
	c.NewID = func() string { n++; return "id-" + strconv.Itoa(n) }
	return c
}

const surfaceOps = `{"a2ui_operations":[{"version":"v0.9","createSurface":{"surfaceId":"s1","catalogId":"c"}},{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Text","text":"hi"}]}}]}`

// middlewareRun is a run as @ag-ui/a2ui-middleware streams it (tool-result path), plus
// an unknown event and a malformed frame.
var middlewareRun = sse(
	`{"type":"RUN_STARTED","threadId":"t","runId":"r"}`,
	`{"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}`,
	`{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"hel"}`,
	`{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"lo"}`,
	`{"type":"TEXT_MESSAGE_END","messageId":"m1"}`,
	`{"type":"TOOL_CALL_START","toolCallId":"call-1","toolCallName":"show_ui","parentMessageId":"m1"}`,
	`{"type":"TOOL_CALL_ARGS","toolCallId":"call-1","delta":"{}"}`,
	`{"type":"TOOL_CALL_END","toolCallId":"call-1"}`,
	`{"type":"TOOL_CALL_RESULT","messageId":"res-1","toolCallId":"call-1","content":`+strconv.Quote(surfaceOps)+`}`,
	`{"type":"STEP_STARTED","stepName":"x"}`,
	`not json`,
	`{"type":"ACTIVITY_SNAPSHOT","messageId":"a2ui-surface-call-1","activityType":"a2ui-surface","content":`+surfaceOps+`,"replace":true}`,
	`{"type":"ACTIVITY_SNAPSHOT","messageId":"mcp-1","activityType":"mcp-apps","content":{"x":1}}`,
	`{"type":"RUN_FINISHED","threadId":"t","runId":"r"}`,
)

// TestClientRun: a turn posts a RunAgentInput; the A2UI comes from the activity
// snapshot only (not the tool result too); text and run states become page events;
// unknown events are skipped and malformed frames reported, and the stream goes on.
// The next turn sends the thread as HttpAgent keeps it.
func TestClientRun(t *testing.T) {
	f := &fake{reply: func(int, Request) (int, string, []string, error) {
		return 200, "text/event-stream", middlewareRun, nil
	}}
	r := &rec{}
	c := newTestClient(f, r)
	c.Send("show")
	f.run()
	if len(f.reqs) != 1 {
		t.Fatalf("%d requests", len(f.reqs))
	}
	req := f.reqs[0]
	if req.Method != "POST" || req.URL != "https://agent.test/agent/default/run" || req.Headers["Accept"] != "text/event-stream" || req.Headers["Content-Type"] != "application/json" {
		t.Errorf("request %+v", req)
	}
	tid := strconv.Quote(c.ThreadID())
	if want := `{"threadId":` + tid + `,"runId":"id-2","protocolVersion":"1.0","state":{},"messages":[{"id":"id-1","role":"user","content":"show"}],"tools":[],"context":[],"forwardedProps":{}}`; string(req.Body) != want {
		t.Errorf("body\n got  %s\n want %s", req.Body, want)
	}
	if !json.Valid(req.Body) || len(c.ThreadID()) != 36 {
		t.Errorf("thread id %q", c.ThreadID())
	}
	want := []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"s1","catalogId":"c"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Text","text":"hi"}]}}`,
	}
	if !slices.Equal(r.lines, want) {
		t.Errorf("lines %q", r.lines)
	}
	wantEvents := []string{
		`a2ui-task {"threadId":` + tid + `,"runId":"id-2","state":"working"}`,
		`a2ui-text {"text":"hello","messageId":"m1","role":"assistant","threadId":` + tid + `,"runId":"id-2"}`,
		`a2ui-error {"error":{"code":"AGUI_BAD_EVENT","message":"the agent sent an event that is not a JSON object: invalid character 'o' in literal null (expecting 'u') at offset 1"}}`,
		`a2ui-task {"threadId":` + tid + `,"runId":"id-2","state":"completed"}`,
	}
	if len(r.events) != len(wantEvents) {
		t.Fatalf("events:\n%s", strings.Join(r.events, "\n"))
	}
	for i, w := range wantEvents {
		if i == 2 && strings.HasPrefix(r.events[i], `a2ui-error {"error":{"code":"AGUI_BAD_EVENT"`) {
			continue // the JSON reader's wording
		}
		if r.events[i] != w {
			t.Errorf("event %d\n got  %s\n want %s", i, r.events[i], w)
		}
	}
	if !slices.Equal(r.closed, []string{"ok"}) {
		t.Errorf("stream closes %q", r.closed)
	}

	c.Send("more")
	f.run()
	body := string(f.reqs[1].Body)
	wantMsgs := `"messages":[{"id":"id-1","role":"user","content":"show"},` +
		`{"id":"m1","role":"assistant","content":"hello","toolCalls":[{"id":"call-1","type":"function","function":{"name":"show_ui","arguments":"{}"}}]},` +
		`{"id":"res-1","role":"tool","content":` + strconv.Quote(surfaceOps) + `,"toolCallId":"call-1"},` +
		`{"id":"id-3","role":"user","content":"more"}]`
	if !strings.Contains(body, `"threadId":`+tid+`,"runId":"id-4"`) || !strings.Contains(body, wantMsgs) {
		t.Errorf("second body\n got  %s\n want %s", body, wantMsgs)
	}
	// The second run's identical snapshot in the same slot changes nothing.
	if len(r.lines) != 2 {
		t.Errorf("lines after the second run: %q", r.lines)
	}
}

// TestClientAction: an action is a run on the same thread with
// forwardedProps.a2uiAction.userAction (the page's forwardedProps kept), no new user
// message; done learns it was delivered at the first event.
func TestClientAction(t *testing.T) {
	f := &fake{reply: func(int, Request) (int, string, []string, error) {
		return 200, "text/event-stream", sse(`{"type":"RUN_STARTED","threadId":"t","runId":"r"}`, `{"type":"RUN_FINISHED","threadId":"t","runId":"r"}`), nil
	}}
	r := &rec{}
	c := newTestClient(f, r)
	c.Input = Input{ForwardedProps: []byte(`{"app":{"x":1},"a2uiAction":"stale"}`), Tools: []byte(`[{"name":"t","description":"d"}]`), Context: []byte(`[{"description":"c","value":"v"}]`)}
	var got []error
	c.SendAction([]byte(`{"version":"v0.9","action":{"name":"greet","surfaceId":"s1","sourceComponentId":"b","timestamp":"2026-01-01T00:00:00Z","context":{"n":"Ada"},"extra":1},"metadata":{"a2uiClientDataModel":{}}}`),
		func(err error) { got = append(got, err) })
	f.run()
	if len(got) != 1 || got[0] != nil {
		t.Errorf("done %v", got)
	}
	want := `{"threadId":` + strconv.Quote(c.ThreadID()) + `,"runId":"id-1","protocolVersion":"1.0","state":{},"messages":[],` +
		`"tools":[{"name":"t","description":"d"}],"context":[{"description":"c","value":"v"}],` +
		`"forwardedProps":{"app":{"x":1},"a2uiAction":{"userAction":{"name":"greet","surfaceId":"s1","sourceComponentId":"b","context":{"n":"Ada"},"timestamp":"2026-01-01T00:00:00Z"}}}}`
	if string(f.reqs[0].Body) != want {
		t.Errorf("body\n got  %s\n want %s", f.reqs[0].Body, want)
	}
	// A v0.8 userAction converts the same way; anything else is refused.
	ua, err := UserAction([]byte(`{"userAction":{"name":"n","surfaceId":"s","sourceComponentId":"c","timestamp":"t","context":{}}}`))
	if err != nil || string(ua) != `{"name":"n","surfaceId":"s","sourceComponentId":"c","context":{},"timestamp":"t"}` {
		t.Errorf("v0.8: %s %v", ua, err)
	}
	c.SendAction([]byte(`{"version":"v0.9","error":{}}`), func(err error) { got = append(got, err) })
	if len(got) != 2 || got[1] == nil {
		t.Errorf("done for a non-action: %v", got)
	}
}

// TestClientOneRunAtATime: a turn or an action while a run is in flight waits for it.
func TestClientOneRunAtATime(t *testing.T) {
	f := &fake{reply: func(int, Request) (int, string, []string, error) {
		return 200, "text/event-stream", sse(`{"type":"RUN_STARTED","threadId":"t","runId":"r"}`, `{"type":"RUN_FINISHED","threadId":"t","runId":"r"}`), nil
	}}
	c := newTestClient(f, &rec{})
	c.Send("a")
	c.SendAction([]byte(`{"version":"v0.9","action":{"name":"x"}}`), func(error) {})
	c.Send("b")
	if len(f.reqs) != 1 {
		t.Fatalf("%d requests before the first run ended, want 1", len(f.reqs))
	}
	f.run()
	if len(f.reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(f.reqs))
	}
	if !strings.Contains(string(f.reqs[1].Body), `"a2uiAction"`) || !strings.Contains(string(f.reqs[2].Body), `"content":"b"`) {
		t.Errorf("order: %s / %s", f.reqs[1].Body, f.reqs[2].Body)
	}
}

// TestClientFailures: each way a run fails is reported once (a2ui-error, a visible
// notice), fails a waiting action, and frees the client for the next run.
func TestClientFailures(t *testing.T) {
	for _, tc := range []struct {
		name    string
		status  int
		ct      string
		frames  []string
		err     error
		events  []string // a2ui-error codes and a2ui-task states, in order
		notice  string
		doneErr string // "" : delivered
	}{
		{"run error", 200, "text/event-stream", sse(`{"type":"RUN_STARTED","threadId":"t","runId":"r"}`, `{"type":"RUN_ERROR","message":"model down","code":"E1"}`),
			nil, []string{"task working", "task failed", `error AGUI_RUN_ERROR {"error":{"code":"AGUI_RUN_ERROR","aguiCode":"E1","message":"model down"}}`},
			"The agent reported an error: model down", ""},
		{"run error first", 200, "text/event-stream", sse(`{"type":"RUN_ERROR","message":"refused"}`),
			nil, []string{"task failed", `error AGUI_RUN_ERROR {"error":{"code":"AGUI_RUN_ERROR","message":"refused"}}`},
			"The agent reported an error: refused", "the agent reported an error: refused"},
		{"HTTP status", 503, "text/plain", []string{"busy"}, nil,
			[]string{`error AGUI_STREAM {"error":{"code":"AGUI_STREAM","message":"HTTP status 503"}}`}, "The agent could not be reached: HTTP status 503", "HTTP status 503"},
		{"network", 0, "", nil, errors.New("Failed to fetch"),
			[]string{`error AGUI_STREAM {"error":{"code":"AGUI_STREAM","message":"Failed to fetch"}}`}, "The agent could not be reached: Failed to fetch", "Failed to fetch"},
		{"empty stream", 200, "text/event-stream", nil, nil,
			[]string{`error AGUI_STREAM {"error":{"code":"AGUI_STREAM","message":"the agent's stream ended without an event"}}`}, "The agent could not be reached: the agent's stream ended without an event", "the agent's stream ended without an event"},
		{"protobuf", 200, "application/vnd.ag-ui.event+proto", []string{"\x00\x00"}, nil,
			[]string{`error AGUI_STREAM {"error":{"code":"AGUI_STREAM","message":"the agent answered in protobuf (application/vnd.ag-ui.event+proto), not text/event-stream"}}`}, "The agent could not be reached: the agent answered in protobuf (application/vnd.ag-ui.event+proto), not text/event-stream", "the agent answered in protobuf (application/vnd.ag-ui.event+proto), not text/event-stream"},
		{"no RUN_FINISHED", 200, "text/event-stream", sse(`{"type":"RUN_STARTED","threadId":"t","runId":"r"}`), nil,
			[]string{"task working", `error AGUI_STREAM {"error":{"code":"AGUI_STREAM","message":"the agent's stream ended before RUN_FINISHED"}}`}, "", ""},
		{"event without a type", 200, "text/event-stream", sse(`{"threadId":"t"}`, `{"type":"RUN_FINISHED"}`), nil,
			[]string{`error AGUI_BAD_EVENT {"error":{"code":"AGUI_BAD_EVENT","message":"the agent sent an event without a type"}}`, "task completed", "task completed"}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			f := &fake{reply: func(n int, _ Request) (int, string, []string, error) {
				calls++
				if n > 1 {
					return 200, "text/event-stream", sse(`{"type":"RUN_FINISHED"}`), nil
				}
				return tc.status, tc.ct, tc.frames, tc.err
			}}
			r := &rec{}
			c := newTestClient(f, r)
			var done []error
			c.SendAction([]byte(`{"version":"v0.9","action":{"name":"x"}}`), func(err error) { done = append(done, err) })
			c.Send("next")
			f.run()
			var got []string
			for _, e := range r.events {
				switch {
				case strings.HasPrefix(e, "a2ui-task "):
					var d struct{ State string }
					_ = json.Unmarshal([]byte(strings.TrimPrefix(e, "a2ui-task ")), &d)
					got = append(got, "task "+d.State)
				case strings.HasPrefix(e, "a2ui-error "):
					var d struct{ Error struct{ Code string } }
					_ = json.Unmarshal([]byte(strings.TrimPrefix(e, "a2ui-error ")), &d)
					got = append(got, "error "+d.Error.Code+" "+strings.TrimPrefix(e, "a2ui-error "))
				}
			}
			got = slices.DeleteFunc(got, func(s string) bool { return s == "task completed" && tc.name != "event without a type" })
			if !slices.Equal(got, tc.events) {
				t.Errorf("events:\n got  %q\n want %q", got, tc.events)
			}
			if i := slices.Index(r.notices, tc.notice); tc.notice != "" && i < 0 {
				t.Errorf("notices %q, want %q", r.notices, tc.notice)
			}
			if len(done) != 1 || (tc.doneErr == "") != (done[0] == nil) || (done[0] != nil && done[0].Error() != tc.doneErr) {
				t.Errorf("done %v, want %q", done, tc.doneErr)
			}
			if calls != 2 {
				t.Errorf("%d runs: the client did not go on to the next one", calls)
			}
		})
	}
}

// TestClientEvents: chunked text, tool-call chunks, MESSAGES_SNAPSHOT (an activity in it
// paints; the thread is replaced), ACTIVITY_DELTA (patches the stored content),
// lifecycle placeholders (shown, then removed when the slot paints) and the state.
func TestClientEvents(t *testing.T) {
	frames := sse(
		`{"type":"RUN_STARTED","threadId":"t","runId":"r"}`,
		`{"type":"TEXT_MESSAGE_CHUNK","messageId":"c1","delta":"a"}`,
		`{"type":"TEXT_MESSAGE_CHUNK","delta":"b"}`,
		`{"type":"TEXT_MESSAGE_CHUNK","messageId":"c2","role":"assistant","delta":"c"}`,
		`{"type":"TOOL_CALL_CHUNK","toolCallId":"k1","toolCallName":"f","parentMessageId":"c2","delta":"{\"a\":"}`,
		`{"type":"TOOL_CALL_CHUNK","delta":"1}"}`,
		`{"type":"ACTIVITY_SNAPSHOT","messageId":"slot","activityType":"a2ui-surface","content":{"status":"building","progressTokens":20}}`,
		`{"type":"ACTIVITY_SNAPSHOT","messageId":"slot","activityType":"a2ui-surface","content":`+surfaceOps+`}`,
		`{"type":"ACTIVITY_DELTA","messageId":"slot","activityType":"a2ui-surface","patch":[{"op":"replace","path":"/a2ui_operations/1/updateComponents/components/0/text","value":"bye"}]}`,
		`{"type":"ACTIVITY_DELTA","messageId":"nope","activityType":"a2ui-surface","patch":[]}`,
		`{"type":"ACTIVITY_DELTA","messageId":"slot","activityType":"a2ui-surface","patch":[{"op":"remove","path":"/zz"}]}`,
		`{"type":"STATE_SNAPSHOT","snapshot":{"n":1}}`,
		`{"type":"STATE_DELTA","delta":[{"op":"add","path":"/m","value":2}]}`,
		`{"type":"MESSAGES_SNAPSHOT","messages":[{"id":"u0","role":"user","content":"old"},{"id":"act","role":"activity","activityType":"a2ui-surface","content":{"a2ui_operations":[{"version":"v0.9","createSurface":{"surfaceId":"s2","catalogId":"c"}}]}}]}`,
		`{"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"interrupt","interrupts":[{"id":"i","reason":"r"}]}}`,
	)
	f := &fake{reply: func(int, Request) (int, string, []string, error) { return 200, "text/event-stream", frames, nil }}
	r := &rec{}
	c := newTestClient(f, r)
	c.Send("hi")
	f.run()
	var texts, tasks, errs []string
	for _, e := range r.events {
		switch {
		case strings.HasPrefix(e, "a2ui-text "):
			var d struct{ Text, MessageID string }
			_ = json.Unmarshal([]byte(strings.TrimPrefix(e, "a2ui-text ")), &d)
			texts = append(texts, d.MessageID+":"+d.Text)
		case strings.HasPrefix(e, "a2ui-task "):
			var d struct{ State string }
			_ = json.Unmarshal([]byte(strings.TrimPrefix(e, "a2ui-task ")), &d)
			tasks = append(tasks, d.State)
		case strings.HasPrefix(e, "a2ui-error "):
			errs = append(errs, e)
		}
	}
	if !slices.Equal(texts, []string{"c1:ab", "c2:c"}) {
		t.Errorf("texts %q", texts)
	}
	if !slices.Equal(tasks, []string{"working", "input-required"}) {
		t.Errorf("task states %q", tasks)
	}
	if len(errs) != 1 || !strings.Contains(errs[0], `ACTIVITY_DELTA for \"slot\" not applied`) {
		t.Errorf("errors %q", errs)
	}
	wantLines := []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"s1","catalogId":"c"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Text","text":"hi"}]}}`,
		`{"updateComponents":{"components":[{"component":"Text","id":"root","text":"bye"}],"surfaceId":"s1"},"version":"v0.9"}`, // as patched: keys sorted
		`{"version":"v0.9","createSurface":{"surfaceId":"s2","catalogId":"c"}}`,
	}
	if !slices.Equal(r.lines, wantLines) {
		t.Errorf("lines:\n%s", strings.Join(r.lines, "\n"))
	}
	if !slices.Equal(r.activity, []string{
		`slot {"status":"building","text":"Building the interface… (20 tokens)","exposure":"collapsed","alert":false}`,
		`slot removed`}) {
		t.Errorf("activity %q", r.activity)
	}
	c.Send("again")
	f.run()
	body := string(f.reqs[1].Body)
	if !strings.Contains(body, `"state":{"m":2,"n":1}`) {
		t.Errorf("state not kept: %s", body)
	}
	// The snapshot replaced the thread: its user message, the streamed messages it
	// did not name dropped, the activity not sent, then the new turn.
	if !strings.Contains(body, `"messages":[{"id":"u0","role":"user","content":"old"},{"id":"id-3","role":"user","content":"again"}]`) {
		t.Errorf("messages after MESSAGES_SNAPSHOT: %s", body)
	}
}

// TestClientUnbuilt: a run that ends before its slot paints (RUN_FINISHED, RUN_ERROR,
// a stream cut short, a failed read) replaces the building or retrying placeholder with
// an alert that the interface was not built, keeping the detail its exposure shows; a
// slot that painted or failed is left as it is, and a later paint removes the alert.
func TestClientUnbuilt(t *testing.T) {
	const (
		started  = `{"type":"RUN_STARTED","threadId":"t","runId":"r"}`
		building = `{"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":"a2ui-surface","content":{"status":"building"}}`
		retrying = `{"type":"ACTIVITY_SNAPSHOT","messageId":"b","activityType":"a2ui-surface","content":{"status":"retrying","attempt":2,"errors":[{"code":"no_root","message":"No root"}]}}`
		failed   = `{"type":"ACTIVITY_SNAPSHOT","messageId":"c","activityType":"a2ui-surface","content":{"status":"failed","error":"gave up","debugExposure":"hidden"}}`
		painted  = `{"type":"ACTIVITY_SNAPSHOT","messageId":"d","activityType":"a2ui-surface","content":{"status":"building"}}`
		paint    = `{"type":"ACTIVITY_SNAPSHOT","messageId":"d","activityType":"a2ui-surface","content":` + surfaceOps + `}`
		finished = `{"type":"RUN_FINISHED","threadId":"t","runId":"r"}`
	)
	notBuilt := func(id, why, detail string) string {
		d := ""
		if detail != "" {
			d = `"detail":` + strconv.Quote(detail) + `,`
		}
		return id + ` {"status":"failed","text":"The interface was not built: ` + why + ` before it was ready.",` + d + `"exposure":"collapsed","alert":true}`
	}
	for _, tc := range []struct {
		name   string
		frames []string
		err    error
		why    string
	}{
		{"finished", sse(started, building, retrying, failed, painted, paint, finished), nil, "the agent's run finished"},
		{"run error", sse(started, building, retrying, failed, painted, paint, `{"type":"RUN_ERROR","message":"boom"}`), nil, "the agent reported an error"},
		{"stream cut", sse(started, building, retrying, failed, painted, paint), nil, "the connection to the agent ended"},
		{"read failed", sse(started, building, retrying, failed, painted, paint), errors.New("network error"), "the connection to the agent ended"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs := 0
			f := &fake{reply: func(int, Request) (int, string, []string, error) {
				runs++
				if runs == 2 { // the next run paints slot a after all
					return 200, "text/event-stream", sse(started,
						`{"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":"a2ui-surface","content":`+surfaceOps+`}`, finished), nil
				}
				return 200, "text/event-stream", tc.frames, tc.err
			}}
			r := &rec{}
			c := newTestClient(f, r)
			c.Send("hi")
			f.run()
			if n := len(r.activity); n < 6 {
				t.Fatalf("activity %q", r.activity)
			}
			got := r.activity[5:] // after building a, retrying b, failed c, building d, d removed
			want := []string{notBuilt("a", tc.why, ""), notBuilt("b", tc.why, "No root")}
			if !slices.Equal(got, want) {
				t.Errorf("after the run:\n got  %q\n want %q", got, want)
			}
			var errs []string
			for _, e := range r.events {
				if strings.Contains(e, "AGUI_GENERATION_FAILED") {
					errs = append(errs, e)
				}
			}
			wantErrs := []string{
				`a2ui-error {"error":{"code":"AGUI_GENERATION_FAILED","message":"gave up"}}`,
				`a2ui-error {"error":{"code":"AGUI_GENERATION_FAILED","message":"the interface of \"a\" was not built: ` + tc.why + ` before it painted"}}`,
				`a2ui-error {"error":{"code":"AGUI_GENERATION_FAILED","message":"the interface of \"b\" was not built: ` + tc.why + ` before it painted"}}`,
			}
			if !slices.Equal(errs, wantErrs) {
				t.Errorf("errors:\n got  %q\n want %q", errs, wantErrs)
			}
			r.activity = nil
			c.Send("again")
			f.run()
			if !slices.Equal(r.activity, []string{"a removed"}) {
				t.Errorf("the next run's paint: activity %q", r.activity)
			}
		})
	}
}
