package archtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/fixtures"
)

// TestConsumerModule builds a module outside the repository the way a user's does
// (testdata/consumer: a Go catalog extending the basic one, a wasm main adding it to the
// browser host, an agent on the agent library, as the README shows): its own go.mod
// requires this module through a replace to the checkout, offline (GOPROXY=off, the
// module cache; -trimpath, as our own builds, so the build cache serves the packages
// compiled for them). go vet, go test and GOOS=js GOARCH=wasm go build of its main pass,
// and the wasm links what ours links: the same packages of this module (the forks
// under internal/third_party included), no regexp, no fmt printer.
func TestConsumerModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasm")
	}
	root := fixtures.RepoRoot(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/consumer")); err != nil {
		t.Fatal(err)
	}
	goVersion := "1.26"
	if mod, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		for _, l := range strings.Split(string(mod), "\n") {
			if v, ok := strings.CutPrefix(l, "go "); ok {
				goVersion = strings.TrimSpace(v)
			}
		}
	}
	gomod := "module example.com/consumer\n\ngo " + goVersion + "\n\nrequire " + module + " v0.0.0\n\nreplace " + module + " => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	// Our go.sum holds the sums of everything the module needs (no network).
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(wasm bool, args ...string) []byte {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -trimpath", "GOPROXY=off", "GOWORK=off")
		if wasm {
			cmd.Env = append(cmd.Env, "GOOS=js", "GOARCH=wasm")
		}
		out, err := cmd.Output()
		if err != nil {
			stderr := ""
			if ee, ok := err.(*exec.ExitError); ok {
				stderr = string(ee.Stderr)
			}
			t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr)
		}
		return out
	}
	run(false, "vet", "./...")
	run(true, "vet", "./wasm")
	run(false, "test", "-count=1", "./...")

	// The wasm builds, without fmt's printer.
	wasmOut := filepath.Join(dir, "a2ui.wasm")
	parent := parseDumpdep(combined(t, dir, "go", "build", "-trimpath", "-ldflags=-dumpdep", "-o", wasmOut, "./wasm"))
	if len(parent) < 1000 {
		t.Fatalf("the linker's -dumpdep output has only %d symbols", len(parent))
	}
	for sym := range parent {
		if fmtBanned(sym) {
			t.Errorf("the consumer's wasm links %s", chainTo(parent, sym))
			break
		}
	}

	// The same packages of this module as cmd/wasm, and none of the banned ones.
	theirs := strings.Fields(string(run(true, "list", "-deps", "./wasm")))
	cmd := exec.Command("go", "list", "-deps", "./cmd/wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list ./cmd/wasm: %v", err)
	}
	ours := strings.Fields(string(out))
	mine := func(pkgs []string) []string {
		var m []string
		for _, p := range pkgs {
			if strings.HasPrefix(p, module+"/") && p != module+"/cmd/wasm" {
				m = append(m, p)
			}
		}
		slices.Sort(m)
		return m
	}
	if a, b := mine(theirs), mine(ours); !slices.Equal(a, b) {
		t.Errorf("the consumer's wasm links other packages of %s than cmd/wasm:\n theirs %v\n ours   %v", module, a, b)
	}
	for _, b := range wasmBanned {
		if slices.Contains(theirs, b) {
			t.Errorf("the consumer's wasm links %s", b)
		}
	}
}

// combined runs a GOOS=js GOARCH=wasm go command in the consumer module and returns
// its combined output (the linker's -dumpdep goes to stderr).
func combined(t *testing.T, dir string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -trimpath", "GOPROXY=off", "GOWORK=off", "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}
