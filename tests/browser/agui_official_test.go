//go:build browser

package browser

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// nodeAGUIAgent is tests/browser/testdata/agui-agent.mjs running under node: an agent
// made of the official packages (@ag-ui/client AbstractAgent, @ag-ui/a2ui-middleware
// 0.0.10, @ag-ui/encoder), on another origin than the page (CORS), recording the
// body of every run.
type nodeAGUIAgent struct {
	url    string
	mu     sync.Mutex
	bodies []nodeRun
}

// nodeRun is one request as the Node agent saw it.
type nodeRun struct {
	Accept      string `json:"accept"`
	ContentType string `json:"contentType"`
	Input       struct {
		ThreadID       string            `json:"threadId"`
		RunID          string            `json:"runId"`
		Messages       []json.RawMessage `json:"messages"`
		ForwardedProps struct {
			A2UIAction struct {
				UserAction json.RawMessage `json:"userAction"`
			} `json:"a2uiAction"`
		} `json:"forwardedProps"`
	} `json:"input"`
}

func startNodeAGUIAgent(t *testing.T) *nodeAGUIAgent {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: the test against the official @ag-ui packages needs it")
	}
	if _, err := os.Stat(repoPath(t, "node_modules/@ag-ui/a2ui-middleware/package.json")); err != nil {
		t.Skip("node_modules/@ag-ui/a2ui-middleware is missing: run npm ci")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, node, repoPath(t, "tests/browser/testdata/agui-agent.mjs"))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	a := &nodeAGUIAgent{}
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			line := sc.Text()
			if port, ok := strings.CutPrefix(line, "LISTEN "); ok {
				ready <- port
				continue
			}
			if body, ok := strings.CutPrefix(line, "BODY "); ok {
				var r nodeRun
				if err := json.Unmarshal([]byte(body), &r); err != nil {
					t.Errorf("node agent body %s: %v", body, err)
				}
				a.mu.Lock()
				a.bodies = append(a.bodies, r)
				a.mu.Unlock()
			}
		}
		close(ready)
	}()
	select {
	case port, ok := <-ready:
		if !ok {
			t.Fatal("the node agent exited before listening")
		}
		a.url = "http://127.0.0.1:" + port + "/agent/default/run"
	case <-time.After(30 * time.Second):
		t.Fatal("the node agent did not start")
	}
	return a
}

func (a *nodeAGUIAgent) runs() []nodeRun {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]nodeRun(nil), a.bodies...)
}

// TestAGUIOfficialPackages: the renderer against an agent built from the official
// TypeScript packages. "show": the middleware passes the tool result through and emits
// the ACTIVITY_SNAPSHOT; the surface paints once (no SURFACE_EXISTS). A click reaches
// the agent as forwardedProps.a2uiAction.userAction with the thread HttpAgent would send,
// and the middleware's follow-up (a new slot, the same surface) replaces it. "stream":
// render_a2ui streamed in chunks shows the middleware's building notices with their
// token counts, then paints. "fail": recovery exhausted shows the failure alert with its
// error (debugExposure "verbose").
func TestAGUIOfficialPackages(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	agent := startNodeAGUIAgent(t)
	base := serve(t, rendererPageWith("/agui.html", aguiListeners+
		`<a2ui-renderer id="show" agent="`+agent.url+`" transport="agui" message="show"></a2ui-renderer>`+
		`<a2ui-renderer id="stream" agent="`+agent.url+`" transport="agui" message="stream"></a2ui-renderer>`+
		`<a2ui-renderer id="fail" agent="`+agent.url+`" transport="agui" message="fail"></a2ui-renderer>`))
	ctx := newTab(t)
	navigate(ctx, base+"/agui.html")

	t.Run("show", func(t *testing.T) {
		waitJS(ctx, `T.events("show", "a2ui-task").some((e) => e.state === "completed") && T.text("show").includes("Say hello")`)
		flush(ctx, "show")
		if got, want := hostText(ctx, "show"), "Say helloNameSend"; got != want {
			t.Errorf("surface text = %q, want %q", got, want)
		}
		if got := evalJSON(ctx, `T.events("show", "a2ui-text").map((e) => e.text)`); got != `["Here you go."]` {
			t.Errorf("texts = %s", got)
		}
		typeIn(ctx, "show", "input", "Ada", false)
		clickIn(ctx, "show", "button.a2ui-button")
		waitJS(ctx, `T.text("show").includes("Hello, Ada!")`)
		flush(ctx, "show")
		if got, want := hostText(ctx, "show"), "ReplyNameHello, Ada!Send"; got != want {
			t.Errorf("follow-up text = %q, want %q", got, want)
		}
		if got := evalJSON(ctx, `T.q("show", "input").value`); got != `"Ada"` {
			t.Errorf("name field = %s, want \"Ada\"", got)
		}
		if got := evalJSON(ctx, `T.qa("show", "section.a2ui-surface").map((s) => s.dataset.surfaceId)`); got != `["s1"]` {
			t.Errorf("surfaces = %s", got)
		}
		if errs := events(ctx, "show", "a2ui-error"); len(errs) > 0 {
			t.Errorf("a2ui-error events: %s", errs)
		}
		var runs []nodeRun
		for _, r := range agent.runs() {
			if r.Input.ThreadID != "" && len(r.Input.Messages) > 0 && strings.Contains(string(r.Input.Messages[0]), `"show"`) {
				runs = append(runs, r)
			}
		}
		if len(runs) != 2 {
			t.Fatalf("%d runs of the show thread, want 2", len(runs))
		}
		if runs[0].Input.ThreadID != runs[1].Input.ThreadID || runs[0].Input.RunID == runs[1].Input.RunID {
			t.Errorf("thread %q/%q, runs %q/%q", runs[0].Input.ThreadID, runs[1].Input.ThreadID, runs[0].Input.RunID, runs[1].Input.RunID)
		}
		if runs[1].Accept != "text/event-stream" || runs[1].ContentType != "application/json" {
			t.Errorf("Accept %q, Content-Type %q", runs[1].Accept, runs[1].ContentType)
		}
		checkAction(t, "userAction", []byte(`{"userAction":`+string(runs[1].Input.ForwardedProps.A2UIAction.UserAction)+`}`),
			`{"userAction":{"name":"greet","surfaceId":"s1","sourceComponentId":"send","context":{"name":"Ada"}}}`)
		msgs := aguiMessages(t, runs[1].Input.Messages)
		if got := roles(msgs); got != "user,assistant,tool" {
			t.Fatalf("the action run's messages: %s", got)
		}
		if msgs[1].Content != "Here you go." || len(msgs[1].ToolCalls) != 1 || msgs[1].ToolCalls[0].Function.Name != "show_ui" ||
			msgs[1].ToolCalls[0].Function.Arguments != "{}" || msgs[2].ToolCallID != msgs[1].ToolCalls[0].ID {
			t.Errorf("assistant %+v, tool %+v", msgs[1], msgs[2])
		}
	})

	t.Run("stream", func(t *testing.T) {
		waitJS(ctx, `T.events("stream", "a2ui-task").some((e) => e.state === "completed") && T.text("stream").includes("Streamed")`)
		flush(ctx, "stream")
		if got, want := hostText(ctx, "stream"), "StreamedNamestreamedSend"; got != want {
			t.Errorf("surface text = %q, want %q", got, want)
		}
		if got := evalJSON(ctx, `T.activity.filter((a) => a.host === "stream").map((a) => a.text)`); got !=
			`["Building the interface…","Building the interface… (20 tokens)","Building the interface… (40 tokens)","Building the interface… (60 tokens)","Building the interface… (80 tokens)","Building the interface… (100 tokens)","Building the interface… (120 tokens)"]` {
			t.Errorf("lifecycle texts = %s", got)
		}
		if got := evalJSON(ctx, `[T.qa("stream", "section.a2ui-surface").length, T.qa("stream", ".a2ui-activity").length]`); got != `[1,0]` {
			t.Errorf("[surfaces, placeholders] = %s, want [1,0]", got)
		}
		if errs := events(ctx, "stream", "a2ui-error"); len(errs) > 0 {
			t.Errorf("a2ui-error events: %s", errs)
		}
	})

	t.Run("fail", func(t *testing.T) {
		waitJS(ctx, `T.events("fail", "a2ui-task").some((e) => e.state === "completed") && T.q("fail", ".a2ui-activity[role=alert]")`)
		if got, want := evalJSON(ctx, `T.qa("fail", ".a2ui-activity[role=alert] :is(.a2ui-activity-text, .a2ui-activity-detail)").map((e) => e.innerText)`),
			`["The interface could not be built.","No component has id 'root'"]`; got != want {
			t.Errorf("failure alert = %s, want %s", got, want)
		}
		if got := errorCodes(t, events(ctx, "fail", "a2ui-error")); len(got) != 1 || got[0] != "AGUI_GENERATION_FAILED" {
			t.Errorf("a2ui-error codes = %q", got)
		}
	})
}
