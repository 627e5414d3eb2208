package render

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/catalog/basic"
)

// Catalog resolution of function calls, as upstream's conformance suite
// (a2ui-project/a2ui conformance/core/message_processor_v1_0.yaml) and web_core's
// DataContext read the spec: a call runs in the catalog it names, else in the surface's
// default catalog; before v1.0 a call cannot name one.

const basicV10 = `"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"`

// TestUpstreamV10CallInIndexArgsWithoutDefaultCatalog is the suite's
// test_v10_call_in_index_args_on_surface_without_default_errors: on a surface created
// without a catalogId, @index itself is accepted, but a call in its args that names no
// catalogId cannot be resolved. The error is reported when the components arrive, before
// any row exists; once rows exist their Text stays empty.
func TestUpstreamV10CallInIndexArgsWithoutDefaultCatalog(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(`{"version":"v1.0","createSurface":{"surfaceId":"s"}}
{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"List",` + basicV10 + `,"children":{"path":"/items","componentId":"row"}},{"id":"row","component":"Text",` + basicV10 + `,"text":{"@call":"@index","args":{"offset":{"@call":"formatNumber","args":{"value":1}}}}}]}}
`))
	want := `{"error":{"code":"CATALOG_UNSUPPORTED","message":"function call \"formatNumber\" names no catalogId and surface \"s\" has no default catalogId","path":"/updateComponents/components/1/text/args/offset","surfaceId":"s"},"version":"v1.0"}`
	if errs := h.ofType("a2ui-error"); len(errs) != 1 || errs[0] != want {
		t.Fatalf("errors %q\nwant %s", errs, want)
	}
	if len(h.sent) != 1 || h.sent[0] != want {
		t.Errorf("sent to the agent: %q", h.sent)
	}

	r.Process([]byte(`{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/items","value":["a","b"]}}` + "\n"))
	r.Frame()
	if got := textsOf(h, "s"); len(got) != 2 || got[0] != "" || got[1] != "" {
		t.Errorf("rows show %q, want two empty Texts", got)
	}
	errs := h.ofType("a2ui-error")
	if len(errs) < 2 || !strings.Contains(errs[1], `"code":"CATALOG_UNSUPPORTED"`) || !strings.Contains(errs[1], `"path":"/components/row/text"`) {
		t.Errorf("evaluation errors %q", errs)
	}
}

// TestUpstreamV10IndexWithoutDefaultCatalog is the suite's
// test_v10_index_function_on_surface_without_default: @index belongs to no catalog, so a
// template may call it on a surface without a default catalog.
func TestUpstreamV10IndexWithoutDefaultCatalog(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(`{"version":"v1.0","createSurface":{"surfaceId":"s","dataModel":{"items":["a","b"]}}}
{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"List",` + basicV10 + `,"children":{"path":"/items","componentId":"row"}},{"id":"row","component":"Text",` + basicV10 + `,"text":{"@call":"@index","args":{"offset":1}}}]}}
`))
	r.Frame()
	if errs := h.ofType("a2ui-error"); len(errs) != 0 {
		t.Fatalf("errors %q", errs)
	}
	if got := textsOf(h, "s"); strings.Join(got, ",") != "1,2" {
		t.Errorf("rows show %q", got)
	}
}

// TestV10CallsWithoutDefaultCatalog: the same rule for calls elsewhere on such a surface
// (the suite's test_v10_call_without_catalog_id_on_surface_without_default_errors_without_strict_mode
// and test_v10_nested_call_in_args_on_surface_without_default_errors): each call naming
// no catalogId is reported at its path, in inline createSurface components too; calls
// naming their catalog run.
func TestV10CallsWithoutDefaultCatalog(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(`{"version":"v1.0","createSurface":{"surfaceId":"s","dataModel":{"n":"Ada"},"components":[{"id":"root","component":"Column",` + basicV10 + `,"children":["a","b","c"]},{"id":"a","component":"Text",` + basicV10 + `,"text":{"call":"formatString","args":{"value":"hi ${/n}"}}}]}}
{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"b","component":"Text",` + basicV10 + `,"text":{"call":"formatString",` + basicV10 + `,"args":{"value":{"call":"formatString","args":{"value":"x"}}}}},{"id":"c","component":"Text",` + basicV10 + `,"text":{"call":"formatString",` + basicV10 + `,"args":{"value":"named ${/n}"}}}]}}
`))
	errs := h.ofType("a2ui-error")
	for i, path := range []string{"/createSurface/components/1/text", "/updateComponents/components/0/text/args/value"} {
		if i >= len(errs) || !strings.Contains(errs[i], `"code":"CATALOG_UNSUPPORTED"`) || !strings.Contains(errs[i], `"path":"`+path+`"`) ||
			!strings.Contains(errs[i], "has no default catalogId") {
			t.Errorf("error %d: want CATALOG_UNSUPPORTED at %s, errors %q", i, path, errs)
		}
	}
	if len(errs) != 2 {
		t.Errorf("%d errors when the components arrived, want 2: %q", len(errs), errs)
	}
	r.Frame()
	if got := textsOf(h, "s"); strings.Join(got, "|") != "||named Ada" {
		t.Errorf("texts %q", got)
	}
}

// TestV09CallCatalogIDIgnored: before v1.0 a call cannot select a catalog, so web_core
// ignores a "catalogId" on it and runs the call in the surface's catalog (its DataContext:
// "Before v1.0 a call cannot select a catalog, so a catalogId on it is ignored"). The
// renderer used to refuse the call (CATALOG_UNSUPPORTED) and leave the Text empty.
func TestV09CallCatalogIDIgnored(t *testing.T) {
	r, h := newCatalogRenderer(t, basic.Catalog(), charts())
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["greet","double"]},{"id":"greet","component":"Text","text":{"call":"formatString","args":{"value":"Hello, ${/name}"},"catalogId":"https://example.com/catalogs/other.json"}},{"id":"double","component":"Text","text":{"call":"double","args":{"value":2},"catalogId":"` + chartsID + `"}}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/name","value":"Ada"}}
`))
	r.Frame()
	if got := textsOf(h, "s"); strings.Join(got, "|") != "Hello, Ada|" {
		t.Errorf("texts %q", got)
	}
	// "double" is the charts catalog's: the call runs in the surface's basic catalog.
	want := `{"error":{"code":"FUNCTION_FAILED","message":"unknown function \"double\"","path":"/components/double/text","surfaceId":"s"},"version":"v0.9"}`
	if errs := h.ofType("a2ui-error"); len(errs) != 1 || errs[0] != want {
		t.Errorf("errors %q\nwant %s", errs, want)
	}
}
