//go:build browser

package browser

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/aguiagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
)

// TestAGUIGalleryLive: the gallery with ?live=agui plays a demo sample from the demo
// agent's AG-UI endpoint (agent/default/run, the message naming the sample): the
// middleware's lifecycle shows in the stage where the surface will paint, the surface
// paints, the run's text and states are logged, and a click is a new run on the thread
// whose follow-up renders. axe finds no violation while the lifecycle shows, nor after.
func TestAGUIGalleryLive(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	demo, err := demoagent.NewAgent(repoPath(t, "testdata"), 0)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var runs []aguiagent.Received
	gate, done := make(chan struct{}), make(chan struct{})
	t.Cleanup(func() { close(done) })
	held := false
	h := aguiagent.NewHandler(aguiagent.Options{
		Script: a2aagent.FromDemo(repoPath(t, "testdata"), demo),
		OnRun:  func(r aguiagent.Received) { mu.Lock(); runs = append(runs, r); mu.Unlock() },
		// The first run waits after its first "building" snapshot until the test saw it.
		After: func(_, status string) {
			mu.Lock()
			hold := status == "building" && !held
			held = held || hold
			mu.Unlock()
			if hold {
				select {
				case <-gate:
				case <-done:
				}
			}
		},
	})
	base := serve(t, handle(aguiagent.Path, h))
	ctx := newTab(t)
	navigate(ctx, base+"/index.html?sample=demo-booking&live=agui")
	const stage = `document.querySelector("#stage a2ui-renderer")`
	const activity = stage + `.shadowRoot.querySelector(".a2ui-activity[role=status] .a2ui-activity-text")`
	waitJS(ctx, stage+` && `+activity+` && `+activity+`.textContent === "Building the interface…"`)
	if got := evalJSON(ctx, `["transport", "agent", "message"].map((a) => `+stage+`.getAttribute(a))`); got != `["agui","agent/default/run","booking"]` {
		t.Errorf("stage renderer = %s", got)
	}
	if got := evalJSON(ctx, `[location.search, document.getElementById("live-status").textContent, document.getElementById("stage-empty").hidden]`); got !=
		`["?sample=demo-booking&live=agui","Running the agent over AG-UI · each action is a new run on the thread",true]` {
		t.Errorf("[URL, live status, waiting note hidden] = %s", got)
	}
	axeAll(t, ctx)
	close(gate)
	waitJS(ctx, stage+`.shadowRoot.textContent.includes("Book a table") && !`+stage+`.shadowRoot.querySelector(".a2ui-activity")`)
	evalJSON(ctx, `(`+stage+`.id = "gallery-stage", true)`)
	waitJS(ctx, `[...document.querySelectorAll("#log .log-title")].some((e) => e.textContent === "completed")`)
	if got := evalJSON(ctx, `[...document.querySelectorAll("#log .log-entry")].reverse().map((e) => e.querySelector(".log-kind").textContent + " " + e.querySelector(".log-title").textContent).filter((t) => !t.startsWith("surface"))`); got !=
		`["info AG-UI","task working","text Here is booking.","task completed"]` {
		t.Errorf("log = %s", got)
	}
	if got := evalJSON(ctx, `document.querySelector("#message-list .msg-note").textContent`); !strings.Contains(got, "each run is POSTed to agent/default/run") {
		t.Errorf("messages note = %s", got)
	}

	// Book without a name: a new run on the thread, whose follow-up renders.
	clickIn(ctx, "gallery-stage", "button.a2ui-button")
	waitJS(ctx, stage+`.shadowRoot.textContent.includes("Please enter a name.")`)
	axeAll(t, ctx)
	mu.Lock()
	defer mu.Unlock()
	if len(runs) != 2 || runs[1].ThreadID != runs[0].ThreadID || runs[1].UserAction == nil {
		t.Fatalf("runs: %+v", runs)
	}
	var ua struct {
		Name, SurfaceID, SourceComponentID string
		Context                            map[string]any
	}
	if err := json.Unmarshal(runs[1].UserAction, &ua); err != nil || ua.Name != "submitBooking" || ua.SurfaceID != "booking" || ua.Context["name"] != "" {
		t.Errorf("userAction %s", runs[1].UserAction)
	}
	if got := evalJSON(ctx, `document.querySelectorAll("#log .log-error").length`); got != "0" {
		t.Errorf("%s errors logged: %s", got, evalJSON(ctx, `[...document.querySelectorAll("#log .log-error")].map((e) => e.textContent)`))
	}
}
