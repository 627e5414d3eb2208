package binding_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/basic"

	"github.com/a2ui-go/a2ui/internal/fixtures"

	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// TestCorpusGolden renders every function call of the official v0.9 basic and minimal
// examples (from @a2ui/web_core's schemas) in its real scope — walking children and
// templates from "root" — and compares the values with testdata/corpus.golden. No call
// may fail.
func TestCorpusGolden(t *testing.T) {
	base := filepath.Join(fixtures.RepoRoot(t), "node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs")
	files, _ := filepath.Glob(filepath.Join(base, "*/examples/*.json"))
	if len(files) == 0 {
		if os.Getenv("A2UI_REQUIRE_FIXTURES") != "" {
			t.Fatalf("no examples under %s (run npm ci)", base)
		}
		t.Skip("node_modules/@a2ui/web_core missing; run npm ci")
	}
	sort.Strings(files)
	fns := basic.Functions()
	var out strings.Builder
	for _, f := range files {
		rel, _ := filepath.Rel(base, f)
		lines := renderExample(t, f, fns)
		for _, l := range lines {
			out.WriteString(rel + " " + l + "\n")
		}
	}
	golden := filepath.Join("testdata", "corpus.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestCorpusGolden -update)", err)
	}
	if out.String() != string(want) {
		t.Errorf("corpus output differs from %s:\n%s", golden, diffLines(string(want), out.String()))
	}
}

func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("- " + a + "\n+ " + c + "\n")
		}
	}
	return b.String()
}

type example struct {
	Messages []map[string]json.RawMessage `json:"messages"`
}

func renderExample(t *testing.T, file string, fns *binding.Functions) []string {
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var ex example
	if err := json.Unmarshal(raw, &ex); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	surf := &model.Surface{ID: filepath.Base(file), Version: protocol.V09, Data: model.NewDataModel()}
	comps := map[string]map[string]json.RawMessage{}
	for _, m := range ex.Messages {
		if r, ok := m["updateDataModel"]; ok {
			var u struct {
				Path  string `json:"path"`
				Value any    `json:"value"`
			}
			if err := json.Unmarshal(r, &u); err != nil {
				t.Fatal(err)
			}
			p, err := model.ParsePointer(u.Path)
			if err != nil {
				t.Fatal(err)
			}
			if err := surf.Data.Set(p, u.Value); err != nil {
				t.Fatalf("%s: Set %s: %v", file, u.Path, err)
			}
		}
		if r, ok := m["updateComponents"]; ok {
			var u struct {
				Components []map[string]json.RawMessage `json:"components"`
			}
			if err := json.Unmarshal(r, &u); err != nil {
				t.Fatal(err)
			}
			for _, c := range u.Components {
				var id string
				_ = json.Unmarshal(c["id"], &id)
				comps[id] = c
			}
		}
	}
	var lines []string
	var walk func(id string, s binding.Scope, depth int)
	walk = func(id string, s binding.Scope, depth int) {
		c, ok := comps[id]
		if !ok || depth > 20 {
			return
		}
		where := id + "@" + s.Base.String()
		props := make([]string, 0, len(c))
		for k := range c {
			props = append(props, k)
		}
		sort.Strings(props)
		for _, k := range props {
			v := c[k]
			switch {
			case k == "checks":
				msg, ok, errs := binding.Checks(s, v, fns, nil)
				if len(errs) > 0 {
					t.Errorf("%s %s checks: %v", file, where, errs)
				}
				lines = append(lines, where+" checks = "+jsonOf(t, map[string]any{"ok": ok, "message": msg}))
			case strings.Contains(string(v), `"call"`) && k != "action":
				got, err := binding.Eval(s, v, fns, nil)
				if err != nil {
					t.Errorf("%s %s %s: %v", file, where, k, err)
					continue
				}
				lines = append(lines, where+" "+k+" = "+jsonOf(t, got))
			}
		}
		for _, k := range []string{"child", "trigger", "content"} {
			var childID string
			if json.Unmarshal(c[k], &childID) == nil && childID != "" {
				walk(childID, s, depth+1)
			}
		}
		if r, ok := c["tabs"]; ok {
			var tabs []struct {
				Child string `json:"child"`
			}
			_ = json.Unmarshal(r, &tabs)
			for _, tb := range tabs {
				walk(tb.Child, s, depth+1)
			}
		}
		if r, ok := c["children"]; ok {
			var ids []string
			if json.Unmarshal(r, &ids) == nil {
				for _, cid := range ids {
					walk(cid, s, depth+1)
				}
				return
			}
			var tpl struct {
				ComponentID string `json:"componentId"`
				Path        string `json:"path"`
			}
			if json.Unmarshal(r, &tpl) == nil && tpl.ComponentID != "" {
				p, err := s.Resolve(tpl.Path)
				if err != nil {
					t.Errorf("%s: template path %q: %v", file, tpl.Path, err)
					return
				}
				list, _ := surf.Data.Get(p)
				arr, _ := list.([]any)
				for i := range arr {
					walk(tpl.ComponentID, binding.Scope{Surface: surf, Base: p.AppendIndex(i), InTemplate: true}, depth+1)
				}
			}
		}
	}
	walk("root", binding.Scope{Surface: surf}, 0)
	return lines
}
