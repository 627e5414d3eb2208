package protocol

import (
	"reflect"
	"testing"
)

func TestCutA2UIBlocks(t *testing.T) {
	for _, tc := range []struct {
		name, in, rest string
		blocks         []TaggedBlock
	}{
		{"no tags", "  hello  ", "  hello  ", nil},
		{"one block", "Here you go:\n<a2ui-json>\n[{\"a\":1}]\n</a2ui-json>\nEnjoy.", "Here you go:\n\nEnjoy.",
			[]TaggedBlock{{JSON: `[{"a":1}]`, Closed: true}}},
		{"only a block", "<a2ui-json>{}</a2ui-json>", "", []TaggedBlock{{JSON: `{}`, Closed: true}}},
		{"two blocks", "a<a2ui-json>1</a2ui-json>b<a2ui-json>2</a2ui-json>c", "abc",
			[]TaggedBlock{{JSON: "1", Closed: true}, {JSON: "2", Closed: true}}},
		{"unclosed", "a<a2ui-json>{\"x\":", "a", []TaggedBlock{{JSON: `{"x":`}}},
		{"stray close tag stays text", "a</a2ui-json>b", "a</a2ui-json>b", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rest, blocks := CutA2UIBlocks(tc.in)
			if rest != tc.rest || !reflect.DeepEqual(blocks, tc.blocks) {
				t.Errorf("CutA2UIBlocks(%q) = %q, %#v; want %q, %#v", tc.in, rest, blocks, tc.rest, tc.blocks)
			}
		})
	}
}
