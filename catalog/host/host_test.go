package host_test

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/catalog/host"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

const chartID = "https://example.com/charts/v1"

// chart is the catalog the tests render: a custom element and a factory component.
func chart() host.Catalog {
	return host.Catalog{ID: chartID, Extends: "basic", Components: []host.Component{{
		Name: "Chart", Tag: "x-chart",
		Props: map[string]host.Prop{
			"title":    {Type: host.String, Bindable: true, Required: true},
			"data":     {Type: host.Array, Bindable: true},
			"kind":     {Type: host.String, Enum: []string{"bar", "line"}},
			"value":    {Type: host.Number, Bindable: true},
			"onSelect": {Type: host.Action},
			"body":     {Type: host.Child},
			"items":    {Type: host.Children},
		},
		Events: map[string]host.Event{
			"select": {Action: "onSelect"},
			"change": {Bind: "value", From: "detail.value"},
		},
	}, {
		Name: "Pin", Factory: dom.FactoryTagPrefix + "1",
		Props: map[string]host.Prop{"label": {Type: host.String}},
	}}}
}

// surface applies v0.9 lines (createSurface of surface "s" on chartID first) and
// returns the surface.
func surface(t *testing.T, lines ...string) *model.Surface {
	t.Helper()
	return surfaceOn(t, chartID, lines...)
}

// surfaceOn is surface on catalog id.
func surfaceOn(t *testing.T, id string, lines ...string) *model.Surface {
	t.Helper()
	p := model.NewProcessor(model.Options{})
	dec := protocol.NewDecoder()
	all := append([]string{`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + id + `"}}`}, lines...)
	for _, line := range all {
		msgs, errs := dec.Decode(json.RawMessage(line))
		if len(errs) > 0 {
			t.Fatalf("decode %s: %v", line, errs[0])
		}
		for _, m := range msgs {
			p.Apply(m)
		}
	}
	s, _ := p.Surface("s")
	return s
}

func comps(list string) string {
	return `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[` + list + `]}}`
}

// buildSurface builds s with env as the renderer does (engine.Build: the walk package
// catalog registers) and returns the tree and the new errors.
func buildSurface(s *model.Surface, env *engine.Env) (*dom.Node, []*protocol.Error) {
	r := engine.Build(s, env)
	return r.Root, r.Errors
}

func env(c host.Catalog) *engine.Env {
	cat := host.Build(basic.Catalog(), &c, nil)
	return &engine.Env{Catalog: cat, Functions: cat.Functions()}
}

func props(n *dom.Node) map[string]string {
	m := map[string]string{}
	for _, p := range n.Props {
		if !p.Host {
			continue
		}
		m[p.Name] = p.Value
	}
	return m
}

func codes(errs []*protocol.Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Code+" "+e.Path)
	}
	return out
}

func TestRenderProps(t *testing.T) {
	s := surface(t,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"title":"Sales","data":[1,{"a":"b"}],"v":"x"}}}`,
		comps(`{"id":"root","component":"Chart","title":{"path":"/title"},"data":{"path":"/data"},"kind":"pie","value":{"path":"/v"},"bogus":1,"onclick":"x","body":"cap","items":["a","b"]},`+
			`{"id":"cap","component":"Text","text":"Caption"},{"id":"a","component":"Text","text":"A"},{"id":"b","component":"Text","text":"B"}`))
	e := env(chart())
	root, errs := buildSurface(s, e)
	el := root.Children[0]
	if el.Tag != "x-chart" {
		t.Fatalf("tag %q", el.Tag)
	}
	want := map[string]string{"title": `"Sales"`, "data": `[1,{"a":"b"}]`}
	if got := props(el); !equal(got, want) {
		t.Errorf("host props %v, want %v", got, want)
	}
	if len(el.Attrs) > 1 { // only part="chart"
		t.Errorf("attributes %v: props must not become attributes", el.Attrs)
	}
	got := strings.Join(codes(errs), "\n")
	for _, w := range []string{
		"VALIDATION_FAILED /components/root/bogus",   // undeclared
		"VALIDATION_FAILED /components/root/onclick", // undeclared (and never an on* property)
		"VALIDATION_FAILED /components/root/kind",    // outside the enum
		"VALIDATION_FAILED /components/root/value",   // a string for a number
	} {
		if !strings.Contains(got, w) {
			t.Errorf("errors lack %q:\n%s", w, got)
		}
	}
	// Children are slotted wrappers, in declaration (name) order.
	if len(el.Children) != 2 {
		t.Fatalf("children %d, want 2 slots", len(el.Children))
	}
	for i, w := range []struct{ slot, text string }{{"body", "Caption"}, {"items", "AB"}} {
		c := el.Children[i]
		if slot := attr(c, "slot"); slot != w.slot || text(c) != w.text {
			t.Errorf("slot %d = %q %q, want %q %q", i, slot, text(c), w.slot, w.text)
		}
	}
	// A rebuild does not report the same errors again.
	e.State.Invalidate()
	if _, errs := buildSurface(s, e); len(errs) != 0 {
		t.Errorf("second build reported again: %v", codes(errs))
	}
}

func TestRenderFactoryAndRequired(t *testing.T) {
	s := surface(t, comps(`{"id":"root","component":"Column","children":["c","p"]},{"id":"c","component":"Chart"},{"id":"p","component":"Pin","label":{"path":"/x"}}`))
	root, errs := buildSurface(s, env(chart()))
	col := root.Children[0]
	if p := col.Children[1]; p.Tag != dom.FactoryTagPrefix+"1" || len(props(p)) != 0 {
		t.Errorf("factory element %q props %v (a non-bindable prop given a binding is dropped)", p.Tag, props(p))
	}
	got := strings.Join(codes(errs), "\n")
	for _, w := range []string{"VALIDATION_FAILED /components/c/title", "VALIDATION_FAILED /components/p/label"} {
		if !strings.Contains(got, w) {
			t.Errorf("errors lack %q:\n%s", w, got)
		}
	}
}

func TestEvents(t *testing.T) {
	s := surface(t,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"title":"T","v":1,"pick":"b"}}}`,
		comps(`{"id":"root","component":"Chart","title":{"path":"/title"},"value":{"path":"/v"},`+
			`"onSelect":{"event":{"name":"pick","context":{"series":{"path":"/pick"}}}}}`))
	e := env(chart())
	var got []engine.Action
	var reported []string
	e.OnAction = func(_ string, a engine.Action) { got = append(got, a) }
	e.OnError = func(err *protocol.Error) { reported = append(reported, err.Code+" "+err.Path) }
	root, _ := buildSurface(s, e)
	el := root.Children[0]
	on := map[string]dom.HandlerID{}
	for _, l := range el.On {
		on[l.Event] = l.Handler
	}
	if len(on) != 2 {
		t.Fatalf("listeners %v, want change and select", el.On)
	}
	e.Handlers.Dispatch(on["select"], dom.Event{Type: "select", Detail: `{}`, Synthetic: true}, nil)
	if len(got) != 1 || got[0].Name != "pick" || got[0].Context["series"] != "b" || got[0].SourceComponentID != "root" {
		t.Errorf("actions %+v", got)
	}
	for _, c := range []struct {
		detail string
		want   any
	}{
		{`{"value":7}`, 7.0},
		{`{"value":"8"}`, 7.0}, // wrong type: not written
		{`{"other":1}`, 7.0},   // no value: nothing
		{``, 7.0},
		{`{"value":9.5}`, 9.5},
	} {
		e.Handlers.Dispatch(on["change"], dom.Event{Type: "change", Detail: c.detail}, nil)
		if v, _ := s.Data.Get(model.Pointer{"v"}); v != c.want {
			t.Errorf("after detail %s: /v = %v, want %v", c.detail, v, c.want)
		}
	}
	if strings.Join(reported, "|") != "VALIDATION_FAILED /components/root/value" {
		t.Errorf("reported %v, want the one value of the wrong type", reported)
	}
}

func TestFunctions(t *testing.T) {
	clock := time.Unix(0, 0)
	now := func() time.Time { return clock }
	c := host.Catalog{ID: chartID, Functions: []host.Function{
		{Name: "shout", Args: map[string]string{"text": host.String}, Returns: host.String,
			Call: func(a map[string]any) (any, error) { return strings.ToUpper(a["text"].(string)) + "!", nil }},
		{Name: "count", Returns: host.String, Call: func(map[string]any) (any, error) { return 3.0, nil }},
		{Name: "boom", Call: func(map[string]any) (any, error) { return nil, errors.New("kaboom") }},
		{Name: "slow", Call: func(map[string]any) (any, error) { clock = clock.Add(25 * time.Millisecond); return "late", nil }},
		{Name: "obj", Returns: host.Object, Call: func(map[string]any) (any, error) { return "no", nil }},
	}}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	fns := host.Build(basic.Catalog(), &c, now).Functions()
	call := func(name string, args map[string]any) (any, error) {
		return binding.EvalValue(binding.Scope{}, map[string]any{"call": name, "args": args}, fns, nil)
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		want any
		err  string
	}{
		{"shout", map[string]any{"text": 12.0}, "12!", ""}, // argument coerced to its type
		{"count", nil, "3", ""},                            // result coerced
		{"boom", nil, nil, "kaboom"},
		{"obj", nil, nil, "not an object"},
		{"slow", nil, nil, "over its 20ms budget"},
		{"slow", nil, nil, "over its 20ms budget"},
		{"slow", nil, nil, "over its 20ms budget"},
		{"slow", nil, nil, "disabled: 3 calls"},
	} {
		v, err := call(tc.name, tc.args)
		if tc.err != "" {
			pe, ok := err.(*protocol.Error)
			if !ok || pe.Code != protocol.CodeFunction || !strings.Contains(pe.Message, tc.err) {
				t.Errorf("%s: err %v, want FUNCTION_FAILED with %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || v != tc.want {
			t.Errorf("%s = %v, %v; want %v", tc.name, v, err, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	ok := func(map[string]any) (any, error) { return nil, nil }
	for _, tc := range []struct {
		name string
		c    host.Catalog
		err  string
	}{
		{"no id", host.Catalog{}, "catalogId"},
		{"extends", host.Catalog{ID: "x", Extends: "other"}, "extends"},
		{"built-in tag", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "iframe"}}}, "custom element"},
		{"script-like tag", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "script"}}}, "custom element"},
		{"reserved tag", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "font-face"}}}, "custom element"},
		{"own tag", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "a2ui-renderer"}}}, "custom element"},
		{"tag and factory", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Factory: dom.FactoryTagPrefix + "1"}}}, "exactly one"},
		{"bad name", host.Catalog{ID: "x", Components: []host.Component{{Name: "a b", Tag: "x-a"}}}, "invalid"},
		{"on prop", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Props: map[string]host.Prop{"onClick": {Type: host.String}}}}}, "element property"},
		{"innerHTML prop", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Props: map[string]host.Prop{"innerHTML": {Type: host.String}}}}}, "element property"},
		{"unknown type", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Props: map[string]host.Prop{"p": {Type: "date"}}}}}, "unknown type"},
		{"enum on number", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Props: map[string]host.Prop{"p": {Type: host.Number, Enum: []string{"1"}}}}}}, "enum"},
		{"event to no action", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Events: map[string]host.Event{"go": {Action: "nope"}}}}}, "not a declared action"},
		{"bind unbindable", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Props: map[string]host.Prop{"v": {Type: host.String}}, Events: map[string]host.Event{"change": {Bind: "v"}}}}}, "bindable"},
		{"bad from", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Props: map[string]host.Prop{"v": {Type: host.String, Bindable: true}}, Events: map[string]host.Event{"change": {Bind: "v", From: "target.innerHTML"}}}}}, "from"},
		{"bad event type", host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Props: map[string]host.Prop{"v": {Type: host.String, Bindable: true}}, Events: map[string]host.Event{"Change": {Bind: "v"}}}}}, "event type"},
		{"fn arg type", host.Catalog{ID: "x", Functions: []host.Function{{Name: "f", Args: map[string]string{"a": "date"}, Call: ok}}}, "argument"},
		{"fn no call", host.Catalog{ID: "x", Functions: []host.Function{{Name: "f"}}}, "no call"},
		{"valid", chart(), ""},
	} {
		err := tc.c.Check()
		if (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: Check() = %v, want %q", tc.name, err, tc.err)
		}
	}
}

func TestParse(t *testing.T) {
	keys := map[string]bool{}
	cats, err := host.Parse([]byte(`[{"catalogId":"c1","extends":"basic",
		"components":{"Chart":{"tag":"x-chart","props":{"title":{"type":"string","bindable":true,"required":true},"kind":{"type":"string","enum":["a","b"]}},
			"events":{"change":{"bind":"title","from":"detail.v"}}}},
		"functions":{"shout":{"args":{"text":"string"},"returns":"string","key":"f1","budgetMs":5}}}]`),
		func(key string) func(map[string]any) (any, error) {
			keys[key] = true
			return func(map[string]any) (any, error) { return nil, nil }
		})
	if err != nil {
		t.Fatal(err)
	}
	c := cats[0]
	d := c.Components[0]
	if c.ID != "c1" || c.Extends != "basic" || d.Tag != "x-chart" || !d.Props["title"].Required || len(d.Props["kind"].Enum) != 2 ||
		d.Events["change"].From != "detail.v" || c.Functions[0].Budget != 5*time.Millisecond || !keys["f1"] {
		t.Errorf("parsed %+v", c)
	}
	for _, bad := range []string{`{}`, `[1]`, `[{"catalogId":""}]`, `[{"catalogId":"x","components":{"A":{"tag":"div"}}}]`, `not json`} {
		if _, err := host.Parse([]byte(bad), nil); err == nil {
			t.Errorf("Parse(%s) accepted", bad)
		}
	}
}

func equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func attr(n *dom.Node, name string) string {
	for _, a := range n.Attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return ""
}

func text(n *dom.Node) string {
	if n.Kind == dom.Text {
		return n.Text
	}
	s := ""
	for _, c := range n.Children {
		s += text(c)
	}
	return s
}

// TestBusy: while the element's action is in flight it carries aria-busy.
func TestBusy(t *testing.T) {
	s := surface(t, comps(`{"id":"root","component":"Chart","title":"T","onSelect":{"event":{"name":"pick"}}}`))
	for _, busy := range []bool{false, true} {
		e := env(chart())
		e.ActionState = func(uid string) (bool, string) { return busy && uid == "root", "" }
		root, _ := buildSurface(s, e)
		if got := attr(root.Children[0], "aria-busy"); (got == "true") != busy {
			t.Errorf("busy %v: aria-busy %q", busy, got)
		}
	}
}

// TestURLProp: a url prop is checked by the page's policy for its kind and resolved.
func TestURLProp(t *testing.T) {
	c := host.Catalog{ID: chartID, Components: []host.Component{{Name: "Logo", Tag: "x-logo",
		Props: map[string]host.Prop{"src": {Type: host.URL, URLKind: "image", Bindable: true}}}}}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse("https://agent.example/stream")
	for _, tc := range []struct {
		in, want, err string
	}{
		{`"https://cdn.example/a.png"`, `"https://cdn.example/a.png"`, ""},
		{`"logo.png"`, `"https://agent.example/logo.png"`, ""},
		{`"javascript:alert(1)"`, "", "POLICY_DENIED /components/root/src"},
		{`42`, "", "VALIDATION_FAILED /components/root/src"},
	} {
		s := surface(t, comps(`{"id":"root","component":"Logo","src":`+tc.in+`}`))
		e := env(c)
		e.BaseURL = base
		root, errs := buildSurface(s, e)
		if got := props(root.Children[0])["src"]; got != tc.want || strings.Join(codes(errs), "|") != tc.err {
			t.Errorf("src %s: prop %q errors %v; want %q %q", tc.in, got, codes(errs), tc.want, tc.err)
		}
	}
	bad := host.Catalog{ID: "x", Components: []host.Component{{Name: "A", Tag: "x-a", Props: map[string]host.Prop{"p": {Type: host.String, URLKind: "image"}}}}}
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "kind needs type url") {
		t.Errorf("kind on a string prop: %v", err)
	}
}
