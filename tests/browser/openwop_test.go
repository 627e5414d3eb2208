//go:build browser

package browser

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// The OpenWOP ui.a2ui-surface profile (RFC 0102) as a user sees it: the RFC's P1, the
// user-visible negative examples and the five invariants, in a real browser.

const owSID = "run-1:node-2:turn-0:abc123"

// owEnvelope is a ui.a2ui-surface envelope around surface (JSON); mods are replacements
// applied to the envelope text (old, new pairs).
func owEnvelope(id, surface string, mods ...string) string {
	s := `{"type":"ui.a2ui-surface","schemaVersion":1,"envelopeId":"` + id + `","correlationId":"` + owSID + `",` +
		`"payload":{"catalogVersion":"0.9.1","surface":` + surface + `},"partial":false,"meta":{"source":"ai-generation"}}`
	for i := 0; i+1 < len(mods); i += 2 {
		s = strings.Replace(s, mods[i], mods[i+1], 1)
	}
	return s
}

const owP1 = `{"title":"Schedule the kickoff","components":[` +
	`{"component":"heading","text":"When works?","level":2},` +
	`{"component":"text","text":"Pick a time."},` +
	`{"component":"field.text","id":"who","label":"Attendees","required":true},` +
	`{"component":"field.select","id":"dur","label":"Duration","options":[{"value":"30","label":"30 min"},{"value":"60","label":"60 min"}]},` +
	`{"component":"field.checkbox","id":"remind","label":"Send a reminder","default":true},` +
	`{"component":"action.button","id":"confirm","label":"Confirm","action":{"target":"resume"}}]}`

// requestLog records every request path the test server sees.
type requestLog struct {
	mu    sync.Mutex
	paths []string
}

func (l *requestLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.paths = append(l.paths, r.Method+" "+r.URL.Path)
		l.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (l *requestLog) count(prefix string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, p := range l.paths {
		if strings.Contains(p, prefix) {
			n++
		}
	}
	return n
}

// TestOpenWOPP1 renders the RFC's P1 under profile "openwop": the title and an agent
// heading renumbered below the page's outline, the fields, and a Confirm button that stays
// disabled until the required field is filled; the click is one a2ui-openwop-action
// event with the collected values, and no request reaches the (configured) action URL.
func TestOpenWOPP1(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	actions := newActionRecorder()
	base := serve(t, rendererPage(), handle("POST /agent/action", actions))
	ctx := openRenderer(t, base, `{profile: "openwop", actionURL: "/agent/action", openwop: {targets: ["resume"]}}`)
	evalJSON(ctx, `(document.addEventListener("a2ui-openwop-action", (e) => (window.owActions = (window.owActions || []).concat([e.detail]))), true)`)
	process(ctx, "host", owEnvelope("env-1", owP1))
	if got := evalJSON(ctx, `(() => { const c = T.r.host.capabilities(); return [c.supportedEnvelopes, c.schemaVersions, c["ui.a2ui-surface"].catalogVersions]; })()`); got != `[["ui.a2ui-surface"],{"ui.a2ui-surface":1},["0.9.1"]]` {
		t.Errorf("capabilities (envelopes, schema versions, catalog versions) = %s", got)
	}
	if got := hostText(ctx, "host"); !strings.Contains(got, "Schedule the kickoff") || !strings.Contains(got, "Attendees (required)") {
		t.Fatalf("surface = %q", got)
	}
	// Agent headings sit below the strict policy's heading base (3) the profile runs on:
	// no level is skipped, and the surface is a region named by its title.
	if got := evalJS[[]string](ctx, `T.qa("host", "h1,h2,h3,h4,h5,h6").map((h) => h.textContent + "@" + (h.getAttribute("aria-level") || h.localName[1]))`); !equalJSON(got, []string{"Schedule the kickoff@4", "When works?@5"}) {
		t.Errorf("headings = %q", got)
	}
	if got := evalJS[string](ctx, `T.q("host", "section.a2ui-surface").getAttribute("aria-label")`); got != "Schedule the kickoff" {
		t.Errorf("surface region name = %q", got)
	}
	if !evalJS[bool](ctx, `T.q("host", "button.a2ui-button").getAttribute("aria-disabled") === "true"`) {
		t.Fatalf("Confirm enabled while the required field is empty")
	}
	typeIn(ctx, "host", "input.a2ui-input", "Ada, Grace", false)
	waitJS(ctx, `T.q("host", "button.a2ui-button").getAttribute("aria-disabled") !== "true"`)
	clickIn(ctx, "host", "button.a2ui-button")
	waitJS(ctx, `window.owActions && window.owActions.length === 1`)
	got := evalJSON(ctx, `window.owActions[0]`)
	want := `{"action":"confirm","contentTrust":"trusted","correlationId":"` + owSID + `","envelopeId":"env-1","target":"resume","values":{"dur":"30","remind":true,"who":"Ada, Grace"}}`
	if canonicalJSON(t, json.RawMessage(got)) != canonicalJSON(t, json.RawMessage(want)) {
		t.Errorf("a2ui-openwop-action detail\n got %s\nwant %s", got, want)
	}
	flush(ctx, "host") // the click is handled: a POST would have been sent with its event
	if b := actions.Bodies(); len(b) != 0 {
		t.Errorf("the profile POSTed: %q", b)
	}
	if n := len(events(ctx, "host", "a2ui-action")); n != 0 {
		t.Errorf("%d a2ui-action events", n)
	}
}

// TestOpenWOPStreamPartial streams a partial envelope and, after the test looked, the
// final one over SSE into <a2ui-renderer profile="openwop" targets="exchange">: the
// partial surface renders with its button disabled and a status saying more is coming;
// the final one enables it.
func TestOpenWOPStreamPartial(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	surface := `{"components":[{"component":"text","text":"Any questions?"},{"component":"action.button","id":"ask","label":"Ask","action":{"target":"exchange"}}]}`
	release := make(chan struct{})
	sse := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") != "" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fl := w.(http.Flusher)
		io.WriteString(w, "id: 1\ndata: "+owEnvelope("e1", surface, `"partial":false`, `"partial":true`)+"\n\n")
		fl.Flush()
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		io.WriteString(w, "id: 2\ndata: "+owEnvelope("e2", surface)+"\n\n")
		fl.Flush()
	})
	base := serve(t, rendererPageWith("/ow.html", `<a2ui-renderer id="el" profile="openwop" targets="exchange" src="/agent/ow"></a2ui-renderer>`),
		handle("GET /agent/ow", sse))
	ctx := newTab(t)
	navigate(ctx, base+"/ow.html")
	waitJS(ctx, `T.q("el", "button.a2ui-button")`)
	if !evalJS[bool](ctx, `T.q("el", "button.a2ui-button").getAttribute("aria-disabled") === "true"`) {
		t.Fatalf("the button of a partial envelope is enabled")
	}
	if got := evalJS[string](ctx, `T.q("el", "[role=status]").textContent`); !strings.Contains(got, "disabled until it is complete") {
		t.Errorf("partial status = %q", got)
	}
	close(release)
	waitJS(ctx, `T.q("el", "button.a2ui-button").getAttribute("aria-disabled") !== "true"`)
	if n := evalJS[int](ctx, `T.qa("el", ".a2ui-openwop-status").length`); n != 0 {
		t.Errorf("partial status left after the final envelope")
	}
	clickIn(ctx, "el", "button.a2ui-button")
	if err := waitJSErr(ctx, `T.events("el", "a2ui-openwop-action").length === 1`, waitTimeout()); err != nil {
		t.Fatalf("%v\nclicks %s, now %s, button %s, log %s", err, evalJSON(ctx, `window.__clicks`), evalJSON(ctx, `performance.now()`),
			evalJSON(ctx, `T.q("el", "button.a2ui-button").outerHTML`), evalJSON(ctx, `T.log.filter((e) => e.host === "el").slice(-6)`))
	}
}

// TestOpenWOPRefusals: the RFC's N1-N4 and an untrusted approval (N5), as the user
// sees them: a fail-closed notice (role=alert) with no control, the error codes as
// a2ui-error events; the untrusted surface's Approve stays disabled with a notice.
func TestOpenWOPRefusals(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	for _, tt := range []struct {
		name, env, code, notice string
	}{
		{"N1", owEnvelope("e", owP1, `"catalogVersion":"0.9.1",`, ``), "envelope_schema_invalid", "catalogVersion is required"},
		{"N2", owEnvelope("e", `{"components":[{"component":"iframe","src":"https://evil.example"}]}`), "envelope_schema_invalid", "could not be rendered safely"},
		{"N3", owEnvelope("e", owP1, `"0.9.1"`, `"9.9.9"`), "unknown_schema_version", `catalog version "9.9.9"`},
		{"N4", owEnvelope("e", `{"components":[{"component":"action.button","id":"go","label":"Go","action":{"target":"resume","url":"https://evil.example/hook"}}]}`),
			"a2ui_action_confinement", `"url" is refused`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := openRenderer(t, base, `{profile: "openwop", openwop: {targets: ["resume"]}}`)
			process(ctx, "host", tt.env)
			notice := evalJS[string](ctx, `(() => { const n = T.q("host", "[role=alert]"); return n ? n.textContent : ""; })()`)
			if !strings.Contains(notice, tt.notice) {
				t.Errorf("notice = %q, want it to contain %q", notice, tt.notice)
			}
			if n := evalJS[int](ctx, `T.qa("host", "button, input, iframe, img, a").length`); n != 0 {
				t.Errorf("%d controls on a refused surface", n)
			}
			if codes := errorCodes(t, events(ctx, "host", "a2ui-error")); !equalJSON(codes, []string{tt.code}) {
				t.Errorf("codes = %q, want [%s]", codes, tt.code)
			}
		})
	}
	t.Run("N5", func(t *testing.T) {
		ctx := openRenderer(t, base, `{profile: "openwop", openwop: {targets: ["resume"], approval: true}}`)
		process(ctx, "host", owEnvelope("e", `{"components":[{"component":"action.button","id":"approve","label":"Approve","action":{"target":"resume"}}]}`,
			`"source":"ai-generation"`, `"source":"ai-generation","contentTrust":"untrusted"`))
		if !evalJS[bool](ctx, `T.q("host", "button.a2ui-button").getAttribute("aria-disabled") === "true"`) {
			t.Fatalf("Approve enabled on an untrusted surface")
		}
		if got := hostText(ctx, "host"); !strings.Contains(got, "Untrusted content") || !strings.Contains(got, "Approval is blocked") {
			t.Errorf("surface = %q", got)
		}
		evalJSON(ctx, `(T.q("host", "button.a2ui-button").click(), true)`)
		flush(ctx, "host") // the click is handled
		if n := len(events(ctx, "host", "a2ui-openwop-action")); n != 0 {
			t.Errorf("an untrusted surface drove the approval")
		}
	})
}

// TestOpenWOPNoEgress (invariants no-code-exec and no-network-egress): agent text with
// markup, a Markdown image and links pointing at the test server renders literally; the
// server sees no request for them, the page loads no resource for them, and the DOM
// has no element carrying a URL. Secret-shaped text shows as [redacted].
func TestOpenWOPNoEgress(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	var log requestLog
	track := log.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	base := serve(t, rendererPage(), handle("/track/", track))
	ctx := openRenderer(t, base, `{profile: "openwop", openwop: {targets: ["resume"]}}`)
	inj := `<img src="` + base + `/track/img" onerror="window.pwned=1"> ![x](` + base + `/track/md.png) [go](` + base + `/track/link) <` + base + `/track/auto> token: s3cr3t-value`
	b, _ := json.Marshal(inj)
	process(ctx, "host", owEnvelope("e", `{"components":[{"component":"text","text":`+string(b)+`}]}`))
	loadMarker(ctx, base+"/track/marker")
	got := hostText(ctx, "host")
	if !strings.Contains(got, `<img src="`+base+`/track/img" onerror="window.pwned=1">`) || !strings.Contains(got, "[go]("+base+"/track/link)") {
		t.Errorf("text not literal: %q", got)
	}
	if strings.Contains(got, "s3cr3t-value") || !strings.Contains(got, "[redacted]") {
		t.Errorf("secret not redacted: %q", got)
	}
	if n := evalJS[int](ctx, `T.qa("host", "img, a, script, iframe, [src], [href]").length`); n != 0 {
		t.Errorf("%d elements with URLs", n)
	}
	if evalJS[bool](ctx, `!!window.pwned`) {
		t.Errorf("agent markup ran")
	}
	if n := evalJS[int](ctx, `performance.getEntriesByType("resource").filter((e) => e.name.includes("/track/") && !e.name.endsWith("/track/marker")).length`); n != 0 {
		t.Errorf("%d resource loads of /track/", n)
	}
	if n := log.count("/track/") - log.count("/track/marker"); n != 0 {
		t.Errorf("the server saw %d requests for /track/ (before the marker)", n)
	}
}

// TestOpenWOPUnadvertised (RFC N6): a page without the profile receives an envelope:
// nothing renders, no error, an a2ui-envelope event carries it, and the stream goes on.
func TestOpenWOPUnadvertised(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	env := owEnvelope("env-1", owP1)
	processLines(ctx, "host", env,
		`{"version":"v0.9","createSurface":{"surfaceId":"after","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"after","components":[{"id":"root","component":"Text","text":"still here"}]}}`)
	if got := hostText(ctx, "host"); got != "still here" {
		t.Errorf("surface text = %q", got)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) != 0 {
		t.Errorf("errors: %s", errs)
	}
	stored := events(ctx, "host", "a2ui-envelope")
	if len(stored) != 1 || canonicalJSON(t, stored[0]) != canonicalJSON(t, json.RawMessage(`{"rendered":false,"envelope":`+env+`}`)) {
		t.Errorf("a2ui-envelope events = %s", stored)
	}
	if caps := evalJSON(ctx, `T.r.host.capabilities()`); strings.Contains(caps, "ui.a2ui-surface") {
		t.Errorf("an unadvertising page advertises the kind: %s", caps)
	}
}
