package rendertest

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/render"
)

// Event is a DOM event the renderer dispatched on its element (Host.Emit): its type
// ("a2ui-action", "a2ui-error", "a2ui-surface", …) and its detail JSON.
type Event struct{ Type, Detail string }

// Host is a render.Host over a memdom.Document that records what the renderer reports.
// Make one with New.
type Host struct {
	// R is the renderer drawing into the host.
	R *render.Renderer
	// Doc holds each surface's DOM (Doc.Host(surfaceID).Root).
	Doc *memdom.Document
	// Events are the DOM events emitted so far, in order.
	Events []Event
	// Sent are the client messages (actions, error reports, function responses) the
	// renderer handed to the host to deliver, in order.
	Sent []string
	// Opened are the URLs of openUrl actions; Gesture makes OpenURL report that a
	// window opened (as with a user activation), else it refuses.
	Opened  []string
	Gesture bool
	// Themes are the theme variables set on each surface's host.
	Themes map[string][]catalog.ThemeVar
	// Err is the first op batch memdom refused (a renderer bug); later ones are dropped.
	Err error
}

// New returns a Host with a renderer made with opts. Without opts.Now and opts.NewID
// the clock is fixed (2026-01-02 03:04:05 UTC) and ids count "id-1", "id-2", …, so
// posted messages are reproducible.
func New(opts render.Options) *Host {
	h := &Host{Doc: memdom.New(), Themes: map[string][]catalog.ThemeVar{}}
	if opts.Now == nil {
		at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		opts.Now = func() time.Time { return at }
	}
	if opts.NewID == nil {
		n := 0
		opts.NewID = func() string { n++; return "id-" + strconv.Itoa(n) }
	}
	h.R = render.New(h, opts)
	return h
}

// Process applies a payload (JSONL, a JSON message or an array of them) and renders
// the frame it asks for.
func (h *Host) Process(payload string) {
	h.R.Process([]byte(payload))
	h.R.Frame()
}

// Root returns the root node of surface id (nil when it has none).
func (h *Host) Root(id string) *memdom.Node {
	if s := h.Doc.Host(id); s != nil {
		return s.Root
	}
	return nil
}

// Text returns the text content of surface id ("" when it has none).
func (h *Host) Text(id string) string {
	if n := h.Root(id); n != nil {
		return n.TextContent()
	}
	return ""
}

// HTML returns the serialized DOM of surface id ("" when it has none).
func (h *Host) HTML(id string) string {
	if n := h.Root(id); n != nil {
		return n.HTML()
	}
	return ""
}

// Find returns the first node of surface id, in document order, that match accepts.
func (h *Host) Find(id string, match func(*memdom.Node) bool) *memdom.Node {
	if all := h.find(id, match, true); len(all) > 0 {
		return all[0]
	}
	return nil
}

// FindAll returns the nodes of surface id, in document order, that match accepts.
func (h *Host) FindAll(id string, match func(*memdom.Node) bool) []*memdom.Node {
	return h.find(id, match, false)
}

func (h *Host) find(id string, match func(*memdom.Node) bool, first bool) []*memdom.Node {
	var out []*memdom.Node
	var walk func(n *memdom.Node) bool
	walk = func(n *memdom.Node) bool {
		if match(n) {
			out = append(out, n)
			if first {
				return true
			}
		}
		for _, c := range n.Children {
			if walk(c) {
				return true
			}
		}
		return false
	}
	if r := h.Root(id); r != nil {
		walk(r)
	}
	return out
}

// ByTag matches elements of tag whose text contains text ("" matches any).
func ByTag(tag, text string) func(*memdom.Node) bool {
	return func(n *memdom.Node) bool {
		return n.Kind == dom.Element && n.Tag == tag && (text == "" || strings.Contains(n.TextContent(), text))
	}
}

// ByAttr matches elements whose attribute name is value.
func ByAttr(name, value string) func(*memdom.Node) bool {
	return func(n *memdom.Node) bool {
		v, ok := n.Attr(name)
		return ok && v == value
	}
}

// Click dispatches a user's click on n of surface id and renders the frame it causes.
func (h *Host) Click(id string, n *memdom.Node) {
	h.Dispatch(id, dom.Event{Type: "click", Node: n.ID})
}

// Type sets n's live value to value as the user's typing does, dispatches "input" and
// renders the frame it causes.
func (h *Host) Type(id string, n *memdom.Node, value string) {
	n.SetLive("value", value)
	h.Dispatch(id, dom.Event{Type: "input", Node: n.ID, Value: value})
}

// Dispatch hands ev (on a node of surface id) to the renderer and renders the frame it
// causes.
func (h *Host) Dispatch(id string, ev dom.Event) {
	if ev.Surface == "" {
		ev.Surface = id
	}
	h.R.Dispatch(id, ev)
	h.R.Frame()
}

// EventsOf returns the details of the emitted events of type typ, in order.
func (h *Host) EventsOf(typ string) []string {
	var out []string
	for _, e := range h.Events {
		if e.Type == typ {
			out = append(out, e.Detail)
		}
	}
	return out
}

// ErrorCodes returns the codes of the a2ui-error events, in order.
func (h *Host) ErrorCodes() []string {
	var out []string
	for _, d := range h.EventsOf("a2ui-error") {
		var e struct {
			Error struct{ Code string } `json:"error"`
		}
		if json.Unmarshal([]byte(d), &e) == nil {
			out = append(out, e.Error.Code)
		}
	}
	return out
}

// Patch implements render.Host.
func (h *Host) Patch(ops []byte) {
	if h.Err != nil {
		return
	}
	h.Err = h.Doc.Apply(ops)
}

// SurfaceAdded implements render.Host.
func (h *Host) SurfaceAdded(id string) { h.Doc.Attach(id) }

// SurfaceRemoved implements render.Host.
func (h *Host) SurfaceRemoved(id string) { h.Doc.Detach(id) }

// SurfaceTheme implements render.Host.
func (h *Host) SurfaceTheme(id string, vars []catalog.ThemeVar) { h.Themes[id] = vars }

// Emit implements render.Host.
func (h *Host) Emit(event string, detail []byte) {
	h.Events = append(h.Events, Event{event, string(detail)})
}

// Send implements render.Host.
func (h *Host) Send(body []byte, _ bool) { h.Sent = append(h.Sent, string(body)) }

// RequestFrame implements render.Host: the test renders frames itself (Process,
// Dispatch, or R.Frame).
func (h *Host) RequestFrame() {}

// OpenURL implements render.Host.
func (h *Host) OpenURL(url string) bool {
	if !h.Gesture {
		return false
	}
	h.Opened = append(h.Opened, url)
	return true
}
