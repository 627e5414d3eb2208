//go:build browser

package browser

import (
	"context"
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

// TestAxeGallery runs axe-core over every gallery sample (the official v0.8-v1.0
// examples, Google's custom-component samples and our own streams), light and dark:
// zero violations. The gallery page showing its first sample is checked whole (chrome
// included), light and dark. Then every sample is rendered in the gallery's stage as
// the gallery renders it (an <a2ui-renderer class=renderer>, its messages processed one
// at a time, each flushed) twice: as it is, and with theme=dark, which is what
// prefers-color-scheme: dark does to a renderer (a2ui.css: colours are light-dark()
// pairs resolved by color-scheme, which the theme attribute sets). One axe run, every
// rule, checks a batch of samples in both themes, and each violation names its sample
// (axeBatchJS keeps the rules that compare a node with the rest of the page as exact as
// one sample alone in the gallery would make them).
func TestAxeGallery(t *testing.T) {
	t.Parallel()
	requireWebCore(t)
	dist := repoPath(t, "dist")
	idx, err := os.ReadFile(dist + "/samples/index.json")
	if err != nil {
		t.Fatalf("dist/samples/index.json: %v (run make build)", err)
	}
	var samples []struct{ ID, File string }
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
	rules := axeRules()

	ctx := newTab(t)
	navigate(ctx, srv.URL+"/index.html")
	waitJS(ctx, `window.__gallery && window.__gallery.state.samples.length > 0`)
	for _, src := range []string{string(axeSrc), axeBatchJS} {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](src)); err != nil {
			t.Fatalf("load axe: %v", err)
		}
	}

	// The whole page, gallery chrome included, showing the first sample.
	evalJSON(ctx, `(async () => { await window.__gallery.selectSample(`+jsString(samples[0].ID)+`); return true; })()`)
	waitJS(ctx, `(() => { const g = window.__gallery.state; return g.renderer && g.lines.length > 0 && g.pos >= g.lines.length; })()`)
	evalJSON(ctx, `window.__gallery.state.renderer.flush().then(() => true)`)
	for _, scheme := range []string{"light", "dark"} {
		emulateScheme(t, ctx, scheme)
		var res axeResult
		if err := json.Unmarshal([]byte(evalJSON(ctx, `axe.run(document, {rules: `+rules+`, resultTypes: ["violations"]}).then((r) => ({violations: r.violations}))`)), &res); err != nil {
			t.Fatal(err)
		}
		if len(res.Violations) > 0 {
			t.Errorf("gallery page with %s (%s): %d axe violations:\n%s", samples[0].ID, scheme, len(res.Violations), res)
		}
	}
	emulateScheme(t, ctx, "light")

	// Every sample in both themes, a batch per axe run.
	const batch = 32
	checked := map[string]int{}
	failed := 0
	for lo := 0; lo < len(samples); lo += batch {
		var list []string
		for _, s := range samples[lo:min(lo+batch, len(samples))] {
			list = append(list, s.ID, s.File)
		}
		arg, _ := json.Marshal(list)
		var got []struct {
			Sample string    `json:"sample"`
			Scheme string    `json:"scheme"`
			Result axeResult `json:"result"`
		}
		if err := json.Unmarshal([]byte(evalJSON(ctx, `window.__axeBatch(`+string(arg)+`, `+rules+`)`)), &got); err != nil {
			t.Fatal(err)
		}
		for _, r := range got {
			checked[r.Sample+" "+r.Scheme]++
			if len(r.Result.Violations) > 0 {
				failed++
				t.Errorf("%s (%s): %d axe violations:\n%s", r.Sample, r.Scheme, len(r.Result.Violations), r.Result)
			}
		}
		if failed > 10 {
			t.Fatalf("stopping after %d failing samples", failed)
		}
	}
	for _, s := range samples {
		for _, scheme := range []string{"light", "dark"} {
			if n := checked[s.ID+" "+scheme]; n != 1 {
				t.Errorf("%s (%s): checked %d times, want once", s.ID, scheme, n)
			}
		}
	}
}

// TestAxeBatchAnswersAsAlone proves axeBatchJS's handling of the rules that compare
// nodes across the page: a landmark repeated inside one renderer is reported for that
// sample, one repeated only across renderers is not; a sample's first heading jumping
// from the gallery's h1 to an h3 is reported even when the renderer before it ends
// with an h2; every other sample stays clean.
func TestAxeBatchAnswersAsAlone(t *testing.T) {
	t.Parallel()
	axeSrc, err := os.ReadFile(repoPath(t, "node_modules/axe-core/axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core missing (npm ci): %v", err)
	}
	ctx := newTab(t)
	navigate(ctx, serve(t)+"/index.html")
	waitJS(ctx, `window.__gallery && window.__gallery.state.samples.length > 0`)
	for _, src := range []string{string(axeSrc), axeBatchJS} {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](src)); err != nil {
			t.Fatalf("load axe: %v", err)
		}
	}
	// hosts: a light, a dark, b light, b dark, c light, c dark.
	evalJSON(ctx, `(window.__axeBatchHook = (hosts) => {
  const add = (h, tag, text, label, first) => {
    const e = document.createElement(tag);
    e.textContent = text;
    if (label) e.setAttribute("aria-label", label);
    if (first) h.shadowRoot.prepend(e);
    else h.shadowRoot.append(e);
  };
  add(hosts[0], "section", "x", "Twice");
  add(hosts[0], "h2", "Ends with an h2");
  add(hosts[2], "section", "y", "Twice");
  add(hosts[2], "section", "z", "Twice");
  add(hosts[4], "h3", "First heading, two levels below the gallery title", "", true);
}, true)`)
	file := "v0_9-basic-00_simple-text.jsonl"
	list, _ := json.Marshal([]string{"a", file, "b", file, "c", file})
	var got []struct {
		Sample string    `json:"sample"`
		Scheme string    `json:"scheme"`
		Result axeResult `json:"result"`
	}
	if err := json.Unmarshal([]byte(evalJSON(ctx, `window.__axeBatch(`+string(list)+`, {})`)), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a light": "", "a dark": "", "b light": "landmark-unique", "b dark": "", "c light": "heading-order", "c dark": ""}
	if len(got) != len(want) {
		t.Errorf("got %d entries, want %d: %+v", len(got), len(want), got)
	}
	for _, r := range got {
		var ids []string
		for _, v := range r.Result.Violations {
			ids = append(ids, v.ID)
		}
		if g, w := strings.Join(ids, " "), want[r.Sample+" "+r.Scheme]; g != w {
			t.Errorf("%s (%s): violations %q, want %q\n%s", r.Sample, r.Scheme, g, w, r.Result)
		}
	}
}

// axeRules is the rules option of axe.run: every rule but axeSkipped's.
func axeRules() string {
	m := map[string]any{}
	for id := range axeSkipped {
		m[id] = map[string]bool{"enabled": false}
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// emulateScheme sets prefers-color-scheme (and reduced motion) and waits two frames.
func emulateScheme(t *testing.T, ctx context.Context, scheme string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}, {Name: "prefers-reduced-motion", Value: "reduce"}},
	}); err != nil {
		t.Fatal(err)
	}
	evalJSON(ctx, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
}

// axeBatchJS defines window.__axeBatch([id, file, id, file, ...], rules) on the gallery
// page. It empties the stage, renders each sample there twice (light, then theme=dark)
// as the gallery does, runs axe once over the stage and resolves to one entry per
// sample and scheme, {sample, scheme, result: {violations}}, each violation cut to the
// nodes in that sample's renderer (violations outside every renderer come as sample
// "(outside the renderers)"). Two rules compare a node with the rest of the page; for
// them the batch is made to answer as one sample alone would:
//   - heading-order compares a heading with the previous one on the page: before each
//     renderer sits a copy of the heading that precedes the stage (excluded from the
//     run), so a sample's first heading follows what it follows in the gallery;
//   - landmark-unique reports the first landmark of each group with the same role and
//     name, the others as related nodes: a group counts only where two of its members
//     are in the same renderer.
const axeBatchJS = `window.__axeBatch = async (list, rules) => {
  const stage = document.getElementById("stage");
  if (window.__gallery.state.element) window.__gallery.state.element.remove();
  const before = Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")).filter((h) =>
    (h.compareDocumentPosition(stage) & Node.DOCUMENT_POSITION_FOLLOWING) && !stage.contains(h) && h.checkVisibility()).pop();
  const hosts = [];
  for (let i = 0; i < list.length; i += 2) {
    const text = await (await fetch("samples/" + list[i + 1])).text();
    const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
    for (const scheme of ["light", "dark"]) {
      if (before) {
        const sep = before.cloneNode(true);
        sep.removeAttribute("id");
        sep.className = "axe-batch-sep";
        stage.append(sep);
      }
      const el = document.createElement("a2ui-renderer");
      el.className = "renderer";
      if (scheme === "dark") el.setAttribute("theme", "dark");
      el.dataset.sample = list[i];
      el.dataset.scheme = scheme;
      const ready = new Promise((res) => el.addEventListener("a2ui-ready", () => res(el.renderer), { once: true }));
      stage.append(el);
      const r = await ready;
      for (const line of lines) {
        r.process(line);
        await r.flush();
      }
      hosts.push(el);
    }
  }
  if (window.__axeBatchHook) await window.__axeBatchHook(hosts);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const res = await axe.run({ include: [["#stage"]], exclude: [[".axe-batch-sep"]] }, { rules, resultTypes: ["violations"], elementRef: true });
  const hostOf = (n) => {
    for (let e = n; e; e = e.parentElement || (e.getRootNode() && e.getRootNode().host)) {
      if (e.dataset && e.dataset.sample) return e;
    }
    return null;
  };
  const out = hosts.map((h) => ({ sample: h.dataset.sample, scheme: h.dataset.scheme, result: { violations: [] } }));
  const stray = { sample: "(outside the renderers)", scheme: "", result: { violations: [] } };
  const entry = (h) => (h ? out[hosts.indexOf(h)] : stray);
  const strip = (n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html });
  for (const v of res.violations) {
    const by = new Map();
    const add = (o, n) => {
      if (!by.has(o)) by.set(o, []);
      by.get(o).push(strip(n));
    };
    for (const n of v.nodes) {
      if (v.id !== "landmark-unique") {
        add(entry(hostOf(n.element)), n);
        continue;
      }
      const group = new Map();
      for (const m of [n, ...n.any.flatMap((c) => c.relatedNodes)]) {
        const o = entry(hostOf(m.element));
        group.set(o, (group.get(o) || []).concat([m]));
      }
      for (const [o, ms] of group) if (ms.length > 1) add(o, ms[0]);
    }
    for (const [o, nodes] of by) o.result.violations.push({ id: v.id, help: v.help, nodes });
  }
  for (const e of stage.querySelectorAll("a2ui-renderer, .axe-batch-sep")) e.remove();
  if (stray.result.violations.length) out.push(stray);
  return out;
};`
