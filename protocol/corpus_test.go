package protocol

import (
	"encoding/json"
	"github.com/a2ui-go/a2ui/internal/fixtures"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOfficialExamples decodes every official v0.9 (basic, minimal) and v1.0 (basic)
// example with zero errors, and checks the decoded messages mirror the input.
func TestOfficialExamples(t *testing.T) {
	src := fixtures.WebCore(t)
	globs := map[string]Version{
		"v0_9/schemas/catalogs/basic/examples/*.json":   V09,
		"v0_9/schemas/catalogs/minimal/examples/*.json": V09,
		"v1_0/schemas/catalogs/basic/examples/*.json":   V10,
	}
	total := 0
	for glob, want := range globs {
		files, err := filepath.Glob(filepath.Join(src, glob))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no examples match %s", glob)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var ex struct {
				Name     string            `json:"name"`
				Messages []json.RawMessage `json:"messages"`
			}
			if err := json.Unmarshal(data, &ex); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			name := strings.TrimPrefix(file, src+"/")
			d := NewDecoder()
			for i, raw := range ex.Messages {
				msgs, errs := d.Decode(raw)
				for _, e := range errs {
					t.Errorf("%s message %d: %v", name, i, e)
				}
				if len(msgs) != 1 {
					t.Errorf("%s message %d: got %d messages, want 1", name, i, len(msgs))
					continue
				}
				total++
				m := msgs[0]
				if m.Ver() != want {
					t.Errorf("%s message %d: version %v, want %v", name, i, m.Ver(), want)
				}
				checkMirrors(t, name, i, raw, m)
			}
		}
	}
	if total < 200 {
		t.Errorf("decoded only %d official messages", total)
	}
}

// checkMirrors compares the normalized message with the wire JSON it came from.
func checkMirrors(t *testing.T, name string, i int, raw json.RawMessage, m Message) {
	t.Helper()
	var wire map[string]map[string]any
	var generic map[string]any
	_ = json.Unmarshal(raw, &generic)
	wire = map[string]map[string]any{}
	for k, v := range generic {
		if o, ok := v.(map[string]any); ok {
			wire[k] = o
		}
	}
	switch m := m.(type) {
	case *CreateSurface:
		w := wire["createSurface"]
		if m.SurfaceID != w["surfaceId"] || m.Root != "root" {
			t.Errorf("%s %d: createSurface mismatch: %+v", name, i, m)
		}
		if cid, _ := w["catalogId"].(string); m.CatalogID != cid {
			t.Errorf("%s %d: catalogId %q, want %q", name, i, m.CatalogID, cid)
		}
	case *UpdateComponents:
		w := wire["updateComponents"]
		list, _ := w["components"].([]any)
		if len(list) != len(m.Components) {
			t.Fatalf("%s %d: %d components, want %d", name, i, len(m.Components), len(list))
		}
		for j, c := range list {
			co := c.(map[string]any)
			got := m.Components[j]
			if got.ID != co["id"] || got.Type != co["component"] || len(got.Props) != len(co)-2 {
				t.Errorf("%s %d: component %d = %s/%s with %d props, want %v", name, i, j, got.ID, got.Type, len(got.Props), co)
			}
		}
	case *UpdateDataModel:
		w := wire["updateDataModel"]
		p, _ := w["path"].(string)
		if p == "" {
			p = "/"
		}
		if m.Path != p {
			t.Errorf("%s %d: path %q, want %q", name, i, m.Path, p)
		}
		if v, ok := w["value"]; ok && v != nil {
			var got any
			if err := json.Unmarshal(m.Value, &got); err != nil {
				t.Errorf("%s %d: value: %v", name, i, err)
			}
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(v)
			if string(a) != string(b) {
				t.Errorf("%s %d: value %s, want %s", name, i, a, b)
			}
		}
	default:
		t.Errorf("%s %d: unexpected %T", name, i, m)
	}
}
