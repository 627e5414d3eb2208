package render

import (
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
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
	// DefaultCatalog is the catalog id of surfaces that name none or v0.8's standard
	// catalog (a v0.8 beginRendering without catalogId selects it): a page catalog
	// extending the standard one, as the official v0.8 clients register custom
	// components. "" means the first catalog. An id no catalog accepts fails such
	// surfaces closed, like an unknown catalogId.
	DefaultCatalog string
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
	// Now is the renderer's clock: action timestamps, the re-arm delay and the render
	// time budget (RenderBudget); nil means time.Now.
	Now func() time.Time
	// PageClock reads the clock of dom.Event.Time (the page's performance.now(), ms);
	// with it a Button's re-arm after its action changed is timed by the click's own
	// timeStamp. nil: by Now when the click is handled.
	PageClock func() float64
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
	// error is reported; the other surfaces keep rendering. It is checked every 32
	// instances from the 32nd (by Now), so a smaller surface never fails for time.
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
