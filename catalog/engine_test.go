package catalog

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// surface builds v0.9 surface "s" of catalog id from a components JSON array.
func surface(t *testing.T, id, components string) *model.Surface {
	t.Helper()
	p := model.NewProcessor(model.Options{})
	dec := protocol.NewDecoder()
	for _, line := range []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + id + `"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":` + components + `}}`,
	} {
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
	s, _ := p.Surface("s")
	return s
}

var badge = &ComponentDef{Name: "Badge", Props: []PropSpec{
	{Name: "text", Kind: KindDynamicString, Required: true},
	{Name: "tone", Kind: KindEnum, Values: []string{"info", "warn"}},
	{Name: "count", Kind: KindNumber},
	{Name: "pill", Kind: KindBoolean},
}, Render: func(b *Builder, in *Instance) *dom.Node {
	return Add(El("span", A("class", "badge")), Text(b.String(in, "text")))
}}

// PropSpec drives validation for any catalog: required props, enum literals and
// literal kinds report VALIDATION_FAILED at the prop; the component still renders.
func TestPropSpecValidates(t *testing.T) {
	cat := New([]string{"urn:test"}, badge)
	s := surface(t, "urn:test", `[{"id":"root","component":"Badge","tone":"loud","count":"3","pill":1}]`)
	root, errs := testBuild(s, &engine.Env{Catalog: cat})
	var got []string
	for _, e := range errs {
		got = append(got, e.Code+" "+e.Path+" "+e.Message)
	}
	want := []string{
		"VALIDATION_FAILED /components/root/text Badge requires text",
		"VALIDATION_FAILED /components/root/tone tone must be one of info, warn",
		"VALIDATION_FAILED /components/root/count count must be a number",
		"VALIDATION_FAILED /components/root/pill pill must be a boolean",
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors\n%q\nwant\n%q", got, want)
	}
	if n := root.Children[0]; n.Tag != "span" || Attr(n, "class") != "badge" || Attr(n, "part") != "badge" {
		t.Errorf("rendered %+v", n)
	}
}

// Extend keeps the base, adds and overrides components, keeps the functions and takes
// new ids; the base is unchanged.
func TestExtend(t *testing.T) {
	upper := &FuncDef{Name: "upper", Returns: "string", Func: func(c *binding.Context, a map[string]any) (any, error) { return "UP", nil }}
	base := New([]string{"urn:base"}, badge).WithFunctions(upper)
	other := &ComponentDef{Name: "Badge", Render: func(b *Builder, in *Instance) *dom.Node { return El("b") }}
	star := &ComponentDef{Name: "Star", Render: func(b *Builder, in *Instance) *dom.Node { return El("i") }}
	ext := base.Extend([]string{"urn:ext"}, other, star)
	if !slices.Equal(ext.Types(), []string{"Badge", "Star"}) || !slices.Equal(base.Types(), []string{"Badge"}) {
		t.Errorf("types %v / %v", ext.Types(), base.Types())
	}
	if d, _ := ext.Lookup("Badge"); d != other {
		t.Error("Badge not overridden")
	}
	if d, _ := base.Lookup("Badge"); d != badge {
		t.Error("base changed")
	}
	if !ext.Accepts("urn:ext") || ext.Accepts("urn:base") || !ext.Functions().Has("upper") {
		t.Errorf("ids %v, functions %v", ext.CatalogIDs(), ext.Functions().Names())
	}
	if same := base.Extend(nil, star); !same.Accepts("urn:base") {
		t.Error("Extend(nil) lost the base ids")
	}
}

// A surface whose catalogId the Env's catalog does not accept shows the fail-closed
// notice and reports CATALOG_UNSUPPORTED; none of its components is built.
func TestUnsupportedCatalogFailsClosed(t *testing.T) {
	cat := New([]string{"urn:test"}, badge)
	s := surface(t, "urn:other", `[{"id":"root","component":"Badge","text":"x"}]`)
	env := &engine.Env{Catalog: cat}
	root, errs := testBuild(s, env)
	if len(errs) != 1 || errs[0].Code != protocol.CodeCatalogUnsupported {
		t.Fatalf("errors %v", errs)
	}
	if n := root.Children[0]; n.Key != "a2ui-catalog-unsupported" || Attr(n, "role") != "alert" {
		t.Errorf("shows %+v", n)
	}
	if env.Handlers.Len() != 0 {
		t.Error("handlers registered")
	}
}

// testBuild runs the walk (engine.Build) and returns the tree and the errors.
func testBuild(s *model.Surface, env *engine.Env) (*dom.Node, []*protocol.Error) {
	r := buildSurface(s, env)
	return r.Root, r.Errors
}
