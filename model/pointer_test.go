package model

import (
	"errors"
	"reflect"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

func TestParsePointer(t *testing.T) {
	tests := []struct {
		in   string
		want Pointer
	}{
		{"", Pointer{}},
		{"/", Pointer{}},
		{"/a", Pointer{"a"}},
		{"/a/b", Pointer{"a", "b"}},
		{"/a/", Pointer{"a"}},            // trailing slash tolerated (web_core normalises it)
		{"a/b", Pointer{"a", "b"}},       // v0.8 dataModelUpdate paths without leading "/"
		{"user", Pointer{"user"}},        //
		{"/a~1b", Pointer{"a/b"}},        // ~1 → /
		{"/m~0n", Pointer{"m~n"}},        // ~0 → ~
		{"/~01", Pointer{"~1"}},          // RFC 6901: ~0 first, so "~01" is "~1" not "/"
		{"/~10", Pointer{"/0"}},          //
		{"/a//b", Pointer{"a", "", "b"}}, // empty key in the middle kept
		{"//", Pointer{""}},              // the empty top-level key
		{"/a//", Pointer{"a", ""}},       //
		{"/items/0/name", Pointer{"items", "0", "name"}},
		{"/__proto__/constructor", Pointer{"__proto__", "constructor"}},
		{"/ü/😀", Pointer{"ü", "😀"}},
	}
	for _, tt := range tests {
		got, err := ParsePointer(tt.in)
		if err != nil {
			t.Errorf("ParsePointer(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParsePointer(%q) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}

func TestParsePointerErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
	}{
		{"/~", 1},
		{"/a~", 2},
		{"/a~2", 2},
		{"/~a", 1},
		{"/ok/x~~0", 5},
		{"x~9", 1},
		{"/a/b~", 4},
	}
	for _, tt := range tests {
		_, err := ParsePointer(tt.in)
		var pe *PointerError
		if !errors.As(err, &pe) {
			t.Errorf("ParsePointer(%q) error = %v, want *PointerError", tt.in, err)
			continue
		}
		if pe.Offset != tt.offset || pe.Path != tt.in {
			t.Errorf("ParsePointer(%q): offset %d path %q, want offset %d", tt.in, pe.Offset, pe.Path, tt.offset)
		}
	}
	_, err := ParsePointer("/a~2")
	if got, want := err.Error(), `invalid JSON pointer "/a~2" at byte 2: "~" must be followed by "0" or "1"`; got != want {
		t.Errorf("message = %q, want %q", got, want)
	}
}

func TestPointerString(t *testing.T) {
	tests := []struct {
		p    Pointer
		want string
	}{
		{nil, ""},
		{Pointer{}, ""},
		{Pointer{"a"}, "/a"},
		{Pointer{"a/b", "m~n"}, "/a~1b/m~0n"},
		{Pointer{"~/"}, "/~0~1"},
		{Pointer{""}, "//"},
		{Pointer{"a", ""}, "/a//"},
		{Pointer{"a", "", "b"}, "/a//b"},
		{Pointer{"items", "3"}, "/items/3"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.p, got, tt.want)
		}
		back, err := ParsePointer(tt.want)
		if err != nil || !back.Equal(tt.p) {
			t.Errorf("ParsePointer(%q) = %#v, %v; want %#v", tt.want, back, err, tt.p)
		}
	}
}

func TestPointerAppendDoesNotAlias(t *testing.T) {
	base := make(Pointer, 1, 8)
	base[0] = "list"
	a := base.Append("0")
	b := base.Append("1")
	if a.String() != "/list/0" || b.String() != "/list/1" {
		t.Fatalf("Append aliased: a=%s b=%s", a, b)
	}
	c := a.Parent().Append("x")
	if a.String() != "/list/0" || c.String() != "/list/x" {
		t.Fatalf("Parent+Append aliased: a=%s c=%s", a, c)
	}
	if got := base.AppendIndex(12).String(); got != "/list/12" {
		t.Fatalf("AppendIndex = %s", got)
	}
	if !Pointer(nil).Parent().IsRoot() {
		t.Fatal("root parent is not root")
	}
}

func TestPointerRelations(t *testing.T) {
	p := MustPointer("/user/name")
	tests := []struct {
		q       string
		prefix  bool // p.HasPrefix(q)
		related bool
	}{
		{"", true, true},
		{"/user", true, true},
		{"/user/name", true, true},
		{"/user/name/first", false, true},
		{"/user/age", false, false},
		{"/users", false, false},
		{"/other", false, false},
	}
	for _, tt := range tests {
		q := MustPointer(tt.q)
		if got := p.HasPrefix(q); got != tt.prefix {
			t.Errorf("HasPrefix(%q) = %v", tt.q, got)
		}
		if got := p.Related(q); got != tt.related {
			t.Errorf("Related(%q) = %v", tt.q, got)
		}
	}
}

func TestIndex(t *testing.T) {
	tests := []struct {
		tok string
		i   int
		ok  bool
	}{
		{"0", 0, true},
		{"7", 7, true},
		{"10", 10, true},
		{"123456789", 123456789, true},
		{"01", 0, false},
		{"00", 0, false},
		{"-1", 0, false},
		{"-", 0, false},
		{"", 0, false},
		{"1e3", 0, false},
		{"+1", 0, false},
		{" 1", 0, false},
		{"1234567890", 0, false}, // over the 9-digit cap
		{"x", 0, false},
	}
	for _, tt := range tests {
		i, ok := Index(tt.tok)
		if i != tt.i || ok != tt.ok {
			t.Errorf("Index(%q) = %d, %v; want %d, %v", tt.tok, i, ok, tt.i, tt.ok)
		}
	}
}

func TestResolve(t *testing.T) {
	items0 := MustPointer("/items/0")
	tests := []struct {
		name    string
		scope   Pointer
		path    string
		v       protocol.Version
		tmpl    bool
		want    string
		wantErr bool
	}{
		// v0.9+: absolute from root, relative against scope.
		{"v09 relative", items0, "name", protocol.V09, true, "/items/0/name", false},
		{"v09 absolute in template", items0, "/name", protocol.V09, true, "/name", false},
		{"v09 dot is scope", items0, ".", protocol.V09, true, "/items/0", false},
		{"v09 empty is scope", items0, "", protocol.V09, true, "/items/0", false},
		{"v09 ./ relative", items0, "./name", protocol.V09, true, "/items/0/name", false},
		{"v09 nested relative", items0, "tags/1", protocol.V09, true, "/items/0/tags/1", false},
		{"v09 escapes", items0, "a~1b", protocol.V10, true, "/items/0/a~1b", false},
		{"v09 root scope relative", nil, "user/name", protocol.V091, false, "/user/name", false},
		{"v09 absolute root", items0, "/", protocol.V010, true, "", false},
		{"v09 bad escape", items0, "a~2", protocol.V09, true, "", true},
		{"v09 bad escape absolute", nil, "/~", protocol.V09, false, "", true},
		{"draft behaves like v0.9", items0, "/name", protocol.V09Draft, true, "/name", false},
		// v0.8 outside templates: absolute or root-relative.
		{"v08 absolute", nil, "/user/name", protocol.V08, false, "/user/name", false},
		{"v08 no leading slash", nil, "user/name", protocol.V08, false, "/user/name", false},
		{"v08 /item outside template is a key", nil, "/item/name", protocol.V08, false, "/item/name", false},
		// v0.8 inside templates: the item-relative quirk.
		{"v08 tmpl leading slash is item-relative", items0, "/name", protocol.V08, true, "/items/0/name", false},
		{"v08 tmpl ./", items0, "./name", protocol.V08, true, "/items/0/name", false},
		{"v08 tmpl relative", items0, "name", protocol.V08, true, "/items/0/name", false},
		{"v08 tmpl /item/ prefix stripped", items0, "/item/name", protocol.V08, true, "/items/0/name", false},
		{"v08 tmpl ./item/ prefix stripped", items0, "./item/name", protocol.V08, true, "/items/0/name", false},
		{"v08 tmpl item/ prefix stripped", items0, "item/name", protocol.V08, true, "/items/0/name", false},
		{"v08 tmpl /item is the item", items0, "/item", protocol.V08, true, "/items/0", false},
		{"v08 tmpl /itemName not mangled", items0, "/itemName", protocol.V08, true, "/items/0/itemName", false},
		{"v08 tmpl /item1 not mangled", items0, "/item1/x", protocol.V08, true, "/items/0/item1/x", false},
		{"v08 tmpl /text kept", items0, "/text", protocol.V08, true, "/items/0/text", false},
		{"v08 tmpl slash is item", items0, "/", protocol.V08, true, "/items/0", false},
		{"v08 tmpl dot", items0, ".", protocol.V08, true, "/items/0", false},
		{"v08 tmpl map key scope", MustPointer("/byId/k1"), "/title", protocol.V08, true, "/byId/k1/title", false},
		{"unknown version acts as v0.8", items0, "/name", protocol.VersionUnknown, true, "/items/0/name", false},
		{"v08 tmpl bad escape", items0, "/a~", protocol.V08, true, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Resolve(tt.scope, tt.path, tt.v, tt.tmpl)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Resolve = %q, want error", got.String())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != tt.want {
				t.Fatalf("Resolve(%q, %q) = %q, want %q", tt.scope.String(), tt.path, got.String(), tt.want)
			}
		})
	}
}

func TestResolveDoesNotAliasScope(t *testing.T) {
	scope := make(Pointer, 2, 10)
	copy(scope, Pointer{"items", "0"})
	a, _ := Resolve(scope, "a", protocol.V09, true)
	b, _ := Resolve(scope, "b", protocol.V09, true)
	self, _ := Resolve(scope, ".", protocol.V09, true)
	self = append(self, "z")
	if a.String() != "/items/0/a" || b.String() != "/items/0/b" || scope.String() != "/items/0" {
		t.Fatalf("aliasing: a=%s b=%s scope=%s self=%s", a, b, scope, self)
	}
}

func FuzzPointer(f *testing.F) {
	for _, s := range []string{"", "/", "/a", "/a/b", "a/b", "/a~1b", "/m~0n", "/~01", "//", "/a//", "/a/", "/~", "/a~2", "/0/1/-", "~", "/items/0/name"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePointer(s)
		for _, v := range []protocol.Version{protocol.V08, protocol.V09} {
			for _, tmpl := range []bool{false, true} {
				r, rerr := Resolve(Pointer{"s", "0"}, s, v, tmpl)
				if rerr == nil && len(r) < 2 && v == protocol.V08 && tmpl {
					t.Fatalf("v0.8 template path %q escaped the scope: %q", s, r.String())
				}
			}
		}
		if err != nil {
			return
		}
		back, err := ParsePointer(p.String())
		if err != nil {
			t.Fatalf("ParsePointer(%q).String() = %q does not parse: %v", s, p.String(), err)
		}
		if !back.Equal(p) {
			t.Fatalf("round trip of %q: %#v → %q → %#v", s, p, p.String(), back)
		}
		d := NewDataModel()
		d.SetLimits(1000)
		_ = d.Set(p, "x")
		_, _ = d.Get(p)
		_ = d.Delete(p)
	})
}
