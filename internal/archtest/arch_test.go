package archtest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/fixtures"
)

const module = "github.com/a2ui-go/a2ui"

// imports parses every non-test Go file of the module (all build tags: the wasm files
// too) and returns each package's imports within the module.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	root := fixtures.RepoRoot(t)
	graph := map[string]map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			// As the go tool does: testdata and names starting with "." or "_" (the
			// .tmp build cache, .git) hold no packages of the module.
			if n := d.Name(); path != root && (n == "node_modules" || n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			// A directory with a go.mod of its own is another module.
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := module
		if rel != "." {
			pkg += "/" + filepath.ToSlash(rel)
		}
		if graph[pkg] == nil {
			graph[pkg] = map[string]bool{}
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p == module || strings.HasPrefix(p, module+"/") {
				graph[pkg][p] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for p, ims := range graph {
		for im := range ims {
			out[p] = append(out[p], im)
		}
		sort.Strings(out[p])
	}
	return out
}

// under reports whether pkg is dir or inside it (dir relative to the module).
func under(pkg, dir string) bool {
	d := module + "/" + dir
	return pkg == d || strings.HasPrefix(pkg, d+"/")
}

// chain returns an import chain from pkg to a package matching bad ("" when none).
func chain(g map[string][]string, pkg string, bad func(string) bool) string {
	prev := map[string]string{pkg: ""}
	queue := []string{pkg}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, im := range g[p] {
			if _, seen := prev[im]; seen {
				continue
			}
			prev[im] = p
			if bad(im) {
				var path []string
				for x := im; x != ""; x = prev[x] {
					path = append([]string{strings.TrimPrefix(x, module+"/")}, path...)
				}
				return strings.Join(path, " → ")
			}
			queue = append(queue, im)
		}
	}
	return ""
}

func TestLayerRules(t *testing.T) {
	g := imports(t)
	rules := []struct {
		name string
		from func(string) bool
		bad  func(string) bool
	}{
		{"protocol does not import model",
			func(p string) bool { return under(p, "protocol") }, func(p string) bool { return under(p, "model") }},
		{"model imports neither binding nor catalog",
			func(p string) bool { return under(p, "model") },
			func(p string) bool { return under(p, "binding") || under(p, "catalog") }},
		{"dom imports neither catalog nor protocol",
			func(p string) bool { return under(p, "dom") },
			func(p string) bool { return under(p, "catalog") || under(p, "protocol") }},
		{"nothing outside cmd/ imports cmd/...",
			func(p string) bool { return !under(p, "cmd") }, func(p string) bool { return under(p, "cmd") }},
		{"the catalog engine does not import the basic catalog",
			func(p string) bool { return p == module+"/catalog" },
			func(p string) bool { return under(p, "catalog/basic") }},
		{"binding does not import catalog",
			func(p string) bool { return under(p, "binding") }, func(p string) bool { return under(p, "catalog") }},
		{"binding does not import the basic catalog (its functions use binding's exported API)",
			func(p string) bool { return under(p, "binding") }, func(p string) bool { return under(p, "catalog/basic") }},
		{"the pacing table is a leaf: it imports nothing of the module",
			func(p string) bool { return p == module+"/internal/pacing" }, func(string) bool { return true }},
	}
	pkgs := make([]string, 0, len(g))
	for p := range g {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	if len(pkgs) < 10 || g[module+"/render"] == nil {
		t.Fatalf("import graph looks wrong: %d packages", len(pkgs))
	}
	for _, r := range rules {
		for _, p := range pkgs {
			if !r.from(p) {
				continue
			}
			if c := chain(g, p, r.bad); c != "" {
				t.Errorf("%s, but %s", r.name, c)
			}
		}
	}
}

// The checker finds a forbidden edge when there is one.
func TestChainFindsEdge(t *testing.T) {
	g := map[string][]string{module + "/model": {module + "/x"}, module + "/x": {module + "/catalog/basic"}}
	got := chain(g, module+"/model", func(p string) bool { return under(p, "catalog") })
	if got != "model → x → catalog/basic" {
		t.Errorf("chain = %q", got)
	}
}
