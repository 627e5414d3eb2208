package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// timelineEntry is one Resource/Navigation Timing entry, ms since navigation start.
type timelineEntry struct {
	Name          string  `json:"name"`
	Type          string  `json:"type"`
	Start         float64 `json:"start"`
	RequestStart  float64 `json:"requestStart"`
	ResponseStart float64 `json:"responseStart"`
	ResponseEnd   float64 `json:"responseEnd"`
	Transfer      float64 `json:"transfer"`
	Encoded       float64 `json:"encoded"`
	Decoded       float64 `json:"decoded"`
}

const timelineJS = `(() => {
  const e = (x, type) => ({ name: x.name, type, start: x.startTime, requestStart: x.requestStart,
    responseStart: x.responseStart, responseEnd: x.responseEnd, transfer: x.transferSize || 0,
    encoded: x.encodedBodySize || 0, decoded: x.decodedBodySize || 0 });
  const out = performance.getEntriesByType("navigation").map((x) => e(x, "navigation"));
  const n = performance.getEntriesByType("navigation")[0];
  if (n) {
    for (const k of ["domInteractive", "domContentLoadedEventEnd"]) out.push({ name: k, type: "nav", start: n[k] });
  }
  for (const x of performance.getEntriesByType("resource")) out.push(e(x, "resource"));
  for (const x of performance.getEntriesByType("mark")) out.push({ name: x.name, type: "mark", start: x.startTime });
  return out.sort((a, b) => a.start - b.start);
})()`

// printTimeline loads each renderer's start-up page LOADS times in one fresh browser
// context (the -timeline flag, "LOADS[:RUNS]") and prints the last load's navigation,
// resource and user-timing entries: where the time before first paint goes.
func (b *bench) printTimeline(spec string) error {
	n, r, _ := strings.Cut(spec, ":")
	loads, err := strconv.Atoi(n)
	if err != nil || loads < 1 {
		return fmt.Errorf("-timeline wants LOADS[:RUNS], e.g. 3:5")
	}
	runs := 1
	if r != "" {
		if runs, err = strconv.Atoi(r); err != nil || runs < 1 {
			return fmt.Errorf("-timeline wants LOADS[:RUNS], e.g. 3:5")
		}
	}
	for _, rend := range b.cfg.renderers {
		for run := 0; run < runs; run++ {
			t, err := b.br.newTab(nil, true)
			if err != nil {
				return err
			}
			var res startupResult
			for k := 1; k <= loads && err == nil; k++ {
				res, err = b.loadStartup(t, rend, k)
			}
			var tl []timelineEntry
			if err == nil {
				err = t.eval(timelineJS, 10*time.Second, &tl)
			}
			t.cancel()
			if err != nil {
				return err
			}
			fmt.Fprintf(os.Stdout, "%s load %d run %d: painted %s ms (ready %s)\n", rend, loads, run+1, fmtNum(res.PaintMs), fmtNum(res.ReadyMs))
			for _, e := range tl {
				name := e.Name
				if i := strings.Index(name, "://"); i >= 0 {
					if j := strings.Index(name[i+3:], "/"); j >= 0 {
						name = name[i+3+j:]
					}
				}
				if e.Type == "mark" || e.Type == "nav" {
					fmt.Fprintf(os.Stdout, "  %8.1f  %s %s\n", e.Start, e.Type, name)
					continue
				}
				fmt.Fprintf(os.Stdout, "  %8.1f  %-10s %-40s req %7.1f  first %7.1f  last %7.1f  transfer %8.0f  enc %8.0f  dec %8.0f\n",
					e.Start, e.Type, name, e.RequestStart, e.ResponseStart, e.ResponseEnd, e.Transfer, e.Encoded, e.Decoded)
			}
		}
	}
	return nil
}
