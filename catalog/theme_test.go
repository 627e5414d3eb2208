package catalog

import (
	"encoding/json"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/model"
)

// primary is the declarations the theme's primary colour c produces.
func primary(c string) string {
	dark := "color-mix(in oklab, " + c + " 45%, white)"
	on := func(bg string) string { return "oklch(from " + bg + " clamp(0, (0.66 - l) * 1000, 1) 0 0)" }
	return "--a2ui-primary-color: " + c + "; --a2ui-primary-color-dark: " + dark +
		"; --a2ui-on-primary-color: light-dark(" + on(c) + ", " + on(dark) + ")"
}

func TestThemeStyle(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"primaryColor":"#336699"}`, primary("#336699")},
		{`{"primaryColor":"#abc","font":"Roboto, 'Open Sans', sans-serif"}`, primary("#abc") + "; --a2ui-font: Roboto, 'Open Sans', sans-serif"},
		{`{"primaryColor":"rgb(10, 20, 30)"}`, primary("rgb(10, 20, 30)")},
		{`{"primaryColor":"hsl(120deg 50% 50% / 0.5)"}`, primary("hsl(120deg 50% 50% / 0.5)")},
		{`{"primaryColor":"RebeccaPurple"}`, primary("RebeccaPurple")},
		{`{"primaryColor":"#11223344","agentDisplayName":"Bot","iconUrl":"https://x/y.png"}`, primary("#11223344")},
		{`{"primaryColor":"red;}*{background:url(https://t/x)}"}`, ""},
		{`{"primaryColor":"rgb(1,2,3);x"}`, ""},
		{`{"primaryColor":"var(--x)"}`, ""},
		{`{"primaryColor":"#12345"}`, ""},
		{`{"primaryColor":123}`, ""},
		{`{"primaryColor":"invalid-color"}`, ""},
		{`{"font":"x;}</style><script>"}`, ""},
		{`{"font":"'unbalanced"}`, ""},
		{`{"font":"url(https://t/f.woff)"}`, ""},
		{`[1]`, ""},
		{``, ""},
	}
	for _, tt := range tests {
		if got := ThemeStyle(json.RawMessage(tt.in)); got != tt.want {
			t.Errorf("ThemeStyle(%s) = %q, want %q", tt.in, got, tt.want)
		}
	}
	_, errs := ParseTheme(json.RawMessage(`{"primaryColor":"red;}","font":"ok"}`))
	if len(errs) != 1 || errs[0].Path != "/theme/primaryColor" {
		t.Errorf("errors %v", errs)
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
	env := &Env{Functions: binding.BasicFunctions()}
	_, errs := Build(s, env)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if v := get(t, s, "/user/name"); v != "Guest" {
		t.Fatalf("seeded %v", v)
	}
	root, _ := Build(s, env)
	if txt := dom.TextContent(find(root, byKey("echo"))); txt != "Guest" {
		t.Errorf("echo %q", txt)
	}
	// A user edit is not overwritten by later builds.
	fire(t, env, find(root, byTag("input")), eventInput("Ada"))
	root, _ = Build(s, env)
	if v := get(t, s, "/user/name"); v != "Ada" {
		t.Errorf("after edit %v", v)
	}
	if txt := dom.TextContent(find(root, byKey("echo"))); txt != "Ada" {
		t.Errorf("echo %q", txt)
	}
}
