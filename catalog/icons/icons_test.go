package icons

import (
	"strings"
	"testing"
)

// The v0.9 basic catalog's 59 Icon names (schema order), all of which must be embedded.
var catalogNames = []string{"accountCircle", "add", "arrowBack", "arrowForward", "attachFile", "calendarToday", "call", "camera", "check", "close", "delete", "download", "edit", "event", "error", "fastForward", "favorite", "favoriteOff", "folder", "help", "home", "info", "locationOn", "lock", "lockOpen", "mail", "menu", "moreVert", "moreHoriz", "notificationsOff", "notifications", "pause", "payment", "person", "phone", "photo", "play", "print", "refresh", "rewind", "search", "send", "settings", "share", "shoppingCart", "skipNext", "skipPrevious", "star", "starHalf", "starOff", "stop", "upload", "visibility", "visibilityOff", "volumeDown", "volumeMute", "volumeOff", "volumeUp", "warning"}

func TestCatalogNamesEmbedded(t *testing.T) {
	if len(catalogNames) != 59 {
		t.Fatalf("list has %d names", len(catalogNames))
	}
	for _, n := range catalogNames {
		ps, ok := Lookup(n)
		if !ok || len(ps) == 0 {
			t.Errorf("Lookup(%q) missing", n)
			continue
		}
		for _, d := range ps {
			if !strings.HasPrefix(d, "M") && !strings.HasPrefix(d, "m") {
				t.Errorf("%s: path %q does not start with a moveto", n, d)
			}
		}
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"account_circle", true},
		{"accountCircle", true},
		{"priority_high", true},
		{"trending_up", true},
		{"directions_run", true},
		{"no_such_icon", false},
		{"", false},
		{"<script>", false},
	}
	for _, tt := range tests {
		if _, ok := Lookup(tt.name); ok != tt.ok {
			t.Errorf("Lookup(%q) ok = %v, want %v", tt.name, ok, tt.ok)
		}
	}
	a, _ := Lookup("accountCircle")
	b, _ := Lookup("account_circle")
	if a[0] != b[0] {
		t.Error("camelCase and snake_case differ")
	}
}

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{
		"moreVert": "more_vert", "add": "add", "account_circle": "account_circle",
		"volumeUp": "volume_up", "A": "a", "": "",
	} {
		if got := SnakeCase(in); got != want {
			t.Errorf("SnakeCase(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNamesSorted(t *testing.T) {
	ns := Names()
	for i := 1; i < len(ns); i++ {
		if ns[i-1] >= ns[i] {
			t.Fatalf("table not sorted at %q, %q", ns[i-1], ns[i])
		}
	}
}
