package pacing

import (
	"testing"
	"time"
)

func TestSliceSpent(t *testing.T) {
	start := time.Unix(1000, 0)
	ms := time.Millisecond
	for _, tc := range []struct {
		ran  time.Duration
		want bool
	}{
		{0, false},
		{19 * ms, false},
		{20 * ms, false}, // the budget itself is still within it
		{20*ms + 1, true},
		{200 * ms, true},
	} {
		if got := Default.SliceSpent(start, start.Add(tc.ran)); got != tc.want {
			t.Errorf("SliceSpent after %v = %v, want %v", tc.ran, got, tc.want)
		}
	}
}

func TestLineSpent(t *testing.T) {
	start := time.Unix(1000, 0)
	ms := time.Millisecond
	for _, tc := range []struct {
		start time.Time
		ran   time.Duration
		want  bool
	}{
		{start, 0, false},
		{start, 12 * ms, false},
		{start, 12*ms + 1, true},
		{start, 15 * ms, true},          // before the slice is spent
		{time.Time{}, time.Hour, false}, // no slice running (a JS callback): never yields
	} {
		now := start.Add(tc.ran)
		if got := Default.LineSpent(tc.start, now); got != tc.want {
			t.Errorf("LineSpent(%v, +%v) = %v, want %v", tc.start, tc.ran, got, tc.want)
		}
	}
}
