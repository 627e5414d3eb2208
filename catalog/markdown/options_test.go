package markdown

import (
	"strings"
	"testing"
)

func TestOptions(t *testing.T) {
	onlyDocs := &Options{HeadingBase: 2, Link: func(d string) (string, bool) {
		if strings.HasPrefix(d, "/") {
			d = "https://agent.example" + d
		}
		return d, strings.HasPrefix(d, "https://agent.example/")
	}}
	for _, tt := range []struct {
		in   string
		opts *Options
		want string
	}{
		{"# T\n\n## U", onlyDocs, "<h3>T</h3><h4>U</h4>"},
		{"#### deep", onlyDocs, `<h6>deep</h6>`},
		{"##### deeper", onlyDocs, `<h6 aria-level="7">deeper</h6>`},
		{"[a](/x) [b](https://evil.example/)", onlyDocs, `<p><a href="https://agent.example/x" rel="noopener noreferrer ugc" target="_blank">a</a>b</p>`}, // (line-trimmed: the text is " b"),
		{"[a](/x)", nil, `<p>a</p>`},
		{"x\u202ey \u200b`c\u2066d`", nil, "<p>xy <code>cd</code></p>"},
		{"[bank.example](https://evil.example/)", nil, `<p><a href="https://evil.example/" rel="noopener noreferrer ugc" target="_blank">bank.example</a><span class="a2ui-link-host"> (evil.example)</span></p>`},
	} {
		var b strings.Builder
		for _, l := range strings.Split(render(BlocksWith(tt.in, tt.opts)), "\n") {
			b.WriteString(strings.TrimLeft(l, " "))
		}
		if got := b.String(); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}
