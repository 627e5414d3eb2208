package basic

import (
	"slices"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
)

// TestChoiceEncoding: a ChoicePicker selection survives the string editing keeps,
// whatever its values hold; a damaged string decodes to its whole values only.
func TestChoiceEncoding(t *testing.T) {
	for _, list := range [][]string{nil, {""}, {"a"}, {"a:b", "12:x", ""}, {"é", "\x00", "3:abc"}} {
		got := binding.ToStringList(decodeChoice(encodeChoice(list)))
		if !slices.Equal(got, list) && !(len(got) == 0 && len(list) == 0) {
			t.Errorf("%q → %q → %q", list, encodeChoice(list), got)
		}
	}
	for in, want := range map[string][]string{"1:a9:x": {"a"}, "x": nil, "-1:": nil, "2:ab1": {"ab"}} {
		if got := binding.ToStringList(decodeChoice(in)); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("decode %q = %q, want %q", in, got, want)
		}
	}
}
