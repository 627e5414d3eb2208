package catalog

import (
	"slices"
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/model"
)

// Limits are a surface's render budgets. Hitting any of them (or a function's output
// cap, binding.Functions.SetMaxOutput) fails the surface closed: it shows one notice
// and registers no handler, never a surface cut short (security.md ).
type Limits struct {
	// MaxInstances bounds the component instances of one build (0 → 20000); MaxDepth the
	// nesting depth (0 → 64); MaxTemplateItems the rows of one template (0 → 1000; the
	// rows past it are summarized by an "N more" marker, which does not fail the
	// surface).
	MaxInstances, MaxDepth, MaxTemplateItems int
	// MaxTextBytes bounds one text node or attribute value (0 → 256 KiB) and
	// MaxSurfaceBytes the tag, text and attribute bytes of the whole surface (0 → 4 MiB).
	MaxTextBytes, MaxSurfaceBytes int
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

// uiState is the per-surface state that lives outside the data model (engine.State): the
// selected tab of each Tabs instance, whether each Modal is open, the filter text of
// filterable ChoicePickers, which v0.8 {path,literal} values were seeded, the decoded props of each
// component revision and which build errors were already reported. Entries are keyed by
// instance (component id plus template data path) and dropped when the instance is not
// built any more or its component was recreated with another type (model.Component.Gen).
type uiState struct {
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
	// (actionPage: env.PageClock then, 0 without one).
	action     string
	actionAt   time.Time
	actionPage float64
	built      bool
}

// newUIState returns an empty state.
func newUIState() *uiState {
	return &uiState{entries: map[string]*uiEntry{}, props: map[*model.Component]*decoded{},
		cache: map[string]*cacheEntry{}, dirty: true,
		reported: map[string]uint64{}}
}

func (u *uiState) entry(uid string, gen uint64) *uiEntry {
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
// state across builds calls it from its one data-model subscription of the surface
// (render does; UI goroutine). A build that finds the model changed without a call
// rebuilds everything.
func (u *uiState) DataChanged(p model.Pointer) {
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
func (u *uiState) bind(s *model.Surface) {
	v := s.Data.Version()
	if u.surface != s || (v != u.version && !u.fed) {
		u.Invalidate()
	}
	u.surface, u.version, u.fed = s, v, false
}

// Invalidate makes the next build rebuild everything (no cached subtree is reused).
func (u *uiState) Invalidate() { u.dirty = true; u.changed = u.changed[:0] }

// take hands the changes recorded since the last build to the build starting now; writes
// made while it runs (v0.8 seeding) are recorded for the next one.
func (u *uiState) take() (changed []model.Pointer, dirty bool) {
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
func (u *uiState) templateRows(id, cid string, base model.Pointer, keys []string, n, max int) []templateRow {
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
func (u *uiState) pendingNode(key string) *dom.Node {
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
func (u *uiState) sweep() {
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
