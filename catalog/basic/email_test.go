package basic

import (
	"regexp"
	"testing"
)

// web_core's email pattern, the reference isEmail is checked against.
var webCoreEmail = regexp.MustCompile(`^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`)

func TestIsEmail(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"user@example.com", true},
		{"a.b+c_d%e-f@sub.example.co.uk", true},
		{"x@y.io", true},
		{"x@-.io", true},
		{"x@a..io", true},
		{"x@.a.io", true},
		{"x@a-b.c-d.EU", true},
		{"x@y.z", false},
		{"x@y.c0m", false},
		{"x@y.", false},
		{"x@.io", false},
		{"x@io", false},
		{"@y.io", false},
		{"x@@y.io", false},
		{"x@y@z.io", false},
		{"x y@z.io", false},
		{"x@z.io ", false},
		{"x@z.io\n", false},
		{"é@z.io", false},
		{"x@z.ío", false},
		{"", false},
		{"plain", false},
	} {
		if got := isEmail(tc.in); got != tc.want {
			t.Errorf("isEmail(%q) = %v, want %v", tc.in, got, tc.want)
		}
		if ref := webCoreEmail.MatchString(tc.in); ref != tc.want {
			t.Errorf("table row %q: web_core's pattern says %v", tc.in, ref)
		}
	}
}

func FuzzIsEmail(f *testing.F) {
	for _, s := range []string{"user@example.com", "x@y.z", "a@b..cd", "@", "a@.b.cd", "a%b@c-d.ef"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isEmail(s), webCoreEmail.MatchString(s); got != want {
			t.Fatalf("isEmail(%q) = %v, web_core's pattern %v", s, got, want)
		}
	})
}
