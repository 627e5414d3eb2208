package model

import (
	"encoding/json"

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
	if len(ids) == 0 {
		return nil
	}
	inTemplate := templateScoped(s)
	var first *protocol.Error
	for _, id := range ids {
		c, ok := s.comps[id]
		if !ok || inTemplate[id] {
			continue
		}
		for _, name := range sortedPropNames(c.Props) {
			path, lit, ok := pathLiteral(c.Props[name])
			if !ok {
				continue
			}
			ptr, err := Resolve(nil, path, s.Version, false)
			if err != nil {
				if first == nil {
					first = msgErr(protocol.CodeValidationFailed, s.ID, "/surfaceUpdate/components", "component "+id+" prop "+name+": "+err.Error())
				}
				continue
			}
			if err := s.Data.SetJSON(ptr, lit); err != nil && first == nil {
				if pe, ok := err.(*protocol.Error); ok {
					first = pe
				} else {
					first = msgErr(protocol.CodeValidationFailed, s.ID, "/surfaceUpdate/components", err.Error())
				}
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
	var v struct {
		Path    *string         `json:"path"`
		Literal json.RawMessage `json:"literal"`
	}
	if json.Unmarshal(raw, &v) != nil || v.Path == nil || len(v.Literal) == 0 {
		return "", nil, false
	}
	return *v.Path, v.Literal, true
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
			var t struct {
				ComponentID string `json:"componentId"`
			}
			if json.Unmarshal(raw, &t) == nil && t.ComponentID != "" && !out[t.ComponentID] {
				out[t.ComponentID] = true
				stack = append(stack, t.ComponentID)
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
		var id string
		if json.Unmarshal(props[k], &id) == nil && id != "" {
			ids = append(ids, id)
		}
	}
	var list []string
	if json.Unmarshal(props["children"], &list) == nil {
		ids = append(ids, list...)
	}
	var tabs []struct {
		Child string `json:"child"`
	}
	if json.Unmarshal(props["tabs"], &tabs) == nil {
		for _, t := range tabs {
			if t.Child != "" {
				ids = append(ids, t.Child)
			}
		}
	}
	return ids
}

func sortedPropNames(m map[string]json.RawMessage) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && names[j] < names[j-1]; j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
	return names
}
