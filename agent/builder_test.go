package agent_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/agent"
	"github.com/a2ui-go/a2ui/protocol"
)

// TestBuildErrors: what a version cannot express fails with a clear error, and a Writer
// writes nothing of a batch holding such a message.
func TestBuildErrors(t *testing.T) {
	v08, v09, v010, v10 := agent.NewSurface(agent.V08, "s"), agent.NewSurface(agent.V09, "s"), agent.NewSurface(agent.V010, "s"), agent.NewSurface(agent.V10, "s")
	btn := func(a agent.Action) agent.Component { return agent.Button("b", "l", a) }
	tests := []struct {
		name string
		m    agent.Message
		want string
	}{
		{"v0.8 remove", v08.Remove("/x"), "v0.8 cannot delete data"},
		{"v0.8 null at a path", v08.Data("/x", nil), "v0.8 cannot write null"},
		{"v0.8 root not an object", v08.Data("", []int{1}), "the whole data model must be an object"},
		{"v0.8 function call", v08.Components(agent.Text("t", agent.Call("now", nil))), "t.text: v0.8 has no function calls (now)"},
		{"v0.8 local action", v08.Components(btn(agent.Local(agent.Call("openUrl", nil)))), "v0.8 actions cannot call client functions"},
		{"v0.8 createWith", v08.CreateWith(nil), "v0.8 has no createSurface"},
		{"v0.9 inline components", v09.CreateWith(nil, agent.Text("root", "x")), "only v1.0 creates a surface with inline components"},
		{"v0.9 root not root", agent.Surface{Version: agent.V09, ID: "s", Root: "main"}.Create(), `the root component of v0.9 and later is "root"`},
		{"v1.0 theme", agent.Surface{Version: agent.V10, ID: "s", Theme: map[string]any{}}.Create(), "v1.0 createSurface has no theme"},
		{"metadata before v1.0", agent.Surface{Version: agent.V09, ID: "s", Metadata: map[string]any{}}.Create(), "only v1.0 createSurface has metadata"},
		{"remove everything", v09.Remove("/"), "cannot remove the whole data model"},
		{"no components", v09.Components(), "no components"},
		{"component without id", v09.Components(agent.Text("", "x")), "a component needs an id and a type"},
		{"wantResponse before v0.10", v09.Components(btn(agent.Event("go", nil).WantResponse("/r"))), "only v0.10 actions take wantResponse"},
		{"userMessage before v1.0", v010.Components(btn(agent.Event("go", nil).UserMessage("hi"))), "only v1.0 events take userMessage"},
		{"catalogId before v1.0", v09.Components(agent.Text("t", agent.FunctionCall{Name: "f", CatalogID: "c"})), "only v1.0 function calls name a catalogId"},
		{"callableFrom outside v0.10", v10.Components(agent.Text("t", agent.FunctionCall{Name: "f", CallableFrom: "clientOnly"})), "only v0.10 function calls take callableFrom"},
		{"actionResponse in v0.9", agent.ActionResponse(agent.V09, "a", 1), "only v0.10 has actionResponse"},
		{"actionFailed in v1.0", agent.ActionFailed(agent.V10, "a", "c", "m"), "only v0.10 has actionResponse"},
		{"callFunction in v0.9", agent.CallFunction(agent.V09, "c", agent.Call("f", nil), true), "only v0.10 and v1.0 can call client functions"},
		{"functionResult in v0.10", agent.FunctionResult(agent.V010, "c", 1), "only v1.0 has agentFunctionResponse"},
		{"unsupported version", agent.NewSurface(protocol.V09Draft, "s").Delete(), "unsupported version"},
		{"unencodable data", v09.Data("/x", func() {}), "unsupported type"},
		{"raw not JSON", agent.Raw([]byte(`{"a":`)), "raw message is not JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tc.m.JSON(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got error %v, want one containing %q", err, tc.want)
			}
			var b bytes.Buffer
			w := agent.NewWriter(&b, agent.JSONL)
			if err := w.Send(v09.Delete(), tc.m); err == nil || b.Len() != 0 || w.Sent() != 0 {
				t.Errorf("Send wrote %q (err %v); want nothing and an error", b.String(), err)
			}
		})
	}
}

// TestBuildDetails pins details the golden sessions do not show.
func TestBuildDetails(t *testing.T) {
	v09 := agent.NewSurface(agent.V09, "s")
	tests := []struct {
		name string
		m    agent.Message
		want string
	}{
		{"remove in v0.9 omits value", v09.Remove("/x"), `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/x"}}`},
		{"remove in v0.10 sends null", agent.NewSurface(agent.V010, "s").Remove("/x"), `{"version":"v0.10","updateDataModel":{"surfaceId":"s","path":"/x","value":null}}`},
		{"v0.9.1 spelling and catalog", agent.NewSurface(agent.V091, "s").Create(), `{"version":"v0.9.1","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json"}}`},
		{"custom catalog and component", agent.Surface{Version: agent.V09, ID: "s", Catalog: "example.com:cat"}.Show(nil,
			agent.NewComponent("root", "Rating").With("stars", agent.Path("/stars")).With("max", 5))[1],
			`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Rating","stars":{"path":"/stars"},"max":5}]}}`},
		{"v0.8 custom root and catalog", agent.Surface{Version: agent.V08, ID: "s", Root: "main", Catalog: protocol.CatalogV08Minimal}.Create(),
			`{"beginRendering":{"surfaceId":"s","root":"main","catalogId":"https://a2ui.org/specification/v0_8/catalogs/minimal/minimal_catalog.json"}}`},
		{"v0.8 button variants other than primary are dropped", agent.NewSurface(agent.V08, "s").Components(agent.Button("b", "l", agent.Event("go", map[string]any{"n": 1.5, "ok": false})).Variant("borderless")),
			`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"b","component":{"Button":{"child":"l","action":{"name":"go","context":[{"key":"n","value":{"literalNumber":1.5}},{"key":"ok","value":{"literalBoolean":false}}]}}}}]}}`},
		{"v0.8 primitive at a path", agent.NewSurface(agent.V08, "s").Data("/n", 2), `{"dataModelUpdate":{"surfaceId":"s","path":"/n","contents":[{"key":".","valueNumber":2}]}}`},
		{"v0.8 data leaves null out", agent.NewSurface(agent.V08, "s").Data("", map[string]any{"a": nil, "b": map[string]any{"c": nil}}), `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"b","valueMap":[]}]}}`},
		{"With replaces in place", v09.Components(agent.Text("t", "a").Variant("h1").With("text", "b")), `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"t","component":"Text","text":"b","variant":"h1"}]}}`},
		{"struct data keeps field order", v09.Data("/u", struct {
			Z string `json:"z"`
			A int    `json:"a"`
		}{"<&>", 1}), `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/u","value":{"z":"<&>","a":1}}}`},
		{"v1.0 metadata", agent.Surface{Version: agent.V10, ID: "s", Metadata: map[string]any{"extensions": map[string]any{"example_ext": map[string]any{"x": 1}}}}.Create(),
			`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json","metadata":{"extensions":{"example_ext":{"x":1}}}}}`},
		{"raw is compacted", agent.Raw([]byte("{\n  \"version\": \"v0.9\",\n  \"deleteSurface\": {\"surfaceId\": \"s\"}\n}")), `{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}`},
		{"v0.10 callFunction defaults", agent.CallFunction(agent.V010, "c", agent.Call("ping", nil), false), `{"version":"v0.10","functionCallId":"c","callFunction":{"call":"ping","returnType":"void","callableFrom":"clientOrRemote"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.m.String(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	// Component values are not changed by With on a copy.
	base := agent.Text("t", "a")
	_ = base.Variant("h1")
	if _, ok := base.Prop("variant"); ok {
		t.Error("With changed the original component")
	}
}
