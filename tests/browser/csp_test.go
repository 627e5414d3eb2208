//go:build browser

package browser

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// TestStrictCSPAndTrustedTypes serves the built site under a strict Content Security
// Policy with Trusted Types enforced (security.md §6.3): no inline script or style, no
// eval (only 'wasm-unsafe-eval' for the module), no script injection. The one-tag
// embedding must render and work there: the built a2ui.js bundles wasm_exec.js and the
// DOM runtime, so the loader injects no <script>, and nothing uses innerHTML.
func TestStrictCSPAndTrustedTypes(t *testing.T) {
	t.Parallel()
	dist := repoPath(t, "dist")
	if _, err := os.Stat(dist + "/a2ui.js"); err != nil {
		t.Fatalf("dist missing: run `make build` (%v)", err)
	}
	const csp = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; " +
		"style-src 'self'; img-src 'self' https: data:; require-trusted-types-for 'script'; trusted-types 'none'"
	files := http.FileServer(http.Dir(dist))
	mux := http.NewServeMux()
	mux.HandleFunc("/csp.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", csp)
		w.Write([]byte(`<!doctype html><html><head><title>CSP</title></head><body>
<a2ui-renderer id="r" src="/samples/v0_9-basic-09_login-form.jsonl"></a2ui-renderer>
<script src="/a2ui.js"></script></body></html>`))
	})
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp)
		files.ServeHTTP(w, r)
	}))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	ctx := newTab(t)
	navigate(ctx, srv.URL+"/csp.html")
	waitJS(ctx, `(() => { const r = document.getElementById("r"); return r && r.shadowRoot && r.shadowRoot.textContent.includes("Welcome back"); })()`)
	// The stylesheet applied (adoptedStyleSheets, not inline style).
	if got := evalJS[string](ctx, `getComputedStyle(document.getElementById("r").shadowRoot.querySelector("section.a2ui-surface")).display`); got == "" {
		t.Errorf("surface has no computed style")
	}
	// It is interactive: typing writes the data model.
	typeInElement(t, ctx)
	if got := evalJSON(ctx, `document.getElementById("r").renderer.dataModel("gallery-login-form").email`); got != `"ada@example.com"` {
		t.Errorf("email in the data model = %s", got)
	}
	if errs := tabErrors(ctx); len(errs) > 0 {
		t.Errorf("page errors under CSP: %s", strings.Join(errs, "\n"))
	}
}

// typeInElement types an email into the first input of #r with real key events.
func typeInElement(t *testing.T, ctx context.Context) {
	t.Helper()
	evalJSON(ctx, `(() => { document.getElementById("r").shadowRoot.querySelector("input").focus(); return true; })()`)
	pressKey(ctx, "ada@example.com")
	waitJS(ctx, `document.getElementById("r").renderer.dataModel("gallery-login-form").email === "ada@example.com"`)
}
