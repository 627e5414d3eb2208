package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// typingExpr recognises the profile expression "typing(N)": N keystrokes of the typing
// workload (the field is set up before the profiler starts sampling keys).
func typingExpr(expr string) (int, bool) {
	rest, ok := strings.CutPrefix(expr, "typing(")
	if !ok || !strings.HasSuffix(rest, ")") {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(rest, ")"))
	return n, err == nil && n > 0
}

// profileTyping sends n keystrokes the way the typing row does (after
// BENCH.setupTyping) and puts the row's numbers (median, p95, mutation records) in res.
func (b *bench) profileTyping(t *tab, n int, res *map[string]any) error {
	for i := range n {
		ch := string(b.cfg.keys[i%len(b.cfg.keys)])
		if err := t.key(ch, 10*time.Second); err != nil {
			return err
		}
		if err := t.poll("BENCH.typingState().done >= "+strconv.Itoa(i+1), 5*time.Second); err != nil {
			return fmt.Errorf("keystroke %d: %w", i+1, err)
		}
	}
	var st struct {
		Times     []float64 `json:"times"`
		Inner     []float64 `json:"inner"`
		Mutations int       `json:"mutations"`
	}
	if err := t.eval("BENCH.typingState()", 10*time.Second, &st); err != nil {
		return err
	}
	// inner: from the input event (a capture listener on window) to the mutation, the
	// renderer's own share of the keystroke.
	*res = map[string]any{"keys": n, "p50": median(st.Times), "p95": percentile(st.Times, 0.95),
		"inner_p50": median(st.Inner), "inner_p95": percentile(st.Inner, 0.95), "mutations": st.Mutations}
	return nil
}

// profile runs one workload expression on one renderer's page under the V8 CPU
// profiler and prints the functions with the most self time, and the inclusive time
// of each. For readable Go names build a wasm without -s -w into a copy of dist/ and
// pass it with -dist (bench/README.md shows the commands).
func (b *bench) profile(renderer, expr string, top int) error {
	var t *tab
	var err error
	if expr == "startup" || expr == "warm-startup" {
		// A cold load: a fresh browser context on a blank page of the same origin (the
		// profiler stays attached across the same-site navigation), then the start-up
		// page. A warm one: the third load, after two unprofiled ones (as the warm row).
		t, err = b.br.newTab(nil, true)
		for k := 1; k <= 2 && err == nil && expr == "warm-startup"; k++ {
			_, err = b.loadStartup(t, renderer, k)
		}
		if err == nil {
			err = t.navigate(b.srv.URL()+"/page/blank.html", 30*time.Second)
		}
	} else {
		t, err = b.openPage(renderer)
	}
	if err != nil {
		return err
	}
	defer t.cancel()
	ctx := t.ctx
	if _, ok := typingExpr(expr); ok {
		var info map[string]any
		if err := t.eval("BENCH.setupTyping(10000)", 30*time.Second, &info); err != nil {
			return err
		}
	}
	if b.cfg.traceOut != "" {
		stop, err := startTrace(ctx)
		if err != nil {
			return err
		}
		defer func() {
			if err := stop(b.cfg.traceOut); err != nil {
				fmt.Fprintln(os.Stderr, "bench: trace:", err)
			}
		}()
	}
	// -top 0: no sampling profiler and its overhead (only the result, and the trace).
	sample := top > 0
	if sample {
		if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
			return err
		}
		if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
			return err
		}
		if _, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{}); err != nil {
			return err
		}
	}
	var res map[string]any
	var evalErr error
	if n, ok := typingExpr(expr); ok {
		evalErr = b.profileTyping(t, n, &res)
	} else if expr == "startup" || expr == "warm-startup" {
		var st startupResult
		k := 0 // the load number in the URL, as the rows use it
		if expr == "warm-startup" {
			k = 3
		}
		st, evalErr = b.loadStartup(t, renderer, k)
		res = map[string]any{"painted": st.PaintMs, "ready": st.ReadyMs}
	} else {
		evalErr = t.eval(expr, b.cfg.ceiling+60*time.Second, &res)
	}
	if !sample {
		if evalErr == nil {
			fmt.Printf("%s on %s: %v\n", expr, renderer, res)
		}
		return evalErr
	}
	stop, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if evalErr != nil {
		return evalErr
	}
	if err != nil {
		return err
	}
	fmt.Printf("%s on %s: %v\n", expr, renderer, res)
	p := stop.Profile
	if p == nil || len(p.Nodes) == 0 {
		return fmt.Errorf("empty profile")
	}
	if b.cfg.profOut != "" {
		raw, err := json.Marshal(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(b.cfg.profOut, raw, 0o644); err != nil {
			return err
		}
	}
	// Self time per node from the samples, then per function name; inclusive time by
	// walking each sample's stack (counting a function once per sample).
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	name := func(n *profiler.ProfileNode) string {
		f := n.CallFrame
		s := f.FunctionName
		if s == "" {
			s = "(anonymous)"
		}
		u := f.URL
		if i := strings.LastIndex(u, "/"); i >= 0 {
			u = u[i+1:]
		}
		if u != "" {
			s += "  [" + u + "]"
		}
		return s
	}
	self := map[string]float64{}
	incl := map[string]float64{}
	var total float64
	for i, id := range p.Samples {
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000
		}
		total += dt
		n := byID[id]
		if n == nil {
			continue
		}
		self[name(n)] += dt
		seen := map[string]bool{}
		for cur, ok := id, true; ok; cur, ok = parent[cur] {
			nn := name(byID[cur])
			if !seen[nn] {
				incl[nn] += dt
				seen[nn] = true
			}
		}
	}
	type kv struct {
		k    string
		v, i float64
	}
	var rows []kv
	for k, v := range self {
		rows = append(rows, kv{k, v, incl[k]})
	}
	slices.SortFunc(rows, func(a, b kv) int { return cmp.Compare(b.v, a.v) })
	fmt.Printf("profile: %s ms sampled\n%10s %10s  function\n", fmtNum(total), "self ms", "incl ms")
	for i, r := range rows {
		if i >= top {
			break
		}
		fmt.Printf("%10s %10s  %s\n", fmtNum(r.v), fmtNum(r.i), r.k)
	}
	var inc []kv
	for k, v := range incl {
		inc = append(inc, kv{k, self[k], v})
	}
	slices.SortFunc(inc, func(a, b kv) int { return cmp.Compare(b.i, a.i) })
	fmt.Printf("\nby inclusive time:\n")
	for i, r := range inc {
		if i >= top {
			break
		}
		fmt.Printf("%10s %10s  %s\n", fmtNum(r.v), fmtNum(r.i), r.k)
	}
	return nil
}
