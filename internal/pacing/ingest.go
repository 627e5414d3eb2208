package pacing

import "time"

// TakeExpired reports whether a frame that took the page's held payloads at taken has
// applied them for longer than FrameWork at now: it renders before the next piece, and
// the rest are applied after it.
func (t *Table) TakeExpired(taken, now time.Time) bool {
	return now.Sub(taken) > t.FrameWork
}
