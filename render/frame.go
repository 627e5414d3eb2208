package render

import (
	"time"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/protocol"
)

func (r *Renderer) markDirty(s *surface) {
	s.dirty = true
	if !r.frameRq {
		r.frameRq = true
		if !r.dispatching {
			r.host.RequestFrame()
		}
	}
}

// Pending reports whether a Frame has been requested and not yet run.
func (r *Renderer) Pending() bool { return r.frameRq }

// Frame builds every dirty surface, diffs it against its mounted tree and hands the
// changes to the host, one Patch per changed surface (one crossing into JS each). A panic
// while rendering one surface is recovered: that surface's host is reset and shows an
// error notice, the others are unaffected.
func (r *Renderer) Frame() {
	r.frameRq = false
	for _, id := range r.order {
		s := r.surf[id]
		if s == nil || !s.dirty {
			continue
		}
		s.dirty = false
		r.renderSurface(s)
	}
}

// deadline is the end of a render's time budget (zero: none).
func (r *Renderer) deadline() time.Time {
	b := r.opts.RenderBudget
	if b < 0 {
		return time.Time{}
	}
	if b == 0 {
		b = DefaultRenderBudget
	}
	return r.opts.Now().Add(b)
}

func (r *Renderer) renderSurface(s *surface) {
	ms, ok := r.proc.Surface(s.id)
	if !ok {
		return
	}
	var errs []*protocol.Error
	r.enc.Reset()
	func() {
		defer func() {
			if p := recover(); p != nil {
				s.crashed = protocol.PanicText(p)
				errs = append(errs, &protocol.Error{Code: protocol.CodeRender, SurfaceID: s.id,
					Message: "rendering the surface failed: " + s.crashed})
			}
		}()
		if s.crashed != "" {
			return
		}
		var root *dom.Node
		wrap := s.status == "failed" || s.status == stateReconnecting
		if !s.unsupported && ms.Ready() && !wrap && s.built {
			// Typing: only leaves bound to the written paths are rendered again.
			s.env.Deadline = r.deadline()
			if engine.Refresh(ms, s.env, s.tree, &r.enc) {
				if r.enc.Ops() > 0 {
					r.host.Patch(r.enc.Bytes())
				}
				return
			}
		}
		s.built = false
		if s.unsupported {
			root = dom.El("div", engine.CatalogUnsupported()).SetAttr("class", "a2ui-surface").WithKey(s.id)
		} else if !ms.Ready() {
			root = r.pendingNode(s)
		} else {
			s.env.Deadline = r.deadline()
			res := engine.Build(ms, s.env)
			root, errs = res.Root, res.Errors
			if res.TimedOut {
				// All or nothing: a cut tree could drop a warning beside an enabled button.
				s.crashed = "it took longer than the render time budget"
				errs = append(errs, &protocol.Error{Code: protocol.CodeLimit, SurfaceID: s.id,
					Message: "rendering the surface took longer than its time budget; the surface is shown as failed"})
				return
			}
			if root != nil && wrap {
				root = dom.El("div", r.statusBanner(s), root).SetAttr("class", "a2ui-with-status")
			}
			s.built = !wrap
		}
		s.tree.Render(root, &r.enc)
		if r.enc.Ops() > 0 {
			r.host.Patch(r.enc.Bytes())
		}
	}()
	if s.crashed != "" && !s.crashShown {
		// The half-written batch is dropped and the host re-created, so the notice
		// starts from an empty element whatever the previous tree left behind.
		s.crashShown = true
		r.enc.Reset()
		r.host.SurfaceRemoved(s.id)
		r.host.SurfaceAdded(s.id)
		s.tree = dom.NewTree(r.opts.HostPrefix + s.id)
		s.tree.Render(crashNode(s.crashed), &r.enc)
		r.host.Patch(r.enc.Bytes())
	}
	r.enc.Reset()
	for _, e := range errs {
		if e.SurfaceID == "" {
			e.SurfaceID = s.id
		}
		r.Report(e)
	}
}

// statusText is what a surface shows for its stream status.
var statusText = map[string]l10n.Key{
	"ended":           l10n.StreamEnded,
	"failed":          l10n.StreamFailed,
	stateReconnecting: l10n.Reconnecting,
}

func (r *Renderer) pendingNode(s *surface) *dom.Node {
	switch s.status {
	case "ended":
		return dom.El("div", dom.T(r.opts.Messages.Get(statusText[s.status]))).
			SetAttr("class", "a2ui-status a2ui-status-ended").SetAttr("role", "status")
	case "failed", stateReconnecting:
		s.env.Handlers.Reset() // nothing else is rendered: only the Retry handler lives
		return r.statusBanner(s)
	}
	return dom.El("div", dom.T(r.opts.Messages.Get(l10n.Loading))).
		SetAttr("class", "a2ui-status a2ui-loading").SetAttr("aria-busy", "true").SetAttr("role", "status")
}

// statusBanner shows a lost connection (an alert, with a Retry button when the stream
// can be opened again) or a reconnection in progress (a polite, busy status).
func (r *Renderer) statusBanner(s *surface) *dom.Node {
	if s.status == stateReconnecting {
		return dom.El("div", dom.T(r.opts.Messages.Get(statusText[s.status]))).
			SetAttr("class", "a2ui-status a2ui-status-reconnecting").SetAttr("role", "status").
			SetAttr("aria-busy", "true")
	}
	n := dom.El("div", dom.El("span", dom.T(r.opts.Messages.Get(statusText[s.status])))).
		SetAttr("class", "a2ui-status a2ui-status-failed").SetAttr("role", "alert")
	if st := s.stream; st != nil && st.canRetry() {
		h := s.env.Handlers.Add(func(dom.Event) { st.Retry() })
		n.Append(dom.El("button", dom.T(r.opts.Messages.Get(l10n.Retry))).SetAttr("type", "button").
			SetAttr("class", "a2ui-retry").Listen("click", h))
	}
	return n
}

func crashNode(msg string) *dom.Node {
	return dom.El("div", dom.T("This surface could not be rendered: "+msg)).
		SetAttr("class", "a2ui-status a2ui-crashed").SetAttr("role", "alert")
}
