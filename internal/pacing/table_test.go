package pacing

import (
	"testing"
	"time"
)

// The relations the field comments give as the reasons for Default's values.
func TestDefaultRelations(t *testing.T) {
	d := Default
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"a task yields before the slice is spent (Line < Slice)", d.Line < d.Slice},
		{"a cheap frame is at most half an animation frame", 2*d.CheapFrame <= d.FrameInterval},
		{"the cost gap is capped at three animation frames", d.MaxCostGap == 3*d.FrameInterval},
		{"2,000 nodes pace at one animation frame", 2000*d.PerNodeGap == d.FrameInterval},
		{"a take renders within a cheap frame's time", d.FrameWork <= d.CheapFrame},
		{"a pump holds 8 MiB before readers wait", d.InputLimit*d.Piece == 8<<20},
		{"the fallback timer outlasts a few animation frames", d.FrameFallback > d.MaxCostGap},
		{"a wait shorter than MinWait is not worth a timer", d.MinWait > 0 && d.MinWait < d.CheapFrame},
		{"the UI queue's limit is positive", d.WorkLimit > 0},
		{"the yield sleep is positive", d.YieldSleep > 0},
	} {
		if !tc.ok {
			t.Errorf("Default: %s: %+v", tc.name, d)
		}
	}
}

func TestFallbackMillis(t *testing.T) {
	if got := Default.FallbackMillis(); got != 100 {
		t.Errorf("FallbackMillis() = %d, want 100", got)
	}
	tb := Table{FrameFallback: 2500 * time.Microsecond}
	if got := tb.FallbackMillis(); got != 2 {
		t.Errorf("FallbackMillis() of 2.5 ms = %d, want 2", got)
	}
}
