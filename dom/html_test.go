package dom_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestWriteHTMLGolden(t *testing.T) {
	tests := []struct {
		name string
		node *dom.Node
	}{
		{"form", dom.El("form",
			dom.El("label", dom.T(`Tom & "Jerry" <script>`)).SetAttr("for", "n"),
			dom.El("input").SetAttr("id", "n").SetAttr("placeholder", `"><img src=x onerror=alert(1)>`).
				SetProp("value", "typed").Listen("input", 1),
			dom.El("input").SetAttr("type", "checkbox").SetProp("checked", "true"),
			dom.El("input").SetAttr("type", "checkbox").SetProp("checked", ""),
			dom.El("br"),
			dom.El("button", dom.T("Send")).SetAttr("type", "submit").Listen("click", 2),
		).SetAttr("class", "a2ui-form")},
		{"hostile", dom.El("div",
			dom.El("script", dom.T("alert(1)")),
			dom.El("a", dom.T("x")).SetAttr("href", "javascript:alert(1)").SetAttr("onclick", "alert(1)").SetAttr("rel", "noopener"),
			dom.El("p").SetAttr("style", "position:fixed").SetProp("innerHTML", "<b>x</b>").SetProp("--a2ui-weight", "2"),
		)},
		{"svg-icon", dom.El("span",
			dom.El("svg", dom.El("path").SetAttr("d", "M12 2L2 22h20z")).SetAttr("viewBox", "0 0 24 24").SetAttr("aria-hidden", "true"),
		).SetAttr("class", "a2ui-icon")},
		{"dialog", dom.El("dialog", dom.El("p", dom.T("Hi"))).SetProp("open", "true").Listen("close", 3)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := dom.WriteHTML(&buf, tc.node); err != nil {
				t.Fatal(err)
			}
			buf.WriteByte('\n')
			path := filepath.Join("testdata", tc.name+".html")
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Fatalf("got\n%s\nwant\n%s", buf.Bytes(), want)
			}
			// memdom builds the same DOM from the op stream.
			h := newHarness(t)
			h.render(tc.node)
			if got := h.html() + "\n"; got != string(want) {
				t.Fatalf("memdom\n%s\nwant\n%s", got, want)
			}
		})
	}
}
