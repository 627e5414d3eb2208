package aguiagent_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/aguiagent"
	"github.com/a2ui-go/a2ui/protocol"
)

// event is the part of an AG-UI event the tests read.
type event struct {
	Type         string          `json:"type"`
	MessageID    string          `json:"messageId"`
	ActivityType string          `json:"activityType"`
	Content      json.RawMessage `json:"content"`
	ToolCallID   string          `json:"toolCallId"`
	ToolCallName string          `json:"toolCallName"`
	Message      string          `json:"message"`
	Code         string          `json:"code"`
}

// post runs one RunAgentInput against h and returns the response and its events.
func post(t *testing.T, h http.Handler, path, body string) (*http.Response, []event) {
	t.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	req, _ := http.NewRequest("POST", srv.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var evs []event
	p := protocol.NewSSEParser(0)
	emit := func(ev *protocol.SSEEvent) {
		var e event
		if err := json.Unmarshal(ev.Data, &e); err != nil {
			t.Errorf("frame %s: %v", ev.Data, err)
		}
		evs = append(evs, e)
	}
	p.Write(b, emit)
	p.Close(emit)
	return res, evs
}

func types(evs []event) []string {
	var out []string
	for _, e := range evs {
		s := e.Type
		if e.Type == "ACTIVITY_SNAPSHOT" {
			var c map[string]any
			_ = json.Unmarshal(e.Content, &c)
			if st, ok := c["status"].(string); ok {
				s += ":" + st
			} else if _, ok := c[aguiagent.OperationsKey]; ok {
				s += ":ops"
			}
		}
		out = append(out, s)
	}
	return out
}

const runBody = `{"threadId":"t1","runId":"r1","messages":[{"id":"u1","role":"user","content":"show"}],"tools":[],"context":[],"state":{},"forwardedProps":{}}`

// TestRunStreamsLikeTheMiddleware: a run streams the lifecycle, a retry, then the
// surface painted the middleware's way, in data: frames with CORS headers.
func TestRunStreamsLikeTheMiddleware(t *testing.T) {
	var got []aguiagent.Received
	h := aguiagent.NewHandler(aguiagent.Options{OnRun: func(r aguiagent.Received) { got = append(got, r) }})
	res, evs := post(t, h, aguiagent.Path, runBody)
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("Content-Type %q", ct)
	}
	if o := res.Header.Get("Access-Control-Allow-Origin"); o != "*" {
		t.Errorf("Access-Control-Allow-Origin %q", o)
	}
	want := []string{"RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
		"ACTIVITY_SNAPSHOT:building", "TOOL_CALL_START", "TOOL_CALL_ARGS", "ACTIVITY_SNAPSHOT:building",
		"ACTIVITY_SNAPSHOT:retrying", "ACTIVITY_SNAPSHOT:building", "TOOL_CALL_ARGS",
		"ACTIVITY_SNAPSHOT:ops", "ACTIVITY_SNAPSHOT:ops", "TOOL_CALL_END", "TOOL_CALL_RESULT", "RUN_FINISHED"}
	if g := types(evs); !slices.Equal(g, want) {
		t.Fatalf("events\n got  %q\n want %q", g, want)
	}
	call := evs[5].ToolCallID
	if evs[5].ToolCallName != "render_a2ui" || evs[4].MessageID != "a2ui-surface-"+call || evs[12].MessageID != "a2ui-surface-"+call {
		t.Errorf("tool call %q, slots %q %q", call, evs[4].MessageID, evs[12].MessageID)
	}
	var result string
	_ = json.Unmarshal(evs[14].Content, &result)
	var last struct {
		Ops []json.RawMessage `json:"a2ui_operations"`
	}
	_ = json.Unmarshal(evs[12].Content, &last)
	if !strings.Contains(result, `"a2ui_operations"`) || len(last.Ops) != 3 || !strings.Contains(string(last.Ops[0]), aguiagent.CatalogID) {
		t.Errorf("tool result %s, last snapshot %s", result, evs[12].Content)
	}
	if len(got) != 1 || got[0].ThreadID != "t1" || got[0].RunID != "r1" || got[0].UserAction != nil {
		t.Errorf("received %+v", got)
	}
}

// TestActionGetsANewSlot: an action (forwardedProps.a2uiAction.userAction) is answered
// by a follow-up for the same surface in a new slot, with the action's context.
func TestActionGetsANewSlot(t *testing.T) {
	h := aguiagent.NewHandler(aguiagent.Options{})
	_, first := post(t, h, aguiagent.Path, runBody)
	_, evs := post(t, h, aguiagent.Path, `{"threadId":"t1","runId":"r2","messages":[],"forwardedProps":{"a2uiAction":{"userAction":{"name":"greet","surfaceId":"agui-demo","sourceComponentId":"send","context":{"name":"Ada"},"timestamp":"2026-01-01T00:00:00Z"}}}}`)
	var slots []string
	for _, e := range evs {
		if e.Type == "ACTIVITY_SNAPSHOT" && strings.Contains(string(e.Content), aguiagent.OperationsKey) {
			slots = append(slots, e.MessageID)
			if !strings.Contains(string(e.Content), `"surfaceId":"agui-demo"`) {
				t.Errorf("follow-up for another surface: %s", e.Content)
			}
		}
	}
	if len(slots) == 0 || slots[0] == first[4].MessageID {
		t.Fatalf("follow-up slots %q, first %q", slots, first[4].MessageID)
	}
	last := evs[len(evs)-1]
	if last.Type != "RUN_FINISHED" {
		t.Errorf("last event %s", last.Type)
	}
	all := ""
	for _, e := range evs {
		all += string(e.Content)
	}
	if !strings.Contains(all, `Hello, Ada!`) {
		t.Errorf("the follow-up does not answer the action: %s", all)
	}
}

// TestModes: ?mode=fail ends in a "failed" lifecycle; ?mode=error (or the message
// "error") in RUN_ERROR.
func TestModes(t *testing.T) {
	h := aguiagent.NewHandler(aguiagent.Options{})
	_, evs := post(t, h, aguiagent.Path+"?mode=fail", runBody)
	g := types(evs)
	if !slices.Contains(g, "ACTIVITY_SNAPSHOT:retrying") || g[len(g)-2] != "ACTIVITY_SNAPSHOT:failed" || g[len(g)-1] != "RUN_FINISHED" {
		t.Errorf("fail: %q", g)
	}
	if !strings.Contains(string(evs[len(evs)-2].Content), `"error":"No component has id 'root' after 2 attempts"`) {
		t.Errorf("failure content %s", evs[len(evs)-2].Content)
	}
	for _, body := range []struct{ path, body string }{
		{aguiagent.Path + "?mode=error", runBody},
		{aguiagent.Path, strings.Replace(runBody, `"content":"show"`, `"content":"error"`, 1)},
	} {
		_, evs = post(t, h, body.path, body.body)
		if g := types(evs); !slices.Equal(g, []string{"RUN_STARTED", "RUN_ERROR"}) || evs[1].Message == "" || evs[1].Code != "demo_error" {
			t.Errorf("error: %q %+v", g, evs)
		}
	}
}

// TestCORS: the preflight gets 204 and the headers a page needs; other methods 405; a
// body that is not JSON 400.
func TestCORS(t *testing.T) {
	srv := httptest.NewServer(aguiagent.NewHandler(aguiagent.Options{}))
	defer srv.Close()
	req, _ := http.NewRequest("OPTIONS", srv.URL+aguiagent.Path, nil)
	req.Header.Set("Origin", "http://page.test")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type,authorization")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 204 || res.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(res.Header.Get("Access-Control-Allow-Methods"), "POST") ||
		res.Header.Get("Access-Control-Allow-Headers") != "Content-Type, Accept, Authorization" {
		t.Errorf("preflight %d %v", res.StatusCode, res.Header)
	}
	res, _ = http.Get(srv.URL + aguiagent.Path)
	res.Body.Close()
	if res.StatusCode != 405 {
		t.Errorf("GET: %d", res.StatusCode)
	}
	res, _ = http.Post(srv.URL+aguiagent.Path, "application/json", strings.NewReader("{"))
	res.Body.Close()
	if res.StatusCode != 400 {
		t.Errorf("bad body: %d", res.StatusCode)
	}
}
