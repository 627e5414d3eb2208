package render

import (
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

// typingSurface is the bench's typing surface: a TextField and a Text, both bound to
// /name; field is the TextField's extra props (after its label).
func typingSurface(field string) string {
	return `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["field","echo"]},{"id":"field","component":"TextField"` + field + `,"value":{"path":"/name"}},{"id":"echo","component":"Text","text":{"path":"/name"}}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/","value":{"name":""}}}
`
}

// typeInto types text into input one character at a time the way the browser reports
// it (the control's live value changes, then an input event) and returns the memdom
// stats of each keystroke's frame.
func typeInto(t *testing.T, r *Renderer, h *fakeHost, input *memdom.Node, start, text string) []memdom.Stats {
	t.Helper()
	var out []memdom.Stats
	v := start
	for _, c := range text {
		v += string(c)
		input.SetLive("value", v)
		h.doc.ResetStats()
		dispatch(t, r, h, "s", input, dom.Event{Type: "input", Value: v})
		out = append(out, h.doc.Stats)
	}
	return out
}

// TestTypingPatchesOnlyTheBoundText: a keystroke into a TextField whose other props are
// literals does not render the field again: its frame is one SETTEXT of the bound Text,
// the model holds the value, and the field is left as the user typed it.
func TestTypingPatchesOnlyTheBoundText(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(typingSurface(`,"label":"Name"`)))
	r.Frame()
	input := findNode(h, "s", func(n *memdom.Node) bool { return n.Tag == "input" })
	dispatch(t, r, h, "s", input, dom.Event{Type: "focusin", Value: ""})
	for i, st := range typeInto(t, r, h, input, "", "Ada") {
		if st.Texts != 1 || st.Touches() != 1 || st.PropWrites+st.PropSkips != 0 {
			t.Errorf("keystroke %d: %+v, want exactly one SETTEXT", i+1, st)
		}
	}
	if got := h.text("s"); got != "NameAda" {
		t.Errorf("surface text = %q, want NameAda", got)
	}
	if got := input.Props["value"]; got != "Ada" {
		t.Errorf("field value = %q", got)
	}
	if got := string(r.DataModel("s")); got != `{"name":"Ada"}` {
		t.Errorf("data model = %s", got)
	}
}

// TestTypingRendersWhatDependsOnTheValue: when more than the field's value depends on the
// path (a label bound to it, a check, a pattern), the keystroke renders the field again:
// typed into a field the user has left once (so its validation shows), the keystroke's
// frame shows the new label or message.
func TestTypingRendersWhatDependsOnTheValue(t *testing.T) {
	for _, tc := range []struct {
		name, field, first, then, want string
		invalid                        bool
	}{
		{"label bound to the value", `,"label":{"path":"/name"}`, "Ad", "a", "AdaAda", false},
		{"check", `,"label":"Name","checks":[{"condition":{"call":"required","args":{"value":{"path":"/name"}}},"message":"Name is required"}]`,
			"A", "", "NameName is required", true},
		{"pattern", `,"label":"Name","validationRegexp":"^[0-9]*$"`, "12", "a", "NameInvalid value12a", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, h := newRenderer(t)
			r.Process([]byte(typingSurface(tc.field)))
			r.Frame()
			input := findNode(h, "s", func(n *memdom.Node) bool { return n.Tag == "input" })
			dispatch(t, r, h, "s", input, dom.Event{Type: "focusin", Value: ""})
			typeInto(t, r, h, input, "", tc.first)
			dispatch(t, r, h, "s", input, dom.Event{Type: "focusout", Value: tc.first})
			dispatch(t, r, h, "s", input, dom.Event{Type: "focusin", Value: tc.first})
			v := tc.first + tc.then
			if tc.then == "" { // a deletion
				v = ""
			}
			input.SetLive("value", v)
			dispatch(t, r, h, "s", input, dom.Event{Type: "input", Value: v})
			if got := h.text("s"); got != tc.want {
				t.Errorf("surface text = %q, want %q", got, tc.want)
			}
			if got, _ := input.Attr("aria-invalid"); (got == "true") != tc.invalid {
				t.Errorf("aria-invalid = %q, want invalid %v", got, tc.invalid)
			}
		})
	}
}

// TestTypingThenAgentWrite: after keystrokes that skipped rendering the field, the
// mounted tree still knows what the field shows: an agent write of the value the field
// had when it was last rendered reaches the field once the user has left it.
func TestTypingThenAgentWrite(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(typingSurface(`,"label":"Name"`)))
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/name","value":"Al"}}`))
	r.Frame()
	input := findNode(h, "s", func(n *memdom.Node) bool { return n.Tag == "input" })
	if got := input.Props["value"]; got != "Al" {
		t.Fatalf("field value = %q, want Al", got)
	}
	// The first visit touches the field (its validation shows from then on), which
	// renders it again as "Alx"; the second's keystroke and blur render nothing of it.
	dispatch(t, r, h, "s", input, dom.Event{Type: "focusin", Value: "Al"})
	typeInto(t, r, h, input, "Al", "x")
	dispatch(t, r, h, "s", input, dom.Event{Type: "focusout", Value: "Alx"})
	dispatch(t, r, h, "s", input, dom.Event{Type: "focusin", Value: "Alx"})
	typeInto(t, r, h, input, "Alx", "y")
	dispatch(t, r, h, "s", input, dom.Event{Type: "focusout", Value: "Alxy"})
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/name","value":"Alx"}}`))
	r.Frame()
	if got := input.Props["value"]; got != "Alx" {
		t.Errorf("field value after the agent wrote Alx = %q", got)
	}
	if got := h.text("s"); got != "NameAlx" {
		t.Errorf("surface text = %q", got)
	}
}
