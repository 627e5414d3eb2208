package catalog_test

import (
	"encoding/json"
	"fmt"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

func Example() {
	p := model.NewProcessor(model.Options{})
	dec := protocol.NewDecoder()
	for _, line := range []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/name","value":"Ada"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[
			{"id":"root","component":"Button","child":"label","action":{"event":{"name":"greet","context":{"who":{"path":"/name"}}}}},
			{"id":"label","component":"Text","text":{"call":"formatString","args":{"value":"Hello, ${/name}"}}}]}}`,
	} {
		msgs, _ := dec.Decode(json.RawMessage(line))
		for _, m := range msgs {
			p.Apply(m)
		}
	}
	s, _ := p.Surface("s")
	env := &catalog.Env{
		Catalog:   basic.Catalog(),
		Functions: basic.Functions(),
		OnAction: func(surfaceID string, a catalog.ActionInvocation) {
			fmt.Println("action", a.Name, "from", a.SourceComponentID, "who =", a.Context["who"])
		},
	}
	root, errs := catalog.Build(s, env)
	btn := root.Children[0]
	fmt.Println(btn.Tag, btn.Children[0].Tag, btn.Children[0].Children[0].Text, len(errs))
	// The event bridge reports a click on the button; the renderer dispatches it.
	env.Handlers.Dispatch(btn.On[0].Handler, dom.Event{Type: "click"}, nil)
	// Output:
	// button span Hello, Ada 0
	// action greet from root who = Ada
}

func ExampleParseTheme() {
	th, _ := catalog.ParseTheme(json.RawMessage(`{"primaryColor":"#336699","font":"Inter, sans-serif"}`))
	for _, v := range th.Vars() {
		fmt.Println(v.Name + ": " + v.Value)
	}
	bad, errs := catalog.ParseTheme(json.RawMessage(`{"primaryColor":"red;}*{background:url(//x)}"}`))
	fmt.Println(len(bad.Vars()) == 0 && len(errs) == 1)
	// Output:
	// --a2ui-primary-color: #336699
	// --a2ui-primary-color-dark: color-mix(in oklab, #336699 45%, white)
	// --a2ui-on-primary-color: light-dark(oklch(from #336699 clamp(0, (0.66 - l) * 1000, 1) 0 0), oklch(from color-mix(in oklab, #336699 45%, white) clamp(0, (0.66 - l) * 1000, 1) 0 0))
	// --a2ui-font: Inter, sans-serif
	// true
}

// After a data write, Refresh renders again only the leaves that read the written path
// and patches them in place; the next Build reuses the tree it updated.
func ExampleRefresh() {
	p := model.NewProcessor(model.Options{})
	dec := protocol.NewDecoder()
	apply := func(line string) {
		msgs, _ := dec.Decode(json.RawMessage(line))
		for _, m := range msgs {
			p.Apply(m)
		}
	}
	apply(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`)
	apply(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["title","name"]},{"id":"title","component":"Text","text":"Name"},{"id":"name","component":"Text","text":{"path":"/name"}}]}}`)
	apply(`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/name","value":"Ada"}}`)
	s, _ := p.Surface("s")
	env := &catalog.Env{Catalog: basic.Catalog(), Functions: basic.Functions(), State: catalog.NewUIState()}
	s.Data.Subscribe(nil, env.State.DataChanged) // what render does for each surface
	tree := dom.NewTree("s")
	var enc dom.Encoder
	root, _ := catalog.Build(s, env)
	tree.Render(root, &enc)

	apply(`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/name","value":"Ada L"}}`)
	enc.Reset()
	fmt.Println(catalog.Refresh(s, env, tree, &enc), enc.Ops()-1, "op:", dom.TextContent(tree.Root()))
	// Output:
	// true 1 op: NameAda L
}
