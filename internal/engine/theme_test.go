package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// primary is the declarations the theme's primary colour c produces.
func primary(c string) string {
	dark := "color-mix(in oklab, " + c + " 45%, white)"
	on := func(bg string) string { return "oklch(from " + bg + " clamp(0, (0.66 - l) * 1000, 1) 0 0)" }
	return "--a2ui-primary-color: " + c + "; --a2ui-primary-color-dark: " + dark +
		"; --a2ui-on-primary-color: light-dark(" + on(c) + ", " + on(dark) + ")"
}

func TestThemeStyle(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"primaryColor":"#336699"}`, primary("#336699")},
		{`{"primaryColor":"#abc","font":"Roboto, 'Open Sans', sans-serif"}`, primary("#abc") + "; --a2ui-font: Roboto, 'Open Sans', sans-serif"},
		{`{"primaryColor":"rgb(10, 20, 30)"}`, primary("rgb(10, 20, 30)")},
		{`{"primaryColor":"hsl(120deg 50% 50% / 0.5)"}`, primary("hsl(120deg 50% 50% / 0.5)")},
		{`{"primaryColor":"RebeccaPurple"}`, primary("RebeccaPurple")},
		{`{"primaryColor":"#11223344","agentDisplayName":"Bot","iconUrl":"https://x/y.png"}`, primary("#11223344")},
		{`{"primaryColor":"red;}*{background:url(https://t/x)}"}`, ""},
		{`{"primaryColor":"rgb(1,2,3);x"}`, ""},
		{`{"primaryColor":"var(--x)"}`, ""},
		{`{"primaryColor":"#12345"}`, ""},
		{`{"primaryColor":123}`, ""},
		{`{"primaryColor":"invalid-color"}`, ""},
		{`{"font":"x;}</style><script>"}`, ""},
		{`{"font":"'unbalanced"}`, ""},
		{`{"font":"url(https://t/f.woff)"}`, ""},
		{`[1]`, ""},
		{``, ""},
	}
	for _, tt := range tests {
		if got := themeStyle(json.RawMessage(tt.in)); got != tt.want {
			t.Errorf("themeStyle(%s) = %q, want %q", tt.in, got, tt.want)
		}
	}
	_, errs := ParseTheme(json.RawMessage(`{"primaryColor":"red;}","font":"ok"}`))
	if len(errs) != 1 || errs[0].Path != "/theme/primaryColor" {
		t.Errorf("errors %v", errs)
	}
}

// themeStyle returns the validated theme as declarations "--name: value; ..." (tests).
func themeStyle(raw json.RawMessage) string {
	th, _ := ParseTheme(raw)
	var b strings.Builder
	for i, v := range th.Vars() {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(v.Name + ": " + v.Value)
	}
	return b.String()
}

func ExampleParseTheme() {
	th, _ := ParseTheme(json.RawMessage(`{"primaryColor":"#336699","font":"Inter, sans-serif"}`))
	for _, v := range th.Vars() {
		fmt.Println(v.Name + ": " + v.Value)
	}
	bad, errs := ParseTheme(json.RawMessage(`{"primaryColor":"red;}*{background:url(//x)}"}`))
	fmt.Println(len(bad.Vars()) == 0 && len(errs) == 1)
	// Output:
	// --a2ui-primary-color: #336699
	// --a2ui-primary-color-dark: color-mix(in oklab, #336699 45%, white)
	// --a2ui-on-primary-color: light-dark(oklch(from #336699 clamp(0, (0.66 - l) * 1000, 1) 0 0), oklch(from color-mix(in oklab, #336699 45%, white) clamp(0, (0.66 - l) * 1000, 1) 0 0))
	// --a2ui-font: Inter, sans-serif
	// true
}
