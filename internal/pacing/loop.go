package pacing

import "time"

// SliceSpent reports whether a slice of queued work that began at start has run out of
// Slice at now: the UI loop yields to the browser before the rest of the queue.
func (t *Table) SliceSpent(start, now time.Time) bool {
	return now.Sub(start) > t.Slice
}

// LineSpent reports whether the task running since start (zero: no slice is running)
// has run out of Line at now: at its next yield point it hands the main thread to the
// browser before it goes on.
func (t *Table) LineSpent(start, now time.Time) bool {
	return !start.IsZero() && now.Sub(start) > t.Line
}
