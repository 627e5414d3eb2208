//go:build browser

package browser

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// formStream is a v0.9 surface "f" with a TextField and a Slider bound to /name and
// /vol, and a Text echoing /name.
var formStream = []string{
	`{"version":"v0.9","createSurface":{"surfaceId":"f","catalogId":"` + basicCatalog + `"}}`,
	`{"version":"v0.9","updateDataModel":{"surfaceId":"f","value":{"name":"","vol":10}}}`,
	`{"version":"v0.9","updateComponents":{"surfaceId":"f","components":[` +
		`{"id":"root","component":"Column","children":["name","echo","vol"]},` +
		`{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},` +
		`{"id":"echo","component":"Text","text":{"path":"/name"}},` +
		`{"id":"vol","component":"Slider","label":"Volume","min":0,"max":100,"value":{"path":"/vol"}}` +
		`]}}`,
}

type fieldState struct {
	Focused bool   `json:"focused"`
	Start   int    `json:"start"`
	End     int    `json:"end"`
	Value   string `json:"value"`
}

func fieldOf(ctx context.Context, css string) fieldState {
	tabOf(ctx).t.Helper()
	return evalJS[fieldState](ctx, `(() => { const i = T.q("host", `+jsString(css)+`); return {focused: T.deepActive() === i, start: i.selectionStart || 0, end: i.selectionEnd || 0, value: i.value}; })()`)
}

// cdpDo runs one raw CDP input command.
func cdpDo[P any](ctx context.Context, cmd cdp.Command[P, cdp.Empty], p P) {
	tb := tabOf(ctx)
	tb.t.Helper()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, cmd, p)
		return err
	}))
	if err != nil {
		tb.t.Fatalf("%s: %v", cmd.Method, err)
	}
}

// TestFieldKeepsUserInput: while the user types into a TextField, an agent write to
// its path does not replace the text: every character stays, the caret stays, the
// page gets an a2ui-conflict event and the agent an INPUT_CONFLICT error; the user's
// value is what the model holds after they leave the field.
func TestFieldKeepsUserInput(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPage(), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	processLines(ctx, "host", formStream...)
	typeIn(ctx, "host", "input.a2ui-input", "abc", false)
	waitJS(ctx, `T.r.host.dataModel("f").name === "abc"`)
	evalJSON(ctx, `(T.q("host", "input.a2ui-input").setSelectionRange(1, 1), true)`)

	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"f","path":"/name","value":"server"}}`)
	if got, want := fieldOf(ctx, "input.a2ui-input"), (fieldState{true, 1, 1, "abc"}); got != want {
		t.Errorf("field after the agent write = %+v, want %+v", got, want)
	}
	conflicts := events(ctx, "host", "a2ui-conflict")
	if len(conflicts) != 1 {
		t.Fatalf("a2ui-conflict events: %s", conflicts)
	}
	if got, want := canonicalJSON(t, conflicts[0]), canonicalJSON(t, `{"surfaceId":"f","componentId":"name","path":"/name","agentValue":"server"}`); got != want {
		t.Errorf("a2ui-conflict = %s, want %s", got, want)
	}
	if codes := errorCodes(t, events(ctx, "host", "a2ui-error")); len(codes) != 1 || codes[0] != "INPUT_CONFLICT" {
		t.Errorf("a2ui-error codes = %v, want [INPUT_CONFLICT]", codes)
	}
	report := rec.Wait(t, 1)[0]
	var rep struct {
		Error struct {
			Code      string `json:"code"`
			SurfaceID string `json:"surfaceId"`
			Path      string `json:"path"`
			Message   string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(report), &rep); err != nil || rep.Error.Code != "INPUT_CONFLICT" || rep.Error.SurfaceID != "f" || rep.Error.Path != "/name" {
		t.Errorf("error sent to the agent = %s", report)
	}
	if strings.Contains(report, "abc") {
		t.Errorf("the error sent to the agent carries the user's text: %s", report)
	}

	// Typing goes on where the caret is; the same agent write again is reported once more
	// only after the field took the user's value.
	pressKey(ctx, "X")
	waitJS(ctx, `T.r.host.dataModel("f").name === "aXbc"`)
	flush(ctx, "host")
	if got, want := fieldOf(ctx, "input.a2ui-input"), (fieldState{true, 2, 2, "aXbc"}); got != want {
		t.Errorf("after typing on = %+v, want %+v", got, want)
	}

	// The agent writes again while the field has focus, then the user leaves it: the
	// model holds the user's value.
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"f","path":"/name","value":"again"}}`)
	if got := fieldOf(ctx, "input.a2ui-input").Value; got != "aXbc" {
		t.Errorf("value after the second agent write = %q", got)
	}
	if n := len(events(ctx, "host", "a2ui-conflict")); n != 2 {
		t.Errorf("%d a2ui-conflict events, want 2", n)
	}
	evalJSON(ctx, `(T.q("host", "input.a2ui-input").blur(), true)`)
	waitJS(ctx, `T.r.host.dataModel("f").name === "aXbc"`)
	flush(ctx, "host")
	if got := evalJS[string](ctx, `T.q("host", "p.a2ui-text").textContent`); got != "aXbc" {
		t.Errorf("bound Text after blur = %q, want aXbc", got)
	}

	// Not focused: an agent write shows at once and is no conflict.
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"f","path":"/name","value":"from agent"}}`)
	if got := fieldOf(ctx, "input.a2ui-input"); got.Value != "from agent" || got.Focused {
		t.Errorf("unfocused field after an agent write = %+v", got)
	}
	if n := len(events(ctx, "host", "a2ui-conflict")); n != 2 {
		t.Errorf("%d a2ui-conflict events after an unfocused write, want 2", n)
	}
}

// TestFieldIMEComposition: an agent write while an IME composition is open does not
// cancel it; the committed text is what the field and the model hold.
func TestFieldIMEComposition(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host", formStream...)
	typeIn(ctx, "host", "input.a2ui-input", "ab", false)
	waitJS(ctx, `T.r.host.dataModel("f").name === "ab"`)
	evalJSON(ctx, `(() => { const i = T.q("host", "input.a2ui-input"); T.comp = []; for (const t of ["compositionstart", "compositionend"]) i.addEventListener(t, (e) => T.comp.push(t + ":" + e.data)); return true; })()`)
	cdpDo(ctx, input.ImeSetComposition, input.ImeSetCompositionParams{Text: "にほ", SelectionStart: 2, SelectionEnd: 2})
	waitJS(ctx, `T.q("host", "input.a2ui-input").value === "abにほ"`)
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"f","path":"/name","value":"server"}}`)
	if got := fieldOf(ctx, "input.a2ui-input"); got.Value != "abにほ" || !got.Focused {
		t.Errorf("field during composition after an agent write = %+v", got)
	}
	cdpDo(ctx, input.ImeSetComposition, input.ImeSetCompositionParams{Text: "日本", SelectionStart: 2, SelectionEnd: 2})
	cdpDo(ctx, input.InsertText, input.InsertTextParams{Text: "日本"})
	waitJS(ctx, `T.r.host.dataModel("f").name === "ab日本"`)
	if got, want := fieldOf(ctx, "input.a2ui-input"), (fieldState{true, 4, 4, "ab日本"}); got != want {
		t.Errorf("after commit = %+v, want %+v", got, want)
	}
	if got := evalJSON(ctx, `T.comp`); got != `["compositionstart:","compositionend:日本"]` {
		t.Errorf("composition events = %s (the composition must not be cancelled)", got)
	}
	if n := len(events(ctx, "host", "a2ui-conflict")); n != 1 {
		t.Errorf("%d a2ui-conflict events, want 1", n)
	}
}

// TestSliderKeepsUserValue: a focused Slider keeps the user's value through an agent
// write and hands it to the model on blur.
func TestSliderKeepsUserValue(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host", formStream...)
	evalJSON(ctx, `(T.q("host", "input.a2ui-slider-input").focus(), true)`)
	pressKey(ctx, kb.ArrowRight)
	waitJS(ctx, `T.r.host.dataModel("f").vol === 11`)
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"f","path":"/vol","value":90}}`)
	if got := evalJS[string](ctx, `T.q("host", "input.a2ui-slider-input").value`); got != "11" {
		t.Errorf("slider after an agent write = %s, want 11", got)
	}
	if c := events(ctx, "host", "a2ui-conflict"); len(c) != 1 || !strings.Contains(string(c[0]), `"agentValue":90`) {
		t.Errorf("a2ui-conflict = %s", c)
	}
	evalJSON(ctx, `(T.q("host", "input.a2ui-slider-input").blur(), true)`)
	waitJS(ctx, `T.r.host.dataModel("f").vol === 11`)
}

// TestConnectRejects: connect() rejects when the stream answers an HTTP error status
// or the network fails, and resolves when it ends normally.
func TestConnectRejects(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage(),
		handle("GET /ok", streamLines(0, oneButton...)),
		handle("GET /gone", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "gone", http.StatusGone) })),
		handle("GET /drop", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if hj, ok := w.(http.Hijacker); ok {
				if c, _, err := hj.Hijack(); err == nil {
					c.Close()
				}
			}
		})))
	ctx := openRenderer(t, base, "", allowJSErrors())
	settle := func(u string) string {
		return evalJS[string](ctx, `T.r.host.connect(`+jsString(u)+`).then(() => "resolved", (e) => "rejected: " + e.message)`)
	}
	if got := settle("/ok"); got != "resolved" {
		t.Errorf("connect(/ok) = %s", got)
	}
	if got := settle("/gone"); got != "rejected: a2ui: the stream failed: HTTP status 410" {
		t.Errorf("connect(/gone) = %s", got)
	}
	if got := settle("/drop"); !strings.HasPrefix(got, "rejected: a2ui: the stream failed: ") {
		t.Errorf("connect(/drop) = %s", got)
	}
	if got := hostText(ctx, "host"); got != "PayGo" {
		t.Errorf("text = %q, want PayGo", got)
	}
}
