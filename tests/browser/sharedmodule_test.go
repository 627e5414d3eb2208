//go:build browser

package browser

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"github.com/chromedp/chromedp"
)

// The browser runs with --process-per-site: every test page is on 127.0.0.1 (one site,
// whatever the port), so all of them share one renderer process, and V8 reuses the
// module compiled there (its in-process module cache, keyed by the wasm's bytes)
// instead of compiling the 6 MB module for each test. holdModule keeps that module
// alive between tests: the browser's first tab, on a server of its own, compiles
// dist/a2ui.wasm and keeps the WebAssembly.Module. Tests stay isolated: each has its
// own tab, server (origin) and state.

// holdModule points the first tab at the module holder; without a built dist/ it does
// nothing (requireBuilt fails those tests).
func holdModule(bctx context.Context) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	wasm := filepath.Join(root, "dist", "a2ui.wasm")
	if _, err := os.Stat(wasm); err != nil {
		return nil
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><title>module holder</title>`))
	})
	mux.HandleFunc("/a2ui.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		http.ServeFile(w, r, wasm)
	})
	srv := httptest.NewServer(mux)
	stop := browserStop
	browserStop = func() { stop(); srv.Close() }
	if err := chromedp.Do(bctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		return err
	}
	_, err = chromedp.Run(bctx, chromedp.Evaluate[bool](`WebAssembly.compileStreaming(fetch("/a2ui.wasm")).then((m) => { window.module = m; return true; })`, chromedp.EvalAwaitPromise))
	return err
}
