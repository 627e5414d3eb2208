package a2a

import (
	"slices"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

func TestCardURLs(t *testing.T) {
	for _, tc := range []struct {
		agent string
		want  []string
		err   string
	}{
		{"https://agent.example", []string{"https://agent.example/.well-known/agent-card.json"}, ""},
		{"https://agent.example/", []string{"https://agent.example/.well-known/agent-card.json"}, ""},
		{"http://h:8080/a2a/?x=1#f", []string{"http://h:8080/a2a/.well-known/agent-card.json", "http://h:8080/.well-known/agent-card.json"}, ""},
		{"https://h/cards/agent.json?v=2#top", []string{"https://h/cards/agent.json?v=2"}, ""},
		{"/relative", nil, "absolute http(s) URL"},
		{"javascript:alert(1)", nil, "absolute http(s) URL"},
		{"https:///nohost", nil, "absolute http(s) URL"},
	} {
		got, err := CardURLs(tc.agent)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("CardURLs(%q) error = %v, want %q", tc.agent, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("CardURLs(%q) = %q, %v; want %q", tc.agent, got, err, tc.want)
		}
	}
}

func TestParseCard(t *testing.T) {
	const ext = `"capabilities":{"streaming":true,"extensions":[
		{"uri":"https://a2ui.org/a2a-extension/a2ui/v0.8","params":{"supportedCatalogIds":["old"]}},
		{"uri":"https://a2ui.org/a2a-extension/a2ui/v0.9","required":true,"params":{"supportedCatalogIds":["c9"],"acceptsInlineCatalogs":true}},
		{"uri":"https://example.com/other-extension"}]}`
	for _, tc := range []struct {
		name, body                 string
		endpoint, version, errText string
		streaming                  bool
	}{
		{"1.0 preferred over 0.3 whatever the order", `{"supportedInterfaces":[
			{"url":"https://a/v03","protocolBinding":"JSONRPC","protocolVersion":"0.3"},
			{"url":"https://a/grpc","protocolBinding":"GRPC","protocolVersion":"1.0"},
			{"url":"https://a/v1","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],` + ext + `}`,
			"https://a/v1", V10, "", true},
		{"0.3 card (url, preferredTransport)", `{"protocolVersion":"0.3.0","url":"https://a/rpc","preferredTransport":"JSONRPC"}`,
			"https://a/rpc", V03, "", false},
		{"0.3 card, JSON-RPC in additionalInterfaces", `{"protocolVersion":"0.3.0","url":"https://a/grpc","preferredTransport":"GRPC",
			"additionalInterfaces":[{"url":"https://a/rest","transport":"HTTP+JSON"},{"url":"https://a/rpc","transport":"JSONRPC"}]}`,
			"https://a/rpc", V03, "", false},
		{"0.3 card without a version", `{"url":"https://a/rpc"}`, "https://a/rpc", V03, "", false},
		{"a path resolves against the card's origin", `{"supportedInterfaces":[{"url":"/a2a/v1","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`,
			"https://card.example/a2a/v1", V10, "", false},
		{"a relative path is refused", `{"supportedInterfaces":[{"url":"v1","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`,
			"", "", "no JSON-RPC interface", false},
		{"only gRPC", `{"supportedInterfaces":[{"url":"https://a/g","protocolBinding":"GRPC","protocolVersion":"1.0"}]}`,
			"", "", "no JSON-RPC interface", false},
		{"an unknown version", `{"supportedInterfaces":[{"url":"https://a/x","protocolBinding":"JSONRPC","protocolVersion":"2.0"}]}`,
			"", "", "no JSON-RPC interface", false},
		{"not JSON", `{"name":`, "", "", "not valid JSON", false},
		{"a member of the wrong type", `{"url":"https://a/rpc","capabilities":{"streaming":"yes"}}`, "", "", "member of the wrong type", false},
		{"not an object", `["https://a/rpc"]`, "", "", "member of the wrong type", false},
		{"null members read as missing", `{"name":null,"url":"https://a/rpc","protocolVersion":null,"capabilities":{"streaming":null,"extensions":null}}`,
			"https://a/rpc", V03, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseCard([]byte(tc.body), "https://card.example/.well-known/agent-card.json")
			if tc.errText != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errText) {
					t.Fatalf("error = %v, want %q", err, tc.errText)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Endpoint != tc.endpoint || c.Version != tc.version || c.Streaming != tc.streaming {
				t.Errorf("card = %+v", c)
			}
		})
	}
	c, err := ParseCard([]byte(`{"url":"https://a/rpc",`+ext+`}`), "https://a/card.json")
	if err != nil {
		t.Fatal(err)
	}
	want := Extension{URI: "https://a2ui.org/a2a-extension/a2ui/v0.9", Version: protocol.V09, CatalogIDs: []string{"c9"}, AcceptsInlineCatalogs: true, Required: true}
	if c.A2UI.URI != want.URI || c.A2UI.Version != want.Version || !slices.Equal(c.A2UI.CatalogIDs, want.CatalogIDs) ||
		!c.A2UI.AcceptsInlineCatalogs || !c.A2UI.Required {
		t.Errorf("A2UI extension = %+v, want %+v", c.A2UI, want)
	}
	if got := c.extensionURIs(); !slices.Equal(got, []string{
		"https://a2ui.org/a2a-extension/a2ui/v0.9", "https://a2ui.org/a2a-extension/a2ui/v0.10",
		"https://a2ui.org/a2a-extension/a2ui/v0.9.1", "https://a2ui.org/a2a-extension/a2ui/v0.8"}) {
		t.Errorf("extension URIs = %q", got)
	}
	versions, ids := c.announce([]string{"zz", "c9"})
	if !slices.Equal(versions, []protocol.Version{protocol.V09}) || !slices.Equal(ids, []string{"c9"}) {
		t.Errorf("announce = %v %q", versions, ids)
	}
	_, ids = c.announce([]string{"zz", "aa"})
	if !slices.Equal(ids, []string{"aa", "zz"}) {
		t.Errorf("announce without a common catalog = %q", ids)
	}
}
