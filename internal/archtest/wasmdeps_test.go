package archtest

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/fixtures"
)

// wasmBanned are packages the wasm must not link: Go's regexp and regexp/syntax cost
// about 90 KB brotli and, through unicode.Categories and friends, 12 ms of package init
// on a cold load. Agent patterns run in internal/re; goldmark's regexps are scanners.
var wasmBanned = []string{"regexp", "regexp/syntax"}

// TestWasmDependencies fails when a banned package re-enters cmd/wasm's dependencies,
// naming the import chain that brings it.
func TestWasmDependencies(t *testing.T) {
	root := fixtures.RepoRoot(t)
	cmd := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./cmd/wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	g := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		g[f[0]] = f[1:]
	}
	if len(g) < 20 || g[module+"/cmd/wasm"] == nil {
		t.Fatalf("dependency list looks wrong: %d packages", len(g))
	}
	for _, b := range wasmBanned {
		if _, ok := g[b]; !ok {
			continue
		}
		t.Errorf("the wasm links %s: %s", b, chain(g, module+"/cmd/wasm", func(p string) bool { return p == b }))
	}
}
