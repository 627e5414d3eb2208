package aguiagent

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/ag-ui-protocol/ag-ui/sdks/community/go/pkg/core/events"
	"github.com/ag-ui-protocol/ag-ui/sdks/community/go/pkg/encoding/sse"
)

// Path is where the demo-agent command serves the run endpoint (CopilotKit's
// …/agent/<agentId>/run shape).
const Path = "/agent/default/run"

// ActivityType and the key of the operations, as @ag-ui/a2ui-middleware names them.
const (
	ActivityType  = "a2ui-surface"
	OperationsKey = "a2ui_operations"
	// CatalogID is the catalog id the middleware puts in createSurface.
	CatalogID = "https://a2ui.org/specification/v0_9/basic_catalog.json"
	// SurfaceID is the surface every run paints.
	SurfaceID = "agui-demo"
)

// Modes a run plays, chosen by the endpoint's ?mode= or by the user message's text. A
// text naming a sample of Options.Script plays that sample instead.
const (
	ModeSurface = "surface" // lifecycle, a retry, then the painted surface (the default)
	ModeFail    = "fail"    // lifecycle, then status "failed" (recovery exhausted)
	ModeError   = "error"   // RUN_ERROR after RUN_STARTED
)

// Received is what the agent saw of one run request.
type Received struct {
	ThreadID, RunID string
	// Accept and ContentType are the request's headers.
	Accept, ContentType string
	// Messages, Tools, Context, State and ForwardedProps are the RunAgentInput members,
	// raw.
	Messages       []json.RawMessage
	Tools, Context json.RawMessage
	State          json.RawMessage
	ForwardedProps json.RawMessage
	// UserAction is forwardedProps.a2uiAction.userAction (nil when absent).
	UserAction json.RawMessage
	// Body is the whole request body.
	Body []byte
}

// Options configure a Handler.
type Options struct {
	// Delay paces the events.
	Delay time.Duration
	// OnRun, when set, is called with every run request before it is answered.
	OnRun func(Received)
	// After, when set, is called after each event is written and flushed, with its
	// type and, for activity snapshots, its status ("building", "retrying", "failed",
	// "painted"); a test may block in it to look at the page at that point.
	After func(eventType, status string)
	// Script, when set, serves the demo samples (the gallery's live samples): a user
	// message naming one ("booking") streams it as the middleware streams a render_a2ui
	// call, and an action on any surface but SurfaceID is answered by Script.Respond,
	// its follow-ups painted in a new slot.
	Script a2aagent.Script
}

// Handler serves the run endpoint: POST a RunAgentInput, get an SSE stream of events.
type Handler struct {
	opts Options
	mu   sync.Mutex
	n    int // tool calls made, for fresh ids
}

// NewHandler returns the agent's run endpoint.
func NewHandler(opts Options) *Handler { return &Handler{opts: opts} }

// CORS writes the headers a cross-origin page needs to POST a run and read its stream.
func CORS(h http.Header) {
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", "POST, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Content-Type, Accept, Authorization")
}

func (a *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	CORS(w.Header())
	switch r.Method {
	case http.MethodOptions:
		w.WriteHeader(http.StatusNoContent)
		return
	case http.MethodPost:
	default:
		w.Header().Set("Allow", "POST, OPTIONS")
		http.Error(w, "POST a RunAgentInput", http.StatusMethodNotAllowed)
		return
	}
	in, err := readInput(w, r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if a.opts.OnRun != nil {
		a.opts.OnRun(in)
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	mode := r.URL.Query().Get("mode")
	if mode == "" {
		mode = lastUserText(in.Messages)
	}
	s := &stream{a: a, ctx: r.Context(), w: w, sw: sse.NewSSEWriter()}
	s.play(in, mode)
}

func readInput(w http.ResponseWriter, r *http.Request) (Received, error) {
	in := Received{Accept: r.Header.Get("Accept"), ContentType: r.Header.Get("Content-Type")}
	body, err := readAll(w, r)
	if err != nil {
		return in, err
	}
	in.Body = body
	var v struct {
		ThreadID       string            `json:"threadId"`
		RunID          string            `json:"runId"`
		Messages       []json.RawMessage `json:"messages"`
		Tools          json.RawMessage   `json:"tools"`
		Context        json.RawMessage   `json:"context"`
		State          json.RawMessage   `json:"state"`
		ForwardedProps json.RawMessage   `json:"forwardedProps"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		return in, err
	}
	in.ThreadID, in.RunID, in.Messages = v.ThreadID, v.RunID, v.Messages
	in.Tools, in.Context, in.State, in.ForwardedProps = v.Tools, v.Context, v.State, v.ForwardedProps
	var fp struct {
		A2UIAction struct {
			UserAction json.RawMessage `json:"userAction"`
		} `json:"a2uiAction"`
	}
	if len(v.ForwardedProps) > 0 && json.Unmarshal(v.ForwardedProps, &fp) == nil {
		in.UserAction = fp.A2UIAction.UserAction
	}
	return in, nil
}

// lastUserText returns the content of the last user message ("" when none).
func lastUserText(msgs []json.RawMessage) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		var m struct {
			Role    string `json:"role"`
			Content any    `json:"content"`
		}
		if json.Unmarshal(msgs[i], &m) == nil && m.Role == "user" {
			s, _ := m.Content.(string)
			return strings.TrimSpace(s)
		}
	}
	return ""
}

func (a *Handler) callID() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.n++
	return "call-" + strconv.Itoa(a.n)
}

// stream writes one run's events.
type stream struct {
	a   *Handler
	ctx context.Context
	w   http.ResponseWriter
	sw  *sse.SSEWriter
	err error
}

func (s *stream) send(ev events.Event, status string) {
	if s.err != nil {
		return
	}
	if s.err = s.sw.WriteEvent(s.ctx, s.w, ev); s.err != nil {
		return
	}
	if f := s.a.opts.After; f != nil {
		f(string(ev.Type()), status)
	}
	if d := s.a.opts.Delay; d > 0 {
		select {
		case <-time.After(d):
		case <-s.ctx.Done():
			s.err = s.ctx.Err()
		}
	}
}

func (s *stream) activity(id string, content map[string]any, status string) {
	s.send(events.NewActivitySnapshotEvent(id, ActivityType, content), status)
}

func (s *stream) text(id, text string) {
	s.send(events.NewTextMessageStartEvent(id, events.WithRole("assistant")), "")
	s.send(events.NewTextMessageContentEvent(id, text), "")
	s.send(events.NewTextMessageEndEvent(id), "")
}

// play writes the run: RUN_STARTED, the mode's events, RUN_FINISHED.
func (s *stream) play(in Received, mode string) {
	s.send(events.NewRunStartedEvent(in.ThreadID, in.RunID), "")
	if mode == ModeError {
		s.send(events.NewRunErrorEvent("the demo agent failed on purpose", events.WithErrorCode("demo_error"), events.WithRunID(in.RunID)), "")
		return
	}
	var action map[string]any
	if in.UserAction != nil {
		_ = json.Unmarshal(in.UserAction, &action)
	}
	if s.scripted(in, mode, action) {
		return
	}
	call := s.a.callID()
	slot := "a2ui-surface-" + call
	msg := "msg-" + call
	if action != nil {
		s.text(msg, "Thanks, I got your "+str(action["name"])+".")
	} else {
		s.text(msg, "Here is your surface.")
	}
	// The middleware's lifecycle, then the tool call that renders.
	s.activity(slot, map[string]any{"status": "building"}, "building")
	s.send(events.NewToolCallStartEvent(call, "render_a2ui", events.WithParentMessageID(msg)), "")
	ops := Surface(action)
	args, _ := json.Marshal(map[string]any{"surfaceId": SurfaceID, "components": components(action)})
	half := len(args) / 2
	s.send(events.NewToolCallArgsEvent(call, string(args[:half])), "")
	s.activity(slot, map[string]any{"status": "building", "progressTokens": 20}, "building")
	if mode == ModeFail {
		s.activity(slot, map[string]any{"status": "retrying", "attempt": 2, "maxAttempts": 2,
			"errors":        []any{map[string]any{"code": "no_root", "path": "components", "message": "No component has id 'root'"}},
			"debugExposure": "verbose"}, "retrying")
		s.send(events.NewToolCallEndEvent(call), "")
		res, _ := json.Marshal(map[string]any{"code": "a2ui_recovery_exhausted",
			"error":    "No component has id 'root' after 2 attempts",
			"attempts": []any{map[string]any{"attempt": 1, "ok": false}, map[string]any{"attempt": 2, "ok": false}}})
		s.send(events.NewToolCallResultEvent("result-"+call, call, string(res)), "")
		s.activity(slot, map[string]any{"status": "failed", "error": "No component has id 'root' after 2 attempts",
			"attempts":    []any{map[string]any{"attempt": 1, "ok": false}, map[string]any{"attempt": 2, "ok": false}},
			"maxAttempts": 2, "debugExposure": "verbose"}, "failed")
		s.send(events.NewRunFinishedEvent(in.ThreadID, in.RunID), "")
		return
	}
	if action == nil {
		s.activity(slot, map[string]any{"status": "retrying", "attempt": 2, "maxAttempts": 3,
			"errors": []any{map[string]any{"code": "no_root", "path": "components", "message": "No component has id 'root'"}}}, "retrying")
		s.activity(slot, map[string]any{"status": "building", "progressTokens": 40}, "building")
	}
	s.send(events.NewToolCallArgsEvent(call, string(args[half:])), "")
	// Painted the streamed way: components first, then with the data.
	s.activity(slot, map[string]any{OperationsKey: ops[:2]}, "painted")
	s.activity(slot, map[string]any{OperationsKey: ops}, "painted")
	s.send(events.NewToolCallEndEvent(call), "")
	res, _ := json.Marshal(map[string]any{OperationsKey: ops})
	s.send(events.NewToolCallResultEvent("result-"+call, call, string(res)), "")
	s.send(events.NewRunFinishedEvent(in.ThreadID, in.RunID), "")
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// Surface returns the A2UI messages (v0.9) of the demo surface: the greeting form, or,
// for a userAction, the answer to it, for the same surfaceId.
func Surface(action map[string]any) []any {
	data := map[string]any{"name": "", "reply": ""}
	if action != nil {
		ctx, _ := action["context"].(map[string]any)
		name := str(ctx["name"])
		data["name"] = name
		if name == "" {
			data["reply"] = "Please enter a name."
		} else {
			data["reply"] = "Hello, " + name + "!"
		}
	}
	return []any{
		map[string]any{"version": "v0.9", "createSurface": map[string]any{"surfaceId": SurfaceID, "catalogId": CatalogID}},
		map[string]any{"version": "v0.9", "updateComponents": map[string]any{"surfaceId": SurfaceID, "components": components(action)}},
		map[string]any{"version": "v0.9", "updateDataModel": map[string]any{"surfaceId": SurfaceID, "path": "/", "value": data}},
	}
}

func components(action map[string]any) []any {
	title := "Say hello"
	if action != nil {
		title = "Reply"
	}
	return []any{
		map[string]any{"id": "root", "component": "Column", "children": []any{"title", "name", "reply", "send"}},
		map[string]any{"id": "title", "component": "Text", "text": title, "variant": "h2"},
		map[string]any{"id": "name", "component": "TextField", "label": "Name", "value": map[string]any{"path": "/name"}},
		map[string]any{"id": "reply", "component": "Text", "text": map[string]any{"path": "/reply"}},
		map[string]any{"id": "send-text", "component": "Text", "text": "Send"},
		map[string]any{"id": "send", "component": "Button", "child": "send-text", "variant": "primary",
			"action": map[string]any{"event": map[string]any{"name": "greet", "context": map[string]any{"name": map[string]any{"path": "/name"}}}}},
	}
}

func readAll(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	return io.ReadAll(http.MaxBytesReader(w, r.Body, 8<<20))
}
