//go:build browser

package browser

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestNPMPackage packs the npm package a2ui-go (npm/pack.sh, as `make npm-pack` does),
// installs the tarball into a scratch project with `npm install --offline`, and checks it
// the way a user meets it: the tarball's files, the TypeScript declarations (tsc --strict
// over npm/test/*.ts), a page that renders through the script tag and one that imports the
// ES module entry, and that the declarations name exactly the API the running code has.
func TestNPMPackage(t *testing.T) {
	t.Parallel()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatalf("npm not found (apt-get install npm): %v", err)
	}
	dist := repoPath(t, "dist")
	if _, err := os.Stat(filepath.Join(dist, "a2ui.wasm")); err != nil {
		t.Fatalf("dist missing: run `make build` (%v)", err)
	}
	tmp := t.TempDir()
	out := runIn(t, tmp, repoPath(t, "npm/pack.sh"), dist, filepath.Join(tmp, "pack"))
	tarball := strings.TrimSpace(out[strings.LastIndexByte(strings.TrimSpace(out), '\n')+1:])

	scratch := filepath.Join(tmp, "scratch")
	if err := os.MkdirAll(scratch, 0o755); err != nil {
		t.Fatal(err)
	}
	writeText(t, filepath.Join(scratch, "package.json"), `{"private": true, "type": "module"}`)
	runIn(t, scratch, npm, "install", "--offline", "--no-audit", "--no-fund", tarball)
	pkg := filepath.Join(scratch, "node_modules", "a2ui-go")
	dts := readText(t, filepath.Join(pkg, "a2ui.d.ts"))

	t.Run("tarball", func(t *testing.T) {
		files := tarFiles(t, tarball)
		want := []string{"README.md", "THIRD_PARTY_NOTICES.md", "a2ui.d.ts", "a2ui.mjs", "package.json"}
		want = append(want, pageFiles(t)...)
		slices.Sort(want)
		if !slices.Equal(slices.Sorted(maps.Keys(files)), want) {
			t.Errorf("tarball files = %v, want %v", slices.Sorted(maps.Keys(files)), want)
		}
		for _, f := range pageFiles(t) {
			want := readText(t, filepath.Join(dist, f))
			if f == "a2ui.js" {
				// The package loads a2ui.wasm, not make dist's content-hashed copy.
				want = regexp.MustCompile(`const WASM_FILE = "a2ui\.[0-9a-f]{16}\.wasm";`).
					ReplaceAllLiteralString(want, `const WASM_FILE = "a2ui.wasm";`)
				if !strings.Contains(string(files[f]), `const WASM_FILE = "a2ui.wasm";`) {
					t.Errorf("the package's a2ui.js does not load a2ui.wasm")
				}
			}
			if !bytes.Equal(files[f], []byte(want)) {
				t.Errorf("%s differs from dist/%s", f, f)
			}
		}
		mjs := string(files["a2ui.mjs"])
		if !strings.Contains(mjs, string(files["a2ui.js"])) || !strings.Contains(mjs, `new URL("./a2ui.wasm", import.meta.url)`) {
			t.Errorf("a2ui.mjs is not a2ui.js with the import.meta.url prefix")
		}
		var meta struct {
			Name    string `json:"name"`
			Private bool   `json:"private"`
			Type    string `json:"type"`
			Types   string `json:"types"`
			Exports struct {
				Dot struct {
					Types   string `json:"types"`
					Default string `json:"default"`
				} `json:"."`
			} `json:"exports"`
		}
		if err := json.Unmarshal(files["package.json"], &meta); err != nil {
			t.Fatalf("package.json: %v", err)
		}
		if meta.Name != "a2ui-go" || meta.Private || meta.Type != "module" {
			t.Errorf("package.json: name %q private %v type %q", meta.Name, meta.Private, meta.Type)
		}
		if meta.Types != "./a2ui.d.ts" || meta.Exports.Dot.Types != "./a2ui.d.ts" || meta.Exports.Dot.Default != "./a2ui.mjs" {
			t.Errorf(`package.json: types %q, exports["."] %+v; want ./a2ui.d.ts and ./a2ui.mjs`, meta.Types, meta.Exports.Dot)
		}
	})

	t.Run("types", func(t *testing.T) {
		tsc := repoPath(t, "node_modules/.bin/tsc")
		for _, f := range []string{"usage.ts", "global.ts"} {
			writeText(t, filepath.Join(scratch, f), readText(t, repoPath(t, "npm/test/"+f)))
			// One program per file: global.ts must get its types from the reference alone.
			runIn(t, scratch, tsc, "--noEmit", "--strict", "--target", "es2022", "--lib", "es2022,dom",
				"--module", "nodenext", "--moduleResolution", "nodenext", f)
		}
	})

	// The scratch project served as a site; the pages live under /app/, away from the
	// package, so only URLs resolved against a2ui.js or a2ui.mjs find the wasm.
	var mu sync.Mutex
	var missing []string
	files := http.FileServer(http.Dir(scratch))
	mux := http.NewServeMux()
	mux.Handle("/node_modules/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := os.Stat(filepath.Join(scratch, filepath.FromSlash(r.URL.Path))); err != nil {
			mu.Lock()
			missing = append(missing, r.URL.Path)
			mu.Unlock()
		}
		w.Header().Set("Cache-Control", "no-store")
		files.ServeHTTP(w, r)
	}))
	for _, rt := range []Route{
		page("/app/script.html", `<!doctype html><html><head><script src="/node_modules/a2ui-go/a2ui.js" defer></script></head>
<body><a2ui-renderer id="r" src="/app/stream.jsonl"></a2ui-renderer>
<script>document.getElementById("r").addEventListener("a2ui-ready", () => { window.ready = true; });</script></body></html>`),
		page("/app/module.html", `<!doctype html><html><head>
<script type="importmap">{"imports": {"a2ui-go": "/node_modules/a2ui-go/a2ui.mjs"}}</script></head>
<body><div id="host"></div>
<script type="module">
import A2UI, { mount, ready } from "a2ui-go";
const r = mount(document.getElementById("host"));
r.process(`+npmStream+`);
window.same = A2UI === window.A2UI && mount === window.A2UI.mount && ready === window.A2UI.ready;
r.ready.then(() => r.flush()).then(() => { window.done = true; });
</script></body></html>`),
		handle("/app/stream.jsonl", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/jsonl")
			var msgs []json.RawMessage
			_ = json.Unmarshal([]byte(npmStream), &msgs)
			for _, m := range msgs {
				w.Write(append(m, '\n'))
			}
		})),
	} {
		mux.Handle(rt.Pattern, rt.Handler)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	noMissing := func(t *testing.T) {
		mu.Lock()
		defer mu.Unlock()
		if len(missing) > 0 {
			t.Errorf("requests for files the package lacks: %v", missing)
		}
	}

	t.Run("script-tag", func(t *testing.T) {
		ctx := newTab(t)
		navigate(ctx, srv.URL+"/app/script.html")
		waitJS(ctx, `document.getElementById("r").shadowRoot.textContent.includes("Hello from npm")`)
		waitJS(ctx, `window.ready === true && document.getElementById("r").renderer !== null`)
		if got := evalJSON(ctx, `document.getElementById("r").renderer.surfaces()`); got != `["npm"]` {
			t.Errorf("surfaces() = %s", got)
		}
		noMissing(t)
	})

	t.Run("module", func(t *testing.T) {
		ctx := newTab(t)
		navigate(ctx, srv.URL+"/app/module.html")
		waitJS(ctx, `window.done === true`)
		if got := evalJSON(ctx, `document.getElementById("host").shadowRoot.querySelector("section.a2ui-surface").textContent`); got != `"Hello from npm"` {
			t.Errorf("surface text = %s", got)
		}
		if got := evalJSON(ctx, `window.same`); got != "true" {
			t.Errorf("the module's exports are not the global A2UI's members")
		}
		noMissing(t)
	})

	// The declared names equal the running ones, so an API added without its declaration
	// (or declared and gone) fails here.
	t.Run("drift", func(t *testing.T) {
		ctx := newTab(t)
		navigate(ctx, srv.URL+"/app/module.html")
		waitJS(ctx, `window.done === true`)
		live := evalJS[map[string][]string](ctx, `(async () => {
  const pub = (ks) => ks.filter((k) => !k.startsWith("_")).sort();
  const mod = await import("a2ui-go");
  const r = A2UI.mount(document.createElement("div"));
  const renderer = pub(Object.keys(r));
  r.destroy();
  const El = customElements.get("a2ui-renderer");
  const lifecycle = ["constructor", "connectedCallback", "disconnectedCallback", "attributeChangedCallback", "adoptedCallback"];
  return {
    A2UI: pub(Object.keys(window.A2UI)),
    exports: pub(Object.keys(mod).filter((k) => k !== "default")),
    Renderer: renderer,
    A2UIRendererElement: pub(Object.getOwnPropertyNames(El.prototype).filter((k) => !lifecycle.includes(k))),
    observedAttributes: [...El.observedAttributes].sort(),
  };
})()`)
		loader := readText(t, repoPath(t, "web/a2ui.js"))
		check := func(what string, got, declared []string) {
			t.Helper()
			if !slices.Equal(got, declared) {
				t.Errorf("%s: running/source names %v, declared in a2ui.d.ts %v", what, got, declared)
			}
		}
		check("A2UI", live["A2UI"], dtsMembers(t, dts, "A2UI"))
		check("module exports", live["exports"], dtsMembers(t, dts, "A2UI"))
		check("declared exports", dtsExports(dts), dtsMembers(t, dts, "A2UI"))
		check("renderer", live["Renderer"], dtsMembers(t, dts, "Renderer"))
		check("<a2ui-renderer>", live["A2UIRendererElement"], dtsMembers(t, dts, "A2UIRendererElement"))
		attrs := dtsMembers(t, dts, "A2UIRendererAttributes")
		check("getAttribute in a2ui.js", reNames(loader, `(?:get|has)Attribute\("([a-z-]+)"\)`), attrs)
		for _, a := range live["observedAttributes"] {
			if !slices.Contains(attrs, a) {
				t.Errorf("observed attribute %q is not declared", a)
			}
		}
		check("options.* in a2ui.js", reNames(loader, `\boptions\.([A-Za-z]+)`), dtsMembers(t, dts, "MountOptions"))
		check("connect options (o.*) in a2ui.js", reNames(loader, `\bo\.([A-Za-z]+)`), dtsMembers(t, dts, "ConnectOptions"))
		check("cfg.* (script data attributes) in a2ui.js", reNames(loader, `\bcfg\.([A-Za-z]+)`), dtsMembers(t, dts, "A2UIScriptDataset"))
		check("events", emittedEvents(t), dtsMembers(t, dts, "A2UIEventMap"))
	})
}

// npmStream is the surface the npm pages render (a JSON array of v0.9 messages).
const npmStream = `[{"version":"v0.9","createSurface":{"surfaceId":"npm","catalogId":"` + basicCatalog + `"}},
{"version":"v0.9","updateComponents":{"surfaceId":"npm","components":[{"id":"root","component":"Text","text":"Hello from npm"}]}}]`

// pageFiles is .ci/size.sh's page_files: the files an embedding page loads, the one list
// of them (npm/pack.sh reads it too).
func pageFiles(t *testing.T) []string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^page_files=\((.*)\)$`).FindStringSubmatch(readText(t, repoPath(t, ".ci/size.sh")))
	if m == nil {
		t.Fatal("no page_files=(...) in .ci/size.sh")
	}
	return strings.Fields(m[1])
}

// dtsMembers returns the sorted member names of `export interface name` in a2ui.d.ts: the
// lines indented by exactly two spaces that start a property or method (the layout rule
// the file's header states).
func dtsMembers(t *testing.T, dts, name string) []string {
	t.Helper()
	start := regexp.MustCompile(`(?m)^export interface ` + regexp.QuoteMeta(name) + `\b[^{\n]*\{\n`).FindStringIndex(dts)
	if start == nil {
		t.Fatalf("a2ui.d.ts declares no interface %s", name)
	}
	body := dts[start[1]:]
	body = body[:strings.Index(body, "\n}")]
	return reNames(body, `(?m)^  (?:readonly )?"?([A-Za-z_$][\w$-]*)"?\??[(:<]`)
}

// dtsExports returns the sorted names of a2ui.d.ts's `export declare const|let|function`.
func dtsExports(dts string) []string {
	return reNames(dts, `(?m)^export declare (?:const|let|function) ([A-Za-z_$][\w$]*)`)
}

// emittedEvents returns the sorted event types the renderer dispatches: Emit("a2ui-…")
// in the Go sources and new CustomEvent("a2ui-…") in web/*.js.
func emittedEvents(t *testing.T) []string {
	t.Helper()
	root := repoPath(t, ".")
	var src strings.Builder
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".tmp", ".git", "dist", "bench", "tests", "dist-npm":
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if (strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go")) ||
			(filepath.Dir(rel) == "web" && strings.HasSuffix(p, ".js") && d.Name() != "wasm_exec.js") {
			b, err := os.ReadFile(p)
			src.Write(b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return reNames(src.String(), `(?:Emit\(|new CustomEvent\()"(a2ui-[a-z-]+)"`)
}

// reNames returns the sorted, distinct first groups of re's matches in s.
func reNames(s, re string) []string {
	var out []string
	for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

// tarFiles returns the regular files of a .tgz by name, without npm's "package/" prefix.
func tarFiles(t *testing.T, path string) map[string][]byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	files := map[string][]byte{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		files[strings.TrimPrefix(h.Name, "package/")] = b
	}
}

// runIn runs a command in dir and returns its stdout; it fails t with the output on error.
func runIn(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.CommandContext(context.Background(), name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s%s", filepath.Base(name), strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeText(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
