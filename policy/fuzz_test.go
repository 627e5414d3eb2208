package policy

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCheckURL: whatever the agent sends, an accepted URL is an absolute http(s) URL (or
// a raster data: image) free of control, space, backslash and invisible characters, whose
// host is on the list, and checking it again gives the same answer.
func FuzzCheckURL(f *testing.F) {
	for _, s := range []string{"https://cdn.example/a.png", "/static/x.png", "//evil.example/x", "javascript:alert(1)",
		"https://cdn.example@evil.example/", "data:image/png;base64,AAAA", "https://сdn.example/", "http://[::1]:8080/",
		"https://CDN.example:443/a?b=c#d", "../../x", "https:x", "%2F%2Fevil.example"} {
		f.Add(s)
	}
	p, err := Resolve("strict", []byte(`{"urls":{"images":["cdn.example","self","*.img.example","http://127.0.0.1:8080"]}}`))
	if err != nil {
		f.Fatal(err)
	}
	base, _ := url.Parse("https://agent.example/a2ui/stream")
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := p.CheckURL(Image, raw, base)
		if err != nil {
			if u != "" {
				t.Fatalf("refused %q but returned %q", raw, u)
			}
			return
		}
		if strings.HasPrefix(u, "data:") {
			if !dataImage(u) {
				t.Fatalf("accepted data URL %q", u)
			}
			return
		}
		pu, perr := url.Parse(u)
		if perr != nil || (pu.Scheme != "https" && pu.Scheme != "http") || pu.Host == "" || pu.User != nil {
			t.Fatalf("accepted %q as %q", raw, u)
		}
		for _, r := range u {
			if r <= 0x20 || r == 0x7f || r == '\\' || Invisible(r) || r == utf8.RuneError {
				t.Fatalf("accepted %q with %U", u, r)
			}
		}
		if !p.Images.allows(pu, base) {
			t.Fatalf("accepted %q: host not listed", u)
		}
		again, err := p.CheckURL(Image, u, base)
		if err != nil || again != u {
			t.Fatalf("re-check of %q: %q, %v", u, again, err)
		}
	})
}

// FuzzResolve: a page's policy JSON never panics the resolver; an accepted one lists its
// hosts in a form that resolves to the same lists.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{`{}`, `{"urls":{"images":["cdn.example","self","*"]}}`, `{"profile":"strict","headingBase":2}`,
		`{"limits":{"maxDepth":3}}`, `{"actions":{"allow":[]}}`, `{"urls":{"links":["http://[::1]:80"]}}`, `[`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, js string) {
		p, err := Resolve("", []byte(js))
		if err != nil {
			if p != nil {
				t.Fatal("error with a policy")
			}
			return
		}
		var b strings.Builder
		b.WriteString(`{"urls":{`)
		for i, k := range []Kind{Image, Media, Link} {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"` + k.String() + `":[`)
			for j, e := range p.hosts(k).List() {
				if j > 0 {
					b.WriteByte(',')
				}
				b.WriteString(`"` + e + `"`)
			}
			b.WriteByte(']')
		}
		b.WriteString(`}}`)
		q, err := Resolve(p.Profile, []byte(b.String()))
		if err != nil {
			t.Fatalf("lists of %s do not resolve: %s: %v", js, b.String(), err)
		}
		for _, k := range []Kind{Image, Media, Link} {
			if strings.Join(q.hosts(k).List(), " ") != strings.Join(p.hosts(k).List(), " ") {
				t.Fatalf("%v: %v != %v", k, q.hosts(k).List(), p.hosts(k).List())
			}
		}
	})
}
