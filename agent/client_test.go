package agent_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/agent"
	"github.com/a2ui-go/a2ui/protocol"
)

const ts = "2026-01-15T12:00:00Z"

// TestParseClientMessages decodes what the renderer sends (built with its own encoders,
// protocol.Encode*) and the hand-written forms of every version.
func TestParseClientMessages(t *testing.T) {
	act := func(v protocol.Version, mod func(*protocol.ActionEvent)) string {
		ev := protocol.ActionEvent{Version: v, Name: "book", SurfaceID: "s", SourceComponentID: "btn",
			Timestamp: ts, Context: map[string]any{"guests": 2, "day": "Fri"}}
		if mod != nil {
			mod(&ev)
		}
		return string(protocol.EncodeAction(ev))
	}
	ua := func(mod func(*agent.UserAction)) *agent.UserAction {
		a := &agent.UserAction{Name: "book", SurfaceID: "s", SourceComponentID: "btn", Timestamp: ts,
			Context: map[string]any{"guests": 2.0, "day": "Fri"}}
		if mod != nil {
			mod(a)
		}
		return a
	}
	dm := map[string]json.RawMessage{"s": json.RawMessage(`{"name":"Ada"}`)}
	a2a := string(protocol.EncodeA2AMessage(protocol.V09,
		[][]byte{[]byte(act(protocol.V09, nil)), protocol.EncodeError(protocol.V09, &protocol.Error{Code: "SURFACE_NOT_FOUND", SurfaceID: "x", Message: "no x"})},
		protocol.EncodeCapabilities([]string{protocol.CatalogV09Basic}),
		protocol.EncodeClientDataModel(protocol.V09, map[string]map[string]any{"s": {"name": "Ada"}})))
	tests := []struct {
		name, body string
		want       []agent.ClientMessage
		caps       bool
	}{
		{"v0.8 userAction", act(protocol.V08, nil),
			[]agent.ClientMessage{{Version: agent.V08, Action: ua(nil)}}, false},
		{"v0.9 action", act(protocol.V09, nil),
			[]agent.ClientMessage{{Version: agent.V09, Action: ua(nil)}}, false},
		{"v0.9.1 action with the client data model", act(protocol.V091, func(e *protocol.ActionEvent) { e.DataModel = map[string]any{"name": "Ada"} }),
			[]agent.ClientMessage{{Version: agent.V091, Action: ua(nil), DataModels: dm}}, false},
		{"v0.10 action wanting a response", act(protocol.V010, func(e *protocol.ActionEvent) { e.ActionID, e.WantResponse = "s-1", true }),
			[]agent.ClientMessage{{Version: agent.V010, Action: ua(func(a *agent.UserAction) { a.ActionID, a.WantResponse = "s-1", true })}}, false},
		{"v1.0 action with userMessage", act(protocol.V10, func(e *protocol.ActionEvent) { e.UserMessage = "Booked" }),
			[]agent.ClientMessage{{Version: agent.V10, Action: ua(func(a *agent.UserAction) { a.UserMessage = "Booked" })}}, false},
		{"v0.8 error", string(protocol.EncodeError(protocol.V08, &protocol.Error{Code: "VALIDATION_FAILED", SurfaceID: "s", Path: "/surfaceUpdate", Message: "bad"})),
			[]agent.ClientMessage{{Version: agent.V08, Error: &agent.ClientError{Code: "VALIDATION_FAILED", SurfaceID: "s", Path: "/surfaceUpdate", Message: "bad"}}}, false},
		{"v0.9 generic error with details", `{"version":"v0.9","error":{"code":"EXPRESSION_ERROR","surfaceId":"s","message":"m","expression":"${x}"}}`,
			[]agent.ClientMessage{{Version: agent.V09, Error: &agent.ClientError{Code: "EXPRESSION_ERROR", SurfaceID: "s", Message: "m", Details: map[string]any{"expression": "${x}"}}}}, false},
		{"v0.10 functionResponse", string(protocol.EncodeFunctionResult(protocol.V010, "c1", "now", "2026", nil)),
			[]agent.ClientMessage{{Version: agent.V010, FunctionResponse: &agent.FunctionResponse{FunctionCallID: "c1", Call: "now", Value: json.RawMessage(`"2026"`)}}}, false},
		{"v0.10 failed function is an error", string(protocol.EncodeFunctionResult(protocol.V010, "c1", "now", nil, &protocol.FunctionError{Code: "FUNCTION_FAILED", Message: "no"})),
			[]agent.ClientMessage{{Version: agent.V010, Error: &agent.ClientError{Code: "FUNCTION_FAILED", FunctionCallID: "c1", Message: "no"}}}, false},
		{"v1.0 rendererFunctionResponse error", string(protocol.EncodeFunctionResult(protocol.V10, "c2", "", nil, &protocol.FunctionError{Code: "FUNCTION_FAILED", Message: "no"})),
			[]agent.ClientMessage{{Version: agent.V10, FunctionResponse: &agent.FunctionResponse{FunctionCallID: "c2", Error: &agent.FunctionError{Code: "FUNCTION_FAILED", Message: "no"}}}}, false},
		{"v1.0 rendererFunctionResponse null", string(protocol.EncodeFunctionResult(protocol.V10, "c3", "", nil, nil)),
			[]agent.ClientMessage{{Version: agent.V10, FunctionResponse: &agent.FunctionResponse{FunctionCallID: "c3", Value: json.RawMessage(`null`)}}}, false},
		{"v1.0 callAgentFunction", string(protocol.EncodeCallAgentFunction(protocol.V10, "s", "c4", "lookup", map[string]any{"q": "Ada"}, "")),
			[]agent.ClientMessage{{Version: agent.V10, FunctionCall: &agent.AgentCall{SurfaceID: "s", FunctionCallID: "c4", Function: agent.FunctionCall{Name: "lookup", Args: map[string]any{"q": "Ada"}}}}}, false},
		{"array", "[" + act(protocol.V09, nil) + "," + act(protocol.V08, nil) + "]",
			[]agent.ClientMessage{{Version: agent.V09, Action: ua(nil)}, {Version: agent.V08, Action: ua(nil)}}, false},
		{"messages wrapper", `{"messages":[` + act(protocol.V09, nil) + "]}",
			[]agent.ClientMessage{{Version: agent.V09, Action: ua(nil)}}, false},
		{"A2A message with capabilities and data model", a2a,
			[]agent.ClientMessage{
				{Version: agent.V09, Action: ua(nil), DataModels: dm},
				{Version: agent.V09, Error: &agent.ClientError{Code: "SURFACE_NOT_FOUND", SurfaceID: "x", Message: "no x"}, DataModels: dm},
			}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := agent.ParseClientMessages([]byte(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				if tc.caps != (got[i].Capabilities != nil) {
					t.Errorf("message %d: capabilities %s", i, got[i].Capabilities)
				}
				got[i].Capabilities = nil
			}
			if !reflect.DeepEqual(got, tc.want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(tc.want)
				t.Errorf("got  %s\nwant %s", g, w)
			}
		})
	}
}

func TestClientMessageDataModel(t *testing.T) {
	body := protocol.EncodeAction(protocol.ActionEvent{Version: protocol.V09, Name: "save", SurfaceID: "form", Timestamp: ts,
		DataModel: map[string]any{"user": map[string]any{"name": "Ada", "age": 36}}})
	msgs, err := agent.ParseClientMessages(body)
	if err != nil {
		t.Fatal(err)
	}
	var model struct {
		User struct {
			Name string
			Age  int
		}
	}
	if ok, err := msgs[0].DataModel(&model); !ok || err != nil || model.User.Name != "Ada" || model.User.Age != 36 {
		t.Errorf("DataModel = %v, %v, %+v", ok, err, model)
	}
	msgs, _ = agent.ParseClientMessages(protocol.EncodeAction(protocol.ActionEvent{Version: protocol.V09, Name: "save", SurfaceID: "form", Timestamp: ts}))
	if ok, err := msgs[0].DataModel(&model); ok || err != nil {
		t.Errorf("no data model sent: DataModel = %v, %v", ok, err)
	}
}

func TestParseClientMessagesErrors(t *testing.T) {
	tests := []struct {
		name, body string
		good       int
		want       string
	}{
		{"not JSON", `{"version":`, 0, "body is not JSON"},
		{"two values", `{} {}`, 0, "more than one JSON value"},
		{"empty array", `[]`, 0, "no message"},
		{"not an object", `"hello"`, 0, "not a JSON object"},
		{"unknown message", `{"version":"v0.9","hello":{}}`, 0, `none of "action"`},
		{"unknown version", `{"version":"v2","action":{"name":"x"}}`, 0, `unknown version "v2"`},
		{"action without version", `{"action":{"name":"x"}}`, 0, `"action" without "version"`},
		{"action without name", `{"version":"v0.9","action":{"context":{}}}`, 0, "action has no name"},
		{"action not an object", `{"version":"v0.9","action":[1]}`, 0, "bad action object"},
		{"error without code", `{"version":"v0.9","error":{"message":"m"}}`, 0, "error has no code"},
		{"function response with both", `{"version":"v1.0","rendererFunctionResponse":{"functionCallId":"c","value":1,"error":{"code":"a","message":"b"}}}`, 0, "exactly one of value and error"},
		{"one bad in a batch", `[{"version":"v0.9","action":{"name":"a"}},{"version":"v0.9","action":{}},{"userAction":{"name":"b"}}]`, 2, "message 1: action has no name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := agent.ParseClientMessages([]byte(tc.body))
			if len(got) != tc.good || err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %d messages, error %v; want %d and an error containing %q", len(got), err, tc.good, tc.want)
			}
		})
	}
}

// FuzzParseClientMessages: any body decodes without panicking, and every message
// returned has exactly one part set.
func FuzzParseClientMessages(f *testing.F) {
	for _, s := range []string{
		`{"version":"v0.9","action":{"name":"a","context":{"x":[1,{"y":null}]}},"metadata":{"a2uiClientDataModel":{"surfaces":{"s":{}}}}}`,
		`[{"userAction":{"name":"b"}},{"version":"v1.0","callAgentFunction":{"functionCallId":"c","callFunction":{"call":"f"}}}]`,
		`{"kind":"message","parts":[{"kind":"data","data":[{"version":"v0.10","functionResponse":{"functionCallId":"c","call":"f","value":null}}]}]}`,
		`{"messages":[{"error":{"code":"X"}}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		msgs, _ := agent.ParseClientMessages(body)
		for _, m := range msgs {
			n := 0
			for _, set := range []bool{m.Action != nil, m.Error != nil, m.FunctionResponse != nil, m.FunctionCall != nil} {
				if set {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("%d parts set in %+v", n, m)
			}
		}
	})
}
