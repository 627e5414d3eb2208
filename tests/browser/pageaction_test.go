//go:build browser

package browser

import (
	"encoding/json"
	"strings"
	"testing"
)

// pageSendMount mounts with the page delivering actions itself: every call of
// sendAction is recorded in window.sent as {m, info} with its settle functions in
// window.settle, and stays pending until the test settles it.
const pageSendMount = `{actionTimeout: %TIMEOUT%, openURL: (u) => window.opened.push(u),
  sendAction: (m, info) => new Promise((resolve, reject) => {
    window.sent.push({m, info});
    window.settle.push({resolve, reject: (msg) => reject(new Error(msg))});
  })}`

// TestPageSendAction: with the mount option sendAction (no actionURL) the page delivers
// each action: the Button is busy until the promise settles, what it resolves with is
// applied, a rejection or no answer within actionTimeout shows beside the Button with a
// Retry that calls again with the same message and actionId. openURL opens the links.
// (The renderer whose answers the test gives waits a minute for them: a slow machine
// must not time them out before the test answers.)
func TestPageSendAction(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := newTab(t)
	navigate(ctx, base+rendererPagePath)
	evalJSON(ctx, `(window.sent = [], window.settle = [], window.opened = [], true)`)
	// "host" waits a minute for an answer (a slow machine never times its actions out);
	// "late", 1.5 s (its action is never answered).
	for id, timeout := range map[string]string{"host": "60000", "late": "1500"} {
		if got := evalJSON(ctx, `T.mount("`+id+`", `+strings.Replace(pageSendMount, "%TIMEOUT%", timeout, 1)+`)`); got != "true" {
			t.Fatalf("mount %s = %s", id, got)
		}
		processLines(ctx, id, append(oneButton[:3:3],
			`{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[`+
				`{"id":"help","component":"Button","child":"help-label","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/help"}}}},`+
				`{"id":"help-label","component":"Text","text":"Help"},{"id":"root","component":"Column","children":["t","go","help"]}]}}`)...)
	}

	clickIn(ctx, "host", "button.a2ui-button")
	waitJS(ctx, `window.sent.length === 1`)
	var first struct {
		M    json.RawMessage `json:"m"`
		Info struct {
			ActionID string `json:"actionId"`
		} `json:"info"`
	}
	if err := json.Unmarshal([]byte(evalJSON(ctx, `window.sent[0]`)), &first); err != nil {
		t.Fatal(err)
	}
	checkAction(t, "sendAction message", first.M, payAction)
	if !hexID.MatchString(first.Info.ActionID) {
		t.Errorf("actionId %q", first.Info.ActionID)
	}
	// Busy while pending; a click then sends nothing.
	waitJS(ctx, `T.q("host", "button.a2ui-button").getAttribute("aria-busy") === "true"`)
	clickIn(ctx, "host", "button.a2ui-button")
	flush(ctx, "host") // the click is handled (while busy) before the reply
	// The reply is applied; the Button is free again.
	evalJSON(ctx, `(window.settle[0].resolve([{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[{"id":"t","component":"Text","text":"Paid"}]}}]), true)`)
	waitJS(ctx, `T.text("host").includes("Paid") && !T.q("host", "button.a2ui-button").hasAttribute("aria-busy")`)
	if n := evalJS[int](ctx, `window.sent.length`); n != 1 {
		t.Errorf("sendAction called %d times, want 1", n)
	}

	// A rejection: the failure beside the Button, and a2ui-action-failed.
	clickReady(ctx, "host", "button.a2ui-button") // stamped past the double-click window of the first click
	waitJS(ctx, `window.sent.length === 2`)
	evalJSON(ctx, `(window.settle[1].reject("offline"), true)`)
	waitJS(ctx, `T.q("host", ".a2ui-action-error")`)
	if got := evalJS[string](ctx, `T.q("host", ".a2ui-action-failed").textContent`); got != "GoThe action could not be sent: offlineRetry" {
		t.Errorf("failure text = %q", got)
	}
	failed := events(ctx, "host", "a2ui-action-failed")
	if len(failed) != 1 {
		t.Fatalf("a2ui-action-failed events: %s", failed)
	}
	var fd struct {
		ActionID string `json:"actionId"`
		Message  string `json:"message"`
	}
	json.Unmarshal(failed[0], &fd)
	second := evalJS[string](ctx, `window.sent[1].info.actionId`)
	if fd.Message != "offline" || fd.ActionID != second || second == first.Info.ActionID {
		t.Errorf("a2ui-action-failed = %s; actionIds %s, %s", failed[0], first.Info.ActionID, second)
	}

	// Retry: the same message and actionId.
	clickReady(ctx, "host", "button.a2ui-retry")
	waitJS(ctx, `window.sent.length === 3`)
	if got := evalJS[bool](ctx, `JSON.stringify(window.sent[2]) === JSON.stringify(window.sent[1])`); !got {
		t.Errorf("Retry sent %s after %s", evalJSON(ctx, `window.sent[2]`), evalJSON(ctx, `window.sent[1]`))
	}
	evalJSON(ctx, `(window.settle[2].reject("still offline"), true)`)
	waitJS(ctx, `T.q("host", ".a2ui-action-error") && T.q("host", ".a2ui-action-error").textContent.includes("still offline")`)

	// No answer within actionTimeout.
	clickReady(ctx, "late", "button.a2ui-button")
	waitJS(ctx, `window.sent.length === 4`)
	waitJS(ctx, `T.q("late", ".a2ui-action-error") && T.q("late", ".a2ui-action-error").textContent.includes("no answer within 1.5s")`)

	// openUrl goes to the page's openURL.
	clickIn(ctx, "host", "button.a2ui-button:not(.a2ui-retry):not([aria-describedby])")
	waitJS(ctx, `window.opened.length === 1`)
	if got := evalJS[string](ctx, `window.opened[0]`); got != "https://example.com/help" {
		t.Errorf("openURL got %q", got)
	}
}
