package render

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/policy"
)

const v010Surface = `{"version":"v0.10","createSurface":{"surfaceId":"q","catalogId":"https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json"}}
{"version":"v0.10","updateComponents":{"surfaceId":"q","components":[{"id":"root","component":"Column","children":["ask","answer"]},{"id":"ask-label","component":"Text","text":"Quote"},{"id":"ask","component":"Button","child":"ask-label","action":{"event":{"name":"getQuote","wantResponse":true,"responsePath":"/quote"}}},{"id":"answer","component":"Text","text":{"path":"/quote"}}]}}
`

func TestV010ActionResponseWritesResponsePath(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(v010Surface))
	r.Frame()
	dispatch(t, r, h, "q", findNode(h, "q", byTagText("button", "Quote")), dom.Event{Type: "click"})
	acts := h.ofType("a2ui-action")
	want := `{"action":{"actionId":"a-1","context":{},"name":"getQuote","sourceComponentId":"ask","surfaceId":"q","timestamp":"2026-11-22T10:00:00.000Z","wantResponse":true},"version":"v0.10"}`
	if len(acts) != 1 || acts[0] != want {
		t.Fatalf("action = %v\nwant     %s", acts, want)
	}
	r.Process([]byte(`{"version":"v0.10","actionId":"a-1","actionResponse":{"value":"42 EUR"}}`))
	r.Frame()
	if !strings.Contains(h.text("q"), "42 EUR") {
		t.Fatalf("response not shown: %q", h.text("q"))
	}
	// A second response for the same id is an error: the action is no longer pending.
	r.Process([]byte(`{"version":"v0.10","actionId":"a-1","actionResponse":{"value":"again"}}`))
	if errs := h.ofType("a2ui-error"); len(errs) != 1 || !strings.Contains(errs[0], "no pending action") {
		t.Fatalf("errors = %v", errs)
	}
}

func TestCallFunctionAnswers(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"v1.0 ok", `{"version":"v1.0","callRendererFunction":{"functionCallId":"c1","callFunction":{"call":"formatNumber","args":{"value":1234.5,"decimals":1},"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}}`,
			`{"rendererFunctionResponse":{"functionCallId":"c1","value":"1,234.5"},"version":"v1.0"}`},
		{"v1.0 unknown", `{"version":"v1.0","callRendererFunction":{"functionCallId":"c2","callFunction":{"call":"eval","args":{},"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}}`,
			`{"rendererFunctionResponse":{"error":{"code":"FUNCTION_FAILED","message":"function \"eval\" is not available in this renderer"},"functionCallId":"c2"},"version":"v1.0"}`},
		{"v0.10 ok", `{"version":"v0.10","functionCallId":"c3","wantResponse":true,"callFunction":{"call":"email","args":{"value":"a@b.co"},"returnType":"boolean","callableFrom":"clientOrRemote"}}`,
			`{"functionResponse":{"call":"email","functionCallId":"c3","value":true},"version":"v0.10"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, h := newRenderer(t)
			r.Process([]byte(c.in))
			if len(h.sent) != 1 || h.sent[0] != c.want {
				t.Fatalf("sent = %v\nwant   %s", h.sent, c.want)
			}
		})
	}
}

func TestCapabilitiesListEveryCatalogPerVersionAndFlat(t *testing.T) {
	r, _ := newRenderer(t)
	caps := string(r.Capabilities())
	for _, want := range []string{`"v0.9":{"supportedCatalogIds":[`, `"v1.0":{"supportedCatalogIds":[`,
		`"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"`} {
		if !strings.Contains(caps, want) {
			t.Errorf("capabilities lack %s: %s", want, caps)
		}
	}
	if !strings.HasPrefix(caps, `{"supportedCatalogIds":[`) {
		t.Errorf("flat form missing: %s", caps)
	}
}

// restricted is a policy of the kind the OpenWOP envelope needs: no media, no
// formatting functions, no URLs at all.
var restricted = &policy.Policy{
	Components: policy.Names{Deny: []string{"Image"}},
	Functions:  policy.Names{Deny: []string{"formatString"}},
}

func TestPolicySwitchesOffComponentsAndFunctions(t *testing.T) {
	h := newFakeHost(t)
	r := New(h, Options{Policy: restricted})
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"p","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"p","components":[{"id":"root","component":"Column","children":["img","fmt","plain"]},{"id":"img","component":"Image","url":"https://example.com/a.png"},{"id":"fmt","component":"Text","text":{"call":"formatString","args":{"value":"hi ${/n}"}}},{"id":"plain","component":"Text","text":"still works"}]}}`))
	r.Frame()
	html := h.doc.Host("p").HTML()
	if strings.Contains(html, "example.com") || !strings.Contains(html, "a2ui-unknown") {
		t.Errorf("image not refused: %s", html)
	}
	if !strings.Contains(html, "still works") {
		t.Errorf("other components gone: %s", html)
	}
	errs := strings.Join(h.ofType("a2ui-error"), "\n")
	if strings.Count(errs, "POLICY_DENIED") != 2 {
		t.Errorf("errors = %s", errs)
	}
	// The agent cannot call a switched-off function either.
	r.Process([]byte(`{"version":"v1.0","callRendererFunction":{"functionCallId":"x","callFunction":{"call":"formatString","args":{"value":"a"},"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}}`))
	if last := h.sent[len(h.sent)-1]; !strings.Contains(last, `"functionCallId":"x"`) || !strings.Contains(last, "not available") {
		t.Errorf("function call answered %s", last)
	}
}
