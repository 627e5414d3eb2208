package basic

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

const basicID = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"

// newSurface creates a v0.9 surface "s" with the given components (a JSON array) and data
// model (a JSON object or "").
func newSurface(t testing.TB, components, data string) (*model.Processor, *model.Surface) {
	t.Helper()
	msgs := []string{`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + basicID + `"}}`}
	if data != "" {
		msgs = append(msgs, `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/","value":`+data+`}}`)
	}
	msgs = append(msgs, `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":`+components+`}}`)
	p := model.NewProcessor(model.Options{})
	raws := make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		raws[i] = json.RawMessage(m)
	}
	apply(t, p, raws)
	s, ok := p.Surface("s")
	if !ok {
		t.Fatal("no surface s")
	}
	return p, s
}

// buildSurface builds s with env as the renderer does (engine.Build: the walk package
// catalog registers) and returns the tree and the new errors.
func buildSurface(s *model.Surface, env *engine.Env) (*dom.Node, []*protocol.Error) {
	r := engine.Build(s, env)
	return r.Root, r.Errors
}

func testEnv() *engine.Env {
	return &engine.Env{Catalog: Catalog(), Functions: Functions()}
}

// find returns the first node (depth-first) for which pred holds.
func find(n *dom.Node, pred func(*dom.Node) bool) *dom.Node {
	if n == nil {
		return nil
	}
	if pred(n) {
		return n
	}
	for _, c := range n.Children {
		if r := find(c, pred); r != nil {
			return r
		}
	}
	return nil
}

func byKey(key string) func(*dom.Node) bool {
	return func(n *dom.Node) bool { return n.Key == key }
}

func byClass(c string) func(*dom.Node) bool {
	return func(n *dom.Node) bool {
		for _, f := range strings.Fields(getAttr(n, "class")) {
			if f == c {
				return true
			}
		}
		return false
	}
}

func and(ps ...func(*dom.Node) bool) func(*dom.Node) bool {
	return func(n *dom.Node) bool {
		for _, p := range ps {
			if !p(n) {
				return false
			}
		}
		return true
	}
}

func byTag(tag string) func(*dom.Node) bool { return func(n *dom.Node) bool { return n.Tag == tag } }

// fire dispatches ev to the handler n has for ev.Type.
func fire(t testing.TB, env *engine.Env, n *dom.Node, ev dom.Event) {
	t.Helper()
	if n == nil {
		t.Fatal("fire: nil node")
	}
	for _, l := range n.On {
		if l.Event == ev.Type {
			if !env.Handlers.Dispatch(l.Handler, ev, func(e *protocol.Error) { t.Errorf("handler error: %v", e) }) {
				t.Fatalf("handler %d for %s not found", l.Handler, ev.Type)
			}
			return
		}
	}
	t.Fatalf("node %s key=%q has no %s listener", n.Tag, n.Key, ev.Type)
}

func prop(n *dom.Node, name string) (string, bool) {
	for _, p := range n.Props {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

func get(t testing.TB, s *model.Surface, path string) any {
	t.Helper()
	v, _ := s.Data.Get(model.MustPointer(path))
	return v
}

func errCodes(errs []*protocol.Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Code)
	}
	return out
}

func eventInput(v string) dom.Event { return dom.Event{Type: "input", Value: v} }

// findAll returns every node of n's subtree matching pred, in document order.
func findAll(n *dom.Node, pred func(*dom.Node) bool) []*dom.Node {
	if n == nil {
		return nil
	}
	var out []*dom.Node
	if pred(n) {
		out = append(out, n)
	}
	for _, c := range n.Children {
		out = append(out, findAll(c, pred)...)
	}
	return out
}
