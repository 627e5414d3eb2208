package model

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/a2ui-go/a2ui/internal/jsonscan"

	"github.com/a2ui-go/a2ui/protocol"
)

// v0.8's BoundValue with both a path and a literal is an initialisation shorthand: the
// client writes the literal into the data model at path (an implicit dataModelUpdate),
// then binds the property to path. The write happens here, when the surfaceUpdate is
// processed, so message order decides: a later dataModelUpdate of the same path wins,
// in one batch or frame by frame alike. A component's literals are written when it
// first arrives and again when it is replaced by a different definition (a re-sent
// identical component changes nothing), never on re-render, so user input is kept.
//
// Components used inside a template (reachable from a template's componentId) are
// skipped: their paths are relative to a row that does not exist yet, so the catalog
// seeds each row's instance when it first binds it.

// seedLiterals writes the {"path","literal"} props of the changed components of a v0.8
// surface. Errors (a bad path, a limit) are returned as the first one; the rest go on.
func (p *Processor) seedLiterals(s *Surface, ids []string) *protocol.Error {
	type seed struct {
		id, prop, path string
		lit            []byte
	}
	var seeds []seed
	for _, id := range ids {
		c, ok := s.comps[id]
		if !ok {
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(c.Props)) {
			if path, lit, ok := pathLiteral(c.Props[name]); ok {
				seeds = append(seeds, seed{id, name, path, lit})
			}
		}
	}
	if len(seeds) == 0 {
		return nil // the common case: no walk of the surface
	}
	inTemplate := templateScoped(s)
	var first *protocol.Error
	for _, sd := range seeds {
		if inTemplate[sd.id] {
			continue
		}
		ptr, err := Resolve(nil, sd.path, s.Version, false)
		if err != nil {
			if first == nil {
				first = msgErr(protocol.CodeValidationFailed, s.ID, "/surfaceUpdate/components", "component "+sd.id+" prop "+sd.prop+": "+err.Error())
			}
			continue
		}
		if err := s.Data.SetJSON(ptr, sd.lit); err != nil && first == nil {
			if pe, ok := err.(*protocol.Error); ok {
				first = pe
			} else {
				first = msgErr(protocol.CodeValidationFailed, s.ID, "/surfaceUpdate/components", err.Error())
			}
		}
	}
	return first
}

// pathLiteral recognises the lifted v0.8 initialisation form {"path": p, "literal": v}.
func pathLiteral(raw json.RawMessage) (path string, lit json.RawMessage, ok bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return "", nil, false
	}
	m, err := jsonscan.ObjectMap(raw)
	if err != nil {
		return "", nil, false
	}
	p, hasPath := m["path"]
	l, hasLit := m["literal"]
	if !hasPath || !hasLit {
		return "", nil, false
	}
	path, err = jsonscan.String(p)
	return path, l, err == nil
}

// templateScoped returns the ids of the components reachable from a template's
// componentId (through child, children, trigger, content and tabs[].child).
func templateScoped(s *Surface) map[string]bool {
	out := map[string]bool{}
	var stack []string
	for _, c := range s.comps {
		for _, raw := range c.Props {
			if len(raw) == 0 || raw[0] != '{' {
				continue
			}
			m, err := jsonscan.ObjectMap(raw)
			if err != nil {
				continue
			}
			if cid, err := jsonscan.String(m["componentId"]); err == nil && cid != "" && !out[cid] {
				out[cid] = true
				stack = append(stack, cid)
			}
		}
	}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c, ok := s.comps[id]
		if !ok {
			continue
		}
		for _, child := range childIDs(c.Props) {
			if !out[child] {
				out[child] = true
				stack = append(stack, child)
			}
		}
	}
	return out
}

// childIDs lists the component ids a component's props reference as children.
func childIDs(props map[string]json.RawMessage) []string {
	var ids []string
	for _, k := range [...]string{"child", "trigger", "content"} {
		if id, err := jsonscan.String(props[k]); err == nil && id != "" {
			ids = append(ids, id)
		}
	}
	// children: a list of ids (all strings, else none); tabs: [{"child": id}, ...].
	if list, err := jsonscan.Array(props["children"]); err == nil {
		var kids []string
		for _, e := range list {
			id, err := jsonscan.String(e)
			if err != nil {
				kids = nil
				break
			}
			kids = append(kids, id)
		}
		ids = append(ids, kids...)
	}
	if tabs, err := jsonscan.Array(props["tabs"]); err == nil {
		for _, t := range tabs {
			if m, err := jsonscan.ObjectMap(t); err == nil {
				if id, err := jsonscan.String(m["child"]); err == nil && id != "" {
					ids = append(ids, id)
				}
			}
		}
	}
	return ids
}
