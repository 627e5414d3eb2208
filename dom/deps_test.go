package dom_test

import (
	"github.com/a2ui-go/a2ui/internal/fixtures"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Every file in dom/browser must carry the js && wasm build line, so that nothing there
// compiles into host builds (a _wasm.go suffix would also match GOOS=wasip1).
func TestBrowserFilesCarryBuildLine(t *testing.T) {
	dir := filepath.Join(fixtures.RepoRoot(t), "dom", "browser")
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s (%v)", dir, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), "//go:build js && wasm\n") {
			t.Errorf("%s does not start with //go:build js && wasm", filepath.Base(f))
		}
	}
}

// The host-testable packages must not depend on syscall/js, safejs or net/http in the wasm
// build. (In that build the standard library itself — syscall, time — imports syscall/js;
// only non-standard packages are checked for that import.)
func TestNoJSDeps(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	root := fixtures.RepoRoot(t)
	var pkgs []string
	for _, p := range []string{"protocol", "model", "binding", "catalog", "dom", "dom/memdom", "policy", "render", "transport/a2a", "openwop"} {
		if m, _ := filepath.Glob(filepath.Join(root, p, "*.go")); len(m) > 0 {
			pkgs = append(pkgs, "./"+p)
		}
	}
	args := append([]string{"list", "-deps", "-f", "{{.ImportPath}} {{.Standard}} {{join .Imports \",\"}}"}, pkgs...)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		pkg, std := f[0], f[1] == "true"
		if pkg == "net/http" || pkg == "github.com/a2ui-go/a2ui/internal/third_party/safejs" {
			t.Errorf("%s is in the dependency graph of %v", pkg, pkgs)
		}
		if std || len(f) < 3 {
			continue
		}
		for _, imp := range strings.Split(f[2], ",") {
			if imp == "syscall/js" {
				t.Errorf("%s imports syscall/js", pkg)
			}
		}
	}
}

// One way of calling JS: in the wasm build, the only non-standard package that imports
// syscall/js is github.com/hack-pad/safejs (which turns exceptions into errors); the
// browser layer (dom/browser, cmd/wasm) goes through it.
func TestOnlySafeJSImportsSyscallJS(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{.Standard}} {{join .Imports \",\"}}", "./cmd/wasm")
	cmd.Dir = fixtures.RepoRoot(t)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	sawSafeJS := false
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[1] == "true" {
			continue
		}
		for _, imp := range strings.Split(f[2], ",") {
			if imp != "syscall/js" {
				continue
			}
			switch {
			case f[0] == "github.com/a2ui-go/a2ui/internal/third_party/safejs":
				sawSafeJS = true
			case strings.HasPrefix(f[0], "github.com/a2ui-go/a2ui/internal/third_party/safejs/"): // its internals
			default:
				t.Errorf("%s imports syscall/js: call JS through github.com/hack-pad/safejs", f[0])
			}
		}
	}
	if !sawSafeJS {
		t.Error("github.com/a2ui-go/a2ui/internal/third_party/safejs is not in the wasm build's dependency graph")
	}
}
