package catalog

import (
	"testing"

	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/l10n"
)

func TestPartName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Text", "text"},
		{"ChoicePicker", "choice-picker"},
		{"DateTimeInput", "date-time-input"},
		{"x-Chart<script>", "x-chartscript"},
	}
	for _, tt := range tests {
		if got := partName(tt.in); got != tt.want {
			t.Errorf("partName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRovingKey(t *testing.T) {
	ltr := &Builder{env: &engine.Env{}}
	rtl := &Builder{env: &engine.Env{Messages: l10n.New("he", nil, "")}}
	tests := []struct {
		b        *Builder
		key      string
		i, n     int
		vertical bool
		next     int
		ok       bool
	}{
		{ltr, "ArrowRight", 0, 3, false, 1, true},
		{ltr, "ArrowRight", 2, 3, false, 0, true},
		{ltr, "ArrowLeft", 0, 3, false, 2, true},
		{ltr, "ArrowDown", 0, 3, false, 0, false},
		{ltr, "ArrowDown", 0, 3, true, 1, true},
		{ltr, "ArrowUp", 0, 3, true, 2, true},
		{ltr, "Home", 2, 3, false, 0, true},
		{ltr, "End", 0, 3, false, 2, true},
		{ltr, "Enter", 0, 3, false, 0, false},
		{rtl, "ArrowLeft", 0, 3, false, 1, true},
		{rtl, "ArrowRight", 0, 3, false, 2, true},
		{ltr, "ArrowRight", 0, 0, false, 0, false},
	}
	for _, tt := range tests {
		next, ok := tt.b.RovingKey(tt.key, tt.i, tt.n, tt.vertical)
		if next != tt.next || ok != tt.ok {
			t.Errorf("RovingKey(%s, %d, %d, %v) rtl=%v = %d, %v; want %d, %v", tt.key, tt.i, tt.n, tt.vertical, tt.b.env.Messages.RTL(), next, ok, tt.next, tt.ok)
		}
	}
}
