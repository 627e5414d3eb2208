package dom_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
)

func TestWriteStaticHTMLGolden(t *testing.T) {
	tests := []struct {
		name string
		node *dom.Node
	}{
		{"form", dom.El("div",
			dom.El("label", dom.T(`Tom & "Jerry" <script>`)).SetAttr("for", "n"),
			dom.El("input").SetAttr("id", "n").SetAttr("placeholder", `"><img src=x onerror=alert(1)>`).
				SetProp("value", `typed "<b>" & more`).Listen("input", 1),
			dom.El("input").SetAttr("type", "checkbox").SetProp("checked", "true"),
			dom.El("input").SetAttr("type", "checkbox").SetAttr("checked", "").SetProp("checked", ""),
			dom.El("input").SetAttr("type", "checkbox").SetProp("indeterminate", "true"),
			dom.El("textarea").SetProp("value", "\nline </textarea><script>x</script>"),
			dom.El("button", dom.T("Send")).SetAttr("type", "button").Listen("click", 2),
		).SetAttr("class", "a2ui-form")},
		{"hostile", dom.El("div",
			dom.El("script", dom.T("alert(1)")),
			dom.El("template", dom.T("<b>")),
			dom.El("a", dom.T("x")).SetAttr("href", "javascript:alert(1)").SetAttr("onclick", "alert(1)").SetAttr("rel", "noopener"),
			dom.El("p").SetAttr("style", "position:fixed").SetProp("innerHTML", "<b>x</b>").SetProp("--a2ui-weight", "2"),
			dom.El("textarea", dom.T("kept")).SetAttr("value", "x").SetProp("onfocus", "alert(1)"),
		)},
		{"dialog", dom.El("div",
			dom.El("dialog", dom.El("p", dom.T("Hi"))).SetProp("open", "true").Listen("close", 3),
			dom.El("details", dom.El("summary", dom.T("More"))).SetProp("open", ""),
			dom.El("svg", dom.El("title", dom.T("a<b")), dom.El("path").SetAttr("d", "M0 0")).SetAttr("viewBox", "0 0 1 1"),
		)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := dom.WriteStaticHTML(&buf, tc.node); err != nil {
				t.Fatal(err)
			}
			if got := dom.StaticHTML(tc.node); got != buf.String() {
				t.Fatalf("StaticHTML %q != WriteStaticHTML %q", got, buf.String())
			}
			buf.WriteByte('\n')
			path := filepath.Join("testdata", "static-"+tc.name+".html")
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
		})
	}
}
