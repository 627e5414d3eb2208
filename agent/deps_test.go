package agent_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/fixtures"
)

// TestNotInWasm: the agent library is host code; the renderer's wasm never links it.
func TestNotInWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "./cmd/wasm")
	cmd.Dir = fixtures.RepoRoot(t)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := "\n" + string(out)
	if !strings.Contains(deps, "\ngithub.com/a2ui-go/a2ui/protocol\n") {
		t.Fatalf("go list output does not look like the wasm's dependencies:\n%s", out)
	}
	for _, p := range []string{"github.com/a2ui-go/a2ui/agent", "github.com/santhosh-tekuri/jsonschema/v6"} {
		if strings.Contains(deps, "\n"+p+"\n") {
			t.Errorf("%s is linked into the wasm", p)
		}
	}
}
