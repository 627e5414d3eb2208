package aguiagent_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/aguiagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
)

func scripted(t *testing.T) *aguiagent.Handler {
	t.Helper()
	demo, err := demoagent.NewAgent("../../../testdata", 0)
	if err != nil {
		t.Fatal(err)
	}
	return aguiagent.NewHandler(aguiagent.Options{Script: a2aagent.FromDemo("../../../testdata", demo)})
}

// ops returns the a2ui_operations of an ACTIVITY_SNAPSHOT, each compacted.
func ops(t *testing.T, e event) []string {
	t.Helper()
	var c struct {
		Ops []json.RawMessage `json:"a2ui_operations"`
	}
	if err := json.Unmarshal(e.Content, &c); err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(c.Ops))
	for i, o := range c.Ops {
		out[i] = string(o)
	}
	return out
}

// TestSampleRun: with a Script, a user message naming a sample streams it as the
// middleware streams render_a2ui: building, building with tokens, then one cumulative
// snapshot per message of the sample, exactly its lines, in one slot.
func TestSampleRun(t *testing.T) {
	h := scripted(t)
	_, evs := post(t, h, aguiagent.Path, strings.Replace(runBody, `"content":"show"`, `"content":"booking"`, 1))
	want := []string{"RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
		"ACTIVITY_SNAPSHOT:building", "TOOL_CALL_START", "TOOL_CALL_ARGS", "ACTIVITY_SNAPSHOT:building",
		"ACTIVITY_SNAPSHOT:ops", "ACTIVITY_SNAPSHOT:ops", "ACTIVITY_SNAPSHOT:ops", "ACTIVITY_SNAPSHOT:ops", "ACTIVITY_SNAPSHOT:ops",
		"TOOL_CALL_END", "TOOL_CALL_RESULT", "RUN_FINISHED"}
	if g := types(evs); !slices.Equal(g, want) {
		t.Fatalf("events\n got  %q\n want %q", g, want)
	}
	lines, err := a2aagent.FromDemo("../../../testdata", nil).Sample("booking")
	if err != nil || len(lines) != 5 {
		t.Fatalf("sample: %d lines, %v", len(lines), err)
	}
	slot := evs[4].MessageID
	for i := range 5 {
		e := evs[8+i]
		got := ops(t, e)
		if e.MessageID != slot || len(got) != i+1 || got[i] != string(lines[i]) {
			t.Errorf("snapshot %d in %q: %q", i, e.MessageID, got)
		}
	}
	if !strings.Contains(string(evs[7].Content), `"progressTokens"`) || evs[5].ToolCallName != "render_a2ui" {
		t.Errorf("building %s, tool %q", evs[7].Content, evs[5].ToolCallName)
	}
	if !strings.Contains(string(evs[14].Content), `{\"status\":\"rendered\"}`) {
		t.Errorf("tool result %s", evs[14].Content)
	}
}

// TestSampleActions: an action on a sample's surface goes to the script; its follow-up
// paints in a new slot after a building snapshot; an action with no follow-up gets a
// text only; the greeting surface's actions and messages naming no sample keep the
// demo surface.
func TestSampleActions(t *testing.T) {
	h := scripted(t)
	act := func(ua string) []event {
		_, evs := post(t, h, aguiagent.Path, `{"threadId":"t1","runId":"r2","messages":[{"id":"u1","role":"user","content":"booking"}],`+
			`"forwardedProps":{"a2uiAction":{"userAction":`+ua+`}}}`)
		return evs
	}
	evs := act(`{"name":"submitBooking","surfaceId":"booking","sourceComponentId":"submit-btn","context":{"name":"","date":"2026-12-24","guests":"2"},"timestamp":"2026-01-01T00:00:00Z"}`)
	if g := types(evs); !slices.Equal(g, []string{"RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
		"ACTIVITY_SNAPSHOT:building", "TOOL_CALL_START", "TOOL_CALL_END", "TOOL_CALL_RESULT", "ACTIVITY_SNAPSHOT:ops", "RUN_FINISHED"}) {
		t.Fatalf("events %q", g)
	}
	if got := ops(t, evs[8]); len(got) != 1 || got[0] != `{"version":"v0.9","updateDataModel":{"surfaceId":"booking","path":"/booking/status","value":"Please enter a name."}}` {
		t.Errorf("follow-up %q", got)
	}
	if evs[8].MessageID != evs[4].MessageID || !strings.HasPrefix(evs[8].MessageID, "a2ui-surface-call-") {
		t.Errorf("slots %q %q", evs[4].MessageID, evs[8].MessageID)
	}
	evs = act(`{"name":"nothing","surfaceId":"booking","context":{}}`)
	if g := types(evs); !slices.Equal(g, []string{"RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"}) {
		t.Errorf("no follow-up: %q", g)
	}
	evs = act(`{"name":"greet","surfaceId":"agui-demo","context":{"name":"Ada"}}`)
	if all := string(evs[len(evs)-4].Content); !strings.Contains(all, "Hello, Ada!") {
		t.Errorf("the greeting's action: %q", types(evs))
	}
	_, evs = post(t, h, aguiagent.Path, runBody) // "show": no sample of that name
	if g := types(evs); !slices.Contains(g, "ACTIVITY_SNAPSHOT:retrying") {
		t.Errorf("show: %q", g)
	}
}
