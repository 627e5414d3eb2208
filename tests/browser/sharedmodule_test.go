//go:build browser

package browser

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"

	"github.com/chromedp/chromedp"
)

// The browser runs with --process-per-site: every test page is on one of a few loopback
// sites (127.0.0.1, 127.0.0.2, …: an IP address is a site whatever the port), so the
// pages of a site share one renderer process, and V8 reuses the module compiled there
// (its in-process module cache, keyed by the wasm's bytes) instead of compiling the 6 MB
// module for each test. A renderer process runs its pages' scripts on one main thread:
// more than one site (testSites) lets the parallel tests use more than one core.
// holdModule keeps each site's module alive between tests: a tab per site, on a server
// of its own, compiles dist/a2ui.wasm and keeps the WebAssembly.Module. Tests stay
// isolated: each has its own tab, server (origin) and state.

// testSites is how many loopback sites (renderer processes) the test pages are spread
// over, round robin by server: $A2UI_BROWSER_SITES, default 2 (the machines this runs on
// have 2 cores or more).
func testSites() int {
	if n, err := strconv.Atoi(os.Getenv("A2UI_BROWSER_SITES")); err == nil && n >= 1 && n <= 8 {
		return n
	}
	return 2
}

// siteIP is the loopback address of site i (0-based).
func siteIP(i int) string { return "127.0.0." + strconv.Itoa(i+1) }

// nextSite picks the site of the next test server.
var nextSite atomic.Uint32

// newSiteServer starts an httptest server for h on the next site's address.
func newSiteServer(h http.Handler) *httptest.Server {
	return newServerOn(siteIP(int(nextSite.Add(1)-1)%testSites()), h)
}

// newServerOn starts an httptest server for h on ip (127.0.0.1: httptest's own).
func newServerOn(ip string, h http.Handler) *httptest.Server {
	srv := httptest.NewUnstartedServer(h)
	if ip != "127.0.0.1" {
		l, err := net.Listen("tcp", ip+":0")
		if err != nil {
			panic(fmt.Sprintf("browser tests: listen on %s: %v", ip, err))
		}
		srv.Listener.Close()
		srv.Listener = l
	}
	srv.Start()
	return srv
}

// holdModule opens a tab per site on the module holder; without a built dist/ it does
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
	for i := range testSites() {
		srv := newServerOn(siteIP(i), mux)
		stop := browserStop
		browserStop = func() { stop(); srv.Close() }
		ctx := bctx
		if i > 0 { // the first site's holder is the browser's first tab
			var cancel context.CancelFunc
			ctx, cancel = chromedp.NewContext(bctx)
			stop := browserStop
			browserStop = func() { cancel(); stop() }
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
			return err
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`WebAssembly.compileStreaming(fetch("/a2ui.wasm")).then((m) => { window.module = m; return true; })`, chromedp.EvalAwaitPromise)); err != nil {
			return err
		}
	}
	return nil
}
