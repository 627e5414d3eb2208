// Command bundle writes the one script an embedding page loads: the loader, Go's
// wasm_exec.js and the DOM runtime, concatenated in the order given, with the stylesheet
// inlined into the loader as a JS string literal (the loader installs it as a
// constructable stylesheet in each shadow root). A page then copies a2ui.js and a2ui.wasm
// and nothing else. `make build` runs it:
//
//	bundle -css web/a2ui.css -o dist/a2ui.js web/a2ui.js web/wasm_exec.js web/a2ui-runtime.js
//
// The loader comes first so that the wasm download starts before the other scripts are
// evaluated. The scripts together must hold the placeholder /*a2ui:css*/"" exactly once.
// The bundle is ASCII: other characters are written as \u escapes (asciiJS).
//
// With -html it writes the MCP App page instead (html.go), one self-contained document:
//
//	bundle -html -wasm web/a2ui.wasm.gz -o dist/a2ui-mcp-app.html dist/a2ui.js web/mcp-app.js
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// placeholder is where the loader receives the stylesheet.
const placeholder = `/*a2ui:css*/""`

func main() {
	css := flag.String("css", "", "stylesheet to inline into the script holding "+placeholder)
	out := flag.String("o", "", "output file")
	html := flag.Bool("html", false, "write the MCP App page: the -wasm gzip and the scripts inline")
	wasm := flag.String("wasm", "", "with -html: the gzipped wasm (a2ui.wasm.gz)")
	flag.Parse()
	if *html && (*out == "" || *wasm == "" || flag.NArg() == 0) {
		fmt.Fprintln(os.Stderr, "usage: bundle -html -wasm A2UI.WASM.GZ -o OUT.html SCRIPT.js...")
		os.Exit(2)
	}
	if !*html && (*out == "" || *css == "" || flag.NArg() == 0) {
		fmt.Fprintln(os.Stderr, "usage: bundle -css FILE.css -o OUT.js SCRIPT.js... (one of them holds "+placeholder+")")
		os.Exit(2)
	}
	do := func() error { return run(*css, *out, flag.Args()) }
	if *html {
		do = func() error { return runHTML(*out, *wasm, flag.Args()) }
	}
	if err := do(); err != nil {
		fmt.Fprintln(os.Stderr, "bundle:", err)
		os.Exit(1)
	}
}

func run(cssFile, out string, scripts []string) error {
	css, err := os.ReadFile(cssFile)
	if err != nil {
		return err
	}
	parts := make([][]byte, len(scripts))
	for i, s := range scripts {
		if parts[i], err = os.ReadFile(s); err != nil {
			return err
		}
	}
	at, n := 0, 0
	for i, p := range parts {
		if c := bytes.Count(p, []byte(placeholder)); c > 0 {
			at, n = i, n+c
		}
	}
	if n != 1 {
		return fmt.Errorf("want the placeholder %s once in the scripts, found it %d times", placeholder, n)
	}
	if parts[at], err = inlineCSS(parts[at], css); err != nil {
		return fmt.Errorf("%s: %w", scripts[at], err)
	}
	var b bytes.Buffer
	for _, p := range parts {
		b.Write(p)
		if len(p) > 0 && p[len(p)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	js, err := asciiJS(b.Bytes())
	if err != nil {
		return err
	}
	return writeFile(out, js)
}

// asciiJS writes each non-ASCII character of the script js as the escape \uXXXX, which
// means the same in a comment, a string, a template or a regular expression. Chromium
// decodes an ASCII script in its fast path: a worker's importScripts of the bundle took
// 5.4 ms to decode with a few "…" and "→" in it, 1.2-1.4 ms without (the page streams
// its scripts off its thread). A character beyond U+FFFF is refused (its escape would be
// a surrogate pair, which an identifier cannot hold): write it as an escape in the source.
func asciiJS(js []byte) ([]byte, error) {
	if !bytes.ContainsFunc(js, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return js, nil
	}
	out := make([]byte, 0, len(js)+64)
	line := 1
	for i := 0; i < len(js); {
		c := js[i]
		if c < utf8.RuneSelf {
			if c == '\n' {
				line++
			}
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(js[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return nil, fmt.Errorf("line %d: not UTF-8", line)
		case r > 0xFFFF:
			return nil, fmt.Errorf("line %d: %U is beyond U+FFFF: write it as an escape", line, r)
		}
		out = fmt.Appendf(out, "\\u%04x", r)
		i += n
	}
	return out, nil
}

// writeFile writes b to out atomically (a temporary file renamed over it), mode 0644.
func writeFile(out string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(out), ".bundle-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), out)
}

// inlineCSS replaces the one placeholder in loader with css as a JS string literal.
func inlineCSS(loader, css []byte) ([]byte, error) {
	if n := bytes.Count(loader, []byte(placeholder)); n != 1 {
		return nil, fmt.Errorf("want the placeholder %s once, found it %d times", placeholder, n)
	}
	if len(bytes.TrimSpace(css)) == 0 {
		return nil, errors.New("the stylesheet is empty")
	}
	// A JSON string is a JS string literal; encoding/json also escapes <, >, & and
	// U+2028/U+2029, so the literal is safe anywhere in a script.
	lit, err := json.Marshal(string(css))
	if err != nil {
		return nil, err
	}
	return bytes.Replace(loader, []byte(placeholder), lit, 1), nil
}
