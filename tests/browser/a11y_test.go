//go:build browser

package browser

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// axeSkipped are the axe rules this suite does not run, each with its reason (none:
// every rule runs).
var axeSkipped = map[string]string{}

// axeResult is what runAxe returns: violations with their nodes.
type axeResult struct {
	Violations []struct {
		ID    string `json:"id"`
		Help  string `json:"help"`
		Nodes []struct {
			Target  []any  `json:"target"`
			Summary string `json:"failureSummary"`
			HTML    string `json:"html"`
		} `json:"nodes"`
	} `json:"violations"`
}

func (r axeResult) String() string {
	var b strings.Builder
	for _, v := range r.Violations {
		fmt.Fprintf(&b, "  %s (%s)\n", v.ID, v.Help)
		for i, n := range v.Nodes {
			if i == 2 {
				fmt.Fprintf(&b, "    … %d more\n", len(v.Nodes)-2)
				break
			}
			html := n.HTML
			if len(html) > 200 {
				html = html[:200] + "…"
			}
			fmt.Fprintf(&b, "    %v %s\n      %s\n", n.Target, strings.ReplaceAll(n.Summary, "\n", " "), html)
		}
	}
	return b.String()
}

// TestAxeGallery runs axe-core inside every gallery sample (the official v0.9/v1.0
// examples and our own streams), light and dark: zero violations, gallery chrome
// included. The dark pass runs the colour rules (dark changes nothing else).
func TestAxeGallery(t *testing.T) {
	t.Parallel()
	requireWebCore(t)
	dist := repoPath(t, "dist")
	idx, err := os.ReadFile(dist + "/samples/index.json")
	if err != nil {
		t.Fatalf("dist/samples/index.json: %v (run make build)", err)
	}
	var samples []struct{ ID string }
	if err := json.Unmarshal(idx, &samples); err != nil {
		t.Fatal(err)
	}
	if len(samples) < 90 {
		t.Fatalf("only %d samples in dist (npm ci, then make build)", len(samples))
	}
	axeSrc, err := os.ReadFile(repoPath(t, "node_modules/axe-core/axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core missing (npm ci): %v", err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dist)))
	t.Cleanup(srv.Close)
	skip, _ := json.Marshal(func() map[string]any {
		m := map[string]any{}
		for id := range axeSkipped {
			m[id] = map[string]bool{"enabled": false}
		}
		return m
	}())
	run := `axe.run(document, {rules: ` + string(skip) + `, resultTypes: ["violations"]}).then((r) => ({violations: r.violations}))`
	// Dark differs from light in colours only (a2ui.css: light-dark() pairs), so the dark
	// pass runs the rules that read colours.
	runColours := `axe.run(document, {runOnly: {type: "rule", values: ["color-contrast", "link-in-text-block"]}, resultTypes: ["violations"]}).then((r) => ({violations: r.violations}))`
	// Four tabs in parallel, a share of the samples each (a tab has a time limit).
	const shards = 4
	for shard := 0; shard < shards; shard++ {
		t.Run(fmt.Sprintf("shard%d", shard), func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			navigate(ctx, srv.URL+"/index.html")
			waitJS(ctx, `window.__gallery && window.__gallery.state.samples.length > 0`)
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](string(axeSrc))); err != nil {
				t.Fatalf("load axe: %v", err)
			}
			failed := 0
			for i, s := range samples {
				if i%shards != shard {
					continue
				}
				evalJSON(ctx, `(async () => { await window.__gallery.selectSample(`+jsString(s.ID)+`); return true; })()`)
				waitJS(ctx, `(() => { const g = window.__gallery.state; return g.renderer && g.lines.length > 0 && g.pos >= g.lines.length; })()`)
				evalJSON(ctx, `window.__gallery.state.renderer.flush().then(() => true)`)
				for _, scheme := range []string{"light", "dark"} {
					if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
						Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}, {Name: "prefers-reduced-motion", Value: "reduce"}},
					}); err != nil {
						t.Fatal(err)
					}
					evalJSON(ctx, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
					// The whole page (gallery chrome included) for the first sample, then the stage.
					expr := run
					if scheme == "dark" {
						expr = runColours
					}
					if i > 0 {
						expr = strings.Replace(expr, "axe.run(document,", `axe.run({include: [["#stage"]]},`, 1)
					}
					var res axeResult
					if err := json.Unmarshal([]byte(evalJSON(ctx, expr)), &res); err != nil {
						t.Fatal(err)
					}
					if len(res.Violations) > 0 {
						failed++
						t.Errorf("%s (%s): %d axe violations:\n%s", s.ID, scheme, len(res.Violations), res)
					}
					if failed > 10 {
						t.Fatalf("stopping after %d failing samples", failed)
					}
				}
			}
		})
	}
}
