package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunBundlesScriptsAndInlinesCSS(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	css := write("a.css", ".a2ui-root { color: red; }\n.x::after { content: \"</style>\\\" & \u2028\"; }\n")
	a := write("one.js", "var one = 1;") // no trailing newline: the bundle adds one
	loader := write("loader.js", "const CSS = /*a2ui:css*/\"\";\nconsole.log(one, CSS);\n")
	out := filepath.Join(dir, "out.js")
	if err := run(css, out, []string{a, loader}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := "var one = 1;\nconst CSS = \".a2ui-root { color: red; }\\n.x::after { content: \\\"\\u003c/style\\u003e\\\\\\\" \\u0026 \\u2028\\\"; }\\n\";\nconsole.log(one, CSS);\n"
	if string(got) != want {
		t.Errorf("bundle:\n%s\nwant:\n%s", got, want)
	}
	// The loader may come first (make build puts it there): the placeholder is found in
	// whichever script holds it, and the order is kept.
	if err := run(css, out, []string{loader, a}); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(out)
	if !strings.HasPrefix(string(first), "const CSS = \".a2ui-root") || !strings.HasSuffix(string(first), "console.log(one, CSS);\nvar one = 1;\n") {
		t.Errorf("loader first:\n%s", first)
	}
	// The literal evaluates back to the stylesheet (when Node is there to check).
	if node, err := exec.LookPath("node"); err == nil {
		outCSS, err := exec.Command(node, "-e", "var console = {log: (a, b) => process.stdout.write(b)};\n"+string(got)).Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		wantCSS, _ := os.ReadFile(css)
		if string(outCSS) != string(wantCSS) {
			t.Errorf("CSS after a round trip through JS:\n%q\nwant\n%q", outCSS, wantCSS)
		}
	}
}

func TestRunRefusesWithoutOnePlaceholder(t *testing.T) {
	dir := t.TempDir()
	css := filepath.Join(dir, "a.css")
	os.WriteFile(css, []byte("a{}"), 0o644)
	for name, body := range map[string]string{
		"none.js": "const CSS = \"\";",
		"two.js":  "/*a2ui:css*/\"\" /*a2ui:css*/\"\"",
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		err := run(css, filepath.Join(dir, "out.js"), []string{p})
		if err == nil || !strings.Contains(err.Error(), "placeholder") {
			t.Errorf("%s: err = %v, want a placeholder error", name, err)
		}
	}
	// Once across all the scripts, not once in each.
	one, other := filepath.Join(dir, "one.js"), filepath.Join(dir, "other.js")
	os.WriteFile(one, []byte(placeholder), 0o644)
	os.WriteFile(other, []byte(placeholder), 0o644)
	if err := run(css, filepath.Join(dir, "out.js"), []string{one, other}); err == nil || !strings.Contains(err.Error(), "found it 2 times") {
		t.Errorf("a placeholder in two scripts: err = %v", err)
	}
	empty := filepath.Join(dir, "empty.css")
	os.WriteFile(empty, []byte("\n"), 0o644)
	p := filepath.Join(dir, "ok.js")
	os.WriteFile(p, []byte(placeholder), 0o644)
	if err := run(empty, filepath.Join(dir, "out.js"), []string{p}); err == nil {
		t.Errorf("an empty stylesheet was accepted")
	}
}
