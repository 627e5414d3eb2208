package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/aguiagent"
)

// TestWithAGUIRoutes: the dev server serves the AG-UI run endpoint beside the site (and
// in front of the /agent/ demo endpoints).
func TestWithAGUIRoutes(t *testing.T) {
	site := http.NewServeMux()
	site.Handle("/agent/", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "demo agent") }))
	srv := httptest.NewServer(WithAGUI(site, aguiagent.NewHandler(aguiagent.Options{})))
	defer srv.Close()
	for _, tc := range []struct{ method, path, body, want string }{
		{"POST", aguiagent.Path, `{"threadId":"t","runId":"r","messages":[]}`, `"type":"RUN_FINISHED"`},
		{"POST", "/agent/action", `{}`, "demo agent"},
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
