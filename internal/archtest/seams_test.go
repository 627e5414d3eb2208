package archtest

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/fixtures"
)

// The engine wiring (internal/engine) is imported only by the catalog walk and the
// renderer: a catalog (catalog/basic is the model author) is written against catalog's
// public API alone, and the wiring depends on neither side.
func TestEngineWiringSeams(t *testing.T) {
	g := imports(t)
	engine := module + "/internal/engine"
	allowed := []string{module + "/catalog", module + "/render"}
	var users []string
	for p, ims := range g {
		if slices.Contains(ims, engine) {
			users = append(users, p)
			if !slices.Contains(allowed, p) {
				t.Errorf("%s imports the engine wiring; only %v may", p, allowed)
			}
		}
	}
	if !slices.Contains(users, module+"/catalog") {
		t.Errorf("the catalog walk no longer uses %s: is the seam gone? users %v", engine, users)
	}
	for _, r := range []struct {
		name      string
		from, bad string
	}{
		{"the engine wiring imports no catalog", engine, "catalog"},
		{"the engine wiring does not import the renderer", engine, "render"},
		{"the test host does not import the browser host", "render/rendertest", "webhost"},
		{"the basic catalog does not import the renderer", "catalog/basic", "render"},
	} {
		from := r.from
		if !strings.HasPrefix(from, module) {
			from = module + "/" + from
		}
		if g[from] == nil && from != engine {
			t.Fatalf("no package %s", from)
		}
		if c := chain(g, from, func(p string) bool { return under(p, r.bad) }); c != "" {
			t.Errorf("%s, but %s", r.name, c)
		}
	}
}

// The packages a catalog author tests with, the mount options (which a worker is sent
// as plain data) and the pacing table run on the host: no syscall/js.
func TestHostPackagesNoSyscallJS(t *testing.T) {
	root := fixtures.RepoRoot(t)
	for _, dir := range []string{"catalog", "catalog/basic", "internal/engine", "internal/mountopts", "internal/pacing", "render", "render/rendertest"} {
		files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			pf, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range pf.Imports {
				if p, _ := strconv.Unquote(im.Path.Value); p == "syscall/js" {
					t.Errorf("%s imports syscall/js", f)
				}
			}
		}
	}
}
