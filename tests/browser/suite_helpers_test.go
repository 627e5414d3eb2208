//go:build browser

package browser

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// This file holds the helpers the renderer suite shares on top of harness_test.go:
// a test page that loads the public loader (/a2ui.js) and records every a2ui-*
// event, JS helpers that read the renderer's shadow DOM, and t-explicit variants
// of the harness helpers for subtests that share one tab.

// rendererPagePath is where rendererPage is served.
const rendererPagePath = "/renderer.html"

// rendererPageHTML is the test page: it loads the renderer through its
// one-script-tag loader, holds %BODY% (extra markup, e.g. <a2ui-renderer>
// elements) and installs window.T:
//
//	T.mount(id, options)   create <div id=id> in #hosts and A2UI.mount it (T.r[id] is the renderer)
//	T.rr(id)               the renderer of host id: T.r[id], or an <a2ui-renderer>'s .renderer
//	T.log                  every a2ui-* event that reached document: {host, type, detail}
//	T.events(id, type)     the details of one host's events of one type
//	T.root(id)             the host's shadow root
//	T.q(id, css)           querySelector inside the host's shadow root
//	T.qa(id, css)          querySelectorAll as an array
//	T.text(id)             the shadow root's text (style elements excluded), whitespace collapsed
//	T.visibleText(id)      the same, counting only text nodes whose element is rendered and visible
//	T.deepActive()         the focused element, looking through shadow roots
//
// Event details are deep-copied when recorded, so later mutation cannot change them.
const rendererPageHTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>a2ui browser test</title>
<style>body { font: 16px sans-serif; margin: 8px; }</style>
<script>
"use strict";
(() => {
  const copy = (d) => (d === undefined || d === null || d instanceof Element) ? null : JSON.parse(JSON.stringify(d));
  const T = {
    log: [],
    r: {},
    async mount(id, opts) {
      await A2UI.ready;
      const el = document.createElement("div");
      el.id = id;
      document.getElementById("hosts").appendChild(el);
      T.r[id] = await A2UI.mount(el, opts || {});
      return true;
    },
    rr(id) { return T.r[id] || document.getElementById(id).renderer; },
    events(id, type) { return T.log.filter((e) => e.host === id && e.type === type).map((e) => e.detail); },
    root(id) { return document.getElementById(id).shadowRoot; },
    q(id, css) { return T.root(id).querySelector(css); },
    qa(id, css) { return Array.from(T.root(id).querySelectorAll(css)); },
    rawText(node, visibleOnly) {
      let s = "";
      const walk = (n) => {
        if (n.nodeType === Node.TEXT_NODE) {
          const p = n.parentElement;
          if (!visibleOnly || (p && p.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))) s += n.data;
          return;
        }
        if (n.nodeType === Node.ELEMENT_NODE && (n.localName === "style" || n.localName === "script")) return;
        if (n.shadowRoot) walk(n.shadowRoot);
        for (const c of n.childNodes) walk(c);
      };
      walk(node);
      return s;
    },
    norm(s) { return s.replace(/\s+/g, " ").trim(); },
    text(id) { return T.norm(T.rawText(T.root(id), false)); },
    visibleText(id) { return T.norm(T.rawText(T.root(id), true)); },
    deepActive() {
      let a = document.activeElement;
      while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
      return a;
    },
  };
  for (const type of ["a2ui-action", "a2ui-action-failed", "a2ui-conflict", "a2ui-error", "a2ui-fatal", "a2ui-surface", "a2ui-ready", "a2ui-stream", "a2ui-envelope", "a2ui-openwop-action"]) {
    document.addEventListener(type, (e) => {
      T.log.push({ host: (e.target && e.target.id) || "", type, detail: copy(e.detail) });
    });
  }
  // Every click's timeStamp, for clickStamp (trackClicks).
  window.__clicks = [];
  addEventListener("click", (e) => { window.__clicks.push(e.timeStamp); }, true);
  window.T = T;
})();
</script>
<script src="/a2ui.js"></script>
</head>
<body>
%BODY%
<main id="hosts"></main>
</body>
</html>`

// rendererPage serves the test page at rendererPagePath.
func rendererPage() Route { return rendererPageWith(rendererPagePath, "") }

// rendererPageWith serves the test page at path with extra body markup.
func rendererPageWith(path, body string) Route {
	return page(path, strings.Replace(rendererPageHTML, "%BODY%", body, 1))
}

// jsString returns s as a JS string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// openRenderer opens a tab on base+rendererPagePath and mounts a renderer on
// <div id=host> with the given A2UI.mount options (a JS object literal, "" for none).
func openRenderer(t testing.TB, base, opts string, tabOpts ...TabOption) context.Context {
	t.Helper()
	ctx := newTab(t, tabOpts...)
	navigate(ctx, base+rendererPagePath)
	if opts == "" {
		opts = "{}"
	}
	if got := evalJSON(ctx, `T.mount("host", `+opts+`)`); got != "true" {
		t.Fatalf("mount = %s", got)
	}
	return ctx
}

// process feeds msgs (a JSON value or a JSONL string, as JS source) to the
// renderer of host id and waits until the DOM shows it.
func process(ctx context.Context, id, msgs string) {
	tb := tabOf(ctx)
	tb.t.Helper()
	evalJSON(ctx, `(async () => { const r = T.rr(`+jsString(id)+`); r.process(`+msgs+`); await r.flush(); return true; })()`)
}

// processLines feeds JSONL lines to host id and flushes.
func processLines(ctx context.Context, id string, lines ...string) {
	tabOf(ctx).t.Helper()
	process(ctx, id, jsString(strings.Join(lines, "\n")+"\n"))
}

// flush waits until host id's DOM shows everything the renderer processed.
func flush(ctx context.Context, id string) {
	tabOf(ctx).t.Helper()
	evalJSON(ctx, `T.rr(`+jsString(id)+`).flush().then(() => true)`)
}

// hostText returns T.text(id).
func hostText(ctx context.Context, id string) string {
	tabOf(ctx).t.Helper()
	return evalJS[string](ctx, `T.text(`+jsString(id)+`)`)
}

// visibleText returns T.visibleText(id).
func visibleText(ctx context.Context, id string) string {
	tabOf(ctx).t.Helper()
	return evalJS[string](ctx, `T.visibleText(`+jsString(id)+`)`)
}

// events returns the JSON of every detail of host id's events of one type, in order.
func events(ctx context.Context, id, typ string) []json.RawMessage {
	tabOf(ctx).t.Helper()
	return evalJS[[]json.RawMessage](ctx, `T.events(`+jsString(id)+`, `+jsString(typ)+`)`)
}

// shadowPath is a chromedp JS-path selector for the first element matching css in
// host id's shadow root (for real mouse and keyboard input).
func shadowPath(id, css string) chromedp.JSPath {
	return chromedp.JSPath(`document.getElementById(` + jsString(id) + `).shadowRoot.querySelector(` + jsString(css) + `)`)
}

// clickIn clicks (real mouse events at its centre) the first element matching css
// in host id's shadow root, stamped clickStamp(0): now, unless that makes it part of a
// double click with an earlier click (trackClicks), then just past that one's window.
func clickIn(ctx context.Context, id, css string) {
	tabOf(ctx).t.Helper()
	clickInAt(ctx, id, css, 0)
}

// errNoNode: a selector matched nothing.
var errNoNode = errors.New("no such element")

// typeIn types text as key events into the element matching css in host id's
// shadow root (focusing it first); with replace, it first selects the current
// content with Ctrl+A so the text replaces it.
func typeIn(ctx context.Context, id, css, text string, replace bool) {
	tb := tabOf(ctx)
	tb.t.Helper()
	sel := shadowPath(id, css)
	waitJS(ctx, string(sel))
	actions := []chromedp.Action[chromedp.Void]{chromedp.Focus(sel)}
	if replace {
		actions = append(actions, chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	}
	actions = append(actions, chromedp.SendKeys(sel, text))
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("type %q into %s in #%s: %v", text, css, id, err)
	}
}

// pressKey sends keys (e.g. kb.Escape, or text) as key events to the focused element.
func pressKey(ctx context.Context, key string) {
	tb := tabOf(ctx)
	tb.t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
		tb.t.Fatalf("key %q: %v", key, err)
	}
}

// isoTimestamp matches an ISO 8601 / RFC 3339 date-time with a zone.
var isoTimestamp = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$`)

// checkAction checks one action message (the JSON of an a2ui-action detail or
// of an action POST body): its timestamp must be ISO 8601 and parse, and with the
// timestamp removed it must equal want exactly (compared as canonical JSON).
func checkAction(t testing.TB, what string, got []byte, want string) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(got, &m); err != nil {
		t.Errorf("%s: not a JSON object: %v\n%s", what, err, got)
		return
	}
	inner, _ := m["action"].(map[string]any)
	if inner == nil {
		inner, _ = m["userAction"].(map[string]any)
	}
	if inner == nil {
		t.Errorf("%s: neither action nor userAction: %s", what, got)
		return
	}
	ts, _ := inner["timestamp"].(string)
	if !isoTimestamp.MatchString(ts) {
		t.Errorf("%s: timestamp %q is not ISO 8601 (%s)", what, ts, got)
	} else if at, err := time.Parse(time.RFC3339Nano, ts); err != nil {
		t.Errorf("%s: timestamp %q: %v", what, ts, err)
	} else if d := time.Since(at); d < -time.Minute || d > 5*time.Minute {
		t.Errorf("%s: timestamp %q is %v away from now", what, ts, d)
	}
	delete(inner, "timestamp")
	if g, w := canonicalJSON(t, m), canonicalJSON(t, want); g != w {
		t.Errorf("%s (timestamp removed):\n got  %s\n want %s", what, g, w)
	}
}

// canonicalJSON re-encodes a JSON value (a string/[]byte/RawMessage of JSON, or a
// Go value) with sorted keys.
func canonicalJSON(t testing.TB, v any) string {
	t.Helper()
	var raw []byte
	switch x := v.(type) {
	case string:
		raw = []byte(x)
	case []byte:
		raw = x
	case json.RawMessage:
		raw = x
	default:
		b, err := json.Marshal(x)
		if err != nil {
			t.Fatalf("canonicalJSON: %v", err)
		}
		raw = b
	}
	var a any
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatalf("canonicalJSON(%s): %v", raw, err)
	}
	b, _ := json.Marshal(a)
	return string(b)
}

// errorCodes returns the error.code of each a2ui-error detail.
func errorCodes(t testing.TB, details []json.RawMessage) []string {
	t.Helper()
	var codes []string
	for _, d := range details {
		var e struct {
			Error struct {
				Code string `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal(d, &e); err != nil {
			t.Errorf("a2ui-error detail %s: %v", d, err)
		}
		codes = append(codes, e.Error.Code)
	}
	return codes
}

// pageClock is a JS expression that stops the page's clock (performance.now, which
// the Go runtime reads for time.Now) at its current reading until restore() is called
// on the object it returns: what the renderer measures as "just now" stays so however
// slow the machine. Timers still fire in real time.
const pageClock = `(() => {
  const now = performance.now, at = now.call(performance);
  performance.now = () => at;
  return { restore() { performance.now = now; } };
})()`

// noRenderBudget are mount options for a test that builds a large surface and checks
// what it shows: the render budget (renderBudget, 1 s by default: a surface whose build
// takes longer fails closed) is ten minutes, out of reach of a slow, shared machine.
const noRenderBudget = `{renderBudget: 600000}`

// useTab makes the helpers on ctx (a tab its parent test opened) report to t, a
// subtest run in sequence on that tab, until t ends: waitJS, evalJSON and the rest fail
// t, and page errors surface in t.
func useTab(ctx context.Context, t testing.TB) {
	tb := tabOf(ctx)
	tb.mu.Lock()
	prev := tb.t
	tb.t = t
	tb.mu.Unlock()
	t.Cleanup(func() {
		tb.mu.Lock()
		tb.t = prev
		tb.mu.Unlock()
	})
}

// waitCond waits until cond (a Go-side condition: requests a server saw, bodies an
// agent got) holds, checking it every 10 ms, and reports false after waitTimeout.
func waitCond(cond func() bool) bool {
	deadline := time.Now().Add(waitTimeout())
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		<-tick.C
	}
	return true
}

// cutConn ends a streamed response as a broken connection would, without losing what
// was written: it flushes, shuts the connection's write side (the client reads every
// byte sent, then an unfinished body) and closes it once the client let go. An abort
// (panic(http.ErrAbortHandler)) can reset the connection and discard data the client
// has not read yet. The handler must return after it.
func cutConn(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	conn, rw, err := hj.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	defer conn.Close()
	_ = rw.Flush()
	tc, ok := conn.(*net.TCPConn)
	if !ok {
		return
	}
	_ = tc.CloseWrite()
	// The client closes its side once it saw the end; the deadline only bounds a
	// client that never does.
	_ = tc.SetReadDeadline(time.Now().Add(waitTimeout()))
	_, _ = io.Copy(io.Discard, tc)
}

// loadMarker is the later marker of a negative check (nothing was requested): after two
// animation frames (lazy loads in view have started), the page loads an image from url
// and this waits for its load or error event. A request the page had started before it
// came first.
func loadMarker(ctx context.Context, url string) {
	tabOf(ctx).t.Helper()
	evalJSON(ctx, `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
		const img = new Image();
		img.onload = img.onerror = () => done(true);
		img.src = `+jsString(url)+`;
	})))`)
}
