package engine_test

import (
	"encoding/json"
	"testing"

	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// The walk package catalog registers is what render calls: Build renders a surface and
// routes a click to the action callback; after a data write Refresh renders again only
// the leaf that read the written path and patches it in place.
func TestWalkBuildAndRefresh(t *testing.T) {
	p := model.NewProcessor(model.Options{})
	dec := protocol.NewDecoder()
	apply := func(line string) {
		t.Helper()
		msgs, errs := dec.Decode(json.RawMessage(line))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		for _, m := range msgs {
			if err := p.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	apply(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`)
	apply(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["name","go"]},{"id":"name","component":"Text","text":{"path":"/name"}},{"id":"go","component":"Button","child":"l","action":{"event":{"name":"greet","context":{"who":{"path":"/name"}}}}},{"id":"l","component":"Text","text":"Greet"}]}}`)
	apply(`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/name","value":"Ada"}}`)
	s, _ := p.Surface("s")

	var acts []engine.Action
	env := &engine.Env{Catalog: basic.Catalog(), Functions: basic.Functions(), State: engine.NewState(),
		OnAction: func(_ string, a engine.Action) { acts = append(acts, a) }}
	s.Data.Subscribe(nil, env.State.DataChanged) // what render does for each surface
	tree := dom.NewTree("s")
	var enc dom.Encoder
	res := engine.Build(s, env)
	if len(res.Errors) > 0 || res.TimedOut {
		t.Fatalf("errors %v, timed out %v", res.Errors, res.TimedOut)
	}
	tree.Render(res.Root, &enc)
	if got := dom.TextContent(tree.Root()); got != "AdaGreet" {
		t.Fatalf("text %q", got)
	}

	btn := res.Root.Children[0].Children[1]
	if btn.Tag != "button" || len(btn.On) == 0 {
		t.Fatalf("no button handler: %+v", btn)
	}
	env.Handlers.Dispatch(btn.On[0].Handler, dom.Event{Type: "click"}, nil)
	if len(acts) != 1 || acts[0].Name != "greet" || acts[0].SourceComponentID != "go" || acts[0].Context["who"] != "Ada" {
		t.Fatalf("actions %+v", acts)
	}

	apply(`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/name","value":"Ada L"}}`)
	enc.Reset()
	if !engine.Refresh(s, env, tree, &enc) {
		t.Fatal("Refresh declined a Text bound to the written path")
	}
	if n, got := enc.Ops()-1, dom.TextContent(tree.Root()); n != 1 || got != "Ada LGreet" {
		t.Errorf("Refresh: %d ops, text %q; want 1 op, %q", n, got, "Ada LGreet")
	}
}
