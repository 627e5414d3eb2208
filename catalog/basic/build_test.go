package basic

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

func TestActionContextInTemplateRowResolvedAtClick(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"List","children":{"componentId":"row","path":"/items"}},
		{"id":"row","component":"Button","child":"label","action":{"event":{"name":"pick","context":{
			"name":{"path":"name"},"title":{"path":"/title"},"fixed":"x","n":3}}}},
		{"id":"label","component":"Text","text":{"path":"name"}}
	]`, `{"title":"T","items":[{"name":"apple"},{"name":"pear"}]}`)
	env := testEnv()
	var got []engine.Action
	env.OnAction = func(sid string, a engine.Action) {
		if sid != "s" {
			t.Errorf("surface %q", sid)
		}
		got = append(got, a)
	}
	root, errs := buildSurface(s, env)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	btn := find(root, byKey("row@/items/1"))
	if btn == nil || btn.Tag != "button" {
		t.Fatalf("no button for row 1:\n%s", dom.Outline(root))
	}
	if txt := dom.TextContent(btn); txt != "pear" {
		t.Errorf("button text %q", txt)
	}
	// The data changes after the build; the click must see the new value.
	if err := s.Data.Set([]string{"items", "1", "name"}, "plum"); err != nil {
		t.Fatal(err)
	}
	fire(t, env, btn, dom.Event{Type: "click"})
	want := engine.Action{Name: "pick", SourceComponentID: "row",
		Context: map[string]any{"name": "plum", "title": "T", "fixed": "x", "n": 3.0}, UID: "row@/items/1"}
	if len(got) != 1 {
		t.Fatalf("actions %+v", got)
	}
	// The context keeps the order the component declared.
	if ctx := string(protocol.AppendJSONOrdered(nil, got[0].Context, got[0].Keys)); ctx != `{"name":"plum","title":"T","fixed":"x","n":3}` {
		t.Errorf("context JSON %s", ctx)
	}
	got[0].Keys = nil
	if !reflect.DeepEqual(got[0], want) {
		t.Errorf("action = %+v, want %+v", got, want)
	}
}

func TestTextFieldWritesModel(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["f","echo"]},
		{"id":"f","component":"TextField","label":"Name","value":{"path":"/form/name"},"placeholder":"Your name"},
		{"id":"echo","component":"Text","text":{"path":"/form/name"}}
	]`, `{"form":{"name":"A"}}`)
	env := testEnv()
	root, _ := buildSurface(s, env)
	input := find(root, byTag("input"))
	if v, _ := prop(input, "value"); v != "A" {
		t.Errorf("value prop %q", v)
	}
	fire(t, env, input, dom.Event{Type: "input", Value: "Ada"})
	if v := get(t, s, "/form/name"); v != "Ada" {
		t.Errorf("model = %v", v)
	}
	root, _ = buildSurface(s, env)
	if txt := dom.TextContent(find(root, byKey("echo"))); txt != "Ada" {
		t.Errorf("echo %q", txt)
	}
	lbl := find(root, byTag("label"))
	input = find(root, byTag("input"))
	if getAttr(lbl, "for") == "" || getAttr(lbl, "for") != getAttr(input, "id") {
		t.Errorf("label for=%q input id=%q", getAttr(lbl, "for"), getAttr(input, "id"))
	}
	if getAttr(input, "placeholder") != "Your name" {
		t.Error("placeholder missing")
	}
}

func TestInputsWriteTypedValues(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["cb","sl","dt","d","tm"]},
		{"id":"cb","component":"CheckBox","label":"OK","value":{"path":"/ok"}},
		{"id":"sl","component":"Slider","min":0,"max":1,"value":{"path":"/vol"}},
		{"id":"dt","component":"DateTimeInput","enableDate":true,"enableTime":true,"value":{"path":"/when"}},
		{"id":"d","component":"DateTimeInput","enableDate":true,"value":{"path":"/day"}},
		{"id":"tm","component":"DateTimeInput","enableTime":true,"value":{"path":"/at"}}
	]`, `{"ok":false,"vol":0.5,"when":"2025-12-15T10:30:00Z","day":"2025-01-02","at":"08:15"}`)
	env := testEnv()
	root, errs := buildSurface(s, env)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ctl := func(key string) *dom.Node {
		return find(find(root, byKey(key)), func(n *dom.Node) bool { return getAttr(n, "data-a2ui-control") == "input" })
	}
	for key, want := range map[string]string{"dt": "2025-12-15T10:30", "d": "2025-01-02", "tm": "08:15"} {
		if v, _ := prop(ctl(key), "value"); v != want {
			t.Errorf("%s value %q, want %q", key, v, want)
		}
	}
	if typ := getAttr(ctl("dt"), "type"); typ != "datetime-local" {
		t.Errorf("type %q", typ)
	}
	fire(t, env, ctl("cb"), dom.Event{Type: "change", Checked: true})
	fire(t, env, ctl("sl"), dom.Event{Type: "input", Value: "0.75"})
	fire(t, env, ctl("dt"), dom.Event{Type: "input", Value: "2026-01-02T03:04"})
	fire(t, env, ctl("tm"), dom.Event{Type: "input", Value: "09:30"})
	for path, want := range map[string]any{"/ok": true, "/vol": 0.75, "/when": "2026-01-02T03:04:00", "/at": "09:30:00"} {
		if v := get(t, s, path); v != want {
			t.Errorf("%s = %#v, want %#v", path, v, want)
		}
	}
}

func TestChoicePicker(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["one","many"]},
		{"id":"one","component":"ChoicePicker","label":"Size","options":[{"label":"Small","value":"s"},{"label":"Large","value":"l"}],"value":{"path":"/size"}},
		{"id":"many","component":"ChoicePicker","variant":"multipleSelection","displayStyle":"chips","filterable":true,
		 "options":[{"label":"Red","value":"r"},{"label":"Green","value":"g"},{"label":"Blue","value":"b"}],"value":{"path":"/colors"}}
	]`, `{"size":["s"],"colors":["r"]}`)
	env := testEnv()
	invalidated := 0
	env.Invalidate = func(string) { invalidated++ }
	root, errs := buildSurface(s, env)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	radios := find(root, byKey("one"))
	if getAttr(radios, "role") != "radiogroup" {
		t.Errorf("role %q", getAttr(radios, "role"))
	}
	large := find(radios, byKey("opt1:l"))
	fire(t, env, find(large, byTag("input")), dom.Event{Type: "change", Checked: true})
	if v := get(t, s, "/size"); !reflect.DeepEqual(v, []any{"l"}) {
		t.Errorf("size = %#v", v)
	}
	chip := find(find(root, byKey("many")), byKey("opt1:g"))
	fire(t, env, chip, dom.Event{Type: "click"})
	if v := get(t, s, "/colors"); !reflect.DeepEqual(v, []any{"r", "g"}) {
		t.Errorf("colors = %#v", v)
	}
	fire(t, env, find(find(root, byKey("many")), byKey("opt0:r")), dom.Event{Type: "click"})
	if v := get(t, s, "/colors"); !reflect.DeepEqual(v, []any{"g"}) {
		t.Errorf("colors after toggle = %#v", v)
	}
	// Filter: typing keeps only matching labels (state outside the model).
	before := invalidated
	fire(t, env, find(root, byKey("filter")), dom.Event{Type: "input", Value: "BL"})
	if invalidated != before+1 {
		t.Errorf("invalidated %d", invalidated)
	}
	root, _ = buildSurface(s, env)
	many := find(root, byKey("many"))
	if got := dom.TextContent(find(many, byKey("options"))); got != "Blue" {
		t.Errorf("filtered options %q", got)
	}
	if v, _ := prop(find(many, byKey("filter")), "value"); v != "BL" {
		t.Errorf("filter value %q", v)
	}
}

func TestCycleUnknownMissingAndPanic(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["a","ghost","weird","later"]},
		{"id":"a","component":"Card","child":"b"},
		{"id":"b","component":"Column","children":["a"]},
		{"id":"weird","component":"<img src=x onerror=alert(1)>"}
	]`, "")
	root, errs := buildSurface(s, testEnv())
	html := dom.Outline(root)
	if n := find(root, byClass("a2ui-cycle")); n == nil {
		t.Errorf("no cycle placeholder:\n%s", html)
	}
	if n := find(root, byKey("ghost")); n == nil || !byClass("a2ui-pending")(n) {
		t.Errorf("missing child not pending:\n%s", html)
	}
	unk := find(root, byKey("weird"))
	if unk == nil || !byClass("a2ui-unknown")(unk) || dom.TextContent(unk) != "Unsupported component: <img src=x onerror=alert(1)>" {
		t.Errorf("unknown placeholder wrong:\n%s", html)
	}
	if find(root, byTag("img")) != nil {
		t.Error("an img element was created")
	}
	codes := strings.Join(errCodes(errs), ",")
	if codes != protocol.CodeCycle+","+protocol.CodeUnknownComponent {
		t.Errorf("errors %v", errs)
	}
	if errs[0].Path != "/components/a" || errs[0].SurfaceID != "s" {
		t.Errorf("cycle error %+v", errs[0])
	}
	// the missing child arrives
	_, s2 := newSurface(t, `[
		{"id":"root","component":"Column","children":["later"]},
		{"id":"later","component":"Text","text":"here"}
	]`, "")
	root, _ = buildSurface(s2, testEnv())
	if dom.TextContent(root) != "here" {
		t.Errorf("late child: %s", dom.Outline(root))
	}

	// A panicking component becomes a placeholder; its siblings still render.
	boom := &catalog.ComponentDef{Name: "Boom", Render: func(*catalog.Builder, *catalog.Instance) *dom.Node { panic("kaboom") }}
	cat := catalog.New(CatalogIDs, append(defs(), boom)...)
	_, s3 := newSurface(t, `[
		{"id":"root","component":"Row","children":["x","ok"]},
		{"id":"x","component":"Boom"},
		{"id":"ok","component":"Text","text":"fine"}
	]`, "")
	env := testEnv()
	env.Catalog = cat
	root, errs = buildSurface(s3, env)
	if n := find(root, byKey("x")); n == nil || !byClass("a2ui-failed")(n) {
		t.Errorf("no failed placeholder:\n%s", dom.Outline(root))
	}
	if len(errs) != 1 || errs[0].Code != protocol.CodeRender || !strings.Contains(errs[0].Message, "kaboom") {
		t.Errorf("errors %v", errs)
	}
	if !strings.Contains(dom.TextContent(root), "fine") {
		t.Error("sibling lost")
	}
}

func TestButtonChecksDisableAndBlock(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["email","go"]},
		{"id":"email","component":"TextField","label":"Email","value":{"path":"/email"},
		 "checks":[{"condition":{"call":"required","args":{"value":{"path":"/email"}}},"message":"Email is required"}]},
		{"id":"go","component":"Button","child":"go-t","action":{"event":{"name":"submit"}},
		 "checks":[{"condition":{"call":"email","args":{"value":{"path":"/email"}}},"message":"bad"}]},
		{"id":"go-t","component":"Text","text":"Go"}
	]`, `{"email":""}`)
	env := testEnv()
	sent := 0
	env.OnAction = func(string, engine.Action) { sent++ }
	root, _ := buildSurface(s, env)
	btn := find(root, byKey("go"))
	if getAttr(btn, "aria-disabled") != "true" || hasAttr(btn, "disabled") {
		t.Errorf("button not aria-disabled (and focusable): %s", dom.Outline(btn))
	}
	field := find(root, byKey("email"))
	if find(field, byClass("a2ui-error")) != nil || hasAttr(find(field, byTag("input")), "aria-invalid") {
		t.Fatalf("the form opens in error: %s", dom.Outline(field))
	}
	// A click on the failing button sends nothing and reveals every field's message.
	fire(t, env, btn, dom.Event{Type: "click"})
	if sent != 0 {
		t.Error("click on a failing button was sent")
	}
	root, _ = buildSurface(s, env)
	field = find(root, byKey("email"))
	errEl := find(field, byClass("a2ui-error"))
	input := find(field, byTag("input"))
	if errEl == nil || dom.TextContent(errEl) != "Email is required" || getAttr(errEl, "role") != "alert" {
		t.Fatalf("error element: %s", dom.Outline(field))
	}
	if getAttr(input, "aria-invalid") != "true" || getAttr(input, "aria-describedby") != getAttr(errEl, "id") {
		t.Errorf("input not tied to error: %s", dom.Outline(field))
	}
	fire(t, env, input, dom.Event{Type: "input", Value: "a@b.co"})
	root, _ = buildSurface(s, env)
	btn = find(root, byKey("go"))
	if hasAttr(btn, "aria-disabled") {
		t.Error("button still disabled")
	}
	if find(root, byClass("a2ui-error")) != nil {
		t.Error("error still shown")
	}
	fire(t, env, btn, dom.Event{Type: "click"})
	if sent != 1 {
		t.Errorf("sent %d", sent)
	}
}

func hasAttr(n *dom.Node, name string) bool {
	for _, a := range n.Attrs {
		if a.Name == name {
			return true
		}
	}
	return false
}

func TestFunctionCallActionOpenURL(t *testing.T) {
	for _, tt := range []struct {
		url    string
		opened string
		err    bool
	}{
		{"https://example.com/x", "https://example.com/x", false},
		{"javascript:alert(1)", "", true},
	} {
		_, s := newSurface(t, `[
			{"id":"root","component":"Button","child":"t","action":{"functionCall":{"call":"openUrl","args":{"url":`+strings.TrimSpace(jsonString(tt.url))+`}}}},
			{"id":"t","component":"Text","text":"Open"}
		]`, "")
		env := testEnv()
		opened, sent := "", 0
		env.OpenURL = func(u string) bool { opened = u; return true }
		env.OnAction = func(string, engine.Action) { sent++ }
		var errs []*protocol.Error
		env.OnError = func(e *protocol.Error) { errs = append(errs, e) }
		root, _ := buildSurface(s, env)
		btn := find(root, byTag("button"))
		for _, l := range btn.On {
			env.Handlers.Dispatch(l.Handler, dom.Event{Type: "click"}, nil)
		}
		if opened != tt.opened || sent != 0 || (len(errs) > 0) != tt.err {
			t.Errorf("%s: opened %q sent %d errs %v", tt.url, opened, sent, errs)
		}
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestTabsAndModalState(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["tabs","modal"]},
		{"id":"tabs","component":"Tabs","tabs":[{"title":"One","child":"p1"},{"title":"Two","child":"p2"}]},
		{"id":"p1","component":"Text","text":"first"},
		{"id":"p2","component":"Text","text":"second"},
		{"id":"modal","component":"Modal","trigger":"open","content":"body"},
		{"id":"open","component":"Button","child":"open-t","action":{"event":{"name":"opened"}}},
		{"id":"open-t","component":"Text","text":"Open"},
		{"id":"body","component":"Text","text":"inside"}
	]`, "")
	env := testEnv()
	inval := 0
	env.Invalidate = func(string) { inval++ }
	actions := 0
	env.OnAction = func(string, engine.Action) { actions++ }
	root, _ := buildSurface(s, env)
	panel := find(root, byKey("panel"))
	if dom.TextContent(panel) != "first" {
		t.Errorf("panel %q", dom.Outline(panel))
	}
	tab2 := find(root, byKey("tab1"))
	if getAttr(tab2, "role") != "tab" || getAttr(tab2, "aria-selected") != "false" {
		t.Errorf("tab: %s", dom.Outline(tab2))
	}
	fire(t, env, tab2, dom.Event{Type: "click"})
	dlg := find(root, byTag("dialog"))
	if v, _ := prop(dlg, "open"); v != "" || strings.Contains(dom.TextContent(dlg), "inside") {
		t.Error("modal open before click")
	}
	// Clicking the trigger Button opens the modal and still runs the Button's action.
	fire(t, env, find(root, byKey("open")), dom.Event{Type: "click"})
	if actions != 1 {
		t.Errorf("trigger action sent %d times", actions)
	}
	root, _ = buildSurface(s, env)
	if got := dom.TextContent(find(root, byKey("panel"))); got != "second" {
		t.Errorf("selected panel %q", got)
	}
	if getAttr(find(root, byKey("tab1")), "aria-selected") != "true" {
		t.Error("tab 2 not selected")
	}
	dlg = find(root, byTag("dialog"))
	if v, _ := prop(dlg, "open"); v != "true" || !strings.Contains(dom.TextContent(dlg), "inside") {
		t.Errorf("modal not open: %s", dom.Outline(dlg))
	}
	// Escape / close event closes it.
	fire(t, env, dlg, dom.Event{Type: "close"})
	root, _ = buildSurface(s, env)
	dlg = find(root, byTag("dialog"))
	if v, _ := prop(dlg, "open"); v != "" {
		t.Error("modal still open after close")
	}
	if inval != 3 {
		t.Errorf("invalidate called %d times, want 3", inval)
	}
}

func TestMediaURLPolicy(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["bad","good","data","vid"]},
		{"id":"bad","component":"Image","url":"javascript:alert(1)","description":"x"},
		{"id":"good","component":"Image","url":"https://img.example/a.png","description":"A cat","fit":"scaleDown","variant":"avatar"},
		{"id":"data","component":"Image","url":"data:image/png;base64,iVBORw0KGgo="},
		{"id":"vid","component":"Video","url":"data:image/png;base64,AAAA"}
	]`, "")
	root, errs := buildSurface(s, testEnv())
	if n := find(root, byKey("bad")); n.Tag != "span" || !byClass("a2ui-media-blocked")(n) {
		t.Errorf("bad image: %s", dom.Outline(n))
	}
	good := find(root, byKey("good"))
	if good.Tag != "img" || getAttr(good, "src") != "https://img.example/a.png" || getAttr(good, "alt") != "A cat" ||
		getAttr(good, "class") != "a2ui-image a2ui-image-avatar a2ui-fit-scaleDown" {
		t.Errorf("good image: %s", dom.Outline(good))
	}
	if n := find(root, byKey("data")); n.Tag != "img" {
		t.Errorf("data image: %s", dom.Outline(n))
	}
	if n := find(root, byKey("vid")); n.Tag == "video" {
		t.Error("data: video accepted")
	}
	if got := errCodes(errs); !reflect.DeepEqual(got, []string{protocol.CodePolicy, protocol.CodePolicy}) {
		t.Errorf("errors %v", errs)
	}
}

func TestReadsRecorded(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":{"componentId":"t","path":"/rows"}},
		{"id":"t","component":"Text","text":{"path":"label"}}
	]`, `{"rows":[{"label":"a"}]}`)
	env := testEnv()
	env.CollectReads = true
	r := engine.Build(s, env)
	var got []string
	for _, p := range r.Reads {
		got = append(got, p.String())
	}
	sort.Strings(got) // order is not part of the contract
	if !reflect.DeepEqual(got, []string{"/rows", "/rows/0/label"}) {
		t.Errorf("reads %v", got)
	}
}

func TestErrorsReportedOnce(t *testing.T) {
	_, s := newSurface(t, `[{"id":"root","component":"Nope"}]`, "")
	env := testEnv()
	_, e1 := buildSurface(s, env)
	_, e2 := buildSurface(s, env)
	if len(e1) != 1 || len(e2) != 0 {
		t.Errorf("first %v, second %v", e1, e2)
	}
}

// A field's validation message shows once the user has left it (focusout) or changed
// it, not on load.
func TestFieldMessageAfterTouch(t *testing.T) {
	for _, ev := range []string{"focusout", "change"} {
		_, s := newSurface(t, `[
			{"id":"root","component":"Column","children":["name","age"]},
			{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"},
			 "checks":[{"condition":{"call":"required","args":{"value":{"path":"/name"}}},"message":"Name is required"}]},
			{"id":"age","component":"TextField","label":"Age","value":{"path":"/age"},
			 "checks":[{"condition":{"call":"required","args":{"value":{"path":"/age"}}},"message":"Age is required"}]}
		]`, `{"name":"","age":""}`)
		env := testEnv()
		root, _ := buildSurface(s, env)
		if n := len(findAll(root, byClass("a2ui-error"))); n != 0 {
			t.Fatalf("%s: %d messages on load", ev, n)
		}
		fire(t, env, find(find(root, byKey("name")), byTag("input")), dom.Event{Type: ev})
		root, _ = buildSurface(s, env)
		var got []string
		for _, e := range findAll(root, byClass("a2ui-error")) {
			got = append(got, dom.TextContent(e))
		}
		if len(got) != 1 || got[0] != "Name is required" {
			t.Errorf("%s: messages %q, want only the touched field's", ev, got)
		}
	}
}

// v0.8 {path, literal} (decoded from path+literalString) seeds the model once, then binds.
func TestV08PathLiteralSeedsOnce(t *testing.T) {
	p := model.NewProcessor(model.Options{})
	apply(t, p, []json.RawMessage{
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"s","components":[
			{"id":"root","component":{"Column":{"children":{"explicitList":["f","echo"]}}}},
			{"id":"f","component":{"TextField":{"label":{"literalString":"Name"},"text":{"path":"/user/name","literalString":"Guest"}}}},
			{"id":"echo","component":{"Text":{"text":{"path":"/user/name"}}}}]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"s","root":"root"}}`),
	})
	s, _ := p.Surface("s")
	env := testEnv()
	_, errs := buildSurface(s, env)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if v := get(t, s, "/user/name"); v != "Guest" {
		t.Fatalf("seeded %v", v)
	}
	root, _ := buildSurface(s, env)
	if txt := dom.TextContent(find(root, byKey("echo"))); txt != "Guest" {
		t.Errorf("echo %q", txt)
	}
	// A user edit is not overwritten by later builds.
	fire(t, env, find(root, byTag("input")), eventInput("Ada"))
	root, _ = buildSurface(s, env)
	if v := get(t, s, "/user/name"); v != "Ada" {
		t.Errorf("after edit %v", v)
	}
	if txt := dom.TextContent(find(root, byKey("echo"))); txt != "Ada" {
		t.Errorf("echo %q", txt)
	}
}

// A wrong enum literal is one VALIDATION_FAILED at the prop (the engine's catalog.PropSpec check
// and the render function's Enum agree), and the default value renders.
func TestWrongEnumReportedOnce(t *testing.T) {
	_, s := newSurface(t, `[{"id":"root","component":"Text","text":"Hi","variant":"h9"}]`, "")
	root, errs := buildSurface(s, testEnv())
	if len(errs) != 1 || errs[0].Code != protocol.CodeValidationFailed || errs[0].Path != "/components/root/variant" ||
		errs[0].Message != "variant must be one of body, h1, h2, h3, h4, h5, caption" {
		t.Fatalf("errors %v", errs)
	}
	if p := find(root, byClass("a2ui-text-body")); p == nil || p.Tag != "p" {
		t.Errorf("not rendered as body text")
	}
}
