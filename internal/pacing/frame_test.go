package pacing

import (
	"testing"
	"time"
)

const ms = time.Millisecond

func TestFrameGap(t *testing.T) {
	for _, tc := range []struct {
		cost  time.Duration
		nodes int
		want  time.Duration
	}{
		{2 * ms, 100, 800 * time.Microsecond}, // cheap frame, small page: every animation frame
		{8 * ms, 0, 0},                        // a frame of exactly CheapFrame is cheap
		{20 * ms, 100, 20 * ms},               // a costly frame: the next waits as long again
		{200 * ms, 100, 48 * ms},              // but not longer than MaxCostGap
		{200 * ms, 20000, 160 * ms},           // a huge page paces by its size
		{5 * ms, 3000, 24 * ms},               // size wins over a cheap frame
		{0, 0, 0},
	} {
		if got := Default.FrameGap(tc.cost, tc.nodes); got != tc.want {
			t.Errorf("FrameGap(%v, %d) = %v, want %v", tc.cost, tc.nodes, got, tc.want)
		}
	}
}

func TestAtOnce(t *testing.T) {
	end := time.Unix(1000, 0)
	for _, tc := range []struct {
		name  string
		last  Frame
		nodes int
		since time.Duration
		want  bool
	}{
		{"the first frame", Frame{}, 50000, 0, true},
		{"a change right after a cheap frame waits", Frame{2 * ms, end}, 100, 5 * ms, false},
		{"a change a frame after a cheap frame", Frame{2 * ms, end}, 100, 16 * ms, true},
		{"just short of a frame", Frame{2 * ms, end}, 100, 16*ms - 1, false},
		{"a costly frame's gap is longer than a frame", Frame{30 * ms, end}, 100, 20 * ms, false},
		{"past a costly frame's gap", Frame{30 * ms, end}, 100, 30 * ms, true},
		{"a large page's gap", Frame{2 * ms, end}, 10000, 79 * ms, false},
		{"past a large page's gap", Frame{2 * ms, end}, 10000, 80 * ms, true},
	} {
		if got := Default.AtOnce(tc.last, tc.nodes, end.Add(tc.since)); got != tc.want {
			t.Errorf("%s: AtOnce = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestWaitMillis(t *testing.T) {
	end := time.Unix(1000, 0)
	for _, tc := range []struct {
		name  string
		last  Frame
		nodes int
		since time.Duration
		want  int
	}{
		{"no frame yet", Frame{}, 50000, 0, 0},
		{"no gap (cheap frame, empty page)", Frame{2 * ms, end}, 0, 0, 0},
		{"a costly frame: wait out its cost", Frame{20 * ms, end}, 100, 0, 21},
		{"part of the gap has passed", Frame{20 * ms, end}, 100, 12*ms + 500*time.Microsecond, 8},
		{"MinWait left: render now", Frame{20 * ms, end}, 100, 19 * ms, 0},
		{"just over MinWait left", Frame{20 * ms, end}, 100, 19*ms - 1, 2},
		{"the gap has passed", Frame{20 * ms, end}, 100, 30 * ms, 0},
		{"the cap holds a slow frame's wait to MaxCostGap", Frame{time.Second, end}, 0, 0, 49},
		{"a huge page waits by its size", Frame{2 * ms, end}, 20000, 60 * ms, 101},
	} {
		if got := Default.WaitMillis(tc.last, tc.nodes, end.Add(tc.since)); got != tc.want {
			t.Errorf("%s: WaitMillis = %d, want %d", tc.name, got, tc.want)
		}
	}
}
