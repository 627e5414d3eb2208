package agent_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/a2ui-go/a2ui/agent"
	"github.com/a2ui-go/a2ui/internal/fixtures"
)

// schemaFor compiles the official server-to-client schema of a version from
// @a2ui/web_core (node_modules; fixtures.WebCore skips or fails when it is missing).
// The schemas reach the basic catalog as "catalog.json" beside them (the validators of
// the spec put the chosen catalog there), so the catalog is added under that URL, with
// its $id moved there too so that its own relative references resolve.
func schemaFor(t *testing.T, dir string) *jsonschema.Schema {
	t.Helper()
	src := fixtures.WebCore(t)
	c := jsonschema.NewCompiler()
	c.UseRegexpEngine(fixtures.UnicodeRegexp)
	load := func(rel string) map[string]any {
		f, err := os.Open(filepath.Join(src, dir, "schemas", rel))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		doc, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		return doc.(map[string]any)
	}
	add := func(url string, doc map[string]any) {
		if err := c.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
	}
	var main string
	switch dir {
	case "v0_8":
		main = "https://a2ui.org/specification/v0_8/server_to_client_with_standard_catalog.json"
		add(main, load("server_to_client_with_standard_catalog.json"))
	case "v0_9", "v1_0":
		base := "https://a2ui.org/specification/" + dir + "/"
		msgs := "server_to_client.json"
		if dir == "v1_0" {
			msgs = "agent_to_renderer.json"
		}
		main = base + msgs
		add(main, load(msgs))
		add(base+"common_types.json", load("common_types.json"))
		cat := load("catalogs/basic/catalog.json")
		cat["$id"] = base + "catalog.json"
		add(base+"catalog.json", cat)
	}
	sch, err := c.Compile(main)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func validate(t *testing.T, sch *jsonschema.Schema, line []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		t.Fatal(err)
	}
	return sch.Validate(inst)
}

// TestSchemas validates a whole session built in each version against the official
// schema: v0.8, v0.9 and v1.0 as they are in @a2ui/web_core; v0.9.1, whose schema the
// spec keeps identical to v0.9's (its "version" const included), against v0.9's with the
// version read as "v0.9". v0.10's schema is not in the npm package: its messages are
// checked by the renderer's decoder only (TestRendererReadsEveryMessage).
func TestSchemas(t *testing.T) {
	cases := []struct {
		v   agent.Version
		dir string
	}{
		{agent.V08, "v0_8"},
		{agent.V09, "v0_9"},
		{agent.V091, "v0_9"},
		{agent.V10, "v1_0"},
	}
	for _, tc := range cases {
		t.Run(tc.v.String(), func(t *testing.T) {
			sch := schemaFor(t, tc.dir)
			msgs := sampleMessages(tc.v)
			for i, m := range msgs {
				line, err := m.JSON()
				if err != nil {
					t.Fatalf("message %d: %v", i, err)
				}
				if tc.v == agent.V091 {
					if !bytes.HasPrefix(line, []byte(`{"version":"v0.9.1",`)) {
						t.Fatalf("message %d: want version v0.9.1: %s", i, line)
					}
					line = bytes.Replace(line, []byte(`"v0.9.1"`), []byte(`"v0.9"`), 1)
				}
				if err := validate(t, sch, line); err != nil {
					t.Errorf("message %d (%s) is invalid: %v\n%s", i, m.Kind(), err, line)
				}
			}
			if len(msgs) < 7 {
				t.Errorf("only %d messages", len(msgs))
			}
		})
	}
}

// TestSchemasReject shows the schema check can fail: messages a careless builder could
// write are rejected.
func TestSchemasReject(t *testing.T) {
	cases := []struct {
		dir, line, want string
	}{
		{"v0_8", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"t","component":{"Text":{"text":"plain"}}}]}}`, "text"},
		{"v0_8", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueMap":[{"key":"b","valueMap":[]}]}]}}`, "valueMap"},
		{"v0_9", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"t","component":"Text","text":"x","usageHint":"h1"}]}}`, "usageHint"},
		{"v1_0", `{"version":"v1.0","createSurface":{"surfaceId":"s","theme":{}}}`, "theme"},
	}
	for _, tc := range cases {
		err := validate(t, schemaFor(t, tc.dir), []byte(tc.line))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: got %v, want an error naming %q", tc.dir, tc.line, err, tc.want)
		}
	}
}

// TestSchemaListForms validates a Writer's messages as the A2A list form (a JSON array
// of messages), which v0.9 and v1.0 define a schema for.
func TestSchemaListForms(t *testing.T) {
	src := fixtures.WebCore(t)
	raw, err := os.ReadFile(filepath.Join(src, "v0_9", "schemas", "server_to_client_list.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	list, err := json.Marshal(sampleMessages(agent.V09))
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(list) || list[0] != '[' {
		t.Fatalf("not a JSON array: %.80s", list)
	}
	sch := schemaFor(t, "v0_9")
	var items []json.RawMessage
	json.Unmarshal(list, &items)
	for i, it := range items {
		if err := validate(t, sch, it); err != nil {
			t.Errorf("item %d: %v", i, err)
		}
	}
}
