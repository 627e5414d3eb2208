package mcp

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
)

const formPayload = `[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c1"}},` +
	`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi"}]}}]`

// The handshake, then resources/list and resources/read: initialize carries the A2UI
// capabilities and no session headers; later requests carry Mcp-Session-Id and the
// negotiated MCP-Protocol-Version; the A2UI of the contents is applied line by line.
func TestHandshakeAndRead(t *testing.T) {
	f, url := startFake(t, func(p post, w http.ResponseWriter) {
		if initReply(w, p, `{"resources":{}}`) {
			return
		}
		switch p.Method {
		case "resources/list":
			jsonReply(w, p, `{"resources":[{"uri":"a2ui://form","name":"form","mimeType":"application/a2ui+json"}]}`)
		case "resources/read":
			res, _ := json.Marshal(map[string]any{"contents": []any{map[string]any{
				"uri": "a2ui://form", "mimeType": "application/a2ui+json", "text": formPayload}}})
			jsonReply(w, p, string(res))
		}
	})
	c, l, r, _ := newClient(url)
	if err := wait(l, func(d func(error)) { c.Read("a2ui://form", d) }); err != nil {
		t.Fatal(err)
	}
	if got := f.methods(); !slices.Equal(got, []string{"initialize", "notifications/initialized", "resources/list", "resources/read"}) {
		t.Errorf("methods = %q", got)
	}
	posts := f.all()
	var init struct {
		ProtocolVersion string
		Capabilities    map[string]json.RawMessage
		ClientInfo      struct{ Name string }
	}
	json.Unmarshal(posts[0].Params, &init)
	if init.ProtocolVersion != "2025-11-25" || init.ClientInfo.Name != "a2ui-go" ||
		string(init.Capabilities["a2ui"]) != `{"clientCapabilities":{"supportedCatalogIds":["c1"],"v0.9":{"supportedCatalogIds":["c1"]}}}` {
		t.Errorf("initialize params = %s", posts[0].Params)
	}
	if h := posts[0].Header; h.Get("Mcp-Session-Id") != "" || h.Get("Mcp-Protocol-Version") != "" ||
		h.Get("Accept") != "application/json, text/event-stream" || h.Get("Content-Type") != "application/json" {
		t.Errorf("initialize headers = %v", h)
	}
	for _, p := range posts[1:] {
		if p.Header.Get("Mcp-Session-Id") != "s1" || p.Header.Get("Mcp-Protocol-Version") != "2025-11-25" {
			t.Errorf("%s headers = %v", p.Method, p.Header)
		}
	}
	want := []string{
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c1"}}`,
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi"}]}}`,
	}
	if !slices.Equal(r.lines, want) || r.streams != 1 {
		t.Errorf("lines = %q (%d streams)", r.lines, r.streams)
	}
}

// An SSE response: a notification and a ping come before the response; the ping is
// answered with its own id, the notification skipped, the result applied.
func TestSSEPingAndNotification(t *testing.T) {
	f, url := startFake(t, func(p post, w http.ResponseWriter) {
		if initReply(w, p, `{"tools":{}}`) {
			return
		}
		switch {
		case p.Method == "tools/call":
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}\n\n")
			io.WriteString(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"srv-7\",\"method\":\"ping\"}\n\n")
			res, _ := json.Marshal(map[string]any{"content": []any{
				map[string]any{"type": "text", "text": "Here it is."},
				map[string]any{"type": "resource", "resource": map[string]any{"uri": "a2ui://x", "mimeType": "application/a2ui+json", "text": formPayload}}}})
			io.WriteString(w, "event: message\nid: 1_0\ndata: {\"jsonrpc\":\"2.0\",\"id\":"+string(p.ID)+",\n")
			io.WriteString(w, "data: \"result\":"+string(res)+"}\n\n")
		case p.Result != nil:
			w.WriteHeader(http.StatusAccepted)
		}
	})
	c, l, r, _ := newClient(url)
	if err := wait(l, func(d func(error)) { c.Call("show", `{"sample":"x"}`, d) }); err != nil {
		t.Fatal(err)
	}
	if len(r.lines) != 2 {
		t.Errorf("lines = %q", r.lines)
	}
	if !slices.Equal(r.events, []string{`a2ui-text {"text":"Here it is."}`}) {
		t.Errorf("events = %q", r.events)
	}
	// The ping's answer is posted from the loop; wait for it to reach the server.
	l.until(func() bool { return len(f.all()) == 4 })
	ans := f.all()[3]
	if string(ans.ID) != `"srv-7"` || string(ans.Result) != `{}` || ans.Header.Get("Mcp-Session-Id") != "s1" {
		t.Errorf("ping answer = %s (%v)", ans.Body, ans.Header)
	}
	var call struct {
		Name      string
		Arguments json.RawMessage
		Meta      map[string]json.RawMessage `json:"_meta"`
	}
	json.Unmarshal(f.all()[2].Params, &call)
	if call.Name != "show" || string(call.Arguments) != `{"sample":"x"}` ||
		string(call.Meta["a2ui"]) != `{"clientCapabilities":{"supportedCatalogIds":["c1"],"v0.9":{"supportedCatalogIds":["c1"]}}}` {
		t.Errorf("tools/call params = %s", f.all()[2].Params)
	}
}

// toolServer answers tools/list with tools and tools/call with result (raw JSON).
func toolServer(t *testing.T, tools []string, result string) (*fakeServer, string) {
	return startFake(t, func(p post, w http.ResponseWriter) {
		if initReply(w, p, `{"tools":{"listChanged":true}}`) {
			return
		}
		switch p.Method {
		case "tools/list":
			var list []any
			for _, n := range tools {
				list = append(list, map[string]any{"name": n, "inputSchema": map[string]any{"type": "object"}})
			}
			b, _ := json.Marshal(map[string]any{"tools": list})
			jsonReply(w, p, string(b))
		case "tools/call":
			jsonReply(w, p, result)
		}
	})
}

const clickMessage = `{"version":"v0.9","action":{"name":"book","surfaceId":"s","sourceComponentId":"btn","timestamp":"2026-01-02T03:04:05Z","context":{"n":2,"who":"Ada"}}}`

// An action goes to the "action" tool when listed, else to the tool named like it with
// the context as arguments, else it is refused with an error and an alert.
func TestActionRouting(t *testing.T) {
	follow := `{"content":[{"type":"resource","resource":{"uri":"a2ui://f","mimeType":"application/a2ui+json","text":"{\"version\":\"v0.9\",\"deleteSurface\":{\"surfaceId\":\"s\"}}"}}]}`
	for _, tc := range []struct {
		name     string
		tools    []string
		tool     string
		args     string
		err      string
		codes    []string
		userSees string
	}{
		{"action tool", []string{"book", "action"}, "action", `{"name":"book","context":{"n":2,"who":"Ada"},"surfaceId":"s","sourceComponentId":"btn"}`, "", nil, ""},
		{"named tool", []string{"book"}, "book", `{"n":2,"who":"Ada"}`, "", nil, ""},
		{"refused", []string{"other"}, "", "", `the MCP server has no tool for the action "book" (neither "action" nor "book")`,
			[]string{CodeActionRefused}, `The action could not be sent: the MCP server has no tool for the action "book" (neither "action" nor "book")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, url := toolServer(t, tc.tools, follow)
			c, l, r, _ := newClient(url)
			err := wait(l, func(d func(error)) { c.Action([]byte(clickMessage), d) })
			if (err == nil) != (tc.err == "") || (err != nil && err.Error() != tc.err) {
				t.Fatalf("done(%v), want %q", err, tc.err)
			}
			var calls []post
			for _, p := range f.all() {
				if p.Method == "tools/call" {
					calls = append(calls, p)
				}
			}
			if tc.tool == "" {
				if len(calls) != 0 || r.streams != 0 {
					t.Errorf("a refused action called %d tools", len(calls))
				}
			} else {
				var params struct {
					Name      string
					Arguments json.RawMessage
				}
				json.Unmarshal(calls[0].Params, &params)
				if len(calls) != 1 || params.Name != tc.tool || string(params.Arguments) != tc.args {
					t.Errorf("called %s %s, want %s %s", params.Name, params.Arguments, tc.tool, tc.args)
				}
				if !slices.Equal(r.lines, []string{`{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}`}) {
					t.Errorf("follow-up lines = %q", r.lines)
				}
			}
			if got := r.errorCodes(); !slices.Equal(got, tc.codes) {
				t.Errorf("error codes = %q, want %q", got, tc.codes)
			}
			if r.lastNotice() != tc.userSees {
				t.Errorf("notice = %q, want %q", r.lastNotice(), tc.userSees)
			}
			// tools/list is read once: a second action reuses it.
			wait(l, func(d func(error)) { c.Action([]byte(clickMessage), d) })
			if n := strings.Count(strings.Join(f.methods(), " "), "tools/list"); n != 1 {
				t.Errorf("tools/list read %d times", n)
			}
		})
	}
}

// Results and failures the user must see: isError's text as an alert, JSON-RPC errors,
// HTTP errors, arguments that are not an object (nothing sent).
func TestFailuresAreVisible(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   string
		reply  func(p post, w http.ResponseWriter)
		code   string
		notice string
		sent   int
	}{
		{"isError", `{}`, func(p post, w http.ResponseWriter) {
			jsonReply(w, p, `{"isError":true,"content":[{"type":"text","text":"The kitchen is closed."}]}`)
		}, CodeToolError, "The kitchen is closed.", 3},
		{"JSON-RPC error", `{}`, func(p post, w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(p.ID)+`,"error":{"code":-32602,"message":"unknown tool \"x\""}}`)
		}, CodeRPC, `The server answered with an error: unknown tool "x" (-32602)`, 3},
		{"HTTP 500", `{}`, func(p post, w http.ResponseWriter) {
			http.Error(w, "database down", http.StatusInternalServerError)
		}, CodeHTTP, "HTTP status 500: database down", 3},
		{"arguments not an object", `[1,2]`, nil, CodeArguments,
			`The tool was not called: the arguments of tool "x" must be a JSON object, got "[1,2]"`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, url := startFake(t, func(p post, w http.ResponseWriter) {
				if !initReply(w, p, `{"tools":{}}`) {
					tc.reply(p, w)
				}
			})
			c, l, r, _ := newClient(url)
			if err := wait(l, func(d func(error)) { c.Call("x", tc.args, d) }); err == nil {
				t.Error("the call succeeded")
			}
			if got := r.errorCodes(); !slices.Equal(got, []string{tc.code}) {
				t.Errorf("error codes = %q", got)
			}
			if r.lastNotice() != tc.notice {
				t.Errorf("notice = %q, want %q", r.lastNotice(), tc.notice)
			}
			if n := len(f.all()); n != tc.sent {
				t.Errorf("%d POSTs, want %d", n, tc.sent)
			}
		})
	}
}

// A 404 on a session: initialize again and re-send the request, once. A server that
// forgets the new session too fails the request.
func TestSessionGone(t *testing.T) {
	for _, tc := range []struct {
		name    string
		forget  int // how many tools/calls are refused
		status  int
		refusal string
		methods string
		err     string
	}{
		{"once", 1, 404, "session not found", "initialize notifications/initialized tools/call initialize notifications/initialized tools/call", ""},
		{"400 of the TypeScript SDK's examples", 1, 400, `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"},"id":null}`,
			"initialize notifications/initialized tools/call initialize notifications/initialized tools/call", ""},
		{"always", 9, 404, "session not found", "initialize notifications/initialized tools/call initialize notifications/initialized tools/call",
			"the server forgot the session again after a new initialize"},
		{"another 400", 1, 400, "Bad Request: unsupported protocol version", "initialize notifications/initialized tools/call",
			"HTTP status 400: Bad Request: unsupported protocol version"},
		{"a JSON-RPC error with a null id", 1, 400, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Bad Request: unsupported protocol version"},"id":null}`,
			"initialize notifications/initialized tools/call", "the server answered with an error: Bad Request: unsupported protocol version (-32600)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, left := 0, tc.forget
			f, url := startFake(t, func(p post, w http.ResponseWriter) {
				switch p.Method {
				case "initialize":
					n++
					w.Header().Set("Mcp-Session-Id", "s"+string(rune('0'+n)))
					jsonReply(w, p, `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}}}`)
				case "notifications/initialized":
					w.WriteHeader(http.StatusAccepted)
				case "tools/call":
					if left > 0 {
						left--
						http.Error(w, tc.refusal, tc.status)
						return
					}
					jsonReply(w, p, `{"content":[{"type":"text","text":"ok"}]}`)
				}
			})
			c, l, r, _ := newClient(url)
			err := wait(l, func(d func(error)) { c.Call("x", "", d) })
			if (err == nil) != (tc.err == "") || (err != nil && err.Error() != tc.err) {
				t.Fatalf("done(%v), want %q", err, tc.err)
			}
			if got := strings.Join(f.methods(), " "); got != tc.methods {
				t.Errorf("methods = %s", got)
			}
			last := f.all()[len(f.all())-1]
			if tc.err == "" && (last.Header.Get("Mcp-Session-Id") != "s2" || last.Header.Get("Mcp-Protocol-Version") != "2025-06-18") {
				t.Errorf("retry headers = %v", last.Header)
			}
			if tc.err == "" && !slices.Equal(r.events, []string{`a2ui-text {"text":"ok"}`}) {
				t.Errorf("events = %q", r.events)
			}
		})
	}
}

// A failed initialize fails the waiting requests with MCP_CONNECT; the next request
// tries again.
func TestInitializeFailsThenRecovers(t *testing.T) {
	fail := true
	_, url := startFake(t, func(p post, w http.ResponseWriter) {
		if p.Method == "initialize" && fail {
			http.Error(w, "Accept must contain both 'application/json' and 'text/event-stream'", http.StatusBadRequest)
			return
		}
		if !initReply(w, p, `{}`) {
			jsonReply(w, p, `{"content":[]}`)
		}
	})
	c, l, r, _ := newClient(url)
	err := wait(l, func(d func(error)) { c.Call("x", "", d) })
	want := "cannot connect to the MCP server: HTTP status 400: Accept must contain both 'application/json' and 'text/event-stream'"
	if err == nil || err.Error() != want {
		t.Fatalf("done(%v)", err)
	}
	if got := r.errorCodes(); !slices.Equal(got, []string{CodeConnect}) {
		t.Errorf("codes = %q", got)
	}
	fail = false
	if err := wait(l, func(d func(error)) { c.Call("x", "", d) }); err != nil {
		t.Errorf("second call: %v", err)
	}
	if c.Session() != "s1" {
		t.Errorf("session = %q", c.Session())
	}
}

// Unreadable messages on a stream are reported and skipped: the response after them
// still settles the request.
func TestBadMessagesSkipped(t *testing.T) {
	_, url := startFake(t, func(p post, w http.ResponseWriter) {
		if initReply(w, p, `{}`) {
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {not json\n\n")
		io.WriteString(w, "data: [1]\n\n")
		io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"id\":"+string(p.ID)+",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"ok\"}]}}\n\n")
	})
	c, l, r, _ := newClient(url)
	if err := wait(l, func(d func(error)) { c.Call("x", "", d) }); err != nil {
		t.Fatal(err)
	}
	if got := r.errorCodes(); !slices.Equal(got, []string{CodeBadMessage, CodeBadMessage}) {
		t.Errorf("codes = %q", got)
	}
	if !slices.Equal(r.events[len(r.events)-1:], []string{`a2ui-text {"text":"ok"}`}) {
		t.Errorf("events = %q", r.events)
	}
}

// A stream that ends without the response fails the request.
func TestStreamEndsWithoutResponse(t *testing.T) {
	_, url := startFake(t, func(p post, w http.ResponseWriter) {
		if !initReply(w, p, `{}`) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{}}\n\n")
		}
	})
	c, l, r, _ := newClient(url)
	err := wait(l, func(d func(error)) { c.Call("x", "", d) })
	if err == nil || err.Error() != "the server's event stream ended without the response" {
		t.Fatalf("done(%v)", err)
	}
	if r.lastNotice() != "The server's event stream ended without the response" {
		t.Errorf("notice = %q", r.lastNotice())
	}
}

// An error report goes to the "error" tool when listed (its answer applied quietly) and
// nowhere otherwise.
func TestReport(t *testing.T) {
	report := `{"version":"v0.9","error":{"code":"VALIDATION_FAILED","message":"bad","surfaceId":"s","path":"/x"}}`
	for _, tc := range []struct {
		tools []string
		calls int
	}{{[]string{"error"}, 1}, {[]string{"action"}, 0}} {
		f, url := toolServer(t, tc.tools, `{"content":[{"type":"resource","resource":{"uri":"a2ui://e","mimeType":"application/a2ui+json","text":"[]"}},{"type":"resource","resource":{"uri":"a2ui://e","mimeType":"application/a2ui+json","text":"{\"version\":\"v0.9\",\"deleteSurface\":{\"surfaceId\":\"s\"}}"}}]}`)
		c, l, r, _ := newClient(url)
		c.Report([]byte(report))
		l.until(func() bool { return strings.Contains(strings.Join(f.methods(), " "), "tools/list") })
		if tc.calls == 1 {
			l.until(func() bool { return r.streams == 1 })
			var params struct {
				Name      string
				Arguments json.RawMessage
			}
			json.Unmarshal(f.all()[3].Params, &params)
			if params.Name != "error" || string(params.Arguments) != `{"code":"VALIDATION_FAILED","message":"bad","surfaceId":"s","path":"/x"}` || r.quiet != 1 {
				t.Errorf("error tool called with %s %s (quiet %d)", params.Name, params.Arguments, r.quiet)
			}
		} else {
			// Nothing more is sent once tools/list is answered: a call after the report
			// is the next POST.
			wait(l, func(d func(error)) { c.Call("probe", "", d) })
			if got := f.methods(); got[len(got)-1] != "tools/call" || strings.Count(strings.Join(got, " "), "tools/call") != 1 {
				t.Errorf("methods = %q", got)
			}
		}
	}
}

// A result's A2UI resource links are read (resources/read) and rendered, at most
// maxLinks of them.
func TestResourceLinks(t *testing.T) {
	var links []any
	for i := range maxLinks + 2 {
		links = append(links, map[string]any{"type": "resource_link", "uri": "a2ui://l" + string(rune('a'+i)), "name": "l", "mimeType": "application/a2ui+json"})
	}
	result, _ := json.Marshal(map[string]any{"content": links})
	f, url := startFake(t, func(p post, w http.ResponseWriter) {
		if initReply(w, p, `{"tools":{}}`) {
			return
		}
		switch p.Method {
		case "tools/call":
			jsonReply(w, p, string(result))
		case "resources/read":
			var params struct{ URI string }
			json.Unmarshal(p.Params, &params)
			b, _ := json.Marshal(map[string]any{"contents": []any{map[string]any{"uri": params.URI, "mimeType": "application/a2ui+json",
				"text": `{"version":"v0.9","deleteSurface":{"surfaceId":"` + params.URI + `"}}`}}})
			jsonReply(w, p, string(b))
		}
	})
	c, l, r, _ := newClient(url)
	if err := wait(l, func(d func(error)) { c.Call("x", "", d) }); err != nil {
		t.Fatal(err)
	}
	l.until(func() bool { return len(r.lines) == maxLinks })
	if n := strings.Count(strings.Join(f.methods(), " "), "resources/read"); n != maxLinks {
		t.Errorf("%d resources read", n)
	}
	if got := r.errorCodes(); !slices.Equal(got, []string{CodeBadMessage}) {
		t.Errorf("codes = %q", got)
	}
}
