package render

import (
	"strings"
	"testing"
	"time"
)

// TestYieldSlicesALargeLine: a line of several MB calls Options.Yield about every 64 KiB
// while it is validated, decoded and its data-model value parsed; no frame runs in
// between (the page never shows part of a line); small lines never yield; the result
// is the one a renderer without Yield shows.
func TestYieldSlicesALargeLine(t *testing.T) {
	data, comps := bigLines()
	for _, c := range []struct {
		name, stream, surface string
		min                   int
	}{
		// validation (~75 pauses for 5 MB), then the value validated and decoded (~150)
		{"5 MB updateDataModel", data, "data", 200},
		// validation (~75), then the component loop (~75)
		{"5 MB updateComponents", comps, "comps", 140},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newFakeHost(t)
			yields, patchesAtYield := 0, -1
			var r *Renderer
			r = New(h, Options{MaxLine: 8 << 20, Yield: func() {
				yields++
				if patchesAtYield < 0 {
					patchesAtYield = h.patches
				} else if h.patches != patchesAtYield {
					t.Errorf("a frame was patched between two yields of one line")
				}
			}})
			r.Process([]byte(c.stream))
			r.Frame()
			t.Logf("%d yields for %d bytes", yields, len(c.stream))
			if yields < c.min {
				t.Errorf("Yield called %d times for %d bytes, want at least %d", yields, len(c.stream), c.min)
			}
			if got := h.text(c.surface); !strings.Contains(got, c.surface+" done") {
				t.Errorf("surface %s shows %.60q", c.surface, got)
			}
			yields = 0
			r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"` + c.surface + `","path":"/x","value":"small"}}` + "\n"))
			if yields != 0 {
				t.Errorf("a small line yielded %d times", yields)
			}
		})
	}
}

// TestYieldSlicesALargeFrame: building a surface of 5,000 Texts calls Yield every 32
// instances with nothing patched in between, and the time spent yielded does not count
// against the render budget (here 25 ms a yield, about 3.9 s in all, against a 3 s
// budget, which the build's own time stays far below even on a busy machine, as
// GOOS=js under Node beside the browser suite): the surface renders whole.
func TestYieldSlicesALargeFrame(t *testing.T) {
	head, texts := textsMessages(5000)
	var all strings.Builder
	all.WriteString(`{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[`)
	for i, m := range texts {
		if i > 0 {
			all.WriteByte(',')
		}
		all.WriteString(m[strings.Index(m, `[{`)+1 : strings.LastIndex(m, `]`)])
	}
	all.WriteString("]}}\n")
	h := newFakeHost(t)
	yields, inFrame := 0, false
	patchesAtStart := 0
	r := New(h, Options{RenderBudget: 3 * time.Second, Yield: func() {
		if !inFrame {
			return
		}
		yields++
		if h.patches != patchesAtStart {
			t.Errorf("patched while the frame was being built")
		}
		time.Sleep(25 * time.Millisecond)
	}})
	r.Process([]byte(head))
	r.Process([]byte(all.String()))
	inFrame, patchesAtStart = true, h.patches
	r.Frame()
	inFrame = false
	if yields < 5000/32-2 {
		t.Errorf("Yield called %d times while building 5,000 instances, want about %d", yields, 5000/32)
	}
	got := h.text("b")
	if !strings.Contains(got, "Item 0") || !strings.Contains(got, "Item 4999") || strings.Contains(got, "budget") {
		t.Errorf("surface b shows %.80q … %.80q", got, got[max(0, len(got)-80):])
	}
}
