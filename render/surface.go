package render

import (
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// Apply processes one decoded message. Errors are reported (event + agent) and the
// renderer goes on.
func (r *Renderer) Apply(m protocol.Message) {
	if v := m.Ver(); v != protocol.VersionUnknown {
		r.lastVersion = v
	}
	switch m := m.(type) {
	case *protocol.ActionResponse:
		r.actionResponse(m)
		return
	case *protocol.CallFunction:
		r.callFunction(m)
		return
	case *protocol.FunctionResponse:
		// The renderer never calls agent functions yet, so no answer is expected.
		r.Report(&protocol.Error{Code: protocol.CodeValidationFailed, SurfaceID: m.SurfaceID,
			Message: "unexpected function response " + strconv.Quote(m.FunctionCallID)})
		return
	}
	errs := r.proc.ApplyReport(m)
	for _, err := range errs {
		r.Report(err)
	}
	if len(errs) == 0 {
		switch m := m.(type) {
		case *protocol.UpdateComponents:
			r.checkCallCatalogs(m.SurfaceID, "/updateComponents/components", m.Components)
		case *protocol.CreateSurface:
			r.checkCallCatalogs(m.SurfaceID, "/createSurface/components", m.Components)
		}
	}
	if cs, ok := m.(*protocol.CreateSurface); ok {
		if s := r.surf[cs.SurfaceID]; s != nil {
			r.applyTheme(s)
		}
	}
}

// Report sends an error to the page (a2ui-error) and to the agent.
func (r *Renderer) Report(e *protocol.Error) {
	if e == nil {
		return
	}
	v := r.lastVersion
	if s := r.surf[e.SurfaceID]; s != nil {
		v = s.version
	}
	body := protocol.EncodeError(v, e)
	r.host.Emit("a2ui-error", body)
	if r.quiet == 0 && (r.opts.Profile == nil || !r.opts.Profile.Local()) {
		r.send(body, true)
	}
}

func (r *Renderer) onSurfaceEvent(ev model.SurfaceEvent) {
	switch ev.Kind {
	case model.Created:
		ms, _ := r.proc.Surface(ev.SurfaceID)
		s := &surface{id: ev.SurfaceID, tree: dom.NewTree(r.opts.HostPrefix + ev.SurfaceID), base: r.base}
		if s.base == "" {
			s.base = r.opts.BaseURL
		}
		if ms != nil {
			s.version = ms.Version
		}
		cat := -1
		if ms != nil {
			cat = r.catalogIndex(ms.CatalogID)
		}
		if cat < 0 {
			s.unsupported = true
			cat = 0
			id := r.opts.DefaultCatalog
			if ms != nil && ms.CatalogID != "" {
				id = ms.CatalogID
			}
			// Reported at createSurface, before any component arrives.
			r.Report(&protocol.Error{Code: protocol.CodeCatalogUnsupported, SurfaceID: ev.SurfaceID, Path: "/createSurface/catalogId",
				Message: "catalog " + strconv.Quote(id) + " is not supported by this renderer; the surface is not shown"})
		}
		s.env = r.newEnv(ev.SurfaceID, s.base, cat)
		if ms != nil {
			// The surface's one data-model subscription: the next frame rebuilds what
			// read the written path.
			s.unsub = ms.Data.Subscribe(nil, func(p model.Pointer) {
				s.env.State.DataChanged(p)
				r.markDirty(s)
			})
		}
		r.surf[ev.SurfaceID] = s
		r.order = append(r.order, ev.SurfaceID)
		r.host.SurfaceAdded(ev.SurfaceID)
		r.applyTheme(s)
		r.host.Emit("a2ui-surface", surfaceEvent(ev.SurfaceID, "created"))
		r.markDirty(s)
	case model.Updated:
		if s := r.surf[ev.SurfaceID]; s != nil {
			if ms, ok := r.proc.Surface(ev.SurfaceID); ok {
				s.version = ms.Version
				r.rebindCatalog(s, ms.CatalogID)
			}
			r.markDirty(s)
		}
	case model.Deleted:
		s := r.surf[ev.SurfaceID]
		if s == nil {
			return
		}
		if s.unsub != nil {
			s.unsub()
		}
		// Flush what is pending, then unmount in its own batch so the host can go.
		r.Frame()
		r.enc.Reset()
		s.tree.Destroy(&r.enc)
		if r.enc.Ops() > 0 {
			r.host.Patch(r.enc.Bytes())
		}
		r.enc.Reset()
		delete(r.surf, ev.SurfaceID)
		for i, id := range r.order {
			if id == ev.SurfaceID {
				r.order = append(r.order[:i], r.order[i+1:]...)
				break
			}
		}
		for k, p := range r.pending {
			if p.surfaceID == ev.SurfaceID {
				delete(r.pending, k)
			}
		}
		r.host.SurfaceRemoved(ev.SurfaceID)
		r.host.Emit("a2ui-surface", surfaceEvent(ev.SurfaceID, "deleted"))
	}
}

func (r *Renderer) applyTheme(s *surface) {
	ms, ok := r.proc.Surface(s.id)
	if !ok || len(ms.Theme) == 0 || string(ms.Theme) == s.theme {
		return
	}
	s.theme = string(ms.Theme)
	th, errs := engine.ParseTheme(ms.Theme)
	for _, e := range errs {
		e.SurfaceID = s.id
		r.Report(e)
	}
	var vars []catalog.ThemeVar
	for _, v := range th.Vars() {
		vars = append(vars, catalog.ThemeVar(v))
	}
	r.host.SurfaceTheme(s.id, vars)
}

// rebindCatalog moves s to the catalog of catalogID when it names another of the
// renderer's catalogs: v0.8's beginRendering (which may name the catalog) can follow the
// surfaceUpdate that created the surface. An unknown id is left to the build, which fails
// the surface closed.
func (r *Renderer) rebindCatalog(s *surface, catalogID string) {
	if s.unsupported || (catalogID != protocol.CatalogV08Standard && s.env.Catalog.Accepts(catalogID)) {
		return
	}
	if i := r.catalogIndex(catalogID); i >= 0 {
		s.env.Catalog, s.env.Functions = r.opts.Catalogs[i], r.funcs[i]
		s.env.State.Invalidate()
	}
}

// newEnv returns the engine.Env of surface id rendered with catalog cat (an index into
// opts.Catalogs).
func (r *Renderer) newEnv(id, base string, cat int) *engine.Env {
	env := &engine.Env{
		Catalog:   r.opts.Catalogs[cat],
		Catalogs:  r.engineCatalogs(),
		Functions: r.funcs[cat],
		Formatter: r.opts.Formatter,
		Policy:    r.opts.Policy,
		BaseURL:   engine.ParseBaseURL(base),
		Handlers:  &engine.Handlers{},
		State:     engine.NewState(),
		OpenURL:   r.host.OpenURL,
		Limits:    engine.Limits(r.opts.RenderLimits),
		Messages:  r.opts.Messages,
	}
	env.OnAction = func(surfaceID string, a engine.Action) { r.onAction(surfaceID, catalog.ActionInvocation(a)) }
	env.Now = r.opts.Now
	env.PageClock = r.opts.PageClock
	if y := r.opts.Yield; y != nil {
		env.Yield = func() time.Duration {
			t := r.opts.Now()
			y()
			return r.opts.Now().Sub(t)
		}
	}
	env.AcceptClick = func(uid string, ev dom.Event) bool { return r.acceptClick(id, uid, ev) }
	env.ActionState = func(uid string) (bool, string) {
		if s := r.surf[id]; s != nil {
			if f := s.flights[uid]; f != nil {
				return f.busy, f.failed
			}
		}
		return false, ""
	}
	env.Retry = func(uid string) { r.retry(id, uid) }
	env.OnConflict = r.onConflict
	env.OnError = func(e *protocol.Error) {
		if e.SurfaceID == "" {
			e.SurfaceID = id
		}
		r.Report(e)
	}
	env.Invalidate = func(sid string) {
		if s := r.surf[sid]; s != nil {
			r.markDirty(s)
		}
	}
	return env
}
