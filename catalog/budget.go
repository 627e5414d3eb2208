package catalog

import (
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/protocol"
)

// limit records that a render budget was hit: the build goes on only as far as needed
// to stop, and buildSurface replaces the whole surface with a notice (all-or-nothing,
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

// pastDeadline reports whether the build ran past env.Deadline (checked every 32
// instances, from the 32nd: a smaller build is bounded and never fails for time, however
// late its task started; once past, every later instance is a notice).
func (b *Builder) pastDeadline() bool {
	if b.timedOut {
		return true
	}
	if b.instances&31 != 0 || b.instances == 0 {
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
	b.timedOut = b.env.Clock().After(b.env.Deadline)
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

func (b *Builder) maxDepth() int {
	if b.env.MaxDepth > 0 {
		return b.env.MaxDepth
	}
	return engine.DefaultMaxDepth
}

func (b *Builder) maxInstances() int {
	if b.env.MaxInstances > 0 {
		return b.env.MaxInstances
	}
	return engine.DefaultMaxInstances
}

func (b *Builder) maxTextBytes() int {
	if b.env.MaxTextBytes > 0 {
		return b.env.MaxTextBytes
	}
	return engine.DefaultMaxTextBytes
}

func (b *Builder) maxSurfaceBytes() int {
	if b.env.MaxSurfaceBytes > 0 {
		return b.env.MaxSurfaceBytes
	}
	return engine.DefaultMaxSurfaceBytes
}

func (b *Builder) maxTemplateItems() int {
	if b.env.MaxTemplateItems > 0 {
		return b.env.MaxTemplateItems
	}
	return engine.DefaultMaxTemplateItems
}
