package render

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

// TestFrameAllocations bounds the heap allocations of the frames on the interactive
// paths (each is a GC pause waiting to happen in the browser): a keystroke into a field
// bound to a Text, one row of a 1,000-row template, one more child of a 1,000-child
// Column while it streams in. The bounds sit above today's counts (go1.26) and far below
// what a per-row or per-child allocation would cost (≥ 1,000).
func TestFrameAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	for _, tc := range []struct {
		name     string
		max      float64 // allocations per frame
		maxBytes uint64  // bytes allocated per frame
		setup    func(t *testing.T) (run func(i int), check func(t *testing.T))
	}{
		{"keystroke", 40, 4 << 10, func(t *testing.T) (func(int), func(*testing.T)) {
			r, h := newRenderer(t)
			r.Process([]byte(loginV09))
			r.Frame()
			input := findNode(h, "s1", func(n *memdom.Node) bool { return n.Tag == "input" })
			value := ""
			return func(i int) {
					value = "typed " + strconv.Itoa(i%10)
					h.doc.ResetStats()
					r.Dispatch("s1", dom.Event{Node: input.ID, Type: "input", Value: value})
				}, func(t *testing.T) {
					if !strings.Contains(h.text("s1"), value) {
						t.Fatalf("the bound Text does not show %q: %q", value, h.text("s1"))
					}
					// One op per keystroke: the bound Text's SETTEXT (the field is not
					// rendered again, so not even a skipped PROP).
					if st := h.doc.Stats; st.Texts != 1 || st.Touches() != 1 || st.PropSkips != 0 {
						t.Fatalf("keystroke ops: %+v, want one SETTEXT", st)
					}
				}
		}},
		{"one row of 1000", 250, 64 << 10, func(t *testing.T) (func(int), func(*testing.T)) {
			r, h := newRenderer(t)
			r.Process([]byte(rowsStream(1000)))
			r.Frame()
			last := ""
			return func(i int) {
					last = "changed " + strconv.Itoa(i%10)
					r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"t","path":"/rows/500/name","value":"` + last + `"}}`))
					r.Frame()
				}, func(t *testing.T) {
					if !strings.Contains(h.text("t"), last) {
						t.Fatalf("row 500 does not show %q", last)
					}
				}
		}},
		{"one more child of 1000", 250, 64 << 10, func(t *testing.T) (func(int), func(*testing.T)) {
			r, h := newRenderer(t)
			head, texts := textsMessages(1000)
			r.Process([]byte(head))
			r.Frame()
			msgs := make([][]byte, len(texts))
			for i, m := range texts {
				msgs[i] = []byte(m)
			}
			n := 0
			return func(int) {
					r.Process(msgs[n])
					r.Frame()
					n++
				}, func(t *testing.T) {
					if got := strings.Count(h.text("b"), "Item "); got != n {
						t.Fatalf("%d Texts shown after %d messages", got, n)
					}
				}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run, check := tc.setup(t)
			i := 0
			got := testing.AllocsPerRun(50, func() { run(i); i++ })
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for range 50 {
				run(i)
				i++
			}
			runtime.ReadMemStats(&after)
			check(t)
			bytes := (after.TotalAlloc - before.TotalAlloc) / 50
			if got > tc.max || bytes > tc.maxBytes {
				t.Errorf("%.0f allocations, %d bytes per frame, want ≤ %.0f and ≤ %d", got, bytes, tc.max, tc.maxBytes)
			}
			t.Logf("%.0f allocations, %d bytes per frame", got, bytes)
		})
	}
}
