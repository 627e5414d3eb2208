package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
)

// TestWithA2ARoutes: the dev server serves the A2A card and endpoints beside the site.
func TestWithA2ARoutes(t *testing.T) {
	agent, err := demoagent.NewAgent("../../testdata", 0)
	if err != nil {
		t.Fatal(err)
	}
	a2a := a2aagent.NewHandler(a2aagent.FromDemo("../../testdata", agent), a2aagent.Options{})
	srv := httptest.NewServer(WithA2A(http.NotFoundHandler(), a2a))
	defer srv.Close()
	for _, tc := range []struct{ method, path, body, want string }{
		{"GET", "/.well-known/agent-card.json", "", `"url": "` + srv.URL + `/a2a/v0.3"`},
		{"GET", "/.well-known/agent-card.json", "", `"url": "` + srv.URL + `/a2a/v1"`},
		{"POST", "/a2a/v1", `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"nope"}}`, `"code":-32001`},
		{"GET", "/elsewhere", "", "404 page not found"},
	} {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), tc.want) {
			t.Errorf("%s %s = %s, want it to contain %s", tc.method, tc.path, b, tc.want)
		}
	}
}
