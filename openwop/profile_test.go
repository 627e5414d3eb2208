package openwop

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/render/rendertest"
)

// host is the renderer's test host (rendertest): DOM, events, posts; newHost fails t
// when memdom refuses an op batch.
type host = rendertest.Host

func newHost(t testing.TB, opts render.Options) *host {
	h := rendertest.New(opts)
	h.Gesture = true // openUrl counts as leaving the page (Opened)
	t.Cleanup(func() {
		if h.Err != nil {
			t.Errorf("apply: %v", h.Err)
		}
	})
	return h
}

// left returns what left the page: posted messages and opened URLs.
func left(h *host) []string { return append(append([]string{}, h.Sent...), h.Opened...) }

func tag(t string) func(*memdom.Node) bool { return func(n *memdom.Node) bool { return n.Tag == t } }

func attr(n *memdom.Node, name string) string {
	v, _ := n.Attr(name)
	return v
}

func newProfile(t *testing.T, cfg Config) (*render.Renderer, *host, *Profile) {
	p := New(cfg)
	var opts render.Options
	p.Apply(&opts)
	h := newHost(t, opts)
	return h.R, h, p
}

func feed(r *render.Renderer, payloads ...string) {
	for _, s := range payloads {
		r.Process([]byte(s))
	}
	r.Frame()
}

const sid = "run-1:node-2:turn-0:abc123"

// envelope builds an envelope around a surface JSON with the given extra top-level
// members (e.g. `"partial":true`).
func envelope(id, surface string, extra ...string) string {
	s := `{"type":"ui.a2ui-surface","schemaVersion":1,"envelopeId":"` + id + `","correlationId":"` + sid + `",` +
		`"payload":{"catalogVersion":"0.9.1","surface":` + surface + `},"partial":false,"meta":{"source":"ai-generation","ts":"2026-06-15T10:00:00Z"}`
	for _, e := range extra {
		s += "," + e
	}
	return s + "}"
}

// p1Surface is the RFC's P1: every component of the closed set, a resume action.
const p1Surface = `{"title":"Schedule the kickoff","components":[` +
	`{"component":"heading","text":"When works?","level":2},` +
	`{"component":"text","text":"Pick a time and the attendees."},` +
	`{"component":"field.date","id":"when","label":"Date","required":true},` +
	`{"component":"field.select","id":"dur","label":"Duration","options":[{"value":"30","label":"30 min"},{"value":"60","label":"60 min"}]},` +
	`{"component":"field.checkbox","id":"remind","label":"Send a reminder","default":false},` +
	`{"component":"field.text","id":"note","label":"Note","placeholder":"Anything else?"},` +
	`{"component":"action.button","id":"confirm","label":"Confirm","action":{"target":"resume"}}]}`

func button(t *testing.T, h *host, label string) *memdom.Node {
	t.Helper()
	for _, b := range h.FindAll(sid, tag("button")) {
		if b.TextContent() == label {
			return b
		}
	}
	t.Fatalf("no button %q in %q", label, h.Text(sid))
	return nil
}

// disabled: the button's checks fail, so it is aria-disabled (it stays focusable, and a
// click shows why instead of acting).
func disabled(n *memdom.Node) bool { return attr(n, "aria-disabled") == "true" }

// TestP1RendersAndCollectsResumeValue: the RFC's P1 renders every component, the
// action stays disabled until the required date is filled, and a click delivers one
// a2ui-openwop-action event with the collected values; nothing is sent anywhere.
func TestP1RendersAndCollectsResumeValue(t *testing.T) {
	r, h, _ := newProfile(t, Config{Targets: []string{"resume"}})
	feed(r, envelope("env-surface-1", p1Surface))
	if codes := h.ErrorCodes(); len(codes) != 0 {
		t.Fatalf("errors: %v", h.EventsOf("a2ui-error"))
	}
	for _, want := range []string{"Schedule the kickoff", "When works?", "Pick a time and the attendees.", "Date (required)", "Duration", "30 min", "Send a reminder", "Note", "Confirm"} {
		if !strings.Contains(h.Text(sid), want) {
			t.Errorf("surface text %q lacks %q", h.Text(sid), want)
		}
	}
	// The title is the surface's top heading and agent levels nest below it (the browser
	// runtime then renumbers them under the page's heading level).
	var heads []string
	for _, n := range h.FindAll(sid, func(n *memdom.Node) bool {
		return len(n.Tag) == 2 && n.Tag[0] == 'h' && n.Tag[1] >= '1' && n.Tag[1] <= '6'
	}) {
		heads = append(heads, n.Tag+":"+n.TextContent())
	}
	if strings.Join(heads, " ") != "h1:Schedule the kickoff h3:When works?" {
		t.Errorf("headings = %q", heads)
	}
	confirm := button(t, h, "Confirm")
	if !disabled(confirm) {
		t.Fatalf("Confirm enabled while the required date is empty")
	}
	date := h.FindAll(sid, func(n *memdom.Node) bool { return n.Tag == "input" && attr(n, "type") == "date" })
	if len(date) != 1 {
		t.Fatalf("%d date inputs", len(date))
	}
	r.Dispatch(sid, dom.Event{Type: "input", Node: date[0].ID, Value: "2026-07-01"})
	r.Frame()
	if confirm = button(t, h, "Confirm"); disabled(confirm) {
		t.Fatalf("Confirm still disabled after filling the date")
	}
	r.Dispatch(sid, dom.Event{Type: "click", Node: confirm.ID})
	acts := h.EventsOf(ActionEvent)
	if len(acts) != 1 {
		t.Fatalf("action events = %v", acts)
	}
	want := `{"action":"confirm","contentTrust":"trusted","correlationId":"` + sid + `","envelopeId":"env-surface-1","target":"resume","values":{"dur":"30","note":"","remind":false,"when":"2026-07-01"}}`
	if acts[0] != want {
		t.Errorf("action event\n got %s\nwant %s", acts[0], want)
	}
	if len(left(h)) != 0 || len(h.EventsOf("a2ui-action")) != 0 {
		t.Errorf("the action left the page: sent %v, a2ui-action %v", left(h), h.EventsOf("a2ui-action"))
	}
}

// refusedCase is an envelope the profile must refuse: its error code, and that the
// surface shows the fail-closed notice with no control.
func checkRefused(t *testing.T, h *host, code string) {
	t.Helper()
	if codes := h.ErrorCodes(); len(codes) != 1 || codes[0] != code {
		t.Fatalf("error codes = %v, want [%s]; %v", codes, code, h.EventsOf("a2ui-error"))
	}
	notice := h.FindAll(sid, func(n *memdom.Node) bool { return strings.Contains(attr(n, "class"), "a2ui-openwop-notice") })
	if len(notice) != 1 || attr(notice[0], "role") != "alert" {
		t.Fatalf("no fail-closed notice (role=alert): %q", h.Text(sid))
	}
	for _, tg := range []string{"button", "input", "select", "iframe", "img", "a", "script"} {
		if n := h.FindAll(sid, tag(tg)); len(n) > 0 {
			t.Errorf("refused surface has a <%s>", tg)
		}
	}
	if len(left(h)) != 0 {
		t.Errorf("sent %v", left(h))
	}
}

// TestNegativeExamples: the RFC's N1-N4 (schema, closed catalog, version, action
// confinement) are refused with their code and the surface fails closed.
func TestNegativeExamples(t *testing.T) {
	for _, tt := range []struct {
		name, env, code, notice string
	}{
		{"N1 surface missing", `{"type":"ui.a2ui-surface","schemaVersion":1,"envelopeId":"e","correlationId":"` + sid + `","payload":{"catalogVersion":"0.9.1"},"partial":false}`,
			CodeSchema, "payload.surface must be an object"},
		{"N1 catalogVersion absent", `{"type":"ui.a2ui-surface","schemaVersion":1,"envelopeId":"e","correlationId":"` + sid + `","payload":{"surface":{"components":[]}},"partial":false}`,
			CodeSchema, "catalogVersion is required"},
		{"N2 component outside the closed anyOf", envelope("e", `{"components":[{"component":"iframe","src":"https://evil.example"}]}`),
			CodeSchema, `"iframe" is not in the closed catalog`},
		{"N2 extra member (additionalProperties:false)", envelope("e", `{"components":[{"component":"text","text":"hi","onclick":"alert(1)"}]}`),
			CodeSchema, `unknown member "onclick"`},
		{"N2 extra surface member", envelope("e", `{"components":[],"script":"x"}`),
			CodeSchema, `unknown member "script"`},
		{"N3 catalogVersion not advertised", strings.Replace(envelope("e", p1Surface), `"0.9.1"`, `"9.9.9"`, 1),
			CodeUnknownVersion, `catalog version "9.9.9" is not one this renderer advertises`},
		{"N3 schemaVersion not supported", strings.Replace(envelope("e", p1Surface), `"schemaVersion":1`, `"schemaVersion":2`, 1),
			CodeUnknownVersion, "schema version 2"},
		{"N4 target outside resume/exchange", envelope("e", `{"components":[{"component":"action.button","id":"go","label":"Go","action":{"target":"http://evil.example/hook"}}]}`),
			CodeConfinement, "must be \"resume\" or \"exchange\""},
		{"N4 action opens a request", envelope("e", `{"components":[{"component":"action.button","id":"go","label":"Go","action":{"target":"resume","url":"https://evil.example"}}]}`),
			CodeConfinement, `"url" is refused`},
		{"N4 button with a url", envelope("e", `{"components":[{"component":"action.button","id":"go","label":"Go","action":{"target":"resume"},"href":"https://evil.example"}]}`),
			CodeConfinement, `"href" is refused`},
		{"no discriminator", envelope("e", `{"components":[{"text":"hi"}]}`), CodeSchema, "discriminator is missing"},
		{"secret field", envelope("e", `{"components":[{"component":"field.text","id":"password","label":"Password"}]}`), CodeSecret, "asks for a secret"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, h, _ := newProfile(t, Config{Targets: []string{"resume", "exchange"}})
			feed(r, tt.env)
			checkRefused(t, h, tt.code)
			if !strings.Contains(h.Text(sid), tt.notice) {
				t.Errorf("notice %q lacks %q", h.Text(sid), tt.notice)
			}
			// Fail closed is sticky: a valid envelope afterwards does not render.
			feed(r, envelope("e2", p1Surface))
			if n := h.FindAll(sid, tag("button")); len(n) > 0 {
				t.Errorf("a later envelope rendered over the refused surface")
			}
		})
	}
}

// TestN4UndeclaredTarget: a valid target the host did not declare renders disabled and
// a synthetic activation is refused; nothing leaves the page.
func TestN4UndeclaredTarget(t *testing.T) {
	r, h, p := newProfile(t, Config{Targets: []string{"resume"}})
	feed(r, envelope("e", `{"components":[{"component":"field.text","id":"msg","label":"Message"},{"component":"action.button","id":"send","label":"Send","action":{"target":"exchange"}}]}`))
	if !disabled(button(t, h, "Send")) {
		t.Fatalf("a button for an undeclared target is enabled")
	}
	r.Dispatch(sid, dom.Event{Type: "click", Node: button(t, h, "Send").ID})
	p.Action(r, sid, catalog.ActionInvocation{Name: "exchange", Context: map[string]any{"action": "send"}})
	p.Action(r, sid, catalog.ActionInvocation{Name: "navigate", Context: map[string]any{}})
	if got := h.ErrorCodes(); strings.Join(got, " ") != CodeConfinement+" "+CodeConfinement {
		t.Fatalf("codes = %v", got)
	}
	if len(h.EventsOf(ActionEvent)) != 0 || len(left(h)) != 0 {
		t.Fatalf("an undeclared action was delivered: %v %v", h.EventsOf(ActionEvent), left(h))
	}
}

// TestN5UntrustedBlocksApproval: an untrusted surface bound to an approval cannot
// resume it (disabled, a notice, a refused activation), a later trusted envelope does not
// clear the taint, and an exchange stays available.
func TestN5UntrustedBlocksApproval(t *testing.T) {
	r, h, p := newProfile(t, Config{Targets: []string{"resume", "exchange"}, Approval: true})
	surface := `{"components":[{"component":"text","text":"Approve the transfer?"},` +
		`{"component":"action.button","id":"approve","label":"Approve","action":{"target":"resume"}},` +
		`{"component":"action.button","id":"ask","label":"Ask a question","action":{"target":"exchange"}}]}`
	untrusted := strings.Replace(envelope("e1", surface), `"source":"ai-generation"`, `"source":"ai-generation","contentTrust":"untrusted"`, 1)
	untrusted = strings.Replace(untrusted, `"partial":false`, `"partial":true`, 1)
	feed(r, untrusted, envelope("e2", surface)) // the final envelope claims to be trusted
	if !disabled(button(t, h, "Approve")) {
		t.Fatalf("Approve enabled on an untrusted surface")
	}
	if disabled(button(t, h, "Ask a question")) {
		t.Fatalf("the exchange is disabled too")
	}
	for _, want := range []string{"Untrusted content", "Approval is blocked"} {
		if !strings.Contains(h.Text(sid), want) {
			t.Errorf("surface %q lacks %q", h.Text(sid), want)
		}
	}
	p.Action(r, sid, catalog.ActionInvocation{Name: "resume", Context: map[string]any{"action": "approve"}})
	if got := h.ErrorCodes(); len(got) != 1 || got[0] != CodeUntrustedApproval {
		t.Fatalf("codes = %v", got)
	}
	r.Dispatch(sid, dom.Event{Type: "click", Node: button(t, h, "Ask a question").ID})
	acts := h.EventsOf(ActionEvent)
	if len(acts) != 1 || !strings.Contains(acts[0], `"target":"exchange"`) || !strings.Contains(acts[0], `"contentTrust":"untrusted"`) {
		t.Fatalf("actions = %v", acts)
	}
	// Without an approval gate, an untrusted surface may resume.
	r2, h2, _ := newProfile(t, Config{Targets: []string{"resume"}})
	feed(r2, strings.Replace(envelope("e1", surface), `"source":"ai-generation"`, `"contentTrust":"untrusted"`, 1))
	if disabled(button(t, h2, "Approve")) {
		t.Errorf("resume disabled without an approval gate")
	}
}

// TestN6StoreWithoutRender: a page that does not advertise the kind stores the envelope
// (an a2ui-envelope event) without rendering it, reports nothing, and the stream goes on.
func TestN6StoreWithoutRender(t *testing.T) {
	h := newHost(t, render.Options{Profile: Unadvertised{}})
	r := h.R
	env := envelope("env-surface-1", p1Surface)
	feed(r, env, `{"version":"v0.9","createSurface":{"surfaceId":"after","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"after","components":[{"id":"root","component":"Text","text":"still streaming"}]}}`)
	if got := r.Surfaces(); len(got) != 1 || got[0] != "after" {
		t.Fatalf("surfaces = %v", got)
	}
	if len(h.EventsOf("a2ui-error")) != 0 || len(left(h)) != 0 {
		t.Fatalf("errors %v sent %v", h.EventsOf("a2ui-error"), left(h))
	}
	stored := h.EventsOf(EnvelopeEvent)
	if len(stored) != 1 {
		t.Fatalf("a2ui-envelope events = %v", stored)
	}
	var got struct {
		Rendered bool            `json:"rendered"`
		Envelope json.RawMessage `json:"envelope"`
	}
	if err := json.Unmarshal([]byte(stored[0]), &got); err != nil || got.Rendered || string(got.Envelope) != env {
		t.Fatalf("stored = %s (%v)", stored[0], err)
	}
	if strings.Contains(string(r.Capabilities()), Kind) {
		t.Fatalf("an unadvertising renderer advertises the kind: %s", r.Capabilities())
	}
}

// TestPartialKeepsActionsDisabled: partial envelopes render progressively with every
// action disabled; what the user typed meanwhile survives; the final envelope enables.
func TestPartialKeepsActionsDisabled(t *testing.T) {
	r, h, p := newProfile(t, Config{Targets: []string{"exchange"}})
	part := `{"components":[{"component":"field.text","id":"msg","label":"Message"},{"component":"field.checkbox","id":"draft","label":"Draft"},{"component":"action.button","id":"send","label":"Send","action":{"target":"exchange"}}]}`
	feed(r, strings.Replace(envelope("e1", part), `"partial":false`, `"partial":true`, 1))
	if !disabled(button(t, h, "Send")) {
		t.Fatalf("action enabled in a partial envelope")
	}
	if st := h.FindAll(sid, func(n *memdom.Node) bool { return attr(n, "role") == "status" }); len(st) != 1 {
		t.Fatalf("no partial status: %q", h.Text(sid))
	}
	input := h.FindAll(sid, tag("input"))[0]
	r.Dispatch(sid, dom.Event{Type: "input", Node: input.ID, Value: "hello"})
	p.Action(r, sid, catalog.ActionInvocation{Name: "exchange", Context: map[string]any{"action": "send"}})
	if got := h.ErrorCodes(); len(got) != 1 || got[0] != CodeConfinement {
		t.Fatalf("activation during partial: codes %v", got)
	}
	// The final envelope drops the partial one's "draft" field: its value is not collected.
	final := `{"components":[{"component":"field.text","id":"msg","label":"Message"},{"component":"text","text":"Thanks."},{"component":"action.button","id":"send","label":"Send","action":{"target":"exchange"}}]}`
	feed(r, envelope("e2", final))
	if disabled(button(t, h, "Send")) {
		t.Fatalf("action disabled after the final envelope")
	}
	if st := h.FindAll(sid, func(n *memdom.Node) bool { return attr(n, "role") == "status" }); len(st) != 0 {
		t.Fatalf("partial status left after the final envelope")
	}
	r.Dispatch(sid, dom.Event{Type: "click", Node: button(t, h, "Send").ID})
	if acts := h.EventsOf(ActionEvent); len(acts) != 1 || !strings.Contains(acts[0], `"values":{"msg":"hello"}`) || !strings.Contains(acts[0], `"envelopeId":"e2"`) {
		t.Fatalf("actions = %v", acts)
	}
	// Replay: the same final envelope again changes nothing; a different one is a conflict.
	feed(r, envelope("e2", final))
	feed(r, envelope("e3", part))
	if got := h.ErrorCodes(); strings.Join(got, " ") != CodeConfinement+" "+CodeCorrelationConflict {
		t.Fatalf("codes after replays = %v", got)
	}
	if !strings.Contains(h.Text(sid), "Thanks.") {
		t.Fatalf("the finalized surface was regenerated: %q", h.Text(sid))
	}
}

// TestNoCodeExecution (invariant a2ui-surface-no-code-exec): markup, Markdown and
// script in agent text render as literal text; no element but the catalog's appears.
func TestNoCodeExecution(t *testing.T) {
	r, h, _ := newProfile(t, Config{Targets: []string{"resume"}})
	inj := `<img src=x onerror="globalThis.pwned=1"> <script>globalThis.pwned=1</script> [click](https://evil.example) ![t](https://tracker.example/p.png) <https://evil.example>`
	b, _ := json.Marshal(inj)
	feed(r, envelope("e", `{"title":`+string(b)+`,"components":[{"component":"text","text":`+string(b)+`},{"component":"heading","text":`+string(b)+`}]}`))
	if got := strings.Count(h.Text(sid), inj); got != 3 {
		t.Errorf("the text appears verbatim %d times, want 3: %q", got, h.Text(sid))
	}
	for _, tg := range []string{"img", "script", "a", "iframe"} {
		if n := h.FindAll(sid, tag(tg)); len(n) > 0 {
			t.Errorf("agent text produced a <%s>", tg)
		}
	}
}

// TestNoNetworkEgress (invariant a2ui-surface-no-network-egress): no rendered element
// carries a URL attribute, no function but "required" can run (no openUrl), and no
// component of the closed catalog has a URL prop or is a media component.
func TestNoNetworkEgress(t *testing.T) {
	r, h, p := newProfile(t, Config{Targets: []string{"resume", "exchange"}})
	feed(r, envelope("e", p1Surface))
	for _, n := range h.FindAll(sid, func(*memdom.Node) bool { return true }) {
		for _, a := range []string{"src", "href", "srcset", "poster", "action", "formaction", "ping", "background"} {
			if v, ok := n.Attr(a); ok {
				t.Errorf("<%s %s=%q>", n.Tag, a, v)
			}
		}
	}
	var opts render.Options
	p.Apply(&opts)
	if got := opts.Functions.Names(); len(got) != 1 || got[0] != "required" {
		t.Errorf("functions available under the profile: %v, want [required]", got)
	}
	for _, typ := range opts.Catalog.Types() {
		d, _ := opts.Catalog.Lookup(typ)
		for _, prop := range d.Props {
			if strings.Contains(strings.ToLower(prop.Name), "url") {
				t.Errorf("%s has a URL prop %s", typ, prop.Name)
			}
		}
	}
	for _, typ := range []string{"Image", "Video", "AudioPlayer", "Icon", "Modal", "Tabs", "List", "Card"} {
		if _, ok := opts.Catalog.Lookup(typ); ok {
			t.Errorf("the closed catalog has %s", typ)
		}
	}
	// A plain A2UI message cannot bring other components in under the profile.
	feed(r, `{"version":"v0.9","createSurface":{"surfaceId":"x","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`)
	if got := r.Surfaces(); len(got) != 1 {
		t.Errorf("a plain A2UI message created a surface: %v", got)
	}
	if len(left(h)) != 0 {
		t.Errorf("sent %v", left(h))
	}
}

// TestNoSecretRendering (invariant a2ui-surface-no-secret-rendering): secret-shaped
// text is redacted wherever it renders, and a field asking for a secret fails closed.
func TestNoSecretRendering(t *testing.T) {
	r, h, _ := newProfile(t, Config{Targets: []string{"resume"}})
	feed(r, envelope("e", `{"title":"token: hunter2-abcdef","components":[`+
		`{"component":"text","text":"Use sk-abcdefghijklmnop1234 with Authorization: Bearer eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl now"},`+
		`{"component":"field.select","id":"region","label":"Region AKIAABCDEFGHIJKLMNOP","options":[{"value":"eu","label":"password=letmein123"}]},`+
		`{"component":"action.button","id":"ok","label":"OK ghp_abcdefghijklmnopqrstuvwxyz0123456789","action":{"target":"resume"}}]}`))
	text := h.Text(sid)
	for _, secret := range []string{"hunter2", "sk-abcdefghijklmnop1234", "eyJhbGciOi", "AKIAABCDEFGHIJKLMNOP", "letmein123", "ghp_"} {
		if strings.Contains(text, secret) {
			t.Errorf("secret %q rendered: %q", secret, text)
		}
	}
	if n := strings.Count(text, Redacted); n < 6 {
		t.Errorf("%d redactions in %q", n, text)
	}
	if !strings.Contains(text, "Use [redacted] with Authorization: [redacted] now") {
		t.Errorf("redacted text = %q", text)
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"plain words stay":     "plain words stay",
		"Bearer abcdefgh12345": "[redacted]",
		"api_key=AbC123xyz":    "[redacted]",
		"-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY----- after": "[redacted] after",
		"xoxb-1234567890-abcdef":  "[redacted]",
		"a token of appreciation": "a token of appreciation",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
	for s, want := range map[string]bool{"password": true, "newPassword": true, "PIN code": true, "API key": true,
		"one-time otp": true, "spinach": false, "Pinned note": false, "Date": false, "tokenizer": false} {
		if got := solicitsSecret(s); got != want {
			t.Errorf("solicitsSecret(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestCapabilitiesAdvertiseKind: the capabilities object names the kind, its schema
// version, the catalog versions and the closed component set.
func TestCapabilitiesAdvertiseKind(t *testing.T) {
	r, _, _ := newProfile(t, Config{})
	var caps map[string]any
	if err := json.Unmarshal(r.Capabilities(), &caps); err != nil {
		t.Fatalf("%s: %v", r.Capabilities(), err)
	}
	got, _ := json.Marshal(map[string]any{"supportedEnvelopes": caps["supportedEnvelopes"],
		"schemaVersions": caps["schemaVersions"], Kind: caps[Kind], "supportedCatalogIds": caps["supportedCatalogIds"]})
	want := `{"schemaVersions":{"ui.a2ui-surface":1},"supportedCatalogIds":["` + CatalogID + `"],"supportedEnvelopes":["ui.a2ui-surface"],` +
		`"ui.a2ui-surface":{"catalogVersions":["0.9.1"],"components":["heading","text","field.text","field.date","field.select","field.checkbox","action.button"]}}`
	if string(got) != want {
		t.Errorf("capabilities\n got %s\nwant %s", got, want)
	}
}
