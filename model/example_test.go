package model_test

import (
	"encoding/json"
	"fmt"

	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

func ExampleDataModel() {
	d := model.NewDataModel()
	cancel := d.Subscribe(model.MustPointer("/user"), func(changed model.Pointer) {
		fmt.Println("changed:", changed)
	})
	_ = d.Set(model.MustPointer("/user/name"), "Ada") // descendant of /user: notified
	_ = d.Set(model.MustPointer("/tags/1"), "second") // numeric token: an array is created
	_ = d.Delete(model.MustPointer("/tags/0"))        // array slot → null, length kept
	cancel()
	_ = d.Set(model.MustPointer("/user"), map[string]any{"name": "Grace"}) // no longer notified
	b, _ := json.Marshal(d)
	fmt.Println(string(b), d.Version())
	// Output:
	// changed: /user/name
	// {"tags":[null,"second"],"user":{"name":"Grace"}} 4
}

func ExampleResolve() {
	item := model.MustPointer("/restaurants/2")
	v09, _ := model.Resolve(item, "name", protocol.V09, true)
	abs, _ := model.Resolve(item, "/title", protocol.V09, true)
	v08, _ := model.Resolve(item, "/name", protocol.V08, true) // v0.8 quirk: item-relative
	fmt.Println(v09, abs, v08)
	// Output: /restaurants/2/name /title /restaurants/2/name
}

func ExampleProcessor() {
	p := model.NewProcessor(model.Options{})
	p.OnChange(func(ev model.SurfaceEvent) { fmt.Println(ev.Kind, ev.SurfaceID, ev.Components) })

	msgs := []protocol.Message{
		&protocol.CreateSurface{Version: protocol.V09, SurfaceID: "main", CatalogID: "basic", Root: "root"},
		&protocol.UpdateComponents{Version: protocol.V09, SurfaceID: "main", Components: []protocol.Component{
			{ID: "root", Type: "Text", Props: map[string]json.RawMessage{"text": json.RawMessage(`{"path":"/greeting"}`)}},
		}},
		&protocol.UpdateDataModel{Version: protocol.V09, SurfaceID: "main", Path: "/greeting", Value: json.RawMessage(`"Hello"`)},
		&protocol.UpdateComponents{Version: protocol.V09, SurfaceID: "other"},
	}
	for _, m := range msgs {
		if err := p.Apply(m); err != nil {
			fmt.Println("error:", err)
		}
	}
	s, _ := p.Surface("main")
	root, _ := s.Component("root")
	greeting, _ := s.Data.Get(model.MustPointer("/greeting"))
	fmt.Println(s.Ready(), root.Type, greeting)
	// Output:
	// created main []
	// updated main [root]
	// updated main []
	// error: SURFACE_NOT_FOUND [other] at /updateComponents/surfaceId: surface "other" does not exist (createSurface first)
	// true Text Hello
}

// Objects keep the key order they arrived in, as a JavaScript object does; AppendJSON
// writes them so (array-index keys first).
func ExampleDataModel_AppendJSON() {
	d := model.NewDataModel()
	_ = d.SetJSON(model.MustPointer("/user"), []byte(`{"name":"Ada","age":36,"2":"b","1":"a"}`))
	_ = d.Set(model.MustPointer("/user/city"), "London") // added keys go last
	user, _ := d.Get(model.MustPointer("/user"))
	fmt.Println(string(d.AppendJSON(nil, user)))
	// Output: {"1":"a","2":"b","name":"Ada","age":36,"city":"London"}
}
