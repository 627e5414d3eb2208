package archtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/a2ui-go/a2ui/internal/fixtures"
)

var wasmBuild struct {
	once   sync.Once
	path   string
	parent map[string]string // reached symbol → the symbol that first reached it
	err    string
}

// buildWasm builds cmd/wasm once per test binary (with symbols, -trimpath) and returns
// its path and the linker's reachability graph (-ldflags=-dumpdep): every symbol linked
// in, mapped to one symbol that reached it.
func buildWasm(t *testing.T) (string, map[string]string) {
	t.Helper()
	wasmBuild.once.Do(func() {
		dir, err := os.MkdirTemp("", "archtest")
		if err != nil {
			wasmBuild.err = err.Error()
			return
		}
		wasmBuild.path = filepath.Join(dir, "a2ui.wasm")
		build := exec.Command("go", "build", "-trimpath", "-ldflags=-dumpdep", "-o", wasmBuild.path, "./cmd/wasm")
		build.Dir = fixtures.RepoRoot(t)
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := build.CombinedOutput()
		if err != nil {
			wasmBuild.err = "go build ./cmd/wasm: " + err.Error() + "\n" + string(out)
			return
		}
		wasmBuild.parent = parseDumpdep(out)
	})
	if wasmBuild.err != "" {
		t.Fatal(wasmBuild.err)
	}
	if len(wasmBuild.parent) < 1000 {
		t.Fatalf("the linker's -dumpdep output has only %d symbols", len(wasmBuild.parent))
	}
	return wasmBuild.path, wasmBuild.parent
}

// parseDumpdep reads the linker's -dumpdep output: every symbol linked in, mapped to one
// symbol that reached it.
func parseDumpdep(out []byte) map[string]string {
	parent := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		from, to, ok := strings.Cut(line, " -> ")
		if !ok {
			continue
		}
		from, _, _ = strings.Cut(from, " ")
		to, _, _ = strings.Cut(to, " ")
		if _, seen := parent[to]; !seen && to != from {
			parent[to] = from
		}
	}
	return parent
}

// chainTo is how the linker reached sym, from the outermost caller found inward.
func chainTo(parent map[string]string, sym string) string {
	path := []string{sym}
	for i := 0; i < 12; i++ {
		p, ok := parent[path[len(path)-1]]
		if !ok {
			break
		}
		path = append(path, p)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return strings.Join(path, " → ")
}

// fmtBanned reports whether a linked symbol is fmt's printer or what only it pulls in.
func fmtBanned(sym string) bool {
	switch {
	case strings.HasPrefix(sym, "fmt."):
		// The linker lists a stray argument-info symbol of fmt's float formatter;
		// it is data, not the printer.
		return !strings.Contains(sym, ".arginfo")
	case strings.HasPrefix(sym, "internal/fmtsort."):
		return true
	case strings.HasPrefix(sym, "reflect."):
		for _, f := range []string{"reflect.ValueOf", "reflect.Value.Pointer", "reflect.Value.UnsafePointer", "reflect.Value.Field", "reflect.Value.Index", "reflect.Value.MapRange", "reflect.Value.Interface"} {
			if sym == f {
				return true
			}
		}
	}
	return false
}

// TestNoFmtInWasm: fmt's printer (and through it reflect's Value methods and
// internal/fmtsort) is not linked into a2ui.wasm: 209 KB of code, 56 KB brotli. The
// edges that used to link it (safejs's panic and stack formatting, net/url's Error,
// goldmark's String methods, reflect for map identity) are patched or replaced; a new
// fmt.Sprintf or fmt.Errorf on a path the wasm reaches fails here with its call chain.
// Host-only code and tests may use fmt freely.
func TestNoFmtInWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm")
	}
	_, parent := buildWasm(t)
	var found []string
	for sym := range parent {
		if fmtBanned(sym) {
			found = append(found, chainTo(parent, sym))
		}
	}
	// The shortest chains name the call that pulled fmt in, not fmt's insides.
	sort.Slice(found, func(i, j int) bool { return len(found[i]) < len(found[j]) })
	for i, c := range found {
		if i == 3 {
			t.Errorf("… and %d more fmt/reflect symbols", len(found)-3)
			break
		}
		t.Errorf("linked into the wasm: %s", c)
	}
}
