//go:build browser

package browser

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// seqEvent is message i of a sequence-numbered stream: event 0 creates the surface
// "seq" (a list of Texts over /m), event i > 0 appends "m<i>;" at /m/<i-1>.
func seqEvent(i int) string {
	if i == 0 {
		return `[{"version":"v0.9","createSurface":{"surfaceId":"seq","catalogId":"` + basicCatalog + `"}},` +
			`{"version":"v0.9","updateComponents":{"surfaceId":"seq","components":[{"id":"root","component":"Column","children":{"path":"/m","componentId":"row"}},{"id":"row","component":"Text","text":{"path":"t"}}]}}]`
	}
	return fmt.Sprintf(`{"version":"v0.9","updateDataModel":{"surfaceId":"seq","path":"/m/%d","value":{"t":"m%d;"}}}`, i-1, i)
}

func seqWant(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "m%d;", i)
	}
	return b.String()
}

// dropServer serves events 0..last as SSE with ids, dropping the connection every
// `every` events: cleanly (the response ends) on even drops, and in the middle of
// the next event (the connection is aborted) on odd ones. A reconnection resumes after
// its Last-Event-ID but repeats that event first (a server that replays from the
// cursor). Once every event was delivered, it answers 204. It records the Last-Event-ID
// header of every request.
type dropServer struct {
	every, last int
	// read waits until the page applied event i (before the connection breaks inside
	// the next one: a stream that errors discards what its reader has not taken).
	read  func(i int) error
	mu    sync.Mutex
	ids   []string
	drops int
}

func (s *dropServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	lastID := r.Header.Get("Last-Event-ID")
	s.ids = append(s.ids, lastID)
	drop := s.drops
	s.drops++
	s.mu.Unlock()
	from := 0
	if lastID != "" {
		n, err := strconv.Atoi(lastID)
		if err != nil {
			http.Error(w, "bad Last-Event-ID", http.StatusBadRequest)
			return
		}
		if n >= s.last {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		from = n // repeat the event at the cursor, then go on
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	fl := w.(http.Flusher)
	io.WriteString(w, "retry: 300\n\n")
	fl.Flush()
	sent := 0
	for i := from; i <= s.last; i++ {
		if i > from || lastID == "" {
			sent++
		}
		io.WriteString(w, "id: "+strconv.Itoa(i)+"\ndata: "+seqEvent(i)+"\n\n")
		fl.Flush()
		if sent == s.every && i < s.last {
			if drop%2 == 1 {
				// Once the page applied event i: half of the next event, then the
				// connection breaks.
				if err := s.read(i); err != nil {
					panic(http.ErrAbortHandler)
				}
				io.WriteString(w, "id: "+strconv.Itoa(i+1)+"\ndata: "+seqEvent(i + 1)[:20])
				cutConn(w)
				return
			}
			return
		}
	}
}

func (s *dropServer) lastEventIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.ids...)
}

// reconnectWatch records, from before the stream starts, every time a surface of host
// shows the reconnecting banner (its text and role) and whether it is gone later.
const reconnectWatch = `(() => {
  window.banners = [];
  const root = T.root("host");
  new MutationObserver(() => {
    const b = root.querySelector(".a2ui-status-reconnecting");
    const last = window.banners[window.banners.length - 1];
    if (b && last !== "shown") window.banners.push("shown", b.textContent + "|" + b.getAttribute("role"));
    if (!b && last !== undefined && last !== "cleared") window.banners.push("cleared");
  }).observe(root, { childList: true, subtree: true, characterData: true });
  return true;
})()`

// TestSSEResumeAcrossDrops streams 25 sequence-numbered events from a server that
// drops the connection every 4 events (half of the drops inside an event) and repeats
// the event at the cursor on each reconnection. Every message renders exactly once and
// in order, the server receives the Last-Event-ID of the last complete event each
// time, the surface shows "Reconnecting…" (role=status) while the stream is down and
// clears it when data flows again, and the 204 at the end stops the stream.
func TestSSEResumeAcrossDrops(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	srv := &dropServer{every: 4, last: 25}
	base := serve(t, rendererPage(), handle("GET /agent/seq", srv))
	ctx := openRenderer(t, base, "")
	srv.read = func(i int) error {
		return waitJSErr(ctx, `T.text("host").includes("m`+strconv.Itoa(i)+`;")`, waitTimeout())
	}
	evalJSON(ctx, reconnectWatch)
	evalJSON(ctx, `(window.streamDone = false, T.r.host.connect("/agent/seq").then(() => { window.streamDone = true; }), true)`)
	waitJS(ctx, `window.streamDone`)
	flush(ctx, "host")

	if got, want := hostText(ctx, "host"), seqWant(25); got != want {
		t.Errorf("surface text = %q\nwant %q", got, want)
	}
	// Connections: ids 0-3 (clean end), 4-7 cut inside 8, 8-11, 12-15 cut, 16-19, 20-23 cut,
	// 24-25 then the end of the body, and the 204.
	if got, want := srv.lastEventIDs(), []string{"", "3", "7", "11", "15", "19", "23", "25"}; !equalJSON(got, want) {
		t.Errorf("Last-Event-ID headers = %q, want %q", got, want)
	}
	var states []struct {
		State    string `json:"state"`
		Messages int    `json:"messages"`
	}
	raw := evalJSON(ctx, `T.events("host", "a2ui-stream")`)
	if err := json.Unmarshal([]byte(raw), &states); err != nil || len(states) == 0 {
		t.Fatalf("a2ui-stream events %s: %v", raw, err)
	}
	if last := states[len(states)-1]; last.State != "closed" || last.Messages != 27 {
		t.Errorf("final a2ui-stream = %+v, want closed after 27 messages (2 in event 0, then 25: none repeated)", last)
	}
	banners := evalJS[[]string](ctx, `window.banners`)
	if len(banners) < 2 || banners[0] != "shown" || banners[1] != "Reconnecting…|status" || banners[len(banners)-1] != "cleared" {
		t.Errorf("reconnecting banner history = %q, want shown (Reconnecting…, role=status) … cleared", banners)
	}
	if n := strings.Count(strings.Join(banners, " "), "Reconnecting…"); n < 6 {
		t.Errorf("reconnecting banner shown %d times, want one per drop (6): %q", n, banners)
	}
	if got := evalJS[int](ctx, `T.qa("host", ".a2ui-status").length`); got != 0 {
		t.Errorf("%d status banners left after the stream ended", got)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestSSE204Stops: a server that answers the reconnection with 204 ends the stream:
// connect() resolves, no further request is made and the surface keeps its content
// without a reconnecting banner. The reconnection carries the page's connect() headers.
func TestSSE204Stops(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	var mu sync.Mutex
	var ids []string
	sse := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		ids = append(ids, r.Header.Get("Last-Event-ID")+"|"+r.Header.Get("X-Token"))
		n := len(ids)
		mu.Unlock()
		if n > 1 {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "retry: 100\n\nid: a\ndata: "+seqEvent(0)+"\n\nid: b\ndata: "+seqEvent(1)+"\n\n")
	})
	base := serve(t, rendererPage(), handle("GET /agent/sse", sse))
	ctx := openRenderer(t, base, "")
	evalJSON(ctx, `(window.streamDone = false, T.r.host.connect("/agent/sse", {headers: new Headers({"X-Token": "t1"})}).then(() => { window.streamDone = true; }), true)`)
	// The stream is over for the renderer (closed, after the 204): it makes no request
	// after that.
	waitJS(ctx, `window.streamDone && T.events("host", "a2ui-stream").at(-1).state === "closed"`)
	flush(ctx, "host")
	mu.Lock()
	got := append([]string(nil), ids...)
	mu.Unlock()
	if want := []string{"|t1", "b|t1"}; !equalJSON(got, want) {
		t.Errorf("requests' Last-Event-ID|X-Token = %q, want %q (one reconnection with the page's headers, then stop)", got, want)
	}
	if got := hostText(ctx, "host"); got != "m1;" {
		t.Errorf("surface = %q", got)
	}
	if got := evalJS[int](ctx, `T.qa("host", ".a2ui-status").length`); got != 0 {
		t.Errorf("%d status banners after 204", got)
	}
	if errs := events(ctx, "host", "a2ui-error"); len(errs) > 0 {
		t.Errorf("a2ui-error events: %s", errs)
	}
}

// TestJSONLEarlyEndRetry: a JSONL stream whose connection breaks mid-line shows
// "Connection lost" (role=alert) with a Retry button; Retry requests the stream again,
// the lines already applied are not applied twice (no SURFACE_EXISTS), the rest renders
// and the lost state clears.
func TestJSONLEarlyEndRetry(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	lines := []string{seqEvent(0)}
	for i := 1; i <= 6; i++ {
		lines = append(lines, seqEvent(i))
	}
	var mu sync.Mutex
	requests := 0
	shown := make(chan struct{})
	stream := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests++
		n := requests
		mu.Unlock()
		w.Header().Set("Content-Type", "application/jsonl")
		fl := w.(http.Flusher)
		if n == 1 {
			// Half of line 5, then (once the page shows lines 1-4: a fetch body that
			// errors discards what its reader has not taken) the connection breaks.
			io.WriteString(w, strings.Join(lines[:4], "\n")+"\n"+lines[4][:30])
			fl.Flush()
			select {
			case <-shown:
			case <-r.Context().Done():
			}
			panic(http.ErrAbortHandler)
		}
		io.WriteString(w, strings.Join(lines, "\n")+"\n")
	})
	base := serve(t, rendererPage(), handle("GET /agent/s.jsonl", stream))
	ctx := openRenderer(t, base, "")
	// connect() rejects when the stream fails: keep the rejection for the check below.
	evalJSON(ctx, `(T.r.host.connect("/agent/s.jsonl").then(() => { window.connected = "resolved"; }, (e) => { window.connected = String(e.message); }), true)`)
	waitJS(ctx, `T.text("host") === "m1;m2;m3;"`)
	close(shown)
	waitJS(ctx, `T.q("host", ".a2ui-status-failed button.a2ui-retry")`)
	flush(ctx, "host")
	if got := evalJS[string](ctx, `T.q("host", ".a2ui-status-failed").getAttribute("role")`); got != "alert" {
		t.Errorf("lost-connection banner role = %q, want alert", got)
	}
	if got := hostText(ctx, "host"); got != "Connection lost: this surface may be incomplete.Retrym1;m2;m3;" {
		t.Errorf("surface after the failure = %q", got)
	}
	if codes := errorCodes(t, events(ctx, "host", "a2ui-error")); !equalJSON(codes, []string{"STREAM_FAILED"}) {
		t.Errorf("error codes = %q, want [STREAM_FAILED]", codes)
	}
	waitJS(ctx, `window.connected !== undefined`)
	if got := evalJS[string](ctx, `window.connected`); !strings.Contains(got, "the stream failed") {
		t.Errorf("connect() settled with %q, want a rejection saying the stream failed", got)
	}
	clickIn(ctx, "host", "button.a2ui-retry")
	waitJS(ctx, `T.text("host") === "m1;m2;m3;m4;m5;m6;"`)
	if got := evalJS[int](ctx, `T.qa("host", ".a2ui-status").length`); got != 0 {
		t.Errorf("%d status banners after the retry", got)
	}
	if codes := errorCodes(t, events(ctx, "host", "a2ui-error")); !equalJSON(codes, []string{"STREAM_FAILED"}) {
		t.Errorf("error codes after the retry = %q, want only the first STREAM_FAILED", codes)
	}
	mu.Lock()
	defer mu.Unlock()
	if requests != 2 {
		t.Errorf("%d requests, want 2", requests)
	}
}
