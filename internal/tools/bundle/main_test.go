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

func TestASCIIJS(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{in: "var a = 1; // plain\n", want: "var a = 1; // plain\n"},
		{in: "// a → b\nconst s = \"restarting…\";\n", want: "// a \\u2192 b\nconst s = \"restarting\\u2026\";\n"},
		{in: "const t = `é${x}ü`; const re = /[à-ÿ]/u;\n", want: "const t = `\\u00e9${x}\\u00fc`; const re = /[\\u00e0-\\u00ff]/u;\n"},
		{in: "const π = 3;\n", want: "const \\u03c0 = 3;\n"},
		{in: "ok\nconst s = \"\U0001F600\";\n", err: "line 2: U+1F600 is beyond U+FFFF"},
		{in: "ok\n\xff\n", err: "line 2: not UTF-8"},
	} {
		got, err := asciiJS([]byte(c.in))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("asciiJS(%q): error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || string(got) != c.want {
			t.Errorf("asciiJS(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	// The escapes mean what the characters did (when Node is there to check).
	node, err := exec.LookPath("node")
	if err != nil {
		return
	}
	src := "const s = \"restarting… → ✓ — é\"; const t = `π ${1 + 1} ü`; const re = /^[à-ÿ]+$/u; // ✓ comment\n" +
		"process.stdout.write(JSON.stringify([s, t, re.test(\"éü\"), re.test(\"e\")]));\n"
	esc, err := asciiJS([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range esc {
		if b >= 0x80 {
			t.Fatalf("not ASCII: %q", esc)
		}
	}
	want, err := exec.Command(node, "-e", src).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	got, err := exec.Command(node, "-e", string(esc)).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	if string(got) != string(want) {
		t.Errorf("escaped script prints %s, the original %s", got, want)
	}
}
