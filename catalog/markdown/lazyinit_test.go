package markdown

import "testing"

// TestGoldmarkLazyTables: the inputs that reach the scanners that replaced goldmark's
// regular expressions and the case folding table that internal/third_party/goldmark builds on first
// use instead of at package init (internal/third_party/goldmark/PATCHES.md) render as with upstream
// goldmark: HTML blocks of every
// CommonMark type and inline HTML are recognized (and dropped), an email autolink and a
// case-insensitive link reference resolve.
func TestGoldmarkLazyTables(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"type 1 open and close", "<pre>\nx\n</pre>\nafter", "<p>after</p>\n"},
		{"type 2 comment", "<!-- c -->\n\npara", "<p>para</p>\n"},
		{"type 3 processing instruction", "<?php x ?>\n\npara", "<p>para</p>\n"},
		{"type 4 declaration", "<!DOCTYPE html>\n\npara", "<p>para</p>\n"},
		{"type 5 CDATA", "<![CDATA[ x ]]>\n\npara", "<p>para</p>\n"},
		{"type 6 block tag", "<div>\nx\n</div>\n\npara", "<p>para</p>\n"},
		{"type 7 any tag", "<custom-el a=\"1\">\n\npara", "<p>para</p>\n"},
		{"inline open and close tags", "a <b>bold</b> c", "<p>a bold c</p>\n"},
		{"email autolink", "<me@mail.example>", "<p>me@mail.example</p>\n"},
		{"not an email", "<me@-bad>", "<p>&lt;me@-bad&gt;</p>\n"},
		{"link reference, case folded", "[ẞ]\n\n[ss]: https://fold.example/", "<p>\n  <a href=\"https://fold.example/\" rel=\"noopener noreferrer ugc\" target=\"_blank\">ẞ</a>\n</p>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := render(Blocks(tt.in)); got != tt.want {
				t.Errorf("Blocks(%q) =\n%s\nwant\n%s", tt.in, got, tt.want)
			}
		})
	}
}
