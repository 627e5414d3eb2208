package model

import (
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/protocol"
)

// Default per-Processor limits (Options fields <= 0 select them).
const (
	// DefaultMaxComponents bounds the components of one surface. The largest official
	// examples hold well under 200 components; 20000 leaves room for long generated
	// lists (the benchmark streams 10000) while keeping a runaway agent from exhausting
	// the browser. Restricted profiles set a lower Options.MaxComponents.
	DefaultMaxComponents = 20000
	// DefaultMaxSurfaces bounds the number of live surfaces.
	DefaultMaxSurfaces = 100
)

// Options configures a Processor.
type Options struct {
	// MaxComponents is the per-surface component limit (default DefaultMaxComponents).
	// A message that would exceed it is rejected whole with protocol.CodeLimit; the
	// surface keeps its previous state.
	MaxComponents int
	// MaxDataNodes is the per-surface data model node limit (default DefaultMaxDataNodes;
	// see DataModel.SetLimits). Exceeding it rejects the message with protocol.CodeLimit.
	MaxDataNodes int
	// MaxSurfaces is the limit on live surfaces (default DefaultMaxSurfaces); a message
	// that would create one more is rejected with protocol.CodeLimit.
	MaxSurfaces int

	// Caps on data-model updates (limits.go has the defaults). A path over
	// MaxPathSegments/MaxPathBytes or an update with more than MaxEntries entries is
	// rejected whole; one entry over MaxValueDepth, MaxKeyBytes, MaxStringBytes or
	// MaxArrayLen is reported and skipped while its siblings apply. MaxIndexGap bounds
	// how far past an array's end any write may land. All errors are protocol.CodeLimit.
	MaxValueDepth, MaxPathSegments, MaxPathBytes, MaxKeyBytes, MaxStringBytes int
	MaxEntries, MaxArrayLen, MaxIndexGap                                      int

	// Pause, when set, is called while a large data-model value is parsed, about every
	// 64 KiB, by the goroutine applying the message (see protocol.Decoder.Pause), before
	// the value is stored. It must not call back into the Processor.
	Pause func()
}

// EventKind says what happened to a surface.
type EventKind uint8

const (
	// Created: a new surface exists (createSurface, beginRendering, or, for v0.8 and the
	// draft, the first message naming it, whose content is already applied). Everything
	// in it is new: the event lists no Components or Data.
	Created EventKind = iota + 1
	// Updated: an existing surface changed (components, data model or metadata).
	Updated
	// Deleted: the surface and everything it held are gone.
	Deleted
)

func (k EventKind) String() string {
	switch k {
	case Created:
		return "created"
	case Updated:
		return "updated"
	case Deleted:
		return "deleted"
	}
	return "unknown"
}

// SurfaceEvent is delivered to OnChange listeners after a message changed a surface.
type SurfaceEvent struct {
	SurfaceID string
	Kind      EventKind
	// Components lists the component ids whose content changed (Updated by a component
	// message; identical re-sends are not listed). Nil otherwise.
	Components []string
	// Data lists the data model paths written or deleted (Updated by a data message).
	Data []Pointer
	// Meta is true when createSurface/beginRendering changed the surface's metadata
	// (root, catalog, theme, render gate) on an existing surface.
	Meta bool
}

// Processor applies decoded messages to the set of surfaces. It is pure (no I/O) and
// single-goroutine: the renderer's UI goroutine calls Apply, reads surfaces, and receives
// OnChange callbacks synchronously from Apply.
type Processor struct {
	opts Options
	lim  limits
	// skipped collects the entry errors of the message being applied.
	skipped   []*protocol.Error
	surfaces  map[string]*Surface
	order     []string
	listeners []*listener
	nextL     uint64
}

type listener struct {
	fn   func(SurfaceEvent)
	dead bool
}

// NewProcessor returns an empty Processor; zero Options fields take the defaults.
func NewProcessor(opts Options) *Processor {
	if opts.MaxComponents <= 0 {
		opts.MaxComponents = DefaultMaxComponents
	}
	if opts.MaxDataNodes <= 0 {
		opts.MaxDataNodes = DefaultMaxDataNodes
	}
	if opts.MaxSurfaces <= 0 {
		opts.MaxSurfaces = DefaultMaxSurfaces
	}
	return &Processor{opts: opts, lim: opts.limits(), surfaces: map[string]*Surface{}}
}

// Options returns the effective options (defaults filled in).
func (p *Processor) Options() Options { return p.opts }

// Surface returns the live surface with the given id.
func (p *Processor) Surface(id string) (*Surface, bool) {
	s, ok := p.surfaces[id]
	return s, ok
}

// SurfaceIDs returns the live surface ids in creation order (a fresh slice).
func (p *Processor) SurfaceIDs() []string { return append([]string(nil), p.order...) }

// OnChange registers fn, called synchronously by Apply (on the caller's goroutine) after
// each change, in registration order. cancel is idempotent.
func (p *Processor) OnChange(fn func(ev SurfaceEvent)) (cancel func()) {
	if fn == nil {
		return func() {}
	}
	l := &listener{fn: fn}
	p.listeners = append(p.listeners, l)
	return func() {
		if l.dead {
			return
		}
		l.dead = true
		for i, x := range p.listeners {
			if x == l {
				p.listeners = append(p.listeners[:i:i], p.listeners[i+1:]...)
				break
			}
		}
	}
}

func (p *Processor) emit(ev SurfaceEvent) {
	ls := append([]*listener(nil), p.listeners...)
	for _, l := range ls {
		if !l.dead {
			l.fn(ev)
		}
	}
}

// Apply applies one message. It returns nil on success and for message kinds the model
// does not own (actions, function calls and responses: the orchestrator handles them).
// On error the message is rejected as a whole and no surface changes; the error's Path
// is a JSON Pointer into the message as sent (e.g. "/updateComponents/components/2/id",
// "/dataModelUpdate/path"), its SurfaceID the addressed surface.
//
// Rules:
//   - v0.8 (and the seed-001 draft): any message creates its surface implicitly; a
//     beginRendering (draft: createSurface) on an existing surface sets root, catalog,
//     styles and opens the render gate.
//   - v0.9 and later: createSurface of a live id is protocol.CodeDuplicateSurface; any
//     other message for an unknown id is protocol.CodeUnknownSurface. v1.0 createSurface
//     may carry inline components and an initial data model, applied atomically; its
//     metadata must hold only "extensions" with identifier keys (else VALIDATION_FAILED
//     at the offending member, reported while the surface is created without it).
//   - updateComponents replaces each listed component whole (no property merge).
//   - updateDataModel with Value == nil deletes at Path; Path "" or "/" with a value
//     replaces the whole model (the value must be an object), without one empties it.
//   - deleteSurface closes the data model (cancelling every subscription) and forgets
//     all components; of an unknown id (every version) it is a silent no-op, as in
//     web_core and upstream's v1.0 conformance suite.
func (p *Processor) Apply(m protocol.Message) *protocol.Error {
	if errs := p.ApplyReport(m); len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// ApplyReport is Apply returning every error: either the message's own (it was rejected
// and nothing changed) or one per data entry that was over a cap and skipped while the
// rest of the update applied (Options: MaxValueDepth, MaxKeyBytes, MaxStringBytes,
// MaxArrayLen).
func (p *Processor) ApplyReport(m protocol.Message) []*protocol.Error {
	p.skipped = p.skipped[:0]
	err := p.apply(m)
	errs := append([]*protocol.Error(nil), p.skipped...)
	p.skipped = p.skipped[:0]
	if err != nil {
		return []*protocol.Error{err}
	}
	return errs
}

func (p *Processor) apply(m protocol.Message) *protocol.Error {
	switch msg := m.(type) {
	case *protocol.CreateSurface:
		if msg == nil {
			return nilMessage()
		}
		return p.create(msg)
	case *protocol.UpdateComponents:
		if msg == nil {
			return nilMessage()
		}
		return p.updateComponents(msg)
	case *protocol.UpdateDataModel:
		if msg == nil {
			return nilMessage()
		}
		return p.updateData(msg)
	case *protocol.DeleteSurface:
		if msg == nil {
			return nilMessage()
		}
		return p.delete(msg)
	}
	return nil
}

func nilMessage() *protocol.Error {
	return &protocol.Error{Code: protocol.CodeValidationFailed, Message: "nil message"}
}

// implicit reports whether v creates surfaces on first mention (v0.8, the draft, and
// version-less input treated as v0.8).
func implicit(v protocol.Version) bool { return v == protocol.V09Draft || !v.AtLeast09() }

func msgErr(code, surface, path, msg string) *protocol.Error {
	return &protocol.Error{Code: code, SurfaceID: surface, Path: path, Message: msg}
}

func (p *Processor) create(m *protocol.CreateSurface) *protocol.Error {
	key := "/createSurface"
	if !m.Version.AtLeast09() {
		key = "/beginRendering"
	}
	if m.SurfaceID == "" {
		return msgErr(protocol.CodeValidationFailed, "", key+"/surfaceId", "surfaceId is empty")
	}
	if s, ok := p.surfaces[m.SurfaceID]; ok {
		if implicit(m.Version) && (m.Version != protocol.V09Draft || !s.begun) {
			if len(m.Components) > 0 || m.DataModel != nil {
				// Only v1.0 carries inline content; an implicit-creation grammar never does.
				return msgErr(protocol.CodeValidationFailed, m.SurfaceID, key, "inline components/dataModel are not allowed here")
			}
			s.begun = true
			p.setMeta(s, m)
			s.rev++
			p.emit(SurfaceEvent{SurfaceID: s.ID, Kind: Updated, Meta: true})
			return nil
		}
		return msgErr(protocol.CodeDuplicateSurface, m.SurfaceID, key+"/surfaceId", "surface "+strconv.Quote(m.SurfaceID)+" already exists")
	}
	if len(p.surfaces) >= p.opts.MaxSurfaces {
		return msgErr(protocol.CodeLimit, m.SurfaceID, key+"/surfaceId", "too many surfaces (max "+strconv.Itoa(p.opts.MaxSurfaces)+")")
	}
	s := newSurface(m.SurfaceID, m.Version, p.opts)
	s.begun = true
	if m.Metadata != nil {
		if err := checkMetadata(m.Metadata, m.SurfaceID, key+"/metadata"); err != nil {
			// Reported; the surface is still created, without the metadata.
			p.skipped = append(p.skipped, err)
			mm := *m
			mm.Metadata = nil
			m = &mm
		}
	}
	p.setMeta(s, m)
	if len(m.Components) > 0 {
		if err := p.putComponents(s, m.Components, key+"/components", nil); err != nil {
			return err
		}
	}
	if len(m.DataModel) > 0 {
		v, recs, err := parseOrderedPaused(m.DataModel, p.opts.Pause)
		if err != nil {
			return msgErr(protocol.CodeValidationFailed, s.ID, key+"/dataModel", "invalid JSON: "+err.Error())
		}
		v, perr := p.checkEntries(s.ID, key+"/dataModel", v, nil)
		if perr != nil {
			return perr
		}
		if err := s.Data.setParsed(nil, v); err != nil {
			return wrap(err, s.ID, key+"/dataModel")
		}
		s.Data.adoptOrder(recs)
	}
	p.register(s)
	return nil
}

func (p *Processor) setMeta(s *Surface, m *protocol.CreateSurface) {
	if m.Root != "" {
		s.Root = m.Root
	}
	if m.CatalogID != "" {
		s.CatalogID = m.CatalogID
	}
	if m.Theme != nil {
		s.Theme = m.Theme
	}
	if m.Metadata != nil {
		s.Metadata = m.Metadata
	}
	s.SendDataModel = m.SendDataModel
}

func (p *Processor) register(s *Surface) {
	p.surfaces[s.ID] = s
	p.order = append(p.order, s.ID)
	p.emit(SurfaceEvent{SurfaceID: s.ID, Kind: Created})
}

// target finds the surface a v0.8/draft/v0.9+ update addresses, or prepares an implicit
// one (not yet registered: fresh == true).
func (p *Processor) target(id string, v protocol.Version, key string) (s *Surface, fresh bool, err *protocol.Error) {
	if id == "" {
		return nil, false, msgErr(protocol.CodeValidationFailed, "", key+"/surfaceId", "surfaceId is empty")
	}
	if s, ok := p.surfaces[id]; ok {
		return s, false, nil
	}
	if !implicit(v) {
		return nil, false, msgErr(protocol.CodeUnknownSurface, id, key+"/surfaceId", "surface "+strconv.Quote(id)+" does not exist (createSurface first)")
	}
	if len(p.surfaces) >= p.opts.MaxSurfaces {
		return nil, false, msgErr(protocol.CodeLimit, id, key+"/surfaceId", "too many surfaces (max "+strconv.Itoa(p.opts.MaxSurfaces)+")")
	}
	return newSurface(id, v, p.opts), true, nil
}

func (p *Processor) updateComponents(m *protocol.UpdateComponents) *protocol.Error {
	key := "/updateComponents"
	if implicit(m.Version) {
		key = "/surfaceUpdate"
	}
	s, fresh, err := p.target(m.SurfaceID, m.Version, key)
	if err != nil {
		return err
	}
	var changed []string
	if err := p.putComponents(s, m.Components, key+"/components", &changed); err != nil {
		return err
	}
	var seedErr *protocol.Error
	if m.Version == protocol.V08 {
		seedErr = p.seedLiterals(s, changed)
	}
	if fresh {
		p.register(s)
	} else if len(changed) > 0 {
		p.emit(SurfaceEvent{SurfaceID: s.ID, Kind: Updated, Components: changed})
	}
	return seedErr
}

// putComponents validates the whole list, then stores it.
func (p *Processor) putComponents(s *Surface, list []protocol.Component, at string, changed *[]string) *protocol.Error {
	added := 0
	var seen map[string]bool
	for i, c := range list {
		if c.ID == "" {
			return msgErr(protocol.CodeValidationFailed, s.ID, at+"/"+strconv.Itoa(i)+"/id", "component id is empty")
		}
		if c.Type == "" {
			return msgErr(protocol.CodeValidationFailed, s.ID, at+"/"+strconv.Itoa(i)+"/component", "component "+strconv.Quote(c.ID)+" has no type")
		}
		if _, ok := s.comps[c.ID]; ok {
			continue
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		if !seen[c.ID] {
			seen[c.ID] = true
			added++
			if len(s.comps)+added > p.opts.MaxComponents {
				return msgErr(protocol.CodeLimit, s.ID, at+"/"+strconv.Itoa(i), "too many components (max "+strconv.Itoa(p.opts.MaxComponents)+" per surface)")
			}
		}
	}
	for _, c := range list {
		if s.putComponent(c) && changed != nil {
			*changed = append(*changed, c.ID)
		}
	}
	return nil
}

func (p *Processor) updateData(m *protocol.UpdateDataModel) *protocol.Error {
	key, valueKey := "/updateDataModel", "/value"
	if implicit(m.Version) {
		key, valueKey = "/dataModelUpdate", "/contents"
	}
	s, fresh, err := p.target(m.SurfaceID, m.Version, key)
	if err != nil {
		return err
	}
	if err := p.lim.checkPathText(m.Path); err != nil {
		return wrap(err, s.ID, key+"/path")
	}
	ptr, perr := ParsePointer(m.Path)
	if perr != nil {
		return msgErr(protocol.CodeValidationFailed, s.ID, key+"/path", perr.Error())
	}
	if err := p.lim.checkPointer(ptr); err != nil {
		return wrap(err, s.ID, key+"/path")
	}
	if m.Value == nil {
		if err := s.Data.Delete(ptr); err != nil {
			return wrap(err, s.ID, key+"/path")
		}
	} else {
		v, recs, err := parseOrderedPaused(m.Value, p.opts.Pause)
		if err != nil {
			return msgErr(protocol.CodeValidationFailed, s.ID, key+valueKey, "invalid JSON: "+err.Error())
		}
		v, cerr := p.checkEntries(s.ID, key+valueKey, v, m.EntryKeys)
		if cerr != nil {
			return cerr
		}
		if err := s.Data.setParsed(ptr, v); err != nil {
			at := key + "/path"
			if pe, ok := err.(*protocol.Error); ok && (isNodeLimit(pe) || len(ptr) == 0) {
				at = key + valueKey
			}
			return wrap(err, s.ID, at)
		}
		s.Data.adoptOrder(recs)
	}
	if fresh {
		p.register(s)
	} else {
		p.emit(SurfaceEvent{SurfaceID: s.ID, Kind: Updated, Data: []Pointer{ptr}})
	}
	return nil
}

func (p *Processor) delete(m *protocol.DeleteSurface) *protocol.Error {
	s, ok := p.surfaces[m.SurfaceID]
	if !ok {
		return nil // every version: an unknown (or already deleted) id is a silent no-op
	}
	delete(p.surfaces, s.ID)
	for i, id := range p.order {
		if id == s.ID {
			p.order = append(p.order[:i:i], p.order[i+1:]...)
			break
		}
	}
	s.Data.Close()
	s.comps = map[string]*Component{}
	s.order = nil
	s.rev++
	p.emit(SurfaceEvent{SurfaceID: s.ID, Kind: Deleted})
	return nil
}

// wrap turns a DataModel error into a message error at path.
func wrap(err error, surface, path string) *protocol.Error {
	if pe, ok := err.(*protocol.Error); ok {
		return msgErr(pe.Code, surface, path, pe.Message)
	}
	return msgErr(protocol.CodeValidationFailed, surface, path, err.Error())
}

// checkEntries applies the per-update caps to v, the value of an update at message path
// at. An object's members are its entries (v0.8: entryKeys maps each contents index to
// its key): more than MaxEntries rejects the update; a member over a value cap is
// reported (p.skipped) and removed, its siblings stay. Any other value is one entry,
// rejected whole when over a cap. When every entry was removed the update is rejected.
func (p *Processor) checkEntries(surface, at string, v any, entryKeys []string) (any, *protocol.Error) {
	obj, ok := v.(map[string]any)
	if !ok {
		if sub, err := p.lim.checkValue(v); err != nil {
			return nil, msgErr(err.Code, surface, at+sub, err.Message)
		}
		return v, nil
	}
	if len(obj) > p.lim.entries {
		return nil, msgErr(protocol.CodeLimit, surface, at, "update has "+strconv.Itoa(len(obj))+" entries (max "+strconv.Itoa(p.lim.entries)+")")
	}
	n := len(obj)
	for k, e := range obj {
		var err *protocol.Error
		sub := ""
		if len(k) > p.lim.keyBytes {
			err = newErr(protocol.CodeLimit, "object key of "+strconv.Itoa(len(k))+" bytes (max "+strconv.Itoa(p.lim.keyBytes)+")")
		} else {
			// The entry itself sits one level down in the object.
			sub, err = p.lim.checkValueAt(e, 1)
		}
		if err == nil {
			continue
		}
		delete(obj, k)
		p.skipped = append(p.skipped, msgErr(err.Code, surface, entryPath(at, k, entryKeys)+sub, err.Message+"; entry skipped"))
	}
	if n > 0 && len(obj) == 0 {
		e := p.skipped[len(p.skipped)-1]
		p.skipped = p.skipped[:len(p.skipped)-1]
		e.Message = strings.TrimSuffix(e.Message, "; entry skipped") + "; no entry left, update rejected"
		return nil, e
	}
	return obj, nil
}

// entryPath is the message path of the entry keyed k: "/dataModelUpdate/contents/<i>" for
// v0.8 (through entryKeys), else at + "/" + k.
func entryPath(at, k string, entryKeys []string) string {
	for i := len(entryKeys) - 1; i >= 0; i-- {
		if entryKeys[i] == k {
			return at + "/" + strconv.Itoa(i)
		}
	}
	return at + "/" + protocol.EscapeToken(k)
}
