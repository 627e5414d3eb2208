//go:build browser

package browser

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
)

// This file tests the typing fast path: an input event goes from the runtime's listener
// to Go's wasm export a2uiInput (webhost/input.go) with its value as UTF-8 in Go's
// buffer, and through the js.FuncOf bridge only when Go is busy or the value too long.

type typingStats struct {
	Export   int `json:"typingExport"`
	Declined int `json:"typingDeclined"`
	Kicks    int `json:"typingKicks"`
}

// gcLines counts the GODEBUG=gctrace=1 lines ("gc N @…") the tab's console got so far.
func gcLines(ctx context.Context) int {
	tb := tabOf(ctx)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	n := 0
	for _, l := range tb.console {
		if strings.HasPrefix(l, "console.log: gc ") {
			n++
		}
	}
	return n
}

// TestTypingThroughTheExport types real keys: each keystroke takes the export (none
// declined, nothing left for the scheduler), the Text, the field's value and its caret
// follow, and the Text's characterData is the one mutation record per keystroke.
func TestTypingThroughTheExport(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageMain())
	ctx := openRenderer(t, base, "")
	mountTypingForm(ctx, "")
	evalJSON(ctx, `(() => {
		T.q("host", "input[data-a2ui-control]").focus();
		window.__recs = 0;
		new MutationObserver((rs) => { window.__recs += rs.length; }).observe(T.root("host"), {subtree: true, childList: true, characterData: true, attributes: true});
		return true;
	})()`)
	before := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	type keyState struct {
		Recs  int    `json:"recs"`
		Text  string `json:"text"`
		Value string `json:"value"`
		Caret int    `json:"caret"`
		Model string `json:"model"`
	}
	value := ""
	for _, ch := range "AdaLo" {
		value += string(ch)
		pressKey(ctx, string(ch))
		waitJS(ctx, `T.q("host", "p.a2ui-text").textContent === `+jsString(value))
		got := evalJS[keyState](ctx, `(() => {
			const i = T.q("host", "input[data-a2ui-control]");
			const s = {recs: window.__recs, text: T.q("host", "p.a2ui-text").textContent, value: i.value,
				caret: i.selectionStart, model: T.r.host.dataModel("form").name};
			window.__recs = 0;
			return s;
		})()`)
		if want := (keyState{Recs: 1, Text: value, Value: value, Caret: len(value), Model: value}); got != want {
			t.Errorf("after %q: %+v, want %+v", value, got, want)
		}
	}
	after := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	if got := (typingStats{after.Export - before.Export, after.Declined - before.Declined, after.Kicks - before.Kicks}); got != (typingStats{Export: 5}) {
		t.Errorf("5 keystrokes: %+v more in stats, want 5 through the export and no decline or kick", got)
	}
}

// TestTypingExportValues: values of every UTF-8 length reach the data model and the
// Text exactly (the buffer grows for a long one); a value too long for the buffer goes
// through the bridge and arrives the same.
func TestTypingExportValues(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageMain())
	ctx := openRenderer(t, base, "")
	mountTypingForm(ctx, "start")
	type result struct {
		OK    bool   `json:"ok"`
		Model string `json:"model"`
		Text  string `json:"text"`
	}
	for _, tc := range []struct {
		name, expr string
		export     int // events through the export: 0 when the bridge carries it
	}{
		{"empty", `""`, 1},
		{"two-byte", `"é ñ ß"`, 1},
		{"three-byte", `"€ 中文 ⌘"`, 1},
		{"astral and combining", `"𝔘n\u0303 🙂 e\u0301"`, 1},
		{"lone surrogate", `"a\ud800b"`, 1},
		{"long", `"ab€🙂".repeat(500)`, 1},
		{"too long for the buffer", `"x".repeat(30000)`, 0},
	} {
		before := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
		got := evalJS[result](ctx, `(() => {
			const v = `+tc.expr+`;
			const i = T.q("host", "input[data-a2ui-control]");
			i.value = v;
			i.dispatchEvent(new InputEvent("input", {bubbles: true, composed: true}));
			const want = new TextDecoder().decode(new TextEncoder().encode(v)); // a lone surrogate becomes U+FFFD
			const model = T.r.host.dataModel("form").name, text = T.q("host", "p.a2ui-text").textContent;
			return {ok: model === want && text === want, model: model.slice(0, 40), text: text.slice(0, 40)};
		})()`)
		if !got.OK {
			t.Errorf("%s: model %q, Text %q (first 40 characters), want the value", tc.name, got.Model, got.Text)
		}
		after := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
		if got := (typingStats{after.Export - before.Export, after.Declined - before.Declined, after.Kicks - before.Kicks}); got != (typingStats{Export: tc.export}) {
			t.Errorf("%s: %+v more in stats, want %d through the export and no decline or kick", tc.name, got, tc.export)
		}
	}
}

// typingBusyPage defines a catalog whose function poke, evaluated while Go renders (the
// UI goroutine inside a task), types into the surface's field: Go is busy, so the export
// declines and the event goes through the bridge into the queue, after the task.
const typingBusyPage = `<script>
window.pokeCatalog = {
  catalogId: "https://example.com/catalogs/poke/v1",
  extends: "basic",
  functions: {
    poke: { args: { n: "number" }, returns: "string", budgetMs: 1000, call: (a) => {
      const r = document.getElementById("host").shadowRoot;
      const i = r && r.querySelector("input[data-a2ui-control]");
      if (a.n === 1 && i) {
        i.value = "poked";
        i.dispatchEvent(new InputEvent("input", {bubbles: true, composed: true}));
      }
      return "n=" + a.n;
    } },
  },
};
</script>`

// TestTypingWhileGoIsBusy: an input event that arrives while Go runs a task (here: from
// a page function Go calls during a render) is not handled inside that task; it is
// queued and arrives after it, in the data model and the bound Text.
func TestTypingWhileGoIsBusy(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageMainWith(typingBusyPage))
	ctx := openRenderer(t, base, `{catalogs: [pokeCatalog]}`)
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"form","catalogId":"https://example.com/catalogs/poke/v1"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"form","value":{"name":"Al","n":0}}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"form","components":[`+
			`{"id":"root","component":"Column","children":["name","echo","poke"]},`+
			`{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},`+
			`{"id":"echo","component":"Text","text":{"path":"/name"}},`+
			`{"id":"poke","component":"Text","text":{"call":"poke","args":{"n":{"path":"/n"}}}}`+
			`]}}`,
	)
	flush(ctx, "host")
	before := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"form","path":"/n","value":1}}`)
	flush(ctx, "host")
	waitJS(ctx, `T.r.host.dataModel("form").name === "poked"`)
	if got := evalJS[string](ctx, `[...T.root("host").querySelectorAll("p.a2ui-text")].map((p) => p.textContent).join("|")`); got != "poked|n=1" {
		t.Errorf("Texts = %q, want %q", got, "poked|n=1")
	}
	after := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	if after.Declined-before.Declined < 1 {
		t.Errorf("the export declined %d events while Go was busy, want ≥ 1", after.Declined-before.Declined)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestTypingExportThroughGC sends enough input events through the export for Go's GC to
// run cycles inside them (a 2,000-character value each): every value arrives, each
// through the export, and the renderer goes on working afterwards.
func TestTypingExportThroughGC(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	// The loader passes GODEBUG=gctrace=1: Go prints a line per GC cycle to the console.
	html := strings.Replace(strings.Replace(rendererPageHTML, "%BODY%", "", 1), `<script src="/a2ui.js">`, `<script src="/a2ui.js" data-godebug="gctrace=1">`, 1)
	base := serve(t, page(rendererPagePath, pinMain(html)))
	ctx := openRenderer(t, base, "")
	mountTypingForm(ctx, "")
	before := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	gcBefore := gcLines(ctx)
	bad := evalJS[int](ctx, `(() => {
		const i = T.q("host", "input[data-a2ui-control]");
		const body = "abcdefghij".repeat(200);
		let bad = 0;
		for (let n = 0; n < 3000; n++) {
			const v = n + body;
			i.value = v;
			i.dispatchEvent(new InputEvent("input", {bubbles: true, composed: true}));
			if (T.r.host.dataModel("form").name !== v || T.q("host", "p.a2ui-text").textContent !== v) bad++;
		}
		return bad;
	})()`)
	if bad != 0 {
		t.Errorf("%d of 3000 input events did not reach the data model and the Text at once", bad)
	}
	after := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	if got := (typingStats{after.Export - before.Export, after.Declined - before.Declined, after.Kicks - before.Kicks}); got.Export != 3000 || got.Declined != 0 {
		t.Errorf("3000 input events: %+v more in stats, want 3000 through the export, none declined", got)
	}
	gc := gcLines(ctx) - gcBefore
	if gc < 2 {
		t.Errorf("%d GC cycles during the 3000 events, want ≥ 2 (the test is about GC inside the export)", gc)
	}
	t.Logf("%d GC cycles, %d kicks", gc, after.Kicks-before.Kicks)
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"form","path":"/name","value":"agent"}}`)
	flush(ctx, "host")
	waitJS(ctx, `T.q("host", "p.a2ui-text").textContent === "agent"`)
}

// TestTypingExportIMEComposition: the input events of an IME composition take the export
// like keystrokes; the bound Text follows the composing text, and the composition is
// neither cancelled nor clobbered: the committed text is what the field, the model and
// the Text hold.
func TestTypingExportIMEComposition(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageMain())
	ctx := openRenderer(t, base, "")
	mountTypingForm(ctx, "ab")
	evalJSON(ctx, `(() => {
		const i = T.q("host", "input[data-a2ui-control]");
		i.focus();
		i.setSelectionRange(2, 2);
		T.comp = [];
		for (const t of ["compositionstart", "compositionend"]) i.addEventListener(t, (e) => T.comp.push(t + ":" + e.data));
		return true;
	})()`)
	before := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	cdpDo(ctx, input.ImeSetComposition, input.ImeSetCompositionParams{Text: "にほ", SelectionStart: 2, SelectionEnd: 2})
	waitJS(ctx, `T.q("host", "p.a2ui-text").textContent === "abにほ"`)
	if got, want := fieldOf(ctx, "input[data-a2ui-control]"), (fieldState{true, 4, 4, "abにほ"}); got != want {
		t.Errorf("during composition = %+v, want %+v", got, want)
	}
	cdpDo(ctx, input.ImeSetComposition, input.ImeSetCompositionParams{Text: "日本", SelectionStart: 2, SelectionEnd: 2})
	cdpDo(ctx, input.InsertText, input.InsertTextParams{Text: "日本"})
	waitJS(ctx, `T.r.host.dataModel("form").name === "ab日本" && T.q("host", "p.a2ui-text").textContent === "ab日本"`)
	if got, want := fieldOf(ctx, "input[data-a2ui-control]"), (fieldState{true, 4, 4, "ab日本"}); got != want {
		t.Errorf("after commit = %+v, want %+v", got, want)
	}
	if got := evalJSON(ctx, `T.comp`); got != `["compositionstart:","compositionend:日本"]` {
		t.Errorf("composition events = %s (the composition must not be cancelled)", got)
	}
	after := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	if after.Export-before.Export < 2 || after.Declined != before.Declined {
		t.Errorf("composition: %+v → %+v in stats, want its input events through the export", before, after)
	}
}

// typingRelayPage defines a catalog whose function relay, evaluated in the frame of a
// keystroke (inside the export), calls back into Go: it hands the renderer a message
// (renderer.process, which queues a task) when the typed value is "go".
const typingRelayPage = `<script>
window.relayCatalog = {
  catalogId: "https://example.com/catalogs/relay/v1",
  extends: "basic",
  functions: {
    relay: { args: { v: "string" }, returns: "string", budgetMs: 1000, call: (a) => {
      if (a.v === "go") T.r.host.process('{"version":"v0.9","updateDataModel":{"surfaceId":"form","path":"/other","value":"processed"}}');
      return "relay:" + a.v;
    } },
  },
};
</script>`

// TestTypingExportKicksTheScheduler: a keystroke whose frame calls back into Go (a page
// function that queues a message) leaves a task for the UI goroutine; the export says so
// and the runtime runs Go's scheduler at once, so the message is in the data model when
// the input event's dispatch returns (and its Text in the next frame), not held until
// some later event wakes Go.
func TestTypingExportKicksTheScheduler(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPageMainWith(typingRelayPage))
	ctx := openRenderer(t, base, `{catalogs: [relayCatalog]}`)
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"form","catalogId":"https://example.com/catalogs/relay/v1"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"form","value":{"name":"g","other":"waiting"}}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"form","components":[`+
			`{"id":"root","component":"Column","children":["name","relay","other"]},`+
			`{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},`+
			`{"id":"relay","component":"Text","text":{"call":"relay","args":{"v":{"path":"/name"}}}},`+
			`{"id":"other","component":"Text","text":{"path":"/other"}}`+
			`]}}`,
	)
	flush(ctx, "host")
	// No frame pending when the key comes (a frame that waits out its gap holds page
	// payloads until it runs): a few animation frames pass first.
	evalJSON(ctx, `new Promise((r) => { let n = 0; const f = () => (++n < 6 ? requestAnimationFrame(f) : r(true)); requestAnimationFrame(f); })`)
	before := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	// One synchronous call: the input event, then (in the same task) a check that the
	// queued message was applied by the time dispatchEvent returned.
	// The page's clock stands still during the keystroke (pageClock): a loaded machine
	// must not make the UI loop's slice budget run out and yield before the message.
	got := evalJS[string](ctx, `(() => {
		const i = T.q("host", "input[data-a2ui-control]");
		const clock = `+pageClock+`;
		try {
			i.value = "go";
			i.dispatchEvent(new InputEvent("input", {bubbles: true, composed: true}));
			return T.q("host", "p.a2ui-text").textContent + "|" + T.r.host.dataModel("form").other;
		} finally {
			clock.restore();
		}
	})()`)
	if want := "relay:go|processed"; got != want {
		t.Errorf("relay Text and /other right after the keystroke = %q, want %q", got, want)
	}
	waitJS(ctx, `[...T.root("host").querySelectorAll("p.a2ui-text")].map((p) => p.textContent).join("|") === "relay:go|processed"`)
	after := evalJS[typingStats](ctx, `__a2uiGo.stats()`)
	if got := (typingStats{after.Export - before.Export, after.Declined - before.Declined, after.Kicks - before.Kicks}); got != (typingStats{Export: 1, Kicks: 1}) {
		t.Errorf("the keystroke: %+v more in stats, want 1 through the export and 1 kick", got)
	}
}
