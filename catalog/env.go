package catalog

import (
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// Env is everything Build needs besides the surface: engine wiring that package render
// fills, not for catalog authors (they test with render/rendertest). Use one Env per surface: Handlers and
// State belong to that surface; Functions, Formatter, Policy and the callbacks may be
// shared. All fields are read on the renderer's UI goroutine, and every callback is called
// on it (from Build or from a handler the event bridge runs).
type Env struct {
	// Catalog resolves component types; nil renders every component as unknown (the
	// renderer passes the surface's catalog, by default basic.Catalog()).
	Catalog *Catalog
	// Catalogs are the renderer's other catalogs: a v1.0 component naming one of them
	// in its catalogId is resolved there.
	Catalogs []*Catalog
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
	Handlers *engine.Handlers
	// State keeps per-instance UI state across builds; nil means Build allocates one.
	State *UIState

	// OnAction receives a Button's event action, its context resolved at click time.
	OnAction func(surfaceID string, a ActionInvocation)
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
	OnConflict func(c engine.Conflict)
	// Deadline, when set, bounds the build's time: past it the remaining instances become
	// notices and Result.TimedOut is set (the renderer fails the surface closed).
	Deadline time.Time
	// Yield, when set, is called by the building goroutine every 32 instances built. It
	// may hand the main thread to the page before it returns, and returns for how long:
	// Deadline moves by that, so the budget counts the build's own time. It must not
	// touch the surface or the model.
	Yield func() time.Duration
	// Now is the clock of the re-arm delay; nil means time.Now.
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

	// CollectReads makes BuildResult report every data path the surface read
	// (Result.Reads); off by default, since the build cache tracks reads per instance.
	CollectReads bool

	// Limits are the render budgets (zero fields: defaults).
	Limits
}

// Limits are a surface's render budgets. Hitting any of them (or a function's output
// cap, binding.Functions.SetMaxOutput) fails the surface closed: it shows one notice
// and registers no handler, never a surface cut short (security.md ).
type Limits struct {
	// MaxInstances bounds the component instances of one build (0 → 20000); MaxDepth the
	// nesting depth (0 → 64); MaxTemplateItems the rows of one template (0 → 1000; the
	// rows past it are summarized by an "N more" marker, which does not fail the
	// surface).
	MaxInstances, MaxDepth, MaxTemplateItems int
	// MaxTextBytes bounds one text node or attribute value (0 → DefaultMaxTextBytes) and
	// MaxSurfaceBytes the tag, text and attribute bytes of the whole surface (0 →
	// DefaultMaxSurfaceBytes).
	MaxTextBytes, MaxSurfaceBytes int
}

func (e *Env) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

// ActionInvocation is a Button's event action after its dynamic values were resolved at
// click time. The renderer turns it into a protocol.ActionEvent (adding version,
// timestamp and, for wantResponse, an action id).
type ActionInvocation struct {
	Name              string
	SourceComponentID string
	// Context holds each context entry evaluated in the Button's scope at click time
	// (string, float64, bool, nil, []any, map[string]any). Never nil.
	Context map[string]any
	// Keys gives the key order of Context and of the objects in it, as
	// protocol.AppendJSONOrdered takes it (order.go); nil, or a nil answer, means sorted.
	Keys func(map[string]any) []string
	// WantResponse and ResponsePath are v0.10's event fields; ResponsePath is the
	// absolute JSON Pointer (resolved in the Button's scope) where the response goes.
	WantResponse bool
	ResponsePath string
	// UserMessage is v1.0's event.userMessage, resolved at click time.
	UserMessage string
	// UID is the Button instance (Instance.UID): the key of its busy/failed state.
	UID string
}

// UIState is the per-surface state that lives outside the data model: the selected tab
// of each Tabs instance, whether each Modal is open, the filter text of filterable
// ChoicePickers, which v0.8 {path,literal} values were seeded, the decoded props of each
// component revision and which build errors were already reported. Entries are keyed by
// instance (component id plus template data path) and dropped when the instance is not
// built any more or its component was recreated with another type (model.Component.Gen).
type UIState struct {
	// precount memoizes Builder.precount per components revision of the surface
	// (precountRev 0: none yet).
	precountRev, precountMax uint64
	precountN                int
	precountID               string
	entries                  map[string]*uiEntry
	props                    map[*model.Component]*decoded
	// cache holds the dom subtree of each instance built last time (see cache.go), and
	// stale entries until sweep drops them; cacheLive is its size after the last sweep.
	cache     map[string]*cacheEntry
	cacheLive int
	// touched: Touch was called since the last build (template rows look their cache
	// entries up instead of trusting their hints).
	touched bool
	// rows holds each template's row pointers and keys (templateRows).
	rows map[string]*rowsEntry
	// pending holds the placeholder of each missing child, reused while it is missing
	// (the diff skips a node handed in again as the same pointer).
	pending map[string]*pendingEntry
	// changed are the data paths written since the last build; dirty forces a full
	// rebuild (local UI state changed, too many changes, or nothing known).
	changed []model.Pointer
	dirty   bool
	// surface is the one the state was built for (another starts over); version its
	// data model's version when the last build started; fed: DataChanged was called
	// since then.
	surface  *model.Surface
	version  uint64
	fed      bool
	seeder   binding.Seeder // v0.8 {path,literal} seeds of template rows
	reported map[string]uint64
	build    uint64
	// submitted: a Button was clicked while its checks failed, so every field of the
	// surface shows its validation message.
	submitted bool
	// secrets are the data paths bound to obscured TextFields (policy.go).
	secrets map[string]model.Pointer
	// echo is the last write a text control made from its own input (Typing.Echo),
	// taken by the next build.
	echo echoRec
	// fresh is the root id of the last build when Refresh may update its tree ("": it
	// may not), freshRev the components revision it was built at.
	fresh    string
	freshRev uint64
}

// Local is the UI state of one component instance that lives outside the data model
// (Builder.Local). It survives rebuilds while the instance is built and its component
// keeps its type; it is dropped with the instance.
type Local struct {
	// Index is the selected item (the Tabs' tab).
	Index int
	// Open: a disclosure (Modal) is open.
	Open bool
	// Filter is the text the user typed into a filter (a filterable ChoicePicker).
	Filter string
	// Rove is the index of the item that holds the tab stop in a roving-focus group
	// (ChoicePicker chips), RoveSet whether the user moved it.
	Rove    int
	RoveSet bool
	// Value is free for a component's own state.
	Value any
}

type uiEntry struct {
	gen  uint64
	seen uint64
	Local
	// touched: the user changed or left the field, so its validation message shows.
	touched bool
	// editing: the field has focus; user is its value as the user last left it
	// (focusin/input), conflict the agent value last reported (when conflicted).
	editing    bool
	user       string
	conflict   string
	conflicted bool
	// action is a Button's raw action as last built, actionAt when it last changed
	// (actionPage: Env.PageClock then, 0 without one).
	action     string
	actionAt   time.Time
	actionPage float64
	built      bool
}

// NewUIState returns an empty state.
func NewUIState() *UIState {
	return &UIState{entries: map[string]*uiEntry{}, props: map[*model.Component]*decoded{},
		cache: map[string]*cacheEntry{}, dirty: true,
		reported: map[string]uint64{}}
}

func (u *UIState) entry(uid string, gen uint64) *uiEntry {
	e := u.entries[uid]
	if e == nil || e.gen != gen {
		e = &uiEntry{gen: gen}
		u.entries[uid] = e
	}
	e.seen = u.build
	return e
}

// DataChanged records that the data model changed at p since the last build, so cached
// subtrees that read p, an ancestor or a descendant of it are rebuilt. Whoever keeps a
// UIState across builds calls it from its one data-model subscription of the surface
// (render does; UI goroutine). A build that finds the model changed without a call
// rebuilds everything.
func (u *UIState) DataChanged(p model.Pointer) {
	u.fed = true
	if u.dirty {
		return
	}
	if len(u.changed) >= maxTrackedChanges {
		u.dirty = true
		u.changed = u.changed[:0]
		return
	}
	u.changed = append(u.changed, p)
}

// bind starts a build of s: a different surface, or writes to s's model that did not
// reach DataChanged, start over.
func (u *UIState) bind(s *model.Surface) {
	v := s.Data.Version()
	if u.surface != s || (v != u.version && !u.fed) {
		u.Invalidate()
	}
	u.surface, u.version, u.fed = s, v, false
}

// Invalidate makes the next build rebuild everything (no cached subtree is reused).
func (u *UIState) Invalidate() { u.dirty = true; u.changed = u.changed[:0] }

// take hands the changes recorded since the last build to the build starting now; writes
// made while it runs (v0.8 seeding) are recorded for the next one.
func (u *UIState) take() (changed []model.Pointer, dirty bool) {
	changed, dirty = u.changed, u.dirty
	u.changed, u.dirty = nil, false
	return changed, dirty
}

// templateRow is one row of a template: its data pointer and its key (cid@pointer), and
// the cache entry of its instance found by the last build (Builder.cached's hint).
type templateRow struct {
	ptr  model.Pointer
	key  string
	last *cacheEntry
}

type rowsEntry struct {
	cid, base string
	keys      []string // nil: an array's indices
	rows      []templateRow
	used      uint64
}

// templateRows returns the rows of the template instance id (at most max) for the n data
// keys under base (keys nil: an array of n items, keyed by index), reusing the pointers
// and key strings of the previous build when the template and its keys are unchanged (a
// 1,000-row list rebuilt for one changed row allocates nothing per row).
func (u *UIState) templateRows(id, cid string, base model.Pointer, keys []string, n, max int) []templateRow {
	if u.rows == nil {
		u.rows = map[string]*rowsEntry{}
	}
	n = min(n, max)
	bs := base.String()
	e := u.rows[id]
	if e == nil || e.cid != cid || e.base != bs || len(e.rows) != n || (e.keys == nil) != (keys == nil) || !slices.Equal(e.keys, keys[:min(n, len(keys))]) {
		e = &rowsEntry{cid: cid, base: bs, rows: make([]templateRow, n)}
		if keys != nil {
			e.keys = append([]string{}, keys[:n]...)
		}
		for i := range n {
			k := ""
			if keys != nil {
				k = keys[i]
			} else {
				k = strconv.Itoa(i)
			}
			p := base.Append(k)
			e.rows[i] = templateRow{ptr: p, key: cid + "@" + p.String()}
		}
		u.rows[id] = e
	}
	e.used = u.build
	return e.rows
}

// cacheSweepBuilds is how many builds may pass between two sweeps of the build cache.
const cacheSweepBuilds = 32

type pendingEntry struct {
	node *dom.Node
	used uint64
}

// pendingNode returns the placeholder for a missing child keyed key.
func (u *UIState) pendingNode(key string) *dom.Node {
	if u.pending == nil {
		u.pending = map[string]*pendingEntry{}
	}
	e := u.pending[key]
	if e == nil {
		e = &pendingEntry{node: pending(key)}
		u.pending[key] = e
	}
	e.used = u.build
	return e.node
}

// sweep drops entries not touched by the build that just finished.
func (u *UIState) sweep() {
	u.touched = false
	for k, e := range u.rows {
		if e.used != u.build {
			delete(u.rows, k)
		}
	}
	for k, e := range u.pending {
		if e.used != u.build {
			delete(u.pending, k)
		}
	}
	// Entries a build did not use are never reused (cached wants one used by the
	// previous build), so the cache is swept only when they may hold as much memory as
	// the used ones, or every cacheSweepBuilds: a build reusing most of a large surface
	// does not walk all of it again.
	if len(u.cache) > 2*u.cacheLive+64 || u.build%cacheSweepBuilds == 0 {
		for k, c := range u.cache {
			if c.used != u.build {
				delete(u.cache, k)
			}
		}
		u.cacheLive = len(u.cache)
	}

	for k, e := range u.entries {
		if e.seen != u.build {
			delete(u.entries, k)
		}
	}
	for k, d := range u.props {
		if d.seen != u.build {
			delete(u.props, k)
		}
	}
	for k, b := range u.reported {
		if b != u.build {
			delete(u.reported, k)
		}
	}
}

// SelectedTab returns the selected tab index of the Tabs instance with the given key
// (component id, or "id@<data path>" inside templates); 0 when unknown.
func (u *UIState) SelectedTab(key string) int {
	if e := u.entries[key]; e != nil {
		return e.Index
	}
	return 0
}

// ModalOpen reports whether the Modal instance with the given key is open.
func (u *UIState) ModalOpen(key string) bool {
	e := u.entries[key]
	return e != nil && e.Open
}
