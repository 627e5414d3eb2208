package render

import (
	"strings"
	"testing"
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
