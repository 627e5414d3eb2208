//go:build browser

package browser

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The MCP App page (dist/a2ui-mcp-app.html) in a sandboxed srcdoc iframe, driven by a
// host page built on ext-apps' own AppBridge (@modelcontextprotocol/ext-apps 2.0.4 from
// node_modules, bundled with esbuild): the host side of the protocol is the official
// package's.

// The host's Content-Security-Policies for the View: the 2026-01-26 spec's restrictive
// default, and the same with 'wasm-unsafe-eval' (what ext-apps PR 667's
// _meta.ui.csp.wasmUnsafeEval asks a host to add).
const (
	mcpSpecCSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data:; media-src 'self' data:; connect-src 'none'"
	mcpWasmCSP = "default-src 'none'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data:; media-src 'self' data:; connect-src 'none'"
)

// appBridgeJS is ext-apps' AppBridge and PostMessageTransport as one script (global
// ExtApps), bundled once per test binary.
var appBridgeJS = sync.OnceValues(func() ([]byte, error) {
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "a2ui-appbridge-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "appbridge.js")
	cmd := exec.Command(filepath.Join(root, "node_modules/.bin/esbuild"), "--bundle", "--format=iife",
		"--global-name=ExtApps", "--log-level=error", "--outfile="+out)
	cmd.Dir = root
	cmd.Stdin = strings.NewReader(`export { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";`)
	if b, err := cmd.CombinedOutput(); err != nil {
		return nil, &exec.ExitError{ProcessState: cmd.ProcessState, Stderr: b}
	}
	return os.ReadFile(out)
})

// mcpHostHTML is the host page. H.start(csp, hostContext) puts the View in
// <iframe sandbox="allow-scripts" srcdoc> (an opaque origin) with csp as its policy and
// connects an AppBridge to it. It records:
//
//	H.initialized    the View sent ui/notifications/initialized
//	H.sizes          every ui/notifications/size-changed {width, height}
//	H.links          the url of every ui/open-link
//	H.calls          every tools/call: {params, resolve(result), reject(message)}, answered
//	                 when the test settles it
const mcpHostHTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MCP host</title>
<script src="/mcpapp/appbridge.js"></script>
<script>
"use strict";
window.H = {
  initialized: false, sizes: [], links: [], calls: [], iframe: null, bridge: null,
  async start(csp, hostContext) {
    const html = await (await fetch("/a2ui-mcp-app.html")).text();
    const meta = '<meta http-equiv="Content-Security-Policy" content="' + csp + '">';
    const f = document.createElement("iframe");
    f.setAttribute("sandbox", "allow-scripts");
    f.style.cssText = "width: 640px; height: 480px; border: 0";
    document.body.append(f);
    const bridge = new ExtApps.AppBridge(null, { name: "a2ui-test-host", version: "1.0.0" },
      { openLinks: {}, serverTools: {} }, { hostContext });
    bridge.oninitialized = () => { H.initialized = true; };
    bridge.onsizechange = (p) => { H.sizes.push(p); };
    bridge.onopenlink = async (p) => { H.links.push(p.url); return {}; };
    bridge.oncalltool = (params) => new Promise((resolve, reject) => {
      H.calls.push({ params, resolve, reject: (m) => reject(new Error(m)) });
    });
    await bridge.connect(new ExtApps.PostMessageTransport(f.contentWindow, f.contentWindow));
    H.iframe = f;
    H.bridge = bridge;
    f.srcdoc = html.replace("<head>", "<head>\n" + meta);
    return true;
  },
  params() { return H.calls.map((c) => c.params); },
};
</script></head><body></body></html>`

// mcpHost serves the host page at /mcp-host.html and the AppBridge bundle.
func mcpHost(t *testing.T) string {
	t.Helper()
	requireBuilt(t)
	if _, err := os.Stat(repoPath(t, "dist/a2ui-mcp-app.html")); err != nil {
		t.Fatalf("dist/a2ui-mcp-app.html missing: run make build (%v)", err)
	}
	js, err := appBridgeJS()
	if err != nil {
		t.Fatalf("bundling ext-apps' AppBridge (npm ci): %v", err)
	}
	return serve(t, page("/mcp-host.html", mcpHostHTML),
		handle("/mcpapp/appbridge.js", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Write(js)
		})))
}

// startView opens the host page, starts the View under csp with hostContext (a JS
// object literal) and waits for its initialized notification. It returns the host
// page's context and one evaluating in the View's frame.
func startView(t *testing.T, base, csp, hostContext string) (host, view context.Context) {
	t.Helper()
	ctx := newTab(t)
	navigate(ctx, base+"/mcp-host.html")
	if got := evalJSON(ctx, `H.start(`+jsString(csp)+`, `+hostContext+`)`); got != "true" {
		t.Fatalf("H.start = %s", got)
	}
	waitJS(ctx, `H.initialized`)
	v := viewFrame(t, ctx)
	trackClicks(v) // clickView stamps its clicks clear of double clicks
	return ctx, v
}

// viewFrame returns a context evaluating in the View: a sandboxed frame runs in a
// process of its own, a target of type "iframe" whose parent is the tab. Its console
// and exceptions are recorded like the tab's.
func viewFrame(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	page := chromedp.FromContext(ctx).Target.TargetID
	infos, err := chromedp.Targets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range infos {
		if i.Type != "iframe" || i.ParentFrameID != cdp.FrameID(page) || i.URL != "about:srcdoc" {
			continue
		}
		fctx, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(i.TargetID), chromedp.WithDetachOnCancel())
		t.Cleanup(cancel)
		if err := chromedp.Listen(fctx, tabOf(ctx).onEvent); err != nil {
			t.Fatalf("attach to the View: %v", err)
		}
		return fctx
	}
	t.Fatalf("no srcdoc iframe target under the tab %s", page)
	return nil
}

// viewJS holds helpers evaluated in the View: V.root is the renderer's shadow root.
const viewJS = `(() => { const el = document.querySelector(".a2ui-mcp-renderer"); return {el, root: el.shadowRoot}; })()`

// clickView clicks, with real mouse input sent to the View's frame, the centre of the
// element the JS expression el (evaluated in the View) returns, scrolling the View's
// own document (not the host's) to show it; then it rests the pointer on the View's
// top-left corner, where no control is (an answer's layout change then puts no Button
// under it: the renderer's re-arm guard would ignore the next click there).
func clickView(t *testing.T, view context.Context, el string) {
	t.Helper()
	waitJS(view, el)
	at := evalJS[struct{ X, Y float64 }](view, `(() => { const e = `+el+`; let r = e.getBoundingClientRect();
		if (r.top < 0 || r.bottom > innerHeight) { scrollBy(0, r.top - innerHeight / 2); r = e.getBoundingClientRect(); }
		return {X: r.x + r.width / 2, Y: r.y + r.height / 2}; })()`)
	// Stamped clear of the double-click window of the View's earlier clicks (the
	// renderer takes a second click on one Button, or its Retry, sooner than that as
	// part of a double click).
	ts := clickStamp(view, 0)
	if err := chromedp.Do(view, chromedp.MouseClickXY(at.X, at.Y, func(p *input.DispatchMouseEventParams) { p.Timestamp = ts }), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1)); err != nil {
		t.Fatalf("click %s: %v", el, err)
	}
}

// button is a JS expression for the View's button labelled label.
func button(label string) string {
	return `[...` + viewJS + `.root.querySelectorAll("button")].find((b) => b.textContent.trim() === ` + jsString(label) + `)`
}

// mcpA2UI is a CallToolResult content item: an EmbeddedResource carrying A2UI messages.
func mcpA2UI(uri string, msgs ...string) string {
	text, _ := json.Marshal("[" + strings.Join(msgs, ",") + "]")
	return `{"type":"resource","resource":{"uri":` + jsString(uri) + `,"mimeType":"application/a2ui+json","text":` + string(text) + `}}`
}

func mcpText(s string) string { return `{"type":"text","text":` + jsString(s) + `}` }

const (
	bookingCreate = `{"version":"v0.9","createSurface":{"surfaceId":"booking","catalogId":"` + basicCatalog + `"}}`
	bookingComps  = `{"version":"v0.9","updateComponents":{"surfaceId":"booking","components":[
		{"id":"root","component":"Column","children":["title","status","terms","confirm","hold","waitlist","help"]},
		{"id":"title","component":"Text","variant":"h2","text":"Flight TP 123 to Lisbon"},
		{"id":"status","component":"Text","text":{"path":"/status"}},
		{"id":"terms","component":"Text","text":"Read the [fare rules](https://example.com/fare-rules)."},
		{"id":"confirm","component":"Button","variant":"primary","child":"confirm-label",
		 "action":{"event":{"name":"confirm_booking","context":{"flight":{"path":"/flight"},"seats":2}}}},
		{"id":"confirm-label","component":"Text","text":"Confirm"},
		{"id":"hold","component":"Button","child":"hold-label","action":{"event":{"name":"hold_seats","context":{"flight":{"path":"/flight"}}}}},
		{"id":"hold-label","component":"Text","text":"Hold seats"},
		{"id":"waitlist","component":"Button","child":"waitlist-label","action":{"event":{"name":"join_waitlist"}}},
		{"id":"waitlist-label","component":"Text","text":"Join the waitlist"},
		{"id":"help","component":"Button","child":"help-label",
		 "action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/help"}}}},
		{"id":"help-label","component":"Text","text":"Help"}]}}`
	bookingData = `{"version":"v0.9","updateDataModel":{"surfaceId":"booking","value":{"flight":"TP 123","status":"Not booked yet"}}}`
)

// TestMCPAppRendersToolResult: the View renders A2UI from tool-input and tool-result,
// follows the host's theme, reports its size, sends actions as tools/call "action"
// (busy until answered, the answer's A2UI applied; a failure shown with a Retry that
// sends the same action again) and opens links through ui/open-link.
func TestMCPAppRendersToolResult(t *testing.T) {
	t.Parallel()
	base := mcpHost(t)
	host, view := startView(t, base, mcpWasmCSP,
		`{theme: "light", locale: "en-US", displayMode: "inline", platform: "web", styles: {variables: {"--font-sans": "Inter, sans-serif"}}}`)

	// The frame: sandboxed to scripts only, loaded from srcdoc (an opaque origin), under
	// the CSP the host gave it.
	if got := evalJS[[]string](host, `[H.iframe.getAttribute("sandbox"), String(H.iframe.srcdoc.length > 1e6)]`); got[0] != "allow-scripts" || got[1] != "true" {
		t.Errorf("iframe sandbox, srcdoc = %v", got)
	}
	if got := evalJS[string](view, `self.origin`); got != "null" {
		t.Errorf("View origin = %q, want the opaque origin", got)
	}

	// tool-input: the arguments carry A2UI (a JSON string of messages); it renders.
	status := `{"version":"v0.9","createSurface":{"surfaceId":"status","catalogId":"` + basicCatalog + `"}}`
	statusText := `{"version":"v0.9","updateComponents":{"surfaceId":"status","components":[{"id":"root","component":"Text","text":"Searching flights to Lisbon…"}]}}`
	evalJSON(host, `H.bridge.sendToolInput({arguments: {destination: "Lisbon", a2ui: `+jsString("["+status+","+statusText+"]")+`}})`)
	waitJS(view, viewJS+`.root.textContent.includes("Searching flights to Lisbon…")`)

	// tool-result: text for the model plus an application/a2ui+json EmbeddedResource; the
	// A2UI renders, the text does not show.
	evalJSON(host, `H.bridge.sendToolResult({content: [`+mcpText("Found flight TP 123 to Lisbon.")+`, `+
		mcpA2UI("a2ui://booking", `{"version":"v0.9","deleteSurface":{"surfaceId":"status"}}`, bookingCreate, bookingComps, bookingData)+`]})`)
	waitJS(view, viewJS+`.root.textContent.includes("Flight TP 123 to Lisbon")`)
	if got := evalJS[string](view, `(() => { const v = `+viewJS+`; return [v.root.textContent.includes("Searching"), document.body.textContent.includes("Found flight"), !document.querySelector(".a2ui-mcp-text").hidden].join(); })()`); got != "false,false,false" {
		t.Errorf("status surface shown, result text shown, fallback shown = %s, want all false", got)
	}

	// size-changed: the last size reported is the content's.
	waitJS(host, `H.sizes.length > 0`)
	height := evalJS[float64](view, `(() => { const d = document.documentElement; d.style.height = "max-content"; const h = Math.ceil(d.getBoundingClientRect().height); d.style.height = ""; return h; })()`)
	waitJS(host, `H.sizes.at(-1).height === `+jsonNumber(height)+` && H.sizes.at(-1).width === 640`)
	if height < 100 {
		t.Errorf("content height %v: the surface did not lay out", height)
	}

	// Theme: light from ui/initialize's hostContext, dark after host-context-changed.
	const scheme = `(() => { const v = ` + viewJS + `; const s = getComputedStyle(v.root.querySelector("section.a2ui-surface")); return [v.el.getAttribute("theme"), s.colorScheme, s.backgroundColor]; })()`
	if got := evalJS[[]string](view, scheme); got[0] != "light" || got[1] != "light" || got[2] != "rgb(255, 255, 255)" {
		t.Errorf("theme attribute, colour scheme, surface background = %v, want light", got)
	}
	// The host's style variables become the renderer's tokens.
	if got := evalJS[string](view, `getComputedStyle(`+viewJS+`.root.querySelector("section.a2ui-surface")).getPropertyValue("--a2ui-font-family").trim()`); got != "Inter, sans-serif" {
		t.Errorf("--a2ui-font-family = %q, want the host's --font-sans", got)
	}
	evalJSON(host, `(H.bridge.setHostContext({theme: "dark", locale: "en-US", displayMode: "inline", platform: "web"}), true)`)
	waitJS(view, scheme+`[1] === "dark"`)
	if got := evalJS[[]string](view, scheme); got[0] != "dark" || got[2] != "rgb(19, 19, 20)" {
		t.Errorf("after host-context-changed theme dark: %v", got)
	}

	// The action: one tools/call "action" {name, context, surfaceId, sourceComponentId};
	// the Button is busy until the host answers.
	confirm := viewJS + `.root.querySelector("button.a2ui-button")`
	clickView(t, view, confirm)
	waitJS(host, `H.calls.length === 1`)
	var call struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
		Meta      struct {
			A2UI struct {
				Version            string `json:"version"`
				ActionID           string `json:"actionId"`
				ClientCapabilities struct {
					SupportedCatalogIDs []string `json:"supportedCatalogIds"`
				} `json:"clientCapabilities"`
			} `json:"a2ui"`
		} `json:"_meta"`
	}
	if err := json.Unmarshal([]byte(evalJSON(host, `H.params()[0]`)), &call); err != nil {
		t.Fatal(err)
	}
	if call.Name != "action" {
		t.Errorf("tools/call name = %q, want action", call.Name)
	}
	if got, want := canonicalJSON(t, call.Arguments), canonicalJSON(t, `{"name":"confirm_booking","context":{"flight":"TP 123","seats":2},"surfaceId":"booking","sourceComponentId":"confirm"}`); got != want {
		t.Errorf("tools/call arguments:\n got  %s\n want %s", got, want)
	}
	if call.Meta.A2UI.Version != "v0.9" || call.Meta.A2UI.ActionID == "" || !strings.Contains(strings.Join(call.Meta.A2UI.ClientCapabilities.SupportedCatalogIDs, " "), basicCatalog) {
		t.Errorf("_meta.a2ui = %+v, want the version, an actionId and the client capabilities", call.Meta.A2UI)
	}
	waitJS(view, confirm+`.getAttribute("aria-busy") === "true"`)
	// A second click while in flight sends nothing (handled before the answer comes).
	clickView(t, view, confirm)
	// The click reached Go's UI queue; a flush of a scratch renderer queued behind it
	// (one queue per page) proves it was handled.
	evalJSON(view, `(async () => { const d = document.createElement("div"); document.body.append(d);
		const r = A2UI.mount(d); await r.flush(); r.destroy(); d.remove(); return true; })()`)
	evalJSON(host, `H.calls[0].resolve({content: [`+mcpText("Booked.")+`, `+
		mcpA2UI("a2ui://booking", `{"version":"v0.9","updateDataModel":{"surfaceId":"booking","path":"/status","value":"Booked: 2 seats on TP 123"}}`)+`]})`)
	waitJS(view, viewJS+`.root.textContent.includes("Booked: 2 seats on TP 123")`)
	waitJS(view, confirm+`.getAttribute("aria-busy") !== "true"`)
	if n := evalJS[int](host, `H.calls.length`); n != 1 {
		t.Errorf("%d tools/call requests, want 1", n)
	}

	// A failed call (a JSON-RPC error from the host) shows beside its Button with a
	// Retry; Retry sends the same action (same actionId) again.
	hold := button("Hold seats")
	clickView(t, view, hold)
	waitJS(host, `H.calls.length === 2`)
	evalJSON(host, `(H.calls[1].reject("the server is unavailable"), true)`)
	waitJS(view, viewJS+`.root.textContent.includes("The action could not be sent: the server is unavailable")`)
	clickView(t, view, button("Retry"))
	waitJS(host, `H.calls.length === 3`)
	sent := evalJS[[]json.RawMessage](host, `H.params().slice(1).map((p) => ({name: p.name, arguments: p.arguments, actionId: p._meta.a2ui.actionId}))`)
	if canonicalJSON(t, sent[0]) != canonicalJSON(t, sent[1]) {
		t.Errorf("Retry sent %s, the failed call was %s", sent[1], sent[0])
	}
	if got, want := canonicalJSON(t, sent[0]), canonicalJSON(t, `{"name":"action","arguments":{"name":"hold_seats","context":{"flight":"TP 123"},"surfaceId":"booking","sourceComponentId":"hold"},"actionId":`+jsString(evalJS[string](host, `H.params()[1]._meta.a2ui.actionId`))+`}`); got != want {
		t.Errorf("hold action:\n got  %s\n want %s", got, want)
	}
	evalJSON(host, `H.calls[2].resolve({content: [`+mcpA2UI("a2ui://booking", `{"version":"v0.9","updateDataModel":{"surfaceId":"booking","path":"/status","value":"Seats held"}}`)+`]})`)
	waitJS(view, viewJS+`.root.textContent.includes("Seats held") && !`+viewJS+`.root.textContent.includes("the server is unavailable")`)

	// An isError result is a failure too, with its text.
	clickView(t, view, button("Join the waitlist"))
	waitJS(host, `H.calls.length === 4`)
	evalJSON(host, `(H.calls[3].resolve({isError: true, content: [`+mcpText("The waitlist is full.")+`]}), true)`)
	waitJS(view, viewJS+`.root.textContent.includes("The action could not be sent: The waitlist is full.")`)

	// Links: a Markdown link and an openUrl Button open through ui/open-link.
	clickView(t, view, viewJS+`.root.querySelector('a[href="https://example.com/fare-rules"]')`)
	waitJS(host, `H.links.length === 1`)
	clickView(t, view, button("Help"))
	waitJS(host, `H.links.length === 2`)
	if got := evalJS[[]string](host, `H.links`); got[0] != "https://example.com/fare-rules" || got[1] != "https://example.com/help" {
		t.Errorf("ui/open-link urls = %v", got)
	}
}

// TestMCPAppToolResultPayloads: of a tool result's content, the A2UI EmbeddedResources
// meant for the user render (text or base64 blob, either A2UI MIME type, with
// parameters); one that is not JSON is reported and skipped, the rest still render; one
// for the assistant only is not rendered. A result without A2UI shows its text. The
// host's ui/resource-teardown is answered.
func TestMCPAppToolResultPayloads(t *testing.T) {
	t.Parallel()
	base := mcpHost(t)
	host, view := startView(t, base, mcpWasmCSP, `{theme: "light"}`)
	text := func(sid, s string) string {
		return `{"version":"v0.9","createSurface":{"surfaceId":"` + sid + `","catalogId":"` + basicCatalog + `"}},` +
			`{"version":"v0.9","updateComponents":{"surfaceId":"` + sid + `","components":[{"id":"root","component":"Text","text":"` + s + `"}]}}`
	}
	evalJSON(view, `(window.errors = [], document.querySelector(".a2ui-mcp-renderer").addEventListener("a2ui-error", (e) => errors.push(e.detail.error.code)), true)`)
	blob := base64.StdEncoding.EncodeToString([]byte("[" + text("b", "From a blob, ünïcödé") + "]"))
	evalJSON(host, `H.bridge.sendToolResult({content: [
		{type: "resource", resource: {uri: "a2ui://bad", mimeType: "application/a2ui+json", text: "{not json"}},
		{type: "resource", annotations: {audience: ["assistant"]}, resource: {uri: "a2ui://x", mimeType: "application/a2ui+json", text: `+jsString("["+text("x", "For the model only")+"]")+`}},
		{type: "resource", annotations: {audience: ["user", "assistant"]}, resource: {uri: "a2ui://a", mimeType: "Application/A2UI+JSON; version=0.9", text: `+jsString("["+text("a", "From text")+"]")+`}},
		{type: "resource", resource: {uri: "a2ui://b", mimeType: "application/json+a2ui", blob: `+jsString(blob)+`}},
		{type: "text", text: "For the model"}]})`)
	waitJS(view, viewJS+`.root.textContent.includes("From text") && `+viewJS+`.root.textContent.includes("From a blob, ünïcödé")`)
	waitJS(view, `errors.includes("VALIDATION_FAILED")`)
	if got := evalJS[string](view, `document.body.textContent.includes("For the model") + "," + `+viewJS+`.root.textContent.includes("For the model only")`); got != "false,false" {
		t.Errorf("model-only text shown, assistant-only A2UI rendered = %s", got)
	}

	// A result without A2UI shows its text.
	evalJSON(host, `H.bridge.sendToolResult({content: [`+mcpText("No flights on that day.")+`]})`)
	waitJS(view, `document.querySelector(".a2ui-mcp-result").textContent === "No flights on that day." && !document.querySelector(".a2ui-mcp-text").hidden`)
	if got := evalJS[string](view, `document.querySelector(".a2ui-mcp-text").textContent`); strings.Contains(got, "WebAssembly") {
		t.Errorf("the WebAssembly note shows where WebAssembly runs: %q", got)
	}

	if got := evalJSON(host, `H.bridge.teardownResource({})`); got != "{}" {
		t.Errorf("ui/resource-teardown answered %s", got)
	}
}

// TestMCPAppTextFallbackWhenCSPRefusesWasm: under the spec's restrictive default CSP
// (no 'wasm-unsafe-eval') the renderer cannot compile; the View still speaks the
// protocol and shows the tool result's text, saying why, instead of a blank frame.
func TestMCPAppTextFallbackWhenCSPRefusesWasm(t *testing.T) {
	t.Parallel()
	base := mcpHost(t)
	host, view := startView(t, base, mcpSpecCSP, `{theme: "dark"}`)
	evalJSON(host, `H.bridge.sendToolResult({content: [`+mcpText("Flight TP 123 to Lisbon: 2 seats, 312 EUR.")+`, `+
		mcpA2UI("a2ui://booking", bookingCreate, bookingComps, bookingData)+`]})`)
	waitJS(view, `document.querySelector(".a2ui-mcp-result").textContent === "Flight TP 123 to Lisbon: 2 seats, 312 EUR."`)
	got := evalJS[[]string](view, `(() => { const n = document.querySelector(".a2ui-mcp-text"); return [String(n.hidden), String(n.checkVisibility()), n.getAttribute("role"), document.querySelector(".a2ui-mcp-why").textContent, String(!!document.querySelector(".a2ui-mcp-renderer").shadowRoot && document.querySelector(".a2ui-mcp-renderer").shadowRoot.querySelectorAll("section").length)]; })()`)
	if got[0] != "false" || got[1] != "true" || got[2] != "status" || !strings.Contains(got[3], "wasm-unsafe-eval") {
		t.Errorf("fallback hidden, visible, role, note = %v", got)
	}
	if got[4] != "false" && got[4] != "0" {
		t.Errorf("surfaces rendered without WebAssembly: %s", got[4])
	}
	// It still reports its size and follows the theme.
	waitJS(host, `H.sizes.length > 0 && H.sizes.at(-1).height > 0`)
	if got := evalJS[string](view, `getComputedStyle(document.documentElement).colorScheme`); got != "dark" {
		t.Errorf("colour scheme = %q, want dark", got)
	}
}

// jsonNumber formats f as a JS number literal.
func jsonNumber(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}
