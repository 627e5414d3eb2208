package prerender_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/prerender"
	"github.com/a2ui-go/a2ui/web"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/name (or rewrites it with -update).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s:\ngot\n%s\nwant\n%s", path, got, want)
	}
}

func render(t *testing.T, input string, opts prerender.Options) (html, errs []byte) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", input))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var e bytes.Buffer
	opts.OnError = func(d []byte) { e.Write(d); e.WriteByte('\n') }
	var out bytes.Buffer
	if err := prerender.Render(&out, f, opts); err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), e.Bytes()
}

// TestRenderGolden renders the streams in testdata/ and compares the HTML and the errors
// reported with the golden files (the stylesheet linked, to keep them short).
func TestRenderGolden(t *testing.T) {
	tests := []struct {
		name, input string
		opts        prerender.Options
	}{
		// Bound values as attributes / textarea text, a checked box and radio, theme
		// custom properties on the section, a relative image URL resolved against the page.
		{"form", "form.jsonl", prerender.Options{Attrs: []dom.Attr{{Name: "action-url", Value: "/agent/action"}}}},
		// Agent text that looks like markup stays text; script URLs are refused; the
		// malformed line and the unknown component are reported and skipped.
		{"hostile", "hostile.jsonl", prerender.Options{}},
		// Heading outline under heading-level 2, distinct landmark names, a deleted
		// surface left out, a surface without components shows the loading status.
		{"multi", "multi.jsonl", prerender.Options{HeadingLevel: 2}},
		// The page's dir and label attributes: the root's direction, every surface's name.
		{"labelled", "multi.jsonl", prerender.Options{Attrs: []dom.Attr{{Name: "dir", Value: "rtl"}, {Name: "label", Value: "Shop <assistant>"}}}},
		// A whole page in German: lang, the loader's script tag, an escaped title.
		{"page", "form.jsonl", prerender.Options{Page: true, Title: `Book <now> & "then"`, Script: "/static/a2ui.js", Locale: "de-DE"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.StyleHref = "/a2ui.css"
			tc.opts.Render.BaseURL = "https://shop.example/book/"
			html, errs := render(t, tc.input, tc.opts)
			golden(t, tc.name+".html", html)
			golden(t, tc.name+".errors", errs)
		})
	}
}

// TestInlineStyle: without StyleHref the stylesheet is web/a2ui.css in a <style> inside
// the shadow root.
func TestInlineStyle(t *testing.T) {
	html, _ := render(t, "multi.jsonl", prerender.Options{})
	want := `<template shadowrootmode="open"><style data-a2ui="">` + web.CSS + `</style><div class="a2ui-root"`
	if !strings.Contains(string(html), want) {
		t.Errorf("no inline stylesheet at the start of the shadow root:\n%.300s", html)
	}
}

// TestInlineStreamSafe: the embedded stream holds no '<' (so no "</script" or "<!--"),
// one valid JSON message per line, and decodes to exactly the input's valid messages.
func TestInlineStreamSafe(t *testing.T) {
	for _, input := range []string{"form.jsonl", "hostile.jsonl", "multi.jsonl"} {
		t.Run(input, func(t *testing.T) {
			html, _ := render(t, input, prerender.Options{StyleHref: "/a2ui.css"})
			start := `<script type="` + prerender.StreamType + `">`
			i := bytes.Index(html, []byte(start))
			j := bytes.LastIndex(html, []byte("</script>"))
			if i < 0 || j < i || bytes.Count(html, []byte("</script>")) != 1 {
				t.Fatalf("want exactly one inline stream script, got:\n%s", html)
			}
			body := html[i+len(start) : j]
			if bytes.ContainsRune(body, '<') {
				t.Errorf("inline stream contains '<':\n%s", body)
			}
			in, _ := os.ReadFile(filepath.Join("testdata", input))
			var want, got []any
			for _, l := range bytes.Split(in, []byte("\n")) {
				var v any
				if json.Unmarshal(l, &v) == nil {
					want = append(want, v)
				}
			}
			for _, l := range bytes.Split(bytes.TrimSuffix(body, []byte("\n")), []byte("\n")) {
				var v any
				if err := json.Unmarshal(l, &v); err != nil {
					t.Fatalf("inline line %q: %v", l, err)
				}
				got = append(got, v)
			}
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			if !bytes.Equal(g, w) {
				t.Errorf("inline stream decodes to\n%s\nwant\n%s", g, w)
			}
		})
	}
}

// TestDocumentInput: the same messages as a pretty-printed JSON array, as an official
// example file ({"name", "messages": […]}) and as pretty-printed values one after the
// other render like their JSONL, and are embedded one message per line.
func TestDocumentInput(t *testing.T) {
	in, _ := os.ReadFile("testdata/multi.jsonl")
	var msgs []json.RawMessage
	for _, l := range bytes.Split(bytes.TrimSpace(in), []byte("\n")) {
		msgs = append(msgs, l)
	}
	arr, _ := json.MarshalIndent(msgs, "", "  ")
	example, _ := json.MarshalIndent(map[string]any{"name": "Multi", "description": "d", "messages": msgs}, "", "  ")
	var values []byte
	for _, m := range msgs {
		v, _ := json.MarshalIndent(m, "", "  ")
		values = append(append(values, v...), '\n')
	}
	var want bytes.Buffer
	if err := prerender.Render(&want, bytes.NewReader(in), prerender.Options{StyleHref: "x.css"}); err != nil {
		t.Fatal(err)
	}
	for name, doc := range map[string][]byte{"array": arr, "example file": example, "values": values} {
		var got bytes.Buffer
		if err := prerender.Render(&got, bytes.NewReader(doc), prerender.Options{StyleHref: "x.css"}); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s input\n%s\nJSONL input\n%s", name, got.String(), want.String())
		}
	}
}

// TestOptionsRefused: options that could inject markup or script fail before anything
// is written.
func TestOptionsRefused(t *testing.T) {
	tests := []struct {
		name string
		opts prerender.Options
		want string
	}{
		{"event handler attribute", prerender.Options{Attrs: []dom.Attr{{Name: "onclick", Value: "x"}}}, "refused"},
		{"attribute name with quote", prerender.Options{Attrs: []dom.Attr{{Name: `a"b`, Value: "x"}}}, "not allowed"},
		{"locale attribute", prerender.Options{Attrs: []dom.Attr{{Name: "locale", Value: "fr"}}}, "not allowed"},
		{"script src", prerender.Options{Attrs: []dom.Attr{{Name: "src", Value: "javascript:alert(1)"}}}, "refused"},
		{"locale markup", prerender.Options{Locale: `en"><script>`}, "invalid locale"},
		{"heading level", prerender.Options{HeadingLevel: 6}, "heading level"},
		{"stylesheet URL", prerender.Options{StyleHref: "javascript:alert(1)"}, "stylesheet URL"},
		{"loader URL", prerender.Options{Page: true, Script: "vbscript:x"}, "script URL"},
		{"too long", prerender.Options{MaxStream: 10}, "larger than 10 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := prerender.Render(&out, strings.NewReader(`{"version":"v0.9","createSurface":{"surfaceId":"s"}}`), tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one containing %q", err, tc.want)
			}
			if out.Len() != 0 {
				t.Errorf("wrote %q on error", out.String())
			}
		})
	}
}
