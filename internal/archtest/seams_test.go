package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/fixtures"
)

// The engine wiring (internal/engine) is imported only by the catalog walk and the
// renderer: a catalog (catalog/basic is the model author, catalog/host the page's; any
// other package is refused too) is written against catalog's public API alone, and the
// wiring depends on neither side (catalog registers its walk into it at init).
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

// Package catalog's exported API is the catalog author's: no exported name, signature,
// field or method of it mentions an internal/engine type (the engine wiring stays behind
// the seam: Env, the walk's entry points, the UI state).
func TestCatalogFaceHidesEngine(t *testing.T) {
	root := fixtures.RepoRoot(t)
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(root, "catalog", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) < 10 {
		t.Fatalf("package catalog not found in %s", root)
	}
	uses := false
	for _, f := range files {
		if engineImportName(f) != "" {
			uses = true
		}
		for _, leak := range engineLeaks(f) {
			t.Errorf("%s: exported %s", fset.Position(leak.Pos()), leak.what)
		}
	}
	if !uses {
		t.Error("package catalog no longer imports internal/engine: is the seam gone?")
	}
}

// The checker finds an engine type in each exported position, and none elsewhere.
func TestEngineLeaksFound(t *testing.T) {
	src := `package catalog
import eng "` + module + `/internal/engine"
type Env = eng.Env
type Builder struct{ env *eng.Env; Hooks *eng.Handlers }
type hidden struct{ Env *eng.Env }
func Build(e *eng.Env) {}
func (b *Builder) Result() eng.Result { return eng.Result{} }
func (h *hidden) Result() eng.Result { return eng.Result{} }
func walk(e *eng.Env) {}
var Default = eng.NewState
type Face interface{ State() eng.State }
`
	f, err := parser.ParseFile(token.NewFileSet(), "leak.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range engineLeaks(f) {
		got = append(got, l.what)
	}
	want := []string{"type Env", "field Builder.Hooks", "func Build", "method Builder.Result", "var Default", "method Face.State"}
	if !slices.Equal(got, want) {
		t.Errorf("leaks %q, want %q", got, want)
	}
}

type engineLeak struct {
	ast.Node
	what string
}

// engineImportName returns the name f imports internal/engine under ("" when it does not).
func engineImportName(f *ast.File) string {
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == module+"/internal/engine" {
			if im.Name != nil {
				return im.Name.Name
			}
			return "engine"
		}
	}
	return ""
}

// engineLeaks returns the exported declarations of f whose type, signature, value,
// exported fields or interface methods mention an internal/engine name.
func engineLeaks(f *ast.File) []engineLeak {
	name := engineImportName(f)
	if name == "" {
		return nil
	}
	mentions := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
			return !found
		})
		return found
	}
	var out []engineLeak
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			what := "func " + d.Name.Name
			if d.Recv != nil && len(d.Recv.List) > 0 {
				recv := d.Recv.List[0].Type
				if st, ok := recv.(*ast.StarExpr); ok {
					recv = st.X
				}
				id, ok := recv.(*ast.Ident)
				if !ok || !id.IsExported() {
					continue
				}
				what = "method " + id.Name + "." + d.Name.Name
			}
			if mentions(d.Type) {
				out = append(out, engineLeak{d, what})
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					if !sp.Name.IsExported() {
						continue
					}
					switch ty := sp.Type.(type) {
					case *ast.StructType:
						for _, fl := range ty.Fields.List {
							exported := len(fl.Names) == 0 // embedded: named by its type
							for _, n := range fl.Names {
								exported = exported || n.IsExported()
							}
							if exported && mentions(fl.Type) {
								out = append(out, engineLeak{fl, "field " + sp.Name.Name + "." + fieldName(fl)})
							}
						}
					case *ast.InterfaceType:
						for _, m := range ty.Methods.List {
							if mentions(m.Type) {
								out = append(out, engineLeak{m, "method " + sp.Name.Name + "." + fieldName(m)})
							}
						}
					default:
						if mentions(sp.Type) {
							out = append(out, engineLeak{sp, "type " + sp.Name.Name})
						}
					}
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						if n.IsExported() && mentions(sp) {
							out = append(out, engineLeak{sp, d.Tok.String() + " " + n.Name})
							break
						}
					}
				}
			}
		}
	}
	return out
}

func fieldName(f *ast.Field) string {
	if len(f.Names) > 0 {
		return f.Names[0].Name
	}
	return types.ExprString(f.Type)
}
