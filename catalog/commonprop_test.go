package catalog

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/protocol"
)

// tooltip is a second author's common prop: a title on every component.
var tooltip = CommonProp{
	PropSpec: PropSpec{Name: "tooltip", Kind: KindDynamicString, Description: "Shown on hover."},
	Apply: func(b *Builder, in *Instance, n *dom.Node) {
		SetAttr(n, "title", b.String(in, "tooltip"))
	},
}

// A catalog's common props are applied to every component that sets them, in the
// catalog's order; WithCommonProps replaces them and Extend keeps them.
func TestCommonProps(t *testing.T) {
	const comps = `[{"id":"root","component":"Badge","text":"Hi","weight":2,"tooltip":"Say hi",` +
		`"accessibility":{"label":"Greeting"}}]`
	base := New([]string{"urn:test"}, badge)
	for _, tc := range []struct {
		name      string
		cat       *Catalog
		wantAttrs []string // class, title, aria-label
	}{
		{"defaults", base, []string{"badge a2ui-grow-2", "", "Greeting"}},
		{"added", base.WithCommonProps(append(base.CommonProps(), tooltip)...), []string{"badge a2ui-grow-2", "Say hi", "Greeting"}},
		{"replaced", base.WithCommonProps(tooltip), []string{"badge", "Say hi", ""}},
		{"none", base.WithCommonProps(), []string{"badge", "", ""}},
		{"extend keeps", base.WithCommonProps(tooltip).Extend(nil), []string{"badge", "Say hi", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, errs := testBuild(surface(t, "urn:test", comps), &engine.Env{Catalog: tc.cat})
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			span := root.Children[0]
			got := []string{Attr(span, "class"), Attr(span, "title"), Attr(span, "aria-label")}
			if strings.Join(got, "|") != strings.Join(tc.wantAttrs, "|") {
				t.Errorf("class|title|aria-label = %q, want %q", got, tc.wantAttrs)
			}
		})
	}
	if got := len(base.CommonProps()); got != 2 {
		t.Errorf("New gives %d common props, want weight and accessibility", got)
	}
}

// Apply validates its prop: a bad weight is VALIDATION_FAILED at the prop.
func TestCommonPropError(t *testing.T) {
	s := surface(t, "urn:test", `[{"id":"root","component":"Badge","text":"x","weight":-1}]`)
	_, errs := testBuild(s, &engine.Env{Catalog: New([]string{"urn:test"}, badge)})
	if len(errs) != 1 || errs[0].Path != "/components/root/weight" || errs[0].Code != protocol.CodeValidationFailed {
		t.Fatalf("errors = %v", errs)
	}
}

// The catalog document lists the common props in every component's schema (v0.9+); a
// component's own prop of the same name wins.
func TestCommonPropsDocument(t *testing.T) {
	own := &ComponentDef{Name: "Own", Props: []PropSpec{{Name: "tooltip", Kind: KindString, Description: "its own"}}}
	cat := New([]string{"urn:test"}, badge, own).WithCommonProps(Weight, tooltip)
	doc, err := cat.Document(protocol.V09)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"Badge":{"properties":{"component":{"const":"Badge"},"count":{"type":"number"},"id":{"type":"string"},"pill":{"type":"boolean"},"text":`,
		`"tone":{"default":"info","enum":["info","warn"],"type":"string"},"tooltip":{"anyOf":`,
		`"weight":{"description":"The relative weight of this component within a Row or Column, like CSS flex-grow.","type":"number"}`,
		`"tooltip":{"description":"its own","type":"string"}`,
	} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("document lacks %s:\n%s", want, doc)
		}
	}
	if strings.Contains(string(doc), "accessibility") {
		t.Errorf("a replaced common prop is still described:\n%s", doc)
	}
	if v08, _ := cat.Document(protocol.V08); strings.Contains(string(v08), "weight") {
		t.Errorf("v0.8 describes props only, got %s", v08)
	}
}
