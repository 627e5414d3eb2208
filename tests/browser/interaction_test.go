//go:build browser

package browser

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

const basicCatalog = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"

// actionStream is a v0.9 surface with a button whose context mixes data-model
// paths and literals, and a List template over /items whose row buttons bind
// relative paths.
var actionStream = []string{
	`{"version":"v0.9","createSurface":{"surfaceId":"act","catalogId":"` + basicCatalog + `"}}`,
	`{"version":"v0.9","updateDataModel":{"surfaceId":"act","value":{"user":{"name":"Ada","age":36},"items":[{"id":"a","label":"Apple","price":1.5},{"id":"b","label":"Banana","price":0.25}]}}}`,
	`{"version":"v0.9","updateComponents":{"surfaceId":"act","components":[` +
		`{"id":"root","component":"Column","children":["title","send-btn","list"]},` +
		`{"id":"title","component":"Text","text":"Order","variant":"h2"},` +
		`{"id":"send-text","component":"Text","text":"Send"},` +
		`{"id":"send-btn","component":"Button","child":"send-text","action":{"event":{"name":"send","context":{"who":{"path":"/user/name"},"age":{"path":"/user/age"},"fixed":"literal","n":3,"yes":true}}}},` +
		`{"id":"list","component":"List","children":{"componentId":"row","path":"/items"}},` +
		`{"id":"row","component":"Row","children":["row-label","row-btn"]},` +
		`{"id":"row-label","component":"Text","text":{"path":"label"}},` +
		`{"id":"row-btn-text","component":"Text","text":"Pick"},` +
		`{"id":"row-btn","component":"Button","child":"row-btn-text","action":{"event":{"name":"pick","context":{"id":{"path":"id"},"label":{"path":"label"},"price":{"path":"price"},"buyer":{"path":"/user/name"}}}}}` +
		`]}}`,
}

// TestButtonAction clicks buttons (real mouse events) and checks the action
// message, context resolved against the data model, both as the a2ui-action
// event detail and as the body POSTed to the action URL.
func TestButtonAction(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPage(), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	processLines(ctx, "host", actionStream...)
	if got := hostText(ctx, "host"); got != "OrderSendApplePickBananaPick" {
		t.Fatalf("text = %q", got)
	}

	clickIn(ctx, "host", "button.a2ui-button")
	waitJS(ctx, `T.events("host", "a2ui-action").length === 1`)
	wantSend := `{"version":"v0.9","action":{"name":"send","surfaceId":"act","sourceComponentId":"send-btn","context":{"who":"Ada","age":36,"fixed":"literal","n":3,"yes":true}}}`
	checkAction(t, "a2ui-action", events(ctx, "host", "a2ui-action")[0], wantSend)
	bodies := rec.Wait(t, 1)
	checkAction(t, "POST body", []byte(bodies[0]), wantSend)
	if ct := rec.Headers()[0].Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("POST Content-Type = %q, want application/json", ct)
	}

	// The second template row's button: relative paths resolve against /items/1.
	n := evalJS[int](ctx, `T.qa("host", "button.a2ui-button").length`)
	if n != 3 {
		t.Fatalf("%d buttons, want 3 (send + one per row)", n)
	}
	evalJSON(ctx, `(T.qa("host", "button.a2ui-button")[2].id = "second-pick", true)`)
	clickIn(ctx, "host", "#second-pick")
	waitJS(ctx, `T.events("host", "a2ui-action").length === 2`)
	wantPick := `{"version":"v0.9","action":{"name":"pick","surfaceId":"act","sourceComponentId":"row-btn","context":{"id":"b","label":"Banana","price":0.25,"buyer":"Ada"}}}`
	checkAction(t, "a2ui-action (row 2)", events(ctx, "host", "a2ui-action")[1], wantPick)
	bodies = rec.Wait(t, 2)
	checkAction(t, "POST body (row 2)", []byte(bodies[1]), wantPick)
	if evt, body := canonicalJSON(t, events(ctx, "host", "a2ui-action")[1]), canonicalJSON(t, bodies[1]); evt != body {
		t.Errorf("event detail and POST body differ:\n event %s\n body  %s", evt, body)
	}

	// The context is resolved at click time: change the model, click again (after the
	// 200 ms in which a second click on the same Button counts as a double click).
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"act","path":"/user/name","value":"Grace"}}`)
	clickReady(ctx, "host", "button.a2ui-button")
	waitJS(ctx, `T.events("host", "a2ui-action").length === 3`)
	checkAction(t, "a2ui-action after update", events(ctx, "host", "a2ui-action")[2],
		`{"version":"v0.9","action":{"name":"send","surfaceId":"act","sourceComponentId":"send-btn","context":{"who":"Grace","age":36,"fixed":"literal","n":3,"yes":true}}}`)
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
	if got := len(rec.Wait(t, 3)); got != 3 {
		t.Errorf("%d POSTs, want 3", got)
	}
}

// TestButtonActionV08 clicks the submit button of the v0.8 booking form and
// checks the userAction message: context entries resolved from the data model
// (including the values seeded by path+literal shorthands) and literals.
func TestButtonActionV08(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPage(), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	evalJSON(ctx, `fetch("/testdata/v08/booking_form.jsonl").then(r => r.text()).then(async (s) => { T.r.host.process(s); await T.r.host.flush(); return true; })`)
	waitJS(ctx, `T.text("host").includes("Request booking")`)
	typeIn(ctx, "host", "input.a2ui-input", "Zoë", false)
	waitJS(ctx, `T.r.host.dataModel("booking").booking.name === "Zoë"`)
	evalJSON(ctx, `(T.qa("host", "button.a2ui-button").find((b) => b.textContent.trim() === "Request booking").id = "submit-booking", true)`)
	clickIn(ctx, "host", "#submit-booking")
	waitJS(ctx, `T.events("host", "a2ui-action").length === 1`)
	want := `{"userAction":{"name":"submit_booking","surfaceId":"booking","sourceComponentId":"submit","context":{"name":"Zoë","guests":"2","arrival":"2025-06-14T19:30","restaurant":"Cervejaria do Cais","tableFor":2,"confirmByEmail":true}}}`
	checkAction(t, "a2ui-action", events(ctx, "host", "a2ui-action")[0], want)
	checkAction(t, "POST body", []byte(rec.Wait(t, 1)[0]), want)
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestTextFieldTyping types into a TextField with real key events and checks the
// data model, a Text bound to the same path, and that focus and caret stay in
// the input while the surface re-renders.
func TestTextFieldTyping(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"form","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"form","value":{"user":{"name":"Al"}}}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"form","components":[`+
			`{"id":"root","component":"Column","children":["name","echo","note"]},`+
			`{"id":"name","component":"TextField","label":"Name","value":{"path":"/user/name"}},`+
			`{"id":"echo","component":"Text","text":{"path":"/user/name"}},`+
			`{"id":"note","component":"TextField","label":"Note","variant":"longText","value":{"path":"/user/note"}}`+
			`]}}`,
	)
	if got := evalJS[string](ctx, `T.q("host", "input[data-a2ui-control]").value`); got != "Al" {
		t.Fatalf("initial input value = %q, want %q", got, "Al")
	}
	if got := evalJS[string](ctx, `T.q("host", "label.a2ui-label").textContent`); got != "Name" {
		t.Errorf("label = %q, want Name", got)
	}
	if got := evalJS[bool](ctx, `T.q("host", "label.a2ui-label").control === T.q("host", "input[data-a2ui-control]")`); !got {
		t.Errorf("the label is not associated with the input")
	}

	// Append at the end, then insert in the middle: the caret must stay where the
	// user put it while each keystroke re-renders the bound Text.
	evalJSON(ctx, `(() => { const i = T.q("host", "input[data-a2ui-control]"); i.focus(); i.setSelectionRange(2, 2); return true; })()`)
	typeIn(ctx, "host", "input[data-a2ui-control]", "an Turing", false)
	waitJS(ctx, `T.r.host.dataModel("form").user.name === "Alan Turing"`)
	flush(ctx, "host")
	if got := hostText(ctx, "host"); got != "NameAlan TuringNote" {
		t.Errorf("text after typing = %q, want %q", got, "NameAlan TuringNote")
	}
	type focusState struct {
		Focused bool   `json:"focused"`
		Start   int    `json:"start"`
		End     int    `json:"end"`
		Value   string `json:"value"`
	}
	state := func() focusState {
		return evalJS[focusState](ctx, `(() => { const i = T.q("host", "input[data-a2ui-control]"); return {focused: T.deepActive() === i, start: i.selectionStart, end: i.selectionEnd, value: i.value}; })()`)
	}
	if got, want := state(), (focusState{true, 11, 11, "Alan Turing"}); got != want {
		t.Errorf("after typing: %+v, want %+v", got, want)
	}
	evalJSON(ctx, `(T.q("host", "input[data-a2ui-control]").setSelectionRange(4, 4), true)`)
	pressKey(ctx, " M.")
	waitJS(ctx, `T.r.host.dataModel("form").user.name === "Alan M. Turing"`)
	flush(ctx, "host")
	if got, want := state(), (focusState{true, 7, 7, "Alan M. Turing"}); got != want {
		t.Errorf("after inserting in the middle: %+v, want %+v", got, want)
	}
	if got := evalJS[string](ctx, `T.q("host", "p.a2ui-text").textContent`); got != "Alan M. Turing" {
		t.Errorf("bound Text = %q, want %q", got, "Alan M. Turing")
	}

	// Backspace edits too; then a multi-line textarea writes its path.
	pressKey(ctx, kb.Backspace+kb.Backspace+kb.Backspace)
	waitJS(ctx, `T.r.host.dataModel("form").user.name === "Alan Turing"`)
	typeIn(ctx, "host", "textarea[data-a2ui-control]", "line one\nline two", false)
	waitJS(ctx, `T.r.host.dataModel("form").user.note === "line one\nline two"`)
	if got := evalJS[bool](ctx, `T.deepActive() === T.q("host", "textarea[data-a2ui-control]")`); !got {
		t.Errorf("focus left the textarea while typing")
	}
	want := `{"user":{"name":"Alan Turing","note":"line one\nline two"}}`
	if got := canonicalJSON(t, evalJSON(ctx, `T.r.host.dataModel("form")`)); got != canonicalJSON(t, want) {
		t.Errorf("data model = %s, want %s", got, want)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestTabsSwitch clicks the second tab: its panel shows, the first's does not,
// and the tab states (aria-selected) follow.
func TestTabsSwitch(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"tabs","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"tabs","components":[`+
			`{"id":"root","component":"Tabs","tabs":[{"title":"Overview","child":"p1"},{"title":"Details","child":"p2"},{"title":"Reviews","child":"p3"}]},`+
			`{"id":"p1","component":"Text","text":"First panel text"},`+
			`{"id":"p2","component":"Text","text":"Second panel text"},`+
			`{"id":"p3","component":"Text","text":"Third panel text"}`+
			`]}}`,
	)
	type tabState struct {
		Titles   []string `json:"titles"`
		Selected []string `json:"selected"`
		Visible  string   `json:"visible"`
	}
	read := func() tabState {
		return evalJS[tabState](ctx, `({titles: T.qa("host", "[role=tab]").map((b) => b.textContent), selected: T.qa("host", "[role=tab]").map((b) => b.getAttribute("aria-selected")), visible: T.norm(T.rawText(T.q("host", "[role=tabpanel]"), true))})`)
	}
	got := read()
	if want := (tabState{[]string{"Overview", "Details", "Reviews"}, []string{"true", "false", "false"}, "First panel text"}); !equalJSON(got, want) {
		t.Errorf("initial tabs = %+v, want %+v", got, want)
	}
	evalJSON(ctx, `(T.qa("host", "[role=tab]")[1].id = "tab-two", true)`)
	clickIn(ctx, "host", "#tab-two")
	waitJS(ctx, `T.visibleText("host").includes("Second panel text")`)
	got = read()
	if want := (tabState{[]string{"Overview", "Details", "Reviews"}, []string{"false", "true", "false"}, "Second panel text"}); !equalJSON(got, want) {
		t.Errorf("after clicking Details = %+v, want %+v", got, want)
	}
	if v := visibleText(ctx, "host"); strings.Contains(v, "First panel text") || strings.Contains(v, "Third panel text") {
		t.Errorf("other panels still visible: %q", v)
	}
	// Keyboard: ArrowRight on the selected tab moves to the third.
	pressKey(ctx, kb.ArrowRight)
	waitJS(ctx, `T.visibleText("host").includes("Third panel text")`)
	if v := visibleText(ctx, "host"); strings.Contains(v, "Second panel text") {
		t.Errorf("second panel still visible after ArrowRight: %q", v)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestModalOpenClose opens the Modal through its trigger and closes it with
// Escape and with the close button: dialog[open] and its content follow, and
// focus returns to the trigger.
func TestModalOpenClose(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"m","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"m","components":[`+
			`{"id":"root","component":"Column","children":["intro","modal"]},`+
			`{"id":"intro","component":"Text","text":"Page body"},`+
			`{"id":"modal","component":"Modal","trigger":"open-btn","content":"dialog-text"},`+
			`{"id":"open-label","component":"Text","text":"Open details"},`+
			`{"id":"open-btn","component":"Button","child":"open-label","action":{"event":{"name":"opened"}}},`+
			`{"id":"dialog-text","component":"Text","text":"Secret dialog content"}`+
			`]}}`,
	)
	type modalState struct {
		Open          bool   `json:"open"`
		Visible       string `json:"visible"`
		FocusOnButton bool   `json:"focusOnTrigger"`
	}
	read := func() modalState {
		return evalJS[modalState](ctx, `({open: T.q("host", "dialog").open, visible: T.visibleText("host"), focusOnTrigger: T.deepActive() === T.q("host", ".a2ui-modal-trigger button")})`)
	}
	if got := read(); got.Open || strings.Contains(got.Visible, "Secret dialog content") {
		t.Fatalf("before opening: %+v", got)
	}
	for _, how := range []string{"Escape", "close button"} {
		// Closing the dialog uncovered the trigger under the resting pointer: clickReady
		// waits until it re-armed (a revealed button ignores clicks that soon).
		clickReady(ctx, "host", ".a2ui-modal-trigger button")
		waitJS(ctx, `T.q("host", "dialog[open]") && T.visibleText("host").includes("Secret dialog content")`)
		if got := evalJS[bool](ctx, `T.q("host", "dialog").matches(":modal")`); !got {
			t.Errorf("%s: the dialog is open but not modal", how)
		}
		switch how {
		case "Escape":
			pressKey(ctx, kb.Escape)
		default:
			clickIn(ctx, "host", "dialog button.a2ui-modal-close")
		}
		// Closed in the DOM, and the renderer has seen the dialog's close event (it drops the
		// dialog's content): the close event is a task that a quick next click could overtake.
		waitJS(ctx, `!T.q("host", "dialog").open && !T.q("host", "dialog .a2ui-modal-close")`)
		got := read()
		if want := (modalState{false, "Page bodyOpen details", true}); got != want {
			t.Errorf("closed with %s: %+v, want %+v", how, got, want)
		}
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// equalJSON compares two values by their JSON encoding.
func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// mountTypingForm shows surface "form" in renderer "host": a TextField and a Text both
// bound to /name, which starts as name.
func mountTypingForm(ctx context.Context, name string) {
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"form","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"form","value":{"name":`+strconv.Quote(name)+`}}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"form","components":[`+
			`{"id":"root","component":"Column","children":["name","echo"]},`+
			`{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},`+
			`{"id":"echo","component":"Text","text":{"path":"/name"}}`+
			`]}}`,
	)
	flush(ctx, "host")
}

// TestWarmTypingOnFirstFocus: the typing path is warmed (webhost calls render.WarmTyping)
// when a field first takes focus, not before, and the warm-up draws nothing on the page.
func TestWarmTypingOnFirstFocus(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	mountTypingForm(ctx, "Al")
	if evalJS[bool](ctx, `__a2uiGo.stats().warmedTyping`) {
		t.Fatal("the typing path was warmed before any field took focus")
	}
	before := evalJS[string](ctx, `T.root("host").innerHTML + document.body.children.length`)
	evalJSON(ctx, `(T.q("host", "input[data-a2ui-control]").focus(), true)`)
	waitJS(ctx, `__a2uiGo.stats().warmedTyping === true`)
	if after := evalJS[string](ctx, `T.root("host").innerHTML + document.body.children.length`); after != before {
		t.Errorf("the warm-up changed the page:\nbefore %s\nafter  %s", before, after)
	}
	if got := evalJS[string](ctx, `T.q("host", "p.a2ui-text").textContent`); got != "Al" {
		t.Errorf("Text = %q after the warm-up, want %q", got, "Al")
	}
}

// TestTypingPatchesInTheInputTask: an input event on an idle renderer is handled inside
// the browser's event task (cmd/wasm inputNow): the Text bound to the field shows the new
// value when dispatchEvent returns, with no frame or queue hop, keystroke after keystroke.
func TestTypingPatchesInTheInputTask(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageMain()) // the same task: the engine is on this thread
	ctx := openRenderer(t, base, "")
	mountTypingForm(ctx, "")
	got := evalJS[[]string](ctx, `(() => {
		const i = T.q("host", "input[data-a2ui-control]");
		const out = [];
		for (const v of ["A", "Ad", "Ada"]) {
			i.value = v;
			i.dispatchEvent(new InputEvent("input", {bubbles: true, composed: true}));
			out.push(T.q("host", "p.a2ui-text").textContent + "|" + JSON.stringify(T.r.host.dataModel("form")));
		}
		return out;
	})()`)
	want := []string{`A|{"name":"A"}`, `Ad|{"name":"Ad"}`, `Ada|{"name":"Ada"}`}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Text and data model right after each input event = %q, want %q", got, want)
	}
}

// TestTypingOneMutationPerKeystroke types real keys into the middle of a TextField bound
// to a Text: after each keystroke the Text shows the value, the field keeps its value,
// focus and caret, and the surface saw exactly one DOM mutation, the Text's
// characterData (the field is not rendered again).
func TestTypingOneMutationPerKeystroke(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	mountTypingForm(ctx, "Al")
	evalJSON(ctx, `(() => {
		const i = T.q("host", "input[data-a2ui-control]");
		i.focus();
		i.setSelectionRange(1, 1);
		window.__recs = [];
		window.__mo = new MutationObserver((rs) => {
			for (const r of rs) {
				const n = r.target.nodeType === 3 ? r.target.parentNode : r.target;
				window.__recs.push(r.type + " " + (n ? n.localName + "." + n.className : "?") + (r.attributeName ? " " + r.attributeName : ""));
			}
		});
		window.__mo.observe(T.root("host"), {subtree: true, childList: true, characterData: true, attributes: true});
		return true;
	})()`)
	type keyState struct {
		Recs    []string `json:"recs"`
		Text    string   `json:"text"`
		Value   string   `json:"value"`
		Focused bool     `json:"focused"`
		Start   int      `json:"start"`
		End     int      `json:"end"`
	}
	value, caret := "Al", 1
	for _, ch := range "da Lovelace" {
		value, caret = value[:caret]+string(ch)+value[caret:], caret+1
		pressKey(ctx, string(ch))
		waitJS(ctx, `T.r.host.dataModel("form").name === `+jsString(value))
		got := evalJS[keyState](ctx, `(() => {
			const i = T.q("host", "input[data-a2ui-control]");
			const s = {recs: window.__recs, text: T.q("host", "p.a2ui-text").textContent, value: i.value,
				focused: T.deepActive() === i, start: i.selectionStart, end: i.selectionEnd};
			window.__recs = [];
			return s;
		})()`)
		want := keyState{Recs: []string{"characterData p.a2ui-text a2ui-text-body"}, Text: value, Value: value, Focused: true, Start: caret, End: caret}
		if !equalJSON(got, want) {
			t.Errorf("after %q: %+v, want %+v", value, got, want)
		}
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}
