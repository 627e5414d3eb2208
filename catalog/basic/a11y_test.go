package basic

import "testing"

func TestHumanize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"shopping_cart", "Shopping cart"},
		{"shoppingCart", "Shopping cart"},
		{"arrow-back", "Arrow back"},
		{"  submit_form ", "Submit form"},
		{"play2Video", "Play2 video"},
		{"", ""},
		{"__", ""},
		{"ÉtéMode", "Été mode"},
	}
	for _, tt := range tests {
		if got := humanize(tt.in); got != tt.want {
			t.Errorf("humanize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
