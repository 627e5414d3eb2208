package archtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// initBudget is the most a package of the wasm may allocate in its package init: tables,
// regexps and maps are built on first use, not before the page's first frame.
const initBudget = 16 << 10

// initTotalBudget bounds the whole wasm's package inits (41 KB when it was set, most of it
// the standard library's unicode, syscall and net/netip).
const initTotalBudget = 64 << 10

// TestInitBudget builds the wasm (cmd/wasm), runs its package inits under Node with
// GODEBUG=inittrace=1 (main then stops: Node has no DOM runtime) and checks what each
// package allocated. Upstream goldmark, for one, built 250 KB of tables and regexps at
// init; internal/third_party/goldmark builds them on first use.
func TestInitBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		if v := os.Getenv("A2UI_REQUIRE_FIXTURES"); v != "" && v != "0" {
			t.Fatal("node missing (make setup installs it)")
		}
		t.Skip("node missing")
	}
	wasm, _ := buildWasm(t)
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	run := exec.Command(node, filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js"), wasm)
	run.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, _ := run.CombinedOutput() // main fails without the browser runtime; the inits ran
	var total, pkgs int
	for _, line := range strings.Split(string(out), "\n") {
		// init PKG @A ms, B ms clock, C bytes, D allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		n, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("inittrace line %q", line)
		}
		pkgs++
		total += n
		if n > initBudget {
			t.Errorf("package %s allocates %d bytes at init (budget %d): build its tables on first use", f[1], n, initBudget)
		}
	}
	if pkgs < 20 {
		t.Fatalf("only %d inittrace lines in the output:\n%s", pkgs, out)
	}
	if total > initTotalBudget {
		t.Errorf("package inits allocate %d bytes in all (budget %d)", total, initTotalBudget)
	}
	t.Logf("%d packages, %d bytes at init", pkgs, total)
}
