package policy

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestResolve(t *testing.T) {
	for _, tt := range []struct {
		name, profile, json string
		check               func(*Policy) bool
	}{
		{"empty is default", "", "", func(p *Policy) bool {
			return p.Profile == "default" && p.Images.Any && p.Media.Any && p.Links.Any && p.WholeModelContext && !p.TrustedClicksOnly && p.OpenURL == OpenURLGesture
		}},
		{"strict profile", "strict", "", func(p *Policy) bool {
			return p.Profile == "strict" && !p.Images.Any && !p.Links.Any && !p.WholeModelContext && p.TrustedClicksOnly && p.HeadingBase == 3
		}},
		{"profile inside the JSON", "", `{"profile":"strict"}`, func(p *Policy) bool { return p.Profile == "strict" }},
		{"same profile twice", "strict", `{"profile":"strict"}`, func(p *Policy) bool { return p.Profile == "strict" }},
		{"overrides", "strict", `{"urls":{"images":["cdn.example","self","*.media.example","http://127.0.0.1:8080"]},
			"components":{"deny":["Video"]},"functions":{"allow":["formatString"]},"actions":{"allow":["submit"]},
			"openUrl":"never","wholeModelContext":true,"trustedClicksOnly":false,"headingBase":2,
			"limits":{"maxComponents":100,"maxLine":4096,"maxDepth":10}}`, func(p *Policy) bool {
			return reflect.DeepEqual(p.Images.List(), []string{"self", "cdn.example", "*.media.example", "http://127.0.0.1:8080"}) &&
				!p.Links.Any && len(p.Links.Entries) == 0 &&
				!p.AllowComponent("Video") && p.AllowComponent("Text") &&
				p.AllowFunction("formatString") && !p.AllowFunction("openUrl") &&
				p.AllowAction("submit") && !p.AllowAction("pay") &&
				p.OpenURL == OpenURLNever && p.WholeModelContext && !p.TrustedClicksOnly && p.HeadingBase == 2 &&
				p.Limits == Limits{MaxComponents: 100, MaxLine: 4096, MaxDepth: 10}
		}},
		{"IDN host to Punycode", "", `{"urls":{"links":["bücher.example"]}}`, func(p *Policy) bool {
			return reflect.DeepEqual(p.Links.List(), []string{"xn--bcher-kva.example"})
		}},
		{"default port dropped", "", `{"urls":{"links":["https://a.example:443","b.example:8443"]}}`, func(p *Policy) bool {
			return reflect.DeepEqual(p.Links.List(), []string{"https://a.example", "b.example:8443"})
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Resolve(tt.profile, []byte(tt.json))
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(p) {
				t.Errorf("policy %+v", p)
			}
		})
	}
}

// TestResolveFailsClosed: every mistake is an error naming where it is; no partial policy.
func TestResolveFailsClosed(t *testing.T) {
	for _, tt := range []struct{ profile, json, path, msg string }{
		{"paranoid", "", "/profile", "unknown profile"},
		{"", `{"profile":"nope"}`, "/profile", "unknown profile"},
		{"strict", `{"profile":"default"}`, "/profile", "the profile option names"},
		{"", `[]`, "", "must be a JSON object"},
		{"", `{"urls":`, "", "must be a JSON object"},
		{"", `{"Urls":{}}`, "/Urls", "unknown member"},
		{"", `{"urls":{"images":["a.example"]},"urls":{}}`, "/urls", "duplicate member"},
		{"", `{"urls":{"pictures":[]}}`, "/urls/pictures", "unknown URL kind"},
		{"", `{"urls":{"images":"cdn.example"}}`, "/urls/images", "array of strings"},
		{"", `{"urls":{"images":[1]}}`, "/urls/images/0", "must be a string"},
		{"", `{"urls":{"images":["javascript:alert(1)"]}}`, "/urls/images", "bad host"},
		{"", `{"urls":{"images":["ftp://cdn.example"]}}`, "/urls/images", "http:// or https://"},
		{"", `{"urls":{"images":["https://cdn.example/path"]}}`, "/urls/images", "no credentials, path"},
		{"", `{"urls":{"images":["https://u@cdn.example"]}}`, "/urls/images", "no credentials, path"},
		{"", `{"urls":{"images":["cdn.example:99999"]}}`, "/urls/images", "port"},
		{"", `{"urls":{"images":["cdn\u202e.example"]}}`, "/urls/images", "invisible"},
		{"", `{"urls":{"images":["a..b"]}}`, "/urls/images", "not a host name"},
		{"", `{"urls":{"images":["https://*.cdn.example"]}}`, "/urls/images", "wildcards"},
		{"", `{"components":{"only":["Text"]}}`, "/components/only", "unknown member"},
		{"", `{"actions":{"allow":"submit"}}`, "/actions/allow", "array of strings"},
		{"", `{"openUrl":"always"}`, "/openUrl", "gesture"},
		{"", `{"wholeModelContext":"yes"}`, "/wholeModelContext", "true or false"},
		{"", `{"headingBase":6}`, "/headingBase", "integer from 0 to 5"},
		{"", `{"headingBase":1.5}`, "/headingBase", "integer"},
		{"", `{"limits":{"maxComponents":0}}`, "/limits/maxComponents", "integer from 1"},
		{"", `{"limits":{"maxWidgets":3}}`, "/limits/maxWidgets", "unknown limit"},
	} {
		p, err := Resolve(tt.profile, []byte(tt.json))
		var pe *Error
		if !errors.As(err, &pe) || p != nil {
			t.Errorf("Resolve(%q, %s) = %v, %v; want an *Error", tt.profile, tt.json, p, err)
			continue
		}
		if pe.Path != tt.path || !strings.Contains(pe.Message, tt.msg) {
			t.Errorf("Resolve(%q, %s): error %q at %q, want %q at %q", tt.profile, tt.json, pe.Message, pe.Path, tt.msg, tt.path)
		}
	}
}

func TestCheckURL(t *testing.T) {
	def := Default()
	strict, _ := Profile("strict")
	listed, err := Resolve("strict", []byte(`{"urls":{"images":["cdn.example","*.img.example","self"],"media":["http://127.0.0.1:8080"],"links":["*"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	httpsStream := mustURL(t, "https://agent.example/a2ui/stream")
	httpStream := mustURL(t, "http://127.0.0.1:8080/stream")
	for _, tt := range []struct {
		name string
		p    *Policy
		k    Kind
		raw  string
		base *url.URL
		want string // "" = refused
	}{
		{"default: any https", def, Image, "https://tracker.example/p.gif", nil, "https://tracker.example/p.gif"},
		{"default: http as well", def, Link, "http://a.example/x", nil, "http://a.example/x"},
		{"default: relative resolves against the stream", def, Image, "/static/x.png", httpsStream, "https://agent.example/static/x.png"},
		{"default: path-relative", def, Image, "img/x.png", httpsStream, "https://agent.example/a2ui/img/x.png"},
		{"default: protocol-relative takes the stream's scheme", def, Image, "//evil.example/x", httpsStream, "https://evil.example/x"},
		{"default: relative without a stream URL", def, Image, "/static/x.png", nil, ""},
		{"default: script scheme", def, Link, "JaVaScRiPt:alert(1)", httpsStream, ""},
		{"default: data image", def, Image, "data:image/png;base64,iVBORw0KGgo=", nil, "data:image/png;base64,iVBORw0KGgo="},
		{"default: data svg", def, Image, "data:image/svg+xml;base64,PHN2Zz4=", nil, ""},
		{"default: data as media", def, Media, "data:image/png;base64,AAAA", nil, ""},
		{"default: userinfo", def, Image, "https://cdn.example@evil.example/x", nil, ""},
		{"default: backslash", def, Image, "https://cdn.example\\@evil.example/", nil, ""},
		{"default: bidi control", def, Link, "https://a.example/\u202etxt.exe", nil, ""},
		{"default: tab", def, Link, "java\tscript:alert(1)", nil, ""},
		{"strict: nothing remote", strict, Image, "https://cdn.example/a.png", nil, ""},
		{"strict: not even the stream's origin", strict, Image, "/static/x.png", httpsStream, ""},
		{"strict: data image loads nothing", strict, Image, "data:image/gif;base64,R0lGOD==", nil, "data:image/gif;base64,R0lGOD=="},
		{"listed host", listed, Image, "https://CDN.example/a.png", nil, "https://CDN.example/a.png"},
		{"listed host needs https", listed, Image, "http://cdn.example/a.png", nil, ""},
		{"listed host, other port", listed, Image, "https://cdn.example:8443/a.png", nil, ""},
		{"listed host, explicit default port", listed, Image, "https://cdn.example:443/a.png", nil, "https://cdn.example:443/a.png"},
		{"listed host is not a suffix match", listed, Image, "https://evilcdn.example/a.png", nil, ""},
		{"wildcard subdomain", listed, Image, "https://a.b.img.example/x", nil, "https://a.b.img.example/x"},
		{"wildcard excludes the apex", listed, Image, "https://img.example/x", nil, ""},
		{"self: same origin", listed, Image, "/static/x.png", httpsStream, "https://agent.example/static/x.png"},
		{"self: protocol-relative elsewhere", listed, Image, "//evil.example/x", httpsStream, ""},
		{"self: other origin", listed, Image, "https://other.example/x", httpsStream, ""},
		{"lists are per kind", listed, Media, "https://cdn.example/a.mp4", nil, ""},
		{"origin entry", listed, Media, "http://127.0.0.1:8080/a.mp3", nil, "http://127.0.0.1:8080/a.mp3"},
		{"origin entry, relative", listed, Media, "/a.mp3", httpStream, "http://127.0.0.1:8080/a.mp3"},
		{"origin entry, other port", listed, Media, "http://127.0.0.1:8081/a.mp3", nil, ""},
		{"origin entry, other scheme", listed, Media, "https://127.0.0.1:8080/a.mp3", nil, ""},
		{"IDN homograph of a listed host", listed, Image, "https://сdn.example/a.png", nil, ""},
	} {
		got, err := tt.p.CheckURL(tt.k, tt.raw, tt.base)
		if got != tt.want || (err == nil) != (tt.want != "") {
			t.Errorf("%s: CheckURL(%v, %q) = %q, %v; want %q", tt.name, tt.k, tt.raw, got, err, tt.want)
		}
	}
}

func TestPunycode(t *testing.T) {
	for in, want := range map[string]string{
		"bücher.example":   "xn--bcher-kva.example",
		"MÜNCHEN.de":       "xn--mnchen-3ya.de",
		"пример.испытание": "xn--e1afmkfd.xn--80akhbyknj4f",
		"例え.テスト":           "xn--r8jz45g.xn--zckzah",
		"plain.example":    "plain.example",
	} {
		if got, ok := asciiHost(in); !ok || got != want {
			t.Errorf("asciiHost(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestCleanText(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                          "plain",
		"Pay \u202efdp.exe":              "Pay fdp.exe",
		"a\u200bb\u200cc\u200dd\ufeffe":  "abcde",
		"\u2066isolate\u2069 \u2060word": "isolate word",
		"soft\u00adhyphen":               "softhyphen",
		"tag\U000E0041\U000E007Fs":       "tags",
		"שלום עולם":                      "שלום עולם",
		"café ✓":                         "café ✓",
	} {
		if got := CleanText(in); got != want {
			t.Errorf("CleanText(%q) = %q, want %q", in, got, want)
		}
	}
	if s := "ascii only"; CleanText(s) != s {
		t.Error("changed ASCII")
	}
}

func TestNames(t *testing.T) {
	all := Names{}
	only := Names{Allow: []string{"a", "b"}, Deny: []string{"b"}}
	none := Names{Allow: []string{}}
	if !all.Allows("x") || !only.Allows("a") || only.Allows("b") || only.Allows("c") || none.Allows("a") {
		t.Error("Names.Allows")
	}
}

func TestProfiles(t *testing.T) {
	if got := Profiles(); !reflect.DeepEqual(got, []string{"default", "strict"}) {
		t.Errorf("Profiles() = %v", got)
	}
	a, _ := Profile("strict")
	b, _ := Profile("strict")
	a.Images.Any = true
	if b.Images.Any {
		t.Error("profiles share state")
	}
}

func TestParseHostIPv6(t *testing.T) {
	p, err := Resolve("strict", []byte(`{"urls":{"images":["http://[::1]:8080","[2001:DB8::1]"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Images.List(); !reflect.DeepEqual(got, []string{"http://[::1]:8080", "[2001:db8::1]"}) {
		t.Errorf("list %v", got)
	}
	for raw, ok := range map[string]bool{"http://[::1]:8080/x": true, "http://[::1]:8081/x": false, "https://[2001:db8::1]/x": true} {
		if _, err := p.CheckURL(Image, raw, nil); (err == nil) != ok {
			t.Errorf("%s: %v", raw, err)
		}
	}
	if _, err := Resolve("", []byte(`{"urls":{"images":["[::1"]}}`)); err == nil {
		t.Error("malformed IPv6 accepted")
	}
}
