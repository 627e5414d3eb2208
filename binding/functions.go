package binding

import (
	"container/list"
	"sort"
	"strconv"
	"sync"

	"github.com/a2ui-go/a2ui/protocol"
)

// Func implements one catalog function. args holds the already-evaluated arguments by
// name (a missing argument is absent from the map; an argument bound to a missing path is
// present with a nil value). It returns the function's value (string, float64, bool,
// []any, map[string]any, nil, or an effect such as OpenURL) or an error, preferably built
// with FuncError. Called on the goroutine that called Eval (the renderer's UI goroutine).
type Func func(c *Context, args map[string]any) (any, error)

// Policy decides which registered functions may run. A denied call fails with
// POLICY_DENIED. The OpenWOP profile, for instance, switches openUrl off.
type Policy interface {
	AllowFunction(name string) bool
}

// AllowSet is a Policy admitting exactly the names mapped to true.
type AllowSet map[string]bool

// AllowFunction implements Policy.
func (a AllowSet) AllowFunction(name string) bool { return a[name] }

// DenySet is a Policy admitting every name except those mapped to true.
type DenySet map[string]bool

// AllowFunction implements Policy.
func (d DenySet) AllowFunction(name string) bool { return !d[name] }

// Functions is a registry of named functions plus an optional policy and the bounded
// caches (compiled regex patterns for Context.CompileRegexp, parsed formatString
// templates for Context.Interpolate). Register and SetPolicy are meant for setup; lookups and the caches are safe for
// concurrent use. A nil *Functions has no functions.
type Functions struct {
	mu     sync.RWMutex
	fns    map[string]Func
	policy Policy
	regex  *lru[regexEntry]
	tmpl   *lru[templateEntry]
	maxOut int
	// catalogs resolves v1.0's per-call catalogId (SetCatalogs); nil: the id is not checked.
	catalogs func(catalogID string) (*Functions, bool)
}

// DefaultMaxOutput is the largest string one formatString evaluation may produce
// (bytes); a template that would produce more fails with LIMIT_EXCEEDED, which fails its
// surface closed. A few bytes of template can otherwise repeat a 64 KiB data string
// thousands of times.
const DefaultMaxOutput = 256 << 10

// SetMaxOutput sets the formatString output cap in bytes (<= 0: DefaultMaxOutput).
func (f *Functions) SetMaxOutput(n int) {
	f.mu.Lock()
	f.maxOut = n
	f.mu.Unlock()
}

// maxOutput returns the effective formatString output cap.
func (f *Functions) maxOutput() int {
	if f == nil {
		return DefaultMaxOutput
	}
	f.mu.RLock()
	n := f.maxOut
	f.mu.RUnlock()
	if n <= 0 {
		return DefaultMaxOutput
	}
	return n
}

const (
	regexCacheSize    = 128
	templateCacheSize = 256
)

// NewFunctions returns an empty registry.
func NewFunctions() *Functions {
	return &Functions{
		fns:   map[string]Func{},
		regex: newLRU[regexEntry](regexCacheSize),
		tmpl:  newLRU[templateEntry](templateCacheSize),
	}
}

// Register adds fn under name, replacing any function of that name.
func (f *Functions) Register(name string, fn Func) {
	f.mu.Lock()
	f.fns[name] = fn
	f.mu.Unlock()
}

// SetPolicy installs p (nil admits everything).
func (f *Functions) SetPolicy(p Policy) {
	f.mu.Lock()
	f.policy = p
	f.mu.Unlock()
}

// Has reports whether name is registered and admitted by the policy.
func (f *Functions) Has(name string) bool {
	if f == nil {
		return false
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	_, ok := f.fns[name]
	return ok && (f.policy == nil || f.policy.AllowFunction(name))
}

// SetCatalogs installs the resolver of v1.0's per-call catalogId: a FunctionCall
// naming a catalog runs that catalog's function (resolve returns its registry), and one
// resolve does not know fails with CATALOG_UNSUPPORTED. Without a resolver the
// catalogId must still be a non-empty string but is otherwise not checked.
func (f *Functions) SetCatalogs(resolve func(catalogID string) (*Functions, bool)) {
	f.mu.Lock()
	f.catalogs = resolve
	f.mu.Unlock()
}

// forCatalog returns the registry of a call's catalogId cid.
func (f *Functions) forCatalog(s Scope, cid any) (*Functions, error) {
	id, ok := cid.(string)
	if !ok || id == "" {
		return nil, validationErr(s, `"catalogId" must be a non-empty string`)
	}
	if f == nil {
		return nil, &protocol.Error{Code: protocol.CodeCatalogUnsupported, SurfaceID: s.surfaceID(), Message: "catalog " + strconv.Quote(id) + " is not supported by this renderer"}
	}
	f.mu.RLock()
	resolve := f.catalogs
	f.mu.RUnlock()
	if resolve == nil {
		return f, nil
	}
	g, ok := resolve(id)
	if !ok {
		return nil, &protocol.Error{Code: protocol.CodeCatalogUnsupported, SurfaceID: s.surfaceID(), Message: "catalog " + strconv.Quote(id) + " is not supported by this renderer"}
	}
	return g, nil
}

// Func returns the function registered under name (whatever the policy says).
func (f *Functions) Func(name string) (Func, bool) {
	if f == nil {
		return nil, false
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	fn, ok := f.fns[name]
	return fn, ok
}

// Names returns the registered names the policy admits, sorted.
func (f *Functions) Names() []string {
	if f == nil {
		return nil
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	out := make([]string, 0, len(f.fns))
	for n := range f.fns {
		if f.policy == nil || f.policy.AllowFunction(n) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Clone returns an independent registry with the same functions and policy (and fresh
// caches), to extend or restrict per catalog or surface without touching the original.
func (f *Functions) Clone() *Functions {
	c := NewFunctions()
	if f == nil {
		return c
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	for k, v := range f.fns {
		c.fns[k] = v
	}
	c.policy = f.policy
	c.maxOut = f.maxOut
	c.catalogs = f.catalogs
	return c
}

func (f *Functions) lookup(s Scope, name string) (Func, error) {
	if f == nil {
		return nil, funcErr(s, "", "unknown function "+strconv.Quote(name))
	}
	f.mu.RLock()
	fn, ok := f.fns[name]
	p := f.policy
	f.mu.RUnlock()
	if !ok {
		return nil, funcErr(s, "", "unknown function "+strconv.Quote(name))
	}
	if p != nil && !p.AllowFunction(name) {
		return nil, policyErr(s, name)
	}
	return fn, nil
}

// lru is a small mutex-guarded least-recently-used cache keyed by string.
type lru[V any] struct {
	mu    sync.Mutex
	max   int
	order *list.List // front = most recent; values are *lruItem[V]
	items map[string]*list.Element
}

type lruItem[V any] struct {
	key string
	val V
}

func newLRU[V any](max int) *lru[V] {
	return &lru[V]{max: max, order: list.New(), items: map[string]*list.Element{}}
}

func (c *lru[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruItem[V]).val, true
	}
	var zero V
	return zero, false
}

func (c *lru[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		e.Value.(*lruItem[V]).val = v
		c.order.MoveToFront(e)
		return
	}
	c.items[key] = c.order.PushFront(&lruItem[V]{key: key, val: v})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruItem[V]).key)
	}
}

func (c *lru[V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

func itoa(i int) string     { return strconv.Itoa(i) }
func quote(s string) string { return strconv.Quote(s) }
