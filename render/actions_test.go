package render

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

// sendingHost is a fakeHost that is a Transport: it records each action POST and keeps
// a function for the test to answer its response head with.
type sendingHost struct {
	*fakeHost
	posts   []string
	keys    []string
	timeout []time.Duration
	quiet   []bool
	done    []func(error)
	conns   map[int]func(string) *Stream // POST i's open, for its response body
}

func (h *sendingHost) Open(req Request, open func(string) *Stream) {
	if req.Method != "POST" || req.URL != "https://agent.example/a2ui" || req.Headers["Content-Type"] != "application/json" || !req.Reply || (req.Head == nil) != (req.Headers["Idempotency-Key"] == "") {
		h.t.Errorf("action request %+v", req)
	}
	h.posts = append(h.posts, string(req.Body))
	h.keys = append(h.keys, req.Headers["Idempotency-Key"])
	h.timeout = append(h.timeout, req.Timeout)
	h.quiet = append(h.quiet, req.Quiet)
	h.conns[len(h.posts)-1] = open
	h.done = append(h.done, func(err error) {
		req.Head(err) // as fetch does: the head first, then the body
		if err != nil {
			open("").Close(err)
		}
	})
}

func newSendingRenderer(t *testing.T, opts Options) (*Renderer, *sendingHost) {
	h := &sendingHost{fakeHost: newFakeHost(t)}
	h.conns = map[int]func(string) *Stream{}
	opts.ActionURL = "https://agent.example/a2ui"
	fixed := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	if opts.Now == nil {
		opts.Now = func() time.Time { return fixed }
	}
	ids := 0
	opts.NewID = func() string { ids++; return "id-" + string(rune('0'+ids)) }
	return New(h, opts), h
}

func goButton(h *sendingHost) *memdom.Node {
	return findNode(h.fakeHost, "s1", func(n *memdom.Node) bool {
		c, _ := n.Attr("class")
		return n.Tag == "button" && !strings.Contains(c, "a2ui-retry") && strings.Contains(n.TextContent(), "Go")
	})
}

const loginAction = `{"action":{"context":{"who":"Ada","fixed":7},"name":"login","sourceComponentId":"submit","surfaceId":"s1","timestamp":"2026-11-22T10:00:00.000Z"},"version":"v0.9"}`

func TestActionSingleFlightBusyAndAnswer(t *testing.T) {
	r, h := newSendingRenderer(t, Options{ActionTimeout: 3 * time.Second})
	r.Process([]byte(loginV09))
	r.Frame()
	click := func(ms float64) { dispatch(t, r, h.fakeHost, "s1", goButton(h), dom.Event{Type: "click", Time: ms}) }
	click(1000)
	if len(h.posts) != 1 || h.posts[0] != loginAction || h.keys[0] != "id-1" || h.timeout[0] != 3*time.Second {
		t.Fatalf("posts %q keys %q timeouts %v", h.posts, h.keys, h.timeout)
	}
	r.Frame()
	if v, _ := goButton(h).Attr("aria-busy"); v != "true" {
		t.Errorf("button not busy while in flight: %s", goButton(h).HTML())
	}
	click(2000) // in flight: ignored
	if len(h.posts) != 1 {
		t.Fatalf("%d posts after a click while in flight", len(h.posts))
	}
	h.done[0](nil)
	r.Frame()
	if _, busy := goButton(h).Attr("aria-busy"); busy {
		t.Errorf("button still busy after the answer: %s", goButton(h).HTML())
	}
	click(2100)
	if len(h.posts) != 2 || h.keys[1] != "id-2" {
		t.Fatalf("posts %q keys %q: want a second action with a new id", h.posts, h.keys)
	}
	// A late done of the first send changes nothing.
	h.done[0](errors.New("late"))
	r.Frame()
	if len(h.ofType("a2ui-action-failed")) != 0 {
		t.Errorf("a stale done was applied")
	}
}

func TestActionClickGate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		trusted bool
		first   dom.Event
		second  dom.Event
		posts   int
	}{
		{"double click", false, dom.Event{Time: 1000}, dom.Event{Time: 1150}, 1},
		{"two clicks 250 ms apart", false, dom.Event{Time: 1000}, dom.Event{Time: 1250}, 2},
		{"re-arming click", false, dom.Event{Time: 1000, Rearming: true}, dom.Event{Time: 1600}, 1},
		{"synthetic, trusted only", true, dom.Event{Time: 1000, Synthetic: true}, dom.Event{Time: 1600}, 1},
		{"synthetic, default", false, dom.Event{Time: 1000, Synthetic: true}, dom.Event{Time: 1600}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newFakeHost(t)
			r := New(h, Options{TrustedClicksOnly: tc.trusted})
			r.Process([]byte(loginV09))
			r.Frame()
			btn := findNode(h, "s1", byTagText("button", "Go"))
			for _, ev := range []dom.Event{tc.first, tc.second} {
				ev.Type = "click"
				dispatch(t, r, h, "s1", btn, ev)
			}
			if got := len(h.sent); got != tc.posts {
				t.Errorf("%d posts, want %d", got, tc.posts)
			}
		})
	}
}

func TestActionFailureShowsRetry(t *testing.T) {
	r, h := newSendingRenderer(t, Options{})
	r.Process([]byte(loginV09))
	r.Frame()
	dispatch(t, r, h.fakeHost, "s1", goButton(h), dom.Event{Type: "click", Time: 1000})
	h.done[0](&StatusError{Status: 503})
	r.Frame()
	if errs := h.ofType("a2ui-error"); len(errs) != 0 {
		t.Errorf("a failed action POST also reported as a stream error: %q", errs)
	}
	wrap := findNode(h.fakeHost, "s1", func(n *memdom.Node) bool { c, _ := n.Attr("class"); return c == "a2ui-action-failed" })
	if wrap == nil || wrap.TextContent() != "GoThe action could not be sent: HTTP status 503Retry" {
		t.Fatalf("no failure beside the button: %s", h.doc.Host("s1").Root.HTML())
	}
	failed := h.ofType("a2ui-action-failed")
	if len(failed) != 1 || failed[0] != `{"surfaceId":"s1","actionId":"id-1","message":"HTTP status 503","action":`+loginAction+`}` {
		t.Errorf("a2ui-action-failed = %q", failed)
	}
	retry := findNode(h.fakeHost, "s1", byTagText("button", "Retry"))
	dispatch(t, r, h.fakeHost, "s1", retry, dom.Event{Type: "click", Time: 3000})
	if len(h.posts) != 2 || h.posts[1] != h.posts[0] || h.keys[1] != "id-1" {
		t.Fatalf("retry: posts %q keys %q, want the same body and id", h.posts, h.keys)
	}
	r.Frame()
	if findNode(h.fakeHost, "s1", byTagText("button", "Retry")) != nil {
		t.Errorf("the failure still shows while the retry is in flight")
	}
	h.done[1](nil)
	r.Frame()
	if got := h.text("s1"); strings.Contains(got, "could not be sent") {
		t.Errorf("text after a successful retry = %q", got)
	}
	if n := len(h.ofType("a2ui-action")); n != 1 {
		t.Errorf("%d a2ui-action events, want 1", n)
	}
}

func TestFieldConflict(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(loginV09))
	r.Frame()
	input := findNode(h, "s1", func(n *memdom.Node) bool { return n.Tag == "input" })
	dispatch(t, r, h, "s1", input, dom.Event{Type: "focusin", Value: "Ada"})
	input.SetLive("value", "Ada L")
	dispatch(t, r, h, "s1", input, dom.Event{Type: "input", Value: "Ada L"})
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/user/name","value":"Bob"}}`))
	r.Frame()
	if got := input.Props["value"]; got != "Ada L" {
		t.Errorf("field value after the agent write = %q, want the user's %q", got, "Ada L")
	}
	conflicts := h.ofType("a2ui-conflict")
	if len(conflicts) != 1 || conflicts[0] != `{"surfaceId":"s1","componentId":"name","path":"/user/name","agentValue":"Bob"}` {
		t.Errorf("a2ui-conflict = %q", conflicts)
	}
	if len(h.sent) != 1 || !strings.Contains(h.sent[0], `"code":"INPUT_CONFLICT"`) || strings.Contains(h.sent[0], "Ada L") {
		t.Errorf("sent to the agent: %q", h.sent)
	}
	// Rebuilding again reports nothing new.
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/user/other","value":1}}`))
	r.Frame()
	if n := len(h.ofType("a2ui-conflict")); n != 1 {
		t.Errorf("%d conflicts after an unrelated write", n)
	}
	dispatch(t, r, h, "s1", input, dom.Event{Type: "focusout", Value: "Ada L"})
	r.Frame()
	if got := string(r.DataModel("s1")); !strings.Contains(got, `"name":"Ada L"`) {
		t.Errorf("model after blur = %s", got)
	}
	if !strings.Contains(h.text("s1"), "Ada L") {
		t.Errorf("bound text after blur = %q", h.text("s1"))
	}
	// Not editing: the agent's write shows.
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/user/name","value":"Cy"}}`))
	r.Frame()
	if got := input.Props["value"]; got != "Cy" {
		t.Errorf("unfocused field = %q, want Cy", got)
	}
}

func TestActionChangeRearms(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	h := newFakeHost(t)
	r := New(h, Options{Now: func() time.Time { return now }})
	r.Process([]byte(loginV09))
	r.Frame()
	r.Process([]byte(`{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"submit","component":"Button","child":"submit-label","action":{"event":{"name":"delete"}}}]}}`))
	r.Frame()
	click := func(ms float64) {
		dispatch(t, r, h, "s1", findNode(h, "s1", byTagText("button", "Go")), dom.Event{Type: "click", Time: ms})
	}
	now = now.Add(400 * time.Millisecond)
	click(1000)
	if len(h.sent) != 0 {
		t.Fatalf("a click 400 ms after the action changed was sent: %q", h.sent)
	}
	now = now.Add(200 * time.Millisecond)
	click(1200)
	if len(h.sent) != 1 || !strings.Contains(h.sent[0], `"name":"delete"`) {
		t.Fatalf("sent %q, want the new action", h.sent)
	}
}

// TestActionChangeRearmsByEventTime: with a page clock, the re-arm after an action
// changed is timed by the click's own timeStamp against the clock's reading at the
// change, whenever the click is handled (a click made in the window but handled late is
// refused; one made past it is taken at once).
func TestActionChangeRearmsByEventTime(t *testing.T) {
	tests := []struct {
		name      string
		handledAt time.Duration // Now when the click is handled, after the change
		clickAt   float64       // the click's timeStamp; the change is at page time 1000
		sent      bool
	}{
		{"made in the window, handled late", 2 * time.Second, 1499, false},
		{"made past the window, handled at once", 0, 1500, true},
		{"made before the change", 0, 990, false},
		{"no timeStamp: the handler's clock, in the window", 400 * time.Millisecond, 0, false},
		{"no timeStamp: the handler's clock, past the window", 600 * time.Millisecond, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
			page := 0.0
			h := newFakeHost(t)
			r := New(h, Options{Now: func() time.Time { return now }, PageClock: func() float64 { return page }})
			r.Process([]byte(loginV09))
			r.Frame()
			page = 1000
			r.Process([]byte(`{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"submit","component":"Button","child":"submit-label","action":{"event":{"name":"delete"}}}]}}`))
			r.Frame()
			now = now.Add(tc.handledAt)
			dispatch(t, r, h, "s1", findNode(h, "s1", byTagText("button", "Go")), dom.Event{Type: "click", Time: tc.clickAt})
			if sent := len(h.sent) == 1 && strings.Contains(h.sent[0], `"name":"delete"`); sent != tc.sent || len(h.sent) > 1 {
				t.Errorf("sent %q, want the new action sent: %v", h.sent, tc.sent)
			}
		})
	}
}

// bigAndSmall is a surface "big" with a 20,000-row template under a Button, and a small
// surface "small".
func bigAndSmall() []byte {
	var b strings.Builder
	b.WriteString(`{"version":"v0.9","createSurface":{"surfaceId":"big","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}` + "\n")
	b.WriteString(`{"version":"v0.9","updateDataModel":{"surfaceId":"big","path":"/rows","value":[`)
	for i := 0; i < 5000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"t":"row"}`)
	}
	b.WriteString("]}}\n")
	b.WriteString(`{"version":"v0.9","updateComponents":{"surfaceId":"big","components":[{"id":"root","component":"Column","children":["pay","list"]},{"id":"pay","component":"Button","child":"pl","action":{"event":{"name":"pay"}}},{"id":"pl","component":"Text","text":"Pay"},{"id":"list","component":"List","children":{"componentId":"row","path":"/rows"}},{"id":"row","component":"Row","children":["a","b"]},{"id":"a","component":"Text","text":{"path":"t"}},{"id":"b","component":"Text","text":"warning"}]}}` + "\n")
	b.WriteString(`{"version":"v0.9","createSurface":{"surfaceId":"small","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}` + "\n")
	b.WriteString(`{"version":"v0.9","updateComponents":{"surfaceId":"small","components":[{"id":"root","component":"Text","text":"probe"}]}}` + "\n")
	return []byte(b.String())
}

func TestRenderTimeBudgetFailsClosed(t *testing.T) {
	// The clock moves by step each time it is read (the budget is checked every 32
	// instances, from the 32nd). At 20 µs the 1 ms budget ends after 50 checks, which the
	// big surface's 10,000 instances pass; at an hour a read, the first check is past it.
	// The small surface's one instance is never checked: it renders however late.
	for _, step := range []time.Duration{20 * time.Microsecond, time.Hour} {
		var clock time.Time
		tick := func() time.Time { clock = clock.Add(step); return clock }
		h := newFakeHost(t)
		r := New(h, Options{RenderBudget: time.Millisecond, MaxLine: 4 << 20, Now: tick})
		r.Process(bigAndSmall())
		r.Frame()
		if got := h.text("big"); got != "This surface could not be rendered: it took longer than the render time budget" {
			t.Errorf("%v a read: big surface = %.200q", step, got)
		}
		if findNode(h, "big", byTagText("button", "Pay")) != nil {
			t.Errorf("%v a read: the over-budget surface still has its button", step)
		}
		if got := h.text("small"); got != "probe" {
			t.Errorf("%v a read: small surface = %q", step, got)
		}
		errs := h.ofType("a2ui-error")
		found := false
		for _, e := range errs {
			found = found || (strings.Contains(e, `"LIMIT_EXCEEDED"`) && strings.Contains(e, `"big"`) && strings.Contains(e, "time budget"))
		}
		if !found {
			t.Errorf("%v a read: no LIMIT_EXCEEDED error for the surface: %q", step, errs)
		}
	}
	// Without a budget the same surface renders in full.
	h2 := newFakeHost(t)
	r2 := New(h2, Options{RenderBudget: -1, MaxLine: 4 << 20})
	r2.Process(bigAndSmall())
	r2.Frame()
	if got := h2.text("big"); !strings.HasPrefix(got, "Payrowwarning") {
		t.Errorf("unbudgeted big surface = %.80q", got)
	}
}

func TestCheckBoxConflict(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"c","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"c","value":{"ok":false}}}
{"version":"v0.9","updateComponents":{"surfaceId":"c","components":[{"id":"root","component":"CheckBox","label":"Agree","value":{"path":"/ok"}}]}}
`))
	r.Frame()
	box := findNode(h, "c", func(n *memdom.Node) bool { return n.Tag == "input" })
	dispatch(t, r, h, "c", box, dom.Event{Type: "focusin", Value: "on"})
	box.SetLive("checked", "true")
	dispatch(t, r, h, "c", box, dom.Event{Type: "change", Value: "on", Checked: true})
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"c","path":"/ok","value":false}}`))
	r.Frame()
	if got := box.Props["checked"]; got != "true" {
		t.Errorf("checked after the agent write = %q, want the user's true", got)
	}
	if c := h.ofType("a2ui-conflict"); len(c) != 1 || c[0] != `{"surfaceId":"c","componentId":"root","path":"/ok","agentValue":false}` {
		t.Errorf("a2ui-conflict = %q", c)
	}
	dispatch(t, r, h, "c", box, dom.Event{Type: "focusout", Value: "on", Checked: true})
	if got := string(r.DataModel("c")); got != `{"ok":true}` {
		t.Errorf("model after blur = %s", got)
	}
}

// The renderer POSTs to its ActionURL itself: an action's response body is more
// messages; an error report goes to the same endpoint, quiet (its answer's errors are
// not reported again) and without an Idempotency-Key.
func TestActionPOSTAnswerIsMoreMessages(t *testing.T) {
	r, h := newSendingRenderer(t, Options{})
	r.Process([]byte(loginV09))
	r.Frame()
	dispatch(t, r, h.fakeHost, "s1", goButton(h), dom.Event{Type: "click", Time: 1000})
	if len(h.posts) != 1 || h.timeout[0] != DefaultActionTimeout || h.quiet[0] {
		t.Fatalf("posts %q timeouts %v quiet %v", h.posts, h.timeout, h.quiet)
	}
	h.done[0](nil)
	st := h.conns[0]("application/jsonl")
	st.Write([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/user/name","value":"Grace"}}` + "\n"))
	st.Close(nil)
	r.Frame()
	if got := h.text("s1"); !strings.Contains(got, "Grace") {
		t.Fatalf("the answer was not applied: %q", got)
	}
	if _, busy := goButton(h).Attr("aria-busy"); busy {
		t.Error("button still busy after the answer")
	}
	// A bad message: its error report is POSTed, quiet, with no Idempotency-Key.
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"nope","path":"/x","value":1}}` + "\n"))
	if len(h.posts) != 2 || !strings.Contains(h.posts[1], `"error"`) || !h.quiet[1] || h.keys[1] != "" {
		t.Fatalf("error report: posts %q quiet %v keys %q", h.posts, h.quiet, h.keys)
	}
}

// Without an ActionURL the host's Send gets every message and no Button waits.
func TestNoActionURLUsesHostSend(t *testing.T) {
	h := &sendingHost{fakeHost: newFakeHost(t)}
	r := New(h, Options{})
	r.Process([]byte(loginV09))
	r.Frame()
	dispatch(t, r, h.fakeHost, "s1", goButton(h), dom.Event{Type: "click", Time: 1000})
	r.Frame()
	if len(h.posts) != 0 || len(h.sent) != 1 || !strings.Contains(h.sent[0], `"name":"login"`) {
		t.Fatalf("posts %q sent %q", h.posts, h.sent)
	}
	if _, busy := goButton(h).Attr("aria-busy"); busy {
		t.Error("button busy without an endpoint")
	}
}

// delegatingHost delivers actions by its own means (as an A2A host does).
type delegatingHost struct {
	*fakeHost
	ids  []string
	done []func(error)
}

func (h *delegatingHost) SendAction(body []byte, id string, _ time.Duration, done func(error)) {
	h.ids = append(h.ids, id)
	h.done = append(h.done, done)
}

// Without an ActionURL an ActionSender host gets the action: the Button is busy until
// it answers, and its failure shows with a Retry that re-sends the same id.
func TestActionSenderWithoutActionURL(t *testing.T) {
	h := &delegatingHost{fakeHost: newFakeHost(t)}
	r := New(h, Options{NewID: func() string { return "a1" }})
	r.Process([]byte(loginV09))
	r.Frame()
	btn := func() *memdom.Node { return findNode(h.fakeHost, "s1", byTagText("button", "Go")) }
	dispatch(t, r, h.fakeHost, "s1", btn(), dom.Event{Type: "click", Time: 1000})
	r.Frame()
	if v, _ := btn().Attr("aria-busy"); v != "true" || len(h.ids) != 1 || len(h.sent) != 0 {
		t.Fatalf("busy %q ids %q sent %q", v, h.ids, h.sent)
	}
	h.done[0](errors.New("the agent's task failed"))
	r.Frame()
	if got := h.text("s1"); !strings.Contains(got, "The action could not be sent: the agent's task failed") {
		t.Fatalf("no failure shown: %q", got)
	}
	dispatch(t, r, h.fakeHost, "s1", findNode(h.fakeHost, "s1", byTagText("button", "Retry")), dom.Event{Type: "click", Time: 3000})
	if len(h.ids) != 2 || h.ids[1] != "a1" {
		t.Fatalf("retry ids %q", h.ids)
	}
}

// TestChoicePickerConflict: while focus is inside a ChoicePicker, an agent write to its
// path does not replace the user's selection (radio, checkbox and chip styles); the
// conflict is reported once and the user's selection is the model's after they leave.
func TestChoicePickerConflict(t *testing.T) {
	for _, tt := range []struct {
		name, variant, style string
		// pick selects "b" as the user would (the event on the option's node)
		tag, user string
	}{
		{"radio", "mutuallyExclusive", "checkbox", "input", `["b"]`},
		{"checkbox", "multipleSelection", "checkbox", "input", `["a","b"]`},
		{"chips", "multipleSelection", "chips", "button", `["a","b"]`},
		{"chip radio", "mutuallyExclusive", "chips", "button", `["b"]`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, h := newRenderer(t)
			r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"c","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"c","value":{"sel":["a"]}}}
{"version":"v0.9","updateComponents":{"surfaceId":"c","components":[{"id":"root","component":"ChoicePicker","variant":"` + tt.variant + `","displayStyle":"` + tt.style + `","options":[{"label":"A","value":"a"},{"label":"B","value":"b"},{"label":"C","value":"c"}],"value":{"path":"/sel"}}]}}
`))
			r.Frame()
			group := findNode(h, "c", func(n *memdom.Node) bool { _, ok := n.Attr("data-a2ui-control"); return ok })
			option := func(label string) *memdom.Node {
				return findNode(h, "c", func(n *memdom.Node) bool {
					if tt.tag == "button" {
						return n.Tag == "button" && n.TextContent() == label
					}
					v, _ := n.Attr("value")
					return n.Tag == "input" && v == strings.ToLower(label)
				})
			}
			selected := func() string {
				var on []string
				for _, l := range []string{"A", "B", "C"} {
					n := option(l)
					pressed, _ := n.Attr("aria-pressed")
					checked, _ := n.Attr("aria-checked")
					if n.Props["checked"] == "true" || pressed == "true" || checked == "true" {
						on = append(on, strings.ToLower(l))
					}
				}
				return strings.Join(on, ",")
			}
			dispatch(t, r, h, "c", group, dom.Event{Type: "focusin"})
			if tt.tag == "button" {
				dispatch(t, r, h, "c", option("B"), dom.Event{Type: "click", Time: 5000})
			} else {
				dispatch(t, r, h, "c", option("B"), dom.Event{Type: "change", Checked: true})
			}
			r.Frame()
			want := strings.Trim(strings.ReplaceAll(tt.user, `"`, ""), "[]")
			if got := selected(); got != want {
				t.Fatalf("selection after the user's pick = %q, want %q", got, want)
			}
			r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"c","path":"/sel","value":["c"]}}`))
			r.Frame()
			if got := selected(); got != want {
				t.Errorf("selection after the agent write = %q, want the user's %q", got, want)
			}
			if c := h.ofType("a2ui-conflict"); len(c) != 1 || c[0] != `{"surfaceId":"c","componentId":"root","path":"/sel","agentValue":["c"]}` {
				t.Errorf("a2ui-conflict = %q", c)
			}
			if len(h.sent) != 1 || !strings.Contains(h.sent[0], `"code":"INPUT_CONFLICT"`) {
				t.Errorf("sent to the agent: %q", h.sent)
			}
			dispatch(t, r, h, "c", group, dom.Event{Type: "focusout"})
			r.Frame()
			if got := string(r.DataModel("c")); got != `{"sel":`+tt.user+`}` {
				t.Errorf("model after the user left = %s, want the user's %s", got, tt.user)
			}
			if got := selected(); got != want {
				t.Errorf("selection after the user left = %q", got)
			}
			// Outside the group, agent writes show again.
			r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"c","path":"/sel","value":["c"]}}`))
			r.Frame()
			if got := selected(); got != "c" {
				t.Errorf("selection after an agent write with no focus = %q, want c", got)
			}
		})
	}
}

// TestDefaultActionIDs: without Options.NewID, action ids are 128 random bits in hex.
func TestDefaultActionIDs(t *testing.T) {
	r := &Renderer{}
	seen := map[string]bool{}
	for range 100 {
		id := r.newID()
		if len(id) != 32 || strings.Trim(id, "0123456789abcdef") != "" {
			t.Fatalf("id %q is not 32 lowercase hex digits", id)
		}
		if seen[id] {
			t.Fatalf("id %q repeated", id)
		}
		seen[id] = true
	}
}
