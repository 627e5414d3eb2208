package prerender_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/prerender"
)

// FuzzRender: whatever the stream, Render succeeds and the only markup is its own: one
// template, one stylesheet link, one inline stream script, no element the agent named
// outside the policy's set, no event-handler attribute, and the inline stream has no '<'.
func FuzzRender(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.jsonl")
	for _, s := range seeds {
		b, _ := os.ReadFile(s)
		f.Add(b)
	}
	f.Add([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"</script><script>","catalogId":"x"}}`))
	f.Fuzz(func(t *testing.T, stream []byte) {
		var out bytes.Buffer
		if err := prerender.Render(&out, bytes.NewReader(stream), prerender.Options{StyleHref: "/a2ui.css"}); err != nil {
			t.Fatal(err)
		}
		html := strings.ToLower(out.String())
		for tag, want := range map[string]int{"<template": 1, "</template": 1, "<script": 1, "</script": 1, "<link": 1, "<style": 0, "<iframe": 0, "<object": 0, "<embed": 0, "<base": 0, "<meta": 0} {
			if n := strings.Count(html, tag); n != want {
				t.Fatalf("%d %q in the output, want %d:\n%s", n, tag, want, out.String())
			}
		}
		i := strings.Index(html, `<script type="application/a2ui+jsonl">`)
		j := strings.Index(html, "</script>")
		if i < 0 || j < i || strings.ContainsRune(html[i+len(`<script type="application/a2ui+jsonl">`):j], '<') {
			t.Fatalf("inline stream not closed or holds '<':\n%s", out.String())
		}
		// Agent text has its '<' escaped, so every '<' before the stream starts a tag of ours
		// or of the catalog; check each tag's attributes.
		for _, tag := range tagRE.FindAllString(html[:i], -1) {
			for _, m := range attrRE.FindAllStringSubmatch(tag, -1) {
				name, value := m[1], m[2]
				bad := strings.HasPrefix(name, "on") || name == "srcdoc" ||
					(name == "style" && !strings.HasPrefix(tag, "<section ")) ||
					(urlAttr[name] && strings.HasPrefix(strings.TrimSpace(value), "javascript:"))
				if bad {
					t.Fatalf("attribute %s=%q in %s", name, value, tag)
				}
			}
		}
	})
}

var (
	tagRE   = regexp.MustCompile(`<[a-z][^>]*>`)
	attrRE  = regexp.MustCompile(`\s([a-z][a-z0-9:_.-]*)(?:="([^"]*)")?`)
	urlAttr = map[string]bool{"href": true, "src": true, "action": true, "formaction": true, "xlink:href": true, "poster": true}
)
