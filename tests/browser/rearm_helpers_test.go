//go:build browser

package browser

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The renderer's click windows, in ms. It judges a click by the click event's own
// timeStamp, never by when it handles it: a second click on one Button (or its Retry)
// less than clickDebounceMS after the last accepted one is part of a double click
// (render's debounce), and a pointer click less than rearmMS after the Button appeared or
// changed under the resting pointer (the runtime's REARM_MS), or after its action
// changed (catalog's rearmDelay, against the page clock's reading at the change), is
// ignored. So the tests never wait a window out: they stamp their clicks (CDP
// Input.dispatchMouseEvent's timestamp becomes the event's timeStamp) at the moment a
// user who waited would click, clickSlackMS past the window.
const (
	clickDebounceMS = 200
	rearmMS         = 500
	clickSlackMS    = 20
)

// trackClicks records, in window.__clicks, the timeStamp of every click on the page
// (trusted or not: the renderer debounces both), for clickStamp; the page of
// rendererPage does it from the start.
func trackClicks(ctx context.Context) {
	tabOf(ctx).t.Helper()
	evalJSON(ctx, `(window.__clicks = window.__clicks || [], addEventListener("click", (e) => { window.__clicks.push(e.timeStamp); }, true), true)`)
}

// clickStamp is the timestamp for a click at least after ms from now that is no part of
// a double click with any click the page saw (trackClicks): not within clickDebounceMS
// + clickSlackMS after one. No window of the renderer started later than now, so with
// after = rearmMS + clickSlackMS the click is past every one; with 0 it is as soon as
// possible (a click stamped before the last accepted one is no double click either).
// A stamp comes back as the event's timeStamp rounded (to 0.1 ms), so a click less than
// 1 ms before another counts as on it (two clicks pushed to one window's end would
// otherwise make a double click). It is 0 when that is simply now: the browser then
// stamps the click as it dispatches it (a stamp taken now would be stale by then: a
// change the page makes in between, say a Button's action, would come after the click).
func clickStamp(ctx context.Context, after int) input.TimeSinceEpoch {
	tabOf(ctx).t.Helper()
	ms := evalJS[float64](ctx, `(() => {
		const now = performance.now();
		let t = now + `+strconv.Itoa(after)+`;
		for (const c of (window.__clicks || []).slice().sort((a, b) => a - b)) {
			if (t > c - 1 && t < c + `+strconv.Itoa(clickDebounceMS+clickSlackMS)+`) t = c + `+strconv.Itoa(clickDebounceMS+clickSlackMS)+`;
		}
		return t === now ? 0 : performance.timeOrigin + t;
	})()`)
	return input.TimeSinceEpoch(ms / 1000)
}

// stampedTime is ts as a time.Time (for clickAt).
func stampedTime(ts input.TimeSinceEpoch) time.Time {
	return time.UnixMicro(int64(float64(ts) * 1e6))
}

// clickReady clicks the element matching css in host id's shadow root as a user who
// waited for it: once it is not busy with its last action (a DOM state), with a real
// click stamped past every window of the renderer (clickArmed).
func clickReady(ctx context.Context, id, css string) {
	tabOf(ctx).t.Helper()
	waitJS(ctx, `T.q(`+jsString(id)+`, `+jsString(css)+`) && !T.q(`+jsString(id)+`, `+jsString(css)+`).classList.contains("a2ui-busy")`)
	clickArmed(ctx, id, css)
}

// clickArmed clicks (real mouse events at its centre) the element matching css in host
// id's shadow root, stamped clickStamp(rearmMS + clickSlackMS): past the re-arm of a
// control that just appeared or changed under the pointer or whose action changed, and
// no part of a double click.
func clickArmed(ctx context.Context, id, css string) {
	tabOf(ctx).t.Helper()
	clickInAt(ctx, id, css, rearmMS+clickSlackMS)
}

// doubleClickArmed double-clicks the element matching css in host id's shadow root as
// clickArmed clicks: two clicks 30 ms apart (click counts 1 and 2), the first past
// every window.
func doubleClickArmed(ctx context.Context, id, css string) {
	tabOf(ctx).t.Helper()
	clickInAt(ctx, id, css, rearmMS+clickSlackMS, 30)
}

// clickInAt clicks the element matching css in host id's shadow root (scrolled into
// view), stamped with clickStamp(after); each of then is one more click that many ms
// after the one before, its click count one higher (a double click).
func clickInAt(ctx context.Context, id, css string, after int, then ...int) {
	tb := tabOf(ctx)
	tb.t.Helper()
	waitJS(ctx, string(shadowPath(id, css)))
	ts := clickStamp(ctx, after)
	// The node is found and clicked in one action (as chromedp.Click does); a render may
	// still replace it in between ("Could not find node"): then it is found again.
	var err error
	for range 5 {
		if err = clickNode(ctx, id, css, ts, then); err == nil || !strings.Contains(err.Error(), "Could not find node") {
			break
		}
	}
	if err != nil {
		tb.t.Fatalf("click %s in #%s: %v", css, id, err)
	}
}

// clickNode is one try of clickInAt.
func clickNode(ctx context.Context, id, css string, ts input.TimeSinceEpoch, then []int) error {
	_, err := chromedp.Run(ctx, chromedp.QueryAfter(shadowPath(id, css), func(ctx context.Context, tg *chromedp.Target, nodes []*chromedp.Node) (chromedp.Void, error) {
		if len(nodes) == 0 {
			return chromedp.Void{}, errNoNode
		}
		for i := 0; i <= len(then); i++ {
			if i > 0 {
				ts += input.TimeSinceEpoch(float64(then[i-1]) / 1000)
			}
			count := int64(i + 1)
			if _, err := chromedp.MouseClickNode(nodes[0], func(p *input.DispatchMouseEventParams) {
				p.ClickCount = count
				if ts != 0 {
					p.Timestamp = ts
				}
			})(ctx, tg); err != nil {
				return chromedp.Void{}, err
			}
		}
		return chromedp.Void{}, nil
	}, chromedp.NodeVisible))
	return err
}
