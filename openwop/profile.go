package openwop

import (
	"bytes"
	"strconv"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/render"
)

// ActionEvent is the page event an action of a profile surface becomes; nothing is sent
// over the network. Its detail is
//
//	{"target":"resume"|"exchange","action":<button id>,"values":{<field id>:<value>},
//	 "envelopeId":…,"correlationId":…,"contentTrust":"trusted"|"untrusted"}
//
// values holds every field of the surface: strings for text, date (YYYY-MM-DD) and
// select fields, booleans for checkboxes. For "resume" it is the interrupt's resumeValue.
const ActionEvent = "a2ui-openwop-action"

// Config is what the host declares for the profile.
type Config struct {
	// Targets are the action targets the host handles: "resume" (an open interrupt)
	// and/or "exchange" (a conversation exchange). A button for another target renders
	// disabled and its activation is refused.
	Targets []string
	// Approval marks the resume target as an approval gate: a surface from untrusted
	// content (meta.contentTrust) cannot drive it.
	Approval bool
}

// Profile is the OpenWOP ui.a2ui-surface profile, a render.Profile. Create it with New
// and install it with Apply.
type Profile struct {
	cfg      Config
	cat      *catalog.Catalog
	dec      *protocol.Decoder
	surfaces map[string]*state // by surface id (the envelope's correlationId)
}

// state is one surface: the fold of the envelopes sharing a correlationId.
type state struct {
	final     bool
	failed    bool
	untrusted bool // sticky: one untrusted envelope taints the surface
	envelope  string
	payload   []byte            // the final envelope's surface, for replays
	fields    map[string]string // field id → component kind
	seeded    map[string]bool
}

// New returns the profile for a host's declaration.
func New(cfg Config) *Profile {
	return &Profile{cfg: cfg, cat: Catalog(), dec: protocol.NewDecoder(), surfaces: map[string]*state{}}
}

// Apply installs p in opts: its closed catalog (which has no URL prop and renders text
// literally, so it needs no URL policy), its function registry ("required" only) and the
// profile itself. The page's policy (opts.Policy) still applies on top.
func (p *Profile) Apply(opts *render.Options) {
	opts.Catalog, opts.Catalogs = p.cat, nil // closed: no other catalog
	opts.Functions = functions()
	opts.Profile = p
}

func (p *Profile) declared(target string) bool {
	for _, t := range p.cfg.Targets {
		if t == target {
			return true
		}
	}
	return false
}

// Capabilities advertises the kind, its schema version and the catalog versions and
// components it renders (OpenWOP supportedEnvelopes / schemaVersions).
func (p *Profile) Capabilities() []byte {
	b := protocol.AppendJSON(nil, map[string]any{
		"supportedEnvelopes": []string{Kind},
		"schemaVersions":     map[string]any{Kind: SchemaVersion},
		Kind:                 map[string]any{"catalogVersions": CatalogVersions, "components": Components},
	})
	return b[1 : len(b)-1]
}

// Local is true: under the profile nothing leaves the page (no error report, no action
// request).
func (p *Profile) Local() bool { return true }

// Decode takes every payload: an envelope renders (or is refused with a notice), and
// anything else is refused, since only the closed catalog may render under the profile.
func (p *Profile) Decode(r *render.Renderer, data []byte) ([]protocol.Message, bool) {
	if !IsEnvelope(data) {
		r.Report(&protocol.Error{Code: CodeSchema,
			Message: "only " + Kind + " envelopes render under the OpenWOP profile; the payload was ignored"})
		return nil, true
	}
	env, ref := Parse(data)
	if ref != nil {
		return p.refuse(r, ref.CorrelationID, ref), true
	}
	sid := env.CorrelationID
	st := p.surfaces[sid]
	canon := env.Surface.canonical()
	switch {
	case st != nil && st.failed:
		return p.refuse(r, sid, &Refusal{Code: CodeSchema, Message: "the surface failed closed; later envelopes are not rendered"}), true
	case st != nil && st.final:
		// Replay determinism: a finalized surface is never regenerated.
		if !bytes.Equal(canon, st.payload) || env.Partial {
			r.Report(&protocol.Error{Code: CodeCorrelationConflict, SurfaceID: sid,
				Message: "envelope " + strconv.Quote(env.EnvelopeID) + " differs from the finalized surface; ignored"})
		}
		return nil, true
	}
	for _, c := range env.Surface.Components {
		if c.ID != "" && c.Kind != "action.button" && (solicitsSecret(c.ID) || solicitsSecret(c.Label)) {
			return p.refuse(r, sid, &Refusal{Code: CodeSecret,
				Message: "field " + strconv.Quote(c.ID) + " asks for a secret, which a surface must not solicit"}), true
		}
	}
	var msgs []protocol.Message
	if st == nil && len(p.surfaces) >= MaxSurfaces {
		r.Report(&protocol.Error{Code: CodeSchema, SurfaceID: sid,
			Message: "more than " + strconv.Itoa(MaxSurfaces) + " surfaces under the profile; envelope ignored"})
		return nil, true
	}
	if st == nil {
		st = &state{fields: map[string]string{}, seeded: map[string]bool{}}
		p.surfaces[sid] = st
		msgs = p.messages(r, createSurface(sid))
	}
	st.untrusted = st.untrusted || env.Untrusted
	st.final = !env.Partial
	st.envelope = env.EnvelopeID
	if st.final {
		st.payload = canon
	}
	msgs = append(msgs, p.messages(r, p.surfaceMessages(sid, st, env)...)...)
	return msgs, true
}

// refuse fails the surface sid closed (when the envelope named one): its content is
// replaced by a notice and no later envelope renders. The refusal is reported.
func (p *Profile) refuse(r *render.Renderer, sid string, ref *Refusal) []protocol.Message {
	r.Report(&protocol.Error{Code: ref.Code, SurfaceID: sid, Message: ref.Message})
	if sid == "" {
		return nil
	}
	st := p.surfaces[sid]
	var lines [][]byte
	if st == nil && len(p.surfaces) >= MaxSurfaces {
		return nil
	}
	if st == nil {
		st = &state{fields: map[string]string{}, seeded: map[string]bool{}}
		p.surfaces[sid] = st
		lines = append(lines, createSurface(sid))
	} else if st.failed {
		return nil
	}
	st.failed, st.final = true, false
	text := "This surface could not be rendered safely: " + Redact(ref.Message)
	if ref.Code == CodeUnknownVersion {
		text = "This surface was refused: " + Redact(ref.Message)
	}
	lines = append(lines, updateComponents(sid, []map[string]any{
		{"id": "root", "component": "Column", "children": []string{"openwop-refused"}},
		{"id": "openwop-refused", "component": "Text", "variant": "notice", "text": text},
	}), updateData(sid, "/openwop/final", false))
	return p.messages(r, lines...)
}

// messages decodes the profile's own A2UI lines (v0.9).
func (p *Profile) messages(r *render.Renderer, lines ...[]byte) []protocol.Message {
	var out []protocol.Message
	for _, l := range lines {
		msgs, errs := p.dec.Decode(l)
		for _, e := range errs {
			r.Report(e)
		}
		out = append(out, msgs...)
	}
	return out
}

func createSurface(sid string) []byte {
	b := protocol.AppendJSON(nil, map[string]any{"version": "v0.9",
		"createSurface": map[string]any{"surfaceId": sid, "catalogId": CatalogID}})
	return b
}

func updateComponents(sid string, comps []map[string]any) []byte {
	b := protocol.AppendJSON(nil, map[string]any{"version": "v0.9",
		"updateComponents": map[string]any{"surfaceId": sid, "components": comps}})
	return b
}

func updateData(sid, path string, v any) []byte {
	b := protocol.AppendJSON(nil, map[string]any{"version": "v0.9",
		"updateDataModel": map[string]any{"surfaceId": sid, "path": path, "value": v}})
	return b
}

// fieldPath is the data path of a field's value.
func fieldPath(id string) string {
	return "/fields/" + protocol.EscapeToken(id)
}

// surfaceMessages translates the envelope's surface into A2UI components over the
// profile's catalog, seeds new fields and sets whether actions may run (final).
func (p *Profile) surfaceMessages(sid string, st *state, env *Envelope) [][]byte {
	children := []string{}
	comps := []map[string]any{}
	add := func(c map[string]any) {
		children = append(children, c["id"].(string))
		comps = append(comps, c)
	}
	if st.untrusted {
		add(map[string]any{"id": "openwop-trust", "component": "Text", "variant": "badge",
			"text": "Untrusted content: this surface came from content the host could not vouch for."})
	}
	if env.Surface.Title != "" {
		add(map[string]any{"id": "openwop-title", "component": "Heading", "level": 1, "text": Redact(env.Surface.Title)})
	}
	var seeds [][]byte
	var required []string
	st.fields = map[string]string{} // the latest envelope's fields are the surface's
	blockedApproval := false
	for i, c := range env.Surface.Components {
		id := "c" + strconv.Itoa(i)
		label := Redact(c.Label)
		if c.Required {
			label += " (required)"
			required = append(required, fieldPath(c.ID))
		}
		value := map[string]any{"path": fieldPath(c.ID)}
		var seed any
		switch c.Kind {
		case "heading":
			add(map[string]any{"id": id, "component": "Heading", "level": c.Level + 1, "text": Redact(c.Text)})
		case "text":
			add(map[string]any{"id": id, "component": "Text", "text": Redact(c.Text)})
		case "field.text":
			f := map[string]any{"id": id, "component": "TextField", "label": label, "value": value}
			if c.Placeholder != "" {
				f["placeholder"] = Redact(c.Placeholder)
			}
			add(f)
			seed = ""
		case "field.date":
			add(map[string]any{"id": id, "component": "DateTimeInput", "label": label, "value": value, "enableDate": true})
			seed = ""
		case "field.select":
			opts := make([]map[string]any, len(c.Options))
			for j, o := range c.Options {
				opts[j] = map[string]any{"label": Redact(o.Label), "value": o.Value}
			}
			add(map[string]any{"id": id, "component": "ChoicePicker", "label": label, "variant": "mutuallyExclusive",
				"options": opts, "value": value})
			seed = []any{c.Options[0].Value}
		case "field.checkbox":
			add(map[string]any{"id": id, "component": "CheckBox", "label": label, "value": value})
			seed = c.Default
		}
		if seed != nil {
			st.fields[c.ID] = c.Kind
			if !st.seeded[c.ID] {
				st.seeded[c.ID] = true
				seeds = append(seeds, updateData(sid, fieldPath(c.ID), seed))
			}
		}
	}
	// Buttons go last, in one row, each gated by its checks (the DOM disables it).
	var buttons []string
	for i, c := range env.Surface.Components {
		if c.Kind != "action.button" {
			continue
		}
		id := "c" + strconv.Itoa(i)
		checks := []map[string]any{{"condition": map[string]any{"path": "/openwop/final"},
			"message": "Waiting for the complete surface"}}
		switch {
		case !p.declared(c.Target):
			checks = append(checks, map[string]any{"condition": false, "message": "This page does not accept this action"})
		case c.Target == "resume" && p.cfg.Approval && st.untrusted:
			checks = append(checks, map[string]any{"condition": false, "message": "Untrusted content cannot approve"})
			blockedApproval = true
		}
		for _, path := range required {
			checks = append(checks, map[string]any{"condition": map[string]any{"call": "required",
				"args": map[string]any{"value": map[string]any{"path": path}}}, "message": "Fill the required fields"})
		}
		variant := "default"
		if c.Target == "resume" {
			variant = "primary"
		}
		comps = append(comps,
			map[string]any{"id": id, "component": "Button", "child": id + "-label", "variant": variant, "checks": checks,
				"action": map[string]any{"event": map[string]any{"name": c.Target,
					"context": map[string]any{"action": c.ID, "values": map[string]any{"path": "/fields"}}}}},
			map[string]any{"id": id + "-label", "component": "Label", "text": Redact(c.Label)})
		buttons = append(buttons, id)
	}
	if blockedApproval {
		add(map[string]any{"id": "openwop-approval", "component": "Text", "variant": "notice",
			"text": "Approval is blocked: a surface from untrusted content cannot approve."})
	}
	if env.Partial {
		add(map[string]any{"id": "openwop-partial", "component": "Text", "variant": "status",
			"text": "More of this surface is on its way; its actions are disabled until it is complete."})
	}
	if len(buttons) > 0 {
		comps = append(comps, map[string]any{"id": "openwop-actions", "component": "Row", "children": buttons})
		children = append(children, "openwop-actions")
	}
	comps = append(comps, map[string]any{"id": "root", "component": "Column", "children": children})
	out := append([][]byte{updateComponents(sid, comps)}, seeds...)
	return append(out, updateData(sid, "/openwop/final", st.final))
}

// Action delivers a button's activation as an ActionEvent after checking it against
// the invariants again (a synthetic activation of a disabled button gets here too).
// Nothing is ever sent to an agent endpoint under the profile.
func (p *Profile) Action(r *render.Renderer, sid string, a catalog.ActionInvocation) bool {
	st := p.surfaces[sid]
	refuse := func(code, msg string) bool {
		r.Report(&protocol.Error{Code: code, SurfaceID: sid, Message: msg})
		return true
	}
	switch {
	case st == nil || st.failed:
		return refuse(CodeConfinement, "the surface is not live")
	case a.Name != "resume" && a.Name != "exchange":
		return refuse(CodeConfinement, "action target "+strconv.Quote(a.Name)+" is not resume or exchange")
	case !st.final:
		return refuse(CodeConfinement, "actions are disabled until the final envelope")
	case !p.declared(a.Name):
		return refuse(CodeConfinement, "the page does not accept the "+a.Name+" target")
	case a.Name == "resume" && p.cfg.Approval && st.untrusted:
		return refuse(CodeUntrustedApproval, "an untrusted surface cannot drive an approval")
	}
	raw, _ := a.Context["values"].(map[string]any)
	values := map[string]any{}
	for id, kind := range st.fields {
		v := raw[id]
		switch kind {
		case "field.select":
			s := ""
			if l, ok := v.([]any); ok && len(l) > 0 {
				s, _ = l[0].(string)
			}
			v = s
		case "field.checkbox":
			b, _ := v.(bool)
			v = b
		default:
			s, _ := v.(string)
			v = s
		}
		values[id] = v
	}
	trust := "trusted"
	if st.untrusted {
		trust = "untrusted"
	}
	action, _ := a.Context["action"].(string)
	detail := protocol.AppendJSON(nil, map[string]any{"target": a.Name, "action": action, "values": values,
		"envelopeId": st.envelope, "correlationId": sid, "contentTrust": trust})
	r.Emit("a2ui-openwop-action", detail) // ActionEvent, spelled out for the d.ts drift check
	return true
}

// Unadvertised is the render.Profile of a page that does not advertise the kind (RFC
// N6): a ui.a2ui-surface envelope is stored, not rendered, and fails nothing: it is
// handed to the page as an "a2ui-envelope" event ({"rendered":false,"envelope":…})
// and no error is reported. Everything else goes to the A2UI decoder as usual.
type Unadvertised struct{}

// EnvelopeEvent is the event of an envelope stored without rendering.
const EnvelopeEvent = "a2ui-envelope"

func (Unadvertised) Decode(r *render.Renderer, data []byte) ([]protocol.Message, bool) {
	if !IsEnvelope(data) {
		return nil, false
	}
	b := append([]byte(`{"rendered":false,"envelope":`), bytes.TrimSpace(data)...)
	r.Emit("a2ui-envelope", append(b, '}')) // EnvelopeEvent, spelled out for the d.ts drift check
	return nil, true
}

func (Unadvertised) Action(*render.Renderer, string, catalog.ActionInvocation) bool { return false }
func (Unadvertised) Capabilities() []byte                                           { return nil }
func (Unadvertised) Local() bool                                                    { return false }
