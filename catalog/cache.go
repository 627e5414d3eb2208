package catalog

import (
	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// The build cache makes a build cost O(what changed) instead of O(surface). Every
// component instance built records, in a cacheEntry, what its own render depended on:
// its component (stored components are immutable, so a pointer identifies a revision),
// the ids of children that were missing, the data paths it read, plus what it
// registered (handlers, DOM ids, UI-state entries, errors). The next build reuses the
// instance's *dom.Node as is when the entry is still valid: the same component, the
// missing children still missing, none of the data paths it read related to a path
// written since (uiState.DataChanged), and every child entry valid too. dom.Tree skips a
// subtree handed in as the same pointer, so a reused row costs neither Go work nor DOM
// operations. Local UI-state changes (a tab, a modal, a filter) invalidate everything.

// maxTrackedChanges bounds the data paths tracked between builds; more means rebuild all.
const maxTrackedChanges = 256

type cacheEntry struct {
	node     *dom.Node
	comp     *model.Component
	missing  []string
	reads    binding.Reads
	children []*cacheEntry
	handlers []handlerRec
	domIDs   []string
	errs     []*protocol.Error
	ui       []string // uiState entry keys (instance uids) this render used
	// props are the decoded props of comp (uiState.props[comp], kept while the entry is
	// used).
	props    *decoded
	phrasing int
	// noStore: the subtree holds something that must be rebuilt every time (a cycle or
	// limit notice, a Modal trigger's hooks).
	noStore   bool
	instances int
	// bytes are the text and attribute bytes of the subtree (Builder.account).
	bytes int
	// checked/ok memoize validation within one build; used marks the last build that
	// built or reused the entry.
	checked, used uint64
	ok            bool
	// rev is the surface's ComponentsRev when comp and missing were last found current:
	// while it holds, valid skips their map lookups.
	rev uint64
	// span is the longest common prefix of every data path the subtree read (hasReads:
	// it read any); subRev is 1 + the ComponentsRev at which the whole subtree was last
	// found reusable but for data (0: never). While subRev holds and no Touch intervened,
	// valid checks the changed paths against span alone instead of walking the subtree
	// (a row reads under its own item: one check per row).
	span     model.Pointer
	hasReads bool
	subRev   uint64
	// uid, base and inTemplate are the instance's (its scope but the surface), for
	// Refresh to render it again; layout: its component only places its children
	// (ComponentDef.Layout).
	uid        string
	base       model.Pointer
	inTemplate bool
	layout     bool
}

// finish records e's span and, when its subtree is reusable at rev, subRev. Called when
// e's build ends (its children are finished or reused).
func (e *cacheEntry) finish(rev uint64) {
	e.span, e.hasReads = nil, false
	for _, p := range e.reads.Paths {
		e.widen(p)
	}
	ok := !e.noStore
	for _, c := range e.children {
		if c.hasReads {
			e.widen(c.span)
		}
		ok = ok && c.subRev == rev+1
	}
	e.subRev = 0
	if ok {
		e.subRev = rev + 1
	}
}

// widen makes e's span cover p as well (the longest common prefix).
func (e *cacheEntry) widen(p model.Pointer) {
	if !e.hasReads {
		e.span, e.hasReads = p[:len(p):len(p)], true
		return
	}
	k, n := 0, min(len(e.span), len(p))
	for k < n && e.span[k] == p[k] {
		k++
	}
	e.span = e.span[:k:k]
}

type handlerRec struct {
	id dom.HandlerID
	fn func(dom.Event)
}

// valid reports whether e can be reused in the current build.
func (b *Builder) valid(e *cacheEntry) bool { return b.validAt(e, nil) }

// validAt is valid for an entry whose component the caller just looked up (cur, the
// surface's current component of e's id; nil: look it up).
func (b *Builder) validAt(e *cacheEntry, cur *model.Component) bool {
	st := b.state
	if e.checked == st.build {
		return e.ok
	}
	e.checked = st.build
	e.ok = false
	if e.noStore {
		return false
	}
	rev := b.s.ComponentsRev()
	if e.subRev == rev+1 && !st.touched && !b.changedWithin(e) {
		e.ok = true
		return true
	}
	if e.rev != rev {
		if cur == nil {
			cur, _ = b.s.Component(e.comp.ID)
		}
		if cur != e.comp {
			return false
		}
		for _, id := range e.missing {
			if _, ok := b.s.Component(id); ok {
				return false
			}
		}
		e.rev = rev
	}
	if !b.echoed(e) {
		for _, p := range e.reads.Paths {
			for _, c := range b.changed {
				if p.Related(c) {
					return false
				}
			}
		}
	}
	for _, c := range e.children {
		if !b.valid(c) {
			return false
		}
	}
	e.ok = true
	e.subRev = rev + 1
	return true
}

// changedWithin reports whether a data path changed since the last build may concern a
// read of e's subtree (is related to its span).
func (b *Builder) changedWithin(e *cacheEntry) bool {
	if !e.hasReads {
		return false
	}
	for _, c := range b.changed {
		if c.Related(e.span) {
			return true
		}
	}
	return false
}

// reuse re-registers everything e's subtree registered when it was built.
func (b *Builder) reuse(e *cacheEntry) {
	st := b.state
	e.used = st.build
	for _, h := range e.handlers {
		b.hs.Put(h.id, h.fn)
	}
	for _, id := range e.domIDs {
		b.domIDs[id]++
	}
	if len(e.errs) > 0 {
		b.errs = append(b.errs, e.errs...)
	}
	if len(st.entries) > 0 {
		for _, k := range e.ui {
			if u := st.entries[k]; u != nil {
				u.seen = st.build
			}
		}
	}
	if e.props != nil {
		e.props.seen = st.build
	}
	if b.env.CollectReads {
		for _, p := range e.reads.Paths {
			b.reads.Add(p)
		}
	}
	b.instances += e.instances
	for _, c := range e.children {
		b.reuse(c)
	}
	// Cache keys of reused children stay registered under their uid.
}

// cached returns the reusable node for uid, an instance of component c, if any. hint is
// the entry a template row found for uid last time: it is used instead of the map unless
// a Touch since the last build may have marked another entry of uid (two templates over
// the same rows each keep their own, both valid on their own).
func (b *Builder) cached(uid string, c *model.Component, hint *cacheEntry) (*cacheEntry, bool) {
	st := b.state
	if b.dirty {
		return nil, false
	}
	e := hint
	if e == nil || st.touched {
		e = st.cache[uid]
	}
	if e == nil || e.used+1 != st.build {
		// used == build: the same uid appears twice in this build (a shared child):
		// build it again rather than hand out one node twice. Older: the entry missed a
		// build (and the data changes recorded for it), so it is stale (sweep drops
		// such entries only now and then).
		return nil, false
	}
	// The render context must match the one the entry was built in (its descendants'
	// contexts follow from it).
	if e.phrasing != b.phrasing || len(b.triggerHooks) > 0 {
		return nil, false
	}
	if b.instances+e.instances > b.maxInstances() {
		return nil, false
	}
	if !b.validAt(e, c) {
		return nil, false
	}
	return e, true
}

// Touch makes the next build render instance uid again (and re-check the ancestors that
// hold it) instead of reusing its cached subtree: for state the data model does not see
// (a Button's action in flight). The rest of the surface stays cached.
func (u *uiState) Touch(uid string) {
	if e := u.cache[uid]; e != nil {
		e.noStore = true
	}
	u.touched = true
}

// echoRec is a write a text control made from its own input event (Typing.Echo): the
// instance's cache entry, the path, the data model's version right after the write, the
// control's node and the value it shows (the value written).
type echoRec struct {
	entry   *cacheEntry
	ptr     model.Pointer
	version uint64
	control *dom.Node
	value   string
}

// echoControl prepares the typing fast path of a text control bound to ptr: the control's input
// handler calls echo(v) after writing v, the control's own value, to ptr, and the next
// build reuses the instance's subtree instead of rendering it again for that write (the
// browser already shows v; the diff then sends only what other components show of ptr).
// The caller's render must depend on ptr only through the value the control shows. Echo
// returns nil (no fast path) unless every other prop of the instance is a literal and it
// has no checks; at build time the entry must also have read nothing but ptr and the model
// must be unchanged since the write. Called while rendering in; echo runs on the UI
// goroutine at event time.
func (b *Builder) echoControl(in *Instance, control *dom.Node, ptr model.Pointer) (echo func(v string)) {
	e := b.cur
	if e == nil || !literalProps(in.props.v) {
		return nil
	}
	st, d := b.state, b.s.Data
	return func(v string) {
		st.echo = echoRec{entry: e, ptr: ptr, version: d.Version(), control: control, value: v}
	}
}

// literalProps reports whether props (a component's, decoded) hold no binding, function
// call or checks: only strings, numbers, booleans and null besides "value".
func literalProps(props map[string]any) bool {
	for k, v := range props {
		switch v.(type) {
		case string, float64, bool, nil:
			if k == "checks" {
				return false
			}
		default:
			if k != "value" {
				return false
			}
		}
	}
	return true
}

// echoed reports whether e is the entry of the build's echo (Echo) and is current for
// it: it read nothing but the echoed path, and nothing was written since. Its control
// then shows the echoed value, which the reused node records (the mounted tree matches
// the live control, so a later render diffs against what the user sees).
func (b *Builder) echoed(e *cacheEntry) bool {
	ec := &b.echo
	if ec.entry != e || b.s.Data.Version() != ec.version {
		return false
	}
	for _, p := range e.reads.Paths {
		if !p.Equal(ec.ptr) {
			return false
		}
	}
	for i := range ec.control.Props {
		if pr := &ec.control.Props[i]; pr.Name == "value" && !pr.Host {
			pr.Value = ec.value
			return true
		}
	}
	return false
}
