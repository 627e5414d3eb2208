//go:build browser

package browser

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestExamplesRender renders every official v0.9 example (basic and minimal
// catalogs, from @a2ui/web_core) and every v0.8 stream of testdata/v08 in a fresh
// renderer, one subtest and one tab each, and checks that the page raised no
// exception, the renderer emitted no a2ui-error, and every literal text of a Text
// component the user can see without interacting appears in the shadow DOM.
func TestExamplesRender(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	requireWebCore(t)
	type sample struct {
		name  string
		lines []string // JSONL messages
	}
	var samples []sample
	for _, cat := range []string{"basic", "minimal"} {
		dir := repoPath(t, "node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/"+cat+"/examples")
		files, err := filepath.Glob(filepath.Join(dir, "*.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no examples in %s (%v)", dir, err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var ex struct {
				Messages []json.RawMessage `json:"messages"`
			}
			if err := json.Unmarshal(data, &ex); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			s := sample{name: "v0_9-" + cat + "-" + strings.TrimSuffix(filepath.Base(f), ".json")}
			for _, m := range ex.Messages {
				s.lines = append(s.lines, canonicalJSON(t, m))
			}
			samples = append(samples, s)
		}
	}
	files, err := filepath.Glob(repoPath(t, "testdata/v08/*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no v0.8 streams in testdata/v08 (%v)", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := sample{name: "v08-" + strings.TrimSuffix(filepath.Base(f), ".jsonl")}
		for l := range strings.SplitSeq(string(data), "\n") {
			if strings.TrimSpace(l) != "" {
				s.lines = append(s.lines, l)
			}
		}
		samples = append(samples, s)
	}
	if len(samples) < 40 {
		t.Fatalf("only %d samples found", len(samples))
	}

	// One tab; each sample gets a renderer of its own on a fresh element, destroyed after.
	ctx := newTab(t)
	navigate(ctx, serve(t, rendererPage())+rendererPagePath)
	for i, s := range samples {
		t.Run(s.name, func(t *testing.T) {
			useTab(ctx, t)
			want, err := visibleLiteralTexts(s.lines)
			if err != nil {
				t.Fatal(err)
			}
			id := "x" + strconv.Itoa(i)
			if got := evalJSON(ctx, `T.mount(`+jsString(id)+`)`); got != "true" {
				t.Fatalf("mount = %s", got)
			}
			defer evalJSON(ctx, `(T.rr(`+jsString(id)+`).destroy(), document.getElementById(`+jsString(id)+`).remove(), true)`)
			processLines(ctx, id, s.lines...)
			if errs := events(ctx, id, "a2ui-error"); len(errs) > 0 {
				for _, e := range errs {
					t.Errorf("a2ui-error: %s", e)
				}
			}
			if n := evalJS[int](ctx, `T.qa(`+jsString(id)+`, "section.a2ui-surface").length`); n == 0 {
				t.Errorf("no surface section rendered")
			}
			text := hostText(ctx, id)
			if text == "" {
				t.Errorf("the surface shows no text")
			}
			for _, w := range want {
				if !textShows(text, w) {
					t.Errorf("literal text %q is not shown", w)
				}
			}
			if t.Failed() {
				t.Logf("shadow DOM text: %s", text)
			} else {
				t.Logf("%d texts shown", len(want))
			}
		})
	}
}

var (
	// markdownish marks a literal that the Text component renders as markdown,
	// so its raw characters are not all shown.
	markdownish = regexp.MustCompile("[*_`#\\[\\]>~|\\n]|^\\s*([-+]|\\d+\\.)\\s")
	wordRE      = regexp.MustCompile(`[\p{L}\p{N}]+`)
	linkTarget  = regexp.MustCompile(`\]\([^)]*\)`)
	spaceRE     = regexp.MustCompile(`\s+`)
)

// textShows reports whether the rendered text shows the literal: verbatim (up to
// whitespace) for plain text, word by word in order for markdown.
func textShows(rendered, literal string) bool {
	lit := strings.TrimSpace(spaceRE.ReplaceAllString(literal, " "))
	if !markdownish.MatchString(literal) {
		return strings.Contains(rendered, lit)
	}
	rest := rendered
	// A link's target is an attribute, not text.
	for _, w := range wordRE.FindAllString(linkTarget.ReplaceAllString(literal, "]"), -1) {
		i := strings.Index(rest, w)
		if i < 0 {
			return false
		}
		rest = rest[i+len(w):]
	}
	return true
}

// visibleLiteralTexts returns the texts of the Text components that a v0.9 or
// v0.8 stream shows before any interaction: those reachable from each live
// surface's root through child/children/template links, the first tab of Tabs,
// and the trigger (not the content) of a Modal. v0.9 takes the string "text"
// prop, or the string at its absolute data-model path ({"path":"/..."}, from the
// stream's updateDataModel messages); v0.8 the literalString of text without a
// path, or the valueString a dataModelUpdate put at its absolute path.
func visibleLiteralTexts(lines []string) ([]string, error) {
	type comp struct {
		typ   string
		props map[string]any
	}
	surfaces := map[string]map[string]comp{}
	roots := map[string]string{}
	models := map[string]any{}
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			return nil, err
		}
		body := func(k string) map[string]any { b, _ := m[k].(map[string]any); return b }
		switch {
		case body("createSurface") != nil:
			id, _ := body("createSurface")["surfaceId"].(string)
			surfaces[id] = map[string]comp{}
			roots[id] = "root"
		case body("beginRendering") != nil:
			b := body("beginRendering")
			id, _ := b["surfaceId"].(string)
			root, _ := b["root"].(string)
			if root == "" {
				root = "root"
			}
			roots[id] = root
			if surfaces[id] == nil {
				surfaces[id] = map[string]comp{}
			}
		case body("updateDataModel") != nil:
			b := body("updateDataModel")
			id, _ := b["surfaceId"].(string)
			p, _ := b["path"].(string)
			models[id] = setPointer(models[id], p, b["value"])
		case body("dataModelUpdate") != nil: // v0.8: string entries only
			b := body("dataModelUpdate")
			id, _ := b["surfaceId"].(string)
			p, _ := b["path"].(string)
			p = strings.TrimSuffix(p, "/")
			if !strings.HasPrefix(p, "/") {
				p = "/" + p
			}
			list, _ := b["contents"].([]any)
			for _, e := range list {
				em, _ := e.(map[string]any)
				k, _ := em["key"].(string)
				v, ok := em["valueString"].(string)
				if !ok {
					continue
				}
				target := strings.TrimSuffix(p, "/") + "/" + k
				if k == "." {
					target = p
				}
				models[id] = setPointer(models[id], target, v)
			}
		case body("deleteSurface") != nil:
			id, _ := body("deleteSurface")["surfaceId"].(string)
			delete(surfaces, id)
			delete(roots, id)
		case body("updateComponents") != nil || body("surfaceUpdate") != nil:
			b := body("updateComponents")
			if b == nil {
				b = body("surfaceUpdate")
			}
			id, _ := b["surfaceId"].(string)
			if surfaces[id] == nil {
				surfaces[id] = map[string]comp{}
			}
			list, _ := b["components"].([]any)
			for _, c := range list {
				cm, _ := c.(map[string]any)
				cid, _ := cm["id"].(string)
				switch x := cm["component"].(type) {
				case string: // v0.9: props beside "component"
					surfaces[id][cid] = comp{x, cm}
				case map[string]any: // v0.8: {"Type": props}
					for typ, p := range x {
						pm, _ := p.(map[string]any)
						surfaces[id][cid] = comp{typ, pm}
					}
				}
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	var ids []string
	for id := range roots {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, sid := range ids {
		comps := surfaces[sid]
		visited := map[string]bool{}
		var walk func(id string)
		walk = func(id string) {
			c, ok := comps[id]
			if !ok || visited[id] {
				return
			}
			visited[id] = true
			if c.typ == "Text" {
				var s string
				switch x := c.props["text"].(type) {
				case string:
					s = x
				case map[string]any:
					p, bound := x["path"].(string)
					switch {
					case !bound:
						s, _ = x["literalString"].(string)
					case x["literalString"] != nil:
						// v0.8 initialization shorthand: which value shows depends on
						// when the renderer seeds it (TestV08SeedFollowsMessageOrder).
					case strings.HasPrefix(p, "/"):
						s, _ = getPointer(models[sid], p).(string)
					}
				}
				if strings.TrimSpace(s) != "" && !seen[s] {
					seen[s] = true
					out = append(out, s)
				}
			}
			for k, v := range c.props {
				switch k {
				case "child", "trigger", "entryPointChild":
					if s, ok := v.(string); ok {
						walk(s)
					}
				case "children":
					switch x := v.(type) {
					case []any:
						for _, e := range x {
							if s, ok := e.(string); ok {
								walk(s)
							}
						}
					case map[string]any:
						if s, ok := x["componentId"].(string); ok {
							walk(s)
						}
						if l, ok := x["explicitList"].([]any); ok {
							for _, e := range l {
								if s, ok := e.(string); ok {
									walk(s)
								}
							}
						}
						if tm, ok := x["template"].(map[string]any); ok {
							if s, ok := tm["componentId"].(string); ok {
								walk(s)
							}
						}
					}
				case "tabs", "tabItems":
					if l, ok := v.([]any); ok && len(l) > 0 {
						if first, ok := l[0].(map[string]any); ok {
							if s, ok := first["child"].(string); ok {
								walk(s)
							}
						}
					}
				}
			}
		}
		walk(roots[sid])
	}
	return out, nil
}

// pointerTokens splits an RFC 6901 JSON pointer ("" and "/" are the root).
func pointerTokens(p string) []string {
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return nil
	}
	toks := strings.Split(p, "/")
	for i, tk := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(tk, "~1", "/"), "~0", "~")
	}
	return toks
}

// getPointer returns the value at pointer p in doc, nil when absent.
func getPointer(doc any, p string) any {
	for _, tk := range pointerTokens(p) {
		switch x := doc.(type) {
		case map[string]any:
			doc = x[tk]
		case []any:
			i, err := strconv.Atoi(tk)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			doc = x[i]
		default:
			return nil
		}
	}
	return doc
}

// setPointer returns doc with the value at pointer p replaced by v, creating
// objects on the way (an update the test cannot follow is dropped).
func setPointer(doc any, p string, v any) any {
	toks := pointerTokens(p)
	if len(toks) == 0 {
		return v
	}
	var set func(cur any, toks []string) any
	set = func(cur any, toks []string) any {
		tk := toks[0]
		if a, ok := cur.([]any); ok {
			i, err := strconv.Atoi(tk)
			if err != nil || i < 0 || i > len(a) {
				return cur
			}
			if i == len(a) {
				a = append(a, nil)
			}
			if len(toks) == 1 {
				a[i] = v
			} else {
				a[i] = set(a[i], toks[1:])
			}
			return a
		}
		m, ok := cur.(map[string]any)
		if !ok {
			m = map[string]any{}
		}
		if len(toks) == 1 {
			m[tk] = v
		} else {
			m[tk] = set(m[tk], toks[1:])
		}
		return m
	}
	return set(doc, toks)
}

// TestV08SeedFollowsMessageOrder checks the v0.8 initialization shorthand
// ({"path":..., "literalString":...}) against a later dataModelUpdate of the same
// path: the explicit update comes after the component in the stream, so it must
// win whether the lines arrive one frame at a time or in one chunk.
func TestV08SeedFollowsMessageOrder(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	lines := []string{
		`{"beginRendering":{"surfaceId":"s","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Text":{"text":{"path":"/query","literalString":"Restaurants near you"}}}}]}}`,
		`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"query","valueString":"Seafood · open now"}]}}`,
	}
	const want = "Seafood · open now"
	base := serve(t, rendererPage())
	t.Run("frame by frame", func(t *testing.T) {
		ctx := openRenderer(t, base, "")
		for _, l := range lines {
			processLines(ctx, "host", l)
		}
		if got := hostText(ctx, "host"); got != want {
			t.Errorf("text = %q, want %q", got, want)
		}
	})
	t.Run("one batch", func(t *testing.T) {
		ctx := openRenderer(t, base, "")
		processLines(ctx, "host", lines...)
		if got := hostText(ctx, "host"); got != want {
			t.Errorf("text = %q, want %q", got, want)
		}
	})
}
