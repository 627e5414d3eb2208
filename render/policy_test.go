package render

import (
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/policy"
)

const basic09 = `"catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"`

func policyRenderer(t *testing.T, profile, js string) (*Renderer, *fakeHost) {
	t.Helper()
	p, err := policy.Resolve(profile, []byte(js))
	if err != nil {
		t.Fatal(err)
	}
	h := newFakeHost(t)
	r := New(h, Options{Policy: p, BaseURL: "https://page.example/app/", Now: func() time.Time { return time.Unix(0, 0) }})
	return r, h
}

func imgSrcs(h *fakeHost, surface string) []string {
	var out []string
	var walk func(n *memdom.Node)
	walk = func(n *memdom.Node) {
		if n.Tag == "img" {
			src, _ := n.Attr("src")
			out = append(out, src)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	if host := h.doc.Host(surface); host != nil && host.Root != nil {
		walk(host.Root)
	}
	return out
}

// TestRelativeURLsResolveAgainstTheStream: a surface's relative and protocol-relative
// URLs resolve against the URL of the stream that created it (Process: the page's URL),
// then pass the allowlist ("self" is that stream's origin).
func TestRelativeURLsResolveAgainstTheStream(t *testing.T) {
	surface := func(id string) string {
		return `{"version":"v0.9","createSurface":{"surfaceId":"` + id + `",` + basic09 + `}}
{"version":"v0.9","updateComponents":{"surfaceId":"` + id + `","components":[{"id":"root","component":"Row","children":["a","b","c"]},{"id":"a","component":"Image","url":"/static/x.png"},{"id":"b","component":"Image","url":"//evil.example/t.gif"},{"id":"c","component":"Image","url":"https://cdn.example/c.png"}]}}
`
	}
	for _, tt := range []struct {
		name, profile, policy string
		stream, page          []string
	}{
		{"default", "", "", []string{"https://agent.example/static/x.png", "https://evil.example/t.gif", "https://cdn.example/c.png"},
			[]string{"https://page.example/static/x.png", "https://evil.example/t.gif", "https://cdn.example/c.png"}},
		{"strict, self listed", "strict", `{"urls":{"images":["self"]}}`, []string{"https://agent.example/static/x.png"},
			[]string{"https://page.example/static/x.png"}},
		{"strict", "strict", "", nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, h := policyRenderer(t, tt.profile, tt.policy)
			st := r.NewStream(JSONL)
			st.SetURL("https://agent.example/a2ui/stream?x=1")
			st.Write([]byte(surface("s")))
			r.Process([]byte(surface("p")))
			r.Frame()
			if got := imgSrcs(h, "s"); strings.Join(got, " ") != strings.Join(tt.stream, " ") {
				t.Errorf("stream surface images %v, want %v", got, tt.stream)
			}
			if got := imgSrcs(h, "p"); strings.Join(got, " ") != strings.Join(tt.page, " ") {
				t.Errorf("page surface images %v, want %v", got, tt.page)
			}
			if n := strings.Count(strings.Join(h.ofType("a2ui-error"), ""), "POLICY_DENIED"); n != 2*(3-len(tt.stream)) {
				t.Errorf("%d POLICY_DENIED errors: %v", n, h.ofType("a2ui-error"))
			}
		})
	}
}

// TestAgentOpenURLNeedsAGesture: the agent's callFunction openUrl opens only while the
// page has a user activation, on the links allowlist; a refusal answers the call.
func TestAgentOpenURLNeedsAGesture(t *testing.T) {
	call := `{"version":"v1.0","callRendererFunction":{"functionCallId":"f1","callFunction":{"call":"openUrl","args":{"url":"/help"},"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}}`
	for _, tt := range []struct {
		name, profile, policy string
		gesture               bool
		opened, answer        string
	}{
		{"no gesture", "", "", false, "", "no user gesture"},
		{"gesture", "", "", true, "https://page.example/help", `"value":null`},
		{"strict", "strict", "", true, "", "not on the links allowlist"},
		{"never", "", `{"openUrl":"never"}`, true, "", "never opens"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, h := policyRenderer(t, tt.profile, tt.policy)
			h.gesture = tt.gesture
			r.Process([]byte(call))
			if got := strings.Join(h.opened, " "); got != tt.opened {
				t.Errorf("opened %q, want %q", got, tt.opened)
			}
			if len(h.sent) != 1 || !strings.Contains(h.sent[0], `"functionCallId":"f1"`) || !strings.Contains(h.sent[0], tt.answer) {
				t.Errorf("answer %v, want one containing %q", h.sent, tt.answer)
			}
		})
	}
}

// TestSendDataModelLeavesObscuredFieldsOut: the data model attached to an action never
// carries a value typed into an obscured field.
func TestSendDataModelLeavesObscuredFieldsOut(t *testing.T) {
	r, h := policyRenderer(t, "", "")
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"s",` + basic09 + `,"sendDataModel":true}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/","value":{"user":"ada","pin":""}}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["u","p","b"]},{"id":"u","component":"TextField","label":"User","value":{"path":"/user"}},{"id":"p","component":"TextField","label":"PIN","variant":"obscured","value":{"path":"/pin"}},{"id":"b","component":"Button","child":"bt","action":{"event":{"name":"login","context":{"user":{"path":"/user"}}}}},{"id":"bt","component":"Text","text":"Log in"}]}}`))
	r.Frame()
	pin := findNode(h, "s", func(n *memdom.Node) bool { v, _ := n.Attr("type"); return v == "password" })
	r.Dispatch("s", dom.Event{Node: pin.ID, Type: "input", Value: "4321"})
	btn := findNode(h, "s", func(n *memdom.Node) bool { return n.Tag == "button" })
	r.Dispatch("s", dom.Event{Node: btn.ID, Type: "click"})
	if len(h.sent) != 1 {
		t.Fatalf("sent %v", h.sent)
	}
	if strings.Contains(h.sent[0], "4321") || !strings.Contains(h.sent[0], `"a2uiClientDataModel"`) || !strings.Contains(h.sent[0], `"user":"ada"`) {
		t.Errorf("action body %s", h.sent[0])
	}
	if got := string(r.DataModel("s")); !strings.Contains(got, "4321") {
		t.Errorf("the model itself lost the PIN: %s", got)
	}
	// The A2A metadata form as well.
	if got := string(r.ClientDataModel()); strings.Contains(got, "4321") || !strings.Contains(got, `"user":"ada"`) {
		t.Errorf("client data model %s", got)
	}
}

// TestPolicyLimits: the page's limits replace the renderer's defaults.
func TestPolicyLimits(t *testing.T) {
	r, h := policyRenderer(t, "", `{"limits":{"maxComponents":2,"maxLine":400}}`)
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"s",` + basic09 + `}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Row","children":["a","b"]},{"id":"a","component":"Text","text":"a"},{"id":"b","component":"Text","text":"b"}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/x","value":"` + strings.Repeat("x", 500) + `"}}`))
	errs := strings.Join(h.ofType("a2ui-error"), "\n")
	if !strings.Contains(errs, "LIMIT_EXCEEDED") || !strings.Contains(errs, "LINE_TOO_LONG") {
		t.Errorf("errors %s", errs)
	}
}

// TestNothingReachesLayout audits the style paths: whatever the theme or styles carry,
// only the two validated custom properties reach the surface host, and no built node
// carries a style attribute or a custom property (so nothing the agent sends reaches
// position, z-index, transform or inset).
func TestNothingReachesLayout(t *testing.T) {
	hostile := []string{
		`"position:fixed;inset:0;z-index:2147483647"`, `"red;transform:scale(50)"`, `"#fff;}:host{position:fixed}"`,
		`"url(https://evil.example/x)"`, `"var(--x)"`, `"expression(alert(1))"`, `"#123456\" onload=\"x"`, `{"position":"fixed"}`,
	}
	// The control: a valid theme does reach the host, as custom properties only; their
	// names are the only ones a hostile theme may produce.
	r, h := policyRenderer(t, "", "")
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"ok",` + basic09 + `,"theme":{"primaryColor":"#336699","font":"Roboto, sans-serif"}}}`))
	themeVars := map[string]bool{}
	for _, tv := range h.themes["ok"] {
		if !strings.HasPrefix(tv.Name, "--a2ui-") {
			t.Errorf("theme sets %s", tv.Name)
		}
		themeVars[tv.Name] = true
	}
	if !themeVars["--a2ui-primary-color"] || !themeVars["--a2ui-font"] {
		t.Errorf("valid theme: %v", h.themes["ok"])
	}
	for _, v := range hostile {
		r, h := policyRenderer(t, "", "")
		r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"s",` + basic09 + `,"theme":{"primaryColor":` + v + `,"font":` + v + `,"position":"fixed","zIndex":9,"transform":"scale(9)"}}}
{"version":"v0.8","beginRendering":{"surfaceId":"o","root":"r","styles":{"primaryColor":` + v + `,"font":` + v + `,"position":"fixed"}}}
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"x","style":{"position":"fixed"},"zIndex":9}]}}`))
		r.Frame()
		for id, vars := range h.themes {
			for _, tv := range vars {
				if !themeVars[tv.Name] || strings.ContainsAny(tv.Value, ";:{}\\\"") || strings.Contains(tv.Value, "url(") ||
					strings.Contains(tv.Value, "var(") {
					t.Errorf("%s: theme of %s sets %s = %q", v, id, tv.Name, tv.Value)
				}
			}
		}
		var walk func(n *memdom.Node)
		walk = func(n *memdom.Node) {
			for _, a := range n.Attrs {
				if a.Name == "style" {
					t.Errorf("%s: style attribute on <%s>", v, n.Tag)
				}
			}
			for name := range n.Props {
				if strings.HasPrefix(name, "--") {
					t.Errorf("%s: custom property %s on <%s>", v, name, n.Tag)
				}
			}
			for _, c := range n.Children {
				walk(c)
			}
		}
		if host := h.doc.Host("s"); host != nil && host.Root != nil {
			walk(host.Root)
		}
		if len(h.doc.Rejected) > 0 {
			t.Errorf("%s: applier refused %v", v, h.doc.Rejected)
		}
	}
}
