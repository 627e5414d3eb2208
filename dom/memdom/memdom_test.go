package memdom_test

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

func TestApplyErrors(t *testing.T) {
	tests := []struct {
		name  string
		build func(e *dom.Encoder)
		want  string
	}{
		{"no host", func(e *dom.Encoder) { e.Elem(1, dom.NSHTML, "p") }, "no HOST op before"},
		{"unknown host", func(e *dom.Encoder) { e.Host("zz") }, `unknown host "zz"`},
		{"id in use", func(e *dom.Encoder) { e.Host("h"); e.Elem(1, dom.NSHTML, "p"); e.Text(1, "x") }, "id in use"},
		{"unknown node", func(e *dom.Encoder) { e.Host("h"); e.Remove(5) }, "unknown node 5"},
		{"cycle", func(e *dom.Encoder) {
			e.Host("h")
			e.Elem(1, dom.NSHTML, "p")
			e.Elem(2, dom.NSHTML, "p")
			e.Insert(1, 2, 0)
			e.Insert(2, 1, 0)
		}, "cycle"},
		{"before not a child", func(e *dom.Encoder) {
			e.Host("h")
			e.Elem(1, dom.NSHTML, "p")
			e.Elem(2, dom.NSHTML, "p")
			e.Elem(3, dom.NSHTML, "p")
			e.Insert(1, 2, 3)
		}, "before is not a child"},
		{"settext on element", func(e *dom.Encoder) { e.Host("h"); e.Elem(1, dom.NSHTML, "p"); e.SetText(1, "x") }, "not a text node"},
		{"attr on text", func(e *dom.Encoder) { e.Host("h"); e.Text(1, "x"); e.Attr(1, "a", "b") }, "not an element"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := memdom.New()
			d.Attach("h")
			var e dom.Encoder
			tc.build(&e)
			err := d.Apply(e.Bytes())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestPolicyRejections(t *testing.T) {
	d := memdom.New()
	d.Attach("h")
	var e dom.Encoder
	e.Host("h")
	e.Elem(1, dom.NSHTML, "a")
	e.Attr(1, "href", "https://ok.example/")
	e.Attr(1, "href", "javascript:alert(1)") // rejected, and the old value goes too
	e.Attr(1, "onclick", "x")
	e.Prop(1, "innerHTML", "<b>")
	e.Elem(2, dom.NSSVG, "script")
	e.Insert(1, 2, 0)
	e.Mount(1)
	if err := d.Apply(e.Bytes()); err != nil {
		t.Fatal(err)
	}
	if got := d.Host("h").HTML(); got != "<a><a2ui-blocked></a2ui-blocked></a>" {
		t.Fatalf("html %s", got)
	}
	if got := strings.Join(d.Rejected, "; "); got != "attr href; attr onclick; prop innerHTML; tag script" {
		t.Fatalf("rejected: %s", got)
	}
}

func TestDetachAndTextContent(t *testing.T) {
	d := memdom.New()
	d.Attach("h")
	tr := dom.NewTree("h")
	var e dom.Encoder
	n := dom.El("p", dom.T("a"), dom.El("b", dom.T("b")))
	tr.Render(n, &e)
	if err := d.Apply(e.Bytes()); err != nil {
		t.Fatal(err)
	}
	if got := d.Host("h").Node(n.ID).TextContent(); got != "ab" {
		t.Fatalf("text %q", got)
	}
	d.Detach("h")
	if d.Host("h") != nil || d.Apply(e.Bytes()) == nil {
		t.Fatal("detached host still usable")
	}
}
