package model

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// golden compares got (indented) with testdata/name, rewriting it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Indent(&buf, got, "", "  "); err != nil {
		t.Fatalf("invalid JSON %s: %v", got, err)
	}
	buf.WriteByte('\n')
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Fatalf("%s mismatch:\n%s\nwant:\n%s", path, buf.Bytes(), want)
	}
}

// A v0.8 restaurant list in the order the official agent samples send it: beginRendering
// first, then components (replacing one), then data, then a partial data update.
func TestGoldenV08RestaurantList(t *testing.T) {
	v := protocol.V08
	p := NewProcessor(Options{})
	mustApply(t, p,
		&protocol.CreateSurface{Version: v, SurfaceID: "default", Root: "root-column", Theme: json.RawMessage(`{"primaryColor":"#FF0000","font":"Roboto"}`)},
		comps(v, "default",
			comp("root-column", "Column", "children", `["title","list"]`),
			comp("title", "Text", "text", `{"path":"title"}`, "variant", `"h1"`),
			comp("list", "List", "children", `{"componentId":"card","path":"/items"}`, "direction", `"vertical"`),
			comp("card", "Card", "child", `"name"`),
			comp("name", "Text", "text", `{"path":"/name"}`)),
		comps(v, "default", comp("title", "Text", "text", `{"path":"title","literal":"Restaurants"}`, "variant", `"h2"`)),
		data(v, "default", "/", `{"title":"Top 2","items":{"item1":{"name":"Xi'an Famous Foods"},"item2":{"name":"Han Dynasty"}}}`),
		data(v, "default", "items/item2/name", `"Han Dynasty (UWS)"`),
		data(v, "default", "/items/item1/rating", `4.5`),
	)
	s, _ := p.Surface("default")
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "v08_restaurant_list.json", b)
}

// A v0.9 surface: createSurface, components out of order, data with arrays, deletes.
func TestGoldenV09Form(t *testing.T) {
	v := protocol.V09
	p := NewProcessor(Options{})
	mustApply(t, p,
		&protocol.CreateSurface{Version: v, SurfaceID: "form", CatalogID: "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json", Root: "root", SendDataModel: true},
		comps(v, "form",
			comp("name", "TextField", "label", `"Name"`, "value", `{"path":"/form/name"}`),
			comp("tags", "ChoicePicker", "options", `[{"label":"A","value":"a"},{"label":"B","value":"b"}]`, "value", `{"path":"/form/tags"}`)),
		comps(v, "form", comp("root", "Column", "children", `["name","tags"]`)),
		data(v, "form", "/form", `{"name":"Ada","tags":["a","b"]}`),
		data(v, "form", "/form/tags/0", ""),
		data(v, "form", "/form/extra/2", `true`),
		comps(v, "form", comp("tags", "CheckBox", "label", `"Tag"`, "value", `{"path":"/form/ok"}`)),
	)
	s, _ := p.Surface("form")
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "v09_form.json", b)
}
