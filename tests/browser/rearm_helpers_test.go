//go:build browser

package browser

import (
	"context"
	"strconv"
)

// clickDebounceMS is render's debounce: a click on a Button (or its Retry) within it of
// the last accepted click of that Button is a double click, and is dropped.
const clickDebounceMS = 200

// trackClicks records, in window.__lastClickAt, the timeStamp of the page's latest
// click (trusted or not: the renderer debounces both) (install it before the clicks clickReady should wait out; the renderer
// page of rendererPage does it from the start).
func trackClicks(ctx context.Context) {
	tabOf(ctx).t.Helper()
	evalJSON(ctx, `(addEventListener("click", (e) => { window.__lastClickAt = e.timeStamp; }, true), true)`)
}

// clickReady clicks the element matching css in host id's shadow root once the
// renderer takes a pointer click on it, awaiting the conditions instead of sleeping: it
// is not busy with its last action, a button that just appeared or changed under the
// resting pointer has re-armed
// (__a2uiRuntime.rearming), and the last click tracked by trackClicks, if any, is past
// the double-click debounce (the renderer compares event timeStamps, as this does).
func clickReady(ctx context.Context, id, css string) {
	tabOf(ctx).t.Helper()
	awaitArmed(ctx, id, css)
	waitJS(ctx, `T.q(`+jsString(id)+`, `+jsString(css)+`).classList.contains("a2ui-busy") === false`) // its last action answered
	clickIn(ctx, id, css)
}

// awaitArmed waits until the element matching css in host id's shadow root takes a
// pointer click: it has re-armed after appearing or changing under the resting pointer
// (__a2uiRuntime.rearming), and the last click tracked by trackClicks, if any, is past
// the double-click debounce (the renderer compares event timeStamps, as this does).
func awaitArmed(ctx context.Context, id, css string) {
	tabOf(ctx).t.Helper()
	el := `T.q(` + jsString(id) + `, ` + jsString(css) + `)`
	waitJS(ctx, el+` && !__a2uiRuntime.rearming(`+el+`) && `+
		`(window.__lastClickAt === undefined || performance.now() - window.__lastClickAt > `+strconv.Itoa(clickDebounceMS)+`)`)
}
