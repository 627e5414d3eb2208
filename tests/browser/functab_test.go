//go:build browser

package browser

import (
	"bytes"
	"encoding/base64"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/wasmftab"
)

// funcTabPage is the renderer test page with WebAssembly.compileStreaming and
// instantiate wrapped (before the loader runs) to keep the module and instance that
// a2ui.js keeps private.
func funcTabPage(noFill bool) Route {
	hook := `<script>
(() => {
  // noFill: the loader's 113-byte fill module is refused, so JS writes the table (the
  // 8-byte probe of whether the page may run WebAssembly at all still compiles).
  if (` + strconv.FormatBool(noFill) + `) {
    const M = WebAssembly.Module;
    const Refusing = function (b) { if (b.byteLength > 8 && b.byteLength < 200) throw new Error("refused"); return new M(b); };
    Object.assign(Refusing, { customSections: M.customSections, exports: M.exports, imports: M.imports });
    Refusing.prototype = M.prototype;
    WebAssembly.Module = Refusing;
  }
  const cs = WebAssembly.compileStreaming, inst = WebAssembly.instantiate;
  WebAssembly.compileStreaming = (...a) => cs.apply(WebAssembly, a).then((m) => (window.__mod = m));
  WebAssembly.instantiate = (...a) => inst.apply(WebAssembly, a).then((i) => (window.__inst = i));
})();
window.funcTab = () => {
  const b64 = (u8) => { let s = ""; for (let i = 0; i < u8.length; i += 8192) s += String.fromCharCode.apply(null, u8.subarray(i, i + 8192)); return btoa(s); };
  const sec = WebAssembly.Module.customSections(window.__mod, "a2ui.findfunctab"); // the wrapped one's
  if (sec.length !== 1) return { error: "custom sections: " + sec.length };
  return { section: b64(new Uint8Array(sec[0])), memory: b64(new Uint8Array(window.__inst.exports.mem.buffer)) };
};
</script><script src="/a2ui.js"></script>`
	html := strings.Replace(rendererPageHTML, `<script src="/a2ui.js"></script>`, hook, 1)
	return page(rendererPagePath, pinMain(strings.Replace(html, "%BODY%", "", 1))) // the page's own instance
}

// TestFuncTabExpanded: the wasm that make build writes has the runtime's findfunctab in
// the custom section a2ui.findfunctab, and the loader writes it back into the instance's
// memory exactly as internal/wasmftab decodes it, with its wasm fill function and without (a wrong byte there misplaces stack maps
// and crashes the runtime at its first stack growth or collection).
func TestFuncTabExpanded(t *testing.T) {
	t.Parallel()
	for _, noFill := range []bool{false, true} {
		t.Run(map[bool]string{false: "wasm fill", true: "JS fill"}[noFill], func(t *testing.T) {
			t.Parallel()
			testFuncTabExpanded(t, noFill)
		})
	}
}

func testFuncTabExpanded(t *testing.T, noFill bool) {
	requireBuilt(t)
	base := serve(t, funcTabPage(noFill))
	ctx := openRenderer(t, base, "")
	processLines(ctx, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"`+basicCatalog+`"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"after a frame"}]}}`)
	waitJS(ctx, `T.text("host") === "after a frame"`)
	got := evalJS[struct{ Section, Memory, Error string }](ctx, `funcTab()`)
	if got.Error != "" {
		t.Fatal(got.Error)
	}
	sec, err := base64.StdEncoding.DecodeString(got.Section)
	if err != nil {
		t.Fatal(err)
	}
	mem, err := base64.StdEncoding.DecodeString(got.Memory)
	if err != nil {
		t.Fatal(err)
	}
	want, err := wasmftab.Expand(sec)
	if err != nil {
		t.Fatal(err)
	}
	if end := want.Addr + uint64(len(want.Table)); end > uint64(len(mem)) {
		t.Fatalf("table [%#x,%#x) beyond the %d bytes read", want.Addr, end, len(mem))
	}
	if len(want.Table) < 100_000 {
		t.Fatalf("table of %d bytes: not the renderer's", len(want.Table))
	}
	if region := mem[want.Addr : want.Addr+uint64(len(want.Table))]; !bytes.Equal(region, want.Table) {
		i := 0
		for i < len(region) && region[i] == want.Table[i] {
			i++
		}
		t.Fatalf("memory differs from the decoded table at byte %d of %d", i, len(region))
	}
}
