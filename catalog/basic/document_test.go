package basic_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/internal/fixtures"
	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/render/rendertest"
)

const reviewsID = "https://example.com/catalogs/reviews.json"

// reviews is a small custom catalog: Rating and Text only, plus a function.
func reviews() *catalog.Catalog {
	text, _ := basic.Catalog().Lookup("Text")
	return catalog.New([]string{reviewsID}, ratingDef, text).WithFunctions(&catalog.FuncDef{
		Name: "stars", Description: "Renders a rating as stars.", Returns: "string",
		Args: []catalog.ArgSpec{{Name: "value", Type: "number", Required: true}},
		Func: func(c *binding.Context, args map[string]any) (any, error) {
			return strings.Repeat("★", int(binding.ToNumber(args["value"]))), nil
		},
	})
}

// compile compiles schema file rel of web_core's dir (v0_8, v0_9, v1_0) under url, with
// the other files of that dir it references added at their own URLs.
func compile(t *testing.T, dir, rel string, others ...string) *jsonschema.Schema {
	t.Helper()
	src := fixtures.WebCore(t)
	c := jsonschema.NewCompiler()
	c.UseRegexpEngine(fixtures.UnicodeRegexp)
	base := "https://a2ui.org/specification/" + dir + "/"
	for _, f := range append([]string{rel}, others...) {
		b, err := os.ReadFile(filepath.Join(src, dir, "schemas", f))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(base+f, doc); err != nil {
			t.Fatal(err)
		}
	}
	s, err := c.Compile(base + rel)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, doc []byte) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("%s\ndoes not validate: %v", doc, err)
	}
}

func TestDocumentsValidateAgainstSpecSchemas(t *testing.T) {
	v08 := compile(t, "v0_8", "catalog_description_schema.json")
	v09 := compile(t, "v0_9", "client_capabilities.json")
	v10 := compile(t, "v1_0", "catalog_definition.json", "common_types.json")
	for _, c := range []*catalog.Catalog{basic.Catalog(), reviews()} {
		d08, err := c.Document(protocol.V08)
		if err != nil {
			t.Fatal(err)
		}
		validate(t, v08, d08)
		for _, v := range []protocol.Version{protocol.V09, protocol.V091, protocol.V010} {
			d, err := c.Document(v)
			if err != nil {
				t.Fatal(err)
			}
			caps, _ := json.Marshal(map[string]any{"v0.9": map[string]any{"supportedCatalogIds": c.CatalogIDs(), "inlineCatalogs": []json.RawMessage{d}}})
			validate(t, v09, caps)
		}
		d10, err := c.Document(protocol.V10)
		if err != nil {
			t.Fatal(err)
		}
		validate(t, v10, d10)
	}
	// The validators do reject: a catalog document without its catalogId.
	if err := v10.Validate(map[string]any{"components": map[string]any{}}); err == nil {
		t.Error("catalog_definition accepted a document without catalogId")
	}
}

// The generated document says what PropSpec says: required props, enum values and
// their default, bindable props accepting {path}, functions with their signature.
func TestDocumentFromPropSpecs(t *testing.T) {
	b, err := reviews().Document(protocol.V10)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		CatalogID  string
		Components map[string]struct {
			Properties map[string]map[string]any
			Required   []string
		}
		Functions map[string]struct {
			Properties struct{ Args map[string]any }
			ReturnType string
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.CatalogID != reviewsID {
		t.Errorf("catalogId %q", doc.CatalogID)
	}
	r := doc.Components["Rating"]
	if !slices.Equal(r.Required, []string{"id", "component", "value"}) {
		t.Errorf("required %v", r.Required)
	}
	if got, _ := json.Marshal(r.Properties["size"]); string(got) != `{"default":"medium","enum":["medium","small","large"],"type":"string"}` {
		t.Errorf("size %s", got)
	}
	if got, _ := json.Marshal(r.Properties["value"]); !strings.Contains(string(got), `"required":["path"]`) || !strings.Contains(string(got), `{"type":"number"}`) {
		t.Errorf("value %s", got)
	}
	if got, _ := json.Marshal(r.Properties["component"]); string(got) != `{"const":"Rating"}` {
		t.Errorf("component %s", got)
	}
	f := doc.Functions["stars"]
	if got, _ := json.Marshal(f.Properties.Args); f.ReturnType != "string" || string(got) != `{"properties":{"value":{"type":"number"}},"required":["value"],"type":"object"}` {
		t.Errorf("stars: %s returns %q", got, f.ReturnType)
	}
}

// Capabilities list every catalog's ids; inline catalogs (only the non-official ones)
// only when the agent accepts them, each version in its own shape, valid against the
// spec's capabilities schemas.
func TestCapabilitiesListCatalogs(t *testing.T) {
	cats := []*catalog.Catalog{basic.Catalog(), reviews()}
	plain := rendertest.New(render.Options{Catalogs: cats}).R.Capabilities()
	if bytes.Contains(plain, []byte("inlineCatalogs")) {
		t.Errorf("inline catalogs sent unasked: %s", plain)
	}
	caps := rendertest.New(render.Options{Catalogs: cats, InlineCatalogs: true}).R.Capabilities()
	type entry struct {
		SupportedCatalogIDs []string          `json:"supportedCatalogIds"`
		InlineCatalogs      []json.RawMessage `json:"inlineCatalogs"`
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(caps, &top); err != nil {
		t.Fatalf("%v: %s", err, caps)
	}
	m := map[string]entry{}
	for _, k := range []string{"v0.9", "v1.0"} {
		var e entry
		if err := json.Unmarshal(top[k], &e); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		m[k] = e
		if !slices.Contains(e.SupportedCatalogIDs, reviewsID) || !slices.Contains(e.SupportedCatalogIDs, basic.CatalogIDs[0]) {
			t.Errorf("%s ids %v", k, e.SupportedCatalogIDs)
		}
		if len(e.InlineCatalogs) != 1 || !bytes.Contains(e.InlineCatalogs[0], []byte(reviewsID)) {
			t.Errorf("%s inline %s", k, e.InlineCatalogs)
		}
	}
	validate(t, compile(t, "v0_9", "client_capabilities.json"), caps)
	validate(t, compile(t, "v1_0", "renderer_capabilities.json", "catalog_definition.json", "common_types.json"), caps)
	// v0.9 lists functions as an array, v1.0 as an object.
	if !bytes.Contains(m["v0.9"].InlineCatalogs[0], []byte(`"functions":[`)) || !bytes.Contains(m["v1.0"].InlineCatalogs[0], []byte(`"functions":{`)) {
		t.Errorf("function shapes: %s", caps)
	}
}
