package agent_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/a2ui-go/a2ui/agent"
	"github.com/a2ui-go/a2ui/protocol"
)

// decodeAll reads messages with the renderer's decoder, failing on any error.
func decodeAll(t *testing.T, msgs []agent.Message) []protocol.Message {
	t.Helper()
	d := protocol.NewDecoder()
	var out []protocol.Message
	for i, m := range msgs {
		line, err := m.JSON()
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		got, errs := d.Decode(line)
		if len(errs) > 0 || len(got) != 1 {
			t.Fatalf("message %d: the renderer read %d messages, errors %v\n%s", i, len(got), errs, line)
		}
		if got[0].Ver() != m.Version() {
			t.Errorf("message %d: renderer read version %v, built %v", i, got[0].Ver(), m.Version())
		}
		out = append(out, got[0])
	}
	return out
}

// TestRendererReadsEveryMessage decodes a whole session of every version with the
// renderer's decoder: every message is accepted, as the kind and version it was built.
func TestRendererReadsEveryMessage(t *testing.T) {
	for _, v := range versions {
		t.Run(v.String(), func(t *testing.T) {
			msgs := sampleMessages(v)
			got := decodeAll(t, msgs)
			for i, m := range got {
				var kind string
				switch x := m.(type) {
				case *protocol.CreateSurface:
					kind = "createSurface"
					if v == agent.V10 && (len(x.Components) == 0 || x.DataModel == nil) {
						t.Errorf("v1.0 createSurface lost its inline content")
					}
				case *protocol.UpdateComponents:
					kind = "updateComponents"
				case *protocol.UpdateDataModel:
					kind = "updateDataModel"
				case *protocol.DeleteSurface:
					kind = "deleteSurface"
				case *protocol.ActionResponse:
					kind = "actionResponse"
				case *protocol.CallFunction:
					kind = "callFunction"
				case *protocol.FunctionResponse:
					kind = "agentFunctionResponse"
				}
				want := map[string]string{"beginRendering": "createSurface", "surfaceUpdate": "updateComponents",
					"dataModelUpdate": "updateDataModel", "callRendererFunction": "callFunction"}[msgs[i].Kind()]
				if want == "" {
					want = msgs[i].Kind()
				}
				if kind != want {
					t.Errorf("message %d: built %s, renderer read %T", i, msgs[i].Kind(), m)
				}
			}
		})
	}
}

// TestV08ReadsAsV09 checks the v0.8 lowering: the renderer lifts what a v0.8 surface
// writes back to the same components and data a v0.9 surface writes.
func TestV08ReadsAsV09(t *testing.T) {
	comps := func(v agent.Version) map[string]protocol.Component {
		s := agent.NewSurface(v, "s")
		m := decodeAll(t, []agent.Message{s.Components(sampleComponents(agent.V08)...)})[0].(*protocol.UpdateComponents)
		out := map[string]protocol.Component{}
		for _, c := range m.Components {
			out[c.ID] = c
		}
		return out
	}
	old, cur := comps(agent.V08), comps(agent.V09)
	if len(old) != len(cur) || len(cur) < 20 {
		t.Fatalf("%d v0.8 components, %d v0.9", len(old), len(cur))
	}
	for id, c := range cur {
		o := old[id]
		if o.Type != c.Type || !reflect.DeepEqual(jsonProps(t, o.Props), jsonProps(t, c.Props)) {
			t.Errorf("%s: v0.8 reads as %s %v, v0.9 as %s %v", id, o.Type, jsonProps(t, o.Props), c.Type, jsonProps(t, c.Props))
		}
	}

	data := func(v agent.Version, path string, value any) any {
		m := decodeAll(t, []agent.Message{agent.NewSurface(v, "s").Data(path, value)})[0].(*protocol.UpdateDataModel)
		var x any
		if err := json.Unmarshal(m.Value, &x); err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, tc := range []struct {
		path  string
		value any
	}{
		{"", sampleData()},
		{"/name", "Grace"},
		{"/n", 2.5},
		{"/ok", false},
		{"/list", []any{1.0, "two", map[string]any{"three": 3.0}}},
		{"/address", map[string]any{"city": "Rome", "geo": map[string]any{"lat": 41.9}}},
	} {
		if a, b := data(agent.V08, tc.path, tc.value), data(agent.V09, tc.path, tc.value); !reflect.DeepEqual(a, b) {
			t.Errorf("data at %q: v0.8 reads as %v, v0.9 as %v", tc.path, a, b)
		}
	}
}

func jsonProps(t *testing.T, props map[string]json.RawMessage) map[string]any {
	out := map[string]any{}
	for k, raw := range props {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatal(err)
		}
		out[k] = v
	}
	return out
}
