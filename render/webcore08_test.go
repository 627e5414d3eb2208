package render

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// v08Case is one v0.8 stream fed to this renderer and to web_core's v0.8 model.
type v08Case struct {
	name, surface, stream string
	probes                [][2]string // {context path, path}: where a path reads
}

// v08Cases: the dotted and bracketed keys and paths of v0.8 agents (rizzcharts' shape in
// testdata/v08/regional_revenue.jsonl), web_core's rules for keys that go through values,
// valueMaps taking later keys, "." entries, updates at dotted paths, and template rows.
var v08Cases = []v08Case{
	{name: "regional revenue sample", surface: "regional-revenue", stream: "@../testdata/v08/regional_revenue.jsonl",
		probes: [][2]string{{"/", "/chart.items"}, {"/", "chart.items[10].label"}, {"/chart/items/3", "value"}, {"/", "chart.meta[0].period"}}},
	{name: "keys through values", surface: "k", stream: `{"beginRendering":{"surfaceId":"k","root":"col"}}
{"surfaceUpdate":{"surfaceId":"k","components":[{"id":"col","component":{"Column":{"children":{"explicitList":["t1","t2","t3","t4","t5","t6","t7","t8","t9","t10"]}}}},{"id":"t1","component":{"Text":{"text":{"path":"/a.b"}}}},{"id":"t2","component":{"Text":{"text":{"path":"m.p.q"}}}},{"id":"t3","component":{"Text":{"text":{"path":"/m/r"}}}},{"id":"t4","component":{"Text":{"text":{"path":"/list[2]"}}}},{"id":"t5","component":{"Text":{"text":{"path":"/z[0][1]"}}}},{"id":"t6","component":{"Text":{"text":{"path":"/3"}}}},{"id":"t7","component":{"Text":{"text":{"path":"/odd[x]"}}}},{"id":"t8","component":{"Text":{"text":{"path":"/a..c"}}}},{"id":"t9","component":{"Text":{"text":{"path":"/n.deep.x.y"}}}},{"id":"t10","component":{"Text":{"text":{"path":"/s.t[1]"}}}}]}}
{"dataModelUpdate":{"surfaceId":"k","contents":[{"key":"a","valueString":"gone"},{"key":"a.b","valueString":"primitive replaced"},{"key":"m","valueMap":[{"key":"p.q","valueString":"from a valueMap"}]},{"key":"m.r","valueBoolean":true},{"key":"list[2]","valueString":"index as a key"},{"key":"z[0][1]","valueString":"two brackets"},{"key":"[3]","valueNumber":3},{"key":"odd[x]","valueString":"a bracket kept"},{"key":"a..c","valueString":"empty segment dropped"},{"key":"n","valueMap":[{"key":"deep","valueMap":[{"key":"x.y","valueNumber":1}]}]},{"key":"s.t","valueString":"[\"zero\",\"one\"]"},{"key":"a.e","valueNumber":2.5}]}}
`, probes: [][2]string{{"/", "a[01]"}, {"/x", "[2].y"}, {"/", "./p.q"}, {"/", "/a..b//c"}, {"/", "."}, {"/a/b", ""}, {"/", "/"}, {"/", "odd[x].y"}, {"/q", "r[]"}}},
	{name: "updates at dotted paths", surface: "u", stream: `{"beginRendering":{"surfaceId":"u","root":"col"}}
{"surfaceUpdate":{"surfaceId":"u","components":[{"id":"col","component":{"Column":{"children":{"explicitList":["t1","t2","t3"]}}}},{"id":"t1","component":{"Text":{"text":{"path":"/user.name"}}}},{"id":"t2","component":{"Text":{"text":{"path":"/user.address[0].city"}}}},{"id":"t3","component":{"Text":{"text":{"path":"/user.address.0.zip"}}}}]}}
{"dataModelUpdate":{"surfaceId":"u","path":"/","contents":[{"key":"user.name","valueString":"Ada"},{"key":"user.address[0].city","valueString":"London"}]}}
{"dataModelUpdate":{"surfaceId":"u","path":"user.address[0]","contents":[{"key":"city","valueString":"Paris"},{"key":"zip","valueString":"75001"}]}}
{"dataModelUpdate":{"surfaceId":"u","path":"/user.name","contents":[{"key":".","valueString":"Grace"}]}}
`},
	{name: "template rows", surface: "r", stream: `{"beginRendering":{"surfaceId":"r","root":"col"}}
{"surfaceUpdate":{"surfaceId":"r","components":[{"id":"col","component":{"Column":{"children":{"explicitList":["title","rows","json"]}}}},{"id":"title","component":{"Text":{"text":{"path":"report.title"}}}},{"id":"rows","component":{"List":{"children":{"template":{"componentId":"row","dataBinding":"report.rows"}}}}},{"id":"row","component":{"Row":{"children":{"explicitList":["name","total"]}}}},{"id":"name","component":{"Text":{"text":{"path":"/name"}}}},{"id":"total","component":{"Text":{"text":{"path":"./totals.sum"}}}},{"id":"json","component":{"List":{"children":{"template":{"componentId":"jrow","dataBinding":"/lines"}}}}},{"id":"jrow","component":{"Text":{"text":{"path":"/meta.v"}}}}]}}
{"dataModelUpdate":{"surfaceId":"r","path":"/","contents":[{"key":"report.title","valueString":"Totals"},{"key":"report.rows[1].name","valueString":"second"},{"key":"report.rows[0].name","valueString":"first"},{"key":"report.rows[0].totals.sum","valueNumber":10},{"key":"report.rows[1].totals.sum","valueNumber":20},{"key":"lines","valueString":"[{\"meta\":{\"v\":\"json line\"}}]"}]}}
`},
}

// TestV08DottedKeysRender: rizzcharts' v0.8 shape (testdata/v08/regional_revenue.jsonl) —
// data keys "chart.items[0].label", a List bound to "/chart.items" — renders every row,
// in stream order (item 10 after item 9), and dataModel() keeps the keys' order.
func TestV08DottedKeysRender(t *testing.T) {
	b, err := os.ReadFile("../testdata/v08/regional_revenue.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	r, h := newRenderer(t)
	r.Process(b)
	r.Frame()
	if errs := h.ofType("a2ui-error"); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	want := []string{"Revenue by region", "Q3", "North", "31", "South", "22", "East", "17", "West", "12", "Central", "9",
		"Islands", "4", "Coast", "3", "Valley", "2", "Highlands", "2", "Lakes", "1", "Border", "1"}
	if got := textsOf(h, "regional-revenue"); !slices.Equal(got, want) {
		t.Errorf("texts %q\nwant %q", got, want)
	}
	dm := string(r.DataModel("regional-revenue"))
	if !strings.HasPrefix(dm, `{"chart":{"title":"Revenue by region","meta":{"0":{"period":"Q3"}},"items":{"0":{"label":"North","value":31},"1":`) ||
		!strings.HasSuffix(dm, `"9":{"label":"Lakes","value":1},"10":{"label":"Border","value":1}}}}`) {
		t.Errorf("dataModel() %s", dm)
	}
}

// TestV08PathsMatchWebCore feeds v08Cases to this renderer and to the pinned
// @a2ui/web_core v0.8 model (node_modules, through render/testdata/webcore08.mjs) and
// compares the data model (JSON, keys in order), what every Text shows and where probe
// paths read. Skipped without node or node_modules (unless A2UI_REQUIRE_FIXTURES=1).
func TestV08PathsMatchWebCore(t *testing.T) {
	need := func(what string, err error) {
		if os.Getenv("A2UI_REQUIRE_FIXTURES") == "1" {
			t.Fatalf("%s: %v", what, err)
		}
		t.Skipf("%s: %v", what, err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		need("node", err)
	}
	mod, _ := filepath.Abs("../node_modules/@a2ui/web_core/src/v0_8/data/model-processor.js")
	if _, err := os.Stat(mod); err != nil {
		need("web_core (npm ci)", err)
	}

	type webCase struct {
		Name     string              `json:"name"`
		Surface  string              `json:"surface"`
		Messages []json.RawMessage   `json:"messages"`
		Probes   []map[string]string `json:"probes"`
	}
	type webResult struct {
		Name  string    `json:"name"`
		Data  string    `json:"data"`
		Texts []*string `json:"texts"` // nil: not compared (web_core's "/label" strip)
		Paths []string  `json:"paths"`
	}
	streams := make([]string, len(v08Cases))
	in := make([]webCase, len(v08Cases))
	for i, c := range v08Cases {
		streams[i] = c.stream
		if file, ok := strings.CutPrefix(c.stream, "@"); ok {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			streams[i] = string(b)
		}
		in[i] = webCase{Name: c.name, Surface: c.surface, Probes: []map[string]string{}}
		for line := range strings.SplitSeq(streams[i], "\n") {
			if strings.TrimSpace(line) != "" {
				in[i].Messages = append(in[i].Messages, json.RawMessage(line))
			}
		}
		for _, p := range c.probes {
			in[i].Probes = append(in[i].Probes, map[string]string{"ctx": p[0], "path": p[1]})
		}
	}
	stdin, _ := json.Marshal(in)
	cmd := exec.Command(node, "testdata/webcore08.mjs", (&url.URL{Scheme: "file", Path: mod}).String())
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var want []webResult
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(v08Cases) {
		t.Fatalf("node answered %s (%v)", out, err)
	}

	for i, c := range v08Cases {
		t.Run(c.name, func(t *testing.T) {
			w := want[i]
			r, h := newRenderer(t)
			r.Process([]byte(streams[i]))
			r.Frame()
			if errs := h.ofType("a2ui-error"); len(errs) > 0 {
				t.Errorf("errors: %v", errs)
			}
			if got := string(r.DataModel(c.surface)); got != w.Data {
				t.Errorf("data model\n got %s\nwant %s (web_core)", got, w.Data)
			}
			got := textsOf(h, c.surface)
			same := len(got) == len(w.Texts)
			for j := 0; same && j < len(got); j++ {
				same = w.Texts[j] == nil || *w.Texts[j] == got[j]
			}
			if !same {
				t.Errorf("texts\n got %q\nwant %s (web_core)", got, jsonText(w.Texts))
			}
			for j, p := range c.probes {
				scope, err := model.ParsePointer(p[0])
				if err != nil {
					t.Fatal(err)
				}
				ptr, err := model.Resolve(scope, protocol.NormalizeV08Path(p[1]), protocol.V08, false)
				if err != nil {
					t.Errorf("probe %q in %q: %v", p[1], p[0], err)
					continue
				}
				if got := "/" + strings.Join(ptr, "/"); got != w.Paths[j] {
					t.Errorf("probe %q in %q reads %s, web_core %s", p[1], p[0], got, w.Paths[j])
				}
			}
		})
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// textsOf returns the text of every Text component of the surface, in document order.
func textsOf(h *fakeHost, surface string) []string {
	out := []string{}
	host := h.doc.Host(surface)
	if host == nil || host.Root == nil {
		return out
	}
	var walk func(n *memdom.Node)
	walk = func(n *memdom.Node) {
		if cls, _ := n.Attr("class"); slices.Contains(strings.Fields(cls), "a2ui-text") {
			out = append(out, n.TextContent())
			return
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(host.Root)
	return out
}
