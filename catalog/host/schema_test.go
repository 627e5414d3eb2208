package host_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/catalog/host"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/protocol"
)

func parseJSON(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParseProp(t *testing.T) {
	for _, c := range []struct {
		name, decl string
		typ        string
		bindable   bool
		schema     string // Schema.JSON(), "" for none
	}{
		{"short form", `{"type":"string","bindable":true}`, host.String, true, `{"type":"string"}`},
		{"union", `{"type":["string","number"],"description":"d"}`, host.Any, false, `{"description":"d","type":["string","number"]}`},
		{"any", `{"type":"any","bindable":true}`, host.Any, true, `{}`},
		{"no type", `{"description":"anything"}`, host.Any, false, `{"description":"anything"}`},
		{"integer", `{"type":"integer"}`, host.Number, false, `{"type":"integer"}`},
		{"enum", `{"type":"string","enum":["readOnly","interactive"]}`, host.String, false, `{"enum":["readOnly","interactive"],"type":"string"}`},
		{"nested", `{"type":"array","items":{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}}`, host.Array, false,
			`{"items":{"properties":{"title":{"type":"string"}},"required":["title"],"type":"object"},"type":"array"}`},
		{"v0.9 catalog oneOf", `{"oneOf":[{"type":"array","items":{"type":"object"}},{"$ref":"common_types.json#/$defs/DataBinding"}]}`, host.Array, true,
			`{"items":{"type":"object"},"type":"array"}`},
		{"DynamicString ref", `{"$ref":"common_types.json#/$defs/DynamicString","description":"The title."}`, host.String, true, `{"description":"The title.","type":"string"}`},
		{"Lit BoundValue", `{"type":"object","properties":{"path":{"type":"string"},"literalArray":{"type":"array","items":{"type":"object"}}}}`, host.Array, true,
			`{"items":{"type":"object"},"type":"array"}`},
		{"Action ref", `{"$ref":"common_types.json#/$defs/Action"}`, host.Action, false, ""},
		{"ChildList ref", `{"$ref":"common_types.json#/$defs/ChildList"}`, host.Children, false, ""},
		{"url", `{"type":"url","kind":"frame"}`, host.URL, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := host.ParseProp(parseJSON(t, c.decl))
			if p.Type != c.typ || p.Bindable != c.bindable {
				t.Errorf("type %q bindable %v, want %q %v", p.Type, p.Bindable, c.typ, c.bindable)
			}
			got := ""
			if p.Schema != nil {
				got = string(protocol.AppendJSON(nil, p.Schema.JSON()))
			}
			if got != c.schema {
				t.Errorf("schema %s, want %s", got, c.schema)
			}
		})
	}
}

func TestSchemaCoerce(t *testing.T) {
	chain := `{"type":"array","items":{"type":"object","properties":{"title":{"type":"string"},"name":{"type":"string"}},"required":["title","name"]}}`
	for _, c := range []struct {
		name, decl, value, want, msg string
	}{
		{"array as is", chain, `[{"title":"CEO","name":"Jane"}]`, `[{"name":"Jane","title":"CEO"}]`, ""},
		{"object keyed by index", chain, `{"1":{"title":"VP","name":"John"},"0":{"title":"CEO","name":"Jane"}}`, `[{"name":"Jane","title":"CEO"},{"name":"John","title":"VP"}]`, ""},
		{"gap is no list", chain, `{"0":{"title":"CEO","name":"Jane"},"2":{"title":"VP","name":"John"}}`, ``, "must be an array"},
		{"missing member", chain, `[{"title":"CEO"}]`, ``, `/0: needs member "name"`},
		{"member type", chain, `[{"title":"CEO","name":7}]`, ``, "/0: /name: must be a string"},
		{"union", `{"type":["string","number"]}`, `7`, `7`, ""},
		{"union refuses", `{"type":["string","number"]}`, `true`, ``, "must be a string or a number"},
		{"enum", `{"type":"string","enum":["a","b"]}`, `"c"`, ``, "must be one of a, b"},
		{"integer", `{"type":"integer"}`, `1.5`, ``, "must be an integer"},
		{"nested list in object", `{"type":"object","properties":{"pins":{"type":"array"}}}`, `{"pins":{"0":"x"}}`, `{"pins":["x"]}`, ""},
		{"object wanted stays", `{"type":["array","object"]}`, `{"0":1}`, `{"0":1}`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := host.ParseProp(parseJSON(t, c.decl))
			var v any
			if err := json.Unmarshal([]byte(c.value), &v); err != nil {
				t.Fatal(err)
			}
			before := string(protocol.AppendJSON(nil, v))
			out, msg := p.Schema.Coerce(v)
			if msg != c.msg {
				t.Errorf("message %q, want %q", msg, c.msg)
			}
			if c.msg == "" {
				if got := string(protocol.AppendJSON(nil, out)); got != c.want {
					t.Errorf("value %s, want %s", got, c.want)
				}
			}
			if after := string(protocol.AppendJSON(nil, v)); after != before {
				t.Errorf("the input changed: %s, was %s", after, before)
			}
		})
	}
}

// The samples' components, declared from the samples' own schemas: Lit's
// componentRegistry schema (OrgChart) and the v0.9 inline catalog (WebFrame).
func sampleCatalog(t *testing.T) host.Catalog {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/custom-samples/custom-components/inline_catalog_0.9.json")
	if err != nil {
		t.Fatal(err)
	}
	var inline struct {
		Components map[string]json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(raw, &inline); err != nil {
		t.Fatal(err)
	}
	decl := `[{"catalogId":"inline_catalog","extends":"basic","components":{
	  "OrgChart":{"tag":"org-chart","schema":{"type":"object","properties":{
	      "chain":{"type":"object","properties":{"path":{"type":"string"},"literalArray":{"type":"array","items":{"type":"object","properties":{"title":{"type":"string"},"name":{"type":"string"}},"required":["title","name"]}}}},
	      "action":{"$ref":"common_types.json#/$defs/Action"}},"required":["chain"]},
	    "events":{"node-click":{"action":"action","context":"detail"}}},
	  "WebFrame":{"tag":"web-frame","schema":` + string(inline.Components["WebFrame"]) + `,"props":{"url":{"type":"url","kind":"frame","required":true}},
	    "events":{"frame-action":{"name":"detail.action","allow":"allowedEvents","context":"detail.data"}}}}}]`
	cats, err := host.Parse([]byte(decl), nil)
	if err != nil {
		t.Fatal(err)
	}
	return cats[0]
}

func TestSampleComponents(t *testing.T) {
	c := sampleCatalog(t)
	s := surfaceOn(t, "inline_catalog",
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"hierarchy":{"0":{"title":"CEO","name":"Jane Doe"},"1":{"title":"VP Marketing","name":"John Smith"}}}}}`,
		comps(`{"id":"root","component":"Column","children":["org","frame","lit"]},`+
			`{"id":"lit","component":"OrgChart","chain":[{"title":"CTO","name":"Ann Lee","zone":"EU"}]},`+
			`{"id":"org","component":"OrgChart","chain":{"path":"/hierarchy"},"action":{"event":{"name":"chart_node_click","context":{"view":"org"}}}},`+
			`{"id":"frame","component":"WebFrame","url":"https://maps.example/floor.html?x=1","height":400,"interactionMode":"interactive","allowedEvents":["chart_node_click"]}`))
	e := env(c)
	var acts []engine.Action
	var reported []string
	e.OnAction = func(_ string, a engine.Action) { acts = append(acts, a) }
	e.OnError = func(err *protocol.Error) { reported = append(reported, err.Code+" "+err.Path+" "+err.Message) }
	root, errs := buildSurface(s, e)
	if len(errs) != 0 {
		t.Fatalf("build errors %v", codes(errs))
	}
	col := root.Children[0]
	org, frame := col.Children[0], col.Children[1]
	// Keys in stream order (title before name), the model's object keyed "0", "1" as a list.
	if got := props(org)["chain"]; got != `[{"title":"CEO","name":"Jane Doe"},{"title":"VP Marketing","name":"John Smith"}]` {
		t.Errorf("chain %s", got)
	}
	if got := props(col.Children[2])["chain"]; got != `[{"title":"CTO","name":"Ann Lee","zone":"EU"}]` {
		t.Errorf("literal chain %s", got)
	}
	want := map[string]string{"url": `"https://maps.example/floor.html?x=1"`, "height": "400", "interactionMode": `"interactive"`, "allowedEvents": `["chart_node_click"]`}
	if got := props(frame); !equal(got, want) {
		t.Errorf("frame props %v, want %v", got, want)
	}
	on := func(n *dom.Node, ev string) dom.HandlerID {
		for _, l := range n.On {
			if l.Event == ev {
				return l.Handler
			}
		}
		t.Fatalf("no %s listener on %s", ev, n.Tag)
		return 0
	}
	e.Handlers.Dispatch(on(org, "node-click"), dom.Event{Type: "node-click", Detail: `{"clickedNodeName":"John Smith","clickedNodeTitle":"VP Marketing","view":"chart"}`}, nil)
	e.Handlers.Dispatch(on(frame, "frame-action"), dom.Event{Type: "frame-action", Detail: `{"action":"chart_node_click","data":{"clickedNodeName":"Jane Doe","deskId":"desk-1"}}`}, nil)
	e.Handlers.Dispatch(on(frame, "frame-action"), dom.Event{Type: "frame-action", Detail: `{"action":"delete_everything","data":{}}`}, nil)
	if len(acts) != 2 {
		t.Fatalf("actions %+v", acts)
	}
	if got := string(protocol.AppendJSON(nil, acts[0].Context)); acts[0].Name != "chart_node_click" || got != `{"clickedNodeName":"John Smith","clickedNodeTitle":"VP Marketing","view":"chart"}` {
		t.Errorf("node click %s %s", acts[0].Name, got)
	}
	if got := string(protocol.AppendJSON(nil, acts[1].Context)); acts[1].Name != "chart_node_click" || acts[1].SourceComponentID != "frame" || got != `{"clickedNodeName":"Jane Doe","deskId":"desk-1"}` {
		t.Errorf("frame action %s %s", acts[1].Name, got)
	}
	if len(reported) != 1 || !strings.Contains(reported[0], `POLICY_DENIED /components/frame/allowedEvents action "delete_everything" is not in allowedEvents`) {
		t.Errorf("reported %v", reported)
	}
}
