package basic

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

func mustPolicy(t *testing.T, profile, js string) *policy.Policy {
	t.Helper()
	p, err := policy.Resolve(profile, []byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func policyEnv(p *policy.Policy, base string) *engine.Env {
	env := testEnv()
	env.Policy = p
	env.BaseURL = engine.ParseBaseURL(base)
	return env
}

// TestURLAllowlistsPerKind: each media prop is judged by its kind's allowlist, relative
// URLs resolve against the surface's stream URL first.
func TestURLAllowlistsPerKind(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["img","rel","proto","vid","aud","txt"]},
		{"id":"img","component":"Image","url":"https://cdn.example/a.png"},
		{"id":"rel","component":"Image","url":"/static/x.png"},
		{"id":"proto","component":"Image","url":"//evil.example/x.png"},
		{"id":"vid","component":"Video","url":"https://cdn.example/v.mp4","posterUrl":"https://cdn.example/p.png"},
		{"id":"aud","component":"AudioPlayer","url":"https://media.example/a.mp3"},
		{"id":"txt","component":"Text","text":"[docs](https://docs.example/a) [home](/home) [x](https://evil.example/)"}
	]`, "")
	const stream = "https://agent.example/a2ui/stream"
	for _, tt := range []struct {
		name, profile, policy string
		want                  map[string]string // key → src, or "" for blocked
		links                 []string
		denied                int
	}{
		{"default", "", "", map[string]string{
			"img": "https://cdn.example/a.png", "rel": "https://agent.example/static/x.png",
			"proto": "https://evil.example/x.png", "vid": "https://cdn.example/v.mp4", "aud": "https://media.example/a.mp3"},
			[]string{"https://docs.example/a", "https://agent.example/home", "https://evil.example/"}, 0},
		{"strict", "strict", "", map[string]string{"img": "", "rel": "", "proto": "", "vid": "", "aud": ""}, nil, 8},
		{"strict with lists", "strict", `{"urls":{"images":["cdn.example","self"],"media":["media.example"],"links":["docs.example"]}}`,
			map[string]string{"img": "https://cdn.example/a.png", "rel": "https://agent.example/static/x.png", "proto": "",
				"vid": "", "aud": "https://media.example/a.mp3"},
			[]string{"https://docs.example/a"}, 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, errs := buildSurface(s, policyEnv(mustPolicy(t, tt.profile, tt.policy), stream))
			for key, want := range tt.want {
				n := find(root, byKey(key))
				src := ""
				if m := find(n, func(n *dom.Node) bool { return getAttr(n, "src") != "" }); m != nil {
					src = getAttr(m, "src")
				}
				if src != want {
					t.Errorf("%s: src %q, want %q (%s)", key, src, want, dom.Outline(n))
				}
			}
			var links []string
			var walk func(n *dom.Node)
			walk = func(n *dom.Node) {
				if n.Tag == "a" {
					links = append(links, getAttr(n, "href"))
				}
				for _, c := range n.Children {
					walk(c)
				}
			}
			walk(find(root, byKey("txt")))
			if !reflect.DeepEqual(links, tt.links) {
				t.Errorf("links %v, want %v", links, tt.links)
			}
			if got := strings.Count(strings.Join(errCodes(errs), " "), protocol.CodePolicy); got != tt.denied {
				t.Errorf("%d POLICY_DENIED, want %d: %v", got, tt.denied, errs)
			}
			if txt := dom.TextContent(find(root, byKey("txt"))); !strings.Contains(txt, "docs") || !strings.Contains(txt, "home") {
				t.Errorf("refused links lost their text: %q", txt)
			}
		})
	}
}

// TestHeadingBase: agent headings start below the page's level.
func TestHeadingBase(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["md","v1","v5"]},
		{"id":"md","component":"Text","text":"# Title\n\n### Sub\n\n###### Deep"},
		{"id":"v1","component":"Text","text":"Variant","variant":"h1"},
		{"id":"v5","component":"Text","text":"Small","variant":"h5"}
	]`, "")
	for _, tt := range []struct {
		base int
		want string
	}{
		{0, `<h1>Title</h1><h3>Sub</h3><h6>Deep</h6>|<h1 class="a2ui-text a2ui-text-h1" part="text">Variant</h1>|<h5 class="a2ui-text a2ui-text-h5" part="text">Small</h5>`},
		{2, `<h3>Title</h3><h5>Sub</h5><h6 aria-level="8">Deep</h6>|<h3 class="a2ui-text a2ui-text-h1" part="text">Variant</h3>|<h6 aria-level="7" class="a2ui-text a2ui-text-h5" part="text">Small</h6>`},
	} {
		p := policy.Default()
		p.HeadingBase = tt.base
		root, _ := buildSurface(s, policyEnv(p, ""))
		var parts []string
		for _, k := range []string{"md", "v1", "v5"} {
			n := find(root, byKey(k))
			if k == "md" {
				var b strings.Builder
				for _, c := range n.Children {
					b.WriteString(strings.TrimSpace(dom.Outline(c)))
				}
				parts = append(parts, b.String())
				continue
			}
			c := *n
			c.Key = ""
			parts = append(parts, strings.TrimSpace(dom.Outline(&c)))
		}
		if got := strings.Join(parts, "|"); got != tt.want {
			t.Errorf("base %d:\n got %s\nwant %s", tt.base, got, tt.want)
		}
	}
}

// TestBidiAndInvisibleNeutralised: labels, Markdown text and link text lose bidi
// controls and invisible characters; user values keep theirs.
func TestBidiAndInvisibleNeutralised(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["btn","tf","cb","txt"]},
		{"id":"btn","component":"Button","child":"bl","action":{"event":{"name":"go"}}},
		{"id":"bl","component":"Text","text":"Pay \u202eexe.txt"},
		{"id":"tf","component":"TextField","label":"Na\u200bme","placeholder":"\u2066x\u2069","value":{"path":"/v"}},
		{"id":"cb","component":"CheckBox","label":"I\u200d agree","value":true},
		{"id":"txt","component":"Text","text":"See [pay\u200bpal.com](https://evil.example/) and *\u202ebold*"}
	]`, `{"v":"keep\u200bme"}`)
	root, _ := buildSurface(s, testEnv())
	html := dom.Outline(root)
	for _, bad := range []string{"\u202e", "\u200b", "\u2066", "\u2069", "\u200d"} {
		if i := strings.Index(html, bad); i >= 0 && !strings.Contains(html[max(0, i-20):i+10], "keep") {
			t.Errorf("%U survives: %s", []rune(bad)[0], html)
		}
	}
	for _, want := range []string{"Pay exe.txt", "Name", `placeholder="x"`, "I agree", ">paypal.com</a>"} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %q in %s", want, html)
		}
	}
	if v, _ := prop(find(root, byTag("input")), "value"); v != "keep\u200bme" {
		t.Errorf("user value changed: %q", v)
	}
}

// TestLinkHostDisclosure: a link whose text names another host than its destination
// shows the real host (ASCII) after it.
func TestLinkHostDisclosure(t *testing.T) {
	for _, tt := range []struct{ md, note string }{
		{"[paypal.com](https://evil.example/login)", "evil.example"},
		{"[https://www.bank.example/login](https://bank.example.evil.example/)", "bank.example.evil.example"},
		{"[pay\u200bpal.com](https://evil.example/)", "evil.example"},
		{"[Open pаypal.com now](https://paypal.com/)", "paypal.com"}, // Cyrillic а in the text
		{"[docs](https://xn--80ak6aa92e.com/)", "xn--80ak6aa92e.com"},
		{"[click](https://аpple.com/)", "xn--pple-43d.com"},
		{"<https://evil.example/paypal.com>", ""},
		{"[paypal.com](https://paypal.com/x)", ""},
		{"[paypal.com](https://www.paypal.com/x)", ""},
		{"[www.paypal.com](https://paypal.com/x)", ""},
		{"[Read the docs](https://docs.example/)", ""},
		{"[v1.2 notes](https://docs.example/)", ""},
	} {
		_, s := newSurface(t, `[{"id":"root","component":"Text","text":`+jsonString(tt.md)+`}]`, "")
		root, _ := buildSurface(s, testEnv())
		note := find(root, byClass("a2ui-link-host"))
		got := ""
		if note != nil {
			got = strings.Trim(dom.TextContent(note), " ()")
		}
		if got != tt.note {
			t.Errorf("%s: note %q, want %q (%s)", tt.md, got, tt.note, dom.Outline(root))
		}
	}
}

// TestActionNamesAllowlist: a Button whose action the policy does not allow is disabled
// and reported, and a click sends nothing.
func TestActionNamesAllowlist(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Row","children":["ok","pay"]},
		{"id":"ok","component":"Button","child":"t1","action":{"event":{"name":"submit"}}},
		{"id":"pay","component":"Button","child":"t2","action":{"event":{"name":"pay"}}},
		{"id":"t1","component":"Text","text":"OK"},{"id":"t2","component":"Text","text":"Pay"}
	]`, "")
	env := policyEnv(mustPolicy(t, "", `{"actions":{"allow":["submit"]}}`), "")
	var sent []string
	env.OnAction = func(_ string, a engine.Action) { sent = append(sent, a.Name) }
	var refused []*protocol.Error
	env.OnError = func(e *protocol.Error) { refused = append(refused, e) }
	root, errs := buildSurface(s, env)
	pay := find(root, byKey("pay"))
	if !hasAttr(pay, "disabled") || hasAttr(find(root, byKey("ok")), "disabled") {
		t.Errorf("disabled state: %s", dom.Outline(root))
	}
	if !reflect.DeepEqual(errCodes(errs), []string{protocol.CodePolicy}) {
		t.Errorf("build errors %v", errs)
	}
	fire(t, env, find(root, byKey("ok")), dom.Event{Type: "click"})
	env.Handlers.Dispatch(pay.On[0].Handler, dom.Event{Type: "click"}, nil)
	if !reflect.DeepEqual(sent, []string{"submit"}) || len(refused) != 1 || refused[0].Code != protocol.CodePolicy {
		t.Errorf("sent %v, refused %v", sent, refused)
	}
}

// TestOpenURLPolicy: a Button's openUrl needs the Link allowlist, a mode other than
// never, and the host's gesture check.
func TestOpenURLPolicy(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Button","child":"t","action":{"functionCall":{"call":"openUrl","args":{"url":{"path":"/u"}}}}},
		{"id":"t","component":"Text","text":"Open"}
	]`, `{"u":"/help"}`)
	for _, tt := range []struct {
		name, profile, policy string
		gesture               bool
		opened, err           string
	}{
		{"relative, within a gesture", "", "", true, "https://agent.example/help", ""},
		{"no gesture", "", "", false, "", "no user gesture"},
		{"never", "", `{"openUrl":"never"}`, true, "", "never opens"},
		{"strict: not listed", "strict", "", true, "", "not on the links allowlist"},
		{"strict: self listed", "strict", `{"urls":{"links":["self"]}}`, true, "https://agent.example/help", ""},
	} {
		env := policyEnv(mustPolicy(t, tt.profile, tt.policy), "https://agent.example/stream")
		opened := ""
		env.OpenURL = func(u string) bool {
			if tt.gesture {
				opened = u
			}
			return tt.gesture
		}
		var errs []string
		env.OnError = func(e *protocol.Error) { errs = append(errs, e.Code+": "+e.Message) }
		root, _ := buildSurface(s, env)
		env.Handlers.Dispatch(find(root, byTag("button")).On[0].Handler, dom.Event{Type: "click"}, nil)
		if opened != tt.opened || (tt.err == "") != (len(errs) == 0) || tt.err != "" && !strings.Contains(errs[0], tt.err) {
			t.Errorf("%s: opened %q, errors %v", tt.name, opened, errs)
		}
	}
}

// TestObscuredFieldContext: an obscured field's value leaves only through a context
// entry bound to its path; whole-model contexts are refused in strict.
func TestObscuredFieldContext(t *testing.T) {
	comps := func(ctx string) string {
		return `[
		{"id":"root","component":"Column","children":["pin","user","btn","rows"]},
		{"id":"pin","component":"TextField","label":"PIN","variant":"obscured","value":{"path":"/form/pin"}},
		{"id":"user","component":"TextField","label":"User","value":{"path":"/form/user"}},
		{"id":"rows","component":"List","children":{"componentId":"rowpin","path":"/rows"}},
		{"id":"rowpin","component":"TextField","label":"Row PIN","variant":"obscured","value":{"path":"secret"}},
		{"id":"btn","component":"Button","child":"bt","action":{"event":{"name":"login","context":` + ctx + `}}},
		{"id":"bt","component":"Text","text":"Log in"}]`
	}
	data := `{"form":{"pin":"1234","user":"ada"},"rows":[{"secret":"r0","name":"a"}]}`
	for _, tt := range []struct {
		name, profile, ctx, want string
		errs                     int
	}{
		{"explicit path", "", `{"pin":{"path":"/form/pin"},"user":{"path":"/form/user"}}`, `{"pin":"1234","user":"ada"}`, 0},
		{"ancestor path", "", `{"form":{"path":"/form"}}`, `{"form":{"user":"ada"}}`, 0},
		{"whole model, default", "", `{"all":{"path":"/"}}`, `{"all":{"form":{"user":"ada"},"rows":[{"name":"a"}]}}`, 0},
		{"template row path", "", `{"row":{"path":"/rows/0/secret"}}`, `{"row":"r0"}`, 0},
		{"computed from a secret", "", `{"msg":{"call":"formatString","args":{"value":"pin=${/form/pin}"}},"user":{"path":"/form/user"}}`, `{"msg":null,"user":"ada"}`, 1},
		{"whole model, strict", "strict", `{"all":{"path":"/"}}`, ``, 1},
		{"whole model through a function, strict", "strict", `{"all":{"call":"formatString","args":{"value":"${/}"}}}`, ``, 1},
		{"a field through a function, strict", "strict", `{"u":{"call":"formatString","args":{"value":"${/form/user}"}}}`, `{"u":"ada"}`, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, s := newSurface(t, comps(tt.ctx), data)
			env := policyEnv(mustPolicy(t, tt.profile, ""), "")
			var sent []string
			env.OnAction = func(_ string, a engine.Action) {
				b, _ := json.Marshal(a.Context)
				sent = append(sent, string(b))
			}
			var errs []*protocol.Error
			env.OnError = func(e *protocol.Error) { errs = append(errs, e) }
			root, _ := buildSurface(s, env)
			env.Handlers.Dispatch(find(root, byTag("button")).On[0].Handler, dom.Event{Type: "click"}, nil)
			want := []string{tt.want}
			if tt.want == "" {
				want = nil
			}
			if !reflect.DeepEqual(sent, want) {
				t.Errorf("sent %v, want %v", sent, want)
			}
			if len(errs) != tt.errs || tt.errs > 0 && errs[0].Code != protocol.CodePolicy {
				t.Errorf("errors %v", errs)
			}
			// The model itself is untouched by the redaction.
			if get(t, s, "/form/pin") != "1234" || get(t, s, "/rows/0/secret") != "r0" {
				t.Error("model modified")
			}
		})
	}
}
