package binding

import (
	"encoding/json"
	"slices"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// maxEvalDepth bounds the nesting of function calls and arrays in one dynamic value (JSON
// nesting and formatString calls nested in function arguments both count).
const maxEvalDepth = 32

// Scope is the data scope of one component instance: the surface whose data model paths
// are read from, the Base pointer relative paths resolve against (the root outside
// templates, "<list>/<i>" inside one) and whether the instance lives inside a template
// (v0.8's item-relative "/" quirk, see model.Resolve). Reads, when non-nil, receives every
// data path the evaluation reads, so the renderer can subscribe the node to exactly those
// paths. A Scope is a small value; copy it freely. The zero Scope has no surface: every
// path reads as missing (null) and resolution uses v0.9 rules.
type Scope struct {
	Surface    *model.Surface
	Base       model.Pointer
	InTemplate bool
	Reads      *Reads
}

// Reads collects the absolute data pointers read during evaluations, without duplicates,
// in first-read order. Paths that were missing in the model are recorded too (a later
// updateDataModel may create them). Not safe for concurrent use.
type Reads struct {
	Paths []model.Pointer
	// Lists are the paths in Paths read only for their shape, a template's array length or
	// object keys (Scope.ReadList), never as a value: a write inside one of their items
	// leaves what was read as it was.
	Lists []model.Pointer
	seen  map[string]struct{}
}

// Add records p unless an equal pointer is already recorded (amortized O(len(p))). A nil
// *Reads ignores it.
func (r *Reads) Add(p model.Pointer) {
	if r == nil {
		return
	}
	if len(r.Lists) > 0 { // read as a value after all
		r.Lists = slices.DeleteFunc(r.Lists, p.Equal)
	}
	if r.seen == nil {
		// A component reads a few paths: compare them, and index only a longer list.
		for _, q := range r.Paths {
			if q.Equal(p) {
				return
			}
		}
		if len(r.Paths) < smallReads {
			r.Paths = append(r.Paths, p)
			return
		}
		r.seen = make(map[string]struct{}, len(r.Paths)+8)
		for _, q := range r.Paths {
			r.seen[pointerKey(q)] = struct{}{}
		}
	}
	k := pointerKey(p)
	if _, dup := r.seen[k]; dup {
		return
	}
	r.seen[k] = struct{}{}
	r.Paths = append(r.Paths, p)
}

// smallReads is how many paths Reads compares one by one before it indexes them.
const smallReads = 8

// pointerKey is an unambiguous map key for p: each token is length-prefixed, since
// tokens may contain any byte.
func pointerKey(p model.Pointer) string {
	n := 0
	for _, t := range p {
		n += len(t) + 4
	}
	b := make([]byte, 0, n)
	for _, t := range p {
		l := len(t)
		b = append(b, byte(l>>24), byte(l>>16), byte(l>>8), byte(l))
		b = append(b, t...)
	}
	return string(b)
}

// Reset empties the set, keeping its storage.
func (r *Reads) Reset() {
	if r != nil {
		r.Paths, r.Lists = r.Paths[:0], r.Lists[:0]
		clear(r.seen)
	}
}

func (s Scope) version() protocol.Version {
	if s.Surface == nil || s.Surface.Version == protocol.VersionUnknown {
		return protocol.V09
	}
	return s.Surface.Version
}

func (s Scope) surfaceID() string {
	if s.Surface == nil {
		return ""
	}
	return s.Surface.ID
}

// Resolve turns a path written in a component into an absolute pointer in this scope
// (model.Resolve with the surface's version). It does not read or record anything; the
// catalog uses it to know where an input component writes.
func (s Scope) Resolve(path string) (model.Pointer, error) {
	p, err := model.Resolve(s.Base, path, s.version(), s.InTemplate)
	if err != nil {
		return nil, validationErr(s, "bad data path "+quote(path)+": "+err.Error())
	}
	if s.Surface != nil && s.Surface.Data != nil {
		if err := s.Surface.Data.CheckPointer(p); err != nil {
			pe := err.(*protocol.Error)
			return nil, &protocol.Error{Code: pe.Code, SurfaceID: s.surfaceID(), Message: "data path: " + pe.Message}
		}
	}
	return p, nil
}

// Read resolves path in this scope, records it in Reads and returns the value there (nil
// when missing or when the scope has no surface). The returned value belongs to the data
// model: never modify it.
func (s Scope) Read(path string) (any, error) {
	p, err := s.Resolve(path)
	if err != nil {
		return nil, err
	}
	v, _ := s.get(p)
	return v, nil
}

// ReadList is Read for a template's list: it returns the resolved path too, and records
// it in Reads.Lists as well unless it was already read as a value.
func (s Scope) ReadList(path string) (model.Pointer, any, error) {
	p, err := s.Resolve(path)
	if err != nil {
		return nil, nil, err
	}
	r := s.Reads
	listOnly := r != nil && !slices.ContainsFunc(r.Paths, p.Equal)
	v, _ := s.get(p)
	if listOnly {
		r.Lists = append(r.Lists, p)
	}
	return p, v, nil
}

func (s Scope) get(p model.Pointer) (any, bool) {
	s.Reads.Add(p)
	if s.Surface == nil || s.Surface.Data == nil {
		return nil, false
	}
	return s.Surface.Data.Get(p)
}

// Context is what a Func receives besides its arguments: the scope of the component
// being evaluated, the registry and formatter in use and the function's own name. Custom
// functions use it to evaluate further dynamic values (Eval) or templates (Interpolate).
type Context struct {
	Scope  Scope
	Funcs  *Functions
	Format Formatter
	// Name is the name the function was called by.
	Name  string
	depth int
}

// Eval evaluates a v0.9+ DynamicValue given as JSON in scope s and returns its value:
//
//   - a literal string, number, boolean or null is returned as is (string, float64,
//     bool, nil);
//   - an array is returned with each element evaluated (elements may be bindings);
//   - {"path": p} reads the data model at p resolved in s (absolute "/x" from the root
//     in v0.9+, relative "x" against s.Base; v0.8 template quirk per model.Resolve);
//     a missing value is nil;
//   - {"path": p, "literal": v} (the lifted v0.8 init form) reads p like a binding and
//     falls back to v while p is missing; the write of v into the model is Seeder.Seed's
//     job, done once by the caller;
//   - {"call": name, "args": {...}, "returnType"?} evaluates every argument recursively
//     (arguments may be literals, bindings, calls or object literals, which stay literal
//     maps) and calls the function from fns; returnType is ignored (dispatch is by name);
//   - v1.0's {"call": "@index", "args": {"offset"?}} is the template row index (see
//     IndexFunction), evaluated here rather than looked up in fns;
//   - any other object is an object literal, returned as a map (allowed for arguments).
//
// Values read from the model are shared with it: treat results as read-only. fns nil means
// no functions (every call fails); f nil means NewGoFormatter("en-US"). Errors are
// *protocol.Error (see errors.go). Called on the renderer's UI goroutine.
func Eval(s Scope, raw json.RawMessage, fns *Functions, f Formatter) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	v, err := jsonscan.Parse(raw)
	if err != nil {
		return nil, validationErr(s, "dynamic value is not valid JSON: "+err.Error())
	}
	return EvalValue(s, v, fns, f)
}

// EvalValue is Eval for a value already decoded by encoding/json (float64 numbers,
// map[string]any objects, []any arrays).
func EvalValue(s Scope, v any, fns *Functions, f Formatter) (any, error) {
	c := newContext(s, fns, f)
	return c.eval(v, 0)
}

func newContext(s Scope, fns *Functions, f Formatter) *Context {
	if f == nil {
		f = defaultFormatter
	}
	return &Context{Scope: s, Funcs: fns, Format: f}
}

// Eval evaluates a decoded DynamicValue in the caller's scope, one nesting level deeper.
func (c *Context) Eval(v any) (any, error) { return c.eval(v, c.depth+1) }

func (c *Context) eval(v any, depth int) (any, error) {
	if depth > maxEvalDepth {
		return nil, funcErr(c.Scope, c.Name, "dynamic value nested deeper than "+itoa(maxEvalDepth))
	}
	switch x := v.(type) {
	case []any:
		if !containsDynamic(x) {
			return x, nil
		}
		out := make([]any, len(x))
		for i, e := range x {
			r, err := c.eval(e, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case map[string]any:
		if p, ok := x["path"]; ok {
			ps, isStr := p.(string)
			if !isStr {
				return nil, validationErr(c.Scope, `"path" must be a string`)
			}
			ptr, err := c.Scope.Resolve(ps)
			if err != nil {
				return nil, err
			}
			val, found := c.Scope.get(ptr)
			if !found {
				if lit, has := x["literal"]; has {
					return lit, nil
				}
			}
			return val, nil
		}
		if n, ok := x["call"]; ok {
			name, isStr := n.(string)
			if !isStr {
				return nil, validationErr(c.Scope, `"call" must be a string`)
			}
			var args map[string]any
			switch a := x["args"].(type) {
			case nil:
			case map[string]any:
				args = make(map[string]any, len(a))
				for k, av := range a {
					r, err := c.eval(av, depth+1)
					if err != nil {
						return nil, err
					}
					args[k] = r
				}
			default:
				return nil, funcErr(c.Scope, name, `"args" must be an object`)
			}
			if isIndexCall(c.Scope, name) {
				return c.index(args)
			}
			fs, err := callFuncs(c.Funcs, c.Scope, name, x)
			if err != nil {
				return nil, err
			}
			if fs != c.Funcs {
				cc := *c
				cc.Funcs = fs
				return cc.invoke(name, args, depth+1)
			}
			return c.invoke(name, args, depth+1)
		}
		return x, nil
	}
	return v, nil
}

// containsDynamic reports whether an array holds a binding or call at its top level or in
// nested arrays (object literals without path/call stay literal).
func containsDynamic(a []any) bool {
	for _, e := range a {
		switch x := e.(type) {
		case []any:
			if containsDynamic(x) {
				return true
			}
		case map[string]any:
			if _, ok := x["path"]; ok {
				return true
			}
			if _, ok := x["call"]; ok {
				return true
			}
		}
	}
	return false
}

// invoke calls the named function with evaluated args. A panicking custom function is
// turned into a FUNCTION_FAILED error.
func (c *Context) invoke(name string, args map[string]any, depth int) (result any, err error) {
	if depth > maxEvalDepth {
		return nil, funcErr(c.Scope, name, "function calls nested deeper than "+itoa(maxEvalDepth))
	}
	fn, err := c.Funcs.lookup(c.Scope, name)
	if err != nil {
		return nil, err
	}
	if args == nil {
		args = map[string]any{}
	}
	child := &Context{Scope: c.Scope, Funcs: c.Funcs, Format: c.Format, Name: name, depth: depth}
	defer func() {
		if r := recover(); r != nil {
			result, err = nil, funcErr(c.Scope, name, "function panicked")
		}
	}()
	return fn(child, args)
}
