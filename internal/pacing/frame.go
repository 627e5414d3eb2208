package pacing

import "time"

// Frame is the last frame a frame requester ran: what it cost and when it ended (the
// zero Frame: none yet).
type Frame struct {
	Cost time.Duration
	End  time.Time
}

// FrameGap is the least time between the end of a frame that cost cost and the start of
// the next, on a page of nodes DOM nodes: the cost when it was not cheap, at most
// MaxCostGap, and nodes×PerNodeGap, whichever is larger.
func (t *Table) FrameGap(cost time.Duration, nodes int) time.Duration {
	g := time.Duration(0)
	if cost > t.CheapFrame {
		g = min(cost, t.MaxCostGap)
	}
	return max(g, time.Duration(nodes)*t.PerNodeGap)
}

// AtOnce reports whether a frame requested at now, after last on a page of nodes DOM
// nodes, renders at the end of the current task (a microtask) rather than at the next
// animation frame: the first frame does (its work starts at once), and so does an
// isolated change on an idle page, one at least FrameInterval and the frame gap after
// the last frame.
func (t *Table) AtOnce(last Frame, nodes int, now time.Time) bool {
	return last.End.IsZero() || now.Sub(last.End) >= max(t.FrameInterval, t.FrameGap(last.Cost, nodes))
}

// WaitMillis is how long, in whole milliseconds for setTimeout, a frame due at now must
// still wait after last on a page of nodes DOM nodes; 0 when it renders now (no frame
// yet, or less than MinWait of its gap left). The delay is rounded past the gap's end.
func (t *Table) WaitMillis(last Frame, nodes int, now time.Time) int {
	if last.End.IsZero() {
		return 0
	}
	gap := t.FrameGap(last.Cost, nodes)
	if gap <= 0 {
		return 0
	}
	wait := gap - now.Sub(last.End)
	if wait <= t.MinWait {
		return 0
	}
	return int(wait/time.Millisecond) + 1
}

// FallbackMillis is FrameFallback in milliseconds, the delay of the timer that stands in
// for an animation frame.
func (t *Table) FallbackMillis() int { return int(t.FrameFallback / time.Millisecond) }
