package main

import "testing"

func TestReplace(t *testing.T) {
	for _, tt := range []struct {
		name, doc, block, content, want, err string
	}{
		{"block", "a\n<!-- size:begin -->\nold\nrows\n<!-- size:end -->\nb\n", "size", "| new |\n", "a\n<!-- size:begin -->\n| new |\n<!-- size:end -->\nb\n", ""},
		{"inline, every occurrence", "is <!-- wasm -->6.9 MB<!-- /wasm --> and <!-- wasm -->x<!-- /wasm -->.", "wasm", " 6.0 MB\n", "is <!-- wasm -->6.0 MB<!-- /wasm --> and <!-- wasm -->6.0 MB<!-- /wasm -->.", ""},
		{"names do not overlap", "<!-- size:wasm -->1<!-- /size:wasm --> <!-- size:begin -->\n<!-- size:end -->", "size:wasm", "2", "<!-- size:wasm -->2<!-- /size:wasm --> <!-- size:begin -->\n<!-- size:end -->", ""},
		{"no marker", "text", "size", "x", "", "no marker <!-- size:begin --> or <!-- size --> in the README"},
		{"unclosed", "<!-- size:begin -->\nx", "size", "x", "", "<!-- size:begin --> without <!-- size:end -->"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := replace(tt.doc, tt.block, tt.content)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err = %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("replace = %q, %v\nwant %q", got, err, tt.want)
			}
		})
	}
}
