package render

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// Host is what the renderer needs from its environment: the browser layer (webhost)
// implements it with the DOM and fetch, tests with memdom and recorders. Every method is
// called on the renderer's UI goroutine and must not block.
type Host interface {
	// Patch applies one batch of dom ops (format: dom/op.go). Called at most once per
	// Frame, with every dirty surface's changes in the one batch.
	Patch(ops []byte)
	// SurfaceAdded creates the host element registered under the surface id, before the
	// first Patch that addresses it; SurfaceRemoved deletes it after the batch that
	// removed its content.
	SurfaceAdded(id string)
	SurfaceRemoved(id string)
	// SurfaceTheme sets the surface's validated theme as CSS custom properties on its host.
	SurfaceTheme(id string, vars []catalog.ThemeVar)
	// Emit dispatches a DOM CustomEvent of the given type ("a2ui-action", "a2ui-error",
	// "a2ui-surface") on the renderer's element, detail being the JSON bytes.
	Emit(event string, detail []byte)
	// Send delivers a client-to-server message (action, error, function response) by the
	// host's own means (an A2A message) when the renderer does not POST it itself (no
	// Options.ActionURL, or a host that is not a Transport); it must not block. An
	// answer is more messages, opened with Renderer.Connect and Request{Reply: true,
	// Quiet: errorReport}, so that the answer to an error report cannot start a loop.
	Send(body []byte, errorReport bool)
	// RequestFrame asks for Frame to be called once, before the next paint.
	RequestFrame()
	// OpenURL opens an http/https URL in a new browsing context (noopener), but only
	// while the page has a user activation (a recent click); it reports whether it did.
	OpenURL(url string) bool
}

// ActionSender is an optional Host extension for hosts that deliver actions by their
// own means (an A2A client) when the renderer does not POST them itself (no
// Options.ActionURL): its Buttons stay busy until done is called; without it an action
// handed to Host.Send counts as answered at once.
type ActionSender interface {
	// SendAction delivers an action message with actionID (a retry sends the same body
	// and id) and calls done once, on the UI goroutine: nil when it was delivered,
	// otherwise the error (shown beside the Button, with a Retry); timeout is
	// Options.ActionTimeout.
	SendAction(body []byte, actionID string, timeout time.Duration, done func(error))
}

// Options configure a Renderer. The zero value is usable.
type Options struct {
	// Catalogs are the component catalogs of the renderer (none: basic.Catalog()). A
	// surface renders with the first that accepts its createSurface catalogId (v0.8
	// without one: the first); a catalogId none accepts is reported as
	// CATALOG_UNSUPPORTED at createSurface and the surface shows a fail-closed notice.
	// Capabilities list every catalog's ids.
	Catalogs []*catalog.Catalog
	// Catalog is a shorthand: it goes before Catalogs.
	Catalog *catalog.Catalog
	// Functions, if set, evaluates the FunctionCalls of every surface instead of the
	// functions each catalog carries (Catalog.Functions).
	Functions *binding.Functions
	// ExtraFunctions, if set, are added to every catalog's functions (replacing ones of
	// the same name): the page's opt-in function sets (FunctionSets).
	ExtraFunctions *binding.Functions
	// InlineCatalogs: the agent accepts inline catalogs (its acceptsInlineCatalogs), so
	// Capabilities describe the catalogs that are not official A2UI ones inline.
	InlineCatalogs bool
	// Formatter formats numbers and dates; nil means the Go formatter (en-US). The
	// browser passes an Intl-backed formatter.
	Formatter binding.Formatter
	// Policy is the page's trust policy (components, functions, action names, URL
	// allowlists, openUrl, whole-model contexts, heading base, limits); nil means
	// policy.Default(). Its non-zero Limits override Limits, RenderLimits, MaxLine and
	// MaxFormatOutput (policy.Limits names every cap).
	Policy *policy.Policy
	// ActionURL is the agent endpoint that actions, error reports and function
	// responses are POSTed to as JSON, through the host, which must then implement
	// Transport (the browser's does, with fetch). Each response body is more messages.
	// An action's Button stays busy until its response head arrives; a failure shows
	// beside it with a Retry. "" hands every message to Host.Send instead.
	ActionURL string
	// BaseURL is the page's URL: surfaces created by Process (no stream URL) resolve
	// relative URLs against it and it is their allowlists' "self" ("" refuses them).
	BaseURL string
	// Messages are the built-in strings and the writing direction (nil: English, LTR).
	Messages *l10n.Messages
	// Limits are the per-surface limits of the state model and the caps on data-model
	// updates (zero fields: model defaults).
	Limits model.Options
	// RenderLimits are the per-surface render budgets (zero fields: catalog defaults);
	// MaxFormatOutput caps one formatString result (0: binding.DefaultMaxOutput). Over
	// any of them a surface fails closed.
	RenderLimits    catalog.Limits
	MaxFormatOutput int
	// MaxLine is the byte cap of one JSONL line or SSE event (0: 1 MiB).
	MaxLine int
	// Now returns the action timestamp; nil means time.Now.
	Now func() time.Time
	// HostPrefix is prepended to a surface id to name its dom host (dom.NewTree), so that
	// several renderers on one page never share a host name.
	HostPrefix string
	// TrustedClicksOnly ignores Button clicks the user agent did not dispatch (a page
	// script's element.click() or dispatchEvent); the strict profile turns it on.
	TrustedClicksOnly bool
	// ActionTimeout bounds an action POST (0: DefaultActionTimeout); past it the action
	// shows as failed beside its Button, with a Retry.
	ActionTimeout time.Duration
	// NewID returns a fresh action id; nil means 128 random bits in hex.
	NewID func() string
	// RenderBudget bounds the time one surface's build may take in a frame (0:
	// DefaultRenderBudget, < 0: none). A surface past it fails closed: its content is
	// replaced by a notice (no control of it stays clickable) and a LIMIT_EXCEEDED
	// error is reported; the other surfaces keep rendering.
	RenderBudget time.Duration
	// AfterFunc runs f on the UI goroutine after d and returns a function that cancels
	// it; streams schedule their reconnections with it. nil: streams never reconnect by
	// themselves.
	AfterFunc func(d time.Duration, f func()) (stop func())
	// Yield, when set, is called on the UI goroutine during long work: about every
	// 64 KiB while a line is validated and decoded and while a large data-model value is
	// parsed, and every 32 component instances a frame builds. The browser host hands
	// the main thread back to the page there when the task has run long, so neither a
	// line at the size cap nor a surface of thousands of components holds it for long.
	// It must not call back into the Renderer (queue such work instead). Nothing is
	// patched meanwhile: the page never shows part of a line or of a frame, and the
	// render budget counts only the build's own time.
	Yield func()
	// Profile, if set, takes the envelopes of a host protocol (see Profile).
	Profile Profile
}

// DefaultRenderBudget is the RenderBudget used when Options leaves it 0.
const DefaultRenderBudget = time.Second

// DefaultActionTimeout is the ActionTimeout used when Options leaves it 0.
const DefaultActionTimeout = 10 * time.Second

// debounce is how close two accepted clicks on one Button may be (a double click sends
// one action).
const debounce = 200 * time.Millisecond

// Renderer turns streams of A2UI messages into DOM patches and user events into
// client-to-server messages. It is single-goroutine: every method must be called on the
// UI goroutine (webhost runs one and funnels JS callbacks into it).
type Renderer struct {
	host Host
	opts Options
	// funcs are the function registries of opts.Catalogs (same index).
	funcs   []*binding.Functions
	proc    *model.Processor
	enc     dom.Encoder
	surf    map[string]*surface
	order   []string
	pending map[string]pendingAction // v0.10 wantResponse actions by actionId
	frameRq bool
	// dispatching: a user event is being dispatched, and Dispatch renders its frame
	// itself, so markDirty asks the host for no frame callback.
	dispatching bool
	// version of the last message seen: errors not tied to a surface use it.
	lastVersion protocol.Version
	// quiet > 0 while applying the answer to an error report: errors go to the page only.
	quiet int
	// base is the URL of the stream whose message is being applied ("" for Process).
	base string
	// streams are the connected streams that have not ended (Destroy stops them).
	streams map[*Stream]bool
}

type surface struct {
	id      string
	base    string // URL of the stream that created it (relative URLs, "self")
	tree    *dom.Tree
	env     *catalog.Env
	dirty   bool
	unsub   func()
	version protocol.Version
	status  string  // "" live, "ended" stream ended before the surface was ready, "failed", "reconnecting"
	stream  *Stream // the stream whose state status shows (Retry reopens it)
	crashed string
	theme   string
	// unsupported: no catalog of the renderer accepts the surface's catalogId; it
	// shows a notice and nothing of it is built.
	unsupported bool
	// crashShown: the crash notice replaced the surface's content.
	crashShown bool
	// built: the mounted tree is the last build's own (no status banner around it), so
	// catalog.Refresh may patch it in place.
	built bool
	// flights are the Buttons' last actions by instance uid (single-flight, retry).
	flights map[string]*flight
	// dmJSON is the data model's JSON at version dmVersion (DataModel's cache).
	dmJSON    []byte
	dmVersion uint64
}

// flight is the last action a Button sent.
type flight struct {
	id     string
	body   []byte
	busy   bool
	failed string
	// send counts the sends of this body: a done of an earlier send is ignored.
	send int
	// clickTime is the event time (ms) of the last accepted click.
	clickTime float64
}

type pendingAction struct {
	surfaceID, path string
}

// New returns a renderer that draws into h.
func New(h Host, opts Options) *Renderer {
	if opts.Catalog != nil {
		opts.Catalogs = append([]*catalog.Catalog{opts.Catalog}, opts.Catalogs...)
	}
	if len(opts.Catalogs) == 0 {
		opts.Catalogs = []*catalog.Catalog{basic.Catalog()}
	}
	opts.Catalog = opts.Catalogs[0]
	if opts.Policy == nil {
		opts.Policy = policy.Default()
	}
	applyLimits(&opts)
	funcs := make([]*binding.Functions, len(opts.Catalogs))
	for i, c := range opts.Catalogs {
		f := opts.Functions
		if f == nil {
			f = c.Functions()
		}
		// A clone per renderer: its limits, policy and catalog resolver are its own. One
		// policy governs components, URL props and every function call, whether from an
		// action, a dynamic value or the agent.
		f = f.Clone()
		if x := opts.ExtraFunctions; x != nil {
			for _, n := range x.Names() {
				if fn, ok := x.Func(n); ok {
					f.Register(n, fn)
				}
			}
		}
		if opts.MaxFormatOutput > 0 {
			f.SetMaxOutput(opts.MaxFormatOutput)
		}
		if opts.Policy.Functions.Allow != nil || len(opts.Policy.Functions.Deny) > 0 {
			f.SetPolicy(opts.Policy)
		}
		funcs[i] = f
	}
	resolve := func(id string) (*binding.Functions, bool) {
		for i, c := range opts.Catalogs {
			if c.Accepts(id) {
				return funcs[i], true
			}
		}
		return nil, false
	}
	for _, f := range funcs {
		f.SetCatalogs(resolve)
	}
	opts.Functions = funcs[0]
	if opts.Now == nil {
		opts.Now = time.Now
	}
	lim := opts.Limits
	lim.Pause = opts.Yield
	r := &Renderer{host: h, opts: opts, proc: model.NewProcessor(lim), funcs: funcs,
		surf: map[string]*surface{}, pending: map[string]pendingAction{}, streams: map[*Stream]bool{}}
	r.proc.OnChange(r.onSurfaceEvent)
	return r
}

// Surfaces returns the ids of the live surfaces in creation order.
func (r *Renderer) Surfaces() []string { return r.proc.SurfaceIDs() }

// DataModel returns the JSON of a surface's data model (nil for an unknown surface). The
// encoding is kept until the model changes, so polling an unchanged model is free.
func (r *Renderer) DataModel(id string) []byte {
	ms, ok := r.proc.Surface(id)
	if !ok {
		return nil
	}
	s := r.surf[id]
	v := ms.Data.Version()
	if s != nil && s.dmJSON != nil && s.dmVersion == v {
		return s.dmJSON
	}
	root, _ := ms.Data.Get(nil) // read-only: encoded, never kept
	b := protocol.AppendJSON(make([]byte, 0, 1024), root)
	if s != nil {
		s.dmJSON, s.dmVersion = b, v
	}
	return b
}

// Apply processes one decoded message. Errors are reported (event + agent) and the
// renderer goes on.
func (r *Renderer) Apply(m protocol.Message) {
	if v := m.Ver(); v != protocol.VersionUnknown {
		r.lastVersion = v
	}
	switch m := m.(type) {
	case *protocol.ActionResponse:
		r.actionResponse(m)
		return
	case *protocol.CallFunction:
		r.callFunction(m)
		return
	case *protocol.FunctionResponse:
		// The renderer never calls agent functions yet, so no answer is expected.
		r.Report(&protocol.Error{Code: protocol.CodeValidationFailed, SurfaceID: m.SurfaceID,
			Message: "unexpected function response " + strconv.Quote(m.FunctionCallID)})
		return
	}
	for _, err := range r.proc.ApplyReport(m) {
		r.Report(err)
	}
	if cs, ok := m.(*protocol.CreateSurface); ok {
		if s := r.surf[cs.SurfaceID]; s != nil {
			r.applyTheme(s)
		}
	}
}

// Report sends an error to the page (a2ui-error) and to the agent.
func (r *Renderer) Report(e *protocol.Error) {
	if e == nil {
		return
	}
	v := r.lastVersion
	if s := r.surf[e.SurfaceID]; s != nil {
		v = s.version
	}
	body := protocol.EncodeError(v, e)
	r.host.Emit("a2ui-error", body)
	if r.quiet == 0 && (r.opts.Profile == nil || !r.opts.Profile.Local()) {
		r.send(body, true)
	}
}

func (r *Renderer) onSurfaceEvent(ev model.SurfaceEvent) {
	switch ev.Kind {
	case model.Created:
		ms, _ := r.proc.Surface(ev.SurfaceID)
		s := &surface{id: ev.SurfaceID, tree: dom.NewTree(r.opts.HostPrefix + ev.SurfaceID), base: r.base}
		if s.base == "" {
			s.base = r.opts.BaseURL
		}
		if ms != nil {
			s.version = ms.Version
		}
		cat := -1
		if ms != nil {
			cat = r.catalogIndex(ms.CatalogID)
		}
		if cat < 0 {
			s.unsupported = true
			cat = 0
			id := ""
			if ms != nil {
				id = ms.CatalogID
			}
			// Reported at createSurface, before any component arrives.
			r.Report(&protocol.Error{Code: protocol.CodeCatalogUnsupported, SurfaceID: ev.SurfaceID, Path: "/createSurface/catalogId",
				Message: "catalog " + strconv.Quote(id) + " is not supported by this renderer; the surface is not shown"})
		}
		s.env = r.newEnv(ev.SurfaceID, s.base, cat)
		if ms != nil {
			// The surface's one data-model subscription: the next frame rebuilds what
			// read the written path.
			s.unsub = ms.Data.Subscribe(nil, func(p model.Pointer) {
				s.env.State.DataChanged(p)
				r.markDirty(s)
			})
		}
		r.surf[ev.SurfaceID] = s
		r.order = append(r.order, ev.SurfaceID)
		r.host.SurfaceAdded(ev.SurfaceID)
		r.applyTheme(s)
		r.host.Emit("a2ui-surface", surfaceEvent(ev.SurfaceID, "created"))
		r.markDirty(s)
	case model.Updated:
		if s := r.surf[ev.SurfaceID]; s != nil {
			if ms, ok := r.proc.Surface(ev.SurfaceID); ok {
				s.version = ms.Version
				r.rebindCatalog(s, ms.CatalogID)
			}
			r.markDirty(s)
		}
	case model.Deleted:
		s := r.surf[ev.SurfaceID]
		if s == nil {
			return
		}
		if s.unsub != nil {
			s.unsub()
		}
		// Flush what is pending, then unmount in its own batch so the host can go.
		r.Frame()
		r.enc.Reset()
		s.tree.Destroy(&r.enc)
		if r.enc.Ops() > 0 {
			r.host.Patch(r.enc.Bytes())
		}
		r.enc.Reset()
		delete(r.surf, ev.SurfaceID)
		for i, id := range r.order {
			if id == ev.SurfaceID {
				r.order = append(r.order[:i], r.order[i+1:]...)
				break
			}
		}
		for k, p := range r.pending {
			if p.surfaceID == ev.SurfaceID {
				delete(r.pending, k)
			}
		}
		r.host.SurfaceRemoved(ev.SurfaceID)
		r.host.Emit("a2ui-surface", surfaceEvent(ev.SurfaceID, "deleted"))
	}
}

func surfaceEvent(id, what string) []byte {
	b := make([]byte, 0, 48+len(id))
	b = append(b, `{"surfaceId":`...)
	b = protocol.AppendJSON(b, id)
	b = append(b, `,"event":"`...)
	b = append(b, what...)
	b = append(b, `"}`...)
	return b
}

func (r *Renderer) applyTheme(s *surface) {
	ms, ok := r.proc.Surface(s.id)
	if !ok || len(ms.Theme) == 0 || string(ms.Theme) == s.theme {
		return
	}
	s.theme = string(ms.Theme)
	th, errs := catalog.ParseTheme(ms.Theme)
	for _, e := range errs {
		e.SurfaceID = s.id
		r.Report(e)
	}
	r.host.SurfaceTheme(s.id, th.Vars())
}

func (r *Renderer) markDirty(s *surface) {
	s.dirty = true
	if !r.frameRq {
		r.frameRq = true
		if !r.dispatching {
			r.host.RequestFrame()
		}
	}
}

// Pending reports whether a Frame has been requested and not yet run.
func (r *Renderer) Pending() bool { return r.frameRq }

// Frame builds every dirty surface, diffs it against its mounted tree and hands the
// changes to the host, one Patch per changed surface (one crossing into JS each). A panic
// while rendering one surface is recovered: that surface's host is reset and shows an
// error notice, the others are unaffected.
func (r *Renderer) Frame() {
	r.frameRq = false
	for _, id := range r.order {
		s := r.surf[id]
		if s == nil || !s.dirty {
			continue
		}
		s.dirty = false
		r.renderSurface(s)
	}
}

// deadline is the end of a render's time budget (zero: none).
func (r *Renderer) deadline() time.Time {
	b := r.opts.RenderBudget
	if b < 0 {
		return time.Time{}
	}
	if b == 0 {
		b = DefaultRenderBudget
	}
	return time.Now().Add(b)
}

func (r *Renderer) renderSurface(s *surface) {
	ms, ok := r.proc.Surface(s.id)
	if !ok {
		return
	}
	var errs []*protocol.Error
	r.enc.Reset()
	func() {
		defer func() {
			if p := recover(); p != nil {
				s.crashed = protocol.PanicText(p)
				errs = append(errs, &protocol.Error{Code: protocol.CodeRender, SurfaceID: s.id,
					Message: "rendering the surface failed: " + s.crashed})
			}
		}()
		if s.crashed != "" {
			return
		}
		var root *dom.Node
		wrap := s.status == "failed" || s.status == stateReconnecting
		if !s.unsupported && ms.Ready() && !wrap && s.built {
			// Typing: only leaves bound to the written paths are rendered again.
			s.env.Deadline = r.deadline()
			if catalog.Refresh(ms, s.env, s.tree, &r.enc) {
				if r.enc.Ops() > 0 {
					r.host.Patch(r.enc.Bytes())
				}
				return
			}
		}
		s.built = false
		if s.unsupported {
			root = dom.El("div", catalog.CatalogUnsupported()).SetAttr("class", "a2ui-surface").WithKey(s.id)
		} else if !ms.Ready() {
			root = r.pendingNode(s)
		} else {
			s.env.Deadline = r.deadline()
			res := catalog.BuildResult(ms, s.env)
			root, errs = res.Root, res.Errors
			if res.TimedOut {
				// All or nothing: a cut tree could drop a warning beside an enabled button.
				s.crashed = "it took longer than the render time budget"
				errs = append(errs, &protocol.Error{Code: protocol.CodeLimit, SurfaceID: s.id,
					Message: "rendering the surface took longer than its time budget; the surface is shown as failed"})
				return
			}
			if root != nil && wrap {
				root = dom.El("div", r.statusBanner(s), root).SetAttr("class", "a2ui-with-status")
			}
			s.built = !wrap
		}
		s.tree.Render(root, &r.enc)
		if r.enc.Ops() > 0 {
			r.host.Patch(r.enc.Bytes())
		}
	}()
	if s.crashed != "" && !s.crashShown {
		// The half-written batch is dropped and the host re-created, so the notice
		// starts from an empty element whatever the previous tree left behind.
		s.crashShown = true
		r.enc.Reset()
		r.host.SurfaceRemoved(s.id)
		r.host.SurfaceAdded(s.id)
		s.tree = dom.NewTree(r.opts.HostPrefix + s.id)
		s.tree.Render(crashNode(s.crashed), &r.enc)
		r.host.Patch(r.enc.Bytes())
	}
	r.enc.Reset()
	for _, e := range errs {
		if e.SurfaceID == "" {
			e.SurfaceID = s.id
		}
		r.Report(e)
	}
}

// statusText is what a surface shows for its stream status.
var statusText = map[string]l10n.Key{
	"ended":           l10n.StreamEnded,
	"failed":          l10n.StreamFailed,
	stateReconnecting: l10n.Reconnecting,
}

func (r *Renderer) pendingNode(s *surface) *dom.Node {
	switch s.status {
	case "ended":
		return dom.El("div", dom.T(r.opts.Messages.Get(statusText[s.status]))).
			SetAttr("class", "a2ui-status a2ui-status-ended").SetAttr("role", "status")
	case "failed", stateReconnecting:
		s.env.Handlers.Reset() // nothing else is rendered: only the Retry handler lives
		return r.statusBanner(s)
	}
	return dom.El("div", dom.T(r.opts.Messages.Get(l10n.Loading))).
		SetAttr("class", "a2ui-status a2ui-loading").SetAttr("aria-busy", "true").SetAttr("role", "status")
}

// statusBanner shows a lost connection (an alert, with a Retry button when the stream
// can be opened again) or a reconnection in progress (a polite, busy status).
func (r *Renderer) statusBanner(s *surface) *dom.Node {
	if s.status == stateReconnecting {
		return dom.El("div", dom.T(r.opts.Messages.Get(statusText[s.status]))).
			SetAttr("class", "a2ui-status a2ui-status-reconnecting").SetAttr("role", "status").
			SetAttr("aria-busy", "true")
	}
	n := dom.El("div", dom.El("span", dom.T(r.opts.Messages.Get(statusText[s.status])))).
		SetAttr("class", "a2ui-status a2ui-status-failed").SetAttr("role", "alert")
	if st := s.stream; st != nil && st.canRetry() {
		h := s.env.Handlers.Add(func(dom.Event) { st.Retry() })
		n.Append(dom.El("button", dom.T(r.opts.Messages.Get(l10n.Retry))).SetAttr("type", "button").
			SetAttr("class", "a2ui-retry").Listen("click", h))
	}
	return n
}

func crashNode(msg string) *dom.Node {
	return dom.El("div", dom.T("This surface could not be rendered: "+msg)).
		SetAttr("class", "a2ui-status a2ui-crashed").SetAttr("role", "alert")
}

// Dispatch runs the handler of a delegated DOM event reported by the browser layer for the
// surface whose host is surfaceID.
func (r *Renderer) Dispatch(surfaceID string, ev dom.Event) {
	s := r.surf[surfaceID]
	if s == nil {
		return
	}
	n := s.tree.Lookup(ev.Node)
	if n == nil {
		return
	}
	h, ok := n.Handler(ev.Type)
	if !ok {
		return
	}
	// What the user did shows at once (typing into a field bound to a Text updates the
	// Text in the same task), rather than one animation frame later: input events come
	// at most a few per frame, so this costs no batching. A frame the handler needs is
	// rendered here, so the host gets no frame callback for it (one that was already
	// requested still runs, and finds nothing dirty).
	func() {
		r.dispatching = true
		defer func() { r.dispatching = false }() // a handler's panic must not stop frames
		s.env.Handlers.Dispatch(h, ev, func(e *protocol.Error) {
			e.SurfaceID = surfaceID
			r.Report(e)
		})
	}()
	if r.frameRq {
		r.Frame()
	}
}

// catalogIndex returns the index of the first catalog accepting catalogID ("" — v0.8
// without one — is the first), or -1.
func (r *Renderer) catalogIndex(catalogID string) int {
	for i, c := range r.opts.Catalogs {
		if c.Accepts(catalogID) {
			return i
		}
	}
	return -1
}

// rebindCatalog moves s to the catalog of catalogID when it names another of the
// renderer's catalogs: v0.8's beginRendering (which may name the catalog) can follow the
// surfaceUpdate that created the surface. An unknown id is left to the build, which fails
// the surface closed.
func (r *Renderer) rebindCatalog(s *surface, catalogID string) {
	if s.unsupported || s.env.Catalog.Accepts(catalogID) {
		return
	}
	if i := r.catalogIndex(catalogID); i >= 0 {
		s.env.Catalog, s.env.Functions = r.opts.Catalogs[i], r.funcs[i]
		s.env.State.Invalidate()
	}
}

// newEnv returns the Env of surface id rendered with catalog cat (an index into
// opts.Catalogs).
func (r *Renderer) newEnv(id, base string, cat int) *catalog.Env {
	env := &catalog.Env{
		Catalog:   r.opts.Catalogs[cat],
		Catalogs:  r.opts.Catalogs,
		Functions: r.funcs[cat],
		Formatter: r.opts.Formatter,
		Policy:    r.opts.Policy,
		BaseURL:   catalog.ParseBaseURL(base),
		Handlers:  &catalog.Handlers{},
		State:     catalog.NewUIState(),
		OpenURL:   r.host.OpenURL,
		Limits:    r.opts.RenderLimits,
		Messages:  r.opts.Messages,
	}
	env.OnAction = r.onAction
	env.Now = r.opts.Now
	if y := r.opts.Yield; y != nil {
		env.Yield = func() time.Duration {
			t := time.Now()
			y()
			return time.Since(t)
		}
	}
	env.AcceptClick = func(uid string, ev dom.Event) bool { return r.acceptClick(id, uid, ev) }
	env.ActionState = func(uid string) (bool, string) {
		if s := r.surf[id]; s != nil {
			if f := s.flights[uid]; f != nil {
				return f.busy, f.failed
			}
		}
		return false, ""
	}
	env.Retry = func(uid string) { r.retry(id, uid) }
	env.OnConflict = r.onConflict
	env.OnError = func(e *protocol.Error) {
		if e.SurfaceID == "" {
			e.SurfaceID = id
		}
		r.Report(e)
	}
	env.Invalidate = func(sid string) {
		if s := r.surf[sid]; s != nil {
			r.markDirty(s)
		}
	}
	return env
}

func (r *Renderer) onAction(surfaceID string, a catalog.ActionInvocation) {
	s := r.surf[surfaceID]
	ms, ok := r.proc.Surface(surfaceID)
	if s == nil || !ok {
		return
	}
	if p := r.opts.Profile; p != nil && p.Action(r, surfaceID, a) {
		return
	}
	ev := protocol.ActionEvent{
		Version:           ms.Version,
		Name:              a.Name,
		SurfaceID:         surfaceID,
		SourceComponentID: a.SourceComponentID,
		Timestamp:         binding.FormatISO(r.opts.Now()),
		Context:           a.Context,
		UserMessage:       a.UserMessage,
		WantResponse:      a.WantResponse,
	}
	// Every action has an id an agent can de-duplicate on: v0.10's actionId member and,
	// in every version, the POST's Idempotency-Key header.
	ev.ActionID = r.newID()
	if a.WantResponse {
		r.pending[ev.ActionID] = pendingAction{surfaceID: surfaceID, path: a.ResponsePath}
	}
	if ms.SendDataModel {
		// The snapshot is a copy; obscured fields never leave with it.
		ev.DataModel, _ = s.env.State.Redact(nil, ms.Data.Snapshot()).(map[string]any)
	}
	body := protocol.EncodeAction(ev)
	r.host.Emit("a2ui-action", body)
	if s.flights == nil {
		s.flights = map[string]*flight{}
	}
	f := s.flights[a.UID]
	if f == nil || a.UID == "" {
		f = &flight{}
		if a.UID != "" {
			s.flights[a.UID] = f
		}
	}
	f.id, f.body, f.failed = ev.ActionID, body, ""
	r.sendAction(s, a.UID, f)
}

func (r *Renderer) actionResponse(m *protocol.ActionResponse) {
	p, ok := r.pending[m.ActionID]
	if !ok {
		r.Report(&protocol.Error{Code: protocol.CodeValidationFailed, Path: "/actionResponse/actionId",
			Message: "no pending action with id " + strconv.Quote(m.ActionID)})
		return
	}
	delete(r.pending, m.ActionID)
	if m.Error != nil {
		r.Report(&protocol.Error{Code: m.Error.Code, SurfaceID: p.surfaceID, Message: m.Error.Message})
		return
	}
	if p.path == "" {
		return
	}
	ms, ok := r.proc.Surface(p.surfaceID)
	if !ok {
		return
	}
	ptr, err := model.ParsePointer(p.path)
	if err != nil {
		r.Report(&protocol.Error{Code: protocol.CodeValidationFailed, SurfaceID: p.surfaceID, Message: err.Error()})
		return
	}
	if err := ms.Data.SetJSON(ptr, m.Value); err != nil {
		r.Report(&protocol.Error{Code: protocol.CodeValidationFailed, SurfaceID: p.surfaceID, Message: err.Error()})
	}
}

// callFunction runs a catalog function the agent asked for (v0.10 callFunction, v1.0
// callRendererFunction) and answers with a function response, or an error carrying the
// functionCallId. Only functions of the renderer's catalog that the policy allows run.
// v0.10 answers only when the call asked for a response; v1.0 always answers.
func (r *Renderer) callFunction(m *protocol.CallFunction) {
	answer := func(value any, ferr *protocol.FunctionError) {
		if !m.WantResponse && m.Version != protocol.V10 {
			if ferr != nil {
				r.Report(&protocol.Error{Code: ferr.Code, SurfaceID: m.SurfaceID, Message: ferr.Message})
			}
			return
		}
		body := protocol.EncodeFunctionResult(m.Version, m.FunctionCallID, m.Name, value, ferr)
		if ferr != nil {
			r.host.Emit("a2ui-error", body)
		}
		r.send(body, false)
	}
	funcs := r.opts.Functions
	if m.CatalogID != "" {
		i := r.catalogIndex(m.CatalogID)
		if i < 0 {
			answer(nil, &protocol.FunctionError{Code: protocol.CodeCatalogUnsupported,
				Message: "catalog " + strconv.Quote(m.CatalogID) + " is not supported by this renderer"})
			return
		}
		funcs = r.funcs[i]
	} else if s := r.surf[m.SurfaceID]; s != nil {
		funcs = s.env.Functions
	}
	if !r.opts.Policy.AllowFunction(m.Name) || !funcs.Has(m.Name) {
		answer(nil, &protocol.FunctionError{Code: protocol.CodeFunction,
			Message: "function " + strconv.Quote(m.Name) + " is not available in this renderer"})
		return
	}
	var scope binding.Scope
	if ms, ok := r.proc.Surface(m.SurfaceID); ok {
		scope.Surface = ms
	}
	args := map[string]any{}
	for k, raw := range m.Args {
		v, err := jsonscan.Parse(raw)
		if err != nil {
			answer(nil, &protocol.FunctionError{Code: protocol.CodeValidationFailed, Message: "argument " + k + ": " + err.Error()})
			return
		}
		args[k] = v
	}
	v, err := binding.EvalValue(scope, map[string]any{"call": m.Name, "args": args}, funcs, r.opts.Formatter)
	if err != nil {
		answer(nil, &protocol.FunctionError{Code: protocol.CodeFunction, Message: err.Error()})
		return
	}
	if o, ok := v.(binding.OpenURL); ok {
		// An agent-initiated openUrl opens only within a user gesture (Host.OpenURL),
		// on the Link allowlist, relative to the stream of the surface it names.
		var base *url.URL
		if s := r.surf[m.SurfaceID]; s != nil {
			base = s.env.BaseURL
		} else if r.base != "" {
			base = catalog.ParseBaseURL(r.base)
		} else {
			base = catalog.ParseBaseURL(r.opts.BaseURL)
		}
		if e := catalog.OpenURL(r.opts.Policy, base, o.URL, r.host.OpenURL); e != nil {
			answer(nil, &protocol.FunctionError{Code: e.Code, Message: e.Message})
			return
		}
		v = nil
	}
	answer(v, nil)
}

// applyLimits copies the policy's non-zero limits over the options: one set of caps,
// whether the page set them (policy "limits", mount option "limits") or Go did.
func applyLimits(o *Options) {
	l := o.Policy.Limits
	set := func(dst *int, v int) {
		if v > 0 {
			*dst = v
		}
	}
	set(&o.MaxLine, l.MaxLine)
	set(&o.Limits.MaxSurfaces, l.MaxSurfaces)
	set(&o.Limits.MaxComponents, l.MaxComponents)
	set(&o.Limits.MaxDataNodes, l.MaxDataNodes)
	set(&o.Limits.MaxValueDepth, l.MaxValueDepth)
	set(&o.Limits.MaxPathSegments, l.MaxPathSegments)
	set(&o.Limits.MaxPathBytes, l.MaxPathBytes)
	set(&o.Limits.MaxKeyBytes, l.MaxKeyBytes)
	set(&o.Limits.MaxStringBytes, l.MaxStringBytes)
	set(&o.Limits.MaxEntries, l.MaxEntries)
	set(&o.Limits.MaxArrayLen, l.MaxArrayLen)
	set(&o.Limits.MaxIndexGap, l.MaxIndexGap)
	set(&o.RenderLimits.MaxInstances, l.MaxInstances)
	set(&o.RenderLimits.MaxDepth, l.MaxDepth)
	set(&o.RenderLimits.MaxTemplateItems, l.MaxTemplateItems)
	set(&o.RenderLimits.MaxTextBytes, l.MaxTextBytes)
	set(&o.RenderLimits.MaxSurfaceBytes, l.MaxSurfaceBytes)
	set(&o.MaxFormatOutput, l.MaxFormatOutput)
}

// Destroy stops every stream and removes every surface and its DOM.
func (r *Renderer) Destroy() {
	for st := range r.streams {
		st.stop()
	}
	clear(r.streams)
	for _, id := range append([]string(nil), r.order...) {
		r.proc.Apply(&protocol.DeleteSurface{Version: protocol.V09, SurfaceID: id})
	}
}

// Capabilities returns the a2uiClientCapabilities object for the renderer's catalogs, in
// the per-version and the flat form (agents read both); transports put it in their
// metadata. supportedCatalogIds lists every catalog's ids; with Options.InlineCatalogs
// the catalogs that are not official A2UI ones are also described inline, in each
// version's catalog shape.
func (r *Renderer) Capabilities() []byte {
	ids := r.CatalogIDs()
	var inline func(protocol.Version) []json.RawMessage
	if r.opts.InlineCatalogs {
		inline = r.InlineCatalogDocs
	}
	b := protocol.EncodeCapabilitiesInline(protocol.CapabilityVersions, ids, inline)
	if p := r.opts.Profile; p != nil {
		if extra := p.Capabilities(); len(extra) > 0 && len(b) > 1 && b[len(b)-1] == '}' {
			b = append(append(append(b[:len(b)-1:len(b)-1], ','), extra...), '}')
		}
	}
	return b
}

// CatalogIDs returns the ids every catalog of the renderer accepts, catalog by catalog
// (each sorted), without repeats: the supportedCatalogIds of its capabilities.
func (r *Renderer) CatalogIDs() []string {
	var ids []string
	seen := map[string]bool{}
	for _, c := range r.opts.Catalogs {
		for _, id := range c.CatalogIDs() {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// InlineCatalogDocs returns the catalog documents (version v's shape) of the catalogs
// that are not official A2UI ones: the inlineCatalogs of capabilities sent to an agent
// that accepts them.
func (r *Renderer) InlineCatalogDocs(v protocol.Version) []json.RawMessage {
	var out []json.RawMessage
	for _, c := range r.opts.Catalogs {
		if official(c) {
			continue
		}
		if doc, err := c.Document(v); err == nil {
			out = append(out, doc)
		}
	}
	return out
}

// official reports whether every id of c is an official A2UI catalog's (the agent knows
// those by id).
func official(c *catalog.Catalog) bool {
	for _, id := range c.CatalogIDs() {
		if !strings.HasPrefix(id, "https://a2ui.org/specification/") && !strings.HasPrefix(id, "https://a2ui.dev/specification/") {
			return false
		}
	}
	return true
}

// ClientDataModel returns the a2uiClientDataModel of the surfaces created with
// sendDataModel (nil when there are none): what an A2A message to their agent carries
// in its metadata (transport/a2a).
func (r *Renderer) ClientDataModel() []byte {
	var v protocol.Version
	var m map[string]map[string]any
	for _, id := range r.order {
		ms, ok := r.proc.Surface(id)
		if !ok || !ms.SendDataModel {
			continue
		}
		if m == nil {
			m, v = map[string]map[string]any{}, ms.Version
		}
		snap := ms.Data.Snapshot()
		if s := r.surf[id]; s != nil {
			// Obscured fields never leave with the model.
			snap, _ = s.env.State.Redact(nil, snap).(map[string]any)
		}
		m[id] = snap
	}
	return protocol.EncodeClientDataModel(v, m)
}

// Nodes returns the number of DOM nodes the renderer has mounted (all surfaces). The
// browser layer paces frames by it: the browser's own style and layout work after a
// patch grows with the size of the DOM, not with the size of the patch.
func (r *Renderer) Nodes() int {
	n := 0
	for _, s := range r.surf {
		n += s.tree.Live()
	}
	return n
}

// newID returns a fresh action id: 128 bits from math/rand/v2's global generator
// (ChaCha8 seeded by the runtime from the platform's entropy). crypto/rand would link
// Go's FIPS module into the wasm (41 KB brotli) for the same unpredictability here.
func (r *Renderer) newID() string {
	if r.opts.NewID != nil {
		return r.opts.NewID()
	}
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], rand.Uint64())
	binary.LittleEndian.PutUint64(b[8:], rand.Uint64())
	return hex.EncodeToString(b[:])
}

// acceptClick decides whether a click on Button uid of surface id may run its action: not
// while its last action is in flight (single-flight), not within debounce of the last
// accepted click (a double click), not while the control is re-arming, and, with
// TrustedClicksOnly, not when a script dispatched it.
func (r *Renderer) acceptClick(id, uid string, ev dom.Event) bool {
	if (r.opts.TrustedClicksOnly && ev.Synthetic) || ev.Rearming {
		return false
	}
	s := r.surf[id]
	if s == nil {
		return false
	}
	if s.flights == nil {
		s.flights = map[string]*flight{}
	}
	f := s.flights[uid]
	if f == nil {
		f = &flight{}
		s.flights[uid] = f
	}
	if f.busy {
		return false
	}
	if ev.Time > 0 && f.clickTime > 0 {
		if d := ev.Time - f.clickTime; d >= 0 && d < float64(debounce/time.Millisecond) {
			return false
		}
	}
	f.clickTime = ev.Time
	return true
}

// poster returns the transport client-to-server messages are POSTed through (nil: they
// go to Host.Send).
func (r *Renderer) poster() Transport {
	if t, ok := r.host.(Transport); ok && r.opts.ActionURL != "" {
		return t
	}
	return nil
}

// send delivers a client-to-server message that is not an action: POSTed to ActionURL
// (its answer is more messages; an error report's answer is quiet), or Host.Send.
func (r *Renderer) send(body []byte, errorReport bool) {
	t := r.poster()
	if t == nil {
		r.host.Send(body, errorReport)
		return
	}
	r.Connect(t, Request{URL: r.opts.ActionURL, Method: "POST", Body: body, Reply: true, Quiet: errorReport,
		Headers: map[string]string{"Content-Type": "application/json"}})
}

// sendAction posts f's body with its action id as Idempotency-Key (a retry sends the
// same body and id); its Button shows busy until the response head arrives, or the
// failure beside it (HTTP status, network failure, no answer within ActionTimeout).
// Without an ActionURL, an ActionSender host delivers it the same way.
func (r *Renderer) sendAction(s *surface, uid string, f *flight) {
	t := r.poster()
	as, sender := r.host.(ActionSender)
	if t == nil && !sender {
		r.host.Send(f.body, false) // answered at once
		return
	}
	f.busy = true
	f.send++
	send := f.send
	r.actionStateChanged(s, uid)
	timeout := r.opts.ActionTimeout
	if timeout <= 0 {
		timeout = DefaultActionTimeout
	}
	done := func(err error) {
		if r.surf[s.id] != s || f.send != send {
			return // the surface is gone, or a retry superseded this send
		}
		f.busy = false
		if err != nil {
			f.failed = "The action could not be sent: " + err.Error()
			r.host.Emit("a2ui-action-failed", actionFailed(s.id, f, err))
		}
		r.actionStateChanged(s, uid)
	}
	if t == nil {
		as.SendAction(f.body, f.id, timeout, done)
		return
	}
	st := r.newConnStream(t, Request{URL: r.opts.ActionURL, Method: "POST", Body: f.body, Reply: true,
		Headers: map[string]string{"Content-Type": "application/json", "Idempotency-Key": f.id}, Timeout: timeout})
	st.action = done
	st.connect()
}

// retry re-sends the failed action of Button uid (same body, same id).
func (r *Renderer) retry(id, uid string) {
	s := r.surf[id]
	if s == nil {
		return
	}
	f := s.flights[uid]
	if f == nil || f.failed == "" || f.busy {
		return
	}
	f.failed = ""
	r.sendAction(s, uid, f)
}

// actionStateChanged re-renders Button uid of s (busy/failed state).
func (r *Renderer) actionStateChanged(s *surface, uid string) {
	if uid == "" {
		s.env.State.Invalidate()
	} else {
		s.env.State.Touch(uid)
	}
	r.markDirty(s)
}

// actionFailed is the a2ui-action-failed detail: {"surfaceId","actionId","message","action"}.
func actionFailed(surfaceID string, f *flight, err error) []byte {
	b := make([]byte, 0, 96+len(f.body))
	b = append(b, `{"surfaceId":`...)
	b = protocol.AppendJSON(b, surfaceID)
	b = append(b, `,"actionId":`...)
	b = protocol.AppendJSON(b, f.id)
	b = append(b, `,"message":`...)
	b = protocol.AppendJSON(b, err.Error())
	b = append(b, `,"action":`...)
	b = append(b, f.body...)
	return append(b, '}')
}

// onConflict reports an agent write to a field the user is editing: an a2ui-conflict
// event for the page (with the agent's value) and an INPUT_CONFLICT error for the agent
// (without the user's value).
func (r *Renderer) onConflict(c catalog.Conflict) {
	b := make([]byte, 0, 128)
	b = append(b, `{"surfaceId":`...)
	b = protocol.AppendJSON(b, c.SurfaceID)
	b = append(b, `,"componentId":`...)
	b = protocol.AppendJSON(b, c.ComponentID)
	b = append(b, `,"path":`...)
	b = protocol.AppendJSON(b, c.Path)
	b = append(b, `,"agentValue":`...)
	b = protocol.AppendJSON(b, c.AgentValue)
	b = append(b, '}')
	r.host.Emit("a2ui-conflict", b)
	r.Report(&protocol.Error{Code: protocol.CodeConflict, SurfaceID: c.SurfaceID, Path: c.Path,
		Message: "the user is editing " + c.Path + " (component " + strconv.Quote(c.ComponentID) +
			"); the agent's value was not shown, and the user's value replaces it when they leave the field"})
}
