//go:build browser

package browser

import (
	"encoding/json"
	"testing"
	"time"
)

// TestDemoBookingLoop is the issue-4 demo loop with the real demo agent: the
// <a2ui-renderer> element streams the booking form from the agent, the user
// fills it in with the keyboard and clicks Book, the agent validates the POSTed
// action and answers with the confirmation surface (and deletes the form).
func TestDemoBookingLoop(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t,
		rendererPageWith("/demo.html", `<a2ui-renderer id="booking" src="/agent/stream?sample=booking" action-url="/agent/action"></a2ui-renderer>`),
		demoAgent(t, 10*time.Millisecond),
	)
	ctx := newTab(t)
	navigate(ctx, base+"/demo.html")
	waitJS(ctx, `T.rr("booking") && T.text("booking").includes("Book a table") && T.qa("booking", "button").length === 1`)
	flush(ctx, "booking")
	if n := evalJS[int](ctx, `T.log.filter((e) => e.host === "booking" && e.type === "a2ui-ready").length`); n != 1 {
		t.Errorf("%d a2ui-ready events from the element, want 1", n)
	}
	if got, want := hostText(ctx, "booking"), "Book a tableNameDateGuestsBook"; got != want {
		t.Errorf("form text = %q, want %q", got, want)
	}
	fields := evalJS[[]string](ctx, `T.qa("booking", ".a2ui-textfield").map((f) => f.querySelector("label").textContent + ":" + f.querySelector("[data-a2ui-control]").type + "=" + f.querySelector("[data-a2ui-control]").value)`)
	if want := []string{"Name:text=", "Date:text=2026-12-24", "Guests:number=2"}; !equalJSON(fields, want) {
		t.Fatalf("fields = %q, want %q", fields, want)
	}

	// Submitting without a name: the agent answers with a status on the form.
	clickIn(ctx, "booking", "button.a2ui-button")
	waitJS(ctx, `T.text("booking").includes("Please enter a name.")`)
	if got := evalJSON(ctx, `T.rr("booking").surfaces()`); got != `["booking"]` {
		t.Errorf("surfaces after the refused booking = %s", got)
	}

	// Fill in the form with real key events, then submit.
	evalJSON(ctx, `(T.qa("booking", "[data-a2ui-control]").forEach((c, i) => { c.id = "field-" + i; }), true)`)
	typeIn(ctx, "booking", "#field-0", "Ada Lovelace", false)
	typeIn(ctx, "booking", "#field-1", "2027-01-15", true)
	typeIn(ctx, "booking", "#field-2", "4", true)
	waitJS(ctx, `(() => { const b = T.rr("booking").dataModel("booking").booking; return b.name === "Ada Lovelace" && b.date === "2027-01-15" && b.guests === "4"; })()`)
	// The agent's status line moved the Book button under the resting pointer: it
	// re-arms for 500 ms before it takes a click (typing can be faster than that).
	clickReady(ctx, "booking", "button.a2ui-button")

	waitJS(ctx, `T.q("booking", "section.a2ui-surface[data-surface-id=booking-confirmation]") && T.text("booking").includes("Booking confirmed")`)
	waitJS(ctx, `!T.q("booking", "section.a2ui-surface[data-surface-id=booking]")`)
	flush(ctx, "booking")
	if got, want := hostText(ctx, "booking"), "Booking confirmedNameAda LovelaceDate2027-01-15Guests4"; got != want {
		t.Errorf("confirmation text = %q, want %q", got, want)
	}
	if got := evalJSON(ctx, `T.rr("booking").surfaces()`); got != `["booking-confirmation"]` {
		t.Errorf("surfaces = %s, want only the confirmation", got)
	}
	actions := events(ctx, "booking", "a2ui-action")
	if len(actions) != 2 {
		t.Fatalf("%d a2ui-action events, want 2", len(actions))
	}
	checkAction(t, "submit action", actions[1],
		`{"version":"v0.9","action":{"name":"submitBooking","surfaceId":"booking","sourceComponentId":"submit-btn","context":{"name":"Ada Lovelace","date":"2027-01-15","guests":"4"}}}`)
	surfaceEvents := canonicalJSON(t, evalJSON(ctx, `T.events("booking", "a2ui-surface")`))
	if want := canonicalJSON(t, `[{"surfaceId":"booking","event":"created"},{"surfaceId":"booking-confirmation","event":"created"},{"surfaceId":"booking","event":"deleted"}]`); surfaceEvents != want {
		t.Errorf("a2ui-surface events = %s, want %s", surfaceEvents, want)
	}
	if errs := events(ctx, "booking", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestDemoTasksLoop streams the task list from the demo agent, toggles a row and
// removes another: each click is POSTed, and the agent's data-model answer
// updates that row and the summary.
func TestDemoTasksLoop(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t,
		rendererPageWith("/tasks.html", `<a2ui-renderer id="tasks" src="/agent/stream?sample=demo/tasks" action-url="/agent/action"></a2ui-renderer>`),
		demoAgent(t, 0),
	)
	ctx := newTab(t)
	navigate(ctx, base+"/tasks.html")
	rows := func() []string {
		flush(ctx, "tasks")
		return evalJS[[]string](ctx, `T.qa("tasks", ".a2ui-list > *").map((r) => T.norm(r.textContent))`)
	}
	summary := func() string {
		return evalJS[string](ctx, `T.q("tasks", "p.a2ui-text-caption").textContent`)
	}
	waitJS(ctx, `T.rr("tasks") && T.text("tasks").includes("Call Ana")`)
	if got, want := rows(), []string{"Buy milkopenToggleRemove", "Write reportdoneToggleRemove", "Call AnaopenToggleRemove"}; !equalJSON(got, want) {
		t.Fatalf("rows = %q, want %q", got, want)
	}
	if got := summary(); got != "1 of 3 done" {
		t.Errorf("summary = %q", got)
	}

	// Toggle the first row ("Buy milk").
	evalJSON(ctx, `(T.qa("tasks", ".a2ui-list > *")[0].querySelector("button").id = "toggle-0", true)`)
	clickIn(ctx, "tasks", "#toggle-0")
	waitJS(ctx, `T.q("tasks", "p.a2ui-text-caption").textContent === "2 of 3 done"`)
	if got, want := rows(), []string{"Buy milkdoneToggleRemove", "Write reportdoneToggleRemove", "Call AnaopenToggleRemove"}; !equalJSON(got, want) {
		t.Errorf("rows after toggle = %q, want %q", got, want)
	}
	if got := canonicalJSON(t, evalJSON(ctx, `T.rr("tasks").dataModel("tasks").tasks[0]`)); got != canonicalJSON(t, `{"id":"t1","title":"Buy milk","done":true,"state":"done"}`) {
		t.Errorf("model row 0 = %s", got)
	}
	acts := events(ctx, "tasks", "a2ui-action")
	if len(acts) != 1 {
		t.Fatalf("%d a2ui-action events, want 1", len(acts))
	}
	checkActionWithModel(t, acts[0], `{"version":"v0.9","action":{"name":"toggle","surfaceId":"tasks","sourceComponentId":"toggle-btn","context":{"id":"t1"}}}`)

	// Remove the second row ("Write report").
	evalJSON(ctx, `(T.qa("tasks", ".a2ui-list > *")[1].querySelectorAll("button")[1].id = "remove-1", true)`)
	clickIn(ctx, "tasks", "#remove-1")
	waitJS(ctx, `T.q("tasks", "p.a2ui-text-caption").textContent === "1 of 2 done"`)
	if got, want := rows(), []string{"Buy milkdoneToggleRemove", "Call AnaopenToggleRemove"}; !equalJSON(got, want) {
		t.Errorf("rows after remove = %q, want %q", got, want)
	}
	if errs := events(ctx, "tasks", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// checkActionWithModel checks an action from a sendDataModel surface: without
// its metadata it must equal want (checkAction), and the metadata must carry
// the surface's data model.
func checkActionWithModel(t *testing.T, got []byte, want string) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(got, &m); err != nil {
		t.Fatalf("action %s: %v", got, err)
	}
	meta, _ := m["metadata"].(map[string]any)
	dm, _ := meta["a2uiClientDataModel"].(map[string]any)
	surfaces, _ := dm["surfaces"].(map[string]any)
	if _, ok := surfaces["tasks"].(map[string]any); !ok {
		t.Errorf("action of a sendDataModel surface without metadata.a2uiClientDataModel.surfaces.tasks: %s", got)
	}
	delete(m, "metadata")
	rest, _ := json.Marshal(m)
	checkAction(t, "toggle action", rest, want)
}
