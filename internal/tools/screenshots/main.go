// Command screenshots renders every gallery sample in light and dark with headless
// Chromium and writes one PNG per sample and scheme (`make screenshots`).
//
//	go run ./internal/tools/screenshots [-dir dist] [-out screenshots] [-only id,id] [-width 900]
//
// It serves dir (the site `make build` writes) on loopback, opens the gallery at
// ?sample=ID with prefers-color-scheme emulated, waits until the sample's messages are
// all processed and flushed, and captures the rendered stage.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/a2ui-go/a2ui/internal/headless"
)

func main() {
	dir := flag.String("dir", "dist", "the built site")
	out := flag.String("out", "screenshots", "output folder")
	only := flag.String("only", "", "comma-separated sample ids (default: all)")
	width := flag.Int64("width", 900, "viewport width in CSS pixels")
	flag.Parse()
	if err := run(*dir, *out, *only, *width); err != nil {
		log.Fatalf("screenshots: %v", err)
	}
}

type sample struct {
	ID string `json:"id"`
}

func run(dir, out, only string, width int64) error {
	b, err := os.ReadFile(filepath.Join(dir, "samples", "index.json"))
	if err != nil {
		return fmt.Errorf("%w (run make build)", err)
	}
	var samples []sample
	if err := json.Unmarshal(b, &samples); err != nil {
		return err
	}
	if only != "" {
		want := map[string]bool{}
		for _, id := range strings.Split(only, ",") {
			want[strings.TrimSpace(id)] = true
		}
		kept := samples[:0]
		for _, s := range samples {
			if want[s.ID] {
				kept = append(kept, s)
			}
		}
		samples = kept
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()

	exe := headless.ChromiumPath()
	profile, err := headless.ScratchDir("", "a2ui-shots-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	opts := append(headless.Options(exe, profile), chromedp.Flag("hide-scrollbars", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
		return err
	}
	n := 0
	for _, s := range samples {
		for _, scheme := range []string{"light", "dark"} {
			png, err := shoot(ctx, srv.URL, s.ID, scheme)
			if err != nil {
				log.Printf("screenshots: %s %s: %v", s.ID, scheme, err)
				continue
			}
			name := filepath.Join(out, s.ID+"-"+scheme+".png")
			if err := os.WriteFile(name, png, 0o644); err != nil {
				return err
			}
			n++
		}
	}
	log.Printf("screenshots: wrote %d PNGs to %s", n, out)
	return nil
}

// settled is true once the gallery has processed every line of its sample and the
// renderer has flushed them to the DOM.
const settled = `(async () => {
  const g = window.__gallery;
  if (!g || !g.state.renderer || !g.state.lines.length || g.state.pos < g.state.lines.length) return false;
  await g.state.renderer.flush();
  return true;
})()`

func shoot(parent context.Context, base, id, scheme string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(parent, 30*time.Second)
	defer cancel()
	features := []*emulation.MediaFeature{
		{Name: "prefers-color-scheme", Value: scheme},
		{Name: "prefers-reduced-motion", Value: "reduce"},
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: features}); err != nil {
		return nil, err
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/index.html?sample="+id)); err != nil {
		return nil, err
	}
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](settled, chromedp.EvalAwaitPromise))
		if err != nil {
			return nil, err
		}
		if ok {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	if err := chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond)); err != nil { // images, fonts
		return nil, err
	}
	return chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#stage")))
}
