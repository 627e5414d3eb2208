package render

import "testing"

// TestWarmTyping: the warm-up types into its own field and its Text shows it, through
// the same fast path as a user's keystroke.
func TestWarmTyping(t *testing.T) {
	if !WarmTyping() {
		t.Fatal("WarmTyping: the bound Text did not show the typed value")
	}
}

// TestWarmUpdate: the warm-up's writes reach its Text and its template row.
func TestWarmUpdate(t *testing.T) {
	if !WarmUpdate() {
		t.Fatal("WarmUpdate: the written row and Text did not show the new values")
	}
}

func BenchmarkWarmTyping(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		WarmTyping()
	}
}
