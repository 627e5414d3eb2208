package dom_test

import (
	"encoding/base64"
	"encoding/json"
	"github.com/a2ui-go/a2ui/internal/fixtures"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

type jsResult struct {
	Err  *string           `json:"err"`
	HTML map[string]string `json:"html"`
	Got  [][]any           `json:"got"`
	Prev bool              `json:"prevented"`
}

// runJS applies the batches with web/a2ui-runtime.js on a fake DOM under Node.
func runJS(t *testing.T, hosts []string, batches [][]byte, event []any) []jsResult {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("A2UI_REQUIRE_FIXTURES") != "" {
			t.Fatal("node not found")
		}
		t.Skip("node not installed")
	}
	root := fixtures.RepoRoot(t)
	in := map[string]any{"hosts": hosts}
	var b64 []string
	for _, b := range batches {
		b64 = append(b64, base64.StdEncoding.EncodeToString(b))
	}
	in["batches"] = b64
	if event != nil {
		in["event"] = event
	}
	data, _ := json.Marshal(in)
	f := filepath.Join(t.TempDir(), "in.json")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join(root, "dom/testdata/fakedom.js"), filepath.Join(root, "web/a2ui-runtime.js"), f)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var res []jsResult
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r jsResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("bad line %q: %v", line, err)
		}
		res = append(res, r)
	}
	return res
}

// TestJSRuntimeMatchesMemdom applies the same random diff batches with the JS runtime and
// with memdom and compares the DOMs after every batch.
func TestJSRuntimeMatchesMemdom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	hosts := []string{"a", "b"}
	trees := map[string]*dom.Tree{"a": dom.NewTree("a"), "b": dom.NewTree("b")}
	doc := memdom.New()
	doc.Attach("a")
	doc.Attach("b")
	var batches [][]byte
	var want []map[string]string
	for step := 0; step < 150; step++ {
		var e dom.Encoder
		for _, h := range hosts {
			if r.IntN(3) != 0 {
				var next *dom.Node
				if r.IntN(10) != 0 {
					next = randTree(r, 4)
				}
				trees[h].Render(next, &e)
			}
		}
		// A few hostile nodes and live props every now and then.
		if step%10 == 0 {
			trees["a"].Render(dom.El("div",
				dom.El("script", dom.T("x")),
				dom.El("a", dom.T("l")).SetAttr("href", "javascript:alert(1)").SetAttr("onclick", "x").SetAttr("title", "é ü ☃ "+strings.Repeat("long ", 20)),
				dom.El("input").SetProp("value", "v").SetProp("innerHTML", "<b>").SetProp("--a2ui-w", "3"),
				dom.El("dialog", dom.T("d")).SetProp("open", "true"),
			), &e)
		}
		b := append([]byte(nil), e.Bytes()...)
		if err := doc.Apply(b); err != nil {
			t.Fatalf("memdom step %d: %v", step, err)
		}
		batches = append(batches, b)
		want = append(want, map[string]string{"a": doc.Host("a").HTML(), "b": doc.Host("b").HTML()})
	}
	res := runJS(t, hosts, batches, nil)
	if len(res) != len(batches) {
		t.Fatalf("%d results for %d batches", len(res), len(batches))
	}
	for i := range res {
		if res[i].Err != nil {
			t.Fatalf("batch %d: JS error %s", i, *res[i].Err)
		}
		for _, h := range hosts {
			if res[i].HTML[h] != want[i][h] {
				t.Fatalf("batch %d host %s:\n js %s\nmem %s", i, h, res[i].HTML[h], want[i][h])
			}
		}
	}
}

func TestJSRuntimeErrorsAndEvents(t *testing.T) {
	tr := dom.NewTree("s")
	var e dom.Encoder
	btn := dom.El("button", dom.T("Go"))
	n := dom.El("form", dom.El("div", btn)).Listen("submit", 1)
	btn.Listen("click", 2)
	tr.Render(n, &e)
	good := append([]byte(nil), e.Bytes()...)
	bad := []byte{0xA2, 1, byte(dom.OpHost), 0, 1, 's', byte(dom.OpRemove), 99}
	res := runJS(t, []string{"s"}, [][]byte{good, bad, {0xA2, 1, byte(dom.OpHost), 0, 1, 's', 77}}, []any{"s", btn.Children[0].ID, "click"})
	if res[0].Err != nil || res[0].HTML["s"] != "<form><div><button>Go</button></div></form>" {
		t.Fatalf("good batch: %+v", res[0])
	}
	if res[1].Err == nil || !strings.Contains(*res[1].Err, "unknown node 99") {
		t.Fatalf("bad batch error: %+v", res[1])
	}
	if res[2].Err == nil || !strings.Contains(*res[2].Err, "unknown op 77") {
		t.Fatalf("bad op error: %+v", res[2])
	}
	// A click on the button's text node is delegated to the button (host index, node id,
	// flags: untrusted, "type value", key; no detail argument for an event that is not a
	// CustomEvent).
	ev := res[3].Got
	if len(ev) != 1 || len(ev[0]) != 6 || ev[0][0] != float64(1) || ev[0][1] != float64(btn.ID) || ev[0][2] != float64(1) || ev[0][4] != "click " || ev[0][5] != "Enter" {
		t.Fatalf("event: %+v", res[3])
	}
	// The submit listener on the form is delegated and the default prevented.
	res = runJS(t, []string{"s"}, [][]byte{good}, []any{"s", btn.ID, "submit"})
	if ev := res[1].Got; len(ev) != 1 || ev[0][1] != float64(n.ID) || !res[1].Prev {
		t.Fatalf("submit: %+v", res[1])
	}
}

// TestJSRuntimeHostProps: HOSTPROP assigns JSON values on custom elements only, never an
// on* or markup property, and skips an unchanged value; an unknown factory gives the
// inert element.
func TestJSRuntimeHostProps(t *testing.T) {
	var e dom.Encoder
	e.Host("s")
	e.Elem(1, dom.NSHTML, "div")
	e.Elem(2, dom.NSHTML, "x-chart")
	e.HostProp(2, "data", `[1,{"a":"b"}]`)
	e.HostProp(2, "title", `"T"`)
	e.HostProp(2, "onclick", `"alert(1)"`)
	e.HostProp(2, "innerHTML", `"<b>x</b>"`)
	e.HostProp(2, "bad-name", `1`)
	e.Elem(3, dom.NSHTML, "p")
	e.HostProp(3, "data", `1`)
	e.Elem(4, dom.NSFactory, dom.FactoryTagPrefix+"404")
	e.Insert(1, 2, 0)
	e.Insert(1, 3, 0)
	e.Insert(1, 4, 0)
	e.Mount(1)
	first := append([]byte(nil), e.Bytes()...)
	e.Reset()
	e.Host("s")
	e.HostProp(2, "title", "")
	second := append([]byte(nil), e.Bytes()...)
	res := runJS(t, []string{"s"}, [][]byte{first, second}, nil)
	want := []string{
		`<div><x-chart .data="[1,{&#34;a&#34;:&#34;b&#34;}]" .title="&#34;T&#34;"></x-chart><p></p><a2ui-blocked></a2ui-blocked></div>`,
		`<div><x-chart .data="[1,{&#34;a&#34;:&#34;b&#34;}]"></x-chart><p></p><a2ui-blocked></a2ui-blocked></div>`,
	}
	for i, w := range want {
		if res[i].Err != nil || res[i].HTML["s"] != w {
			t.Errorf("batch %d: %+v\nwant %s", i, res[i], w)
		}
	}
	// memdom applies the same policy.
	doc := memdom.New()
	doc.Attach("s")
	if err := doc.Apply(first); err != nil {
		t.Fatal(err)
	}
	got := doc.Host("s").Root.Children[0].HostProps
	if len(got) != 2 || got["data"] != `[1,{"a":"b"}]` || got["title"] != `"T"` {
		t.Errorf("memdom host props %v", got)
	}
	if p := doc.Host("s").Root.Children[1]; len(p.HostProps) != 0 {
		t.Errorf("memdom set host props on <p>: %v", p.HostProps)
	}
}
