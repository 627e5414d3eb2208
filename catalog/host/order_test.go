package host_test

import (
	"testing"

	"github.com/a2ui-go/a2ui/catalog/host"
	"github.com/a2ui-go/a2ui/dom"
)

// Objects the schema copies to turn a member keyed "0", "1", … into a list keep the
// stream's key order, from the data model and from a literal alike.
func TestCopiedObjectsKeepKeyOrder(t *testing.T) {
	cats, err := host.Parse([]byte(`[{"catalogId":"c","extends":"basic","components":{"Chart":{"tag":"x-chart","props":{
	  "data":{"type":"array","bindable":true,"items":{"type":"object","properties":{"label":{"type":"string"},"value":{"type":"number"},"drill":{"type":"array"}}}},
	  "lit":{"type":"array","items":{"type":"object","properties":{"drill":{"type":"array"}}}}}}}}]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := surfaceOn(t, "c",
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"items":{"0":{"value":3,"label":"b","drill":{"0":{"value":1,"label":"x"}}},"1":{"value":4,"label":"a"}}}}}`,
		comps(`{"id":"root","component":"Chart","data":{"path":"/items"},"lit":[{"z":1,"drill":{"0":{"y":2,"a":1}},"b":0}]}`))
	root, errs := buildSurface(s, env(cats[0]))
	if len(errs) != 0 {
		t.Fatalf("build errors %v", codes(errs))
	}
	want := map[string]string{
		"data": `[{"value":3,"label":"b","drill":[{"value":1,"label":"x"}]},{"value":4,"label":"a"}]`,
		"lit":  `[{"z":1,"drill":[{"y":2,"a":1}],"b":0}]`,
	}
	var chart *dom.Node
	var walk func(n *dom.Node)
	walk = func(n *dom.Node) {
		if n.Tag == "x-chart" {
			chart = n
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	if chart == nil {
		t.Fatal("no x-chart")
	}
	if got := props(chart); !equal(got, want) {
		t.Errorf("props %v\nwant  %v", got, want)
	}
}
