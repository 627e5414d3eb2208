package basic

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/catalog/markdown"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/internal/fixtures"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// apply decodes each message JSON and applies it, failing on any error.
func apply(t testing.TB, p *model.Processor, msgs []json.RawMessage) {
	t.Helper()
	dec := protocol.NewDecoder()
	for i, raw := range msgs {
		ms, errs := dec.Decode(raw)
		for _, e := range errs {
			t.Fatalf("message %d: decode: %v", i, e)
		}
		for _, m := range ms {
			if e := p.Apply(m); e != nil {
				t.Fatalf("message %d: apply: %v", i, e)
			}
		}
	}
}

// visibleLiteralTexts returns the literal text of Text components reachable from the root
// without crossing a closed Modal's content or an unselected tab.
func visibleLiteralTexts(s *model.Surface) []string {
	var out []string
	seen := map[string]bool{}
	var walk func(id string)
	walk = func(id string) {
		if seen[id] {
			return
		}
		seen[id] = true
		c, ok := s.Component(id)
		if !ok {
			return
		}
		var p map[string]any
		raw, _ := json.Marshal(c.Props)
		_ = json.Unmarshal(raw, &p)
		if c.Type == "Text" {
			if t, ok := p["text"].(string); ok && markdown.IsPlain(t) {
				out = append(out, t)
			}
		}
		for _, k := range []string{"child", "trigger"} {
			if id, ok := p[k].(string); ok {
				walk(id)
			}
		}
		if ids, ok := p["children"].([]any); ok {
			for _, x := range ids {
				if id, ok := x.(string); ok {
					walk(id)
				}
			}
		}
		if tabs, ok := p["tabs"].([]any); ok && len(tabs) > 0 {
			if m, ok := tabs[0].(map[string]any); ok {
				if id, ok := m["child"].(string); ok {
					walk(id)
				}
			}
		}
	}
	walk(s.Root)
	return out
}

// badNodes lists placeholder classes that must not appear in a clean build.
func badNodes(n *dom.Node) []string {
	var out []string
	var walk func(*dom.Node)
	walk = func(n *dom.Node) {
		for _, at := range n.Attrs {
			if at.Name == "class" {
				for _, c := range []string{"a2ui-pending", "a2ui-unknown", "a2ui-failed", "a2ui-cycle", "a2ui-limit", "a2ui-media-blocked"} {
					if strings.Contains(at.Value, c) {
						out = append(out, c+" key="+n.Key)
					}
				}
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(n)
	return out
}

func TestOfficialExamples(t *testing.T) {
	src := fixtures.WebCore(t)
	var files []string
	for _, g := range []string{
		"v0_9/schemas/catalogs/basic/examples/*.json",
		"v0_9/schemas/catalogs/minimal/examples/*.json",
		"v1_0/schemas/catalogs/basic/examples/*.json",
	} {
		fs, _ := filepath.Glob(filepath.Join(src, g))
		if len(fs) == 0 {
			t.Fatalf("no examples for %s", g)
		}
		files = append(files, fs...)
	}
	for _, f := range files {
		name := strings.TrimPrefix(f, src+"/")
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var ex struct {
				Messages []json.RawMessage `json:"messages"`
			}
			if err := json.Unmarshal(b, &ex); err != nil {
				t.Fatal(err)
			}
			p := model.NewProcessor(model.Options{})
			apply(t, p, ex.Messages)
			ids := p.SurfaceIDs()
			if len(ids) == 0 {
				t.Fatal("no surface")
			}
			for _, id := range ids {
				s, _ := p.Surface(id)
				env := &engine.Env{Catalog: Catalog(), Functions: Functions()}
				root, errs := buildSurface(s, env)
				for _, e := range errs {
					t.Errorf("surface %s: %v", id, e)
				}
				if bad := badNodes(root); len(bad) > 0 {
					t.Errorf("surface %s: placeholders %v", id, bad)
				}
				text := dom.TextContent(root)
				for _, want := range visibleLiteralTexts(s) {
					if !strings.Contains(text, want) {
						t.Errorf("surface %s: text %q not shown", id, want)
					}
				}
				// A second build yields the same tree and no new errors.
				root2, errs2 := buildSurface(s, env)
				if len(errs2) != 0 {
					t.Errorf("rebuild reported errors again: %v", errs2)
				}
				if dom.Outline(root) != dom.Outline(root2) {
					t.Errorf("rebuild differs")
				}
			}
		})
	}
}
