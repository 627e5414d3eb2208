package l10n

import "testing"

func TestEveryTableTranslatesEveryKey(t *testing.T) {
	for _, lang := range languages {
		tab := table(lang)
		if len(tab) == 0 {
			t.Errorf("%s: no table", lang)
		}
		for k := range English {
			if tab[k] == "" {
				t.Errorf("%s: no text for %q", lang, k)
			}
		}
		for k := range tab {
			if _, ok := English[k]; !ok {
				t.Errorf("%s: unknown key %q", lang, k)
			}
		}
	}
}

func TestGet(t *testing.T) {
	tests := []struct {
		locale  string
		over    map[string]string
		dir     string
		key     Key
		want    string
		wantRTL bool
	}{
		{"", nil, "", Close, "Close", false},
		{"en-US", nil, "", Loading, "Loading…", false},
		{"de-AT", nil, "", Close, "Schließen", false},
		{"fr", map[string]string{"close": "Fermer la fenêtre"}, "", Close, "Fermer la fenêtre", false},
		{"ar-EG", nil, "", Retry, "إعادة المحاولة", true},
		{"he", nil, "ltr", Close, "סגירה", false},
		{"en", nil, "rtl", Close, "Close", true},
		{"pt-BR", nil, "", InvalidValue, "Invalid value", false},                                  // no table: English
		{"fa", nil, "", Close, "Close", true},                                                     // RTL without a table
		{"de", map[string]string{"nope": "x", "retry": ""}, "", Retry, "Erneut versuchen", false}, // unknown and empty overrides ignored
	}
	for _, tt := range tests {
		m := New(tt.locale, tt.over, tt.dir)
		if got := m.Get(tt.key); got != tt.want {
			t.Errorf("New(%q, %v).Get(%s) = %q, want %q", tt.locale, tt.over, tt.key, got, tt.want)
		}
		if m.RTL() != tt.wantRTL {
			t.Errorf("New(%q, dir %q).RTL() = %v", tt.locale, tt.dir, m.RTL())
		}
	}
	var nilM *Messages
	if nilM.Get(Close) != "Close" || nilM.Dir() != "ltr" {
		t.Error("nil Messages is not English LTR")
	}
}

func TestFormat(t *testing.T) {
	m := New("en", map[string]string{"moreItems": "{0} of {1} hidden {2}"}, "")
	if got := m.Format(MoreItems, "3", "10"); got != "3 of 10 hidden {2}" {
		t.Errorf("Format = %q", got)
	}
	if got := New("de", nil, "").Format(UnknownComponent, "Chart"); got != "Nicht unterstützte Komponente: Chart" {
		t.Errorf("Format = %q", got)
	}
}
