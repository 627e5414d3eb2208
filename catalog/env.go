package catalog

import (
	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// Env is everything Build needs besides the surface. Use one Env per surface: Handlers and
// State belong to that surface; Functions, Formatter, Policy and the callbacks may be
// shared. All fields are read on the renderer's UI goroutine, and every callback is called
// on it (from Build or from a handler the event bridge runs).
type Env struct {
	// Catalog resolves component types; nil means Basic().
	Catalog *Catalog
	// Functions evaluates FunctionCalls (binding.BasicFunctions() for the basic catalog);
	// nil means no functions.
	Functions *binding.Functions
	// Formatter formats numbers and dates; nil means binding's Go formatter (en-US).
	Formatter binding.Formatter
	// Policy can switch off components, functions and URLs; nil means DefaultPolicy.
	Policy Policy
	// Handlers is the surface's event-handler table, reset by every Build; nil means
	// Build allocates one (read it back from Env.Handlers).
	Handlers *Handlers
	// State keeps per-instance UI state across builds; nil means Build allocates one.
	State *UIState

	// OnAction receives a Button's event action, its context resolved at click time.
	OnAction func(surfaceID string, a ActionInvocation)
	// OnError receives errors raised while handling events (a failing context
	// evaluation, a refused openUrl). Errors found while building are returned by Build.
	OnError func(*protocol.Error)
	// OpenURL executes an openUrl functionCall action; it only ever gets http/https URLs
	// that passed CheckURL and Policy.AllowURL("openUrl", url).
	OpenURL func(url string)
	// Invalidate is called after a handler changed local UI state (selected tab, modal
	// open, filter text) that the data model does not see, so the surface must be rebuilt.
	// Data-model writes are not reported here: they notify the model's subscribers.
	Invalidate func(surfaceID string)

	// MaxInstances bounds the component instances of one build (0 → 5000); MaxDepth the
	// nesting depth (0 → 64); MaxTemplateItems the rows of one template (0 → 1000).
	MaxInstances, MaxDepth, MaxTemplateItems int
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
	// WantResponse and ResponsePath are v0.10's event fields; ResponsePath is the
	// absolute JSON Pointer (resolved in the Button's scope) where the response goes.
	WantResponse bool
	ResponsePath string
	// UserMessage is v1.0's event.userMessage, resolved at click time.
	UserMessage string
}

// Handlers is a surface's table of event handlers. Nodes carry only dom.HandlerIDs; the
// event bridge looks the function up with Get. Build resets it, then assigns ids in
// traversal order, so an unchanged tree gets the same ids and Diff sends no listener ops.
type Handlers struct {
	fns []func(dom.Event)
}

// Reset drops every handler (ids restart at 1).
func (h *Handlers) Reset() { clear(h.fns); h.fns = h.fns[:0] }

// Add registers fn and returns its id (never 0).
func (h *Handlers) Add(fn func(dom.Event)) dom.HandlerID {
	h.fns = append(h.fns, fn)
	return dom.HandlerID(len(h.fns))
}

// Get returns the handler with id, or nil for an unknown id (e.g. one from a tree that
// was replaced since the event was queued).
func (h *Handlers) Get(id dom.HandlerID) func(dom.Event) {
	if id == 0 || int(id) > len(h.fns) {
		return nil
	}
	return h.fns[id-1]
}

// Len returns the number of registered handlers.
func (h *Handlers) Len() int { return len(h.fns) }

// Dispatch runs handler id with ev (no-op for an unknown id) and reports whether one ran.
// A panicking handler is recovered into a RENDER_FAILED error sent to onErr.
func (h *Handlers) Dispatch(id dom.HandlerID, ev dom.Event, onErr func(*protocol.Error)) (ran bool) {
	fn := h.Get(id)
	if fn == nil {
		return false
	}
	defer func() {
		if r := recover(); r != nil && onErr != nil {
			onErr(&protocol.Error{Code: protocol.CodeRender, Message: "event handler panicked: " + panicText(r)})
		}
	}()
	fn(ev)
	return true
}

// UIState is the per-surface state that lives outside the data model: the selected tab
// of each Tabs instance, whether each Modal is open, the filter text of filterable
// ChoicePickers, which v0.8 {path,literal} values were seeded, the decoded props of each
// component revision and which build errors were already reported. Entries are keyed by
// instance (component id plus template data path) and dropped when the instance is not
// built any more or its component was recreated with another type (model.Component.Gen).
type UIState struct {
	entries  map[string]*uiEntry
	props    map[*model.Component]*decoded
	seeded   map[string]bool
	reported map[string]uint64
	build    uint64
}

type uiEntry struct {
	gen    uint64
	seen   uint64
	tab    int
	open   bool
	filter string
}

// NewUIState returns an empty state.
func NewUIState() *UIState {
	return &UIState{entries: map[string]*uiEntry{}, props: map[*model.Component]*decoded{},
		seeded: map[string]bool{}, reported: map[string]uint64{}}
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

// sweep drops entries not touched by the build that just finished.
func (u *UIState) sweep() {
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
		return e.tab
	}
	return 0
}

// ModalOpen reports whether the Modal instance with the given key is open.
func (u *UIState) ModalOpen(key string) bool {
	e := u.entries[key]
	return e != nil && e.open
}
