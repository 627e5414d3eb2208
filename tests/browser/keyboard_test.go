//go:build browser

package browser

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// surfaceLines is a v0.9 surface "s" with the given components and data model.
func surfaceLines(components, data string) []string {
	lines := []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + basicCatalog + `"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[` + components + `]}}`,
	}
	if data != "" {
		lines = append(lines, `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/","value":`+data+`}}`)
	}
	return lines
}

// focused describes the focused element inside host's shadow root: its text, role and
// whether it is selected/checked.
type focused struct {
	Text     string `json:"text"`
	Role     string `json:"role"`
	Selected string `json:"selected"`
}

func readFocused(ctx context.Context) focused {
	return evalJS[focused](ctx, `(() => { const a = T.deepActive(); return a ? {text: T.norm(a.textContent), role: a.getAttribute("role") || a.localName, selected: a.getAttribute("aria-selected") || a.getAttribute("aria-checked") || a.getAttribute("aria-pressed") || ""} : {}; })()`)
}

// TestKeyboardTabs: the APG tabs pattern with real key events. Arrow keys move the
// selection and the focus together (a second arrow keeps going), Home/End jump, the
// selected tab is the only tab stop, and right to left mirrors the arrows.
func TestKeyboardTabs(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	comps := `{"id":"root","component":"Tabs","tabs":[{"title":"One","child":"p1"},{"title":"Two","child":"p2"},{"title":"Three","child":"p3"}]},` +
		`{"id":"p1","component":"Text","text":"Panel one"},{"id":"p2","component":"Text","text":"Panel two"},{"id":"p3","component":"Text","text":"Panel three"}`
	for _, tc := range []struct {
		name, opts, next, prev string
	}{
		{"ltr", "", kb.ArrowRight, kb.ArrowLeft},
		{"rtl", `{dir: "rtl"}`, kb.ArrowLeft, kb.ArrowRight},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := openRenderer(t, base, tc.opts)
			processLines(ctx, "host", surfaceLines(comps, "")...)
			if got := evalJS[int](ctx, `T.qa("host", "[role=tab][tabindex='0']").length`); got != 1 {
				t.Fatalf("%d tab stops in the tablist, want 1", got)
			}
			clickIn(ctx, "host", "[role=tab]")
			steps := []struct {
				key, want string
			}{
				{tc.next, "Two"}, {tc.next, "Three"}, {tc.next, "One"}, {tc.prev, "Three"}, {kb.Home, "One"}, {kb.End, "Three"},
			}
			for _, st := range steps {
				pressKey(ctx, st.key)
				waitJS(ctx, `T.deepActive() && T.deepActive().textContent === `+jsString(st.want)+` && T.visibleText("host").includes("Panel `+strings.ToLower(st.want)+`")`)
				if f := readFocused(ctx); f != (focused{st.want, "tab", "true"}) {
					t.Errorf("after %q: focus %+v, want the selected tab %q", st.key, f, st.want)
				}
			}
			if got := evalJS[string](ctx, `T.q("host", ".a2ui-root").getAttribute("dir")`); got != tc.name {
				t.Errorf("root dir = %q, want %q", got, tc.name)
			}
		})
	}
}

// TestKeyboardChoicePicker: chips are one tab stop; in a single-choice picker
// (radio group) arrows move focus and selection; in a multiple-choice picker arrows
// move focus only and Space toggles. Native radio inputs keep the browser's own
// radio-group keyboard model.
func TestKeyboardChoicePicker(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	opts := `"options":[{"label":"Small","value":"s"},{"label":"Medium","value":"m"},{"label":"Large","value":"l"}]`
	processLines(ctx, "host", surfaceLines(
		`{"id":"root","component":"Column","children":["size","extras","radio"]},`+
			`{"id":"size","component":"ChoicePicker","label":"Size","displayStyle":"chips",`+opts+`,"value":{"path":"/size"}},`+
			`{"id":"extras","component":"ChoicePicker","label":"Extras","variant":"multipleSelection","displayStyle":"chips","options":[{"label":"Cheese","value":"c"},{"label":"Bacon","value":"b"}],"value":{"path":"/extras"}},`+
			`{"id":"radio","component":"ChoicePicker","label":"Crust",`+opts+`,"value":{"path":"/crust"}}`,
		`{"size":["m"],"extras":[],"crust":["s"]}`)...)

	if got := evalJS[[]string](ctx, `T.qa("host", ".a2ui-chip[tabindex='0']").map((c) => c.textContent)`); strings.Join(got, ",") != "Medium,Cheese" {
		t.Fatalf("tab stops %q, want the selected chip of each group (Medium, Cheese)", got)
	}
	if got := evalJS[string](ctx, `T.q("host", ".a2ui-choicepicker-chips").getAttribute("role")`); got != "radiogroup" {
		t.Errorf("single-choice chips role %q, want radiogroup", got)
	}
	clickIn(ctx, "host", ".a2ui-chip[tabindex='0']") // Medium (already selected)
	pressKey(ctx, kb.ArrowRight)
	waitJS(ctx, `T.deepActive() && T.deepActive().textContent === "Large" && T.deepActive().getAttribute("aria-checked") === "true"`)
	pressKey(ctx, kb.ArrowDown) // wraps
	waitJS(ctx, `T.deepActive() && T.deepActive().textContent === "Small"`)
	if got := evalJSON(ctx, `T.rr("host").dataModel("s").size`); got != `["s"]` {
		t.Errorf("size after arrows = %s, want [\"s\"]", got)
	}
	// Tab leaves the group (one stop) for the next group's stop.
	pressKey(ctx, kb.Tab)
	waitJS(ctx, `T.deepActive() && T.deepActive().textContent === "Cheese"`)
	pressKey(ctx, kb.ArrowRight)
	waitJS(ctx, `T.deepActive() && T.deepActive().textContent === "Bacon"`)
	if got := evalJSON(ctx, `T.rr("host").dataModel("s").extras`); got != `[]` {
		t.Errorf("extras changed by an arrow key: %s", got)
	}
	pressKey(ctx, " ")
	waitJS(ctx, `JSON.stringify(T.rr("host").dataModel("s").extras) === '["b"]'`)
	if f := readFocused(ctx); f != (focused{"Bacon", "button", "true"}) {
		t.Errorf("after Space: %+v", f)
	}
	// Native radios: the browser's own arrow keys select the next radio.
	pressKey(ctx, kb.Tab)
	waitJS(ctx, `T.deepActive() && T.deepActive().type === "radio" && T.deepActive().checked`)
	pressKey(ctx, kb.ArrowDown)
	waitJS(ctx, `JSON.stringify(T.rr("host").dataModel("s").crust) === '["m"]'`)
}

// TestKeyboardSliderWholeSteps: a slider with whole min, max and value steps by 1 with
// the arrow keys (it used to step 40 → 42.8).
func TestKeyboardSliderWholeSteps(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host", surfaceLines(
		`{"id":"root","component":"Slider","label":"Budget","min":0,"max":280,"value":{"path":"/budget"}}`, `{"budget":40}`)...)
	clickIn(ctx, "host", "input[type=range]")
	evalJSON(ctx, `(T.q("host", "input[type=range]").focus(), true)`)
	flush(ctx, "host") // the click's value is in the model (worker mode: in the page's mirror)
	start := evalJS[float64](ctx, `T.rr("host").dataModel("s").budget`)
	pressKey(ctx, kb.ArrowRight)
	waitJS(ctx, `T.rr("host").dataModel("s").budget === `+strings.TrimRight(strings.TrimRight(jsonNum(start+1), "0"), "."))
	pressKey(ctx, kb.ArrowLeft)
	pressKey(ctx, kb.ArrowLeft)
	waitJS(ctx, `T.rr("host").dataModel("s").budget === `+jsonNum(start-1))
	if got := evalJS[string](ctx, `T.q("host", "input[type=range]").step`); got != "1" {
		t.Errorf("step = %q, want 1", got)
	}
	if got := evalJS[string](ctx, `T.q("host", "output").textContent`); got != jsonNum(start-1) {
		t.Errorf("shown value %q, want %s", got, jsonNum(start-1))
	}
}

func jsonNum(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

// TestKeyboardFormSubmit fills a form with the keyboard only and submits it with
// Enter: the form does not open in error, leaving a required field empty shows its
// message (tied to the input), and the action carries the typed values.
func TestKeyboardFormSubmit(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host", surfaceLines(
		`{"id":"root","component":"Column","children":["name","email","go"]},`+
			`{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"},"checks":[{"condition":{"call":"required","args":{"value":{"path":"/name"}}},"message":"Name is required"}]},`+
			`{"id":"email","component":"TextField","label":"Email","value":{"path":"/email"}},`+
			`{"id":"go","component":"Button","variant":"primary","child":"go-t","action":{"event":{"name":"submit","context":{"name":{"path":"/name"},"email":{"path":"/email"}}}}},`+
			`{"id":"go-t","component":"Text","text":"Send"}`, `{"name":"","email":""}`)...)
	if got := evalJS[int](ctx, `T.qa("host", ".a2ui-error, [aria-invalid=true]").length`); got != 0 {
		t.Fatalf("the form opens with %d error nodes", got)
	}
	evalJSON(ctx, `(T.q("host", "input").focus(), true)`)
	pressKey(ctx, kb.Tab) // leave Name empty
	waitJS(ctx, `T.q("host", ".a2ui-error") && T.q("host", ".a2ui-error").textContent === "Name is required"`)
	if got := evalJS[bool](ctx, `T.q("host", "input").getAttribute("aria-describedby") === T.q("host", ".a2ui-error").id && T.q("host", "input").getAttribute("aria-invalid") === "true"`); !got {
		t.Error("the message is not tied to the Name input")
	}
	if got := evalJS[string](ctx, `T.deepActive().id === T.qa("host", "input")[1].id ? "email" : "other"`); got != "email" {
		t.Fatalf("focus after Tab: %s", got)
	}
	pressKey(ctx, "ada@example.com")
	pressKey(ctx, kb.Shift+kb.Tab)
	typeIn(ctx, "host", "input", "Ada", false)
	waitJS(ctx, `!T.q("host", ".a2ui-error")`)
	pressKey(ctx, kb.Tab)
	pressKey(ctx, kb.Tab)
	waitJS(ctx, `T.deepActive() && T.deepActive().textContent === "Send"`)
	pressKey(ctx, kb.Enter)
	waitJS(ctx, `T.events("host", "a2ui-action").length === 1`)
	acts := events(ctx, "host", "a2ui-action")
	var got struct {
		Action struct {
			Name    string            `json:"name"`
			Context map[string]string `json:"context"`
		} `json:"action"`
	}
	if err := json.Unmarshal(acts[0], &got); err != nil {
		t.Fatal(err)
	}
	if got.Action.Name != "submit" || got.Action.Context["name"] != "Ada" || got.Action.Context["email"] != "ada@example.com" {
		t.Errorf("action %s", acts[0])
	}
}
