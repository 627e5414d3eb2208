//go:build browser

package browser

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestTypingEcho: in worker mode a keystroke in a text field shows in the Text bound to
// the same path within the input event itself, before the worker answers (dom.EchoProp,
// web/a2ui-runtime.js echo), when the value is plain; the worker's answers, held back
// 50 ms here (a test hook), arrive after later keystrokes were shown and never take the
// Text back a keystroke. A value that is not plain (a trailing space, a period) is not
// echoed: the Text shows what the engine renders. The page's test of a plain value
// answers catalog/basic/testdata/echo_plain.json as Go's does.
func TestTypingEcho(t *testing.T) {
	t.Parallel()
	ctx := openSlowChannelForm(t)
	evalJSON(ctx, `(() => {
  const input = T.q("host", "input"), text = T.qa("host", ".a2ui-text")[0];
  window.inInput = []; window.shown = [text.textContent];
  // The page's own listener on the field runs after the runtime's (a capture listener
  // on the host): it sees what the input event did.
  input.addEventListener("input", () => inInput.push([input.value, text.textContent]));
  new MutationObserver(() => { const c = text.textContent; if (shown[shown.length - 1] !== c) shown.push(c); })
    .observe(text, {subtree: true, characterData: true, childList: true});
  return true;
})()`)
	typeIn(ctx, "host", "input", " Lovelace", false)
	waitJS(ctx, `T.qa("host", ".a2ui-text")[0].textContent === "Ada Lovelace"`)
	flush(ctx, "host")
	var inInput [][2]string
	if err := json.Unmarshal([]byte(evalJSON(ctx, `inInput`)), &inInput); err != nil {
		t.Fatal(err)
	}
	if len(inInput) != len(" Lovelace") {
		t.Fatalf("%d input events, want %d: %v", len(inInput), len(" Lovelace"), inInput)
	}
	for _, e := range inInput {
		value, text := e[0], e[1]
		plain := !strings.HasSuffix(value, " ")
		if plain && text != value {
			t.Errorf("in the input event for %q the Text showed %q: not echoed", value, text)
		}
		if !plain && text == value {
			t.Errorf("in the input event for %q the Text showed it: a value ending in a space is not plain", value)
		}
	}
	// What the Text showed, in order: each a longer prefix of the final value (the
	// trailing space is not shown: Markdown drops it), never an earlier one again.
	var shown []string
	if err := json.Unmarshal([]byte(evalJSON(ctx, `shown`)), &shown); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(shown); i++ {
		if !strings.HasPrefix("Ada Lovelace", shown[i]) || len(shown[i]) <= len(shown[i-1]) {
			t.Fatalf("the Text went from %q to %q: a keystroke back (%q)", shown[i-1], shown[i], shown)
		}
	}
	if n := evalJS[int](ctx, `__a2uiRuntime.stats.echoes`); n < len("Lovelace") {
		t.Errorf("%d echoes, want at least %d", n, len("Lovelace"))
	}

	// A period is not plain: the Text waits for the engine, which shows it.
	evalJSON(ctx, `(inInput.length = 0, true)`)
	typeIn(ctx, "host", "input", ".", false)
	waitJS(ctx, `T.qa("host", ".a2ui-text")[0].textContent === "Ada Lovelace."`)
	if got := evalJSON(ctx, `inInput`); got != `[["Ada Lovelace.","Ada Lovelace"]]` {
		t.Errorf("input event for the period: [value, Text] = %s, want the Text unchanged", got)
	}
	flush(ctx, "host")
	if got := evalJSON(ctx, `T.rr("host").dataModel("w")`); got != `{"name":"Ada Lovelace."}` {
		t.Errorf("dataModel() = %s", got)
	}

	// The page's test of a plain value (echoable) answers the table that catalog/basic's
	// TestEchoPlainTable holds Go's copy to; TestEchoPlain holds the Text component to
	// show every plain value verbatim.
	b, err := os.ReadFile(repoPath(t, "catalog/basic/testdata/echo_plain.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases [][]any
	if err := json.Unmarshal(b, &cases); err != nil || len(cases) < 20 {
		t.Fatalf("catalog/basic/testdata/echo_plain.json: %d cases, %v", len(cases), err)
	}
	var got []bool
	if err := json.Unmarshal([]byte(evalJSON(ctx, `(`+string(b)+`).map((c) => __a2uiRuntime.echoable(c[0]))`)), &got); err != nil || len(got) != len(cases) {
		t.Fatalf("echoable over the table: %v (%d answers)", err, len(got))
	}
	for i, c := range cases {
		if want := c[1].(bool); got[i] != want {
			t.Errorf("echoable(%q) = %v, want %v", c[0], got[i], want)
		}
	}
}
