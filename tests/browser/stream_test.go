//go:build browser

package browser

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestStreamRendersProgressively streams JSONL whose lines are split across
// chunks (one inside a UTF-8 sequence) and holds the second half back until the
// test has seen the first surface on screen: rendering must not wait for the end
// of the stream, and the promise of connect() resolves only at the end.
func TestStreamRendersProgressively(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	first := []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"news","catalogId":"` + basicCatalog + `"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"news","components":[{"id":"root","component":"Column","children":["h","body"]},{"id":"h","component":"Text","text":"Breaking: café opens","variant":"h2"},{"id":"body","component":"Text","text":{"path":"/body"}}]}}`,
	}
	second := []string{
		`{"version":"v0.9","updateDataModel":{"surfaceId":"news","path":"/body","value":"Queues around the block"}}`,
		`{"version":"v0.9","createSurface":{"surfaceId":"later","catalogId":"` + basicCatalog + `"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"later","components":[{"id":"root","component":"Text","text":"Second surface arrived"}]}}`,
	}
	// Chunk boundaries: inside the first line, inside "é" (0xc3 0xa9), and in the
	// middle of the line that follows the pause.
	half := strings.Join(first, "\n") + "\n"
	cut := strings.Index(half, "\xc3\xa9") + 1
	rest := strings.Join(second, "\n") + "\n"
	release := make(chan struct{})
	stream := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/jsonl")
		w.Header().Set("Cache-Control", "no-store")
		fl := w.(http.Flusher)
		send := func(s string) {
			io.WriteString(w, s)
			fl.Flush()
			time.Sleep(30 * time.Millisecond)
		}
		send(half[:40])
		send(half[40:cut])
		send(half[cut:])
		select {
		case <-release:
		case <-r.Context().Done():
			return
		case <-time.After(20 * time.Second):
		}
		send(rest[:25])
		send(rest[25:])
	})
	base := serve(t, rendererPage(), handle("GET /agent/stream", stream))
	ctx := openRenderer(t, base, "")
	evalJSON(ctx, `(window.streamDone = false, T.r.host.connect("/agent/stream").then(() => { window.streamDone = true; }), true)`)

	waitJS(ctx, `T.text("host").includes("Breaking: café opens")`)
	if done := evalJS[bool](ctx, `window.streamDone`); done {
		t.Errorf("connect() resolved before the stream ended")
	}
	if got := hostText(ctx, "host"); got != "Breaking: café opens" {
		t.Errorf("text mid-stream = %q, want only the first surface's heading", got)
	}
	close(release)
	waitJS(ctx, `window.streamDone`)
	flush(ctx, "host")
	if got, want := hostText(ctx, "host"), "Breaking: café opensQueues around the blockSecond surface arrived"; got != want {
		t.Errorf("text after the stream = %q, want %q", got, want)
	}
	if got := evalJSON(ctx, `T.r.host.surfaces()`); got != `["news","later"]` {
		t.Errorf("surfaces() = %s", got)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestStreamSSE streams the same kind of messages as server-sent events with a
// delay between events, through the <a2ui-renderer transport="sse"> element. Its
// server ends the stream without ids or 204, so reconnection is off (resume_test.go
// covers it).
func TestStreamSSE(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t,
		page("/sse.html", `<!doctype html><html lang="en"><meta charset="utf-8"><title>sse</title>
<script src="/a2ui.js"></script>
<a2ui-renderer id="el" src="/agent/sse" transport="sse" reconnect="off"></a2ui-renderer>`),
		handle("GET /agent/sse", streamSSE(100*time.Millisecond,
			`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"`+basicCatalog+`"}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["a","b"]},{"id":"a","component":"Text","text":"Event one"},{"id":"b","component":"Text","text":{"path":"/b"}}]}}`,
			// One event spread over two data: lines (pretty-printed JSON).
			"{\"version\":\"v0.9\",\"updateDataModel\":{\"surfaceId\":\"s\",\n\"path\":\"/b\",\"value\":\"Event two\"}}",
		)),
	)
	ctx := newTab(t)
	navigate(ctx, base+"/sse.html")
	waitJS(ctx, `(() => { const r = document.getElementById("el").shadowRoot; return r && r.querySelector("[data-surface-id=s]") && r.textContent.includes("Event two"); })()`)
	if got := evalJS[string](ctx, `document.getElementById("el").shadowRoot.querySelector("section.a2ui-surface[data-surface-id=s]").textContent`); got != "Event oneEvent two" {
		t.Errorf("surface text = %q", got)
	}
}

// TestUnknownComponent renders a component type the catalog does not have: a
// placeholder naming the type, an UNKNOWN_COMPONENT a2ui-error, and the siblings
// render as usual.
func TestUnknownComponent(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"u","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"u","components":[`+
			`{"id":"root","component":"Column","children":["before","mystery","after"]},`+
			`{"id":"before","component":"Text","text":"Before the widget"},`+
			`{"id":"mystery","component":"HoloProjector","beam":"blue"},`+
			`{"id":"after","component":"Text","text":"After the widget"}`+
			`]}}`,
	)
	if got := evalJS[int](ctx, `T.qa("host", ".a2ui-unknown").length`); got != 1 {
		t.Fatalf("%d .a2ui-unknown placeholders, want 1", got)
	}
	ph := evalJS[string](ctx, `T.q("host", ".a2ui-unknown").textContent`)
	if !strings.Contains(ph, "HoloProjector") {
		t.Errorf("placeholder text %q does not name the type", ph)
	}
	order := evalJS[[]string](ctx, `Array.from(T.q("host", "section.a2ui-surface").querySelectorAll("p.a2ui-text, .a2ui-unknown")).map((e) => e.textContent)`)
	if want := []string{"Before the widget", ph, "After the widget"}; !equalJSON(order, want) {
		t.Errorf("children in order = %q, want %q", order, want)
	}
	errs := events(ctx, "host", "a2ui-error")
	if codes := errorCodes(t, errs); !equalJSON(codes, []string{"UNKNOWN_COMPONENT"}) {
		t.Fatalf("a2ui-error codes = %q, want [UNKNOWN_COMPONENT]; details %s", codes, errs)
	}
	var e struct {
		Version string `json:"version"`
		Error   struct {
			Code, SurfaceID, Message string
		} `json:"error"`
	}
	if err := json.Unmarshal(errs[0], &e); err != nil {
		t.Fatal(err)
	}
	if e.Version != "v0.9" || e.Error.SurfaceID != "u" || !strings.Contains(e.Error.Message, "HoloProjector") {
		t.Errorf("a2ui-error detail = %s, want version v0.9, surfaceId u, a message naming HoloProjector", errs[0])
	}
	// A re-render (data change) does not report the same problem again.
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"u","path":"/x","value":1}}`)
	if n := len(events(ctx, "host", "a2ui-error")); n != 1 {
		t.Errorf("%d a2ui-error events after a data update, want still 1", n)
	}
}

// TestMalformedLineMidStream streams a line that is not JSON between good ones:
// one VALIDATION_FAILED a2ui-error, and the lines after it still render.
func TestMalformedLineMidStream(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	base := serve(t, rendererPage(),
		handle("POST /agent/action", rec),
		handle("GET /agent/stream", streamLines(20*time.Millisecond,
			`{"version":"v0.9","createSurface":{"surfaceId":"m","catalogId":"`+basicCatalog+`"}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"m","components":[{"id":"root","component":"Column","children":["a","b"]},{"id":"a","component":"Text","text":"Line two rendered"}]}}`,
			`{"version":"v0.9","updateComponents": {"surfaceId":"m","components":[{"id":"b",`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"m","components":[{"id":"b","component":"Text","text":{"path":"/msg"}}]}}`,
			`{"version":"v0.9","updateDataModel":{"surfaceId":"m","path":"/msg","value":"Line five rendered"}}`,
		)),
	)
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	evalJSON(ctx, `T.r.host.connect("/agent/stream").then(() => T.r.host.flush()).then(() => true)`)
	if got, want := hostText(ctx, "host"), "Line two renderedLine five rendered"; got != want {
		t.Errorf("text = %q, want %q", got, want)
	}
	errs := events(ctx, "host", "a2ui-error")
	if codes := errorCodes(t, errs); !equalJSON(codes, []string{"VALIDATION_FAILED"}) {
		t.Fatalf("a2ui-error codes = %q, want [VALIDATION_FAILED]; details %s", codes, errs)
	}
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(errs[0], &e); e.Error.Message == "" {
		t.Errorf("a2ui-error without a message: %s", errs[0])
	}
	// The error is reported to the agent too, as the same message.
	bodies := rec.Wait(t, 1)
	if canonicalJSON(t, bodies[0]) != canonicalJSON(t, errs[0]) {
		t.Errorf("error POSTed to the agent = %s, want the a2ui-error detail %s", bodies[0], errs[0])
	}
}

// TestTwoSurfacesDeleteOne renders two surfaces from one stream and deletes one:
// its section goes, the other stays and keeps working, and a2ui-surface events
// report both creations and the deletion.
func TestTwoSurfacesDeleteOne(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"left","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","createSurface":{"surfaceId":"right","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"left","components":[{"id":"root","component":"Text","text":"Left surface"}]}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"right","components":[{"id":"root","component":"Text","text":{"path":"/label"}}]}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"right","path":"/label","value":"Right surface"}}`,
	)
	sections := func() []string {
		return evalJS[[]string](ctx, `T.qa("host", ".a2ui-root > section.a2ui-surface").map((s) => s.dataset.surfaceId + "=" + s.textContent)`)
	}
	if got, want := sections(), []string{"left=Left surface", "right=Right surface"}; !equalJSON(got, want) {
		t.Fatalf("sections = %q, want %q", got, want)
	}
	processLines(ctx, "host", `{"version":"v0.9","deleteSurface":{"surfaceId":"left"}}`)
	if got, want := sections(), []string{"right=Right surface"}; !equalJSON(got, want) {
		t.Errorf("sections after deleteSurface = %q, want %q", got, want)
	}
	if got := evalJSON(ctx, `T.r.host.surfaces()`); got != `["right"]` {
		t.Errorf("surfaces() = %s, want [\"right\"]", got)
	}
	if got := evalJSON(ctx, `T.r.host.dataModel("left")`); got != "undefined" && got != "null" {
		t.Errorf("dataModel(left) after delete = %s", got)
	}
	// The remaining surface still updates.
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"right","path":"/label","value":"Right, updated"}}`)
	if got, want := sections(), []string{"right=Right, updated"}; !equalJSON(got, want) {
		t.Errorf("sections after update = %q, want %q", got, want)
	}
	got := canonicalJSON(t, evalJSON(ctx, `T.events("host", "a2ui-surface")`))
	want := canonicalJSON(t, `[{"surfaceId":"left","event":"created"},{"surfaceId":"right","event":"created"},{"surfaceId":"left","event":"deleted"}]`)
	if got != want {
		t.Errorf("a2ui-surface events = %s, want %s", got, want)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestErrorReportsDoNotLoop: an agent that answers every POST (actions and
// error reports alike) with a message that fails must not drive the renderer
// into an endless error → POST → answer → error loop.
func TestErrorReportsDoNotLoop(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder(`{"version":"v0.9","updateDataModel":{"surfaceId":"none","path":"/x","value":1}}`)
	base := serve(t, rendererPage(), handle("POST /agent/action", rec))
	ctx := openRenderer(t, base, `{actionURL: "/agent/action"}`)
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Button","child":"t","action":{"event":{"name":"go"}}},{"id":"t","component":"Text","text":"Go"}]}}`,
	)
	clickIn(ctx, "host", "button")
	rec.Wait(t, 2) // the action, then the report of the SURFACE_NOT_FOUND in its answer
	// The report's own answer is applied (its SURFACE_NOT_FOUND is an a2ui-error too);
	// a report of it would have been posted by then.
	waitJS(ctx, `T.events("host", "a2ui-error").length >= 2`)
	flush(ctx, "host")
	if n := len(rec.Bodies()); n > 3 {
		t.Errorf("%d POSTs after one click, want at most 3 (action, error report, and no report of the report's answer)", n)
	}
}

// TestStreamHeldForTheFrame streams 400 Texts one message per task (a MessageChannel
// task each, as a streamed response arrives): while a frame is pending, process() holds
// the payload in the page and the frame takes all of them in one call into Go, so far
// fewer process() calls reach Go than messages are sent (one per message before), and
// the stream is still painted as it goes (more than one op batch). Held payloads keep
// their order and their UTF-8 (multi-byte and astral text), and dataModel() and
// surfaces() apply what is held first. The page's clock stands still meanwhile
// (pageClock), so how fast the machine is decides nothing.
func TestStreamHeldForTheFrame(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	ctx := openRenderer(t, serve(t, rendererPageMain()), "") // the page holds payloads in main-thread mode
	const n = 400
	got := evalJS[map[string]float64](ctx, `(async () => {
	  const r = T.rr("host");
	  const cat = "`+basicCatalog+`";
	  const enc = (b) => JSON.stringify(Object.assign({version: "v0.9"}, b));
	  const ids = Array.from({length: `+strconv.Itoa(n)+`}, (_, i) => "t" + i);
	  r.process(enc({createSurface: {surfaceId: "s", catalogId: cat}}));
	  r.process(enc({updateComponents: {surfaceId: "s", components: [{id: "root", component: "Column", children: ids}]}}));
	  await r.flush();
	  const ch = new MessageChannel(), waiting = [];
	  ch.port1.onmessage = () => waiting.shift()();
	  const task = () => new Promise((res) => { waiting.push(res); ch.port2.postMessage(0); });
	  const s0 = __a2uiGo.stats(), b0 = __a2uiRuntime.stats.batches;
	  // The page's clock stands still while the messages come: each comes "right after"
	  // the last frame however slow the machine (a renderer that last rendered a frame
	  // ago renders the next change at once instead), and frames still run.
	  const clock = `+pageClock+`;
	  for (let i = 0; i < ids.length; i++) {
	    r.process(enc({updateComponents: {surfaceId: "s", components: [{id: "t" + i, component: "Text", text: "é日😀 " + i + ";"}]}}));
	    await task();
	  }
	  clock.restore();
	  while (!T.text("host").includes("😀 `+strconv.Itoa(n-1)+`;")) await new Promise((res) => requestAnimationFrame(res));
	  const s1 = __a2uiGo.stats();
	  return {calls: s1.processCalls - s0.processCalls, held: s1.heldPayloads - s0.heldPayloads,
	    batches: __a2uiRuntime.stats.batches - b0};
	})()`)
	t.Logf("%d messages: %v", n, got)
	if got["calls"] > n/4 {
		t.Errorf("%v process() calls reached Go for %d messages, want at most %d (the rest held for the frame)", got["calls"], n, n/4)
	}
	if got["calls"]+got["held"] != n {
		t.Errorf("process() calls %v + held payloads %v != %d messages", got["calls"], got["held"], n)
	}
	if got["batches"] < 2 {
		t.Errorf("%v op batches while streaming, want the stream painted as it goes", got["batches"])
	}
	var want strings.Builder
	for i := range n {
		want.WriteString("é日😀 " + strconv.Itoa(i) + ";")
	}
	if text := hostText(ctx, "host"); text != want.String() {
		t.Errorf("text after the stream (%d bytes) differs from the %d messages in order", len(text), n)
	}

	// Right after a frame, a change asks for the next animation frame (not a microtask),
	// so the payloads after it are held: dataModel() and surfaces() still see them.
	// The page's clock stands still meanwhile (pageClock), so "right after" holds
	// however slow the machine is.
	if got := evalJSON(ctx, `(async () => {
	  const r = T.rr("host");
	  const root = document.getElementById("host").shadowRoot;
	  const clock = `+pageClock+`;
	  const shown = new Promise((res) => {
	    const mo = new MutationObserver(() => { if (root.textContent.includes("a frame")) { mo.disconnect(); res(); } });
	    mo.observe(root, {subtree: true, childList: true, characterData: true});
	  });
	  r.process({version: "v0.9", updateComponents: {surfaceId: "s", components: [{id: "t0", component: "Text", text: "a frame"}]}});
	  await shown;
	  const h0 = __a2uiGo.stats().heldPayloads;
	  r.process({version: "v0.9", updateDataModel: {surfaceId: "s", path: "/a", value: 1}});
	  r.process({version: "v0.9", updateDataModel: {surfaceId: "s", path: "/b", value: "ü"}});
	  r.process({version: "v0.9", createSurface: {surfaceId: "s2", catalogId: "`+basicCatalog+`"}});
	  const got = [r.dataModel("s"), r.surfaces(), __a2uiGo.stats().heldPayloads - h0];
	  clock.restore();
	  return got;
	})()`); got != `[{"a":1,"b":"ü"},["s","s2"],2]` {
		t.Errorf("dataModel, surfaces and held payloads right after process() = %s, want [{\"a\":1,\"b\":\"ü\"},[\"s\",\"s2\"],2]", got)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestOutlinePassOnlyForHeadings: the runtime's outline pass (heading levels, the region
// name, list tab stops: a walk of the whole surface) runs after a batch that inserts or
// removes a heading or a list, not after each batch of a stream of plain Texts, and it
// still renumbers a heading that arrives later.
func TestOutlinePassOnlyForHeadings(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	ctx := openRenderer(t, serve(t, rendererPage()), `{headingLevel: 2}`)
	ids := make([]string, 60)
	for i := range ids {
		ids[i] = `"t` + strconv.Itoa(i) + `"`
	}
	processLines(ctx, "host", surfaceLines(`{"id":"root","component":"Column","children":["title",`+strings.Join(ids, ",")+`]}`, "")...)
	evalJSON(ctx, `(() => {
	  T.walks = 0;
	  const q = Element.prototype.querySelectorAll;
	  Element.prototype.querySelectorAll = function (s) { if (s.startsWith("h1")) T.walks++; return q.call(this, s); };
	  return true;
	})()`)
	for i := range 60 {
		processLines(ctx, "host", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"t`+strconv.Itoa(i)+`","component":"Text","text":"item `+strconv.Itoa(i)+`"}]}}`)
	}
	if n := evalJS[int](ctx, `T.walks`); n != 0 {
		t.Errorf("outline pass ran %d times for 60 batches of plain Texts, want 0", n)
	}
	processLines(ctx, "host", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"title","component":"Text","variant":"h1","text":"Late title"}]}}`)
	if n := evalJS[int](ctx, `T.walks`); n != 1 {
		t.Errorf("outline pass ran %d times after a heading arrived, want 1", n)
	}
	got := evalJS[[]string](ctx, `[T.q("host", "h1").getAttribute("aria-level"), T.q("host", "section.a2ui-surface").getAttribute("aria-label")]`)
	if !equalJSON(got, []string{"3", "Late title"}) {
		t.Errorf("heading aria-level and region name = %q, want [3 Late title]", got)
	}
	// Text inserted into a heading (a Markdown heading filled by a data write) renames
	// the region.
	processLines(ctx, "host", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"title","component":"Text","text":{"call":"formatString","args":{"value":"# ${/t}"}}}]}}`)
	processLines(ctx, "host", `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/t","value":"Filled"}}`)
	if got := evalJS[string](ctx, `T.q("host", "section.a2ui-surface").getAttribute("aria-label")`); got != "Filled" {
		t.Errorf("region name after text went into the heading = %q, want Filled", got)
	}
}

// TestIdleFrameSkipsGap: on a large surface frames are paced (a gap after each, for the
// messages and the browser's layout), but when the page is idle the pending frame runs
// at once (requestIdleCallback) instead of waiting the gap out: a message right after a
// frame on a 5,000-Text surface asks for both a gap timer and an idle callback, and it
// is rendered by the idle callback alone. The page's clock stands still (pageClock), so
// the message is inside the gap however slow the machine; the gap timer is cancelled and
// the idle callback run by the test, so nothing depends on which would fire first; and
// the render budget is out of reach (noRenderBudget).
func TestIdleFrameSkipsGap(t *testing.T) {
	// Not parallel: it needs idle periods of the renderer process, which the tabs of
	// parallel tests (one process for all) would take.
	requireBuilt(t)
	ctx := openRenderer(t, serve(t, rendererPageMain()), noRenderBudget) // requestIdleCallback: the page's thread
	ids := make([]string, 5000)
	comps := make([]string, 0, 5001)
	for i := range ids {
		ids[i] = `"t` + strconv.Itoa(i) + `"`
		comps = append(comps, `{"id":"t`+strconv.Itoa(i)+`","component":"Text","text":"item `+strconv.Itoa(i)+`"}`)
	}
	processLines(ctx, "host", surfaceLines(`{"id":"root","component":"Column","children":[`+strings.Join(ids, ",")+`]},`+strings.Join(comps, ","), "")...)
	// The update warm-up takes one idle period after the first frame: let it pass first.
	waitJS(ctx, `__a2uiGo.stats().warmedUpdate === true`)
	got := evalJS[map[string]any](ctx, `(async () => {
	  const r = T.rr("host");
	  const root = document.getElementById("host").shadowRoot;
	  const shown = (s) => new Promise((res) => {
	    const mo = new MutationObserver(() => { if (root.textContent.includes(s)) { mo.disconnect(); res(); } });
	    mo.observe(root, {subtree: true, childList: true, characterData: true});
	  });
	  const up = (s) => ({version: "v0.9", updateComponents: {surfaceId: "s", components: [{id: "t0", component: "Text", text: s}]}});
	  const clock = `+pageClock+`;
	  r.process(up("first change"));
	  await shown("first change");
	  // The second change comes right after that frame, inside its gap. A gap timer whose
	  // callback is then also given to requestIdleCallback is cancelled; that callback is
	  // kept, and run here as the browser runs it when idle.
	  const st = window.setTimeout, ric = window.requestIdleCallback;
	  let last = null, idle = null, gapTimers = 0;
	  window.setTimeout = function (f, ms, ...a) { const id = st.call(window, f, ms, ...a); last = {f, id}; return id; };
	  window.requestIdleCallback = function (f, o) {
	    if (!last || last.f !== f) return ric.call(window, f, o);
	    clearTimeout(last.id);
	    gapTimers++;
	    idle = f;
	    return 0;
	  };
	  const i0 = __a2uiGo.stats().idleFrames;
	  r.process(up("second change"));
	  while (!idle && !root.textContent.includes("second change")) await new Promise((res) => st(res, 0));
	  window.setTimeout = st;
	  window.requestIdleCallback = ric;
	  const before = root.textContent.includes("second change");
	  const second = before || shown("second change");
	  if (idle) idle({didTimeout: false, timeRemaining: () => 50});
	  await second;
	  clock.restore();
	  return {idle: __a2uiGo.stats().idleFrames - i0, gapTimers, before};
	})()`)
	if got["before"] != false || got["gapTimers"] != float64(1) {
		t.Errorf("the change inside the gap: rendered before the idle callback %v, gap timers %v; want false and 1", got["before"], got["gapTimers"])
	}
	if got["idle"] != float64(1) {
		t.Errorf("idle frames for a change inside the gap on an idle page = %v, want 1", got["idle"])
	}
	if text := hostText(ctx, "host"); !strings.HasPrefix(text, "second changeitem 1") {
		t.Errorf("text starts %q, want the second change first", text[:min(40, len(text))])
	}
}
