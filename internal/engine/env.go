package engine

import (
	"net/url"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// Env is everything a build (Build, Refresh) needs besides the surface; package render
// fills it. Use one Env per surface: Handlers and State belong to that surface;
// Functions, Formatter, Policy and the callbacks may be shared. All fields are read on
// the renderer's UI goroutine, and every callback is called on it (from Build or from a
// handler the event bridge runs).
type Env struct {
	// Catalog resolves component types; nil renders every component as unknown (the
	// renderer passes the surface's catalog, by default basic.Catalog()).
	Catalog Catalog
	// Catalogs are the renderer's other catalogs: a v1.0 component naming one of them
	// in its catalogId is resolved there.
	Catalogs []Catalog
	// Functions evaluates FunctionCalls (Catalog.Functions() for the catalog's own);
	// nil means no functions.
	Functions *binding.Functions
	// Formatter formats numbers and dates; nil means binding's Go formatter (en-US).
	Formatter binding.Formatter
	// Policy restricts components, functions, action names, URLs and openUrl, and sets
	// the heading base; nil means policy.Default().
	Policy *policy.Policy
	// BaseURL is the URL of the stream that created the surface: relative and
	// protocol-relative URLs resolve against it, and it is the "self" of the allowlists.
	// nil: relative URLs are refused.
	BaseURL *url.URL
	// Handlers is the surface's event-handler table, reset by every Build; nil means
	// Build allocates one (read it back from Env.Handlers).
	Handlers *Handlers
	// State keeps per-instance UI state across builds (NewState); nil (or a State
	// NewState did not make) means Build allocates one.
	State State

	// OnAction receives a Button's event action, its context resolved at click time.
	OnAction func(surfaceID string, a Action)
	// OnError receives errors raised while handling events (a failing context
	// evaluation, a refused openUrl). Errors found while building are returned by Build.
	OnError func(*protocol.Error)
	// Messages are the renderer's own words (notices, the Close button, fallback
	// names) and the writing direction; nil means English, left to right.
	Messages *l10n.Messages
	// OpenURL executes an openUrl functionCall action; it only ever gets http/https URLs
	// that passed Policy.CheckURL(policy.Link, ...), and only when Policy.OpenURL is not
	// "never". It reports whether a window opened (false: the page had no user gesture);
	// a refusal is reported as POLICY_DENIED.
	OpenURL func(url string) bool
	// AcceptClick, when set, decides whether a Button click (ev) on instance uid may run
	// its action: the renderer's single-flight, debounce, re-arm and trusted-click rules.
	AcceptClick func(uid string, ev dom.Event) bool
	// ActionState, when set, reports the state of the last action sent by Button
	// instance uid: busy while its POST is in flight, failed (a message) when it failed.
	ActionState func(uid string) (busy bool, failed string)
	// Retry re-sends the failed action of Button instance uid (its Retry control).
	Retry func(uid string)
	// OnConflict receives an agent write to the path of a field the user is editing
	// (focused): the field keeps the user's value.
	OnConflict func(c Conflict)
	// Deadline, when set, bounds the build's time: past it the remaining instances become
	// notices and Result.TimedOut is set (the renderer fails the surface closed).
	Deadline time.Time
	// Yield, when set, is called by the building goroutine every 32 instances built. It
	// may hand the main thread to the page before it returns, and returns for how long:
	// Deadline moves by that, so the budget counts the build's own time. It must not
	// touch the surface or the model.
	Yield func() time.Duration
	// Now is the clock of the re-arm delay and of Deadline; nil means time.Now.
	Now func() time.Time
	// PageClock, when set, reads the clock of dom.Event.Time (the page's
	// performance.now(), in ms): a Button's re-arm after its action changed is then
	// timed by the click's own timeStamp against this clock's reading at the change,
	// not by Now when the click is handled.
	PageClock func() float64
	// Invalidate is called after a handler changed local UI state (selected tab, modal
	// open, filter text) that the data model does not see, so the surface must be rebuilt.
	// Data-model writes are not reported here: they notify the model's subscribers.
	Invalidate func(surfaceID string)

	// CollectReads makes Build report every data path the surface read
	// (Result.Reads); off by default, since the build cache tracks reads per instance.
	CollectReads bool

	// Limits are the render budgets (zero fields: the Default* constants).
	Limits
}

// Catalog is a *catalog.Catalog as Env holds it: engine cannot name catalog's types
// (catalog imports engine), so the walk asserts the type back.
type Catalog interface {
	// Accepts reports whether the catalog renders surfaces created with catalogID.
	Accepts(catalogID string) bool
}

// State is a surface's UI state outside the data model (catalog's, made by NewState):
// per-instance state such as a selected tab, the build cache and the paths bound to
// obscured fields.
type State interface {
	// DataChanged records that the data model changed at p since the last build, so
	// cached subtrees that read p (or an ancestor or descendant) are rebuilt. Whoever
	// keeps a State across builds calls it from its one data-model subscription of the
	// surface; a build that finds the model changed without a call rebuilds everything.
	DataChanged(p model.Pointer)
	// Invalidate makes the next build rebuild everything.
	Invalidate()
	// Touch makes the next build render instance uid (Instance.UID) again although
	// nothing it read changed (its action's busy/failed state did).
	Touch(uid string)
	// Redact returns v, the data model's value at base, without the values bound to
	// obscured fields (a copy where one was removed; v itself is not changed).
	Redact(base model.Pointer, v any) any
}

// Action is catalog.ActionInvocation with the same fields (the walk converts with
// engine.Action(inv), render back with catalog.ActionInvocation(a); the conversions
// compile only while the two field lists match).
type Action struct {
	Name              string
	SourceComponentID string
	Context           map[string]any
	Keys              func(map[string]any) []string
	WantResponse      bool
	ResponsePath      string
	UserMessage       string
	UID               string
}

// Limits is catalog.Limits with the same fields (render converts with
// engine.Limits(l)): a surface's render budgets, zero meaning the default below.
type Limits struct {
	MaxInstances, MaxDepth, MaxTemplateItems int
	MaxTextBytes, MaxSurfaceBytes            int
}

// The default render budgets: component instances of one build, nesting depth, rows of
// one template, bytes of one text node or attribute value, and text and attribute bytes
// of a whole surface.
const (
	DefaultMaxInstances     = 20000 // matches model.DefaultMaxComponents
	DefaultMaxDepth         = 64
	DefaultMaxTemplateItems = 1000
	DefaultMaxTextBytes     = 256 << 10
	DefaultMaxSurfaceBytes  = 4 << 20
)

// Clock returns the time by Now (time.Now when nil).
func (e *Env) Clock() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}
