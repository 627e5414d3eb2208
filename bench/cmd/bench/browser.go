package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/a2ui-go/a2ui/internal/headless"
)

// browser is one headless Chromium with a fresh profile under tmpRoot.
//
// The server's certificate is trusted by its public key (--ignore-certificate-errors-spki-list),
// not by ignoring certificate errors: Chromium does not keep a response with a certificate
// error in its HTTP cache, which would make every "warm" load fetch from the network.
type browser struct {
	ctx     context.Context // the first tab's context: tabs and browser contexts derive from it
	stop    func()
	version string
}

func startBrowser(exe, tmpRoot, spki, jsFlags string) (*browser, error) {
	if _, err := os.Stat(exe); err != nil {
		return nil, fmt.Errorf("no Chromium at %s (set CHROMIUM): %w", exe, err)
	}
	if err := os.MkdirAll(tmpRoot, 0o755); err != nil {
		return nil, err
	}
	dir, err := headless.ScratchDir(tmpRoot, "bench-chromium-")
	if err != nil {
		return nil, err
	}
	profile, tmp := filepath.Join(dir, "profile"), filepath.Join(dir, "tmp")
	for _, d := range []string{profile, tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	opts := append(headless.Options(exe, profile),
		chromedp.Flag("ignore-certificate-errors-spki-list", spki), // the httptest TLS certificate
		chromedp.Flag("enable-precise-memory-info", true),          // performance.memory without bucketing
		chromedp.Flag("js-flags", strings.TrimSpace("--expose-gc "+jsFlags)),
		chromedp.WindowSize(1200, 900),
		chromedp.Env("TMPDIR="+tmp),
	)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	b := &browser{ctx: bctx}
	b.stop = func() {
		bcancel()
		acancel()
		for range 50 { // Chromium's children may write for a moment after it stops
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	if err := chromedp.Do(bctx); err != nil {
		b.stop()
		return nil, fmt.Errorf("start %s: %w", exe, err)
	}
	if v, err := chromedp.CallBrowser(bctx, cdpbrowser.GetVersion, cdp.Empty{}); err == nil {
		b.version = v.Product
	}
	return b, nil
}

// tab is one page; close it with its cancel func.
type tab struct {
	ctx    context.Context
	cancel func()
	errs   *pageErrors
}

// pageErrors collects uncaught exceptions and console errors of a tab.
type pageErrors struct {
	ch chan string
}

func (p *pageErrors) list() []string {
	var out []string
	for {
		select {
		case s := <-p.ch:
			out = append(out, s)
		default:
			return out
		}
	}
}

// newTab opens a tab, in a new browser context (fresh cache, no code cache) when
// isolated is true. parent may itself be a tab context to share its browser context.
func (b *browser) newTab(parent context.Context, isolated bool) (*tab, error) {
	if parent == nil {
		parent = b.ctx
	}
	var opts []chromedp.ContextOption
	if isolated {
		opts = append(opts, chromedp.WithNewBrowserContext())
	}
	ctx, cancel := chromedp.NewContext(parent, opts...)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return nil, err
	}
	pe := &pageErrors{ch: make(chan string, 64)}
	push := func(s string) {
		select {
		case pe.ch <- s:
		default:
		}
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			push((&chromedp.ExceptionError{ExceptionDetails: e.ExceptionDetails}).Error())
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range e.Args {
					if a.Value != nil {
						parts = append(parts, string(a.Value))
					} else if a.Description != "" {
						parts = append(parts, a.Description)
					}
				}
				push("console.error: " + strings.Join(parts, " "))
			}
		}
	}); err != nil {
		cancel()
		return nil, err
	}
	// chromedp enables the Network domain on every tab, and DevTools then keeps a copy of
	// each response body for its Network panel: for a2ui.wasm (7 MB decoded) that copy
	// cost 18–31 ms of the main thread when the body finished loading
	// (ResponseBodyLoader::DidFinishLoadingBody; 0.3–1.6 ms without it), on every load.
	// A visitor has no DevTools open, and nothing here reads network events (requests
	// are logged by the server), so the benchmark turns it off.
	if _, err := chromedp.Call(ctx, network.Disable, cdp.Empty{}); err != nil {
		cancel()
		return nil, err
	}
	return &tab{ctx: ctx, cancel: cancel, errs: pe}, nil
}

// navigate loads url and waits for the load event (bounded by d).
func (t *tab) navigate(url string, d time.Duration) error {
	ctx, cancel := context.WithTimeout(t.ctx, d)
	defer cancel()
	return chromedp.Do(ctx, chromedp.Navigate(url))
}

// eval evaluates expr (awaiting a promise) into out, bounded by d.
func (t *tab) eval(expr string, d time.Duration, out any) error {
	ctx, cancel := context.WithTimeout(t.ctx, d)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		if errs := t.errs.list(); len(errs) > 0 {
			return fmt.Errorf("%w (page errors: %s)", err, strings.Join(errs, " | "))
		}
		return err
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

// poll waits until expr is truthy (bounded by d).
func (t *tab) poll(expr string, d time.Duration) error {
	ctx, cancel := context.WithTimeout(t.ctx, d+time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[json.RawMessage](expr,
		chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(d)))
	return err
}

// key sends one character as real key events (keyDown/char/keyUp).
func (t *tab) key(ch string, d time.Duration) error {
	ctx, cancel := context.WithTimeout(t.ctx, d)
	defer cancel()
	return chromedp.Do(ctx, chromedp.KeyEvent(ch))
}
