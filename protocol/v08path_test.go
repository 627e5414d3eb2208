package protocol

import (
	"strings"
	"testing"
)

func TestNormalizeV08Path(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{".", "."},
		{"/", "/"},
		{"/a/b", "/a/b"},
		{"name", "name"},
		{"/chart.items", "/chart/items"},
		{"/chart.items[0].label", "/chart/items/0/label"},
		{"chart.items[12]", "chart/items/12"},
		{"item.name", "item/name"},
		{"./name", "name"},
		{"./", "."},
		{"..", "."},
		{"/.", "/"},
		{"/a..b//c", "/a/b/c"},
		{"z[0][1]", "z/0/1"},
		{"[3]", "3"},
		{"a[0]b", "a/0b"}, // web_core: "[0]" → ".0", the rest stays in the segment
		{"odd[x].y", "odd[x]/y"},
		{"r[]", "r[]"},
		{"a[01]", "a/01"},
		{"a[1", "a[1"},
		{"/a~1b.c", "/a~1b/c"}, // JSON Pointer escapes are left to the pointer parser
	} {
		if got := NormalizeV08Path(c.in); got != c.want {
			t.Errorf("NormalizeV08Path(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = NormalizeV08Path("/already/normal") }); n != 0 {
		t.Errorf("a normal path allocates %v times", n)
	}
}

// TestDecodeV08DottedKeys: v0.8 entry keys are paths, as web_core's v0.8 model reads them.
func TestDecodeV08DottedKeys(t *testing.T) {
	for _, c := range []struct{ name, path, contents, wantPath, want, keys string }{
		{"nested", "/", `[{"key":"chart.title","valueString":"T"},{"key":"chart.items[0].label","valueString":"A"},{"key":"chart.items[1].label","valueString":"B"}]`,
			"/", `{"chart":{"title":"T","items":{"0":{"label":"A"},"1":{"label":"B"}}}}`, "chart,chart,chart"},
		{"primitive replaced by a map", "", `[{"key":"a","valueString":"x"},{"key":"a.b","valueNumber":1}]`,
			"/", `{"a":{"b":1}}`, "a,a"},
		{"map replaced keeps its place", "", `[{"key":"a.b","valueNumber":1},{"key":"c","valueNumber":2},{"key":"a","valueString":"x"}]`,
			"/", `{"a":"x","c":2}`, "a,c,a"},
		{"valueMap takes later keys", "", `[{"key":"m","valueMap":[{"key":"p.q","valueString":"v"}]},{"key":"m.r","valueBoolean":true}]`,
			"/", `{"m":{"p":{"q":"v"},"r":true}}`, "m,m"},
		{"dot entry among others replaces the map", "", `[{"key":"gone","valueNumber":1},{"key":".","valueMap":[{"key":"k.l","valueNumber":2}]},{"key":"after","valueNumber":3}]`,
			"/", `{"k":{"l":2},"after":3}`, "gone,,after"},
		{"dotted update path", "user.address[0]", `[{"key":"city","valueString":"Paris"}]`,
			"/user/address/0", `{"city":"Paris"}`, "city"},
		{"brackets that are no index", "", `[{"key":"odd[x]","valueString":"v"},{"key":"e[]","valueString":"w"}]`,
			"/", `{"odd[x]":"v","e[]":"w"}`, "odd[x],e[]"},
	} {
		line := `{"dataModelUpdate":{"surfaceId":"s","path":"` + c.path + `","contents":` + c.contents + `}}`
		msgs, errs := NewDecoder().Decode([]byte(line))
		if len(errs) > 0 || len(msgs) != 1 {
			t.Fatalf("%s: %v", c.name, errs)
		}
		m := msgs[0].(*UpdateDataModel)
		if m.Path != c.wantPath || string(m.Value) != c.want || strings.Join(m.EntryKeys, ",") != c.keys {
			t.Errorf("%s:\n got %s %s keys %q\nwant %s %s keys %q", c.name, m.Path, m.Value, m.EntryKeys, c.wantPath, c.want, c.keys)
		}
	}
}

// TestDecodeV08DottedKeyErrors: an entry whose key cannot be written is reported and
// skipped; its siblings apply.
func TestDecodeV08DottedKeyErrors(t *testing.T) {
	deep := strings.Repeat("a.", 49) + "z" // 50 segments: the value 49 levels down
	for _, c := range []struct{ name, contents, want, path, msg string }{
		{"through JSON text", `[{"key":"o","valueString":"{\"a\":1}"},{"key":"o.b","valueNumber":2},{"key":"k","valueNumber":3}]`,
			`{"o":{"a":1},"k":3}`, "/dataModelUpdate/contents/1/key", `"o" holds JSON text`},
		{"through an array", `[{"key":"l","valueArray":[1]},{"key":"l[0]","valueNumber":2},{"key":"k","valueNumber":3}]`,
			`{"l":[1],"k":3}`, "/dataModelUpdate/contents/1/key", `"l" holds JSON text`},
		{"dot entry without a map", `[{"key":".","valueString":"x"},{"key":"k","valueNumber":3}]`,
			`{"k":3}`, "/dataModelUpdate/contents/0/key", "must hold a valueMap"},
		{"too deep", `[{"key":"` + deep + `","valueNumber":1},{"key":"k","valueNumber":3}]`,
			`{"k":3}`, "/dataModelUpdate/contents/0/key", "nests deeper than 48 levels"},
	} {
		msgs, errs := NewDecoder().Decode([]byte(`{"dataModelUpdate":{"surfaceId":"s","contents":` + c.contents + `}}`))
		if len(msgs) != 1 {
			t.Fatalf("%s: %v", c.name, errs)
		}
		m := msgs[0].(*UpdateDataModel)
		if string(m.Value) != c.want {
			t.Errorf("%s: value %s, want %s", c.name, m.Value, c.want)
		}
		if len(errs) != 1 || errs[0].Path != c.path || !strings.Contains(errs[0].Message, c.msg) || errs[0].SurfaceID != "s" {
			t.Errorf("%s: errors %v, want one at %s containing %q", c.name, errs, c.path, c.msg)
		}
	}
}

// TestLiftV08Paths: v0.8 binding paths are normalised; the draft's are not.
func TestLiftV08Paths(t *testing.T) {
	line := `{"surfaceUpdate":{"surfaceId":"s","components":[` +
		`{"id":"t","component":{"Text":{"text":{"path":"/chart.title","literalString":"x"}}}},` +
		`{"id":"l","component":{"List":{"children":{"template":{"componentId":"r","dataBinding":"/chart.items"}}}}},` +
		`{"id":"b","component":{"Button":{"child":"t","action":{"name":"go","context":[{"key":"k","value":{"path":"sel[0].id"}}]}}}},` +
		`{"id":"tabs","component":{"Tabs":{"tabItems":[{"title":{"path":"tabs[1].name"},"child":"t"}]}}}]}}`
	msgs, errs := NewDecoder().Decode([]byte(line))
	if len(errs) > 0 || len(msgs) != 1 {
		t.Fatal(errs)
	}
	want := map[string]string{
		"t":    `{"text":{"literal":"x","path":"/chart/title"}}`,
		"l":    `{"children":{"componentId":"r","path":"/chart/items"}}`,
		"b":    `{"action":{"event":{"context":{"k":{"path":"sel/0/id"}},"name":"go"}},"child":"t"}`,
		"tabs": `{"tabs":[{"child":"t","title":{"path":"tabs/1/name"}}]}`,
	}
	for _, c := range msgs[0].(*UpdateComponents).Components {
		if got := canon(t, c.Props); got != want[c.ID] {
			t.Errorf("%s: %s, want %s", c.ID, got, want[c.ID])
		}
	}
	draft := `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"t","props":{"component":"Text","text":{"path":"/chart.title"}}}]}}`
	msgs, errs = NewDecoder().Decode([]byte(draft))
	if len(errs) > 0 || len(msgs) != 1 {
		t.Fatal(errs)
	}
	if got := canon(t, msgs[0].(*UpdateComponents).Components[0].Props); got != `{"text":{"path":"/chart.title"}}` {
		t.Errorf("draft path changed: %s", got)
	}
}
