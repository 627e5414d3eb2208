//go:build js && wasm

package webhost

import (
	"time"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/openwop"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/transport/a2a"
	"github.com/a2ui-go/a2ui/transport/agui"
	"github.com/a2ui-go/a2ui/transport/mcp"
)

// processPiece is the size of the pieces a large process() payload is applied in.
const processPiece = 8 << 10

// renderers are the mounted renderers by handle; the delegated event bridge finds the
// renderer of an event through its host element's handle.
var renderers = map[int]*jsRenderer{}
var nextHandle = 1

// jsRenderer is one A2UI.mount: a render.Renderer plus its JS hooks (web/a2ui.js).
type jsRenderer struct {
	handle    int
	r         *render.Renderer
	hooks     safejs.Value
	headers   safejs.Value
	funcs     []safejs.Func
	hosts     map[string]safejs.Value
	frame     *frameRequester
	destroyed bool
	// a2a is the agent connection when the renderer was mounted with transport "a2a";
	// agentURL its URL (the base of relative URLs in its surfaces).
	a2a      *a2a.Client
	agentURL string
	// agui is the agent connection when the renderer was mounted with transport "agui".
	agui *agui.Client
	// mcp is the MCP server connection when mounted with transport "mcp".
	mcp *mcp.Client
	// pieces are the process() pieces still to apply, in call order; pumping is set
	// while a task that applies them is queued; drained run once none is left (flush).
	pieces  []func()
	pumping bool
	drained []func()
	// render is the frame that waits for the payloads it took (at taken) to be applied:
	// the pump runs it when they are, or once frameWork has passed, whichever is first.
	render func()
	taken  time.Time
}

// frameWork is how long a frame applies the payloads it took before it renders; the rest
// are applied after it, so a long stream's progress is painted as it goes.
const frameWork = 8 * time.Millisecond

// createRenderer implements __a2uiGo.create(hooks, options) → renderer object. It runs in
// a JS callback: it only builds objects and never blocks.
func createRenderer(_ safejs.Value, args []safejs.Value) any {
	if len(args) < 2 {
		return nil
	}
	growStack(0) // render.New builds the catalogs' tables
	jr := &jsRenderer{handle: nextHandle, hooks: args[0], hosts: map[string]safejs.Value{}}
	nextHandle++
	jr.headers, _ = args[1].Get("headers")
	// The page's policy: a profile name and a JSON object of overrides. A policy that
	// does not resolve fails closed: no renderer, the error goes back to the loader.
	profile, overrides, baseURL := optString(args[1], "profile"), optString(args[1], "policy"), optString(args[1], "baseURL")
	// Profile "openwop" (the OpenWOP ui.a2ui-surface profile) renders on the strict
	// policy: nothing remote unless the page's policy lists it.
	polProfile := profile
	if profile == "openwop" {
		polProfile = "strict"
	}
	pol, err := policy.Resolve(polProfile, []byte(overrides))
	if err == nil {
		err = mountLimits(pol, optString(args[1], "limits"))
	}
	if err != nil {
		obj, _ := safejs.ValueOf(map[string]any{"error": err.Error(), "code": policy.Code})
		return obj
	}
	// functions: opt-in function sets ("web_core"); an unknown one fails closed too.
	fns, err := render.FunctionSets(optString(args[1], "functions"))
	if err != nil {
		obj, _ := safejs.ValueOf(map[string]any{"error": err.Error(), "code": policy.Code})
		return obj
	}
	opts := render.Options{HostPrefix: hostPrefix(jr.handle), ExtraFunctions: fns, PageClock: pageClock}
	if v, err := args[1].Get("inlineCatalogs"); err == nil {
		opts.InlineCatalogs, _ = v.Truthy()
	}
	if v, err := args[1].Get("trustedClicksOnly"); err == nil {
		opts.TrustedClicksOnly, _ = v.Truthy()
	}
	ms := func(name string) time.Duration {
		if v, err := args[1].Get(name); err == nil && v.Type() == safejs.TypeNumber {
			if f, err := v.Float(); err == nil && f > 0 && f < 1e9 {
				return time.Duration(f * float64(time.Millisecond))
			}
		}
		return 0
	}
	opts.ActionTimeout = ms("actionTimeout")
	opts.RenderBudget = ms("renderBudget")
	opts.TrustedClicksOnly = opts.TrustedClicksOnly || pol.TrustedClicksOnly
	locale := "en-US"
	if l, err := args[0].Get("intl"); err == nil && l.Type() == safejs.TypeString {
		locale, _ = l.String()
	}
	jr.frame = newFrameRequester(func() {
		if !jr.destroyed {
			jr.r.Frame()
		}
	}, func() int {
		if jr.destroyed {
			return 0
		}
		return jr.r.Nodes()
	})
	jr.frame.hold = func(on bool) { _ = jr.hooks.Set("hold", on) }
	jr.frame.take = func(then func()) bool {
		if jr.destroyed || !jr.enqueueHeld(jr.takeHeld()) {
			return false
		}
		if then != nil {
			jr.render, jr.taken = then, time.Now()
		}
		return true
	}
	msgs := l10n.New(locale, jsonStrings(optString(args[1], "messages")), optString(args[1], "dir"))
	opts.Formatter = newIntlFormatter(locale)
	opts.Messages, opts.Policy, opts.BaseURL = msgs, pol, baseURL
	opts.AfterFunc, opts.Profile, opts.Yield = afterFunc, openwop.Unadvertised{}, yieldLong
	if p, ok := openwopProfile(args[1]); ok {
		p.Apply(&opts)
	}
	// Actions POST to the page's action URL, except under the OpenWOP profile (actions
	// are page events), over A2A (they go as A2A messages, through Send), over AG-UI
	// (runs) and over MCP (they call the server's tools).
	if tr := optString(args[1], "transport"); profile != "openwop" && tr != "a2a" && tr != "agui" && tr != "mcp" {
		opts.ActionURL = optString(args[1], "actionURL")
	}
	if err := applyCatalogs(&opts, args[0], args[1]); err != nil {
		obj, _ := safejs.ValueOf(map[string]any{"error": err.Error(), "code": protocol.CodeValidationFailed})
		return obj
	}
	jr.r = render.New(jr, opts)
	renderers[jr.handle] = jr

	// headingBase: the policy's, for the loader's outline when the page gives no heading-level.
	obj, _ := safejs.ValueOf(map[string]any{"dir": msgs.Dir(), "headingBase": pol.HeadingBase})
	set := func(name string, fn func(args []safejs.Value) any) {
		f := jsFunc(func(_ safejs.Value, a []safejs.Value) any { return fn(a) })
		jr.funcs = append(jr.funcs, f)
		_ = obj.Set(name, f.Value())
	}
	set("process", func(a []safejs.Value) any {
		if len(a) == 0 || a[0].Type() != safejs.TypeString {
			return nil
		}
		// The payload is copied into Go and cut inside the queued task (in order with
		// the work already waiting), where the time it takes counts against the task's
		// slice. A large payload is then applied piece by piece, each piece a task of
		// its own, so the main thread is never held for long. The lines the page held
		// (see jsRenderer.takeHeld) came first: they are taken now, before any JS runs.
		processCalls++
		held := jr.takeHeldIf()
		payload := a[0]
		post(func() {
			if jr.destroyed {
				return
			}
			jr.enqueueHeld(held)
			if b, ok := stringBytes(payload); ok && len(b) > 0 {
				jr.enqueue(b)
			}
		})
		return nil
	})
	// attach(responsePromise, request): read a response the page already requested;
	// request {url, method, headers, body, transport, reconnect} lets the stream open it
	// again (SSE reconnection, Retry). Resolves when the stream has ended for good.
	set("attach", func(a []safejs.Value) any {
		if len(a) < 2 {
			return nil
		}
		req := requestOf(a[1])
		p, resolve, reject := newPromise()
		resp := a[0]
		post(func() {
			if jr.destroyed {
				resolve(nil)
				return
			}
			var st *render.Stream
			st = jr.r.Attach(fetchTransport{jr}, req, func(open func(string) *render.Stream) {
				go jr.read(resp, open, nil, func() error { return nil })
			})
			// connect() resolves when the stream ends, rejects when it failed for good.
			st.OnEnd(func() {
				if err := st.Err(); err != nil {
					reject("a2ui: the stream failed: " + err.Error())
					return
				}
				resolve(nil)
			})
		})
		return p
	})
	set("flush", func(a []safejs.Value) any {
		p, resolve, _ := newPromise()
		held := jr.takeHeldIf()
		post(func() {
			if !jr.destroyed {
				jr.enqueueHeld(held)
			}
			done := func() {
				if !jr.destroyed && jr.r.Pending() {
					jr.r.Frame()
				}
				resolve(nil)
			}
			if jr.pumping { // after every process() piece queued before it
				jr.drained = append(jr.drained, done)
				return
			}
			done()
		})
		return p
	})
	set("dataModel", func(a []safejs.Value) any {
		if len(a) == 0 {
			return nil
		}
		id, _ := a[0].String()
		b := jr.r.DataModel(id)
		if b == nil {
			return nil
		}
		return string(b)
	})
	set("surfaces", func(a []safejs.Value) any {
		ids := jr.r.Surfaces()
		b := []byte{'['}
		for i, id := range ids {
			if i > 0 {
				b = append(b, ',')
			}
			b = protocol.AppendJSON(b, id)
		}
		return string(append(b, ']'))
	})
	set("addCatalogs", func(a []safejs.Value) any {
		if len(a) > 0 && a[0].Type() == safejs.TypeString {
			src, _ := a[0].String()
			post(func() {
				if !jr.destroyed {
					jr.addCatalogs(src)
				}
			})
		}
		return nil
	})
	set("capabilities", func(a []safejs.Value) any {
		return string(jr.r.Capabilities())
	})
	set("send", func(a []safejs.Value) any {
		text := ""
		if len(a) > 0 && a[0].Type() == safejs.TypeString {
			text, _ = a[0].String()
		}
		post(func() {
			if !jr.destroyed {
				jr.sendText(text)
			}
		})
		return nil
	})
	if tr := optString(args[1], "transport"); tr == "a2a" || tr == "agui" {
		agent, message, input := optString(args[1], "agent"), optString(args[1], "message"), optString(args[1], "agui")
		post(func() {
			switch {
			case jr.destroyed:
			case tr == "agui":
				jr.startAGUI(agent, message, input)
			default:
				jr.startA2A(agent, message)
			}
		})
	}
	if optString(args[1], "transport") == "mcp" {
		agent, resource, tool, arguments := optString(args[1], "agent"), optString(args[1], "resource"),
			optString(args[1], "tool"), optString(args[1], "arguments")
		post(func() {
			if !jr.destroyed {
				jr.startMCP(agent, resource, tool, arguments)
			}
		})
	}
	set("destroy", func(a []safejs.Value) any {
		post(jr.destroy)
		return nil
	})
	return obj
}

// processCalls counts the page's process() calls into Go, heldPayloads the payloads
// taken from the page's hold instead (__a2uiGo.stats()).
var processCalls, heldPayloads int

// takeHeld takes the payloads the page held while a frame was pending (web/a2ui.js:
// hooks.hold, hooks.take): one call for all of them, each a 4-byte little-endian length
// and that many bytes of UTF-8. Called in a JS callback or on the UI goroutine; the
// bytes are copied before any JS runs again.
func (jr *jsRenderer) takeHeld() []byte {
	v, err := jr.hooks.Call("take")
	if err != nil || v.Type() != safejs.TypeObject {
		return nil
	}
	n, err := v.Length()
	if err != nil || n <= 0 {
		return nil
	}
	b := make([]byte, n)
	if _, err := safejs.CopyBytesToGo(b, v); err != nil {
		return nil
	}
	return b
}

// takeHeldIf is takeHeld when the page may hold payloads (a frame is pending).
func (jr *jsRenderer) takeHeldIf() []byte {
	if !jr.frame.holding {
		return nil
	}
	return jr.takeHeld()
}

// enqueueHeld queues the payloads of takeHeld for the pump, in order, and reports
// whether there were any (UI goroutine).
func (jr *jsRenderer) enqueueHeld(b []byte) bool {
	queued := false
	for len(b) > 0 {
		p, rest, ok := heldPayload(b)
		if !ok {
			logError("a2ui: malformed held payloads")
			break
		}
		jr.enqueue(p)
		heldPayloads++
		b, queued = rest, true
	}
	return queued
}

// enqueue queues one payload for the pump and starts it (UI goroutine).
func (jr *jsRenderer) enqueue(p []byte) {
	jr.pieces = append(jr.pieces, jr.r.ProcessPieces(p, processPiece)...)
	if !jr.pumping {
		jr.pumping = true
		jr.pump()
	}
}

// heldPayload cuts the first length-prefixed payload off b.
func heldPayload(b []byte) (p, rest []byte, ok bool) {
	if len(b) < 4 {
		return nil, nil, false
	}
	n := int(b[0]) | int(b[1])<<8 | int(b[2])<<16 | int(b[3])<<24
	if n < 0 || n > len(b)-4 {
		return nil, nil, false
	}
	return b[4 : 4+n], b[4+n:], true
}

// pump applies the next process() piece and queues itself again while pieces remain
// (UI goroutine): the pieces of successive process() calls apply in call order, each in
// a task of its own.
func (jr *jsRenderer) pump() {
	if jr.destroyed || len(jr.pieces) == 0 {
		jr.pieces, jr.pumping = nil, false
		jr.renderNow()
		waiting := jr.drained
		jr.drained = nil
		for _, f := range waiting {
			f()
		}
		return
	}
	if jr.render != nil && time.Since(jr.taken) > frameWork {
		jr.renderNow()
	}
	p := jr.pieces[0]
	jr.pieces[0] = nil
	jr.pieces = jr.pieces[1:]
	p()
	post(jr.pump)
}

// renderNow runs the frame waiting for a take, if any (UI goroutine).
func (jr *jsRenderer) renderNow() {
	if f := jr.render; f != nil {
		jr.render = nil
		f()
	}
}

// textEncoder is the page's TextEncoder, made on first use.
var textEncoder safejs.Value

// stringBytes returns the JS string v as UTF-8 bytes, copied once from TextEncoder's
// output (Value.String and a []byte conversion would copy a large payload three times).
func stringBytes(v safejs.Value) ([]byte, bool) {
	if v.Type() != safejs.TypeString {
		return nil, false
	}
	if textEncoder.IsUndefined() {
		ctor, err := safejs.Global().Get("TextEncoder")
		if err != nil {
			return nil, false
		}
		if textEncoder, err = ctor.New(); err != nil {
			return nil, false
		}
	}
	u8, err := textEncoder.Call("encode", v)
	if err != nil {
		return nil, false
	}
	n, err := u8.Length()
	if err != nil {
		return nil, false
	}
	b := make([]byte, n)
	if _, err := safejs.CopyBytesToGo(b, u8); err != nil {
		return nil, false
	}
	return b, true
}

// optString reads a string member of the options object ("" when absent).
func optString(o safejs.Value, name string) string {
	v, err := o.Get(name)
	if err != nil || v.Type() != safejs.TypeString {
		return ""
	}
	s, _ := v.String()
	return s
}

// openwopProfile reads the mount options' profile: "openwop" selects the OpenWOP
// ui.a2ui-surface profile, configured by options.openwop {targets: ["resume",
// "exchange"], approval: bool}.
func openwopProfile(o safejs.Value) (*openwop.Profile, bool) {
	if v, err := o.Get("profile"); err != nil || v.Type() != safejs.TypeString {
		return nil, false
	} else if s, _ := v.String(); s != "openwop" {
		return nil, false
	}
	var cfg openwop.Config
	if w, err := o.Get("openwop"); err == nil && w.Type() == safejs.TypeObject {
		if t, err := w.Get("targets"); err == nil && t.Type() == safejs.TypeObject {
			n, _ := t.Length()
			for i := 0; i < n; i++ {
				if e, err := t.Index(i); err == nil && e.Type() == safejs.TypeString {
					s, _ := e.String()
					cfg.Targets = append(cfg.Targets, s)
				}
			}
		}
		if a, err := w.Get("approval"); err == nil && a.Type() == safejs.TypeBoolean {
			cfg.Approval, _ = a.Bool()
		}
	}
	return openwop.New(cfg), true
}

// requestOf reads the page's request description ({url, method, headers, body,
// transport, reconnect}). An SSE stream reconnects by itself unless reconnect is false
// or the method is not GET.
func requestOf(v safejs.Value) render.Request {
	str := func(name string) string {
		f, err := v.Get(name)
		if err != nil || f.Type() != safejs.TypeString {
			return ""
		}
		s, _ := f.String()
		return s
	}
	req := render.Request{URL: str("url"), Method: str("method"), Transport: str("transport"),
		Headers: map[string]string{}}
	if b, err := v.Get("body"); err == nil && b.Type() == safejs.TypeString {
		s, _ := b.String()
		req.Body = []byte(s)
	}
	if h, err := v.Get("headers"); err == nil && h.Type() == safejs.TypeObject {
		obj, _ := safejs.Global().Get("Object")
		if entries, err := obj.Call("entries", h); err == nil {
			n, _ := entries.Length()
			for i := 0; i < n; i++ {
				kv, _ := entries.Index(i)
				k, _ := kv.Index(0)
				val, _ := kv.Index(1)
				if k.Type() == safejs.TypeString && val.Type() == safejs.TypeString {
					ks, _ := k.String()
					vs, _ := val.String()
					req.Headers[ks] = vs
				}
			}
		}
	}
	reconnect := true
	if r, err := v.Get("reconnect"); err == nil && r.Type() == safejs.TypeBoolean {
		reconnect, _ = r.Bool()
	}
	req.Resume = reconnect && (req.Method == "" || req.Method == "GET")
	return req
}

// afterFunc is render.Options.AfterFunc: f runs on the UI goroutine after d.
func afterFunc(d time.Duration, f func()) (stop func()) {
	timersArmed++
	t := time.AfterFunc(d, func() { post(f) })
	return func() { t.Stop() }
}

func (jr *jsRenderer) destroy() {
	if jr.destroyed {
		return
	}
	jr.r.Destroy()
	jr.endMCP()
	jr.destroyed = true
	jr.frame.release()
	for _, f := range jr.funcs {
		release(f)
	}
	jr.funcs = nil
	delete(renderers, jr.handle)
}

// ---- render.Host ---------------------------------------------------------------------

func (jr *jsRenderer) Patch(ops []byte) { patch(ops) }

func (jr *jsRenderer) SurfaceAdded(id string) {
	el, err := jr.hooks.Call("host", id)
	if err != nil {
		logError("a2ui: cannot create surface host: " + err.Error())
		return
	}
	jr.hosts[id] = el
	registerHost(jr.handle, id, el)
}

func (jr *jsRenderer) SurfaceRemoved(id string) {
	unregisterHost(jr.handle, id)
	delete(jr.hosts, id)
	_, _ = jr.hooks.Call("removeHost", id)
}

func (jr *jsRenderer) SurfaceTheme(id string, vars []catalog.ThemeVar) {
	el, ok := jr.hosts[id]
	if !ok {
		return
	}
	style, err := el.Get("style")
	if err != nil {
		return
	}
	for _, v := range vars {
		_, _ = style.Call("setProperty", v.Name, v.Value)
	}
}

func (jr *jsRenderer) Emit(event string, detail []byte) {
	_, _ = jr.hooks.Call("emit", event, string(detail))
}

// Send delivers a message the renderer does not POST itself: with transport "a2a", as
// an A2A message (its answer comes back on the turn's stream); otherwise nowhere.
func (jr *jsRenderer) Send(body []byte, errorReport bool) {
	if jr.a2a != nil {
		jr.a2a.Send("", [][]byte{body}, jr.r.ClientDataModel, errorReport)
	}
	if jr.mcp != nil {
		jr.mcpSend(body, errorReport)
	}
}

// SendAction implements render.ActionSender for the actions the renderer does not POST
// itself: over A2A, an A2A message whose outcome done learns (a2aAction); with the
// page's sendAction, that (pageAction); otherwise the action is only the page event.
func (jr *jsRenderer) SendAction(body []byte, actionID string, timeout time.Duration, done func(error)) {
	if jr.a2a != nil {
		jr.a2aAction(body, actionID, timeout, done)
		return
	}
	if jr.agui != nil {
		jr.aguiAction(body, timeout, done)
		return
	}
	if jr.mcp != nil {
		jr.mcpAction(body, timeout, done)
		return
	}
	if jr.pageActions() {
		jr.pageAction(body, actionID, timeout, done)
		return
	}
	done(nil)
}

// Open makes the host the renderer's render.Transport: its action POSTs and their
// answers go through fetch.
func (jr *jsRenderer) Open(req render.Request, open func(contentType string) *render.Stream) {
	fetchTransport{jr}.Open(req, open)
}

func (jr *jsRenderer) RequestFrame() { jr.frame.request() }

// OpenURL asks the page hook to open url; the hook opens only while the page has a user
// activation (navigator.userActivation.isActive) and returns whether it did.
func (jr *jsRenderer) OpenURL(url string) bool {
	v, err := jr.hooks.Call("openURL", url)
	if err != nil {
		return false
	}
	ok, _ := v.Bool()
	return ok
}

// jsonStrings decodes a JSON object of strings (the loader passes the messages option as
// JSON text); anything else gives nil.
func jsonStrings(s string) map[string]string {
	if s == "" {
		return nil
	}
	v, err := jsonscan.Parse([]byte(s))
	obj, ok := v.(map[string]any)
	if err != nil || !ok {
		return nil
	}
	m := make(map[string]string, len(obj))
	for k, x := range obj {
		if t, ok := x.(string); ok {
			m[k] = t
		}
	}
	return m
}
