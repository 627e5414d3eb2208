package mcp

import (
	"github.com/a2ui-go/a2ui/protocol"
	"net/http"
	"slices"
	"testing"
)

// Close ends the session with a DELETE carrying the session headers, as the official
// client's terminateSession does: 2xx and 405 (the server does not end sessions on
// request) are fine, other statuses are reported; a later request initializes anew.
func TestClose(t *testing.T) {
	for _, tc := range []struct {
		status int
		err    string
	}{
		{http.StatusNoContent, ""},
		{http.StatusOK, ""},
		{http.StatusMethodNotAllowed, ""},
		{http.StatusNotFound, "the session was not ended: HTTP status 404"},
		{http.StatusInternalServerError, "the session was not ended: HTTP status 500"},
	} {
		t.Run(http.StatusText(tc.status), func(t *testing.T) {
			f, url := startFake(t, func(p post, w http.ResponseWriter) {
				if p.Verb == "DELETE" {
					w.WriteHeader(tc.status)
					return
				}
				if initReply(w, p, `{"resources":{}}`) {
					return
				}
				switch p.Method {
				case "resources/list":
					jsonReply(w, p, `{"resources":[]}`)
				case "resources/read":
					jsonReply(w, p, `{"contents":[{"uri":"a2ui://form","mimeType":"application/a2ui+json","text":`+jsonString(formPayload)+`}]}`)
				}
			})
			c, l, _, _ := newClient(url)
			if err := wait(l, func(d func(error)) { c.Read("a2ui://form", d) }); err != nil {
				t.Fatal(err)
			}
			err := wait(l, c.Close)
			if got := errText(err); got != tc.err {
				t.Errorf("Close: %q, want %q", got, tc.err)
			}
			posts := f.all()
			del := posts[len(posts)-1]
			if del.Verb != "DELETE" || del.Body != "" || del.Header.Get("Mcp-Session-Id") != "s1" ||
				del.Header.Get("Mcp-Protocol-Version") != "2025-11-25" {
				t.Errorf("DELETE %q, body %q, headers %v", del.Verb, del.Body, del.Header)
			}
			if c.Session() != "" {
				t.Errorf("session %q kept after Close", c.Session())
			}
			// Closing again has no session to end: nothing is sent.
			if err := wait(l, c.Close); err != nil || len(f.all()) != len(posts) {
				t.Errorf("a second Close: %v, %d requests", err, len(f.all())-len(posts))
			}
			if err := wait(l, func(d func(error)) { c.Read("a2ui://form", d) }); err != nil {
				t.Fatal(err)
			}
			if got := f.methods()[len(posts):]; !slices.Equal(got, []string{"initialize", "notifications/initialized", "resources/read"}) {
				t.Errorf("after Close: %q", got)
			}
		})
	}
}

// Close before any session (none yet, or a stateless server) sends nothing.
func TestCloseWithoutSession(t *testing.T) {
	f, url := startFake(t, func(p post, w http.ResponseWriter) { w.WriteHeader(http.StatusTeapot) })
	c, l, _, tr := newClient(url)
	if err := wait(l, c.Close); err != nil || tr.sent != 0 || len(f.all()) != 0 {
		t.Errorf("Close: %v, %d requests", err, tr.sent)
	}
}

// jsonString is s as a JSON string.
func jsonString(s string) string { return string(protocol.AppendJSON(nil, s)) }

// errText is err's text ("" for nil).
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
