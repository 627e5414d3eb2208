package main

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestRunHTMLInlinesWasmAndScripts(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, body []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	wasm := []byte("\x00asm\x01\x00\x00\x00 and some bytes")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(wasm)
	zw.Close()
	wasmGz := write("a2ui.wasm.gz", gz.Bytes())
	a := write("a.js", []byte("// <script src=x></SCRIPT>\nvar a = \"</script>\";"))
	b := write("b.js", []byte("var b = /<\\/script>/;\n"))
	out := filepath.Join(dir, "app.html")
	if err := runHTML(out, wasmGz, []string{a, b}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(got)
	// The wasm: base64 of the gzip, in the data block the loader looks for.
	m := regexp.MustCompile(`<script type="application/gzip" data-a2ui-wasm="base64">([A-Za-z0-9+/=]*)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no wasm data block in:\n%s", page)
	}
	raw, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil || !bytes.Equal(raw, gz.Bytes()) {
		t.Errorf("the data block is not base64 of the gzip (err %v)", err)
	}
	// The scripts, in order, each in its own element, none ending early.
	wantScripts := []string{
		"\n// <script src=x><\\/SCRIPT>\nvar a = \"<\\/script>\";\n",
		"\nvar b = /<\\/script>/;\n",
	}
	var scripts []string
	for _, s := range regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(page, -1) {
		scripts = append(scripts, s[1])
	}
	if strings.Join(scripts, "|") != strings.Join(wantScripts, "|") {
		t.Errorf("scripts = %q, want %q", scripts, wantScripts)
	}
	if strings.Index(page, "data-a2ui-wasm") > strings.Index(page, "<script>") {
		t.Errorf("the wasm data block must come before the loader")
	}
	if !strings.HasPrefix(page, "<!doctype html>") || !strings.HasSuffix(page, "</html>\n") {
		t.Errorf("not a whole HTML document:\n%.200s", page)
	}
}

func TestRunHTMLRefuses(t *testing.T) {
	dir := t.TempDir()
	notGz := filepath.Join(dir, "a2ui.wasm")
	os.WriteFile(notGz, []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	js := filepath.Join(dir, "a.js")
	os.WriteFile(js, []byte("var a = 1;"), 0o644)
	comment := filepath.Join(dir, "c.js")
	os.WriteFile(comment, []byte("var c = '<!--';"), 0o644)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Close()
	okGz := filepath.Join(dir, "a2ui.wasm.gz")
	os.WriteFile(okGz, gz.Bytes(), 0o644)
	out := filepath.Join(dir, "app.html")
	for _, tc := range []struct {
		name    string
		wasm    string
		scripts []string
		want    string
	}{
		{"not gzip", notGz, []string{js}, "not a gzip file"},
		{"html comment", okGz, []string{js, comment}, "<!--"},
		{"missing script", okGz, []string{filepath.Join(dir, "none.js")}, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := runHTML(out, tc.wasm, tc.scripts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one containing %q", err, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written", out)
			}
		})
	}
}
