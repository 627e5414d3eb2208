package engine

import (
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/model"
)

// The catalog walk, registered by package catalog's init (engine cannot import catalog):
// render calls these, so a program that renders imports catalog and they are set.
var (
	// Build renders surface s into a dom.Node tree: a <div class="a2ui-surface"> whose
	// child is the root component (s.Root, "root" by default). It never panics: a failing
	// component becomes a placeholder with an error. It resets env.Handlers, allocates
	// env.Handlers and env.State when nil, and updates env.State. UI goroutine.
	Build func(s *model.Surface, env *Env) Result
	// Refresh is the typing path's alternative to a build: when every cached instance
	// whose own render read a data path written since the last build is a leaf (a Text
	// bound to the field's path) under Layout components only, it renders those leaves
	// again and patches each one's mounted subtree in place (dom.Tree.Replace, ops into
	// e), leaving the DOM and the cache as Build and t.Render would. It reports false,
	// with t and the cache as they were, when that does not hold: then build as usual.
	// t is the surface's tree, holding the last build's nodes. UI goroutine.
	Refresh func(s *model.Surface, env *Env, t *dom.Tree, e *dom.Encoder) bool
	// NewState returns an empty State for Env.State.
	NewState func() State
)
