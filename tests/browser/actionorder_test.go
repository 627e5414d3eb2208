//go:build browser

package browser

import (
	"strings"
	"testing"
)

// An action's context keeps the order the agent declared its entries in (z, a, m), and
// an object inside it the order the data arrived in (y before b), in the a2ui-action
// event's detail and in the POSTed JSON, for every version; the members a page
// element's event merges in follow, in the element's order.
func TestActionContextKeyOrder(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	const ctx = `"context":{"z":"first","a":{"y":1,"b":2},"m":3}`
	for _, c := range []struct {
		name  string
		lines []string
		want  string // the action message, timestamp aside
	}{
		{"v0.8", []string{
			`{"beginRendering":{"surfaceId":"s","root":"go"}}`,
			`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"obj","valueMap":[{"key":"y","valueNumber":1},{"key":"b","valueNumber":2}]}]}}`,
			`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"go","component":{"Button":{"child":"t","action":{"name":"send","context":[{"key":"z","value":{"literalString":"first"}},{"key":"a","value":{"path":"/obj"}},{"key":"m","value":{"literalNumber":3}}]}}}},{"id":"t","component":{"Text":{"text":{"literalString":"Send"}}}}]}}`,
		}, `{"userAction":{` + ctx + `,"name":"send","sourceComponentId":"go","surfaceId":"s"}}`},
		{"v0.9", orderLines("v0.9", "https://a2ui.org/specification/v0_9/basic_catalog.json"),
			`{"action":{` + ctx + `,"name":"send","sourceComponentId":"root","surfaceId":"s"},"version":"v0.9"}`},
		{"v0.10", orderLines("v0.10", "https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json"),
			`{"action":{"actionId":"*",` + ctx + `,"name":"send","sourceComponentId":"root","surfaceId":"s"},"version":"v0.10"}`},
		{"v1.0", orderLines("v1.0", "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"),
			`{"action":{` + ctx + `,"name":"send","sourceComponentId":"root","surfaceId":"s"},"version":"v1.0"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := newActionRecorder()
			base := serve(t, rendererPageWith(rendererPagePath, ""), handle("POST /agent/action", rec))
			tab := openRenderer(t, base, `{actionURL: "/agent/action"}`)
			processLines(tab, "host", c.lines...)
			clickIn(tab, "host", `button`)
			posted := waitUserAction(t, rec)
			waitJS(tab, `T.events("host", "a2ui-action").length === 1`)
			detail := evalJS[string](tab, `JSON.stringify(T.events("host", "a2ui-action")[0])`)
			for what, got := range map[string]string{"POST body": posted, "a2ui-action detail": detail} {
				if g := withoutTimestamp(withoutActionID(got)); g != strings.Replace(c.want, `"actionId":"*",`, "", 1) {
					t.Errorf("%s:\n got  %s\n want %s", what, got, c.want)
				}
			}
		})
	}
}

// The members a page element's event merges into the context come after the agent's
// entries, in the order of the element's detail.
func TestActionContextKeyOrderWithEventDetail(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	rec := newActionRecorder()
	const el = `<script>
customElements.define("x-pick", class extends HTMLElement {
  pick() { this.dispatchEvent(new CustomEvent("pick", { detail: { zulu: 1, alpha: { k: 1, c: 2 }, mike: 3 } })); }
});
window.pickCatalog = { catalogId: "https://example.com/pick", extends: "basic",
  components: { Pick: { tag: "x-pick", props: { action: { type: "action" } }, events: { pick: { action: "action", context: "detail" } } } } };
</script>`
	base := serve(t, rendererPageWith(rendererPagePath, el), handle("POST /agent/action", rec))
	tab := openRenderer(t, base, `{actionURL: "/agent/action", catalogs: [pickCatalog]}`)
	processLines(tab, "host",
		`{"version":"v0.9","createSurface":{"surfaceId":"p","catalogId":"https://example.com/pick"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"p","components":[{"id":"root","component":"Pick","action":{"event":{"name":"chose","context":{"view":"list","mike":0,"by":"agent"}}}}]}}`)
	evalJSON(tab, `(T.q("host", "x-pick").pick(), true)`)
	posted := waitUserAction(t, rec)
	want := `{"action":{"context":{"view":"list","mike":3,"by":"agent","zulu":1,"alpha":{"k":1,"c":2}},"name":"chose","sourceComponentId":"root","surfaceId":"p"},"version":"v0.9"}`
	if got := withoutTimestamp(posted); got != want {
		t.Errorf("POST body:\n got  %s\n want %s", posted, want)
	}
}

// orderLines is the v0.9-shaped stream of TestActionContextKeyOrder in version v.
func orderLines(v, catalogID string) []string {
	return []string{
		`{"version":"` + v + `","createSurface":{"surfaceId":"s","catalogId":"` + catalogID + `"}}`,
		`{"version":"` + v + `","updateDataModel":{"surfaceId":"s","value":{"obj":{"y":1,"b":2}}}}`,
		`{"version":"` + v + `","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Button","child":"t","action":{"event":{"name":"send","context":{"z":"first","a":{"path":"/obj"},"m":3}}}},{"id":"t","component":"Text","text":"Send"}]}}`,
	}
}

// withoutTimestamp drops the action's ,"timestamp":"…" member from its JSON text, keeping
// the rest byte for byte.
func withoutTimestamp(s string) string { return dropMember(s, `,"timestamp":"`) }

// withoutActionID drops v0.10's "actionId":"…", member.
func withoutActionID(s string) string {
	if i := strings.Index(s, `"actionId":"`); i >= 0 {
		j := strings.Index(s[i+12:], `"`)
		return s[:i] + s[i+12+j+2:] // the closing quote and the comma after it
	}
	return s
}

func dropMember(s, prefix string) string {
	i := strings.Index(s, prefix)
	if i < 0 {
		return s
	}
	j := strings.Index(s[i+len(prefix):], `"`)
	return s[:i] + s[i+len(prefix)+j+1:]
}
