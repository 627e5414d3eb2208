//go:build browser

package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
	"github.com/a2ui-go/a2ui/internal/headless"
)

// ---- one Chromium per test binary ---------------------------------------------

var (
	browserOnce sync.Once
	browserCtx  context.Context // the first tab's context; tabs are children of it
	browserErr  error
	browserStop = func() {}
)

func TestMain(m *testing.M) {
	code := m.Run()
	browserStop()
	os.Exit(code)
}

// chromiumPath is $CHROMIUM or the first Chromium found (headless.ChromiumPath).
func chromiumPath() string { return headless.ChromiumPath() }

// startBrowser launches the shared Chromium on first use (sync.Once) and returns
// the browser context, or fails t.
func startBrowser(t testing.TB) context.Context {
	t.Helper()
	browserOnce.Do(func() {
		exe := chromiumPath()
		if _, err := os.Stat(exe); err != nil {
			browserErr = fmt.Errorf("no Chromium at %s (set CHROMIUM, or apt-get install chromium): %w", exe, err)
			return
		}
		dir, err := headless.ScratchDir("", "a2ui-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		profile, tmp := filepath.Join(dir, "profile"), filepath.Join(dir, "tmp")
		for _, d := range []string{profile, tmp} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				browserErr = err
				return
			}
		}
		// One renderer process for all test pages (sharedmodule_test.go). No back-forward
		// cache: a page a test leaves would be kept in it, frozen with its engine, and
		// evicted later, and no test goes back (the suite took 235–250 CPU-s without it
		// against 262–263 with it).
		opts := append(headless.Options(exe, profile),
			chromedp.Flag("disable-features", headless.DisabledFeatures+",BackForwardCache"),
			chromedp.Flag("process-per-site", true), chromedp.Env("TMPDIR="+tmp))
		if f := jsFlags(); f != "" {
			opts = append(opts, chromedp.Flag("js-flags", f))
		}
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		browserStop = func() {
			bcancel()
			acancel()
			// Chromium's children may still write for a moment after it stops: retry
			// until the directory is gone (at most 5 s).
			tick := time.NewTicker(100 * time.Millisecond)
			defer tick.Stop()
			for range 50 {
				if os.RemoveAll(dir) == nil {
					return
				}
				<-tick.C
			}
		}
		if err := chromedp.Do(bctx); err != nil {
			browserErr = fmt.Errorf("start %s: %w", exe, err)
			return
		}
		if err := holdModule(bctx); err != nil {
			browserErr = fmt.Errorf("compile the shared module: %w", err)
			return
		}
		browserCtx = bctx
	})
	if browserErr != nil {
		t.Fatalf("browser: %v", browserErr)
	}
	return browserCtx
}

// jsFlags are the V8 flags of the suite's Chromium: $A2UI_BROWSER_JSFLAGS when set
// (empty: V8's defaults), else --liftoff-only. Each test page starts the engine anew and
// dies within seconds, and TurboFan's tier-up compiled the functions each made hot again
// and again, on background threads: two fifths of the renderer processes' thread-pool
// CPU (34 → 20 CPU-s) and 5% of the suite's Chromium in all (230 → 218 CPU-s, same
// session). The tiers give the same results, and every page runs on Liftoff first
// anyway. make bench keeps V8's defaults.
func jsFlags() string {
	if f, ok := os.LookupEnv("A2UI_BROWSER_JSFLAGS"); ok {
		return f
	}
	return "--liftoff-only"
}

// ---- a tab per test -------------------------------------------------------------

// tabTimeout bounds everything a tab does, so a stuck page fails its test with
// "context deadline exceeded" instead of hanging the binary.
const tabTimeout = 3 * time.Minute

type tabKey struct{}

// tab is the per-test state behind a tab context.
type tab struct {
	t           testing.TB
	allowErrors bool

	mu       sync.Mutex
	closed   bool
	errs     []string      // uncaught exceptions, console.error/assert, Go panics
	errAdded chan struct{} // gets a value (if empty) when errs grows: waitJS stops early
	reported int           // errs[:reported] were already reported
	console  []string      // every console line, dumped when the test fails
}

// TabOption configures newTab.
type TabOption func(*tab)

// allowJSErrors stops page errors from failing the test; read them with tabErrors.
func allowJSErrors() TabOption { return func(tb *tab) { tb.allowErrors = true } }

// newTab opens a new tab (its own window, so it gets animation frames) in the
// shared browser and returns its context; the tab closes when t ends. Page errors
// (uncaught exceptions, console.error, console.assert failures, and Go panics
// that wasm_exec.js prints with console.log) fail t unless allowJSErrors is given.
// The helpers below (waitJS, evalJSON, navigate, ...) fail the t of the tab, so
// call them from that test's goroutine.
func newTab(t testing.TB, opts ...TabOption) context.Context {
	t.Helper()
	bctx := startBrowser(t)
	pt, err := takeTab(bctx)
	if err != nil {
		t.Fatalf("open tab: %v", err)
	}
	tb := &tab{t: t, errAdded: make(chan struct{}, 1)}
	for _, o := range opts {
		o(tb)
	}
	pt.cur.Store(tb)
	ctx, cancelTimeout := context.WithTimeout(pt.ctx, tabTimeout)
	ctx = context.WithValue(ctx, tabKey{}, tb)
	t.Cleanup(func() {
		// A round trip: every event the page sent before it has reached onEvent.
		_, _ = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void]("0"))
		tb.mu.Lock()
		tb.closed = true
		errs := tb.errs[tb.reported:]
		tb.reported = len(tb.errs)
		console := strings.Join(tb.console, "\n")
		tb.mu.Unlock()
		if !tb.allowErrors {
			for _, e := range errs {
				t.Errorf("page error: %s", e)
			}
		}
		if t.Failed() && console != "" {
			t.Logf("page console:\n%s", console)
		}
		cancelTimeout()
		putTab(pt, !t.Failed())
	})
	return ctx
}

// The tabs of finished tests are kept for the next ones: a new tab (its own window)
// costs Chromium about 0.25 s of CPU, a navigation to about:blank a fraction of that.
// A test gets a tab at about:blank, without emulated media or the Network domain, the
// pointer at the page's corner, and a listener that reports to that test only; the tab
// of a failed test (or one that does not come back to about:blank) is closed instead.
var tabPool struct {
	mu   sync.Mutex
	free map[string][]*poolTab // by the tab's modeScript
}

// poolTab is one tab: its chromedp context, the modeScript it runs, and the test it
// reports to (nil between tests).
type poolTab struct {
	ctx    context.Context
	cancel context.CancelFunc
	mode   string
	cur    atomic.Pointer[tab]
}

// takeTab returns a pooled tab running the current modeScript, or opens one.
func takeTab(bctx context.Context) (*poolTab, error) {
	mode, err := modeScript()
	if err != nil {
		return nil, fmt.Errorf("A2UI_BROWSER_MODE: %w", err)
	}
	tabPool.mu.Lock()
	if free := tabPool.free[mode]; len(free) > 0 {
		pt := free[len(free)-1]
		tabPool.free[mode] = free[:len(free)-1]
		tabPool.mu.Unlock()
		return pt, nil
	}
	tabPool.mu.Unlock()
	cctx, cancel := chromedp.NewContext(bctx)
	pt := &poolTab{ctx: cctx, cancel: cancel, mode: mode}
	// Listen opens the tab and calls onEvent on the tab's reader goroutine, in order,
	// before the reply of any later command: see newTab's cleanup.
	if err := chromedp.Listen(cctx, func(ev any) {
		if tb := pt.cur.Load(); tb != nil {
			tb.onEvent(ev)
		}
	}); err != nil {
		cancel()
		return nil, err
	}
	// chromedp enables the Network domain, and DevTools then copies every response body
	// the page receives (a2ui.js, and a2ui.wasm in main mode: about 0.1 CPU-s a load).
	// Off, as for a visitor; a test that watches requests turns it on (watchNetwork).
	if _, err := chromedp.Call(cctx, network.Disable, cdp.Empty{}); err != nil {
		cancel()
		return nil, err
	}
	if mode != "" {
		if _, err := chromedp.Call(cctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: mode}); err != nil {
			cancel()
			return nil, fmt.Errorf("A2UI_BROWSER_MODE: %w", err)
		}
	}
	return pt, nil
}

// putTab resets pt for the next test and pools it (keep), or closes it.
func putTab(pt *poolTab, keep bool) {
	pt.cur.Store(nil)
	if keep {
		ctx, cancel := context.WithTimeout(pt.ctx, 10*time.Second)
		err := chromedp.Do(ctx, chromedp.Navigate("about:blank"))
		if err == nil {
			_, err = chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{}})
		}
		if err == nil {
			_, err = chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: 0, Y: 0})
		}
		cancel()
		keep = err == nil
	}
	if !keep {
		pt.cancel()
		return
	}
	tabPool.mu.Lock()
	if tabPool.free == nil {
		tabPool.free = map[string][]*poolTab{}
	}
	tabPool.free[pt.mode] = append(tabPool.free[pt.mode], pt)
	tabPool.mu.Unlock()
}

// modeScript is the script every tab runs before any page script when
// $A2UI_BROWSER_MODE is set: globalThis.A2UI_MODE = "main" or "worker", the engine's
// mode the loader is asked for (the suite runs in both); "" when it is unset.
func modeScript() (string, error) {
	switch mode := os.Getenv("A2UI_BROWSER_MODE"); mode {
	case "":
		return "", nil
	case "main", "worker":
		return `globalThis.A2UI_MODE = "` + mode + `";`, nil
	default:
		return "", fmt.Errorf("%q: want main or worker", mode)
	}
}

func tabOf(ctx context.Context) *tab {
	tb, _ := ctx.Value(tabKey{}).(*tab)
	if tb == nil {
		panic("browser harness: context does not come from newTab")
	}
	return tb
}

// onEvent records console output and exceptions. It runs on chromedp's reader
// goroutine, so it only appends under the lock.
func (tb *tab) onEvent(ev any) {
	var line string
	isErr := false
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		line = "exception: " + exceptionText(ev.ExceptionDetails)
		isErr = true
	case *runtime.EventConsoleAPICalled:
		parts := make([]string, 0, len(ev.Args))
		for _, a := range ev.Args {
			parts = append(parts, remoteText(a))
		}
		text := strings.Join(parts, " ")
		line = "console." + string(ev.Type) + ": " + text
		switch ev.Type {
		case runtime.ConsoleAPICalledTypeError, runtime.ConsoleAPICalledTypeAssert:
			isErr = true
		case runtime.ConsoleAPICalledTypeLog:
			// The Go runtime prints panics and fatal errors through console.log.
			isErr = strings.HasPrefix(text, "panic: ") || strings.HasPrefix(text, "fatal error: ")
		}
	default:
		return
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.closed {
		return
	}
	tb.console = append(tb.console, line)
	if isErr {
		tb.errs = append(tb.errs, line)
		select {
		case tb.errAdded <- struct{}{}:
		default:
		}
	}
}

// tabErrors returns the page errors recorded so far (for tests using allowJSErrors).
func tabErrors(ctx context.Context) []string {
	tb := tabOf(ctx)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return append([]string(nil), tb.errs...)
}

// tabConsole returns every console line recorded so far ("console.log: text").
func tabConsole(ctx context.Context) []string {
	tb := tabOf(ctx)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return append([]string(nil), tb.console...)
}

// pendingErrors returns the unreported page errors and marks them reported
// (none when the test opted out).
func (tb *tab) pendingErrors() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.allowErrors {
		return nil
	}
	errs := tb.errs[tb.reported:]
	tb.reported = len(tb.errs)
	return errs
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d == nil {
		return "(no details)"
	}
	s := d.Text
	if d.Exception != nil {
		if desc := remoteText(d.Exception); desc != "" {
			s += " " + desc
		}
	}
	if d.URL != "" {
		s += fmt.Sprintf(" (%s:%d:%d)", d.URL, d.LineNumber+1, d.ColumnNumber+1)
	}
	return s
}

func remoteText(o *runtime.RemoteObject) string {
	if o == nil {
		return ""
	}
	if len(o.Value) > 0 {
		var s string
		if json.Unmarshal([]byte(o.Value), &s) == nil {
			return s
		}
		return string(o.Value)
	}
	if o.UnserializableValue != "" {
		return string(o.UnserializableValue)
	}
	if o.Description != "" {
		return o.Description
	}
	return string(o.Type)
}

// ---- page helpers ---------------------------------------------------------------

// waitTimeout is waitJS's limit: $A2UI_WAIT_TIMEOUT or 30s. It only bounds how long a
// failing test takes: a fresh clone's make test builds and runs the host tests beside the
// browser suite on 2 cores, where 10 s did not always cover an agent's first surface.
func waitTimeout() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("A2UI_WAIT_TIMEOUT")); err == nil && d > 0 {
		return d
	}
	return 30 * time.Second
}

// waitJS polls the JS expression until it is truthy. It fails the test at once on
// a page error, and after the timeout with the expression's last value or error.
// An expression that throws (say, a missing element) counts as false.
func waitJS(ctx context.Context, expr string) {
	tb := tabOf(ctx)
	tb.t.Helper()
	if err := waitJSErr(ctx, expr, waitTimeout()); err != nil {
		tb.t.Fatal(err)
	}
}

// waitJSErr is waitJS returning an error instead of failing the test. The page polls
// the expression itself (every 10 ms, in one awaited evaluation), so a wait costs one
// round trip, not one per poll; a page error ends it at once. An evaluation the page
// loses (a navigation, a reload) is made again until the timeout.
func waitJSErr(ctx context.Context, expr string, timeout time.Duration) error {
	tb := tabOf(ctx)
	deadline := time.Now().Add(timeout)
	// The expression is wrapped so a throw is reported as a value, not an error. The
	// page gives up at its own deadline (Date.now: tests may stop performance.now).
	probe := func(ms int64) string {
		return `new Promise((done) => {
  const end = Date.now() + ` + strconv.FormatInt(ms, 10) + `;
  const poll = () => {
    let r;
    try { r = {ok: !!(` + expr + `)}; } catch (e) { r = {ok: false, err: String(e)}; }
    if (r.ok || Date.now() >= end) return done(r);
    setTimeout(poll, 10);
  };
  poll();
})`
	}
	type result struct {
		OK  bool   `json:"ok"`
		Err string `json:"err"`
	}
	var last string
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	for {
		if errs := tb.pendingErrors(); len(errs) > 0 {
			return fmt.Errorf("page error while waiting for %s:\n  %s", expr, strings.Join(errs, "\n  "))
		}
		left := time.Until(deadline)
		type answer struct {
			r   result
			err error
		}
		ch := make(chan answer, 1)
		go func() {
			r, err := chromedp.Run(ctx, chromedp.Evaluate[result](probe(max(left.Milliseconds(), 0)), chromedp.EvalAwaitPromise))
			ch <- answer{r, err}
		}()
		var a answer
	wait:
		for {
			select {
			case a = <-ch:
				break wait
			case <-tb.errAdded:
				// A page error ends the wait now (the page's poll ends by itself).
				if errs := tb.pendingErrors(); len(errs) > 0 {
					return fmt.Errorf("page error while waiting for %s:\n  %s", expr, strings.Join(errs, "\n  "))
				}
			}
		}
		r, err := a.r, a.err
		switch {
		case err != nil:
			last = err.Error()
			if ctx.Err() != nil {
				return fmt.Errorf("waiting for %s: %v", expr, err)
			}
		case r.OK:
			return nil
		case r.Err != "":
			last = "throws " + r.Err
		default:
			last = "false"
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("timeout after %v waiting for %s (last: %s)", timeout, expr, last)
		}
		<-tick.C
	}
}

// evalJSON evaluates expr in the page (awaiting it if it is a promise) and
// returns JSON.stringify of the result, e.g. `{"a":1}`; "undefined" for undefined.
func evalJSON(ctx context.Context, expr string) string {
	tb := tabOf(ctx)
	tb.t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`(async () => { const v = await (`+expr+`); return v === undefined ? "undefined" : JSON.stringify(v); })()`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("evalJSON(%s): %v", expr, err)
	}
	return s
}

// evalJS evaluates expr (awaiting promises) and decodes its JSON value into T.
func evalJS[T any](ctx context.Context, expr string) T {
	tb := tabOf(ctx)
	tb.t.Helper()
	var v T
	if err := json.Unmarshal([]byte(evalJSON(ctx, expr)), &v); err != nil {
		tb.t.Fatalf("evalJS(%s): decode into %T: %v", expr, v, err)
	}
	return v
}

// navigate loads url in the tab and waits for the load event.
func navigate(ctx context.Context, url string) {
	tb := tabOf(ctx)
	tb.t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		tb.t.Fatalf("navigate %s: %v", url, err)
	}
}

// click clicks the first element matching the CSS selector (waits until visible).
func click(ctx context.Context, css string) {
	tb := tabOf(ctx)
	tb.t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(css))); err != nil {
		tb.t.Fatalf("click %s: %v", css, err)
	}
}

// sendKeys focuses the first element matching css and types text into it as key
// events (so input/change listeners run).
func sendKeys(ctx context.Context, css, text string) {
	tb := tabOf(ctx)
	tb.t.Helper()
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(css), text)); err != nil {
		tb.t.Fatalf("sendKeys %s: %v", css, err)
	}
}

// textOf returns the textContent of the first element matching css ("" plus a
// test failure when there is none).
func textOf(ctx context.Context, css string) string {
	tb := tabOf(ctx)
	tb.t.Helper()
	sel, _ := json.Marshal(css)
	var r struct {
		Found bool   `json:"found"`
		Text  string `json:"text"`
	}
	if err := json.Unmarshal([]byte(evalJSON(ctx,
		`(() => { const e = document.querySelector(`+string(sel)+`); return e ? {found: true, text: e.textContent} : {found: false, text: ""}; })()`)), &r); err != nil {
		tb.t.Fatalf("textOf(%s): %v", css, err)
	}
	if !r.Found {
		tb.t.Errorf("textOf(%s): no such element", css)
	}
	return r.Text
}

// ---- the per-test server ----------------------------------------------------------

// repoRoot is the directory holding go.mod, found by walking up from the test's
// working directory.
var repoRoot = sync.OnceValues(func() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
})

// repoPath returns a path inside the repository, or fails t.
func repoPath(t testing.TB, rel string) string {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, filepath.FromSlash(rel))
}

// Route is one extra handler on a test server.
type Route struct {
	Pattern string // http.ServeMux pattern, e.g. "/agent/stream" or "POST /agent/action"
	Handler http.Handler
}

// handle makes a Route.
func handle(pattern string, h http.Handler) Route { return Route{pattern, h} }

// page serves an inline HTML document at path (exact match).
func page(path, html string) Route {
	return Route{path, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		io.WriteString(w, html)
	})}
}

// serve starts a server for this test and returns its base URL (no trailing
// slash). It serves:
//
//	/            dist/ (the built site, as pages get it: a2ui.js with the runtime and
//	             the CSS bundled, a2ui.wasm; run make build first, see requireBuilt)
//	/testdata/   the repo's testdata/
//	/web_core/   node_modules/@a2ui/web_core/src (official examples and schemas)
//
// plus the given routes, which may shadow paths below those prefixes. Nothing is
// cached (Cache-Control: no-store). The server closes when t ends.
func serve(t testing.TB, routes ...Route) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/", staticDir(repoPath(t, "dist")))
	mux.Handle("/testdata/", http.StripPrefix("/testdata", staticDir(repoPath(t, "testdata"))))
	mux.Handle("/web_core/", http.StripPrefix("/web_core", staticDir(repoPath(t, "node_modules/@a2ui/web_core/src"))))
	for _, r := range routes {
		mux.Handle(r.Pattern, r.Handler)
	}
	srv := newSiteServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// requireBuilt fails t when the built a2ui.js or a2ui.wasm is missing from dist/.
func requireBuilt(t testing.TB) {
	t.Helper()
	for _, f := range []string{"dist/a2ui.js", "dist/a2ui.wasm"} {
		if _, err := os.Stat(repoPath(t, f)); err != nil {
			t.Fatalf("%s missing: run `make build` before the browser tests (%v)", f, err)
		}
	}
}

// requireWebCore skips (or, with A2UI_REQUIRE_FIXTURES set, fails) t when
// node_modules/@a2ui/web_core is not installed.
func requireWebCore(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(repoPath(t, "node_modules/@a2ui/web_core/src")); err != nil {
		if os.Getenv("A2UI_REQUIRE_FIXTURES") != "" {
			t.Fatalf("node_modules/@a2ui/web_core missing (run npm ci): %v", err)
		}
		t.Skipf("node_modules/@a2ui/web_core missing (run npm ci)")
	}
}

var staticTypes = map[string]string{
	".wasm":  "application/wasm",
	".js":    "text/javascript; charset=utf-8",
	".mjs":   "text/javascript; charset=utf-8",
	".json":  "application/json",
	".jsonl": "application/jsonl",
	".css":   "text/css; charset=utf-8",
	".html":  "text/html; charset=utf-8",
}

func staticDir(dir string) http.Handler {
	fs := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ct, ok := staticTypes[strings.ToLower(path.Ext(r.URL.Path))]; ok {
			w.Header().Set("Content-Type", ct)
		}
		w.Header().Set("Cache-Control", "no-store")
		fs.ServeHTTP(w, r)
	})
}

// ---- the scriptable agent -----------------------------------------------------------

// streamChunks answers with the chunks exactly as given (they may split lines,
// even inside a UTF-8 sequence), flushing each and sleeping delay before the next.
// The content type is application/jsonl.
func streamChunks(delay time.Duration, chunks ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/jsonl")
		w.Header().Set("Cache-Control", "no-store")
		writeChunks(w, r, delay, chunks)
	})
}

// streamLines answers with each line plus "\n", as streamChunks.
func streamLines(delay time.Duration, lines ...string) http.Handler {
	chunks := make([]string, len(lines))
	for i, l := range lines {
		chunks[i] = l + "\n"
	}
	return streamChunks(delay, chunks...)
}

// streamSSE answers text/event-stream, one `data:` event per payload (a payload
// with newlines becomes several data: lines).
func streamSSE(delay time.Duration, payloads ...string) http.Handler {
	chunks := make([]string, len(payloads))
	for i, p := range payloads {
		chunks[i] = "data: " + strings.ReplaceAll(p, "\n", "\ndata: ") + "\n\n"
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-store")
		writeChunks(w, r, delay, chunks)
	})
}

// streamFile streams the non-blank lines of a repository file (e.g.
// "testdata/demo/booking.jsonl") as streamLines does.
func streamFile(t testing.TB, rel string, delay time.Duration) http.Handler {
	t.Helper()
	data, err := os.ReadFile(repoPath(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for l := range strings.SplitSeq(string(data), "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, strings.TrimRight(l, "\r"))
		}
	}
	return streamLines(delay, lines...)
}

func writeChunks(w http.ResponseWriter, r *http.Request, delay time.Duration, chunks []string) {
	fl, _ := w.(http.Flusher)
	w.WriteHeader(http.StatusOK)
	if fl != nil {
		fl.Flush()
	}
	for i, c := range chunks {
		if i > 0 && delay > 0 {
			select {
			case <-r.Context().Done():
				return
			case <-time.After(delay):
			}
		}
		if _, err := io.WriteString(w, c); err != nil {
			return
		}
		if fl != nil {
			fl.Flush()
		}
	}
}

// demoAgent mounts a fresh instance of cmd/demo-agent's scripted agent at /agent/
// (GET /agent/stream?sample=demo/booking|demo/tasks|..., POST /agent/action),
// streaming the repo's testdata with delay between lines. Its task-list state is
// private to this test.
func demoAgent(t testing.TB, delay time.Duration) Route {
	t.Helper()
	a, err := demoagent.NewAgent(repoPath(t, "testdata"), delay)
	if err != nil {
		t.Fatal(err)
	}
	return Route{"/agent/", a}
}

// actionRecorder is an agent endpoint that records every request body (actions,
// errors) and answers each with its reply lines as JSONL.
type actionRecorder struct {
	reply []string

	mu      sync.Mutex
	bodies  []string
	headers []http.Header
	changed chan struct{} // closed and replaced on every new body
}

// newActionRecorder returns a recorder answering every request with reply (JSONL lines).
func newActionRecorder(reply ...string) *actionRecorder {
	return &actionRecorder{reply: reply, changed: make(chan struct{})}
}

func (a *actionRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	a.mu.Lock()
	a.bodies = append(a.bodies, string(body))
	a.headers = append(a.headers, r.Header.Clone())
	close(a.changed)
	a.changed = make(chan struct{})
	a.mu.Unlock()
	streamLines(0, a.reply...).ServeHTTP(w, r)
}

// Bodies returns the bodies received so far, in order.
func (a *actionRecorder) Bodies() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.bodies...)
}

// Headers returns the request headers received so far, in order.
func (a *actionRecorder) Headers() []http.Header {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]http.Header(nil), a.headers...)
}

// Wait waits until at least n bodies arrived (up to the waitJS timeout) and
// returns them; it fails t on timeout.
func (a *actionRecorder) Wait(t testing.TB, n int) []string {
	t.Helper()
	timer := time.NewTimer(waitTimeout())
	defer timer.Stop()
	for {
		a.mu.Lock()
		if len(a.bodies) >= n {
			b := append([]string(nil), a.bodies...)
			a.mu.Unlock()
			return b
		}
		ch, got := a.changed, len(a.bodies)
		a.mu.Unlock()
		select {
		case <-ch:
		case <-timer.C:
			t.Fatalf("agent got %d request(s), want %d, after %v", got, n, waitTimeout())
			return nil
		}
	}
}
