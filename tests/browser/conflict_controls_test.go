//go:build browser

package browser

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// controlsStream is a v0.9 surface "g" with every user-editable control besides
// TextField and Slider (conflict_test.go): a CheckBox, a date DateTimeInput, a radio
// ChoicePicker and a multiple-selection chip ChoicePicker.
var controlsStream = []string{
	`{"version":"v0.9","createSurface":{"surfaceId":"g","catalogId":"` + basicCatalog + `"}}`,
	`{"version":"v0.9","updateDataModel":{"surfaceId":"g","value":{"ok":false,"when":"2025-03-10","size":["s"],"tags":["a"]}}}`,
	`{"version":"v0.9","updateComponents":{"surfaceId":"g","components":[` +
		`{"id":"root","component":"Column","children":["ok","when","size","tags"]},` +
		`{"id":"ok","component":"CheckBox","label":"Agree","value":{"path":"/ok"}},` +
		`{"id":"when","component":"DateTimeInput","label":"When","enableDate":true,"value":{"path":"/when"}},` +
		`{"id":"size","component":"ChoicePicker","label":"Size","variant":"mutuallyExclusive","options":[{"label":"S","value":"s"},{"label":"M","value":"m"},{"label":"L","value":"l"}],"value":{"path":"/size"}},` +
		`{"id":"tags","component":"ChoicePicker","label":"Tags","variant":"multipleSelection","displayStyle":"chips","options":[{"label":"A","value":"a"},{"label":"B","value":"b"},{"label":"C","value":"c"}],"value":{"path":"/tags"}}` +
		`]}}`,
}

// TestControlsKeepUserChoice: for each user-editable control (CheckBox, DateTimeInput,
// radio ChoicePicker, chip ChoicePicker), the user changes it with real input; while it
// still has focus the agent writes another value to its path: the control keeps showing
// the user's value, the page gets one a2ui-conflict with the agent's value and the agent
// an INPUT_CONFLICT error; when the user leaves, the model holds the user's value.
// (Tabs has no bound value: its selection is the renderer's own state.)
func TestControlsKeepUserChoice(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPage(), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	processLines(ctx, "host", controlsStream...)
	model := func(path string) string {
		t.Helper()
		return evalJS[string](ctx, `JSON.stringify(T.r.host.dataModel("g")`+path+`)`)
	}
	chips := `Array.from(T.root("host").querySelectorAll("button.a2ui-chip")).filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.textContent).join(",")`
	radios := `Array.from(T.root("host").querySelectorAll("input.a2ui-option-input")).filter((i) => i.checked).map((i) => i.value).join(",")`
	for i, tt := range []struct {
		name string
		// act changes the control as a user would and leaves focus in it.
		act func()
		// shown is JS giving what the control shows; key the model member.
		shown, key, agentValue string
	}{
		{"CheckBox", func() {
			evalJSON(ctx, `(T.q("host", "input.a2ui-checkbox-input").focus(), true)`)
			pressKey(ctx, " ")
		}, `String(T.q("host", "input.a2ui-checkbox-input").checked)`, "ok", `false`},
		{"DateTimeInput", func() {
			evalJSON(ctx, `(T.q("host", "input[type=date]").focus(), true)`)
			pressKey(ctx, kb.ArrowUp) // the focused segment (month or day) goes up by one
		}, `T.q("host", "input[type=date]").value`, "when", `"1999-01-01"`},
		{"ChoicePicker radio", func() {
			clickIn(ctx, "host", `input.a2ui-option-input[value="s"]`)
			pressKey(ctx, kb.ArrowDown) // radio groups move the selection with the focus
		}, radios, "size", `["l"]`},
		{"ChoicePicker chips", func() {
			clickIn(ctx, "host", `button.a2ui-chip:nth-child(2)`)
		}, chips, "tags", `["c"]`},
	} {
		{
			before := model("." + tt.key)
			tt.act()
			waitJS(ctx, `JSON.stringify(T.r.host.dataModel("g").`+tt.key+`) !== `+jsString(before))
			flush(ctx, "host")
			user, shown := model("."+tt.key), evalJS[string](ctx, tt.shown)
			processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"g","path":"/`+tt.key+`","value":`+tt.agentValue+`}}`)
			if got := evalJS[string](ctx, tt.shown); got != shown {
				t.Errorf("%s: control after the agent write shows %q, want the user's %q", tt.name, got, shown)
			}
			if !evalJS[bool](ctx, `T.root("host").activeElement !== null`) {
				t.Errorf("%s: focus left the control", tt.name)
			}
			conflicts := events(ctx, "host", "a2ui-conflict")
			if len(conflicts) != i+1 {
				t.Fatalf("%s: a2ui-conflict events: %s", tt.name, conflicts)
			}
			if got, want := canonicalJSON(t, conflicts[i]), canonicalJSON(t, `{"surfaceId":"g","componentId":"`+tt.key+`","path":"/`+tt.key+`","agentValue":`+tt.agentValue+`}`); got != want {
				t.Errorf("%s: a2ui-conflict = %s, want %s", tt.name, got, want)
			}
			report := rec.Wait(t, i+1)[i]
			var rep struct {
				Error struct{ Code, SurfaceID, Path string } `json:"error"`
			}
			if err := json.Unmarshal([]byte(report), &rep); err != nil || rep.Error.Code != "INPUT_CONFLICT" || rep.Error.Path != "/"+tt.key {
				t.Errorf("%s: error sent to the agent = %s", tt.name, report)
			}
			evalJSON(ctx, `(T.deepActive().blur(), true)`)
			waitJS(ctx, `JSON.stringify(T.r.host.dataModel("g").`+tt.key+`) === `+jsString(user))
			flush(ctx, "host")
			if got := evalJS[string](ctx, tt.shown); got != shown {
				t.Errorf("%s: control after the user left shows %q, want %q", tt.name, got, shown)
			}
		}
	}
	if codes := errorCodes(t, events(ctx, "host", "a2ui-error")); strings.Join(codes, ",") != "INPUT_CONFLICT,INPUT_CONFLICT,INPUT_CONFLICT,INPUT_CONFLICT" {
		t.Errorf("a2ui-error codes = %v", codes)
	}
}
