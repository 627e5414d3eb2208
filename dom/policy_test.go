package dom

import "testing"

func TestPolicy(t *testing.T) {
	tags := []struct {
		tag string
		ok  bool
	}{
		{"div", true}, {"a2ui-card", true}, {"svg", true}, {"path", true}, {"h1", true},
		{"script", false}, {"SCRIPT", false}, {"iframe", false}, {"style", false}, {"foreignObject", false},
		{"animate", false}, {"use", false}, {"object", false}, {"", false}, {"1div", false},
		{"<img", false}, {"img src=x", false},
	}
	for _, tc := range tags {
		if got := AllowedTag(tc.tag); got != tc.ok {
			t.Errorf("AllowedTag(%q) = %v", tc.tag, got)
		}
	}
	attrs := []struct {
		name, value string
		ok          bool
	}{
		{"class", "x", true}, {"aria-label", "x", true}, {"data-id", "x", true}, {"xlink:href", "#a", true},
		{"onclick", "x", false}, {"ONLOAD", "x", false}, {"style", "color:red", false}, {"srcdoc", "<b>", false},
		{"href", "https://a.example/", true}, {"href", "mailto:a@b.c", true}, {"href", "javascript:alert(1)", false},
		{"href", " JaVa\tScRiPt:alert(1)", false}, {"href", "vbscript:x", false}, {"href", "data:text/html,x", false},
		{"src", "data:image/png;base64,AAAA", true}, {"src", "data:image/svg+xml,<svg>", false},
		{"href", "data:image/png;base64,AAAA", false}, {"src", "file:///etc/passwd", false},
		{"xlink:href", "javascript:x", false}, {"formaction", "javascript:x", false},
		{"a b", "x", false}, {`x"`, "x", false}, {"", "x", false}, {"is", "x", false},
	}
	for _, tc := range attrs {
		if got := AllowedAttr(tc.name, tc.value); got != tc.ok {
			t.Errorf("AllowedAttr(%q, %q) = %v", tc.name, tc.value, got)
		}
	}
	props := []struct {
		name string
		ok   bool
	}{
		{"value", true}, {"checked", true}, {"open", true}, {"selectedIndex", true}, {"indeterminate", true},
		{"--a2ui-weight", true}, {"innerHTML", false}, {"outerHTML", false}, {"textContent", false},
		{"--", false}, {"--a;b", false}, {"onclick", false},
	}
	for _, tc := range props {
		if got := AllowedProp(tc.name); got != tc.ok {
			t.Errorf("AllowedProp(%q) = %v", tc.name, got)
		}
	}
}
