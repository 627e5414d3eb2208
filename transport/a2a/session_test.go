package a2a

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

const basic09 = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"

func card(version string, streaming bool, ui protocol.Version) *Card {
	c := &Card{Endpoint: "https://agent.example/rpc", Version: version, Streaming: streaming}
	if ui != protocol.VersionUnknown {
		c.A2UI = Extension{URI: ExtensionURI(ui), Version: ui, CatalogIDs: []string{basic09}}
	}
	return c
}

func newTestSession(c *Card) *Session {
	s := NewSession(c, []string{basic09, "https://a2ui.org/specification/v0_8/standard_catalog_definition.json"})
	n := 0
	s.NewID = func() string { n++; return "m" + strconv.Itoa(n) }
	return s
}

// golden compares got (a request, pretty-printed) with testdata/name.json.
func golden(t *testing.T, name string, req Request) {
	t.Helper()
	var body any
	if err := json.Unmarshal(req.Body, &body); err != nil {
		t.Fatalf("%s: body is not JSON: %v", name, err)
	}
	out, _ := json.MarshalIndent(map[string]any{"method": req.Method, "url": req.URL, "headers": req.Headers,
		"stream": req.Stream, "body": body}, "", "  ")
	out = append(out, '\n')
	path := filepath.Join("testdata", name+".json")
	if *update {
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(out, want) {
		t.Errorf("%s:\n%s\nwant:\n%s", name, out, want)
	}
}

var action09 = protocol.EncodeAction(protocol.ActionEvent{Version: protocol.V09, Name: "toggle", SurfaceID: "tasks",
	SourceComponentID: "btn", Timestamp: "2026-01-02T03:04:05.000Z", Context: map[string]any{"id": "t1"},
	DataModel: map[string]any{"tasks": []any{"a"}}})

var action08 = protocol.EncodeAction(protocol.ActionEvent{Version: protocol.V08, Name: "go", SurfaceID: "s",
	SourceComponentID: "b", Timestamp: "2026-01-02T03:04:05.000Z"})

// TestSendGolden fixes the wire form of a turn per A2A and A2UI version.
func TestSendGolden(t *testing.T) {
	s := newTestSession(card(V10, true, protocol.V09))
	golden(t, "send-1.0-text", s.Send("booking", nil, nil))
	// After a task event: the ids ride along.
	s.Event([]byte(`{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"T1","contextId":"C1","status":{"state":"TASK_STATE_INPUT_REQUIRED"}}}}`))
	golden(t, "send-1.0-action", s.Send("", [][]byte{action09}, nil))

	s = newTestSession(card(V03, true, protocol.V09))
	s.Event([]byte(`{"jsonrpc":"2.0","id":1,"result":{"kind":"status-update","taskId":"T1","contextId":"C1","status":{"state":"input-required"},"final":true}}`))
	golden(t, "send-0.3-action", s.Send("", [][]byte{action09, action09}, []byte(`{"surfaces":{},"version":"v0.9"}`)))

	s = newTestSession(card(V10, false, protocol.V08))
	golden(t, "send-1.0-v0.8-nostream", s.Send("hi", [][]byte{action08}, nil))

	s = newTestSession(card(V10, true, protocol.VersionUnknown))
	golden(t, "send-1.0-no-extension", s.Send("", [][]byte{action09}, nil))

	golden(t, "resubscribe-1.0", newTestSession(card(V10, true, protocol.V09)).Resubscribe("T1"))
	golden(t, "resubscribe-0.3", newTestSession(card(V03, true, protocol.V09)).Resubscribe("T1"))
	golden(t, "gettask-0.3", newTestSession(card(V03, true, protocol.V09)).GetTask("T1"))
}

// rpc wraps a result in a JSON-RPC response.
func rpc(result string) string { return `{"jsonrpc":"2.0","id":1,"result":` + result + `}` }

const (
	msgA = `{"version":"v0.9","deleteSurface":{"surfaceId":"a"}}`
	msgB = `{"version":"v0.9","deleteSurface":{"surfaceId":"b"}}`
)

// TestEventShapes: every way an A2UI payload arrives is accepted, in both A2A
// versions, and the turn state is read.
func TestEventShapes(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		a2ui       []string
		texts      []string
		state      string
		final      bool
		err        int
		bad        string
	}{
		{"1.0 artifact update, list, mediaType", rpc(`{"artifactUpdate":{"taskId":"T","contextId":"C","artifact":{"artifactId":"x","parts":[{"data":[` + msgA + `,` + msgB + `],"mediaType":"application/a2ui+json"}]}}}`),
			[]string{`[` + msgA + `,` + msgB + `]`}, nil, "", false, 0, ""},
		{"0.3 artifact update, the SDK compatibility wrapper", rpc(`{"kind":"artifact-update","taskId":"T","contextId":"C","artifact":{"artifactId":"x","parts":[{"kind":"data","data":{"value":[` + msgA + `]},"metadata":{"data_part_compat":true,"mimeType":"application/json+a2ui"}}]}}`),
			[]string{`[` + msgA + `]`}, nil, "", false, 0, ""},
		{"0.3 status update, one message object, final flag", rpc(`{"kind":"status-update","taskId":"T","contextId":"C","final":true,"status":{"state":"working","message":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":"hello"},{"kind":"data","data":` + msgA + `,"metadata":{"mimeType":"application/json+a2ui"}}]}}}`),
			[]string{msgA}, []string{"hello"}, "working", true, 0, ""},
		{"1.0 message, the messages wrapper; other data ignored", rpc(`{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"data":{"messages":[` + msgA + `]},"mediaType":"application/json+a2ui"},{"data":{"x":1},"mediaType":"application/json"},{"url":"https://x/y.png"}]}}`),
			[]string{`{"messages":[` + msgA + `]}`}, nil, "", true, 0, ""},
		{"1.0 task snapshot: agent history, status message, artifacts; the user's own message skipped", rpc(`{"task":{"id":"T","contextId":"C","status":{"state":"TASK_STATE_COMPLETED","message":{"messageId":"s","role":"ROLE_AGENT","parts":[{"text":"done"}]}},"history":[{"messageId":"u","role":"ROLE_USER","parts":[{"data":[` + msgB + `],"mediaType":"application/a2ui+json"}]},{"messageId":"h","role":"ROLE_AGENT","parts":[{"text":"working on it"}]}],"artifacts":[{"artifactId":"x","parts":[{"data":[` + msgA + `],"mediaType":"application/a2ui+json"}]}]}}`),
			[]string{`[` + msgA + `]`}, []string{"working on it", "done"}, "completed", true, 0, ""},
		{"bare 1.0 task (GetTask)", rpc(`{"id":"T","contextId":"C","status":{"state":"TASK_STATE_FAILED"}}`), nil, nil, "failed", true, 0, ""},
		{"JSON-RPC error", `{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"task not found"}}`, nil, nil, "", true, -32001, ""},
		{"not JSON", `{"jsonrpc":`, nil, nil, "", false, 0, "the agent sent invalid JSON: unexpected end of JSON input (offset 11, at /jsonrpc)"},
		{"no result", `{"jsonrpc":"2.0","id":1}`, nil, nil, "", false, 0, "the agent's response has no result object"},
		{"unknown result", rpc(`{"kind":"weather"}`), nil, nil, "", false, 0, "the agent sent an unknown result"},
		{"malformed artifact update", rpc(`{"artifactUpdate":{"artifact":7}}`), nil, nil, "", false, 0, "the agent sent a malformed artifact-update"},
		// The hand-written readers (jsonread.go): null reads as missing, a wrong type
		// fails the event, a duplicate key is malformed, JSON after the value is invalid.
		{"null members read as missing", rpc(`{"kind":"status-update","taskId":null,"contextId":"C","final":null,"status":{"state":"working","message":{"messageId":"m1","role":null,"parts":[{"text":null,"data":` + msgA + `,"mediaType":"application/a2ui+json","metadata":null}]}}}`),
			[]string{msgA}, nil, "working", false, 0, ""},
		{"compacted payload, key order kept", rpc(`{"message":{"messageId":"m1","role":"agent","parts":[{"data": { "version" : "v0.9" , "deleteSurface" : { "surfaceId" : "s 1" } } ,"mediaType":"application/a2ui+json"}]}}`),
			[]string{`{"version":"v0.9","deleteSurface":{"surfaceId":"s 1"}}`}, nil, "", true, 0, ""},
		{"non-string mimeType ignored", rpc(`{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"data","data":` + msgA + `,"metadata":{"mimeType":7}}]}`),
			nil, nil, "", true, 0, ""},
		{"wrong type: final", rpc(`{"kind":"status-update","final":"yes","status":{"state":"working"}}`), nil, nil, "", false, 0, "the agent sent a malformed status-update"},
		{"wrong type: parts", rpc(`{"message":{"messageId":"m1","role":"agent","parts":{"text":"x"}}}`), nil, nil, "", false, 0, "the agent sent a malformed message"},
		{"wrong type: history entry", rpc(`{"task":{"id":"T","status":{"state":"working"},"history":["x"]}}`), nil, nil, "", false, 0, "the agent sent a malformed task"},
		{"wrong type: error code", `{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}`, nil, nil, "", false, 0, "the agent sent a malformed JSON-RPC response"},
		{"duplicate key", `{"jsonrpc":"2.0","result":{"kind":"message"},"result":{"kind":"task"}}`, nil, nil, "", false, 0, "the agent sent invalid JSON: duplicate object key \"result\" (offset 45, at /result)"},
		{"data after the value", `{"jsonrpc":"2.0"} {}`, nil, nil, "", false, 0, "the agent sent invalid JSON: data after the JSON value"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := newTestSession(card(V10, true, protocol.V09)).Event([]byte(tc.data))
			var got []string
			for _, p := range res.A2UI {
				got = append(got, string(p))
			}
			if !slices.Equal(got, tc.a2ui) || !slices.Equal(res.Texts, tc.texts) || res.State != tc.state || res.Final != tc.final {
				t.Errorf("result = a2ui %q texts %q state %q final %v", got, res.Texts, res.State, res.Final)
			}
			if (res.Err == nil) != (tc.err == 0) || res.Err != nil && res.Err.Code != tc.err {
				t.Errorf("error = %v, want code %d", res.Err, tc.err)
			}
			if res.Bad != tc.bad {
				t.Errorf("bad = %q, want %q", res.Bad, tc.bad)
			}
			// Every payload decodes into the A2UI messages it carries.
			for _, p := range res.A2UI {
				if _, errs := protocol.NewDecoder().Decode(p); len(errs) > 0 {
					t.Errorf("payload %s: %v", p, errs[0])
				}
			}
		})
	}
}

// TestRequestBytes: the request body is written by hand (protocol.AppendJSON): compact,
// keys sorted, raw A2UI messages kept as they are and a client message's metadata
// moved into the A2A message's metadata.
func TestRequestBytes(t *testing.T) {
	s := newTestSession(card(V03, false, protocol.VersionUnknown))
	action := `{"version":"v0.9","action":{"name":"go","surfaceId":"s","sourceComponentId":"b","timestamp":"t","context":{}},"metadata":{"a2uiClientDataModel":{"surfaces":{}}}}`
	req := s.Send("a <b> & \"c\"", [][]byte{[]byte(action)}, nil)
	caps := string(protocol.EncodeCapabilitiesFor(protocol.CapabilityVersions, []string{"https://a2ui.org/specification/v0_8/standard_catalog_definition.json", basic09}))
	want := `{"id":1,"jsonrpc":"2.0","method":"message/send","params":{"message":{"extensions":["https://a2ui.org/a2a-extension/a2ui/v0.10"],"kind":"message","messageId":"m1",` +
		`"metadata":{"a2uiClientCapabilities":` + caps + `,"a2uiClientDataModel":{"surfaces":{}}},` +
		`"parts":[{"kind":"text","text":"a <b> & \"c\""},{"data":{"action":{"name":"go","surfaceId":"s","sourceComponentId":"b","timestamp":"t","context":{}},"version":"v0.9"},"kind":"data","metadata":{"mimeType":"application/json+a2ui"}}],"role":"user"}}}`
	if string(req.Body) != want {
		t.Errorf("body:\n got %s\nwant %s", req.Body, want)
	}
}

// TestTaskIDs: the context is kept, the task id kept while the task can take input and
// dropped once it is terminal.
func TestTaskIDs(t *testing.T) {
	s := newTestSession(card(V10, true, protocol.V09))
	steps := []struct{ data, task, ctx string }{
		{rpc(`{"task":{"id":"T1","contextId":"C","status":{"state":"TASK_STATE_SUBMITTED"}}}`), "T1", "C"},
		{rpc(`{"statusUpdate":{"taskId":"T1","contextId":"C","status":{"state":"TASK_STATE_INPUT_REQUIRED"}}}`), "T1", "C"},
		{rpc(`{"statusUpdate":{"taskId":"T1","contextId":"C","status":{"state":"TASK_STATE_COMPLETED"}}}`), "", "C"},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"x"}}`, "", "C"},
	}
	for i, st := range steps {
		s.Event([]byte(st.data))
		if s.TaskID() != st.task || s.ContextID() != st.ctx {
			t.Errorf("step %d: task %q context %q, want %q %q", i, s.TaskID(), s.ContextID(), st.task, st.ctx)
		}
	}
}

// TestSnapshotAddsOnlyWhatWasMissed: after streamed events, the task snapshot of a
// resubscribe yields only the messages and artifact parts not delivered yet.
func TestSnapshotAddsOnlyWhatWasMissed(t *testing.T) {
	s := newTestSession(card(V10, true, protocol.V09))
	part := func(m string) string { return `{"data":[` + m + `],"mediaType":"application/a2ui+json"}` }
	m := func(i int) string {
		return `{"version":"v0.9","deleteSurface":{"surfaceId":"s` + strconv.Itoa(i) + `"}}`
	}
	var got []string
	feed := func(data string) {
		res := s.Event([]byte(data))
		for _, p := range res.A2UI {
			got = append(got, string(p))
		}
		got = append(got, res.Texts...)
	}
	feed(rpc(`{"artifactUpdate":{"taskId":"T","contextId":"C","artifact":{"artifactId":"a","parts":[` + part(m(0)) + `]}}}`))
	feed(rpc(`{"artifactUpdate":{"taskId":"T","contextId":"C","append":true,"artifact":{"artifactId":"a","parts":[` + part(m(1)) + `]}}}`))
	feed(rpc(`{"statusUpdate":{"taskId":"T","contextId":"C","status":{"state":"TASK_STATE_WORKING","message":{"messageId":"w1","role":"ROLE_AGENT","parts":[{"text":"first"}]}}}}`))
	// The stream drops; the snapshot has everything so far plus two more parts and a
	// new status message (the old one moved to the history).
	feed(rpc(`{"task":{"id":"T","contextId":"C","status":{"state":"TASK_STATE_WORKING","message":{"messageId":"w2","role":"ROLE_AGENT","parts":[{"text":"second"}]}},
		"history":[{"messageId":"w1","role":"ROLE_AGENT","parts":[{"text":"first"}]}],
		"artifacts":[{"artifactId":"a","parts":[` + part(m(0)) + `,` + part(m(1)) + `,` + part(m(2)) + `,` + part(m(3)) + `]}]}}`))
	// Then the live events go on.
	feed(rpc(`{"artifactUpdate":{"taskId":"T","contextId":"C","append":true,"artifact":{"artifactId":"a","parts":[` + part(m(4)) + `]}}}`))
	// The same snapshot again (a second resubscribe) adds nothing.
	feed(rpc(`{"task":{"id":"T","contextId":"C","status":{"state":"TASK_STATE_WORKING","message":{"messageId":"w2","role":"ROLE_AGENT","parts":[{"text":"second"}]}},
		"artifacts":[{"artifactId":"a","parts":[` + part(m(0)) + `,` + part(m(1)) + `,` + part(m(2)) + `,` + part(m(3)) + `,` + part(m(4)) + `]}]}}`))
	// (feed lists each event's A2UI payloads before its texts.)
	want := []string{"[" + m(0) + "]", "[" + m(1) + "]", "first", "[" + m(2) + "]", "[" + m(3) + "]", "second", "[" + m(4) + "]"}
	if !slices.Equal(got, want) {
		t.Errorf("delivered:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Inline catalogs go into the capabilities only when the card accepts them.
func TestSendInlineCatalogsOnlyWhenAccepted(t *testing.T) {
	inline := func(v protocol.Version) []json.RawMessage {
		return []json.RawMessage{json.RawMessage(`{"catalogId":"urn:x","for":"` + v.String() + `"}`)}
	}
	c := card(V10, true, protocol.V10)
	s := newTestSession(c)
	s.Inline = inline
	if body := string(s.Send("hi", nil, nil).Body); strings.Contains(body, "inlineCatalogs") {
		t.Errorf("sent unasked: %s", body)
	}
	c.A2UI.AcceptsInlineCatalogs = true
	body := string(s.Send("hi", nil, nil).Body)
	if !strings.Contains(body, `"v1.0":{"inlineCatalogs":[{"catalogId":"urn:x","for":"v1.0"}]`) {
		t.Errorf("capabilities: %s", body)
	}
}
