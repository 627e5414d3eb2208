package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// wasmLoad is how one page load got its a2ui.wasm, from Resource Timing and Chromium's
// trace (categories v8.wasm and disabled-by-default-devtools.timeline).
type wasmLoad struct {
	Load     int     `json:"load"`
	Transfer float64 `json:"transfer"` // bytes over the network; 0: from the HTTP cache
	// Module: "compiled" (streaming compilation), "in-process cache" (V8 reused the
	// module another page of the same renderer process compiled) or "code cache"
	// (Chromium's on-disk wasm code cache: v8.wasm.moduleCacheHit).
	Module      string  `json:"module"`
	CacheWrites int     `json:"cacheWrites"` // v8.wasm.cachedModule: the code cache was written
	Lazy        int     `json:"lazy"`        // functions compiled on first call (main thread)
	LazyMs      float64 `json:"lazyMs"`      // time in those compilations
}

func (l wasmLoad) String() string {
	src := "network " + group(strconv.FormatInt(int64(l.Transfer), 10)) + " B"
	if l.Transfer == 0 {
		src = "HTTP cache"
	}
	s := fmt.Sprintf("load %d: %s, module %s, %d functions compiled lazily (%s ms)", l.Load, src, l.Module, l.Lazy, fmtNum(l.LazyMs))
	if l.CacheWrites > 0 {
		s += ", code cache written"
	}
	return s
}

// traceWasmCache loads renderer's start-up page loads times in one fresh browser context
// (as the warm row does) under Chromium's tracing, waiting dwell on each page after it
// has painted, and reports how each load got its module.
func (b *bench) traceWasmCache(renderer string, loads int, dwell time.Duration) ([]wasmLoad, error) {
	t, err := b.br.newTab(nil, true)
	if err != nil {
		return nil, err
	}
	defer t.cancel()
	type event struct {
		Name string          `json:"name"`
		Ts   float64         `json:"ts"`
		Dur  float64         `json:"dur"`
		Args json.RawMessage `json:"args"`
	}
	// -trace-out: every event of more categories, written as a JSON array of trace events.
	var rawOut []json.RawMessage
	cats := []string{"v8.wasm", "disabled-by-default-devtools.timeline"}
	if b.cfg.traceOut != "" {
		rawOut = []json.RawMessage{}
		cats = append(cats, "devtools.timeline", "v8", "v8.execute", "disabled-by-default-v8.compile", "blink", "loading", "toplevel")
	}
	var (
		mu   sync.Mutex
		evs  []event
		done = make(chan struct{})
	)
	keep := map[string]bool{"v8.wasm.streamFromResponseCallback": true, "v8.wasm.moduleCacheHit": true,
		"v8.wasm.cachedModule": true, "wasm.GetNativeModuleFromCache": true, "wasm.CompileLazy": true}
	if err := chromedp.Listen(t.ctx, func(e any) {
		switch e := e.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			defer mu.Unlock()
			for _, v := range e.Value {
				if rawOut != nil {
					rawOut = append(rawOut, json.RawMessage(v))
				}
				var x event
				if json.Unmarshal(v, &x) == nil && keep[x.Name] {
					evs = append(evs, x)
				}
			}
		case *tracing.EventTracingComplete:
			close(done)
		}
	}); err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(t.ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: cats},
	}); err != nil {
		return nil, fmt.Errorf("tracing: %w", err)
	}
	out := make([]wasmLoad, 0, loads)
	for k := 1; k <= loads; k++ {
		res, err := b.loadStartup(t, renderer, k)
		if err != nil {
			return nil, err
		}
		l := wasmLoad{Load: k, Transfer: -1, Module: "compiled"}
		for _, r := range res.Resources {
			if strings.HasSuffix(strings.SplitN(r.Name, "?", 2)[0], ".wasm") {
				l.Transfer = r.Transfer
			}
		}
		out = append(out, l)
		time.Sleep(dwell)
	}
	if _, err := chromedp.Call(t.ctx, tracing.End, cdp.Empty{}); err != nil {
		return nil, err
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		return nil, fmt.Errorf("tracing did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	if rawOut != nil {
		data, err := json.Marshal(rawOut)
		if err == nil {
			err = os.WriteFile(b.cfg.traceOut, data, 0o644)
		}
		if err != nil {
			return nil, err
		}
	}
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].Ts < evs[j].Ts })
	// Each load's events follow its streamFromResponseCallback.
	k := -1
	for _, e := range evs {
		if e.Name == "v8.wasm.streamFromResponseCallback" {
			k++
			continue
		}
		if k < 0 || k >= len(out) {
			continue
		}
		switch e.Name {
		case "v8.wasm.moduleCacheHit":
			out[k].Module = "code cache"
		case "wasm.GetNativeModuleFromCache":
			if out[k].Module == "compiled" {
				out[k].Module = "in-process cache"
			}
		case "v8.wasm.cachedModule":
			out[k].CacheWrites++
		case "wasm.CompileLazy":
			out[k].Lazy++
			out[k].LazyMs += e.Dur / 1000
		}
	}
	return out, nil
}

// printWasmCache runs traceWasmCache for the -wasmcache flag ("LOADS:DWELL").
func (b *bench) printWasmCache(spec string) error {
	n, d, _ := strings.Cut(spec, ":")
	loads, err := strconv.Atoi(n)
	if err != nil || loads < 1 {
		return fmt.Errorf("-wasmcache wants LOADS:DWELL, e.g. 3:3s")
	}
	var dwell time.Duration
	if d != "" {
		if dwell, err = time.ParseDuration(d); err != nil {
			return err
		}
	}
	res, err := b.traceWasmCache("ours", loads, dwell)
	if err != nil {
		return err
	}
	for _, l := range res {
		fmt.Fprintln(os.Stdout, l)
	}
	return nil
}

// startTrace starts Chromium's tracing in ctx with the main-thread categories (tasks,
// animation frames, script, style, layout, paint, user timing); stop ends it and writes
// every event to file as a JSON array (DevTools' Performance panel opens it).
func startTrace(ctx context.Context) (stop func(file string) error, err error) {
	var (
		mu   sync.Mutex
		raw  = []json.RawMessage{}
		done = make(chan struct{})
	)
	lctx, cancel := context.WithCancel(ctx)
	if err := chromedp.Listen(lctx, func(e any) {
		switch e := e.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range e.Value {
				raw = append(raw, json.RawMessage(v))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(done)
		}
	}); err != nil {
		cancel()
		return nil, err
	}
	cats := []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
		"v8.execute", "blink.user_timing", "toplevel", "v8", "v8.wasm", "blink"}
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: cats},
	}); err != nil {
		cancel()
		return nil, fmt.Errorf("tracing: %w", err)
	}
	return func(file string) error {
		defer cancel()
		if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
			return err
		}
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			return fmt.Errorf("tracing did not complete")
		}
		mu.Lock()
		defer mu.Unlock()
		data, err := json.Marshal(raw)
		if err != nil {
			return err
		}
		return os.WriteFile(file, data, 0o644)
	}, nil
}
