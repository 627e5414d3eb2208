package catalog_test

import (
	"encoding/json"
	"fmt"
	"strings"

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

func ExampleThemeStyle() {
	for _, v := range strings.Split(catalog.ThemeStyle(json.RawMessage(`{"primaryColor":"#336699","font":"Inter, sans-serif"}`)), "; ") {
		fmt.Println(v)
	}
	fmt.Println(catalog.ThemeStyle(json.RawMessage(`{"primaryColor":"red;}*{background:url(//x)}"}`)) == "")
	// Output:
	// --a2ui-primary-color: #336699
	// --a2ui-primary-color-dark: color-mix(in oklab, #336699 45%, white)
	// --a2ui-on-primary-color: light-dark(oklch(from #336699 clamp(0, (0.66 - l) * 1000, 1) 0 0), oklch(from color-mix(in oklab, #336699 45%, white) clamp(0, (0.66 - l) * 1000, 1) 0 0))
	// --a2ui-font: Inter, sans-serif
	// true
}
