package catalog

import (
	"hash/fnv"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/markdown"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

const (
	defaultMaxInstances     = 20000 // matches model.DefaultMaxComponents
	defaultMaxDepth         = 64
	defaultMaxTemplateItems = 1000
	// DefaultMaxTextBytes bounds one text node or attribute value of a built surface;
	// DefaultMaxSurfaceBytes the text and attribute bytes of a whole surface. Over
	// either, the surface fails closed.
	DefaultMaxTextBytes    = 256 << 10
	DefaultMaxSurfaceBytes = 4 << 20
)

// Instance is one occurrence of a component in the built tree: the component, its
// sibling key and data scope.
type Instance struct {
	Comp *model.Component
	// Key identifies the node among its siblings: the component id, or
	// "id@<data path>" for a template row (the row's absolute JSON Pointer).
	Key string
	// UID identifies the instance within the surface (id, plus "@<scope>" inside a
	// template); UI state and generated DOM ids derive from it.
	UID   string
	Scope binding.Scope
	props *decoded
}

// ID returns the component id.
func (in *Instance) ID() string { return in.Comp.ID }

// Has reports whether the component sets prop.
func (in *Instance) Has(prop string) bool {
	_, ok := in.props.v[prop]
	return ok
}

// Raw returns the decoded JSON of prop (float64 numbers, map[string]any objects).
func (in *Instance) Raw(prop string) (any, bool) {
	v, ok := in.props.v[prop]
	return v, ok
}

type decoded struct {
	v    map[string]any
	bad  map[string]string // props that were not valid JSON → error message
	seen uint64
	// kids memoizes childItems per prop (an id list is as immutable as its component);
	// part the component's ::part() name.
	kids map[string][]childItem
	part string
}

// childItem is one entry of an array of child ids: an id (duplicates dropped, since a
// duplicate key would confuse the keyed diff), or the index of an entry that is not a
// string (bad >= 0).
type childItem struct {
	id  string
	bad int
}

// childItems returns the entries of the array prop x of d, computed once per prop.
func (d *decoded) childItems(prop string, x []any) []childItem {
	if items, ok := d.kids[prop]; ok {
		return items
	}
	items := make([]childItem, 0, len(x))
	seen := make(map[string]bool, len(x))
	for i, e := range x {
		id, isStr := e.(string)
		if !isStr {
			items = append(items, childItem{bad: i})
			continue
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		items = append(items, childItem{id: id, bad: -1})
	}
	if d.kids == nil {
		d.kids = map[string][]childItem{}
	}
	d.kids[prop] = items
	return items
}

// Builder walks one surface for one Build call. Render functions use its methods to read
// props, render children and register handlers. Not safe for concurrent use.
type Builder struct {
	env   *Env
	cat   *Catalog
	s     *model.Surface
	state *UIState
	pol   *policy.Policy
	hs    *Handlers
	md    *markdown.Options
	mdIn  *Instance // the Text whose Markdown md is rendering

	errs  []*protocol.Error
	reads binding.Reads
	// path is the instances being rendered, root first (a component met again with the
	// same scope base is a cycle).
	path      []pathItem
	depth     int
	instances int
	bytes     int
	rootID    string
	// precounted: precount already ran in this build.
	precounted bool
	domIDs     map[string]int
	limitHit   bool
	timedOut   bool
	// cur is the cache entry of the instance being rendered (nil at the surface root).
	cur *cacheEntry
	// changed are the data paths written since the previous build; dirty: reuse nothing.
	changed []model.Pointer
	dirty   bool
	// echo is the control write this build may skip re-rendering for (Echo).
	echo echoRec
	// refreshing: Refresh renders leaves again (their props' static checks passed).
	refreshing bool
	// triggerHooks run in addition to a Button's own click handling (a Modal trigger).
	triggerHooks []func()
	// phrasing > 0 while rendering inside an element that only allows phrasing content
	// (a Button): Text renders as <span>.
	phrasing int
}

// Result is what BuildResult returns.
type Result struct {
	Root *dom.Node
	// Errors are the build errors not already reported by an earlier build of the same
	// surface (an error that persists is returned once; it is returned again only after
	// a build without it).
	Errors []*protocol.Error
	// Reads (with Env.CollectReads) are the absolute data paths the build read (bindings, template lists,
	// function arguments), so the renderer knows which model changes affect the surface.
	Reads []model.Pointer
	// TimedOut: the build ran past Env.Deadline and was cut short (Root is incomplete:
	// show it only as failed).
	TimedOut bool
}

// Build renders surface s into a dom.Node tree: a <div class="a2ui-surface"> whose child
// is the root component (s.Root, "root" by default). It never panics: a failing
// component becomes a placeholder with an error. See BuildResult.
func Build(s *model.Surface, env *Env) (*dom.Node, []*protocol.Error) {
	r := BuildResult(s, env)
	return r.Root, r.Errors
}

// BuildResult is Build returning the data paths read as well. It resets env.Handlers,
// allocates env.Handlers / env.State when nil, and updates env.State. Called on the UI
// goroutine.
func BuildResult(s *model.Surface, env *Env) Result {
	if env.Handlers == nil {
		env.Handlers = &Handlers{}
	}
	if env.State == nil {
		env.State = NewUIState()
	}
	b := &Builder{env: env, s: s, state: env.State, hs: env.Handlers, cat: env.Catalog, pol: env.Policy,
		domIDs: map[string]int{}}
	if b.cat == nil {
		b.cat = &Catalog{} // no component: every one renders as unknown
	}
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
		root.Children = []*dom.Node{CatalogUnsupported()}
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
	res := Result{Root: root, Errors: errs, Reads: b.reads.Paths, TimedOut: b.timedOut}
	// Handlers of this build keep the Builder alive as long as their subtree is cached:
	// drop what only the build itself needed.
	b.reads, b.path, b.domIDs, b.errs, b.md, b.mdIn = binding.Reads{}, nil, nil, nil, nil, nil
	return res
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

// Surface returns the surface being built.
func (b *Builder) Surface() *model.Surface { return b.s }

// Env returns the build's Env.
func (b *Builder) Env() *Env { return b.env }

// Policy returns the effective policy.
func (b *Builder) Policy() *policy.Policy { return b.pol }

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

// Error records a build error about prop of in. The error's Path is
// "/components/<id>/<prop>" (the component by id, since the catalog does not know which
// message carried it).
func (b *Builder) Error(in *Instance, code, prop, msg string) { b.err(code, in.Comp.ID, prop, msg) }

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

// CatalogUnsupported is what a surface whose catalog the renderer lacks shows instead of
// its content.
func CatalogUnsupported() *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: "div", Key: "a2ui-catalog-unsupported",
		Attrs: []dom.Attr{{Name: "class", Value: "a2ui-status a2ui-failed-closed a2ui-catalog-unsupported"}, {Name: "role", Value: "alert"}},
		Children: []*dom.Node{{Kind: dom.Text,
			Text: "This surface was not shown: it needs a component catalog this page does not have."}}}
}

// failedClosed is what a surface over a render budget shows instead of its content.
func failedClosed() *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: "div", Key: "a2ui-failed-closed",
		Attrs: []dom.Attr{{Name: "class", Value: "a2ui-status a2ui-failed-closed"}, {Name: "role", Value: "alert"}},
		Children: []*dom.Node{{Kind: dom.Text,
			Text: "This surface was not shown: it exceeds the limits this page sets."}}}
}

func pending(key string) *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: "div", Key: key,
		Attrs: []dom.Attr{{Name: "aria-busy", Value: "true"}, {Name: "class", Value: "a2ui-pending"}}}
}

func notice(key, class, text string) *dom.Node {
	return &dom.Node{Kind: dom.Element, Tag: "div", Key: key,
		Attrs:    []dom.Attr{{Name: "class", Value: class}, {Name: "role", Value: "note"}},
		Children: []*dom.Node{{Kind: dom.Text, Text: policy.CleanText(text)}}}
}

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
	e.layout = def.Layout && !in.Has("accessibility") // decorate may label a control inside
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
	nerr, hmark, ph, nhooks := len(b.errs), b.hs.next, b.phrasing, len(b.triggerHooks)
	defer func() {
		b.depth--
		b.path = b.path[:len(b.path)-1]
		if r := recover(); r != nil {
			b.phrasing, b.triggerHooks = ph, b.triggerHooks[:nhooks]
			b.errs = b.errs[:nerr]
			b.hs.dropAfter(hmark)
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
	b.decorate(in, n)
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

// account adds the bytes of instance e's own nodes (n without its child instances, which
// counted themselves) to the surface total and checks the byte budgets.
func (b *Builder) account(e *cacheEntry, n *dom.Node) {
	own, big := ownBytes(n, e.children, b.maxTextBytes())
	e.bytes = own
	for _, c := range e.children {
		e.bytes += c.bytes
	}
	b.bytes += own
	switch {
	case big > 0:
		b.limit(e.comp.ID, "a text of "+strconv.Itoa(big)+" bytes (max "+strconv.Itoa(b.maxTextBytes())+")")
	case b.bytes > b.maxSurfaceBytes():
		b.limit(e.comp.ID, "the surface's text exceeds "+strconv.Itoa(b.maxSurfaceBytes())+" bytes")
	}
}

// ownBytes sums the tag, text and attribute bytes of n's nodes, not descending into the
// nodes of kids (child instances). big is the size of the first text or attribute value
// over maxText (0 if none). Iterative: node trees nest as deep as agents make them. A
// child instance's node carries its key and is met in build order, so telling one apart
// costs O(1) per node and allocates nothing.
func ownBytes(n *dom.Node, kids []*cacheEntry, maxText int) (total, big int) {
	var buf [16]*dom.Node
	stack := append(buf[:0], n)
	ki := 0
	isKid := func(x *dom.Node) bool {
		if x.Key == "" {
			return false
		}
		// Kids come in build order; a placeholder or wrapper may sit between them. One
		// found out of that order beyond a short window is counted as own bytes too:
		// an overestimate, never an underestimate.
		for j := ki; j < len(kids) && j < ki+8; j++ {
			if kids[j].node == x {
				ki = j + 1
				return true
			}
		}
		return false
	}
	count := func(x *dom.Node) {
		total += len(x.Tag) + len(x.Text)
		if len(x.Text) > maxText && big == 0 {
			big = len(x.Text)
		}
		for _, a := range x.Attrs {
			total += len(a.Name) + len(a.Value)
			if len(a.Value) > maxText && big == 0 {
				big = len(a.Value)
			}
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count(x)
		// Only own nodes with children go on the stack (neither a List's thousand
		// rows nor the placeholders between them do), reversed so they come off it in
		// document order.
		from := len(stack)
		for _, c := range x.Children {
			switch {
			case isKid(c):
			case len(c.Children) == 0:
				count(c)
			default:
				stack = append(stack, c)
			}
		}
		slices.Reverse(stack[from:])
	}
	return total, big
}

// noStore marks the instance being rendered as not reusable (its subtree holds a notice
// that must be re-evaluated every build).
func (b *Builder) noStore() {
	if b.cur != nil {
		b.cur.noStore = true
	}
}

// componentCatalog resolves the catalog of c: v1.0's per-component catalogId, else
// the surface's. nil (with a message) when the catalogId is not a non-empty string or
// no catalog of the renderer (Env.Catalog, Env.Catalogs) accepts it.
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
		if o.Accepts(s) {
			return o, ""
		}
	}
	return nil, "catalog " + strconv.Quote(s) + " is not supported by this renderer"
}

func (b *Builder) unknown(key, typ string) *dom.Node {
	return notice(key, "a2ui-unknown", b.Msg(l10n.UnknownComponent, typ))
}

// Msg returns the built-in message k in the surface's language, {0}… replaced by args.
func (b *Builder) Msg(k l10n.Key, args ...string) string {
	return b.env.Messages.Format(k, args...)
}

// limit records that a render budget was hit: the build goes on only as far as needed
// to stop, and BuildResult replaces the whole surface with a notice (all-or-nothing,
// security.md: never a surface cut short with its actions enabled).
func (b *Builder) limit(id, msg string) { b.limitAt(id, "", msg) }

func (b *Builder) limitAt(id, prop, msg string) {
	b.noStore()
	if b.limitHit {
		return
	}
	b.limitHit = true
	b.err(protocol.CodeLimit, id, prop, msg)
}

// pastDeadline reports whether the build ran past Env.Deadline (checked every 32
// instances; once past, every later instance is a notice).
func (b *Builder) pastDeadline() bool {
	if b.timedOut {
		return true
	}
	if b.instances&31 != 0 {
		return false
	}
	if b.env.Yield != nil {
		if d := b.env.Yield(); d > 0 && !b.env.Deadline.IsZero() {
			b.env.Deadline = b.env.Deadline.Add(d)
		}
	}
	if b.env.Deadline.IsZero() {
		return false
	}
	b.timedOut = time.Now().After(b.env.Deadline)
	return b.timedOut
}

// precount returns how many instances the static child references under root expand
// to (a template counts its row component once), saturating past the instance budget.
// Iterative and memoized per id: a DAG of a few dozen definitions costs a few dozen
// steps however far it expands. A reference back into the current path (a cycle, which
// the build cuts) counts 1.
func (b *Builder) precount(root string) int {
	limit := b.maxInstances() + 1
	memo := map[string]int{}
	onPath := map[string]bool{root: true}
	type frame struct {
		id   string
		kids []string
		i    int
		sum  int
	}
	stack := []frame{{id: root, kids: b.staticKids(root)}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i < len(top.kids) {
			k := top.kids[top.i]
			top.i++
			if n, ok := memo[k]; ok {
				top.sum = min(top.sum+n, limit)
				continue
			}
			if onPath[k] {
				top.sum = min(top.sum+1, limit)
				continue
			}
			onPath[k] = true
			stack = append(stack, frame{id: k, kids: b.staticKids(k)})
			continue
		}
		n := min(1+top.sum, limit)
		memo[top.id] = n
		delete(onPath, top.id)
		stack = stack[:len(stack)-1]
		if len(stack) > 0 {
			p := &stack[len(stack)-1]
			p.sum = min(p.sum+n, limit)
		}
	}
	return memo[root]
}

// staticKids lists the child ids component id references through its props (component
// ids, child lists, a template's row component, tabs).
func (b *Builder) staticKids(id string) []string {
	c, ok := b.s.Component(id)
	if !ok {
		return nil
	}
	def, ok := b.cat.Lookup(c.Type)
	if !ok {
		return nil
	}
	v := b.decode(c).v
	var out []string
	for _, ps := range def.Props {
		switch x := v[ps.Name].(type) {
		case string:
			if ps.Kind == KindComponentID {
				out = append(out, x)
			}
		case []any:
			for _, e := range x {
				switch y := e.(type) {
				case string:
					if ps.Kind == KindChildList {
						out = append(out, y)
					}
				case map[string]any:
					if cid, ok := y["child"].(string); ok {
						out = append(out, cid)
					}
				}
			}
		case map[string]any:
			if cid, ok := x["componentId"].(string); ok && ps.Kind == KindChildList {
				out = append(out, cid)
			}
		}
	}
	return out
}

// MarkdownBlocks and MarkdownInline render s, the text prop of in, as Markdown under
// the page's policy (heading base, link allowlist; a refused link renders as text and
// is recorded); a source over a Markdown budget (nesting, size, output) fails the
// surface closed.
func (b *Builder) MarkdownBlocks(in *Instance, s string) []*dom.Node {
	nodes, err := markdown.BlocksChecked(s, b.markdownOptions(in))
	if err != nil {
		b.limitAt(in.Comp.ID, "text", err.Error())
	}
	return nodes
}

func (b *Builder) MarkdownInline(in *Instance, s string) []*dom.Node {
	nodes, err := markdown.InlineChecked(s, b.markdownOptions(in))
	if err != nil {
		b.limitAt(in.Comp.ID, "text", err.Error())
	}
	return nodes
}

// LimitHit reports whether a render budget was hit in this build (the surface fails
// closed).
func (b *Builder) LimitHit() bool { return b.limitHit }

func (b *Builder) maxDepth() int {
	if b.env.MaxDepth > 0 {
		return b.env.MaxDepth
	}
	return defaultMaxDepth
}

func (b *Builder) maxInstances() int {
	if b.env.MaxInstances > 0 {
		return b.env.MaxInstances
	}
	return defaultMaxInstances
}

func (b *Builder) maxTextBytes() int {
	if b.env.MaxTextBytes > 0 {
		return b.env.MaxTextBytes
	}
	return DefaultMaxTextBytes
}

func (b *Builder) maxSurfaceBytes() int {
	if b.env.MaxSurfaceBytes > 0 {
		return b.env.MaxSurfaceBytes
	}
	return DefaultMaxSurfaceBytes
}

func (b *Builder) maxTemplateItems() int {
	if b.env.MaxTemplateItems > 0 {
		return b.env.MaxTemplateItems
	}
	return defaultMaxTemplateItems
}

// decode returns the decoded props of c, cached per component revision.
func (b *Builder) decode(c *model.Component) *decoded {
	d := b.state.props[c]
	if d == nil {
		d = &decoded{v: make(map[string]any, len(c.Props))}
		for k, raw := range c.Props {
			v, err := jsonscan.Parse(raw)
			if err != nil {
				if d.bad == nil {
					d.bad = map[string]string{}
				}
				d.bad[k] = "prop is not valid JSON"
				continue
			}
			d.v[k] = v
		}
		b.state.props[c] = d
	}
	d.seen = b.state.build
	return d
}

// decorate applies the props common to every component: weight (inside Row/Column) and
// accessibility {label, description}.
func (b *Builder) decorate(in *Instance, n *dom.Node) {
	if n.Kind != dom.Element {
		return
	}
	// ::part() name for the page: the component type in kebab case ("choice-picker").
	if Attr(n, "part") == "" {
		if in.props.part == "" {
			in.props.part = partName(in.Comp.Type)
		}
		SetAttr(n, "part", in.props.part)
	}
	if w, ok := in.props.v["weight"]; ok {
		if f, isNum := w.(float64); isNum && f > 0 && f < 1e6 {
			g := int(f + 0.5)
			if g < 1 {
				g = 1
			} else if g > 12 {
				g = 12
			}
			AddClass(n, "a2ui-grow-"+strconv.Itoa(g))
		} else {
			b.Error(in, protocol.CodeValidationFailed, "weight", "weight must be a positive number")
		}
	}
	acc, ok := in.props.v["accessibility"].(map[string]any)
	if !ok {
		return
	}
	target := n
	if t := findControl(n); t != nil {
		target = t
	}
	if lv, ok := acc["label"]; ok {
		if s := binding.ToString(b.evalValue(in, "accessibility", lv)); s != "" {
			SetAttr(target, "aria-label", s)
			if Attr(target, "aria-hidden") == "true" { // a labelled icon is content
				RemoveAttr(target, "aria-hidden")
				SetAttr(target, "role", "img")
			}
		}
	}
	if dv, ok := acc["description"]; ok {
		if s := binding.ToString(b.evalValue(in, "accessibility", dv)); s != "" {
			id := b.DOMID(in, "desc")
			n.Children = append(n.Children, &dom.Node{Kind: dom.Element, Tag: "span", Key: "a2ui-desc",
				Attrs:    []dom.Attr{{Name: "class", Value: "a2ui-sr-only"}, {Name: "id", Value: id}},
				Children: []*dom.Node{{Kind: dom.Text, Text: s}}})
			AddToken(target, "aria-describedby", id)
		}
	}
}

// findControl returns the node marked as the component's focusable control (the input
// inside a field wrapper), if any.
func findControl(n *dom.Node) *dom.Node {
	if Attr(n, "data-a2ui-control") != "" {
		return n
	}
	for _, c := range n.Children {
		if c.Kind == dom.Element {
			if t := findControl(c); t != nil {
				return t
			}
		}
	}
	return nil
}

// DOMID returns a DOM id for part of instance in, unique within the surface and stable
// across builds (derived from a hash of the instance uid, never the agent's raw id).
func (b *Builder) DOMID(in *Instance, part string) string {
	h := fnv.New64a()
	h.Write([]byte(in.UID))
	base := "a2ui-" + strconv.FormatUint(h.Sum64(), 36) + "-" + part
	if b.domIDs == nil {
		b.domIDs = map[string]int{}
	}
	n := b.domIDs[base]
	b.domIDs[base] = n + 1
	if b.cur != nil {
		b.cur.domIDs = append(b.cur.domIDs, base)
	}
	if n > 0 {
		return base + "-" + strconv.Itoa(n+1)
	}
	return base
}

// Handler registers fn in the surface's handler table.
func (b *Builder) Handler(fn func(dom.Event)) dom.HandlerID {
	id := b.hs.Add(fn)
	if b.cur != nil {
		b.cur.handlers = append(b.cur.handlers, handlerRec{id, fn})
	}
	return id
}

// Child renders the component with id as a child of in (statically keyed by id, same
// scope). A missing id renders a pending placeholder until it arrives.
func (b *Builder) Child(in *Instance, id string) *dom.Node {
	uid := id
	if in.Scope.InTemplate {
		uid = id + "@" + in.Scope.Base.String()
	}
	return b.child(id, id, uid, in.Scope)
}

// ChildProp renders the child named by the ComponentId prop (e.g. Card.child).
func (b *Builder) ChildProp(in *Instance, prop string) *dom.Node {
	id, ok := in.props.v[prop].(string)
	if !ok {
		if in.Has(prop) {
			b.Error(in, protocol.CodeValidationFailed, prop, prop+" must be a component id")
		}
		return nil
	}
	return b.Child(in, id)
}

// Children renders a ChildList prop: an array of ids (keyed by id) or a template
// {componentId, path} repeated for each element of the array (or, for v0.8, each entry of
// the object) at path, keyed "componentId@<row pointer>" with the row as scope.
func (b *Builder) Children(in *Instance, prop string) []*dom.Node {
	raw, ok := in.props.v[prop]
	if !ok {
		return nil
	}
	switch x := raw.(type) {
	case []any:
		items := in.props.childItems(prop, x)
		out := make([]*dom.Node, 0, len(items))
		for _, it := range items {
			if it.bad >= 0 {
				b.Error(in, protocol.CodeValidationFailed, prop+"/"+strconv.Itoa(it.bad), "child must be a component id")
				continue
			}
			out = append(out, b.Child(in, it.id))
		}
		return out
	case map[string]any:
		cid, _ := x["componentId"].(string)
		path, _ := x["path"].(string)
		if cid == "" {
			b.Error(in, protocol.CodeValidationFailed, prop, "template needs componentId and path")
			return nil
		}
		return b.template(in, prop, cid, path)
	}
	b.Error(in, protocol.CodeValidationFailed, prop, prop+" must be an array of ids or a template")
	return nil
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
