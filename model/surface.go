package model

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// Component is one component of a surface as last received, normalized by the protocol
// package. Values handed out by Surface.Component are immutable snapshots: an update
// stores a new *Component, so a pointer kept by the renderer keeps describing the version
// it was built from.
type Component struct {
	protocol.Component
	// Rev is the surface-wide revision at which this component was last written. It
	// changes whenever the component is replaced with different content (an identical
	// re-send keeps the old Rev), so "same id, same Rev" means "nothing to rebuild".
	Rev uint64
	// Gen is the revision at which the component was (re)created: the first time its id
	// was seen, or when an update changed its Type. A changed Gen means the renderer must
	// drop any per-instance UI state (selected tab, open modal, ...) kept for this id.
	Gen uint64
}

// Surface is the state of one surface: metadata from createSurface (v0.8
// beginRendering), its components by id, and its data model. It is created, updated and
// deleted by the Processor; the renderer reads it on the UI goroutine. Exported fields
// are read-only for everything but the Processor.
type Surface struct {
	ID string
	// Version is the grammar of the message that created the surface.
	Version   protocol.Version
	CatalogID string
	// Root is the id of the root component: beginRendering.root in v0.8, "root" in v0.9+.
	Root          string
	Theme         json.RawMessage
	SendDataModel bool
	Metadata      json.RawMessage
	// Data is the surface's data model. It is closed (all subscriptions cancelled) when the
	// surface is deleted.
	Data *DataModel

	// begun is set by createSurface / beginRendering (not by an implicit creation).
	begun bool
	comps map[string]*Component
	order []string
	rev   uint64
}

func newSurface(id string, v protocol.Version, opts Options) *Surface {
	s := &Surface{ID: id, Version: v, Data: NewDataModel(), comps: map[string]*Component{}}
	s.Data.setOptions(opts)
	if v.AtLeast09() {
		s.Root = "root"
	}
	return s
}

// Component returns the component with the given id.
func (s *Surface) Component(id string) (*Component, bool) {
	c, ok := s.comps[id]
	return c, ok
}

// Components returns the number of components.
func (s *Surface) Components() int { return len(s.comps) }

// ComponentIDs returns the component ids in first-arrival order (a fresh slice).
func (s *Surface) ComponentIDs() []string { return append([]string(nil), s.order...) }

// Begun reports whether the surface was explicitly started: createSurface (v0.9+ and the
// draft) or beginRendering (v0.8) has been applied. A v0.8 or draft surface created
// implicitly by an update is not begun until then.
func (s *Surface) Begun() bool { return s.begun }

// Ready is the render gate: whether the surface should be rendered now.
//   - v0.8: after beginRendering named a root. The root component may not exist yet (agents
//     may send beginRendering first); the catalog renders nothing or a placeholder for it.
//   - the seed-001 draft: after createSurface (which may come last, like beginRendering)
//     and once the "root" component exists.
//   - v0.9 and later: once the "root" component exists.
func (s *Surface) Ready() bool {
	switch {
	case s.Version == protocol.V09Draft:
		return s.begun && s.comps[s.Root] != nil
	case s.Version.AtLeast09():
		return s.comps[s.Root] != nil
	default:
		return s.begun && s.Root != ""
	}
}

// Rev returns a counter that grows on every change to the surface: metadata, components
// and data model (including local writes by two-way bindings).
func (s *Surface) Rev() uint64 { return s.rev + s.Data.Version() }

// ComponentsRev is a counter that changes whenever a component or the metadata of the
// surface changes (not on data changes).
func (s *Surface) ComponentsRev() uint64 { return s.rev }

// putComponent stores c and reports whether anything changed.
func (s *Surface) putComponent(c protocol.Component) bool {
	old := s.comps[c.ID]
	if old != nil && old.Type == c.Type && sameProps(old.Props, c.Props) {
		return false
	}
	s.rev++
	nc := &Component{Component: c, Rev: s.rev, Gen: s.rev}
	if old == nil {
		s.order = append(s.order, c.ID)
	} else if old.Type == c.Type {
		nc.Gen = old.Gen
	}
	s.comps[c.ID] = nc
	return true
}

func sameProps(a, b map[string]json.RawMessage) bool {
	if len(a) != len(b) {
		return false
	}
	for k, va := range a {
		vb, ok := b[k]
		if !ok || !bytes.Equal(va, vb) {
			return false
		}
	}
	return true
}

// MarshalJSON dumps the surface state deterministically, for debugging tools and golden
// tests: {"id","version","catalogId","root","begun","ready","sendDataModel","theme",
// "components":[{"id","component","rev","gen","props"} in first-arrival order],
// "dataModel"}.
func (s *Surface) MarshalJSON() ([]byte, error) {
	b := []byte(`{"id":`)
	b = appendJSONString(b, s.ID)
	b = append(b, `,"version":`...)
	b = appendJSONString(b, s.Version.String())
	b = append(b, `,"catalogId":`...)
	b = appendJSONString(b, s.CatalogID)
	b = append(b, `,"root":`...)
	b = appendJSONString(b, s.Root)
	b = append(b, `,"begun":`...)
	b = strconv.AppendBool(b, s.begun)
	b = append(b, `,"ready":`...)
	b = strconv.AppendBool(b, s.Ready())
	b = append(b, `,"sendDataModel":`...)
	b = strconv.AppendBool(b, s.SendDataModel)
	if len(s.Theme) > 0 && jsonscan.Valid(s.Theme) {
		b = append(b, `,"theme":`...)
		b = append(b, s.Theme...)
	}
	b = append(b, `,"components":[`...)
	for i, id := range s.order {
		c := s.comps[id]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = appendJSONString(b, c.ID)
		b = append(b, `,"component":`...)
		b = appendJSONString(b, c.Type)
		b = append(b, `,"rev":`...)
		b = strconv.AppendUint(b, c.Rev, 10)
		b = append(b, `,"gen":`...)
		b = strconv.AppendUint(b, c.Gen, 10)
		keys := make([]string, 0, len(c.Props))
		for k := range c.Props {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b = append(b, `,"props":{`...)
		n := 0
		for _, k := range keys {
			v := c.Props[k]
			if !jsonscan.Valid(v) {
				continue
			}
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = append(b, v...)
		}
		b = append(b, "}}"...)
	}
	b = append(b, `],"dataModel":`...)
	b = protocol.AppendJSON(b, s.Data)
	return append(b, '}'), nil
}

func appendJSONString(b []byte, s string) []byte { return protocol.AppendJSON(b, s) }
