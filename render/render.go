package render

import (
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// Renderer turns streams of A2UI messages into DOM patches and user events into
// client-to-server messages. It is single-goroutine: every method must be called on the
// UI goroutine (webhost runs one and funnels JS callbacks into it).
type Renderer struct {
	host Host
	opts Options
	// funcs are the function registries of opts.Catalogs (same index); fixedFuncs is
	// Options.Functions as given (nil: each catalog's own).
	funcs      []*binding.Functions
	fixedFuncs *binding.Functions
	proc       *model.Processor
	enc        dom.Encoder
	surf       map[string]*surface
	order      []string
	pending    map[string]pendingAction // v0.10 wantResponse actions by actionId
	frameRq    bool
	// dispatching: a user event is being dispatched, and Dispatch renders its frame
	// itself, so markDirty asks the host for no frame callback.
	dispatching bool
	// version of the last message seen: errors not tied to a surface use it.
	lastVersion protocol.Version
	// quiet > 0 while applying the answer to an error report: errors go to the page only.
	quiet int
	// base is the URL of the stream whose message is being applied ("" for Process).
	base string
	// streams are the connected streams that have not ended (Destroy stops them).
	streams map[*Stream]bool
}

type surface struct {
	id      string
	base    string // URL of the stream that created it (relative URLs, "self")
	tree    *dom.Tree
	env     *engine.Env
	dirty   bool
	unsub   func()
	version protocol.Version
	status  string  // "" live, "ended" stream ended before the surface was ready, "failed", "reconnecting"
	stream  *Stream // the stream whose state status shows (Retry reopens it)
	crashed string
	theme   string
	// unsupported: no catalog of the renderer accepts the surface's catalogId; it
	// shows a notice and nothing of it is built.
	unsupported bool
	// crashShown: the crash notice replaced the surface's content.
	crashShown bool
	// built: the mounted tree is the last build's own (no status banner around it), so
	// engine.Refresh may patch it in place.
	built bool
	// flights are the Buttons' last actions by instance uid (single-flight, retry).
	flights map[string]*flight
	// dmJSON is the data model's JSON at version dmVersion (DataModel's cache).
	dmJSON    []byte
	dmVersion uint64
}

// New returns a renderer that draws into h.
func New(h Host, opts Options) *Renderer {
	if opts.Catalog != nil {
		opts.Catalogs = append([]*catalog.Catalog{opts.Catalog}, opts.Catalogs...)
	}
	if len(opts.Catalogs) == 0 {
		opts.Catalogs = []*catalog.Catalog{basic.Catalog()}
	}
	opts.Catalog = opts.Catalogs[0]
	if opts.Policy == nil {
		opts.Policy = policy.Default()
	}
	applyLimits(&opts)
	r := &Renderer{host: h, surf: map[string]*surface{}, pending: map[string]pendingAction{}, streams: map[*Stream]bool{}}
	r.fixedFuncs = opts.Functions
	r.opts.DefaultCatalog = opts.DefaultCatalog
	opts.Catalogs = slices.Clone(opts.Catalogs) // the caller's slice stays as it was
	for i, c := range opts.Catalogs {
		opts.Catalogs[i] = r.standardAlias(c)
	}
	funcs := make([]*binding.Functions, len(opts.Catalogs))
	for i, c := range opts.Catalogs {
		funcs[i] = r.catalogFuncs(&opts, c)
	}
	opts.Functions = funcs[0]
	if opts.Now == nil {
		opts.Now = time.Now
	}
	lim := opts.Limits
	lim.Pause = opts.Yield
	r.opts, r.proc, r.funcs = opts, model.NewProcessor(lim), funcs
	r.proc.OnChange(r.onSurfaceEvent)
	return r
}

// Surfaces returns the ids of the live surfaces in creation order.
func (r *Renderer) Surfaces() []string { return r.proc.SurfaceIDs() }

// DataModelVersion returns a number that changes whenever the surface's data model
// does (0 for an unknown surface): a mirror of the model (worker mode) re-reads
// DataModel only when it moved.
func (r *Renderer) DataModelVersion(id string) uint64 {
	ms, ok := r.proc.Surface(id)
	if !ok {
		return 0
	}
	return ms.Data.Version()
}

// DataModel returns the JSON of a surface's data model (nil for an unknown surface), each
// object's keys in stream order (model.DataModel.AppendJSON). The encoding is kept until
// the model changes, so polling an unchanged model is free.
func (r *Renderer) DataModel(id string) []byte {
	ms, ok := r.proc.Surface(id)
	if !ok {
		return nil
	}
	s := r.surf[id]
	v := ms.Data.Version()
	if s != nil && s.dmJSON != nil && s.dmVersion == v {
		return s.dmJSON
	}
	root, _ := ms.Data.Get(nil)                          // read-only: encoded, never kept
	b := ms.Data.AppendJSON(make([]byte, 0, 1024), root) // keys in stream order
	if s != nil {
		s.dmJSON, s.dmVersion = b, v
	}
	return b
}

// Destroy stops every stream and removes every surface and its DOM.
func (r *Renderer) Destroy() {
	for st := range r.streams {
		st.stop()
	}
	clear(r.streams)
	for _, id := range append([]string(nil), r.order...) {
		r.proc.Apply(&protocol.DeleteSurface{Version: protocol.V09, SurfaceID: id})
	}
}

// Nodes returns the number of DOM nodes the renderer has mounted (all surfaces). The
// browser layer paces frames by it: the browser's own style and layout work after a
// patch grows with the size of the DOM, not with the size of the patch.
func (r *Renderer) Nodes() int {
	n := 0
	for _, s := range r.surf {
		n += s.tree.Live()
	}
	return n
}

// newID returns a fresh action id: 128 bits from math/rand/v2's global generator
// (ChaCha8 seeded by the runtime from the platform's entropy). crypto/rand would link
// Go's FIPS module into the wasm (41 KB brotli) for the same unpredictability here.
func (r *Renderer) newID() string {
	if r.opts.NewID != nil {
		return r.opts.NewID()
	}
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], rand.Uint64())
	binary.LittleEndian.PutUint64(b[8:], rand.Uint64())
	return hex.EncodeToString(b[:])
}
