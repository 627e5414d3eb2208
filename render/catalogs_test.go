package render

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/protocol"
)

const chartsID = "https://example.com/catalogs/charts.json"

// charts is a custom catalog with a Bar component and a "double" function.
func charts() *catalog.Catalog {
	bar := &catalog.ComponentDef{Name: "Bar", Props: []catalog.PropSpec{{Name: "value", Kind: catalog.KindDynamicNumber, Required: true}},
		Render: func(b *catalog.Builder, in *catalog.Instance) *dom.Node {
			return catalog.Add(catalog.El("div", catalog.A("class", "x-bar")), catalog.Text("bar "+b.String(in, "value")))
		}}
	return catalog.New([]string{chartsID}, bar).WithFunctions(&catalog.FuncDef{Name: "double", Returns: "number",
		Args: []catalog.ArgSpec{{Name: "value", Type: "number", Required: true}},
		Func: func(c *binding.Context, args map[string]any) (any, error) {
			return 2 * binding.ToNumber(args["value"]), nil
		}})
}

func newCatalogRenderer(t *testing.T, cats ...*catalog.Catalog) (*Renderer, *fakeHost) {
	h := newFakeHost(t)
	return New(h, Options{Catalogs: cats}), h
}

// A surface renders with the catalog its createSurface names; another surface of the
// same stream with the basic catalog.
func TestSurfaceCatalogChosenByCatalogID(t *testing.T) {
	r, h := newCatalogRenderer(t, basic.Catalog(), charts())
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"c","catalogId":"` + chartsID + `"}}
{"version":"v0.9","updateComponents":{"surfaceId":"c","components":[{"id":"root","component":"Bar","value":{"call":"double","args":{"value":21}}}]}}
{"version":"v0.9","createSurface":{"surfaceId":"b","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[{"id":"root","component":"Bar","value":1}]}}
`))
	r.Frame()
	if got := h.text("c"); got != "bar 42" {
		t.Errorf("charts surface %q", got)
	}
	// Bar is not a basic component; the basic catalog has no "double" either.
	if got := h.text("b"); !strings.Contains(got, "Unsupported component: Bar") {
		t.Errorf("basic surface %q", got)
	}
	if errs := h.ofType("a2ui-error"); len(errs) != 1 || !strings.Contains(errs[0], "UNKNOWN_COMPONENT") || !strings.Contains(errs[0], `"surfaceId":"b"`) {
		t.Errorf("errors %v", errs)
	}
}

// createSurface with a catalog the renderer lacks: the error is reported at once (no
// frame, no component yet), the surface shows the fail-closed notice, and components
// arriving later are not rendered.
func TestUnsupportedCatalogFailsClosedAtCreateSurface(t *testing.T) {
	r, h := newCatalogRenderer(t) // basic only
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"c","catalogId":"` + chartsID + `"}}` + "\n"))
	errs := h.ofType("a2ui-error")
	want := `{"error":{"code":"CATALOG_UNSUPPORTED","message":"catalog \"` + chartsID + `\" is not supported by this renderer; the surface is not shown","path":"/createSurface/catalogId","surfaceId":"c"},"version":"v0.9"}`
	if len(errs) != 1 || errs[0] != want {
		t.Fatalf("errors %v\nwant %s", errs, want)
	}
	if len(h.sent) != 1 || h.sent[0] != want {
		t.Errorf("sent to the agent: %v", h.sent)
	}
	r.Process([]byte(`{"version":"v0.9","updateComponents":{"surfaceId":"c","components":[{"id":"root","component":"Text","text":"secret"},{"id":"b","component":"Button","child":"root","action":{"event":{"name":"x"}}}]}}` + "\n"))
	r.Frame()
	got := h.text("c")
	if !strings.Contains(got, "needs a component catalog this page does not have") || strings.Contains(got, "secret") {
		t.Errorf("surface shows %q", got)
	}
	if n := findNode(h, "c", func(n *memdom.Node) bool { return n.Tag == "button" }); n != nil {
		t.Error("a button of the unsupported surface rendered")
	}
	if n := len(h.ofType("a2ui-error")); n != 1 {
		t.Errorf("%d errors, want the one of createSurface", n)
	}
}

// v1.0 per-component catalogId: resolved against the renderer's catalogs; an unknown,
// empty or non-string one fails that component closed with an error.
func TestPerComponentCatalogID(t *testing.T) {
	r, h := newCatalogRenderer(t, basic.Catalog(), charts())
	r.Process([]byte(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}
{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["ok","unknown","empty","num"]},{"id":"ok","component":"Bar","catalogId":"` + chartsID + `","value":7},{"id":"unknown","component":"Bar","catalogId":"https://example.com/nope.json","value":1},{"id":"empty","component":"Bar","catalogId":"","value":1},{"id":"num","component":"Bar","catalogId":5,"value":1}]}}
`))
	r.Frame()
	got := h.text("s")
	if !strings.Contains(got, "bar 7") || strings.Count(got, "bar ") != 1 {
		t.Errorf("surface %q", got)
	}
	errs := strings.Join(h.ofType("a2ui-error"), "\n")
	for _, want := range []string{
		`"code":"CATALOG_UNSUPPORTED","message":"catalog \"https://example.com/nope.json\" is not supported by this renderer","path":"/components/unknown/catalogId"`,
		`"code":"CATALOG_UNSUPPORTED","message":"catalogId must not be empty","path":"/components/empty/catalogId"`,
		`"code":"CATALOG_UNSUPPORTED","message":"catalogId must be a string","path":"/components/num/catalogId"`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("missing %s in\n%s", want, errs)
		}
	}
}

// v1.0 per-call catalogId: a FunctionCall runs the function of the catalog it names;
// an unknown, empty or non-string one is an error and the value fails closed.
func TestPerCallCatalogID(t *testing.T) {
	r, h := newCatalogRenderer(t, basic.Catalog(), charts())
	r.Process([]byte(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}
{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["a","b","c","d"]},{"id":"a","component":"Text","text":{"call":"double","args":{"value":4},"catalogId":"` + chartsID + `"}},{"id":"b","component":"Text","text":{"call":"double","args":{"value":4}}},{"id":"c","component":"Text","text":{"call":"double","args":{"value":4},"catalogId":"https://example.com/nope.json"}},{"id":"d","component":"Text","text":{"call":"double","args":{"value":4},"catalogId":""}}]}}
`))
	r.Frame()
	if got := h.text("s"); got != "8" {
		t.Errorf("surface %q", got)
	}
	errs := strings.Join(h.ofType("a2ui-error"), "\n")
	for _, want := range []string{
		`"code":"FUNCTION_FAILED","message":"unknown function \"double\"","path":"/components/b/text"`,
		`"code":"CATALOG_UNSUPPORTED","message":"catalog \"https://example.com/nope.json\" is not supported by this renderer","path":"/components/c/text"`,
		`"code":"VALIDATION_FAILED","message":"\"catalogId\" must be a non-empty string","path":"/components/d/text"`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("missing %s in\n%s", want, errs)
		}
	}
	// callRendererFunction names the catalog too.
	r.Process([]byte(`{"version":"v1.0","callRendererFunction":{"functionCallId":"f1","callFunction":{"call":"double","args":{"value":5},"catalogId":"` + chartsID + `"}}}
{"version":"v1.0","callRendererFunction":{"functionCallId":"f2","callFunction":{"call":"double","args":{"value":5},"catalogId":"https://example.com/nope.json"}}}
`))
	sent := strings.Join(h.sent, "\n")
	for _, want := range []string{
		`{"rendererFunctionResponse":{"functionCallId":"f1","value":10},"version":"v1.0"}`,
		`{"rendererFunctionResponse":{"error":{"code":"CATALOG_UNSUPPORTED","message":"catalog \"https://example.com/nope.json\" is not supported by this renderer"},"functionCallId":"f2"},"version":"v1.0"}`,
	} {
		if !strings.Contains(sent, want) {
			t.Errorf("missing %s in\n%s", want, sent)
		}
	}
}

// v0.8: beginRendering may name the catalog after surfaceUpdate created the surface; the
// surface then renders with that catalog. One naming no catalog fails closed.
func TestV08BeginRenderingChoosesCatalog(t *testing.T) {
	r, h := newCatalogRenderer(t, basic.Catalog(), charts())
	r.Process([]byte(`{"surfaceUpdate":{"surfaceId":"c","components":[{"id":"root","component":{"Bar":{"value":7}}}]}}
{"beginRendering":{"surfaceId":"c","root":"root","catalogId":"` + chartsID + `"}}
{"surfaceUpdate":{"surfaceId":"x","components":[{"id":"root","component":{"Text":{"text":{"literalString":"secret"}}}}]}}
{"beginRendering":{"surfaceId":"x","root":"root","catalogId":"https://example.com/nope.json"}}
`))
	r.Frame()
	if got := h.text("c"); got != "bar 7" {
		t.Errorf("surface c %q (errors %v)", got, h.ofType("a2ui-error"))
	}
	if got := h.text("x"); strings.Contains(got, "secret") || !strings.Contains(got, "catalog this page does not have") {
		t.Errorf("surface x %q", got)
	}
	if errs := strings.Join(h.ofType("a2ui-error"), "\n"); !strings.Contains(errs, `"code":"CATALOG_UNSUPPORTED"`) {
		t.Errorf("errors %s", errs)
	}
}

// The ids the basic catalog had before it moved, which AG-UI's middleware, CopilotKit and
// the A2UI-over-MCP recipe still send, render with the basic catalog; the capabilities
// announce only the current ids.
func TestOldBasicCatalogIDsRender(t *testing.T) {
	for _, id := range basic.OldCatalogIDs {
		t.Run(id, func(t *testing.T) {
			r, h := newCatalogRenderer(t, basic.Catalog())
			r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + id + `"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hello"}]}}
`))
			r.Frame()
			if got := h.text("s"); got != "hello" {
				t.Errorf("surface shows %q", got)
			}
			if errs := h.ofType("a2ui-error"); len(errs) != 0 {
				t.Errorf("errors %v", errs)
			}
			if caps := string(r.Capabilities()); strings.Contains(caps, id) || !strings.Contains(caps, protocol.CatalogV09Basic) {
				t.Errorf("capabilities %s", caps)
			}
		})
	}
}
