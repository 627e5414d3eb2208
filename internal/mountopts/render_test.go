package mountopts

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/openwop"
	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/render"
)

func mustParse(t *testing.T, doc string) *Options {
	t.Helper()
	o, err := Parse([]byte(doc))
	if err != nil {
		t.Fatalf("Parse(%s): %v", doc, err)
	}
	return o
}

// page catalog declarations: one extending basic and flagged v08Default, one standalone.
const pageCats = `[{"catalogId":"https://page.example/c1","extends":"basic","v08Default":true,
  "functions":{"shout":{"args":{"text":"string"},"returns":"string","key":"f1"}}},
  {"catalogId":"https://page.example/c2"}]`

func catalogIDs(cs []*catalog.Catalog) []string {
	var ids []string
	for _, c := range cs {
		ids = append(ids, c.ID())
	}
	return ids
}

func TestRender(t *testing.T) {
	basicID := basic.Catalog().ID()
	for _, tc := range []struct {
		name, doc string
		check     func(o render.Options) string
	}{
		{"defaults", `{}`, func(o render.Options) string {
			if o.Policy == nil || o.Policy.Profile != "default" || o.TrustedClicksOnly || o.ActionURL != "" ||
				o.ExtraFunctions != nil || o.Catalogs != nil || o.Catalog != nil || o.Messages.Dir() != "ltr" {
				return "not the default renderer"
			}
			if _, ok := o.Profile.(openwop.Unadvertised); !ok {
				return "profile is not openwop.Unadvertised"
			}
			return ""
		}},
		{"plain options", `{"actionURL":"/act","inlineCatalogs":true,"actionTimeout":1200,"renderBudget":30,
			"baseURL":"https://page.example/","dir":"rtl","messages":"{\"retry\":\"Encore\"}"}`, func(o render.Options) string {
			if o.ActionURL != "/act" || !o.InlineCatalogs || o.ActionTimeout != 1200*time.Millisecond ||
				o.RenderBudget != 30*time.Millisecond || o.BaseURL != "https://page.example/" {
				return "options not carried over"
			}
			if o.Messages.Dir() != "rtl" || o.Messages.Get("retry") != "Encore" {
				return "messages: dir " + o.Messages.Dir() + ", retry " + o.Messages.Get("retry")
			}
			return ""
		}},
		{"strict profile turns trusted clicks on", `{"profile":"strict"}`, func(o render.Options) string {
			if o.Policy.Profile != "strict" || !o.TrustedClicksOnly || o.Policy.HeadingBase != 3 {
				return "not the strict policy"
			}
			return ""
		}},
		{"policy overrides and mount limits", `{"policy":"{\"headingBase\":2,\"limits\":{\"maxLine\":4096,\"maxDepth\":9}}","limits":"{\"maxLine\":100}"}`,
			func(o render.Options) string {
				if l := o.Policy.Limits; o.Policy.HeadingBase != 2 || l.MaxLine != 100 || l.MaxDepth != 9 {
					return "limits not merged over the policy's"
				}
				return ""
			}},
		{"function sets", `{"functions":"web_core"}`, func(o render.Options) string {
			if !o.ExtraFunctions.Has("add") {
				return "web_core's add missing"
			}
			return ""
		}},
		{"openwop profile", `{"profile":"openwop","actionURL":"/act","openwop":{"targets":["resume"]}}`, func(o render.Options) string {
			if _, ok := o.Profile.(*openwop.Profile); !ok || o.Catalog == nil || o.Catalogs != nil {
				return "the OpenWOP profile is not installed"
			}
			if o.Policy.Profile != "strict" || o.ActionURL != "" {
				return "openwop: not on the strict policy, or actions POSTed"
			}
			return ""
		}},
		{"page catalogs after basic, v08Default", `{"catalogs":` + quote(pageCats) + `}`, func(o render.Options) string {
			if got := strings.Join(catalogIDs(o.Catalogs), " "); got != basicID+" https://page.example/c1 https://page.example/c2" {
				return "catalogs " + got
			}
			if o.DefaultCatalog != "https://page.example/c1" {
				return "default catalog " + o.DefaultCatalog
			}
			return ""
		}},
		{"defaultCatalog wins over v08Default", `{"catalogs":` + pageCats + `,"defaultCatalog":"https://page.example/c2"}`, func(o render.Options) string {
			if o.DefaultCatalog != "https://page.example/c2" {
				return "default catalog " + o.DefaultCatalog
			}
			return ""
		}},
		{"empty catalogs", `{"catalogs":"[]","defaultCatalog":"x"}`, func(o render.Options) string {
			if o.Catalogs != nil || o.DefaultCatalog != "x" {
				return "catalogs added"
			}
			return ""
		}},
	} {
		o, err := mustParse(t, tc.doc).Render(Host{})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if msg := tc.check(o); msg != "" {
			t.Errorf("%s: %s", tc.name, msg)
		}
	}
}

// The action URL is used only where actions are POSTed.
func TestActionURLPerTransport(t *testing.T) {
	for _, tc := range []struct {
		transport, profile string
		posts              bool
	}{
		{"", "", true}, {"jsonl", "", true}, {"sse", "strict", true},
		{"a2a", "", false}, {"agui", "", false}, {"mcp", "", false}, {"", "openwop", false},
	} {
		o := &Options{ActionURL: "/act", Transport: tc.transport, Profile: tc.profile}
		ro, err := o.Render(Host{})
		if err != nil {
			t.Fatal(err)
		}
		if o.PostsActions() != tc.posts || (ro.ActionURL == "/act") != tc.posts {
			t.Errorf("transport %q profile %q: PostsActions %v, ActionURL %q; want posts %v",
				tc.transport, tc.profile, o.PostsActions(), ro.ActionURL, tc.posts)
		}
	}
}

// The host's Go catalogs go after basic and before the page's.
func TestRenderHostCatalogs(t *testing.T) {
	goCat := basic.Catalog().Extend([]string{"https://go.example/cat"})
	o := mustParse(t, `{"catalogs":`+pageCats+`}`)
	ro, err := o.Render(Host{Catalogs: []*catalog.Catalog{goCat}})
	if err != nil {
		t.Fatal(err)
	}
	want := basic.Catalog().ID() + " https://go.example/cat https://page.example/c1 https://page.example/c2"
	if got := strings.Join(catalogIDs(ro.Catalogs), " "); got != want {
		t.Errorf("catalogs %s, want %s", got, want)
	}
}

// What Render refuses, in order: the policy (and the mount's limits), the function
// sets, then the page's catalogs.
func TestRenderRefuses(t *testing.T) {
	for _, tc := range []struct{ doc, code, msg string }{
		{`{"policy":"{\"headingBase\":9}"}`, "POLICY_INVALID", "invalid policy at /headingBase"},
		{`{"policy":5}`, "POLICY_INVALID", "invalid policy"},
		{`{"profile":"lenient"}`, "POLICY_INVALID", "lenient"},
		{`{"profile":"openwop","policy":{"profile":"default"}}`, "POLICY_INVALID", "/profile"},
		{`{"limits":{"maxNothing":1}}`, "POLICY_INVALID", "maxNothing"},
		{`{"limits":"{\"maxLine\":0}"}`, "POLICY_INVALID", "maxLine"},
		{`{"functions":"web_core nope"}`, "POLICY_INVALID", `unknown function set "nope"`},
		{`{"functions":"nope","policy":"{\"headingBase\":9}"}`, "POLICY_INVALID", "invalid policy"},
		{`{"catalogs":"[{\"catalogId\":\"\"}]"}`, "VALIDATION_FAILED", "catalog"},
		{`{"catalogs":"{}"}`, "VALIDATION_FAILED", "catalogs must be an array"},
		{`{"catalogs":"{}","functions":"nope"}`, "POLICY_INVALID", "nope"},
	} {
		_, err := mustParse(t, tc.doc).Render(Host{})
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code || !strings.Contains(e.Message, tc.msg) {
			t.Errorf("Render(%s) = %v, want %s containing %q", tc.doc, err, tc.code, tc.msg)
		}
	}
}

// A page catalog's function runs through Host.Call: its key, its arguments as JSON, and
// the page's {"v"} or {"error"} answer.
func TestPageFunctionCall(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		callErr      error
		want, err    string
	}{
		{"value", `{"v":"HI"}`, nil, "HI", ""},
		{"error", `{"error":"boom"}`, nil, "", "boom"},
		{"not JSON", `{v:1}`, nil, "", "result is not JSON"},
		{"call failed", ``, errors.New("hook threw"), "", "hook threw"},
	} {
		var gotKey, gotArgs string
		call := func(key, args string) (string, error) {
			gotKey, gotArgs = key, args
			return tc.answer, tc.callErr
		}
		cats, _, err := PageCatalogs([]byte(pageCats), call)
		if err != nil {
			t.Fatal(err)
		}
		fn, ok := cats[0].Functions().Func("shout")
		if !ok {
			t.Fatal("shout not registered")
		}
		v, err := fn(&binding.Context{Name: "shout"}, map[string]any{"text": "hi"})
		if gotKey != "f1" || gotArgs != `{"text":"hi"}` {
			t.Errorf("%s: call(%q, %s), want call(\"f1\", {\"text\":\"hi\"})", tc.name, gotKey, gotArgs)
		}
		if tc.err == "" && (err != nil || v != tc.want) {
			t.Errorf("%s: %v, %v; want %q", tc.name, v, err, tc.want)
		}
		if tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
	}
	// Without a Call, a page function fails instead of running nothing silently.
	cats, _, _ := PageCatalogs([]byte(pageCats), nil)
	fn, _ := cats[0].Functions().Func("shout")
	if _, err := fn(&binding.Context{Name: "shout"}, map[string]any{"text": "hi"}); err == nil || !strings.Contains(err.Error(), "no page functions") {
		t.Errorf("without Call: %v", err)
	}
}

func quote(s string) string { return string(protocol.AppendJSON(nil, s)) }
