package main

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"regexp"
)

// The MCP App page (-html): one self-contained HTML document, since a View rendered from
// srcdoc has no origin to fetch from. The wasm rides as base64 of its gzip in a data
// block that web/a2ui.js finds (script[data-a2ui-wasm="base64"]), decompresses and
// compiles; the scripts follow it inline, in the order given.
const (
	htmlHead = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>A2UI</title>
<style>
html, body { margin: 0; }
body { font: 14px/1.5 system-ui, sans-serif; color: CanvasText; }
.a2ui-mcp-text { padding: 12px 16px; }
.a2ui-mcp-why { margin: 0 0 8px; font-size: 12px; opacity: .75; }
.a2ui-mcp-result { white-space: pre-wrap; overflow-wrap: anywhere; }
</style>
</head>
<body>
<script type="application/gzip" data-a2ui-wasm="base64">`
	htmlTail = "</body>\n</html>\n"
)

// scriptEnd matches what would end a <script> element early.
var scriptEnd = regexp.MustCompile(`(?i)</(script)`)

// runHTML writes the MCP App page to out: wasmGz (a gzip file) inline, then scripts.
func runHTML(out, wasmGz string, scripts []string) error {
	gz, err := os.ReadFile(wasmGz)
	if err != nil {
		return err
	}
	if len(gz) < 2 || gz[0] != 0x1f || gz[1] != 0x8b {
		return fmt.Errorf("%s: not a gzip file", wasmGz)
	}
	var b bytes.Buffer
	b.WriteString(htmlHead)
	enc := base64.NewEncoder(base64.StdEncoding, &b)
	enc.Write(gz)
	enc.Close()
	b.WriteString("</script>\n")
	for _, s := range scripts {
		js, err := os.ReadFile(s)
		if err != nil {
			return err
		}
		if js, err = inlineScript(js); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
		b.WriteString("<script>\n")
		b.Write(js)
		if len(js) > 0 && js[len(js)-1] != '\n' {
			b.WriteByte('\n')
		}
		b.WriteString("</script>\n")
	}
	b.WriteString(htmlTail)
	return writeFile(out, b.Bytes())
}

// inlineScript makes js safe inside <script>…</script>: "</script" becomes "<\/script"
// (the same string, comment or regular expression to JS); "<!--", which would change how
// the HTML parser reads the rest, is refused.
func inlineScript(js []byte) ([]byte, error) {
	if bytes.Contains(js, []byte("<!--")) {
		return nil, errors.New(`holds "<!--", which cannot be inlined in an HTML <script>`)
	}
	return scriptEnd.ReplaceAll(js, []byte(`<\/$1`)), nil
}
