package agui

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/fixtures"
)

// TestThreadMatchesHttpAgent is a differential test against @ag-ui/client 1.0.0: the
// same event streams go to HttpAgent (under node) and to the Client; the RunAgentInput
// each posts next must carry the same messages and state. Skipped without node or
// node_modules.
func TestThreadMatchesHttpAgent(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	root := fixtures.RepoRoot(t)
	if _, err := os.Stat(root + "/node_modules/@ag-ui/client/package.json"); err != nil {
		t.Skip("node_modules/@ag-ui/client is missing: run npm ci")
	}
	ops := `{"a2ui_operations":[{"version":"v0.9","createSurface":{"surfaceId":"s1","catalogId":"c"}}]}`
	runs := [][]string{{
		`{"type":"RUN_STARTED","threadId":"$T","runId":"$R"}`,
		`{"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}`,
		`{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"hel"}`,
		`{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"lo"}`,
		`{"type":"TEXT_MESSAGE_END","messageId":"m1"}`,
		`{"type":"TOOL_CALL_START","toolCallId":"call-1","toolCallName":"show_ui","parentMessageId":"m1"}`,
		`{"type":"TOOL_CALL_ARGS","toolCallId":"call-1","delta":"{\"a\":"}`,
		`{"type":"TOOL_CALL_ARGS","toolCallId":"call-1","delta":"1}"}`,
		`{"type":"TOOL_CALL_END","toolCallId":"call-1"}`,
		`{"type":"TOOL_CALL_START","toolCallId":"call-2","toolCallName":"other"}`,
		`{"type":"TOOL_CALL_END","toolCallId":"call-2"}`,
		`{"type":"TOOL_CALL_RESULT","messageId":"res-2","toolCallId":"call-2","content":"two"}`,
		`{"type":"TOOL_CALL_RESULT","messageId":"res-1","toolCallId":"call-1","content":` + strconv.Quote(ops) + `}`,
		`{"type":"ACTIVITY_SNAPSHOT","messageId":"a2ui-surface-call-1","activityType":"a2ui-surface","content":` + ops + `,"replace":true}`,
		`{"type":"STATE_SNAPSHOT","snapshot":{"n":1}}`,
		`{"type":"STATE_DELTA","delta":[{"op":"add","path":"/m","value":[1]}]}`,
		`{"type":"RUN_FINISHED","threadId":"$T","runId":"$R"}`,
	}, {
		`{"type":"RUN_STARTED","threadId":"$T","runId":"$R"}`,
		`{"type":"TEXT_MESSAGE_CHUNK","messageId":"c1","role":"assistant","delta":"a"}`,
		`{"type":"TEXT_MESSAGE_CHUNK","messageId":"c1","delta":"b"}`,
		`{"type":"TOOL_CALL_CHUNK","toolCallId":"k1","toolCallName":"f","parentMessageId":"c1","delta":"{}"}`,
		`{"type":"TOOL_CALL_RESULT","messageId":"res-k","toolCallId":"k1","content":"ok"}`,
		`{"type":"TOOL_CALL_START","toolCallId":"call-3","toolCallName":"g","parentMessageId":"res-k"}`,
		`{"type":"TOOL_CALL_END","toolCallId":"call-3"}`,
		`{"type":"RUN_FINISHED","threadId":"$T","runId":"$R"}`,
	}, {
		`{"type":"RUN_STARTED","threadId":"$T","runId":"$R"}`,
		`{"type":"RUN_FINISHED","threadId":"$T","runId":"$R"}`,
	}}
	texts := []string{"show", "more", ""}

	// The Go client.
	tid := ""
	var sent [][]byte
	f := &fake{}
	f.reply = func(n int, req Request) (int, string, []string, error) {
		sent = append(sent, req.Body)
		var body struct{ RunID string }
		_ = json.Unmarshal(req.Body, &body)
		var frames []string
		for _, e := range runs[n-1] {
			e = strings.ReplaceAll(e, "$T", tid)
			frames = append(frames, "data: "+strings.ReplaceAll(e, "$R", body.RunID)+"\n\n")
		}
		return 200, "text/event-stream", frames, nil
	}
	r := &rec{}
	c := NewClient(f, r.hooks(), "http://agent.test/run")
	tid = c.ThreadID()
	n := 0
	c.NewID = func() string { n++; return "id-" + strconv.Itoa(n) }
	// User ids id-1, id-3 and run ids id-2, id-4, id-5 (the last run has no message).
	for _, text := range texts {
		c.Send(text)
		f.run()
	}

	// HttpAgent.
	type run struct {
		UserID string            `json:"userId"`
		Text   string            `json:"text"`
		RunID  string            `json:"runId"`
		Events []json.RawMessage `json:"events"`
	}
	spec := struct {
		ThreadID string `json:"threadId"`
		Runs     []run  `json:"runs"`
	}{ThreadID: tid}
	ids := [][2]string{{"id-1", "id-2"}, {"id-3", "id-4"}, {"", "id-5"}}
	for i, evs := range runs {
		rn := run{UserID: ids[i][0], Text: texts[i], RunID: ids[i][1]}
		for _, e := range evs {
			rn.Events = append(rn.Events, json.RawMessage(e))
		}
		spec.Runs = append(spec.Runs, rn)
	}
	in, _ := json.Marshal(spec)
	cmd := exec.Command(node, "testdata/httpagent.mjs")
	cmd.Stdin = bytes.NewReader(in)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want []map[string]json.RawMessage
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatalf("node output %s: %v", out, err)
	}
	if len(want) != len(sent) {
		t.Fatalf("HttpAgent made %d runs, the client %d", len(want), len(sent))
	}
	for i := range want {
		var got map[string]json.RawMessage
		if err := json.Unmarshal(sent[i], &got); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"threadId", "runId", "protocolVersion", "messages", "state", "tools", "context", "forwardedProps"} {
			if g, w := canonical(t, got[k]), canonical(t, want[i][k]); g != w {
				t.Errorf("run %d %s:\n got  %s\n want %s", i+1, k, g, w)
			}
		}
	}
}

func canonical(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	if raw == nil {
		return "<absent>"
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}
