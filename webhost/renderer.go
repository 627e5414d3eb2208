//go:build js && wasm

package webhost

import (
	"time"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/internal/mountopts"
	"github.com/a2ui-go/a2ui/internal/pacing"
	"github.com/a2ui-go/a2ui/internal/uiqueue"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/transport/a2a"
	"github.com/a2ui-go/a2ui/transport/agui"
	"github.com/a2ui-go/a2ui/transport/mcp"
)

// renderers are the mounted renderers by handle; the delegated event bridge finds the
// renderer of an event through its host element's handle.
var renderers = map[int]*jsRenderer{}
var nextHandle = 1

// jsRenderer is one A2UI.mount: a render.Renderer plus its JS hooks (web/a2ui.js).
type jsRenderer struct {
	handle    int
	r         *render.Renderer
	opts      *mountopts.Options
	hooks     safejs.Value
	funcs     []safejs.Func
	hosts     map[string]safejs.Value
	frame     *frameRequester
	destroyed bool
	// in is the renderer's ordered input on the UI queue (ingest.go).
	in *uiqueue.Pump
	// a2a is the agent connection when the renderer was mounted with transport "a2a";
	// agentURL its URL (the base of relative URLs in its surfaces).
	a2a      *a2a.Client
	agentURL string
	// agui is the agent connection when the renderer was mounted with transport "agui".
	agui *agui.Client
	// mcp is the MCP server connection when mounted with transport "mcp".
	mcp *mcp.Client
	// render is the frame that waits for the payloads it took (at taken; takes counts
	// the takes): see take.
	render func()
	taken  time.Time
	takes  int
}

// createRenderer implements __a2uiGo.create(hooks, options) → renderer object (api.go),
// or {error, code} when an option is refused (mountopts: the renderer fails closed).
// options is one JSON string, or an object (mountOptions). It runs in a JS callback: it
// only builds objects and never blocks.
func createRenderer(_ safejs.Value, args []safejs.Value) any {
	if len(args) < 2 {
		return nil
	}
	growStack(0) // render.New builds the catalogs' tables
	jr := &jsRenderer{handle: nextHandle, hooks: args[0], hosts: map[string]safejs.Value{},
		in: uiqueue.NewPump(work, pacing.Default.InputLimit)}
	nextHandle++
	locale := "en-US"
	if l, err := jr.hooks.Get("intl"); err == nil && l.Type() == safejs.TypeString {
		locale, _ = l.String()
	}
	o, err := mountOptions(args[1])
	var opts render.Options
	if err == nil {
		jr.opts = o
		opts, err = o.Render(mountopts.Host{Locale: locale, Catalogs: goCatalogs, Call: jr.callFunction})
	}
	if err != nil {
		return refused(err)
	}
	opts.HostPrefix, opts.PageClock = hostPrefix(jr.handle), pageClock
	opts.Formatter = newIntlFormatter(locale)
	opts.AfterFunc, opts.Yield = afterFunc, yieldLong
	jr.frame = jr.newFrame()
	jr.r = render.New(jr, opts)
	renderers[jr.handle] = jr
	obj := jr.api(opts.Messages.Dir(), opts.Policy.HeadingBase)
	jr.startAgent()
	return obj
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
