package catalog

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

func init() {
	// The engine's entry points (engine cannot import catalog): render calls them.
	engine.Build = buildSurface
	engine.Refresh = refreshSurface
	engine.NewState = func() engine.State { return newUIState() }
}

// buildSurface is engine.Build: it renders surface s with env.
func buildSurface(s *model.Surface, env *engine.Env) engine.Result {
	if env.Handlers == nil {
		env.Handlers = &engine.Handlers{}
	}
	st, ok := env.State.(*uiState)
	if !ok {
		st = newUIState()
		env.State = st
	}
	b := &Builder{env: env, s: s, state: st, hs: env.Handlers, cat: catalogOf(env.Catalog), pol: env.Policy,
		domIDs: map[string]int{}}
	if b.pol == nil {
		b.pol = policy.Default()
	}
	b.hs.Reset()
	b.state.bind(s)
	b.changed, b.dirty = b.state.take()
	b.echo, b.state.echo = b.state.echo, echoRec{}
	b.state.build++

	root := &dom.Node{Kind: dom.Element, Tag: "div", Key: s.ID,
		Attrs: []dom.Attr{{Name: "class", Value: "a2ui-surface"}}}
	rootID := s.Root
	if rootID == "" {
		rootID = "root"
	}
	b.rootID = rootID
	switch {
	case s.CatalogID != "" && !b.cat.Accepts(s.CatalogID):
		// Fail closed: a surface meant for another catalog is not guessed at.
		b.err(protocol.CodeCatalogUnsupported, "", "", "catalog "+strconv.Quote(s.CatalogID)+" is not supported by this renderer")
		root.Children = []*dom.Node{engine.CatalogUnsupported()}
	case !s.Ready():
		root.Children = []*dom.Node{pending(rootID)}
	default:
		scope := binding.Scope{Surface: s, Reads: &b.reads}
		root.Children = []*dom.Node{b.child(rootID, rootID, rootID, scope)}
		if b.limitHit {
			// All or nothing: the surface is replaced by a notice and no handler
			// stays registered, so nothing in it can act.
			b.hs.Reset()
			root.Children = []*dom.Node{failedClosed()}
		}
	}
	// The next keystrokes may Refresh this build's tree (not a notice, not cut short).
	b.state.fresh, b.state.freshRev = "", b.s.ComponentsRev()
	if s.Ready() && (s.CatalogID == "" || b.cat.Accepts(s.CatalogID)) && !b.limitHit && !b.timedOut {
		b.state.fresh = rootID
	}
	errs := b.newErrors()
	b.state.sweep()
	res := engine.Result{Root: root, Errors: errs, Reads: b.reads.Paths, TimedOut: b.timedOut}
	// Handlers of this build keep the Builder alive as long as their subtree is cached:
	// drop what only the build itself needed.
	b.reads, b.path, b.domIDs, b.errs, b.md, b.mdIn = binding.Reads{}, nil, nil, nil, nil, nil
	return res
}

// catalogOf returns the *Catalog in c, or an empty one (every component renders as
// unknown) when there is none.
func catalogOf(c engine.Catalog) *Catalog {
	if cat, _ := c.(*Catalog); cat != nil {
		return cat
	}
	return &Catalog{}
}

func (b *Builder) newErrors() []*protocol.Error {
	var out []*protocol.Error
	for _, e := range b.errs {
		k := e.Code + "\x00" + e.Path + "\x00" + e.Message
		if _, ok := b.state.reported[k]; !ok {
			out = append(out, e)
		}
		b.state.reported[k] = b.state.build
	}
	return out
}

// err records a build error about component id's prop (both may be empty).
func (b *Builder) err(code, id, prop, msg string) {
	path := ""
	if id != "" {
		path = "/components/" + protocol.EscapeToken(id)
		if prop != "" {
			path += "/" + prop
		}
	}
	e := &protocol.Error{Code: code, SurfaceID: b.s.ID, Path: path, Message: msg}
	b.errs = append(b.errs, e)
	if b.cur != nil {
		b.cur.errs = append(b.cur.errs, e)
	}
}

func (b *Builder) evalErr(in *Instance, prop string, err error) {
	if pe, ok := err.(*protocol.Error); ok && pe.Code == protocol.CodeLimit {
		b.limitAt(in.Comp.ID, prop, pe.Message) // an output budget: the surface fails closed
		return
	}
	if pe, ok := err.(*protocol.Error); ok {
		b.err(pe.Code, in.Comp.ID, prop, pe.Message)
		return
	}
	b.err(protocol.CodeFunction, in.Comp.ID, prop, err.Error())
}

// placeholder nodes

// child renders component id as a child keyed key in scope, reusing the node built last
// time when nothing it depends on changed (cache.go).
func (b *Builder) child(id, key, uid string, scope binding.Scope) (n *dom.Node) {
	c, _ := b.s.Component(id)
	return b.childOf(c, id, key, uid, scope, nil)
}

// childOf is child for the surface's component c of id (nil: missing), given the cache
// entry of uid found last time, if any (hint: it saves the lookup; cached checks it).
func (b *Builder) childOf(c *model.Component, id, key, uid string, scope binding.Scope, hint *cacheEntry) (n *dom.Node) {
	if c == nil {
		if b.cur != nil {
			b.cur.missing = append(b.cur.missing, id)
		}
		return b.state.pendingNode(key)
	}
	if e, ok := b.cached(uid, c, hint); ok {
		b.reuse(e)
		if b.cur != nil {
			b.cur.children = append(b.cur.children, e)
		}
		b.bytes += e.bytes
		if b.bytes > b.maxSurfaceBytes() {
			b.limit(id, "the surface's text exceeds "+strconv.Itoa(b.maxSurfaceBytes())+" bytes")
		}
		return e.node
	}
	return b.build(c, id, key, uid, scope)
}

// build renders component c as instance uid (no reusable cache entry): the slow path of
// child, apart so that the cache hits do not pay for its deferred calls.
func (b *Builder) build(c *model.Component, id, key, uid string, scope binding.Scope) (n *dom.Node) {
	if b.pastDeadline() {
		b.noStore()
		return notice(key, "a2ui-limit", "Render time budget exceeded")
	}
	if b.onPath(id, scope.Base) {
		b.noStore()
		b.err(protocol.CodeCycle, id, "", "component "+strconv.Quote(id)+" contains itself")
		return notice(key, "a2ui-cycle", b.Msg(l10n.ComponentCycle, id))
	}
	if b.limitHit {
		// The surface fails closed anyway: build nothing more.
		b.noStore()
		return notice(key, "a2ui-limit", "Limit reached")
	}
	if b.depth >= b.maxDepth() {
		b.limit(id, "component nesting deeper than "+strconv.Itoa(b.maxDepth()))
		return notice(key, "a2ui-limit", b.Msg(l10n.NestingLimit))
	}
	if b.instances+1 > b.maxInstances() {
		b.limit(id, "more than "+strconv.Itoa(b.maxInstances())+" component instances")
		return notice(key, "a2ui-limit", b.Msg(l10n.TooManyComponents))
	}
	if !b.precounted && b.instances > 2*b.s.Components()+1000 {
		// Far more instances than components: shared subtrees (a DAG fan-out) or
		// templates. Count what the static references expand to before building more
		// (security.md ), so a fan-out bomb fails in milliseconds, not after
		// building the whole budget.
		b.precounted = true
		st := b.state
		if rev := b.s.ComponentsRev() + 1; st.precountRev != rev || st.precountID != b.rootID || st.precountMax != uint64(b.maxInstances()) {
			st.precountRev, st.precountID, st.precountMax = rev, b.rootID, uint64(b.maxInstances())
			st.precountN = b.precount(b.rootID)
		}
		if n := st.precountN; n > b.maxInstances() {
			b.limit(b.rootID, "the components expand to more than "+strconv.Itoa(b.maxInstances())+" instances")
			return notice(key, "a2ui-limit", "Too many components")
		}
	}

	// From here on the instance has its own cache entry.
	e := &cacheEntry{comp: c, phrasing: b.phrasing, used: b.state.build, checked: b.state.build,
		noStore: len(b.triggerHooks) > 0, rev: b.s.ComponentsRev(), uid: uid, base: scope.Base, inTemplate: scope.InTemplate}
	if !b.dirty { // a first or full build has no previous entries to size from
		if old := b.state.cache[uid]; old != nil {
			// A rebuilt parent of many children (a list while it streams in) records
			// about as many as last time: one allocation each instead of growing.
			e.children = make([]*cacheEntry, 0, len(old.children))
			e.missing = make([]string, 0, len(old.missing))
		}
	}

	parent := b.cur
	if parent != nil {
		parent.children = append(parent.children, e)
	}
	b.cur = e
	startInstances := b.instances
	b.instances++
	defer func() {
		e.instances = b.instances - startInstances
		e.node = n
		e.finish(b.s.ComponentsRev())
		b.state.cache[uid] = e
		b.cur = parent
	}()

	cat, msg := b.componentCatalog(c)
	if cat == nil {
		b.err(protocol.CodeCatalogUnsupported, id, "catalogId", msg)
		return b.unknown(key, c.Type)
	}
	def, known := cat.Lookup(c.Type)
	if !known {
		b.err(protocol.CodeUnknownComponent, id, "", "unknown component type "+strconv.Quote(c.Type))
		return b.unknown(key, c.Type)
	}
	if !b.pol.AllowComponent(c.Type) {
		b.err(protocol.CodePolicy, id, "", "component type "+strconv.Quote(c.Type)+" is disabled by policy")
		return b.unknown(key, c.Type)
	}
	scope.Reads = &e.reads
	in := &Instance{Comp: c, Key: key, UID: uid, Scope: scope, props: b.decode(c)}
	e.props = in.props
	e.layout = def.Layout && !cat.inside(in) // a common prop may label a control inside
	e.ui = append(e.ui, uid)
	for p, msg := range in.props.bad {
		b.err(protocol.CodeValidationFailed, id, p, msg)
	}
	if !b.refreshing { // Refresh renders components that validated without errors
		for i := range def.Props {
			b.checkProp(in, &def.Props[i])
		}
	}

	b.path = append(b.path, pathItem{id, scope.Base})
	b.depth++
	nerr, hmark, ph, nhooks := len(b.errs), b.hs.Mark(), b.phrasing, len(b.triggerHooks)
	defer func() {
		b.depth--
		b.path = b.path[:len(b.path)-1]
		if r := recover(); r != nil {
			b.phrasing, b.triggerHooks = ph, b.triggerHooks[:nhooks]
			b.errs = b.errs[:nerr]
			b.hs.DropAfter(hmark)
			e.noStore = true
			e.children, e.handlers, e.errs = nil, nil, nil
			b.err(protocol.CodeRender, id, "", "rendering "+c.Type+" failed: "+protocol.PanicText(r))
			n = notice(key, "a2ui-failed", b.Msg(l10n.ComponentFailed))
		}
		if b.env.CollectReads {
			for _, p := range e.reads.Paths {
				b.reads.Add(p)
			}
		}
	}()
	n = def.Render(b, in)
	if n == nil {
		n = &dom.Node{Kind: dom.Element, Tag: "div"}
	}
	n.Key = key
	b.decorate(cat, in, n)
	b.account(e, n)
	return n
}

// pathItem is an instance on the Builder's path: its component id and scope base.
type pathItem struct {
	id   string
	base model.Pointer
}

// onPath reports whether component id is being rendered with scope base already (a
// cycle). The path is as deep as the nesting, which maxDepth bounds.
func (b *Builder) onPath(id string, base model.Pointer) bool {
	for i := range b.path {
		if it := &b.path[i]; it.id == id && it.base.Equal(base) {
			return true
		}
	}
	return false
}

// checkProp validates prop ps of in against its PropSpec: present when required, and a
// literal of the declared kind (an enum one of its values). Errors are
// VALIDATION_FAILED at the prop; the render function still runs (with defaults).
func (b *Builder) checkProp(in *Instance, ps *PropSpec) {
	v, ok := in.props.v[ps.Name]
	if !ok {
		if ps.Required {
			b.Error(in, protocol.CodeValidationFailed, ps.Name, in.Comp.Type+" requires "+ps.Name)
		}
		return
	}
	want := ""
	switch ps.Kind {
	case KindEnum:
		if s, isStr := v.(string); !isStr || !slices.Contains(ps.Values, s) {
			b.Error(in, protocol.CodeValidationFailed, ps.Name, ps.Name+" must be one of "+strings.Join(ps.Values, ", "))
		}
		return
	case KindNumber:
		if _, isNum := v.(float64); !isNum {
			want = "a number"
		}
	case KindBoolean:
		if _, isBool := v.(bool); !isBool {
			want = "a boolean"
		}
	case KindString:
		if _, isStr := v.(string); !isStr {
			want = "a string"
		}
	}
	if want != "" {
		b.Error(in, protocol.CodeValidationFailed, ps.Name, ps.Name+" must be "+want)
	}
}

// componentCatalog resolves the catalog of c: v1.0's per-component catalogId, else
// the surface's. nil (with a message) when the catalogId is not a non-empty string or
// no catalog of the renderer (env.Catalog, env.Catalogs) accepts it.
func (b *Builder) componentCatalog(c *model.Component) (*Catalog, string) {
	raw, ok := c.Props["catalogId"]
	if !ok {
		return b.cat, ""
	}
	id, _ := jsonscan.Parse(raw)
	s, isStr := id.(string)
	switch {
	case !isStr:
		return nil, "catalogId must be a string"
	case s == "":
		return nil, "catalogId must not be empty"
	case b.cat.Accepts(s):
		return b.cat, ""
	}
	for _, o := range b.env.Catalogs {
		if c, _ := o.(*Catalog); c != nil && c.Accepts(s) {
			return c, ""
		}
	}
	return nil, "catalog " + strconv.Quote(s) + " is not supported by this renderer"
}

func (b *Builder) template(in *Instance, prop, cid, path string) []*dom.Node {
	base, v, err := in.Scope.ReadList(path)
	if err != nil {
		b.evalErr(in, prop, err)
		return nil
	}
	var keys []string // nil for an array: its keys are the indices
	n := 0
	switch x := v.(type) {
	case []any:
		n = len(x)
	case map[string]any:
		if b.s.Version.AtLeast09() {
			return nil // v0.9+ templates iterate arrays only
		}
		// v0.8: the map's members in stream order, as web_core iterates its Map.
		if keys = b.s.Data.InsertionKeys(x); keys == nil {
			keys = sortedKeys(x)
		}
		n = len(keys)
	default:
		return nil
	}
	max := b.maxTemplateItems()
	out := make([]*dom.Node, 0, min(n, max+1))
	rows := b.state.templateRows(in.UID+"\x00"+prop, cid, base, keys, n, max)
	c, _ := b.s.Component(cid) // every row is an instance of it
	for i := range rows {
		r := &rows[i]
		scope := binding.Scope{Surface: in.Scope.Surface, Base: r.ptr, InTemplate: true, Reads: in.Scope.Reads}
		node := b.childOf(c, cid, r.key, r.key, scope, r.last)
		if r.last == nil || node != r.last.node {
			// Built anew (or missing): remember the entry the next build finds.
			r.last = b.state.cache[r.key]
		}
		out = append(out, node)
	}
	if n > max {
		b.Error(in, protocol.CodeLimit, prop, "template rows capped at "+strconv.Itoa(max))
		out = append(out, notice("a2ui-more@"+base.String(), "a2ui-more", b.Msg(l10n.MoreItems, strconv.Itoa(n-max))))
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks) // encoding/json does not keep insertion order
	return ks
}
