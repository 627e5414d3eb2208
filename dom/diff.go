package dom

import "strings"

// Tree is the mounted DOM of one surface host: the previously rendered tree, the node-id
// allocator and the id → node table used to route events. Render diffs a new tree against
// the previous one and writes the DOM mutations into an Encoder.
//
// Ids freed by a REMOVE are quarantined for two Render calls before reuse, so an event that
// the browser queued for a removed node (reported by id) finds no node rather than a new,
// unrelated one that took its id.
//
// A Tree is used by one goroutine (the renderer's UI goroutine).
type Tree struct {
	host  string
	root  *Node
	nodes []*Node // by id; nodes[0] is always nil
	free  []uint32
	quar  [2][]uint32

	// Scratch for the general children reconciliation, reused across calls; a nested
	// general case (while sc is busy) gets its own.
	sc   scratch
	busy bool
}

type scratch struct {
	keys    map[childKey]int
	sources []int
	matched []bool
	lisTail []int
	lisPrev []int
	lisIn   []bool
}

type childKey struct {
	key string
	idx int // position for unkeyed children; -1 when keyed
}

// NewTree returns an empty tree rendering into the surface host registered as host (in the
// runtime: __a2uiRuntime.attach(host, element)).
func NewTree(host string) *Tree {
	return &Tree{host: host, nodes: make([]*Node, 1, 64)}
}

// Host returns the host name given to NewTree.
func (t *Tree) Host() string { return t.host }

// Root returns the currently mounted tree (nil before the first Render or after Destroy).
func (t *Tree) Root() *Node { return t.root }

// Lookup returns the mounted node with this id, or nil if the id is not live (0, removed,
// out of range). The renderer maps an Event.Node to its node and handlers with it.
func (t *Tree) Lookup(id uint32) *Node {
	if int(id) < len(t.nodes) {
		return t.nodes[id]
	}
	return nil
}

// Live reports the number of mounted nodes.
func (t *Tree) Live() int {
	return len(t.nodes) - 1 - len(t.free) - len(t.quar[0]) - len(t.quar[1])
}

// Render makes the host's DOM match next (nil unmounts everything), writing the ops into e
// preceded by a HOST op; it writes nothing when nothing changed. next becomes the mounted
// tree: its nodes get their IDs (carried over from matching previous nodes, fresh for new
// ones) and must not be modified afterwards. Attrs are sorted in place (SortAttrs).
//
// Matching: the root and unkeyed children match by position, keyed children by Key among
// their siblings; a match also needs equal Kind and Tag, otherwise the old node is removed
// and a new one created. Handing back a node (pointer) of the previous tree at the same
// place skips its whole subtree (memoisation). A node already mounted elsewhere is copied.
func (t *Tree) Render(next *Node, e *Encoder) {
	t.free = append(t.free, t.quar[0]...)
	t.quar[0], t.quar[1] = t.quar[1], t.quar[0][:0]

	m := e.mark()
	e.Host(t.host)
	prev := t.root
	switch {
	case prev == nil && next == nil:
	case prev == nil:
		next = t.create(next, NSHTML, e)
		e.Mount(next.ID)
	case next == nil:
		e.Remove(prev.ID)
		t.release(prev)
	case prev.Kind == next.Kind && prev.Tag == next.Tag:
		next = t.patch(prev, next, NSHTML, e)
	default:
		e.Remove(prev.ID)
		t.release(prev)
		next = t.create(next, NSHTML, e)
		e.Mount(next.ID)
	}
	t.root = next
	if e.ops == m.ops+1 {
		e.rewind(m)
	}
}

// Replaceable reports whether Replace(prev, next) can patch in place: prev is a mounted
// node below the root, and next, not mounted, has its Kind, Tag and Key.
func (t *Tree) Replaceable(prev, next *Node) bool {
	return prev != nil && next != nil && prev != t.root && t.live(prev) && next.ID == 0 &&
		prev.Kind == next.Kind && prev.Tag == next.Tag && prev.Key == next.Key
}

// Replace makes the mounted subtree prev match next, as Render of a tree with next in
// prev's place would, without walking the rest of the tree: the ops go into e (after a
// HOST op; nothing when nothing changed), and prev, which its parent keeps pointing at,
// takes next's content (next's nodes below it are mounted). It does nothing unless
// Replaceable(prev, next). prev must be an HTML element or a text node.
func (t *Tree) Replace(prev, next *Node, e *Encoder) {
	if !t.Replaceable(prev, next) {
		return
	}
	m := e.mark()
	e.Host(t.host)
	n := t.patch(prev, next, NSHTML, e)
	*prev = *n
	t.nodes[prev.ID] = prev
	if e.ops == m.ops+1 {
		e.rewind(m)
	}
}

// Destroy removes the mounted tree (one REMOVE op) and frees all ids.
func (t *Tree) Destroy(e *Encoder) {
	if t.root != nil {
		e.Host(t.host)
		e.Remove(t.root.ID)
	}
	t.root = nil
	clear(t.nodes)
	t.nodes = t.nodes[:1]
	t.free = t.free[:0]
	t.quar[0] = t.quar[0][:0]
	t.quar[1] = t.quar[1][:0]
}

func (t *Tree) alloc(n *Node) uint32 {
	var id uint32
	if k := len(t.free); k > 0 {
		id = t.free[k-1]
		t.free = t.free[:k-1]
		t.nodes[id] = n
	} else {
		id = uint32(len(t.nodes))
		t.nodes = append(t.nodes, n)
	}
	n.ID = id
	return id
}

// live reports whether n is currently mounted (so it must not be given another id).
func (t *Tree) live(n *Node) bool {
	return n.ID != 0 && int(n.ID) < len(t.nodes) && t.nodes[n.ID] == n
}

// release frees the ids of a removed subtree (the REMOVE op was already written).
func (t *Tree) release(n *Node) {
	if t.live(n) {
		t.nodes[n.ID] = nil
		t.quar[1] = append(t.quar[1], n.ID)
	}
	for _, c := range n.Children {
		t.release(c)
	}
}

func childNS(tag string, parent Namespace) Namespace {
	switch tag {
	case "svg":
		return NSSVG
	case "math":
		return NSMathML
	}
	return parent
}

// clone deep-copies a subtree with zero ids (a node handed to Render twice).
func clone(n *Node) *Node {
	c := *n
	c.ID = 0
	if len(n.Children) > 0 {
		c.Children = make([]*Node, len(n.Children))
		for i, ch := range n.Children {
			c.Children[i] = clone(ch)
		}
	}
	return &c
}

// create mounts a detached subtree (children appended before the node is inserted by the
// caller) and returns the node that was mounted (n, or a copy of n if n is live elsewhere).
func (t *Tree) create(n *Node, ns Namespace, e *Encoder) *Node {
	if t.live(n) {
		n = clone(n)
	}
	id := t.alloc(n)
	if n.Kind == Text {
		e.Text(id, n.Text)
		return n
	}
	ns = childNS(n.Tag, ns)
	if strings.HasPrefix(n.Tag, FactoryTagPrefix) {
		e.Elem(id, NSFactory, n.Tag)
		ns = NSHTML
	} else {
		e.Elem(id, ns, n.Tag)
	}
	n.Attrs = SortAttrs(n.Attrs)
	for _, a := range n.Attrs {
		e.Attr(id, a.Name, a.Value)
	}
	for i, c := range n.Children {
		c = t.create(c, ns, e)
		n.Children[i] = c
		e.Insert(id, c.ID, 0)
	}
	// Props after children: <select> value/selectedIndex need their options.
	for _, p := range n.Props {
		if p.Value != "" {
			e.prop(id, p)
		}
	}
	if len(n.On) > 0 {
		e.Listen(id, n.On)
	}
	return n
}

// patch updates the DOM of p to match n (same Kind and Tag) and returns the node now
// mounted at that place.
func (t *Tree) patch(p, n *Node, ns Namespace, e *Encoder) *Node {
	if p == n {
		return n
	}
	if t.live(n) {
		n = clone(n)
	}
	id := p.ID
	n.ID = id
	t.nodes[id] = n
	if n.Kind == Text {
		if p.Text != n.Text {
			e.SetText(id, n.Text)
		}
		return n
	}
	ns = childNS(n.Tag, ns)
	if strings.HasPrefix(n.Tag, FactoryTagPrefix) {
		ns = NSHTML
	}
	n.Attrs = SortAttrs(n.Attrs)
	diffAttrs(id, p.Attrs, n.Attrs, e)
	t.diffChildren(id, p.Children, n.Children, ns, e)
	diffProps(id, p.Props, n.Props, e)
	if !sameListeners(p.On, n.On) {
		e.Listen(id, n.On)
	}
	return n
}

func diffAttrs(id uint32, pa, na []Attr, e *Encoder) {
	i, j := 0, 0
	for i < len(pa) || j < len(na) {
		switch {
		case j == len(na) || (i < len(pa) && pa[i].Name < na[j].Name):
			e.DelAttr(id, pa[i].Name)
			i++
		case i == len(pa) || na[j].Name < pa[i].Name:
			e.Attr(id, na[j].Name, na[j].Value)
			j++
		default:
			if pa[i].Value != na[j].Value {
				e.Attr(id, na[j].Name, na[j].Value)
			}
			i++
			j++
		}
	}
}

// diffProps writes changed props; a prop that disappeared is reset with "".
func diffProps(id uint32, pp, np []Prop, e *Encoder) {
	for k, p := range np {
		if k < len(pp) && pp[k].Name == p.Name && pp[k].Host == p.Host {
			if pp[k].Value != p.Value {
				e.prop(id, p)
			}
			continue
		}
		old, found := "", false
		for _, q := range pp {
			if q.Name == p.Name && q.Host == p.Host {
				old, found = q.Value, true
				break
			}
		}
		if !found || old != p.Value {
			e.prop(id, p)
		}
	}
	for k, q := range pp {
		if k < len(np) && np[k].Name == q.Name && np[k].Host == q.Host {
			continue
		}
		found := false
		for _, p := range np {
			if p.Name == q.Name && p.Host == q.Host {
				found = true
				break
			}
		}
		if !found && q.Value != "" {
			q.Value = ""
			e.prop(id, q)
		}
	}
}

// prop writes p as a PROP or, for a host prop, a HOSTPROP op.
func (e *Encoder) prop(id uint32, p Prop) {
	if p.Host {
		e.HostProp(id, p.Name, p.Value)
		return
	}
	e.Prop(id, p.Name, p.Value)
}

// sameListeners compares the sets of event types (handler ids do not reach the DOM).
func sameListeners(a, b []Listener) bool {
	if len(a) == len(b) {
		same := true
		for i := range a {
			if a[i].Event != b[i].Event {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return listenerSubset(a, b) && listenerSubset(b, a)
}

func listenerSubset(a, b []Listener) bool {
outer:
	for _, x := range a {
		for _, y := range b {
			if x.Event == y.Event {
				continue outer
			}
		}
		return false
	}
	return true
}

func matches(p, n *Node, pi, ni int) bool {
	return p.Key == n.Key && (p.Key != "" || pi == ni) && p.Kind == n.Kind && p.Tag == n.Tag
}

func keyOf(n *Node, i int) childKey {
	if n.Key != "" {
		return childKey{n.Key, -1}
	}
	return childKey{"", i}
}

// diffChildren reconciles child lists: common head and tail first, then a key map over the
// rest; kept children that are out of order are moved with INSERT (the longest increasing
// subsequence of kept children stays in place), so a reorder moves DOM nodes instead of
// recreating them. nc entries are replaced by what was mounted (see create).
func (t *Tree) diffChildren(parent uint32, pc, nc []*Node, ns Namespace, e *Encoder) {
	ps, pe := 0, len(pc)-1
	ns0, ne := 0, len(nc)-1
	for ps <= pe && ns0 <= ne && matches(pc[ps], nc[ns0], ps, ns0) {
		if pc[ps] != nc[ns0] { // the same node again: nothing to patch (most of a long list)
			nc[ns0] = t.patch(pc[ps], nc[ns0], ns, e)
		}
		ps++
		ns0++
	}
	for ps <= pe && ns0 <= ne && matches(pc[pe], nc[ne], pe, ne) {
		nc[ne] = t.patch(pc[pe], nc[ne], ns, e)
		pe--
		ne--
	}
	anchor := func(i int) uint32 {
		if i+1 < len(nc) {
			return nc[i+1].ID
		}
		return 0
	}
	if ps > pe {
		// Only insertions left; each goes before the first kept tail node (or appends).
		before := anchor(ne)
		for i := ns0; i <= ne; i++ {
			nc[i] = t.create(nc[i], ns, e)
			e.Insert(parent, nc[i].ID, before)
		}
		return
	}
	if ns0 > ne {
		for j := ps; j <= pe; j++ {
			e.Remove(pc[j].ID)
			t.release(pc[j])
		}
		return
	}

	// General case.
	sc := &t.sc
	if t.busy {
		sc = &scratch{}
	} else {
		t.busy = true
		defer func() { t.busy = false }()
	}
	nNew := ne - ns0 + 1
	nOld := pe - ps + 1
	sources := grow(sc.sources, nNew)
	matched := growBool(sc.matched, nOld)
	sc.sources, sc.matched = sources, matched
	if sc.keys == nil {
		sc.keys = make(map[childKey]int, nOld)
	}
	for j := ps; j <= pe; j++ {
		k := keyOf(pc[j], j)
		if _, dup := sc.keys[k]; !dup {
			sc.keys[k] = j
		}
	}
	for i := ns0; i <= ne; i++ {
		sources[i-ns0] = -1
		k := keyOf(nc[i], i)
		j, ok := sc.keys[k]
		if !ok || pc[j].Kind != nc[i].Kind || pc[j].Tag != nc[i].Tag {
			continue
		}
		delete(sc.keys, k)
		sources[i-ns0] = j
		matched[j-ps] = true
	}
	clear(sc.keys)
	for j := ps; j <= pe; j++ {
		if !matched[j-ps] {
			e.Remove(pc[j].ID)
			t.release(pc[j])
		}
	}
	for i := ns0; i <= ne; i++ {
		if j := sources[i-ns0]; j >= 0 {
			nc[i] = t.patch(pc[j], nc[i], ns, e)
		}
	}
	inLIS := sc.lis(sources)
	for i := ne; i >= ns0; i-- {
		k := i - ns0
		switch {
		case sources[k] < 0:
			nc[i] = t.create(nc[i], ns, e)
			e.Insert(parent, nc[i].ID, anchor(i))
		case !inLIS[k]:
			e.Insert(parent, nc[i].ID, anchor(i))
		}
	}
}

// lis marks the longest increasing subsequence of the non-negative entries of src (kept
// children that can stay where they are). The result is valid until the next call.
func (sc *scratch) lis(src []int) []bool {
	n := len(src)
	tail := sc.lisTail[:0] // indices into src of the smallest tail of each length
	prev := grow(sc.lisPrev, n)
	for i, v := range src {
		prev[i] = -1
		if v < 0 {
			continue
		}
		lo, hi := 0, len(tail)
		for lo < hi {
			mid := (lo + hi) / 2
			if src[tail[mid]] < v {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo > 0 {
			prev[i] = tail[lo-1]
		}
		if lo == len(tail) {
			tail = append(tail, i)
		} else {
			tail[lo] = i
		}
	}
	in := growBool(sc.lisIn, n)
	if len(tail) > 0 {
		for i := tail[len(tail)-1]; i >= 0; i = prev[i] {
			in[i] = true
		}
	}
	sc.lisTail, sc.lisPrev, sc.lisIn = tail, prev, in
	return in
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n, n+n/2)
	}
	return s[:n]
}

func growBool(s []bool, n int) []bool {
	if cap(s) < n {
		s = make([]bool, n, n+n/2)
	}
	s = s[:n]
	clear(s)
	return s
}
