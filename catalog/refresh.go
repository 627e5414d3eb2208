package catalog

import (
	"slices"
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
)

// refreshSurface is engine.Refresh (see there). The leaves it may patch are cached
// instances without a child instance, handler, DOM id, missing child or error (a Text
// bound to the field's path) under Layout components only; it declines (false, the tree
// and the cache as they were) when a component changed, local UI state changed, the last
// build failed closed, a leaf's new render differs in kind or tag, has handlers or
// errors, or a limit is reached.
func refreshSurface(s *model.Surface, env *engine.Env, t *dom.Tree, e *dom.Encoder) bool {
	st, _ := env.State.(*uiState)
	if st == nil || env.Handlers == nil || env.CollectReads || st.fresh == "" || st.dirty || st.touched ||
		len(st.changed) == 0 || st.surface != s || st.freshRev != s.ComponentsRev() ||
		(s.Data.Version() != st.version && !st.fed) {
		return false
	}
	if rootID := s.Root; rootID != st.fresh && (rootID != "" || st.fresh != "root") {
		return false
	}
	root := st.cache[st.fresh]
	rev := s.ComponentsRev()
	if root == nil || root.used != st.build || root.subRev != rev+1 {
		return false // the last build did not reuse-check the whole tree (a notice, a noStore entry)
	}
	b := &Builder{env: env, s: s, state: st, hs: env.Handlers, cat: catalogOf(env.Catalog), pol: env.Policy,
		changed: st.changed, echo: st.echo, rootID: st.fresh, refreshing: true,
		instances: 1} // the deadline (and Yield) is checked every 32 leaves, as every 32 instances of a build
	if b.pol == nil {
		b.pol = policy.Default()
	}
	var leaves []refreshLeaf
	path := make([]*cacheEntry, 0, 16)
	if !b.refreshWalk(root, &path, &leaves) {
		return false
	}
	b.domIDs = map[string]int{}
	// Render the leaves again; nothing is applied before all of them qualify.
	total := root.bytes
	for i := range leaves {
		l := &leaves[i]
		old := l.path[len(l.path)-1]
		c, _ := s.Component(old.comp.ID)
		if c != old.comp {
			return b.abort(leaves[:i+1])
		}
		b.cur, b.phrasing, b.bytes = nil, old.phrasing, 0
		n := b.build(c, c.ID, old.node.Key, old.uid, binding.Scope{Surface: s, Base: old.base, InTemplate: old.inTemplate})
		l.entry = st.cache[old.uid]
		l.node = n
		ne := l.entry
		if ne == old || ne.node != n || ne.noStore || b.limitHit || len(b.errs) > 0 || len(ne.children) > 0 ||
			len(ne.handlers) > 0 || len(ne.domIDs) > 0 || len(ne.missing) > 0 || !t.Replaceable(old.node, n) {
			return b.abort(leaves[:i+1])
		}
		total += ne.bytes - old.bytes
	}
	if total > b.maxSurfaceBytes() {
		return b.abort(leaves)
	}
	for _, l := range leaves {
		old, ne := l.path[len(l.path)-1], l.entry
		t.Replace(old.node, l.node, e)
		delta := ne.bytes - old.bytes
		for _, a := range l.path[:len(l.path)-1] {
			a.bytes += delta
			if ne.hasReads { // a function may read other paths now
				a.widen(ne.span)
			}
		}
		// The old entry object stays (ancestors and template rows point at it) and
		// takes the new render's record; its node is the mounted one, now updated.
		node := old.node
		*old = *ne
		old.node = node
		st.cache[old.uid] = old
	}
	st.changed, st.echo = st.changed[:0], echoRec{}
	st.version, st.fed = s.Data.Version(), false
	return true
}

// refreshLeaf is an instance Refresh renders again: the cache entries from the root to
// it, and its new entry and node.
type refreshLeaf struct {
	path  []*cacheEntry
	entry *cacheEntry
	node  *dom.Node
}

// refreshWalk collects the leaves under e (on *path, the entries above it) whose own
// reads a change concerns; false when such an instance is not a leaf. Subtrees no
// change concerns are skipped, as a build would reuse them.
func (b *Builder) refreshWalk(e *cacheEntry, path *[]*cacheEntry, out *[]refreshLeaf) bool {
	if !b.changedWithin(e) {
		return true
	}
	if b.echoed(e) { // the control shows the written value already
		return len(e.children) == 0
	}
	*path = append(*path, e)
	defer func() { *path = (*path)[:len(*path)-1] }()
	own := false
	for _, p := range e.reads.Paths {
		for _, c := range b.changed {
			if p.Related(c) && !insideRow(e, p, c) {
				own = true
			}
		}
	}
	if own {
		if e.noStore || len(e.children) > 0 || len(e.handlers) > 0 || len(e.domIDs) > 0 || len(e.errs) > 0 ||
			len(e.missing) > 0 || e.node == nil || e.uid == "" {
			return false
		}
		*out = append(*out, refreshLeaf{path: append([]*cacheEntry(nil), *path...)})
		return true
	}
	if !e.layout {
		return false // its render may read what a child shows
	}
	for _, c := range e.children {
		if !b.refreshWalk(c, path, out) {
			return false
		}
	}
	return true
}

// insideRow reports whether change c lies inside an item of the template list p that e
// read for its shape only, an item that was one of e's rows at the last build: the
// list's length and keys are as they were, so only the row's own readers change.
func insideRow(e *cacheEntry, p, c model.Pointer) bool {
	if len(c) < len(p)+2 || !slices.ContainsFunc(e.reads.Lists, p.Equal) {
		return false
	}
	item := c[:len(p)+1]
	// An array's rows are e's children in index order: look there first.
	if i, err := strconv.Atoi(item[len(p)]); err == nil && i >= 0 && i < len(e.children) {
		if ch := e.children[i]; ch.inTemplate && ch.base.Equal(item) {
			return true
		}
	}
	for _, ch := range e.children {
		if ch.inTemplate && ch.base.Equal(item) {
			return true
		}
	}
	return false
}

// abort undoes the cache entries that the leaves rendered so far registered and reports
// false (the build that follows starts from the last build's entries).
func (b *Builder) abort(leaves []refreshLeaf) bool {
	for _, l := range leaves {
		old := l.path[len(l.path)-1]
		b.state.cache[old.uid] = old
	}
	return false
}
