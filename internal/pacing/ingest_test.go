package pacing

import (
	"testing"
	"time"
)

func TestTakeExpired(t *testing.T) {
	taken := time.Unix(1000, 0)
	ms := time.Millisecond
	for _, tc := range []struct {
		after time.Duration
		want  bool
	}{
		{0, false},
		{8 * ms, false},
		{8*ms + 1, true},
		{time.Second, true},
	} {
		if got := Default.TakeExpired(taken, taken.Add(tc.after)); got != tc.want {
			t.Errorf("TakeExpired after %v = %v, want %v", tc.after, got, tc.want)
		}
	}
}
