package render

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

// fakeHost is a render.Host over memdom that records events and posts.
type fakeHost struct {
	t      *testing.T
	doc    *memdom.Document
	events []hostEvent
	sent   []string
	frames int
	opened []string
	// gesture: OpenURL behaves as if the page had a user activation.
	gesture bool
	refused []string
	themes  map[string][]catalog.ThemeVar
	patches int
}

type hostEvent struct{ typ, detail string }

func newFakeHost(t *testing.T) *fakeHost {
	return &fakeHost{t: t, doc: memdom.New(), themes: map[string][]catalog.ThemeVar{}}
}

func (h *fakeHost) Patch(ops []byte) {
	h.patches++
	if err := h.doc.Apply(ops); err != nil {
		h.t.Fatalf("apply: %v", err)
	}
}
func (h *fakeHost) SurfaceAdded(id string)   { h.doc.Attach(id) }
func (h *fakeHost) SurfaceRemoved(id string) { h.doc.Detach(id) }
func (h *fakeHost) SurfaceTheme(id string, vars []catalog.ThemeVar) {
	h.themes[id] = vars
}
func (h *fakeHost) Emit(event string, detail []byte) {
	h.events = append(h.events, hostEvent{event, string(detail)})
}
func (h *fakeHost) Send(body []byte, _ bool) { h.sent = append(h.sent, string(body)) }
func (h *fakeHost) RequestFrame()            { h.frames++ }
func (h *fakeHost) OpenURL(url string) bool {
	if !h.gesture {
		h.refused = append(h.refused, url)
		return false
	}
	h.opened = append(h.opened, url)
	return true
}

func (h *fakeHost) ofType(typ string) []string {
	var out []string
	for _, e := range h.events {
		if e.typ == typ {
			out = append(out, e.detail)
		}
	}
	return out
}

func (h *fakeHost) text(surface string) string {
	host := h.doc.Host(surface)
	if host == nil || host.Root == nil {
		return ""
	}
	return host.Root.TextContent()
}

// newRenderer is a renderer with a fixed clock and ids, and no render time budget: a
// busy machine (GOOS=js under Node beside the browser suite) must not fail a surface
// (the budget's own tests set one).
func newRenderer(t *testing.T) (*Renderer, *fakeHost) {
	h := newFakeHost(t)
	fixed := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	ids := 0
	r := New(h, Options{Now: func() time.Time { return fixed }, RenderBudget: -1,
		NewID: func() string { ids++; return "a-" + strconv.Itoa(ids) }})
	return r, h
}

// findNode returns the first memdom node matching pred in the surface.
func findNode(h *fakeHost, surface string, pred func(n *memdom.Node) bool) *memdom.Node {
	host := h.doc.Host(surface)
	if host == nil || host.Root == nil {
		return nil
	}
	var walk func(n *memdom.Node) *memdom.Node
	walk = func(n *memdom.Node) *memdom.Node {
		if pred(n) {
			return n
		}
		for _, c := range n.Children {
			if f := walk(c); f != nil {
				return f
			}
		}
		return nil
	}
	return walk(host.Root)
}

func byTagText(tag, text string) func(n *memdom.Node) bool {
	return func(n *memdom.Node) bool {
		return n.Tag == tag && strings.Contains(n.TextContent(), text)
	}
}

const loginV09 = `{"version":"v0.9","createSurface":{"surfaceId":"s1","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Column","children":["title","name","greet","submit"]},{"id":"title","component":"Text","text":"Sign in","variant":"h2"},{"id":"name","component":"TextField","label":"Name","value":{"path":"/user/name"}},{"id":"greet","component":"Text","text":{"path":"/user/name"}},{"id":"submit-label","component":"Text","text":"Go"},{"id":"submit","component":"Button","child":"submit-label","action":{"event":{"name":"login","context":{"who":{"path":"/user/name"},"fixed":7}}}}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/user","value":{"name":"Ada"}}}
`

func TestStreamRendersAfterFrame(t *testing.T) {
	r, h := newRenderer(t)
	st := r.NewStream(JSONL)
	// Deliver the stream in awkward chunks: lines split across writes.
	data := []byte(loginV09)
	for i := 0; i < len(data); i += 37 {
		end := min(i+37, len(data))
		st.Write(data[i:end])
	}
	st.Close(nil)
	if got := h.text("s1"); got != "" {
		t.Fatalf("rendered before the frame: %q", got)
	}
	if h.frames == 0 {
		t.Fatal("no frame requested")
	}
	r.Frame()
	if h.patches != 1 {
		t.Fatalf("patches = %d, want exactly one batch per frame", h.patches)
	}
	txt := h.text("s1")
	for _, want := range []string{"Sign in", "Ada", "Go"} {
		if !strings.Contains(txt, want) {
			t.Errorf("surface text %q lacks %q", txt, want)
		}
	}
	if errs := h.ofType("a2ui-error"); len(errs) != 0 {
		t.Errorf("errors: %v", errs)
	}
	if got := h.ofType("a2ui-surface"); len(got) != 1 || got[0] != `{"surfaceId":"s1","event":"created"}` {
		t.Errorf("surface events = %v", got)
	}
}

func dispatch(t *testing.T, r *Renderer, h *fakeHost, surface string, n *memdom.Node, ev dom.Event) {
	t.Helper()
	if n == nil {
		t.Fatal("node not found")
	}
	ev.Node = n.ID
	r.Dispatch(surface, ev)
}

func TestTypingUpdatesModelAndBoundText(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(loginV09))
	r.Frame()
	input := findNode(h, "s1", func(n *memdom.Node) bool { return n.Tag == "input" })
	frames, patches := h.frames, h.patches
	dispatch(t, r, h, "s1", input, dom.Event{Type: "input", Value: "Grace"})
	if r.Pending() {
		t.Fatal("typing left a frame pending: the bound text must update in the same task")
	}
	// The frame was rendered inside Dispatch: no frame callback for the host to run
	// later, and one patch.
	if h.frames != frames || h.patches != patches+1 {
		t.Fatalf("typing asked for %d frame callbacks and made %d patches, want 0 and 1", h.frames-frames, h.patches-patches)
	}
	var m map[string]any
	if err := json.Unmarshal(r.DataModel("s1"), &m); err != nil {
		t.Fatal(err)
	}
	if got := m["user"].(map[string]any)["name"]; got != "Grace" {
		t.Fatalf("model name = %v", got)
	}
	if !strings.Contains(h.text("s1"), "Grace") {
		t.Fatalf("bound text not updated: %q", h.text("s1"))
	}
}

// A frame requested before a user event (a message that arrived in the same task) is
// rendered by the event's Dispatch, and a message after it asks the host for a frame
// again: Dispatch's own frame leaves frame requests working.
func TestTypingAfterMessageAndMessageAfterTyping(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(loginV09))
	r.Frame()
	input := findNode(h, "s1", func(n *memdom.Node) bool { return n.Tag == "input" })
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/title","value":"Before"}}`))
	if !r.Pending() {
		t.Fatal("a data model update requested no frame")
	}
	dispatch(t, r, h, "s1", input, dom.Event{Type: "input", Value: "Grace"})
	if r.Pending() || !strings.Contains(h.text("s1"), "Grace") {
		t.Fatalf("after typing: pending %v, text %q", r.Pending(), h.text("s1"))
	}
	frames := h.frames
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/user/name","value":"Agent"}}`))
	if !r.Pending() || h.frames != frames+1 {
		t.Fatalf("a message after typing: pending %v, frame callbacks %d, want a new request", r.Pending(), h.frames-frames)
	}
}

func TestButtonSendsActionWithResolvedContext(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(loginV09))
	r.Frame()
	btn := findNode(h, "s1", byTagText("button", "Go"))
	dispatch(t, r, h, "s1", btn, dom.Event{Type: "click"})
	acts := h.ofType("a2ui-action")
	if len(acts) != 1 {
		t.Fatalf("actions = %v", acts)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(acts[0]), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"version": "v0.9", "action": map[string]any{
		"name": "login", "surfaceId": "s1", "sourceComponentId": "submit",
		"timestamp": "2026-11-22T10:00:00.000Z", "context": map[string]any{"who": "Ada", "fixed": 7.0}}}
	if !jsonEqual(got, want) {
		t.Fatalf("action = %s", acts[0])
	}
	if len(h.sent) != 1 || h.sent[0] != acts[0] {
		t.Fatalf("sent = %v", h.sent)
	}
}

func jsonEqual(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

func TestMalformedLineSkippedAndReported(t *testing.T) {
	r, h := newRenderer(t)
	st := r.NewStream(JSONL)
	lines := strings.SplitAfter(loginV09, "\n")
	st.Write([]byte(lines[0]))
	st.Write([]byte("{not json\n"))
	st.Write([]byte(`{"version":"v0.9","updateComponents":{"surfaceId":"nope","components":[{"id":"root","component":"Text","text":"x"}]}}` + "\n"))
	for _, l := range lines[1:] {
		st.Write([]byte(l))
	}
	st.Close(nil)
	r.Frame()
	errs := h.ofType("a2ui-error")
	if len(errs) != 2 {
		t.Fatalf("errors = %v", errs)
	}
	if !strings.Contains(errs[0], `"code":"VALIDATION_FAILED"`) {
		t.Errorf("first error = %s", errs[0])
	}
	if !strings.Contains(errs[1], `"surfaceId":"nope"`) {
		t.Errorf("second error = %s", errs[1])
	}
	if !strings.Contains(h.text("s1"), "Sign in") {
		t.Fatalf("stream did not go on after the bad lines: %q", h.text("s1"))
	}
	// Errors go to the agent as well.
	if len(h.sent) != 2 {
		t.Fatalf("sent = %v", h.sent)
	}
}

func TestUnknownComponentPlaceholderAndError(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"u","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"u","components":[{"id":"root","component":"Column","children":["a","b"]},{"id":"a","component":"Hologram","x":1},{"id":"b","component":"Text","text":"still here"}]}}`))
	r.Frame()
	if !strings.Contains(h.text("u"), "still here") {
		t.Fatalf("text = %q", h.text("u"))
	}
	ph := findNode(h, "u", func(n *memdom.Node) bool {
		c, _ := n.Attr("class")
		return strings.Contains(c, "a2ui-unknown")
	})
	if ph == nil || !strings.Contains(ph.TextContent(), "Hologram") {
		t.Fatalf("no placeholder naming the type: %s", h.doc.Host("u").HTML())
	}
	errs := h.ofType("a2ui-error")
	if len(errs) != 1 || !strings.Contains(errs[0], "UNKNOWN_COMPONENT") {
		t.Fatalf("errors = %v", errs)
	}
	// A second frame does not report the same error again.
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"u","path":"/x","value":1}}`))
	r.Frame()
	if errs := h.ofType("a2ui-error"); len(errs) != 1 {
		t.Fatalf("error repeated: %v", errs)
	}
}

func TestOtherSurfacesSurviveAndDeleteFrees(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(loginV09))
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"s2","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s2","components":[{"id":"root","component":"Text","text":"second"}]}}`))
	r.Frame()
	if !strings.Contains(h.text("s2"), "second") || !strings.Contains(h.text("s1"), "Sign in") {
		t.Fatal("surfaces not both rendered")
	}
	r.Process([]byte(`{"version":"v0.9","deleteSurface":{"surfaceId":"s1"}}`))
	if h.doc.Host("s1") != nil {
		t.Fatal("host of deleted surface still attached")
	}
	if got := r.Surfaces(); len(got) != 1 || got[0] != "s2" {
		t.Fatalf("surfaces = %v", got)
	}
	if ev := h.ofType("a2ui-surface"); ev[len(ev)-1] != `{"surfaceId":"s1","event":"deleted"}` {
		t.Fatalf("events = %v", ev)
	}
}

func TestStreamEndedEarlyShowsState(t *testing.T) {
	r, h := newRenderer(t)
	st := r.NewStream(JSONL)
	st.Write([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"half","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}` + "\n"))
	r.Frame()
	if !strings.Contains(h.text("half"), "Loading") {
		t.Fatalf("pending surface shows %q", h.text("half"))
	}
	st.Close(nil)
	r.Frame()
	if !strings.Contains(h.text("half"), "ended before") {
		t.Fatalf("ended surface shows %q", h.text("half"))
	}
	errs := h.ofType("a2ui-error")
	if len(errs) != 1 || !strings.Contains(errs[0], "STREAM_FAILED") {
		t.Fatalf("errors = %v", errs)
	}
}

func TestV08StreamsRender(t *testing.T) {
	files, _ := filepath.Glob("../testdata/v08/*.jsonl")
	if len(files) == 0 {
		t.Skip("no v0.8 streams")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r, h := newRenderer(t)
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			r.Process(b)
			r.Frame()
			if errs := h.ofType("a2ui-error"); len(errs) != 0 {
				t.Fatalf("errors: %v", errs)
			}
			ids := r.Surfaces()
			if len(ids) == 0 {
				t.Fatal("no surface")
			}
			for _, id := range ids {
				if strings.TrimSpace(h.text(id)) == "" {
					t.Errorf("surface %s rendered no text: %s", id, h.doc.Host(id).HTML())
				}
			}
		})
	}
}

func TestSendDataModelTravelsWithAction(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(strings.Replace(loginV09, `"catalogId"`, `"sendDataModel":true,"catalogId"`, 1)))
	r.Frame()
	dispatch(t, r, h, "s1", findNode(h, "s1", byTagText("button", "Go")), dom.Event{Type: "click"})
	acts := h.ofType("a2ui-action")
	if len(acts) != 1 {
		t.Fatalf("actions = %v", acts)
	}
	var got struct {
		Action   map[string]any `json:"action"`
		Metadata struct {
			DM struct {
				Version  string                    `json:"version"`
				Surfaces map[string]map[string]any `json:"surfaces"`
			} `json:"a2uiClientDataModel"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal([]byte(acts[0]), &got); err != nil {
		t.Fatalf("%v: %s", err, acts[0])
	}
	if got.Action["name"] != "login" || got.Metadata.DM.Version != "v0.9" ||
		!jsonEqual(got.Metadata.DM.Surfaces["s1"], map[string]any{"user": map[string]any{"name": "Ada"}}) {
		t.Fatalf("action = %s", acts[0])
	}
}
