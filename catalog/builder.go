package catalog

import (
	"hash/fnv"
	"net/url"
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/markdown"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// Builder walks one surface for one build. Render functions use its methods to read
// props, render children and register handlers. Not safe for concurrent use.
type Builder struct {
	env   *engine.Env
	cat   *Catalog
	s     *model.Surface
	state *uiState
	pol   *policy.Policy
	hs    *engine.Handlers
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

// Surface returns the surface being built.
func (b *Builder) Surface() *model.Surface { return b.s }

// BaseURL returns the URL the surface's relative URLs resolve against (the URL of the
// stream that created it, the "self" of the policy's allowlists); nil when there is
// none, and relative URLs are refused. Check a URL with Policy().CheckURL(kind, raw,
// b.BaseURL()), as URL does for a prop.
func (b *Builder) BaseURL() *url.URL { return b.env.BaseURL }

// Policy returns the effective policy.
func (b *Builder) Policy() *policy.Policy { return b.pol }

// Error records a build error about prop of in. The error's Path is
// "/components/<id>/<prop>" (the component by id, since the catalog does not know which
// message carried it).
func (b *Builder) Error(in *Instance, code, prop, msg string) { b.err(code, in.Comp.ID, prop, msg) }

// Msg returns the built-in message k in the surface's language, {0}… replaced by args.
func (b *Builder) Msg(k l10n.Key, args ...string) string {
	return b.env.Messages.Format(k, args...)
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
