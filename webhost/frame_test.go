//go:build js && wasm

package webhost

import (
	"testing"
	"time"
)

func TestFrameGap(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		cost  time.Duration
		nodes int
		want  time.Duration
	}{
		{2 * ms, 100, 800 * time.Microsecond}, // cheap frame, small page: every animation frame
		{20 * ms, 100, 20 * ms},               // a costly frame: the next waits as long again
		{200 * ms, 100, maxCostGap},           // but not longer than maxCostGap
		{200 * ms, 20000, 160 * ms},           // a huge page paces by its size
		{5 * ms, 3000, 24 * ms},               // size wins over a cheap frame
		{0, 0, 0},
	} {
		if got := frameGap(tc.cost, tc.nodes); got != tc.want {
			t.Errorf("frameGap(%v, %d) = %v, want %v", tc.cost, tc.nodes, got, tc.want)
		}
	}
}
