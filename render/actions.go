package render

import (
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// flight is the last action a Button sent.
type flight struct {
	id     string
	body   []byte
	busy   bool
	failed string
	// send counts the sends of this body: a done of an earlier send is ignored.
	send int
	// clickTime is the event time (ms) of the last accepted click.
	clickTime float64
}

type pendingAction struct {
	surfaceID, path string
}

func (r *Renderer) onAction(surfaceID string, a catalog.ActionInvocation) {
	s := r.surf[surfaceID]
	ms, ok := r.proc.Surface(surfaceID)
	if s == nil || !ok {
		return
	}
	if p := r.opts.Profile; p != nil && p.Action(r, surfaceID, a) {
		return
	}
	ev := protocol.ActionEvent{
		Version:           ms.Version,
		Name:              a.Name,
		SurfaceID:         surfaceID,
		SourceComponentID: a.SourceComponentID,
		Timestamp:         binding.FormatISO(r.opts.Now()),
		Context:           a.Context,
		ContextKeys:       a.Keys,
		UserMessage:       a.UserMessage,
		WantResponse:      a.WantResponse,
	}
	// Every action has an id an agent can de-duplicate on: v0.10's actionId member and,
	// in every version, the POST's Idempotency-Key header.
	ev.ActionID = r.newID()
	if a.WantResponse {
		r.pending[ev.ActionID] = pendingAction{surfaceID: surfaceID, path: a.ResponsePath}
	}
	if ms.SendDataModel {
		// The snapshot is a copy; obscured fields never leave with it.
		ev.DataModel, _ = s.env.State.Redact(nil, ms.Data.Snapshot()).(map[string]any)
	}
	body := protocol.EncodeAction(ev)
	r.host.Emit("a2ui-action", body)
	if s.flights == nil {
		s.flights = map[string]*flight{}
	}
	f := s.flights[a.UID]
	if f == nil || a.UID == "" {
		f = &flight{}
		if a.UID != "" {
			s.flights[a.UID] = f
		}
	}
	f.id, f.body, f.failed = ev.ActionID, body, ""
	r.sendAction(s, a.UID, f)
}

func (r *Renderer) actionResponse(m *protocol.ActionResponse) {
	p, ok := r.pending[m.ActionID]
	if !ok {
		r.Report(&protocol.Error{Code: protocol.CodeValidationFailed, Path: "/actionResponse/actionId",
			Message: "no pending action with id " + strconv.Quote(m.ActionID)})
		return
	}
	delete(r.pending, m.ActionID)
	if m.Error != nil {
		r.Report(&protocol.Error{Code: m.Error.Code, SurfaceID: p.surfaceID, Message: m.Error.Message})
		return
	}
	if p.path == "" {
		return
	}
	ms, ok := r.proc.Surface(p.surfaceID)
	if !ok {
		return
	}
	ptr, err := model.ParsePointer(p.path)
	if err != nil {
		r.Report(&protocol.Error{Code: protocol.CodeValidationFailed, SurfaceID: p.surfaceID, Message: err.Error()})
		return
	}
	if err := ms.Data.SetJSON(ptr, m.Value); err != nil {
		r.Report(&protocol.Error{Code: protocol.CodeValidationFailed, SurfaceID: p.surfaceID, Message: err.Error()})
	}
}

// poster returns the transport client-to-server messages are POSTed through (nil: they
// go to Host.Send).
func (r *Renderer) poster() Transport {
	if t, ok := r.host.(Transport); ok && r.opts.ActionURL != "" {
		return t
	}
	return nil
}

// send delivers a client-to-server message that is not an action: POSTed to ActionURL
// (its answer is more messages; an error report's answer is quiet), or Host.Send.
func (r *Renderer) send(body []byte, errorReport bool) {
	t := r.poster()
	if t == nil {
		r.host.Send(body, errorReport)
		return
	}
	r.Connect(t, Request{URL: r.opts.ActionURL, Method: "POST", Body: body, Reply: true, Quiet: errorReport,
		Headers: map[string]string{"Content-Type": "application/json"}})
}

// sendAction posts f's body with its action id as Idempotency-Key (a retry sends the
// same body and id); its Button shows busy until the response head arrives, or the
// failure beside it (HTTP status, network failure, no answer within ActionTimeout).
// Without an ActionURL, an ActionSender host delivers it the same way.
func (r *Renderer) sendAction(s *surface, uid string, f *flight) {
	t := r.poster()
	as, sender := r.host.(ActionSender)
	if t == nil && !sender {
		r.host.Send(f.body, false) // answered at once
		return
	}
	f.busy = true
	f.send++
	send := f.send
	r.actionStateChanged(s, uid)
	timeout := r.opts.ActionTimeout
	if timeout <= 0 {
		timeout = DefaultActionTimeout
	}
	done := func(err error) {
		if r.surf[s.id] != s || f.send != send {
			return // the surface is gone, or a retry superseded this send
		}
		f.busy = false
		if err != nil {
			f.failed = "The action could not be sent: " + err.Error()
			r.host.Emit("a2ui-action-failed", actionFailed(s.id, f, err))
		}
		r.actionStateChanged(s, uid)
	}
	if t == nil {
		as.SendAction(f.body, f.id, timeout, done)
		return
	}
	st := r.newConnStream(t, Request{URL: r.opts.ActionURL, Method: "POST", Body: f.body, Reply: true,
		Headers: map[string]string{"Content-Type": "application/json", "Idempotency-Key": f.id}, Timeout: timeout})
	st.action = done
	st.connect()
}

// retry re-sends the failed action of Button uid (same body, same id).
func (r *Renderer) retry(id, uid string) {
	s := r.surf[id]
	if s == nil {
		return
	}
	f := s.flights[uid]
	if f == nil || f.failed == "" || f.busy {
		return
	}
	f.failed = ""
	r.sendAction(s, uid, f)
}

// actionStateChanged re-renders Button uid of s (busy/failed state).
func (r *Renderer) actionStateChanged(s *surface, uid string) {
	if uid == "" {
		s.env.State.Invalidate()
	} else {
		s.env.State.Touch(uid)
	}
	r.markDirty(s)
}
