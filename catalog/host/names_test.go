package host

import (
	"regexp"
	"strings"
	"testing"
)

// TestNameChecks: the hand-written checks accept exactly what the grammars in their doc
// comments (as regexps) accept.
func TestNameChecks(t *testing.T) {
	inputs := []string{"", "a", "A1_", "1a", "_a", "a-b", "a b", "Chart", "é", strings.Repeat("a", 64), strings.Repeat("a", 65),
		"click", "my-event", "Click", "-x", "x9", "value", "values", "detail", "detail.", "detail.a", "detail.a.b_$",
		"detail.1", "detail.a1.$b", "detail..a", "detail.a.", "detailx", "value.x", "detail.a-b", "detail.é"}
	for _, tc := range []struct {
		name  string
		check func(string) bool
		re    *regexp.Regexp
	}{
		{"isName", isName, regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,63}$`)},
		{"isEvent", isEvent, regexp.MustCompile(`^[a-z][a-z0-9-]{0,63}$`)},
		{"isFrom", isFrom, regexp.MustCompile(`^(value|detail(\.[A-Za-z_$][A-Za-z0-9_$]*)*)$`)},
	} {
		for _, in := range inputs {
			if got, want := tc.check(in), tc.re.MatchString(in); got != want {
				t.Errorf("%s(%q) = %v, want %v", tc.name, in, got, want)
			}
		}
	}
}
