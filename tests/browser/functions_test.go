//go:build browser

package browser

import (
	"strings"
	"testing"
)

// TestFunctionSetsOptIn: web_core's extra functions run only on a renderer whose page
// opted in (attribute functions="web_core" or mount option functions: ["web_core"]); the
// same stream on a plain renderer reports add as an unknown function; an unknown set
// fails closed like an invalid policy.
func TestFunctionSetsOptIn(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	stream := []string{
		v09create("s"),
		v09comps("s", `[{"id":"root","component":"Text","text":{"call":"formatString","args":{"value":"total ${add(a: ${/a}, b: 2)} ${contains(string: ${/tags}, substring: 'go')}"}}}]`),
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/","value":{"a":40,"tags":["wasm","go"]}}}`,
	}
	base := serve(t,
		handle("/s.jsonl", streamLines(0, stream...)),
		rendererPageWith(rendererPagePath,
			`<a2ui-renderer id="attr" functions="web_core" src="/s.jsonl"></a2ui-renderer>`+
				`<a2ui-renderer id="plain" src="/s.jsonl"></a2ui-renderer>`+
				`<a2ui-renderer id="typo" functions="webcore" src="/s.jsonl"></a2ui-renderer>`))
	ctx := newTab(t)
	navigate(ctx, base+rendererPagePath)
	if got := evalJSON(ctx, `T.mount("opt", {functions: ["web_core"]})`); got != "true" {
		t.Fatalf("mount = %s", got)
	}
	process(ctx, "opt", jsString(strings.Join(stream, "\n")+"\n"))
	for _, id := range []string{"attr", "opt"} {
		if err := waitJSErr(ctx, `T.text("`+id+`") === "total 42 true"`, waitTimeout()); err != nil {
			t.Errorf("%s: text %q", id, evalJS[string](ctx, `T.text("`+id+`")`))
		}
		if errs := events(ctx, id, "a2ui-error"); len(errs) != 0 {
			t.Errorf("%s: errors %s", id, errs)
		}
	}
	waitJS(ctx, `T.events("plain", "a2ui-error").length > 0`)
	if got := string(events(ctx, "plain", "a2ui-error")[0]); !strings.Contains(got, "FUNCTION_FAILED") || !strings.Contains(got, `unknown function \"add\"`) {
		t.Errorf("plain: error %s", got)
	}
	if got := evalJS[string](ctx, `T.text("plain")`); strings.Contains(got, "42") {
		t.Errorf("plain renderer ran add: %q", got)
	}
	waitJS(ctx, `T.events("typo", "a2ui-error").length === 1`)
	if got := evalJS[string](ctx, `T.text("typo")`); !strings.Contains(got, `unknown function set "webcore"`) {
		t.Errorf("typo: text %q", got)
	}
}
