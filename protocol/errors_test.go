package protocol

import (
	"errors"
	"testing"
)

func TestEscapeToken(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{"a/b", "a~1b"},
		{"a~b", "a~0b"},
		{"~1", "~01"}, // "~" first: "~1" must not read back as "/"
		{"/~/", "~1~0~1"},
	} {
		if got := EscapeToken(tt.in); got != tt.want {
			t.Errorf("EscapeToken(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPanicText(t *testing.T) {
	for _, tt := range []struct {
		in   any
		want string
	}{
		{errors.New("index out of range"), "index out of range"},
		{"boom", "boom"},
		{42, "panic"},
		{nil, "panic"},
	} {
		if got := PanicText(tt.in); got != tt.want {
			t.Errorf("PanicText(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
