package neturl

import (
	"net/url"
	"reflect"
	"testing"
)

var corpus = []string{
	"", "https://example.com", "http://example.com/a/b?c=d#e", "HTTPS://Example.COM:8443/p",
	"mailto:a@b.c", "tel:+1-555", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>",
	"//host/path", "/rel/path?q=1", "rel/path", "../up", "?only=query", "#frag", "http://[::1]:80/",
	"http://[fe80::1%25en0]/", "http://[::ffff:1.2.3.4]/", "http://[1.2.3.4]/", "http://a:b@host/",
	"http://host:port/", "http://host:1:2/", "mongodb://h1:1,h2:2/db", "http://h:1:2/", "http://%41/",
	"http://a b/", "http://host/%zz", "http://host/%2F", "http://host/a%20b?x=%20#y%20",
	"https://user:p%40ss@h/", "http://x/?a=1;b=2", "http://x/?a=1&a=2&b", "ftp://ftp.example.com/f.txt",
	"\x00http://x/", "http://x/\x7f", " http://x/", "http://x/ ", "http://\u00e9.com/", "http:x",
	"http:/x", "http:///x", "x:", ":x", "1http://x", "a+b.c-d://x", "http://x/../../a/./b",
	"https://example.com:/", "https://example.com:0/", "https://example.com:65536/", "http://[::1]x/",
	"http://[::1", "http://::1/", "http://x/#a#b", "http://x?#", "file:///etc/passwd", "blob:https://x/uuid",
}

func check(t *testing.T, in string) {
	t.Helper()
	got, gerr := Parse(in)
	want, werr := url.Parse(in)
	if (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) {
		t.Fatalf("Parse(%q): error %v, net/url %v", in, gerr, werr)
	}
	std, serr := ParseURL(in)
	if (serr == nil) != (werr == nil) || (serr != nil && serr.Error() != werr.Error()) || !reflect.DeepEqual(std, want) {
		t.Fatalf("ParseURL(%q) = %#v %v, net/url %#v %v", in, std, serr, want, werr)
	}
	_, gerr = ParseRequestURI(in)
	_, werr = url.ParseRequestURI(in)
	if (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) {
		t.Fatalf("ParseRequestURI(%q): error %v, net/url %v", in, gerr, werr)
	}
	if g, w := QueryEscape(in), url.QueryEscape(in); g != w {
		t.Fatalf("QueryEscape(%q) = %q, net/url %q", in, g, w)
	}
	g, gerr := PathUnescape(in)
	w, werr := url.PathUnescape(in)
	if g != w || (gerr == nil) != (werr == nil) {
		t.Fatalf("PathUnescape(%q) = %q %v, net/url %q %v", in, g, gerr, w, werr)
	}
	if got == nil {
		return
	}
	if g, w := got.String(), want.String(); g != w {
		t.Fatalf("Parse(%q).String() = %q, net/url %q", in, g, w)
	}
	if got.Scheme != want.Scheme || got.Host != want.Host || got.Path != want.Path || got.RawQuery != want.RawQuery ||
		got.Fragment != want.Fragment || got.Opaque != want.Opaque || got.Hostname() != want.Hostname() || got.Port() != want.Port() ||
		got.User.String() != want.User.String() || got.EscapedPath() != want.EscapedPath() || got.IsAbs() != want.IsAbs() {
		t.Fatalf("Parse(%q) = %#v, net/url %#v", in, got, want)
	}
	gq, gerr := ParseQuery(got.RawQuery)
	wq, werr := url.ParseQuery(want.RawQuery)
	if (gerr == nil) != (werr == nil) || len(gq) != len(wq) || Values(wq).Encode() != gq.Encode() {
		t.Fatalf("ParseQuery(%q) = %v %v, net/url %v %v", got.RawQuery, gq, gerr, wq, werr)
	}
	for _, ref := range []string{"https://base.example/dir/page?x=1", "/a/b/../c"} {
		gb, _ := Parse(ref)
		wb, _ := url.Parse(ref)
		if g, w := gb.ResolveReference(got).String(), wb.ResolveReference(want).String(); g != w {
			t.Fatalf("%q resolving %q = %q, net/url %q", ref, in, g, w)
		}
	}
}

// TestMatchesNetURL: the copy answers like the standard library it was taken from, so a
// Go release that changes net/url fails here (PATCHES.md).
func TestMatchesNetURL(t *testing.T) {
	for _, in := range corpus {
		check(t, in)
	}
}

// The one error built differently (hostError) keeps net/url's text and unwraps to the cause.
func TestHostErrorUnwraps(t *testing.T) {
	_, gerr := Parse("http://[zz::1]/")
	_, werr := url.Parse("http://[zz::1]/")
	if gerr == nil || werr == nil || gerr.Error() != werr.Error() {
		t.Fatalf("errors %v / net/url %v", gerr, werr)
	}
	ue, ok := gerr.(*Error)
	if !ok {
		t.Fatalf("Parse: %T, want *Error", gerr)
	}
	if he, ok := ue.Err.(*hostError); !ok || he.Unwrap() == nil {
		t.Fatalf("Parse(http://[zz::1]/) wraps %#v, want a hostError around netip's error", ue.Err)
	}
}

func FuzzMatchesNetURL(f *testing.F) {
	for _, in := range corpus {
		f.Add(in)
	}
	f.Fuzz(check)
}
