package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrerenderCommand runs `a2ui prerender` as a user would: output, stderr and exit
// status for a fragment, a page, stdin, a stream with errors (-strict) and bad usage.
func TestPrerenderCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	bad := filepath.Join(dir, "bad.jsonl")
	create := `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`
	comps := `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"1 < 2 & 3"}]}}`
	os.WriteFile(good, []byte(create+"\n"+comps+"\n"), 0o644)
	os.WriteFile(bad, []byte(create+"\nnot json\n"+comps+"\n"), 0o644)
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		out    []string // substrings of stdout
		notOut []string
		errOut string // substring of stderr
	}{
		{name: "fragment", args: []string{"prerender", "-action-url", "/act", "-css-href", "/a2ui.css", good}, code: 0,
			out:    []string{`<a2ui-renderer locale="en-US" prerendered="" action-url="/act"><template shadowrootmode="open"><link data-a2ui="" rel="stylesheet" href="/a2ui.css">`, `>1 &lt; 2 &amp; 3</p>`, `"text":"1 \u003c 2 & 3"`},
			notOut: []string{"<!doctype", "<style"}},
		{name: "page", args: []string{"prerender", "-page", "-title", "Hi", "-script", "/js/a2ui.js", good}, code: 0,
			out: []string{"<!doctype html>", `<script src="/js/a2ui.js" defer></script>`, "<title>Hi</title>", `<style data-a2ui="">`, "</body>\n</html>\n"}},
		{name: "stdin, no stream", args: []string{"prerender", "-no-stream", "-src", "/stream", "-"}, stdin: create + "\n" + comps, code: 0,
			out: []string{`src="/stream"`, "1 &lt; 2 &amp; 3"}, notOut: []string{"application/a2ui+jsonl"}},
		{name: "errors reported", args: []string{"prerender", bad}, code: 0, out: []string{"1 &lt; 2 &amp; 3"}, errOut: `"code":"VALIDATION_FAILED"`},
		{name: "errors strict", args: []string{"prerender", "-strict", bad}, code: 1, errOut: `"code":"VALIDATION_FAILED"`},
		{name: "strict profile", args: []string{"prerender", "-profile", "strict", good}, code: 0, out: []string{`profile="strict"`, `data-heading-base="3"`}},
		{name: "bad policy", args: []string{"prerender", "-policy", "{", good}, code: 2, errOut: "policy"},
		{name: "refused src", args: []string{"prerender", "-src", "javascript:alert(1)", good}, code: 2, errOut: "refused"},
		{name: "missing file", args: []string{"prerender", filepath.Join(dir, "nope.jsonl")}, code: 2, errOut: "no such file"},
		{name: "no subcommand", args: nil, code: 2, errOut: "usage"},
		{name: "unknown subcommand", args: []string{"serve"}, code: 2, errOut: "usage"},
		{name: "two files", args: []string{"prerender", good, good}, code: 2, errOut: "usage"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(tc.args, strings.NewReader(tc.stdin), &out, &errb)
			if code != tc.code {
				t.Errorf("exit %d, want %d (stderr %s)", code, tc.code, errb.String())
			}
			for _, s := range tc.out {
				if !strings.Contains(out.String(), s) {
					t.Errorf("stdout lacks %q:\n%.2000s", s, out.String())
				}
			}
			for _, s := range tc.notOut {
				if strings.Contains(out.String(), s) {
					t.Errorf("stdout has %q", s)
				}
			}
			if tc.errOut != "" && !strings.Contains(errb.String(), tc.errOut) {
				t.Errorf("stderr %q lacks %q", errb.String(), tc.errOut)
			}
			if tc.code == 2 && out.Len() != 0 {
				t.Errorf("stdout on failure: %.200s", out.String())
			}
		})
	}
}
