//go:build browser

package browser

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/aguiagent"
)

// aguiServer is the demo agent over AG-UI (the community Go SDK) on this test's server:
// it records every run request and, when paused, holds the first run after each
// lifecycle snapshot until the test releases it.
type aguiServer struct {
	h     *aguiagent.Handler
	mu    sync.Mutex
	runs  []aguiagent.Received
	pause bool
	// failActions: answer that many of the next action runs with 503.
	failActions int
	gate        chan struct{}
	done        chan struct{}
}

func newAGUIServer(t *testing.T, pause bool) *aguiServer {
	t.Helper()
	s := &aguiServer{pause: pause, gate: make(chan struct{}), done: make(chan struct{})}
	t.Cleanup(func() { close(s.done) })
	s.h = aguiagent.NewHandler(aguiagent.Options{
		OnRun: func(r aguiagent.Received) { s.mu.Lock(); s.runs = append(s.runs, r); s.mu.Unlock() },
		After: func(_, status string) {
			s.mu.Lock()
			hold := s.pause && len(s.runs) == 1 && (status == "building" || status == "retrying")
			s.mu.Unlock()
			if hold {
				select {
				case <-s.gate:
				case <-s.done:
				}
			}
		},
	})
	return s
}

func (s *aguiServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		s.mu.Lock()
		fail := s.failActions > 0 && bytes.Contains(body, []byte(`"a2uiAction"`))
		if fail {
			s.failActions--
		}
		s.mu.Unlock()
		if fail {
			w.Header().Set("Access-Control-Allow-Origin", "*")
			http.Error(w, "agent overloaded", http.StatusServiceUnavailable)
			return
		}
	}
	s.h.ServeHTTP(w, r)
}

// release lets the paused run write its next events.
func (s *aguiServer) release() { s.gate <- struct{}{} }

func (s *aguiServer) received() []aguiagent.Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.runs)
}

// aguiListeners records a2ui-text and a2ui-task in T.log, and every lifecycle text an
// AG-UI placeholder showed in T.activity (a MutationObserver on each shadow root, set
// up before the loader runs, so no state is missed however fast they follow).
const aguiListeners = `<script>
for (const type of ["a2ui-text", "a2ui-task"]) document.addEventListener(type, (e) => T.log.push({ host: e.target.id, type, detail: e.detail }));
T.activity = [];
const attach = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) {
  const root = attach.call(this, init);
  const host = this;
  new MutationObserver((recs) => {
    for (const r of recs) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.classList.contains("a2ui-activity-text")) T.activity.push({ host: host.id, text: n.textContent });
    }
  }).observe(root, { childList: true, subtree: true });
  return root;
};
</script>`

// aguiMessage is one message of a RunAgentInput, as the tests read it.
type aguiMessage struct {
	ID         string `json:"id"`
	Role       string `json:"role"`
	Content    any    `json:"content"`
	ToolCallID string `json:"toolCallId"`
	ToolCalls  []struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	} `json:"toolCalls"`
}

func aguiMessages(t *testing.T, raw []json.RawMessage) []aguiMessage {
	t.Helper()
	out := make([]aguiMessage, len(raw))
	for i, m := range raw {
		if err := json.Unmarshal(m, &out[i]); err != nil {
			t.Fatalf("message %s: %v", m, err)
		}
	}
	return out
}

func roles(msgs []aguiMessage) string {
	var r []string
	for _, m := range msgs {
		r = append(r, m.Role)
	}
	return strings.Join(r, ",")
}

// TestAGUIDemoSurface: <a2ui-renderer transport="agui"> against the demo agent. The
// middleware's lifecycle shows as a status placeholder where the surface will paint
// (building, its token count, the retry's attempt N of M), then the surface paints once
// (its snapshots and TOOL_CALL_RESULT apply no second createSurface). A send() during
// the run waits for it; its run paints the same surface in a new slot without an error.
// A click reaches the agent as forwardedProps.a2uiAction.userAction, with the thread as
// HttpAgent keeps it, and the follow-up in a new slot replaces the surface.
func TestAGUIDemoSurface(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	srv := newAGUIServer(t, true)
	base := serve(t, handle(aguiagent.Path, srv), rendererPageWith("/agui.html", aguiListeners+
		`<a2ui-renderer id="agent" agent="`+aguiagent.Path+`" transport="agui" message="show"></a2ui-renderer>`))
	ctx := newTab(t)
	navigate(ctx, base+"/agui.html")
	const status = `T.q("agent", ".a2ui-activity[role=status] .a2ui-activity-text")`
	waitJS(ctx, status+` && `+status+`.textContent === "Building the interface…" && T.q("agent", ".a2ui-activity .a2ui-skeleton")`)
	// A turn during the run waits for it.
	evalJSON(ctx, `(T.rr("agent").send("show"), true)`)
	srv.release()
	waitJS(ctx, status+` && `+status+`.textContent === "Building the interface… (20 tokens)"`)
	srv.release()
	waitJS(ctx, status+` && `+status+`.textContent === "Retrying: attempt 2 of 3…"`)
	if got := evalJSON(ctx, `T.q("agent", ".a2ui-activity").getAttribute("aria-busy")`); got != `"false"` {
		t.Errorf("retry placeholder aria-busy = %s", got)
	}
	if n := len(srv.received()); n != 1 {
		t.Errorf("%d runs while the first is in flight, want 1", n)
	}
	srv.release()
	waitJS(ctx, status+` && `+status+`.textContent === "Building the interface… (40 tokens)"`)
	srv.release()

	// Painted; then the second run paints the same surface in its own slot.
	waitJS(ctx, `T.events("agent", "a2ui-task").filter((e) => e.state === "completed").length === 2 && T.text("agent").includes("Say hello")`)
	flush(ctx, "agent")
	if got, want := hostText(ctx, "agent"), "Say helloNameSend"; got != want {
		t.Errorf("surface text = %q, want %q", got, want)
	}
	if got := evalJSON(ctx, `[T.qa("agent", "section.a2ui-surface").length, T.qa("agent", ".a2ui-activity").length]`); got != `[1,0]` {
		t.Errorf("[surfaces, placeholders] = %s, want [1,0]", got)
	}
	if got := evalJSON(ctx, `T.events("agent", "a2ui-task").map((e) => e.state)`); got != `["working","completed","working","completed"]` {
		t.Errorf("task states = %s", got)
	}
	if got := evalJSON(ctx, `T.events("agent", "a2ui-text").map((e) => e.text)`); got != `["Here is your surface.","Here is your surface."]` {
		t.Errorf("texts = %s", got)
	}
	runs := srv.received()
	if len(runs) != 2 {
		t.Fatalf("%d runs, want 2", len(runs))
	}
	first := runs[0]
	if first.Accept != "text/event-stream" || first.ContentType != "application/json" {
		t.Errorf("Accept %q, Content-Type %q", first.Accept, first.ContentType)
	}
	if got := roles(aguiMessages(t, first.Messages)); got != "user" {
		t.Errorf("first run's messages: %s", got)
	}
	if string(first.Tools) != "[]" || string(first.Context) != "[]" || string(first.State) != "{}" || string(first.ForwardedProps) != "{}" {
		t.Errorf("tools %s context %s state %s forwardedProps %s", first.Tools, first.Context, first.State, first.ForwardedProps)
	}

	// The click: typed name, then Send.
	typeIn(ctx, "agent", "input", "Ada", false)
	clickIn(ctx, "agent", "button.a2ui-button")
	waitJS(ctx, `T.text("agent").includes("Hello, Ada!")`)
	flush(ctx, "agent")
	if got, want := hostText(ctx, "agent"), "ReplyNameHello, Ada!Send"; got != want {
		t.Errorf("follow-up text = %q, want %q", got, want)
	}
	if got := evalJSON(ctx, `T.qa("agent", "section.a2ui-surface").map((s) => s.dataset.surfaceId)`); got != `["agui-demo"]` {
		t.Errorf("surfaces after the follow-up = %s", got)
	}
	runs = srv.received()
	if len(runs) != 3 {
		t.Fatalf("%d runs, want 3", len(runs))
	}
	act := runs[2]
	if act.ThreadID != first.ThreadID || act.ThreadID == "" {
		t.Errorf("threadIds %q then %q: want one thread", first.ThreadID, act.ThreadID)
	}
	if act.RunID == first.RunID || act.RunID == runs[1].RunID || len(act.RunID) != 36 {
		t.Errorf("runIds %q %q %q: want a new uuid per run", first.RunID, runs[1].RunID, act.RunID)
	}
	checkAction(t, "userAction", []byte(`{"userAction":`+string(act.UserAction)+`}`),
		`{"userAction":{"name":"greet","surfaceId":"agui-demo","sourceComponentId":"send","context":{"name":"Ada"}}}`)
	msgs := aguiMessages(t, act.Messages)
	if got := roles(msgs); got != "user,assistant,tool,user,assistant,tool" {
		t.Fatalf("the action run's messages: %s", got)
	}
	if msgs[1].Content != "Here is your surface." || len(msgs[1].ToolCalls) != 1 || msgs[1].ToolCalls[0].Function.Name != "render_a2ui" ||
		msgs[1].ToolCalls[0].ID != msgs[2].ToolCallID || msgs[1].ToolCalls[0].Type != "function" {
		t.Errorf("assistant %+v, tool %+v", msgs[1], msgs[2])
	}
	var args map[string]any
	if err := json.Unmarshal([]byte(msgs[1].ToolCalls[0].Function.Arguments), &args); err != nil || args["surfaceId"] != "agui-demo" {
		t.Errorf("tool call arguments %q: %v", msgs[1].ToolCalls[0].Function.Arguments, err)
	}
	if c, _ := msgs[2].Content.(string); !strings.Contains(c, `"a2ui_operations"`) {
		t.Errorf("tool result content %v", msgs[2].Content)
	}
	if errs := events(ctx, "agent", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestAGUIFailures: a generation the middleware gives up on shows its failure as an
// alert (with its error: debugExposure "verbose"), after the retry's attempt N of M;
// a RUN_ERROR shows its message as an alert, fails the task and fires a2ui-error.
func TestAGUIFailures(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	srv := newAGUIServer(t, false)
	base := serve(t, handle(aguiagent.Path, srv), rendererPageWith("/agui.html", aguiListeners+
		`<a2ui-renderer id="fail" agent="`+aguiagent.Path+`?mode=fail" transport="agui" message="hi"></a2ui-renderer>`+
		`<a2ui-renderer id="error" agent="`+aguiagent.Path+`?mode=error" transport="agui" message="hi"></a2ui-renderer>`))
	ctx := newTab(t)
	navigate(ctx, base+"/agui.html")

	waitJS(ctx, `T.events("fail", "a2ui-task").some((e) => e.state === "completed") && T.q("fail", ".a2ui-activity[role=alert]")`)
	if got, want := evalJSON(ctx, `T.qa("fail", ".a2ui-activity[role=alert] :is(.a2ui-activity-text, .a2ui-activity-detail)").map((e) => e.innerText)`),
		`["The interface could not be built.","No component has id 'root' after 2 attempts"]`; got != want {
		t.Errorf("failure alert = %s, want %s", got, want)
	}
	if got := evalJSON(ctx, `T.activity.filter((a) => a.host === "fail").map((a) => a.text)`); got !=
		`["Building the interface…","Building the interface… (20 tokens)","Retrying: attempt 2 of 2…","The interface could not be built."]` {
		t.Errorf("lifecycle texts = %s", got)
	}
	if got := errorCodes(t, events(ctx, "fail", "a2ui-error")); !slices.Equal(got, []string{"AGUI_GENERATION_FAILED"}) {
		t.Errorf("a2ui-error codes = %q", got)
	}
	if got := evalJSON(ctx, `T.qa("fail", "section.a2ui-surface").length`); got != "0" {
		t.Errorf("%s surfaces after a failed generation", got)
	}

	waitJS(ctx, `T.events("error", "a2ui-task").some((e) => e.state === "failed")`)
	if got := evalJSON(ctx, `T.q("error", ".a2ui-notice[role=alert]").textContent`); got != `"The agent reported an error: the demo agent failed on purpose"` {
		t.Errorf("run error notice = %s", got)
	}
	if got := evalJSON(ctx, `T.events("error", "a2ui-task").map((e) => e.state)`); got != `["working","failed"]` {
		t.Errorf("task states = %s", got)
	}
	errs := events(ctx, "error", "a2ui-error")
	if len(errs) != 1 || canonicalJSON(t, errs[0]) != canonicalJSON(t, `{"error":{"code":"AGUI_RUN_ERROR","aguiCode":"demo_error","message":"the demo agent failed on purpose"}}`) {
		t.Errorf("a2ui-error events = %s", errs)
	}
}

// TestAGUIActionFailureRetry: an action whose run the agent refuses (503) shows the
// failure beside its Button; Retry runs it again, and the follow-up renders.
func TestAGUIActionFailureRetry(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	srv := newAGUIServer(t, false)
	srv.failActions = 1
	base := serve(t, handle(aguiagent.Path, srv), rendererPageWith(rendererPagePath, aguiListeners))
	ctx := openRenderer(t, base, `{agent: "`+aguiagent.Path+`", transport: "agui", message: "show"}`)
	waitJS(ctx, `T.text("host").includes("Say hello") && T.events("host", "a2ui-task").some((e) => e.state === "completed")`)
	typeIn(ctx, "host", "input", "Ada", false)
	clickIn(ctx, "host", "button.a2ui-button")
	waitJS(ctx, `T.q("host", ".a2ui-action-error") !== null`)
	if got := evalJS[string](ctx, `T.q("host", ".a2ui-action-error").textContent`); got != "The action could not be sent: HTTP status 503" {
		t.Errorf("failure text = %q", got)
	}
	if got := evalJSON(ctx, `T.q("host", ".a2ui-notice[role=alert]").textContent`); got != `"The agent could not be reached: HTTP status 503"` {
		t.Errorf("notice = %s", got)
	}
	if n := len(events(ctx, "host", "a2ui-action-failed")); n != 1 {
		t.Errorf("%d a2ui-action-failed events", n)
	}
	clickReady(ctx, "host", "button.a2ui-retry") // stamped past the debounce of the Button's click
	waitJS(ctx, `T.text("host").includes("Hello, Ada!") && !T.q("host", ".a2ui-action-failed")`)
	runs := srv.received()
	if len(runs) != 2 || runs[1].UserAction == nil || runs[1].ThreadID != runs[0].ThreadID {
		t.Fatalf("runs the agent handled: %d (the first turn, then the retried action)", len(runs))
	}
	if n := len(events(ctx, "host", "a2ui-action")); n != 1 {
		t.Errorf("%d a2ui-action events, want 1 (a retry is not a new action)", n)
	}
	if got := evalJSON(ctx, `T.q("host", ".a2ui-notice")`); got != "null" {
		t.Errorf("the notice stayed after the retry: %s", got)
	}
}
