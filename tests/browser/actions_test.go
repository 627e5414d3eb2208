//go:build browser

package browser

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// This file tests the user-side guarantees of actions and fields with real input:
// single-flight Buttons with an id, the double-click debounce, re-arming under the
// pointer, trusted clicks only, failed POSTs shown with a Retry, and fields that keep
// what the user typed when the agent writes their path.

// oneButton is a v0.9 surface "b" with a Text and one Button "go" whose action
// reads /n.
var oneButton = []string{
	`{"version":"v0.9","createSurface":{"surfaceId":"b","catalogId":"` + basicCatalog + `"}}`,
	`{"version":"v0.9","updateDataModel":{"surfaceId":"b","value":{"n":1}}}`,
	`{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[` +
		`{"id":"root","component":"Column","children":["t","go"]},` +
		`{"id":"t","component":"Text","text":"Pay"},` +
		`{"id":"go-label","component":"Text","text":"Go"},` +
		`{"id":"go","component":"Button","child":"go-label","action":{"event":{"name":"pay","context":{"n":{"path":"/n"}}}}}` +
		`]}}`,
}

const payAction = `{"version":"v0.9","action":{"name":"pay","surfaceId":"b","sourceComponentId":"go","context":{"n":1}}}`

var hexID = regexp.MustCompile(`^[0-9a-f]{32}$`)

// centre returns the viewport centre of the first element matching css in host id's
// shadow root.
func centre(ctx context.Context, id, css string) (x, y float64) {
	tabOf(ctx).t.Helper()
	p := evalJS[[2]float64](ctx, `(() => { const r = `+string(shadowPath(id, css))+`.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
	return p[0], p[1]
}

// mouse dispatches one raw mouse event (Input.dispatchMouseEvent), stamped at the
// optional time at (default: now).
func mouse(ctx context.Context, typ input.DispatchMouseEventType, x, y float64, clicks int, at ...time.Time) {
	tb := tabOf(ctx)
	tb.t.Helper()
	p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, ClickCount: int64(clicks)}
	if len(at) > 0 {
		p.Timestamp = input.TimeSinceEpoch(float64(at[0].UnixNano()) / 1e9)
	}
	if typ != chromedp.MouseMoved {
		p.Button = input.MouseButtonLeft
	}
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchMouseEvent, p)
		return err
	}))
	if err != nil {
		tb.t.Fatalf("mouse %s at %v,%v: %v", typ, x, y, err)
	}
}

// clickAt presses and releases the left button at x, y with the given click count
// (stamped at the optional time).
func clickAt(ctx context.Context, x, y float64, count int, at ...time.Time) {
	tabOf(ctx).t.Helper()
	mouse(ctx, chromedp.MousePressed, x, y, count, at...)
	mouse(ctx, chromedp.MouseReleased, x, y, count, at...)
}

// gatedAgent answers action POSTs; each answer waits for a value on release (the
// status to answer with; 0 hangs until the request is cancelled).
type gatedAgent struct {
	mu      sync.Mutex
	bodies  []string
	keys    []string
	arrived chan struct{}
	release chan int
}

func newGatedAgent() *gatedAgent {
	return &gatedAgent{arrived: make(chan struct{}, 16), release: make(chan int, 16)}
}

func (g *gatedAgent) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := r.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	g.mu.Lock()
	g.bodies = append(g.bodies, b.String())
	g.keys = append(g.keys, r.Header.Get("Idempotency-Key"))
	g.mu.Unlock()
	g.arrived <- struct{}{}
	select {
	case status := <-g.release:
		if status == 0 {
			<-r.Context().Done()
			return
		}
		w.Header().Set("Content-Type", "application/jsonl")
		w.WriteHeader(status)
	case <-r.Context().Done():
	}
}

func (g *gatedAgent) posts() ([]string, []string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.bodies...), append([]string(nil), g.keys...)
}

func (g *gatedAgent) waitArrived(t testing.TB) {
	t.Helper()
	select {
	case <-g.arrived:
	case <-time.After(waitTimeout()):
		t.Fatalf("no action POST arrived")
	}
}

// TestActionDoubleClickSendsOne double-clicks a Button (two trusted clicks 30 ms
// apart, click counts 1 and 2): exactly one action is posted, with a 32-hex
// Idempotency-Key; a v0.10 action carries the same id as its actionId.
func TestActionDoubleClickSendsOne(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPage(), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	processLines(ctx, "host", oneButton...)
	x, y := centre(ctx, "host", "button.a2ui-button")
	mouse(ctx, chromedp.MouseMoved, x, y, 0)
	// The events carry their own times, 30 ms apart, whatever the CDP round trips take.
	now := time.Now()
	clickAt(ctx, x, y, 1, now)
	clickAt(ctx, x, y, 2, now.Add(30*time.Millisecond))
	bodies := rec.Wait(t, 1)
	flush(ctx, "host") // both clicks are handled: a second action would be posted by now
	if n := len(events(ctx, "host", "a2ui-action")); n != 1 {
		t.Errorf("%d a2ui-action events, want 1", n)
	}
	if n := len(rec.Bodies()); n != 1 {
		t.Fatalf("%d POSTs after a double click, want 1: %q", n, rec.Bodies())
	}
	checkAction(t, "POST body", []byte(bodies[0]), payAction)
	if key := rec.Headers()[0].Get("Idempotency-Key"); !hexID.MatchString(key) {
		t.Errorf("Idempotency-Key = %q, want 32 hex digits", key)
	}

	// v0.10: the id is the action's actionId too.
	processLines(ctx, "host",
		`{"version":"v0.10","createSurface":{"surfaceId":"c","catalogId":"https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json"}}`,
		`{"version":"v0.10","updateComponents":{"surfaceId":"c","components":[{"id":"root","component":"Button","child":"l","action":{"event":{"name":"ten"}}},{"id":"l","component":"Text","text":"Ten"}]}}`)
	x, y = centre(ctx, "host", `section[data-surface-id="c"] button.a2ui-button`)
	mouse(ctx, chromedp.MouseMoved, x, y, 0)
	clickAt(ctx, x, y, 1, stampedTime(clickStamp(ctx, rearmMS+clickSlackMS))) // it appeared under the pointer just now
	bodies = rec.Wait(t, 2)
	var m struct {
		Action struct {
			ActionID string `json:"actionId"`
		} `json:"action"`
	}
	if err := json.Unmarshal([]byte(bodies[1]), &m); err != nil {
		t.Fatal(err)
	}
	if key := rec.Headers()[1].Get("Idempotency-Key"); !hexID.MatchString(m.Action.ActionID) || m.Action.ActionID != key {
		t.Errorf("v0.10 actionId = %q, Idempotency-Key = %q: want the same 32-hex id", m.Action.ActionID, key)
	}
	checkAction(t, "v0.10 POST", []byte(bodies[1]),
		`{"version":"v0.10","action":{"name":"ten","surfaceId":"c","sourceComponentId":"root","context":{},"actionId":`+jsString(m.Action.ActionID)+`}}`)
}

// TestActionSingleFlight: while its POST is in flight the Button is busy
// (aria-busy, aria-disabled, a2ui-busy) and a second click sends nothing; once the
// agent answers it is idle again and the next click sends a new action (new id).
func TestActionSingleFlight(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	agent := newGatedAgent()
	base := serve(t, rendererPage(), handle("POST /agent/action", agent))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	processLines(ctx, "host", oneButton...)
	clickIn(ctx, "host", "button.a2ui-button")
	agent.waitArrived(t)
	waitJS(ctx, `T.q("host", "button.a2ui-button").getAttribute("aria-busy") === "true"`)
	type btnState struct {
		Busy     string `json:"busy"`
		Disabled string `json:"disabled"`
		Class    string `json:"class"`
	}
	st := evalJS[btnState](ctx, `(() => { const b = T.q("host", "button.a2ui-button"); return {busy: b.getAttribute("aria-busy") || "", disabled: b.getAttribute("aria-disabled") || "", class: b.className}; })()`)
	if st.Disabled != "true" || !strings.Contains(st.Class, "a2ui-busy") {
		t.Errorf("busy button = %+v, want aria-disabled=true and class a2ui-busy", st)
	}
	clickArmed(ctx, "host", "button.a2ui-button") // a click on the busy Button, no part of a double click
	flush(ctx, "host")                            // the click is handled
	if n := len(events(ctx, "host", "a2ui-action")); n != 1 {
		t.Fatalf("%d a2ui-action events after a click while in flight, want 1", n)
	}
	if bodies, _ := agent.posts(); len(bodies) != 1 {
		t.Fatalf("%d POSTs after a click while in flight, want 1", len(bodies))
	}
	agent.release <- 200
	waitJS(ctx, `!T.q("host", "button.a2ui-button").hasAttribute("aria-busy")`)
	if got := evalJS[string](ctx, `T.q("host", "button.a2ui-button").className`); strings.Contains(got, "a2ui-busy") {
		t.Errorf("class after the answer = %q", got)
	}
	clickIn(ctx, "host", "button.a2ui-button")
	agent.waitArrived(t)
	agent.release <- 200
	bodies, keys := agent.posts()
	if len(bodies) != 2 {
		t.Fatalf("%d POSTs, want 2", len(bodies))
	}
	for i, b := range bodies {
		checkAction(t, "POST "+strconv.Itoa(i), []byte(b), payAction)
	}
	if keys[0] == keys[1] || !hexID.MatchString(keys[0]) || !hexID.MatchString(keys[1]) {
		t.Errorf("Idempotency-Keys %q: want two distinct ids", keys)
	}
	// In worker mode the event crosses to the page after the POST left the worker.
	if err := waitJSErr(ctx, `T.events("host", "a2ui-action").length === 2`, waitTimeout()); err != nil {
		t.Errorf("a2ui-action events: %v", err)
	}
}

// TestActionFailureRetry: a POST answered 500, and one with no answer within the
// mount's actionTimeout, each show their error beside the Button with a Retry; Retry
// re-sends the same body with the same Idempotency-Key, and the error goes away once
// the agent answers.
func TestActionFailureRetry(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	agent := newGatedAgent()
	base := serve(t, rendererPage(), handle("POST /agent/action", agent))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action", actionTimeout: 1500}`)
	processLines(ctx, "host", oneButton...)

	clickIn(ctx, "host", "button.a2ui-button")
	agent.waitArrived(t)
	agent.release <- 500
	waitJS(ctx, `T.q("host", ".a2ui-action-error")`)
	if got := evalJS[string](ctx, `T.q("host", ".a2ui-action-failed").textContent`); got != "GoThe action could not be sent: HTTP status 500Retry" {
		t.Errorf("failure text = %q", got)
	}
	if got := evalJS[string](ctx, `T.q("host", ".a2ui-action-error").getAttribute("role")`); got != "alert" {
		t.Errorf("error role = %q, want alert", got)
	}
	if got := evalJS[bool](ctx, `T.q("host", "button.a2ui-button:not(.a2ui-retry)").getAttribute("aria-describedby") === T.q("host", ".a2ui-action-error").id`); !got {
		t.Errorf("the Button is not described by its error")
	}
	failed := events(ctx, "host", "a2ui-action-failed")
	if len(failed) != 1 {
		t.Fatalf("a2ui-action-failed events: %s", failed)
	}
	_, keys := agent.posts()
	var fd struct {
		SurfaceID string          `json:"surfaceId"`
		ActionID  string          `json:"actionId"`
		Message   string          `json:"message"`
		Action    json.RawMessage `json:"action"`
	}
	if err := json.Unmarshal(failed[0], &fd); err != nil {
		t.Fatal(err)
	}
	if fd.SurfaceID != "b" || fd.ActionID != keys[0] || fd.Message != "HTTP status 500" {
		t.Errorf("a2ui-action-failed = %s (key %s)", failed[0], keys[0])
	}
	checkAction(t, "a2ui-action-failed action", fd.Action, payAction)

	// Retry: the same body and id; this time the agent never answers (timeout).
	clickReady(ctx, "host", "button.a2ui-retry")
	agent.waitArrived(t)
	agent.release <- 0
	waitJS(ctx, `T.q("host", ".a2ui-action-error") && T.q("host", ".a2ui-action-error").textContent.includes("no answer within 1.5s")`)
	bodies, keys := agent.posts()
	if len(bodies) != 2 || bodies[1] != bodies[0] || keys[1] != keys[0] {
		t.Fatalf("retry POST: bodies %q keys %q, want the same body and key twice", bodies, keys)
	}

	// Retry again: answered, the error goes away and nothing else is sent.
	clickReady(ctx, "host", "button.a2ui-retry")
	agent.waitArrived(t)
	agent.release <- 200
	waitJS(ctx, `!T.q("host", ".a2ui-action-failed") && !T.q("host", "button.a2ui-button").hasAttribute("aria-busy")`)
	flush(ctx, "host")
	bodies, keys = agent.posts()
	if len(bodies) != 3 || bodies[2] != bodies[0] || keys[2] != keys[0] {
		t.Fatalf("second retry: %d POSTs, keys %q", len(bodies), keys)
	}
	if n := len(events(ctx, "host", "a2ui-action")); n != 1 {
		t.Errorf("%d a2ui-action events, want 1 (retries re-send, they are not new actions)", n)
	}
	if got := len(events(ctx, "host", "a2ui-action-failed")); got != 2 {
		t.Errorf("%d a2ui-action-failed events, want 2", got)
	}
}

// TestActionNetworkFailure: a POST whose connection drops shows the network error
// beside the Button.
func TestActionNetworkFailure(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	drop := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hj, ok := w.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				c.Close()
			}
		}
	})
	base := serve(t, rendererPage(), handle("POST /agent/action", drop))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	processLines(ctx, "host", oneButton...)
	clickIn(ctx, "host", "button.a2ui-button")
	waitJS(ctx, `T.q("host", ".a2ui-action-error")`)
	if got := evalJS[string](ctx, `T.q("host", ".a2ui-action-error").textContent`); got != "The action could not be sent: Failed to fetch" {
		t.Errorf("error = %q", got)
	}
	if !evalJS[bool](ctx, `!!T.q("host", "button.a2ui-retry")`) {
		t.Errorf("no Retry button")
	}
}

// TestTrustedClicksOnly: with trustedClicksOnly a script's button.click() sends
// nothing while a real click does; without it (second renderer) the synthetic click
// still works.
func TestTrustedClicksOnly(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPage(), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action", trustedClicksOnly: true}`)
	evalJSON(ctx, `T.mount("lax", {actionURL: "/agent/action"})`)
	processLines(ctx, "host", oneButton...)
	processLines(ctx, "lax", oneButton...)
	evalJSON(ctx, `(T.q("host", "button.a2ui-button").click(), true)`)
	flush(ctx, "host") // the click is handled: a POST would have been sent with its event
	if n := len(rec.Bodies()); n != 0 {
		t.Fatalf("a synthetic click posted %d action(s) with trustedClicksOnly", n)
	}
	if n := len(events(ctx, "host", "a2ui-action")); n != 0 {
		t.Errorf("%d a2ui-action events after a synthetic click", n)
	}
	clickIn(ctx, "host", "button.a2ui-button")
	checkAction(t, "trusted click", []byte(rec.Wait(t, 1)[0]), payAction)
	evalJSON(ctx, `(T.q("lax", "button.a2ui-button").click(), true)`)
	rec.Wait(t, 2)
	// The POST may reach the agent before the page has the event (worker mode: both
	// leave the worker, the event as a message to the page).
	waitJS(ctx, `T.events("lax", "a2ui-action").length > 0`)
	flush(ctx, "lax")
	if n := len(events(ctx, "lax", "a2ui-action")); n != 1 {
		t.Errorf("%d a2ui-action events on the renderer without trustedClicksOnly, want 1", n)
	}
}

// TestRearmUnderPointer: a Button that appears under the resting pointer, and one
// whose action changes under it, ignore a click in the next 500 ms; the same click
// later works, and a Button the pointer moved onto after it appeared works at once.
func TestRearmUnderPointer(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPage(), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"b","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[`+
			`{"id":"root","component":"Column","children":["slot"]},`+
			`{"id":"slot","component":"Text","text":"Reading…"}]}}`)
	x, y := centre(ctx, "host", ".a2ui-text")
	mouse(ctx, chromedp.MouseMoved, x, y, 0)
	// The Text is swapped for a Button under the resting pointer. swap returns the page
	// time right after the change showed, then, in the same task, runs then (JS): "right
	// after" stays right after however slow the machine.
	swap := func(name, then string) time.Time {
		line := `{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[` +
			`{"id":"root","component":"Column","children":["slot"]},` +
			`{"id":"slot","component":"Button","child":"l","action":{"event":{"name":"` + name + `"}}},` +
			`{"id":"l","component":"Text","text":"Reading…"}]}}`
		ms := evalJS[float64](ctx, `(async () => { const r = T.rr("host"); r.process(`+jsString(line+"\n")+`); await r.flush();
			const at = performance.timeOrigin + performance.now(); `+then+`; return at; })()`)
		return time.UnixMicro(int64(ms * 1000))
	}
	at := swap("approve", "")
	bx, by := centre(ctx, "host", "button.a2ui-button")
	if !evalJS[bool](ctx, `(() => { const r = T.q("host", "button.a2ui-button").getBoundingClientRect(); return `+
		strconv.FormatFloat(x, 'f', -1, 64)+` >= r.left && `+strconv.FormatFloat(x, 'f', -1, 64)+` <= r.right && `+
		strconv.FormatFloat(y, 'f', -1, 64)+` >= r.top && `+strconv.FormatFloat(y, 'f', -1, 64)+` <= r.bottom; })()`) {
		t.Fatalf("the Button did not appear under the pointer (%v,%v; button centre %v,%v)", x, y, bx, by)
	}
	clickAt(ctx, x, y, 1, at)
	flush(ctx, "host") // the click is handled
	if n := len(rec.Bodies()) + len(events(ctx, "host", "a2ui-action")); n != 0 {
		t.Fatalf("a click right after the Button appeared under the pointer posted %d action(s)", n)
	}
	// The same click once the window passed (stamped past it: the renderer goes by the
	// click's timeStamp).
	clickAt(ctx, x, y, 1, stampedTime(clickStamp(ctx, rearmMS+clickSlackMS)))
	checkAction(t, "armed click", []byte(rec.Wait(t, 1)[0]),
		`{"version":"v0.9","action":{"name":"approve","surfaceId":"b","sourceComponentId":"slot","context":{}}}`)

	// Its action changes under the pointer (same label, same place), once the first
	// action was answered.
	waitJS(ctx, `!T.q("host", "button.a2ui-button").classList.contains("a2ui-busy")`)
	// Right after the change: a keyboard-style click (detail 0, which the runtime's
	// pointer re-arm does not judge: only catalog's rearmDelay refuses it), in the task
	// that saw the change, and a pointer click stamped then (it is no part of a double
	// click with the clicks before: they were stamped later, or long before).
	at = swap("delete", `T.q("host", "button.a2ui-button").click()`)
	clickAt(ctx, x, y, 1, at)
	flush(ctx, "host") // the clicks are handled
	if n := len(events(ctx, "host", "a2ui-action")); n != 1 {
		t.Fatalf("a click right after the action changed posted (%d POSTs)", n)
	}
	// catalog's rearmDelay after the change, by the click's timeStamp.
	clickAt(ctx, x, y, 1, stampedTime(clickStamp(ctx, rearmMS+clickSlackMS)))
	checkAction(t, "click after re-arm", []byte(rec.Wait(t, 2)[1]),
		`{"version":"v0.9","action":{"name":"delete","surfaceId":"b","sourceComponentId":"slot","context":{}}}`)

	// A Button that appeared elsewhere: the user moves onto it and clicks at once.
	processLines(ctx, "host", `{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[`+
		`{"id":"root","component":"Column","children":["slot","other"]},`+
		`{"id":"other","component":"Button","child":"ol","action":{"event":{"name":"other"}}},`+
		`{"id":"ol","component":"Text","text":"Other"}]}}`)
	ox, oy := centre(ctx, "host", `button.a2ui-button:last-of-type`)
	mouse(ctx, chromedp.MouseMoved, ox, oy, 0)
	clickAt(ctx, ox, oy, 1)
	checkAction(t, "aimed click", []byte(rec.Wait(t, 3)[2]),
		`{"version":"v0.9","action":{"name":"other","surfaceId":"b","sourceComponentId":"other","context":{}}}`)
}
