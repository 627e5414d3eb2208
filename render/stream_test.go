package render

import (
	"errors"
	"strings"
	"testing"
)

// memTransport is an in-memory render.Transport: it answers every request with body.
type memTransport struct {
	reqs []Request
	ct   string
	body string
	err  error
}

func (m *memTransport) Open(req Request, open func(string) *Stream) {
	m.reqs = append(m.reqs, req)
	st := open(m.ct)
	if m.body != "" {
		st.Write([]byte(m.body))
	}
	st.Close(m.err)
}

func TestConnectSSE(t *testing.T) {
	r, h := newRenderer(t)
	var sse strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(loginV09), "\n") {
		sse.WriteString(": keep-alive\ndata: " + l + "\n\n")
	}
	r.Connect(&memTransport{ct: "text/event-stream", body: sse.String()}, Request{URL: "/s"})
	r.Frame()
	if !strings.Contains(h.text("s1"), "Sign in") {
		t.Fatalf("SSE stream not rendered: %q", h.text("s1"))
	}
}

func TestReplyFailureIsNotSentBack(t *testing.T) {
	r, h := newRenderer(t)
	r.Connect(&memTransport{err: errors.New("HTTP status 404")}, Request{URL: "/agent/action", Method: "POST", Reply: true})
	if len(h.sent) != 0 {
		t.Fatalf("a failed POST was reported to the agent: %v", h.sent)
	}
	if errs := h.ofType("a2ui-error"); len(errs) != 1 || !strings.Contains(errs[0], "404") {
		t.Fatalf("errors = %v", errs)
	}
	// A failing stream the page opened is reported to the agent as well.
	r.Connect(&memTransport{err: errors.New("network down")}, Request{URL: "/s"})
	if len(h.sent) != 1 || !strings.Contains(h.sent[0], "STREAM_FAILED") {
		t.Fatalf("sent = %v", h.sent)
	}
}

func TestAnswerToErrorReportDoesNotLoop(t *testing.T) {
	r, h := newRenderer(t)
	// The agent answers every POST with a message that fails to apply.
	bad := &memTransport{ct: "application/jsonl", body: `{"version":"v0.9","updateDataModel":{"surfaceId":"ghost","path":"/x","value":1}}` + "\n"}
	r.Connect(bad, Request{URL: "/agent/action", Method: "POST", Reply: true, Quiet: true})
	if errs := h.ofType("a2ui-error"); len(errs) != 1 {
		t.Fatalf("errors = %v", errs)
	}
	if len(h.sent) != 0 {
		t.Fatalf("the error caused by an error report's answer was reported again: %v", h.sent)
	}
	// The answer to an action is not quiet: its errors do reach the agent.
	r.Connect(bad, Request{URL: "/agent/action", Method: "POST", Reply: true})
	if len(h.sent) != 1 {
		t.Fatalf("sent = %v", h.sent)
	}
}
