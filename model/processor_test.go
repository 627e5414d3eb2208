package model

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

type recorder struct{ events []string }

func (r *recorder) on(ev SurfaceEvent) {
	s := ev.Kind.String() + " " + ev.SurfaceID
	if len(ev.Components) > 0 {
		s += " c=" + strings.Join(ev.Components, ",")
	}
	for _, p := range ev.Data {
		s += " d=" + p.String()
	}
	if ev.Meta {
		s += " meta"
	}
	r.events = append(r.events, s)
}

func comp(id, typ string, props ...string) protocol.Component {
	c := protocol.Component{ID: id, Type: typ, Props: map[string]json.RawMessage{}}
	for i := 0; i+1 < len(props); i += 2 {
		c.Props[props[i]] = json.RawMessage(props[i+1])
	}
	return c
}

func comps(v protocol.Version, sid string, cs ...protocol.Component) *protocol.UpdateComponents {
	return &protocol.UpdateComponents{Version: v, SurfaceID: sid, Components: cs}
}

func data(v protocol.Version, sid, path, value string) *protocol.UpdateDataModel {
	m := &protocol.UpdateDataModel{Version: v, SurfaceID: sid, Path: path}
	if value != "" {
		m.Value = json.RawMessage(value)
	}
	return m
}

func create(v protocol.Version, sid string) *protocol.CreateSurface {
	m := &protocol.CreateSurface{Version: v, SurfaceID: sid, CatalogID: "cat"}
	if v.AtLeast09() {
		m.Root = "root"
	}
	return m
}

func mustApply(t *testing.T, p *Processor, ms ...protocol.Message) {
	t.Helper()
	for i, m := range ms {
		if err := p.Apply(m); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
}

// step is one message and the expected outcome.
type step struct {
	msg   protocol.Message
	err   string // "" or "CODE path"
	ready bool   // Ready() of surface "s" after the step (false when absent)
}

func runSteps(t *testing.T, steps []step, wantEvents []string) *Processor {
	t.Helper()
	p := NewProcessor(Options{})
	r := &recorder{}
	p.OnChange(r.on)
	for i, st := range steps {
		err := p.Apply(st.msg)
		got := ""
		if err != nil {
			got = err.Code + " " + err.Path
			if err.SurfaceID != st.msg.Surface() {
				t.Fatalf("step %d: error SurfaceID %q", i, err.SurfaceID)
			}
		}
		if got != st.err {
			t.Fatalf("step %d: error %q (%v), want %q", i, got, err, st.err)
		}
		s, ok := p.Surface("s")
		if ready := ok && s.Ready(); ready != st.ready {
			t.Fatalf("step %d: Ready = %v, want %v", i, ready, st.ready)
		}
	}
	if wantEvents != nil && !reflect.DeepEqual(r.events, wantEvents) {
		t.Fatalf("events:\n%s\nwant:\n%s", strings.Join(r.events, "\n"), strings.Join(wantEvents, "\n"))
	}
	return p
}

func TestGateV08(t *testing.T) {
	v := protocol.V08
	runSteps(t, []step{
		{comps(v, "s", comp("col", "Column", "children", `["t"]`)), "", false},
		{data(v, "s", "user", `{"name":"Ada"}`), "", false},
		{&protocol.CreateSurface{Version: v, SurfaceID: "s", Root: "col"}, "", true},
		{comps(v, "s", comp("t", "Text", "text", `{"path":"/user/name"}`)), "", true},
	}, []string{
		"created s",
		"updated s d=/user",
		"updated s meta",
		"updated s c=t",
	})
}

func TestGateV08BeginRenderingFirst(t *testing.T) {
	v := protocol.V08
	p := runSteps(t, []step{
		{&protocol.CreateSurface{Version: v, SurfaceID: "s", Root: "root-column"}, "", true},
		{comps(v, "s", comp("root-column", "Column")), "", true},
		// A second beginRendering overwrites root (web_core behaviour), no duplicate error.
		{&protocol.CreateSurface{Version: v, SurfaceID: "s", Root: "other"}, "", true},
	}, []string{"created s", "updated s c=root-column", "updated s meta"})
	s, _ := p.Surface("s")
	if s.Root != "other" || !s.Begun() || s.Version != protocol.V08 {
		t.Fatalf("root %q begun %v version %v", s.Root, s.Begun(), s.Version)
	}
}

func TestGateV09(t *testing.T) {
	for _, v := range []protocol.Version{protocol.V09, protocol.V091, protocol.V010, protocol.V10} {
		t.Run(v.String(), func(t *testing.T) {
			runSteps(t, []step{
				{comps(v, "s", comp("root", "Text")), "SURFACE_NOT_FOUND /updateComponents/surfaceId", false},
				{data(v, "s", "/a", `1`), "SURFACE_NOT_FOUND /updateDataModel/surfaceId", false},
				{&protocol.DeleteSurface{Version: v, SurfaceID: "s"}, "", false}, // unknown id: silent no-op
				{create(v, "s"), "", false},
				{comps(v, "s", comp("child", "Text")), "", false},
				{data(v, "s", "/a", `1`), "", false},
				{comps(v, "s", comp("root", "Column", "children", `["child"]`)), "", true},
				{create(v, "s"), "SURFACE_EXISTS /createSurface/surfaceId", true},
				{&protocol.DeleteSurface{Version: v, SurfaceID: "s"}, "", false},
				{comps(v, "s", comp("root", "Text")), "SURFACE_NOT_FOUND /updateComponents/surfaceId", false},
				{create(v, "s"), "", false},
			}, []string{
				"created s",
				"updated s c=child",
				"updated s d=/a",
				"updated s c=root",
				"deleted s",
				"created s",
			})
		})
	}
}

func TestGateDraft(t *testing.T) {
	v := protocol.V09Draft
	p := runSteps(t, []step{
		// The seed-001 draft sends createSurface last: earlier updates create the surface implicitly.
		{comps(v, "s", comp("root", "Column", "children", `["t"]`), comp("t", "Text", "text", `"hi"`)), "", false},
		{data(v, "s", "", `{"x":1}`), "", false},
		{&protocol.CreateSurface{Version: v, SurfaceID: "s"}, "", true},
		{&protocol.CreateSurface{Version: v, SurfaceID: "s"}, "SURFACE_EXISTS /createSurface/surfaceId", true},
		{&protocol.DeleteSurface{Version: v, SurfaceID: "nope"}, "", true},
	}, []string{"created s", "updated s d=", "updated s meta"})
	s, _ := p.Surface("s")
	if s.Root != "root" || s.Components() != 2 || mustJSON(t, s.Data) != `{"x":1}` {
		t.Fatalf("root %q comps %d data %s", s.Root, s.Components(), mustJSON(t, s.Data))
	}
	// Draft createSurface first, then components: ready once root exists.
	runSteps(t, []step{
		{&protocol.CreateSurface{Version: v, SurfaceID: "s"}, "", false},
		{comps(v, "s", comp("root", "Text")), "", true},
	}, nil)
}

func TestV08DeleteUnknownIsNoop(t *testing.T) {
	runSteps(t, []step{
		{&protocol.DeleteSurface{Version: protocol.V08, SurfaceID: "s"}, "", false},
		{comps(protocol.V08, "s", comp("a", "Text")), "", false},
		{&protocol.DeleteSurface{Version: protocol.V08, SurfaceID: "s"}, "", false},
		// v0.8 re-creates a deleted id silently.
		{data(protocol.V08, "s", "/a", `1`), "", false},
	}, []string{"created s", "deleted s", "created s"})
}

func TestComponentRevisions(t *testing.T) {
	v := protocol.V09
	p := NewProcessor(Options{})
	r := &recorder{}
	p.OnChange(r.on)
	mustApply(t, p, create(v, "s"), comps(v, "s", comp("a", "Text", "text", `"one"`, "variant", `"h1"`)))
	s, _ := p.Surface("s")
	a1, _ := s.Component("a")
	rev0 := s.Rev()

	// Identical re-send: nothing changes, no event.
	mustApply(t, p, comps(v, "s", comp("a", "Text", "text", `"one"`, "variant", `"h1"`)))
	a, _ := s.Component("a")
	if a != a1 || s.Rev() != rev0 || len(r.events) != 2 {
		t.Fatalf("identical update changed something: rev %d→%d events %v", rev0, s.Rev(), r.events)
	}

	// Same type, new props: replaced whole (variant gone), Rev bumps, Gen kept.
	mustApply(t, p, comps(v, "s", comp("a", "Text", "text", `"two"`)))
	a2, _ := s.Component("a")
	if a2.Rev <= a1.Rev || a2.Gen != a1.Gen {
		t.Fatalf("rev %d→%d gen %d→%d", a1.Rev, a2.Rev, a1.Gen, a2.Gen)
	}
	if _, ok := a2.Props["variant"]; ok || string(a2.Props["text"]) != `"two"` {
		t.Fatalf("props not replaced whole: %v", a2.Props)
	}
	if string(a1.Props["text"]) != `"one"` {
		t.Fatal("the old *Component snapshot was modified")
	}
	if s.Rev() <= rev0 {
		t.Fatal("surface Rev did not grow")
	}

	// Type change: a recreate (fresh Gen).
	mustApply(t, p, comps(v, "s", comp("a", "Button", "child", `"x"`)))
	a3, _ := s.Component("a")
	if a3.Type != "Button" || a3.Gen == a2.Gen || a3.Gen != a3.Rev || a3.Rev <= a2.Rev {
		t.Fatalf("type change: gen %d→%d rev %d", a2.Gen, a3.Gen, a3.Rev)
	}
	// Several components in one message; order of first arrival kept.
	mustApply(t, p, comps(v, "s", comp("c", "Text"), comp("b", "Text"), comp("a", "Button", "child", `"x"`)))
	if got := s.ComponentIDs(); !reflect.DeepEqual(got, []string{"a", "c", "b"}) {
		t.Fatalf("ComponentIDs = %v", got)
	}
	want := []string{"created s", "updated s c=a", "updated s c=a", "updated s c=a", "updated s c=c,b"}
	if !reflect.DeepEqual(r.events, want) {
		t.Fatalf("events %q", r.events)
	}
	// Surface Rev also follows local data writes (two-way binding).
	before := s.Rev()
	s.Data.Set(MustPointer("/typed"), "x")
	if s.Rev() <= before {
		t.Fatal("Rev ignores data writes")
	}
}

func TestUpdateDataModel(t *testing.T) {
	tests := []struct {
		name string
		v    protocol.Version
		path string
		val  string // "" = nil Value (delete)
		want string
		err  string
	}{
		{"set path", protocol.V09, "/user/name", `"Bob"`, `{"list":[1,2],"user":{"name":"Bob"}}`, ""},
		{"delete key", protocol.V09, "/user", "", `{"list":[1,2]}`, ""},
		{"delete array slot keeps length", protocol.V010, "/list/0", "", `{"list":[null,2],"user":{"name":"Ada"}}`, ""},
		{"root replace", protocol.V09, "", `{"fresh":true}`, `{"fresh":true}`, ""},
		{"slash root replace", protocol.V09, "/", `{"fresh":true}`, `{"fresh":true}`, ""},
		{"root delete empties", protocol.V10, "/", "", `{}`, ""},
		{"null stored when sent as a value", protocol.V09, "/user/name", `null`, `{"list":[1,2],"user":{"name":null}}`, ""},
		{"v0.8 root-relative path", protocol.V08, "user/age", `30`, `{"list":[1,2],"user":{"age":30,"name":"Ada"}}`, ""},
		{"append by index", protocol.V09, "/list/2", `3`, `{"list":[1,2,3],"user":{"name":"Ada"}}`, ""},
		{"root must be an object", protocol.V09, "", `[1]`, `{"list":[1,2],"user":{"name":"Ada"}}`, "VALIDATION_FAILED /updateDataModel/value"},
		{"v0.8 root must be an object", protocol.V08, "/", `"x"`, `{"list":[1,2],"user":{"name":"Ada"}}`, "VALIDATION_FAILED /dataModelUpdate/contents"},
		{"bad pointer", protocol.V09, "/a~2", `1`, `{"list":[1,2],"user":{"name":"Ada"}}`, "VALIDATION_FAILED /updateDataModel/path"},
		{"bad pointer v0.8", protocol.V08, "/a~", `1`, `{"list":[1,2],"user":{"name":"Ada"}}`, "VALIDATION_FAILED /dataModelUpdate/path"},
		{"non-numeric on array", protocol.V09, "/list/x", `1`, `{"list":[1,2],"user":{"name":"Ada"}}`, "VALIDATION_FAILED /updateDataModel/path"},
		{"through a primitive", protocol.V09, "/user/name/x", `1`, `{"list":[1,2],"user":{"name":"Ada"}}`, "VALIDATION_FAILED /updateDataModel/path"},
		{"bad json", protocol.V09, "/x", `{`, `{"list":[1,2],"user":{"name":"Ada"}}`, "VALIDATION_FAILED /updateDataModel/value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := NewProcessor(Options{})
			if tt.v.AtLeast09() {
				mustApply(t, p, create(tt.v, "s"))
			}
			mustApply(t, p, data(tt.v, "s", "", `{"user":{"name":"Ada"},"list":[1,2]}`))
			err := p.Apply(data(tt.v, "s", tt.path, tt.val))
			got := ""
			if err != nil {
				got = err.Code + " " + err.Path
				if err.SurfaceID != "s" || err.Message == "" {
					t.Fatalf("error %#v", err)
				}
			}
			if got != tt.err {
				t.Fatalf("err %q (%v), want %q", got, err, tt.err)
			}
			s, _ := p.Surface("s")
			if g := mustJSON(t, s.Data); g != tt.want {
				t.Fatalf("data %s, want %s", g, tt.want)
			}
		})
	}
}

func TestCreateSurfaceInlineV10(t *testing.T) {
	p := NewProcessor(Options{})
	r := &recorder{}
	p.OnChange(r.on)
	m := &protocol.CreateSurface{
		Version: protocol.V10, SurfaceID: "s", CatalogID: "basic", Root: "root",
		Theme: json.RawMessage(`{"primaryColor":"#00ff00"}`), SendDataModel: true,
		Components: []protocol.Component{comp("root", "Text", "text", `{"path":"/msg"}`)},
		DataModel:  json.RawMessage(`{"msg":"hello"}`),
	}
	mustApply(t, p, m)
	s, ok := p.Surface("s")
	if !ok || !s.Ready() || s.Components() != 1 || mustJSON(t, s.Data) != `{"msg":"hello"}` {
		t.Fatalf("surface %+v", s)
	}
	if s.CatalogID != "basic" || !s.SendDataModel || string(s.Theme) != `{"primaryColor":"#00ff00"}` || s.Version != protocol.V10 {
		t.Fatalf("metadata %+v", s)
	}
	if !reflect.DeepEqual(r.events, []string{"created s"}) {
		t.Fatalf("events %q", r.events)
	}

	// Inline content is all-or-nothing: a bad data model rejects the surface.
	bad := *m
	bad.SurfaceID = "t"
	bad.DataModel = json.RawMessage(`[1,2]`)
	if err := p.Apply(&bad); err == nil || err.Code != protocol.CodeValidationFailed || err.Path != "/createSurface/dataModel" {
		t.Fatalf("err %v", err)
	}
	bad.DataModel = json.RawMessage(`{"a":`)
	if err := p.Apply(&bad); err == nil || err.Path != "/createSurface/dataModel" {
		t.Fatalf("err %v", err)
	}
	bad.DataModel = nil
	bad.Components = []protocol.Component{comp("root", "")}
	if err := p.Apply(&bad); err == nil || err.Path != "/createSurface/components/0/component" {
		t.Fatalf("err %v", err)
	}
	if _, ok := p.Surface("t"); ok {
		t.Fatal("rejected createSurface left a surface behind")
	}
	if got := p.SurfaceIDs(); !reflect.DeepEqual(got, []string{"s"}) {
		t.Fatalf("SurfaceIDs %v", got)
	}
}

func TestComponentValidation(t *testing.T) {
	tests := []struct {
		v    protocol.Version
		list []protocol.Component
		err  string
	}{
		{protocol.V09, []protocol.Component{comp("a", "Text"), comp("", "Text")}, "VALIDATION_FAILED /updateComponents/components/1/id"},
		{protocol.V08, []protocol.Component{comp("a", "")}, "VALIDATION_FAILED /surfaceUpdate/components/0/component"},
		{protocol.V09Draft, []protocol.Component{comp("", "Text")}, "VALIDATION_FAILED /surfaceUpdate/components/0/id"},
	}
	for _, tt := range tests {
		p := NewProcessor(Options{})
		mustApply(t, p, create(tt.v, "s"))
		err := p.Apply(comps(tt.v, "s", tt.list...))
		if err == nil || err.Code+" "+err.Path != tt.err {
			t.Errorf("%v: err %v, want %s", tt.v, err, tt.err)
			continue
		}
		s, _ := p.Surface("s")
		if s.Components() != 0 {
			t.Errorf("%v: a rejected message stored %d components", tt.v, s.Components())
		}
	}
	p := NewProcessor(Options{})
	if err := p.Apply(comps(protocol.V08, "", comp("a", "Text"))); err == nil || err.Path != "/surfaceUpdate/surfaceId" {
		t.Errorf("empty surface id: %v", err)
	}
	if err := p.Apply(&protocol.CreateSurface{Version: protocol.V09, CatalogID: "c"}); err == nil || err.Path != "/createSurface/surfaceId" {
		t.Errorf("empty surface id: %v", err)
	}
	if len(p.SurfaceIDs()) != 0 {
		t.Errorf("surfaces %v", p.SurfaceIDs())
	}
}

func TestLimits(t *testing.T) {
	v := protocol.V09
	p := NewProcessor(Options{MaxComponents: 3, MaxDataNodes: 4, MaxSurfaces: 2})
	mustApply(t, p, create(v, "s"), comps(v, "s", comp("root", "Column"), comp("a", "Text")))

	// Two new ids would make 4: the whole message is refused, the surface is untouched.
	err := p.Apply(comps(v, "s", comp("a", "Text", "text", `"changed"`), comp("b", "Text"), comp("c", "Text")))
	if err == nil || err.Code != protocol.CodeLimit || err.Path != "/updateComponents/components/2" || err.SurfaceID != "s" ||
		err.Message != "too many components (max 3 per surface)" {
		t.Fatalf("err %#v", err)
	}
	s, _ := p.Surface("s")
	a, _ := s.Component("a")
	if s.Components() != 2 || len(a.Props) != 0 {
		t.Fatalf("refused message partially applied: %d comps, a=%v", s.Components(), a.Props)
	}
	// Re-sending existing ids and one new id (repeated) fits.
	mustApply(t, p, comps(v, "s", comp("root", "Column", "children", `["a"]`), comp("b", "Text"), comp("b", "Text", "text", `"2"`)))
	b, _ := s.Component("b")
	if s.Components() != 3 || string(b.Props["text"]) != `"2"` {
		t.Fatalf("comps %d, b=%v", s.Components(), b.Props)
	}

	// Data node limit.
	mustApply(t, p, data(v, "s", "/l", `[1,2,3]`))
	err = p.Apply(data(v, "s", "/x", `1`))
	if err == nil || err.Code != protocol.CodeLimit || err.Path != "/updateDataModel/value" {
		t.Fatalf("err %#v", err)
	}
	if mustJSON(t, s.Data) != `{"l":[1,2,3]}` {
		t.Fatal(mustJSON(t, s.Data))
	}
	err = p.Apply(data(v, "s", "", `{"a":1,"b":2,"c":3,"d":4,"e":5}`))
	if err == nil || err.Code != protocol.CodeLimit || err.Path != "/updateDataModel/value" {
		t.Fatalf("root err %#v", err)
	}
	// The surface survives and still accepts messages.
	mustApply(t, p, data(v, "s", "/l", ""), data(v, "s", "/x", `1`))

	// Surface limit.
	mustApply(t, p, create(v, "t"))
	if err := p.Apply(create(v, "u")); err == nil || err.Code != protocol.CodeLimit || err.Path != "/createSurface/surfaceId" {
		t.Fatalf("surface limit: %v", err)
	}
	if err := p.Apply(comps(protocol.V08, "w", comp("a", "Text"))); err == nil || err.Code != protocol.CodeLimit {
		t.Fatalf("implicit surface limit: %v", err)
	}
	if got := p.SurfaceIDs(); !reflect.DeepEqual(got, []string{"s", "t"}) {
		t.Fatalf("SurfaceIDs %v", got)
	}
	if o := p.Options(); o.MaxComponents != 3 || o.MaxDataNodes != 4 || o.MaxSurfaces != 2 {
		t.Fatalf("Options %+v", o)
	}
	if o := NewProcessor(Options{}).Options(); o.MaxComponents != DefaultMaxComponents || o.MaxDataNodes != DefaultMaxDataNodes || o.MaxSurfaces != DefaultMaxSurfaces {
		t.Fatalf("defaults %+v", o)
	}
}

func TestDeleteSurfaceFreesEverything(t *testing.T) {
	for _, v := range []protocol.Version{protocol.V08, protocol.V09} {
		t.Run(v.String(), func(t *testing.T) {
			p := NewProcessor(Options{})
			if v.AtLeast09() {
				mustApply(t, p, create(v, "s"))
			}
			mustApply(t, p, comps(v, "s", comp("root", "Text")), data(v, "s", "", `{"a":{"b":1},"l":[1]}`))
			mustApply(t, p, create(v, "keep"))
			s, _ := p.Surface("s")
			calls := 0
			cancels := []func(){}
			for _, path := range []string{"", "/a", "/a/b", "/l/0", "/zzz"} {
				cancels = append(cancels, s.Data.Subscribe(MustPointer(path), func(Pointer) { calls++ }))
			}
			if s.Data.Subscribers() != 5 {
				t.Fatalf("subscribers %d", s.Data.Subscribers())
			}
			mustApply(t, p, &protocol.DeleteSurface{Version: v, SurfaceID: "s"})
			if s.Data.Subscribers() != 0 {
				t.Fatalf("%d subscribers remain after deleteSurface", s.Data.Subscribers())
			}
			if s.Components() != 0 || s.Ready() {
				t.Fatalf("deleted surface still holds %d components, ready=%v", s.Components(), s.Ready())
			}
			if _, ok := p.Surface("s"); ok {
				t.Fatal("surface still listed")
			}
			if got := p.SurfaceIDs(); !reflect.DeepEqual(got, []string{"keep"}) {
				t.Fatalf("SurfaceIDs %v", got)
			}
			// A late write from an in-flight UI event is refused and notifies nobody.
			if err := s.Data.Set(MustPointer("/a"), 2.0); err == nil {
				t.Fatal("write to a deleted surface's model succeeded")
			}
			for _, c := range cancels {
				c() // cancelling after delete is harmless
			}
			if calls != 0 {
				t.Fatalf("%d notifications after delete", calls)
			}
			// Re-creating the id starts empty.
			if v.AtLeast09() {
				mustApply(t, p, create(v, "s"))
			} else {
				mustApply(t, p, comps(v, "s", comp("x", "Text")))
			}
			s2, _ := p.Surface("s")
			if s2 == s || mustJSON(t, s2.Data) != `{}` {
				t.Fatalf("re-created surface reused state: %s", mustJSON(t, s2.Data))
			}
		})
	}
}

func TestApplyOddMessages(t *testing.T) {
	p := NewProcessor(Options{})
	r := &recorder{}
	p.OnChange(r.on)
	if err := p.Apply(nil); err != nil {
		t.Fatalf("nil message: %v", err)
	}
	if err := p.Apply(&protocol.ActionResponse{Version: protocol.V010, SurfaceID: "s"}); err != nil {
		t.Fatalf("message kind owned by the orchestrator: %v", err)
	}
	for _, m := range []protocol.Message{(*protocol.CreateSurface)(nil), (*protocol.UpdateComponents)(nil), (*protocol.UpdateDataModel)(nil), (*protocol.DeleteSurface)(nil)} {
		if err := p.Apply(m); err == nil || err.Code != protocol.CodeValidationFailed {
			t.Fatalf("typed nil %T: %v", m, err)
		}
	}
	if len(r.events) != 0 || len(p.SurfaceIDs()) != 0 {
		t.Fatalf("events %v surfaces %v", r.events, p.SurfaceIDs())
	}
}

func TestOnChangeCancel(t *testing.T) {
	p := NewProcessor(Options{})
	var a, b []string
	cancelA := p.OnChange(func(ev SurfaceEvent) { a = append(a, ev.Kind.String()) })
	var cancelB func()
	cancelB = p.OnChange(func(ev SurfaceEvent) {
		b = append(b, ev.Kind.String())
		cancelB() // may cancel itself from inside the callback
	})
	mustApply(t, p, create(protocol.V09, "s"))
	cancelA()
	cancelA()
	mustApply(t, p, &protocol.DeleteSurface{Version: protocol.V09, SurfaceID: "s"})
	if !reflect.DeepEqual(a, []string{"created"}) || !reflect.DeepEqual(b, []string{"created"}) {
		t.Fatalf("a=%v b=%v", a, b)
	}
	if EventKind(0).String() != "unknown" {
		t.Fatal("zero EventKind")
	}
}

func TestMultipleSurfacesIsolated(t *testing.T) {
	v := protocol.V09
	p := NewProcessor(Options{})
	mustApply(t, p, create(v, "a"), create(v, "b"),
		data(v, "a", "/x", `1`), comps(v, "b", comp("root", "Text")))
	sa, _ := p.Surface("a")
	sb, _ := p.Surface("b")
	if mustJSON(t, sa.Data) != `{"x":1}` || mustJSON(t, sb.Data) != `{}` || sa.Components() != 0 || !sb.Ready() || sa.Ready() {
		t.Fatal("surfaces share state")
	}
	if got := p.SurfaceIDs(); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Fatalf("SurfaceIDs %v", got)
	}
}
