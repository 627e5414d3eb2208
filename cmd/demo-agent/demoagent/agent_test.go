package demoagent

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/agent"
)

// samplesDir is the repo's testdata (the demo streams live in testdata/demo).
const samplesDir = "../../../testdata"

func newTestAgent(t *testing.T, delay time.Duration) (*Agent, *httptest.Server) {
	t.Helper()
	a, err := NewAgent(samplesDir, delay)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a)
	t.Cleanup(srv.Close)
	return a, srv
}

func post(t *testing.T, url, body string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

const confirmAda = `{"version":"v0.9","createSurface":{"surfaceId":"booking-confirmation","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"booking-confirmation","value":{"name":"Ada Lovelace","date":"2026-12-24","guests":4}}}
{"version":"v0.9","updateComponents":{"surfaceId":"booking-confirmation","components":[{"id":"root","component":"Card","child":"main"},{"id":"main","component":"Column","children":["heading","name","date","guests"]},{"id":"heading","component":"Text","text":"Booking confirmed","variant":"h2"},{"id":"name","component":"Row","children":["name-label","name-value"]},{"id":"name-label","component":"Text","text":"Name","variant":"caption"},{"id":"name-value","component":"Text","text":{"path":"/name"}},{"id":"date","component":"Row","children":["date-label","date-value"]},{"id":"date-label","component":"Text","text":"Date","variant":"caption"},{"id":"date-value","component":"Text","text":{"path":"/date"}},{"id":"guests","component":"Row","children":["guests-label","guests-value"]},{"id":"guests-label","component":"Text","text":"Guests","variant":"caption"},{"id":"guests-value","component":"Text","text":{"path":"/guests"}}]}}
{"version":"v0.9","deleteSurface":{"surfaceId":"booking"}}
`

func TestActionBooking(t *testing.T) {
	tests := []struct {
		name, body string
		want       string
	}{
		{
			name: "v0.9 valid, guests as string",
			body: `{"version":"v0.9","action":{"name":"submitBooking","surfaceId":"booking","sourceComponentId":"submit-btn","timestamp":"2026-01-15T12:00:00Z","context":{"name":" Ada Lovelace ","date":"2026-12-24","guests":"4"}}}`,
			want: confirmAda,
		},
		{
			name: "v0.9 valid, guests as number",
			body: `{"version":"v0.9","action":{"name":"submitBooking","surfaceId":"booking","sourceComponentId":"submit-btn","timestamp":"2026-01-15T12:00:00Z","context":{"name":"Ada Lovelace","date":"2026-12-24","guests":4}}}`,
			want: confirmAda,
		},
		{
			name: "v0.8 userAction",
			body: `{"userAction":{"name":"submitBooking","surfaceId":"booking","sourceComponentId":"submit-btn","timestamp":"2026-01-15T12:00:00Z","context":{"name":"Ada Lovelace","date":"2026-12-24","guests":"4"}}}`,
			want: confirmAda,
		},
		{
			name: "missing name",
			body: `{"version":"v0.9","action":{"name":"submitBooking","surfaceId":"booking","sourceComponentId":"submit-btn","timestamp":"2026-01-15T12:00:00Z","context":{"name":"  ","date":"2026-12-24","guests":"2"}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"booking","path":"/booking/status","value":"Please enter a name."}}` + "\n",
		},
		{
			name: "missing date",
			body: `{"version":"v0.9","action":{"name":"submitBooking","surfaceId":"booking","timestamp":"2026-01-15T12:00:00Z","context":{"name":"Ada","guests":"2"}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"booking","path":"/booking/status","value":"Please enter a date."}}` + "\n",
		},
		{
			name: "guests not a number",
			body: `{"version":"v0.9","action":{"name":"submitBooking","surfaceId":"booking","timestamp":"2026-01-15T12:00:00Z","context":{"name":"Ada","date":"tomorrow","guests":"two"}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"booking","path":"/booking/status","value":"Guests must be a whole number from 1 to 20."}}` + "\n",
		},
		{
			name: "guests out of range",
			body: `{"version":"v0.9","action":{"name":"submitBooking","surfaceId":"booking","timestamp":"2026-01-15T12:00:00Z","context":{"name":"Ada","date":"tomorrow","guests":21}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"booking","path":"/booking/status","value":"Guests must be a whole number from 1 to 20."}}` + "\n",
		},
		{
			name: "unknown action answers nothing",
			body: `{"version":"v0.9","action":{"name":"login","surfaceId":"gallery-login-form","timestamp":"2026-01-15T12:00:00Z","context":{}}}`,
			want: "",
		},
	}
	_, srv := newTestAgent(t, 0)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, got := post(t, srv.URL+"/agent/action", tc.body)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %s", resp.StatusCode, got)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/jsonl" {
				t.Errorf("Content-Type = %q, want application/jsonl", ct)
			}
			if got != tc.want {
				t.Errorf("body:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestActionTasks(t *testing.T) {
	// Each step runs against the state the previous steps left (one agent).
	steps := []struct {
		name, body, want string
	}{
		{
			name: "toggle t1 open→done",
			body: `{"version":"v0.9","action":{"name":"toggle","surfaceId":"tasks","sourceComponentId":"toggle-btn","timestamp":"2026-01-15T12:00:00Z","context":{"id":"t1"}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/tasks/0","value":{"id":"t1","title":"Buy milk","done":true,"state":"done"}}}
{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/summary","value":"2 of 3 done"}}
`,
		},
		{
			name: "toggle t2 done→open (v0.8 userAction)",
			body: `{"userAction":{"name":"toggle","surfaceId":"tasks","sourceComponentId":"toggle-btn","timestamp":"2026-01-15T12:00:00Z","context":{"id":"t2"}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/tasks/1","value":{"id":"t2","title":"Write report","done":false,"state":"open"}}}
{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/summary","value":"1 of 3 done"}}
`,
		},
		{
			name: "remove t2",
			body: `{"version":"v0.9","action":{"name":"remove","surfaceId":"tasks","sourceComponentId":"remove-btn","timestamp":"2026-01-15T12:00:00Z","context":{"id":"t2"}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/tasks","value":[{"id":"t1","title":"Buy milk","done":true,"state":"done"},{"id":"t3","title":"Call Ana","done":false,"state":"open"}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/summary","value":"1 of 2 done"}}
`,
		},
		{
			name: "toggle after remove uses the new index",
			body: `{"version":"v0.9","action":{"name":"toggle","surfaceId":"tasks","timestamp":"2026-01-15T12:00:00Z","context":{"id":"t3"}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/tasks/1","value":{"id":"t3","title":"Call Ana","done":true,"state":"done"}}}
{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/summary","value":"2 of 2 done"}}
`,
		},
		{
			name: "unknown id answers nothing",
			body: `{"version":"v0.9","action":{"name":"remove","surfaceId":"tasks","timestamp":"2026-01-15T12:00:00Z","context":{"id":"t2"}}}`,
			want: "",
		},
		{
			name: "client data model wins over the agent's copy",
			body: `{"version":"v0.9","action":{"name":"remove","surfaceId":"tasks","timestamp":"2026-01-15T12:00:00Z","context":{"id":"x"}},"metadata":{"a2uiClientDataModel":{"version":"v0.9","surfaces":{"tasks":{"summary":"","tasks":[{"id":"x","title":"X","done":true,"state":"done"},{"id":"y","title":"Y","done":false,"state":"open"}]}}}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/tasks","value":[{"id":"y","title":"Y","done":false,"state":"open"}]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/summary","value":"0 of 1 done"}}
`,
		},
		{
			name: "remove the last row gives an empty array",
			body: `{"version":"v0.9","action":{"name":"remove","surfaceId":"tasks","timestamp":"2026-01-15T12:00:00Z","context":{"id":"y"}}}`,
			want: `{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/tasks","value":[]}}
{"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/summary","value":"0 of 0 done"}}
`,
		},
	}
	_, srv := newTestAgent(t, 0)
	for _, st := range steps {
		resp, got := post(t, srv.URL+"/agent/action", st.body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d: %s", st.name, resp.StatusCode, got)
		}
		if got != st.want {
			t.Errorf("%s: body:\n%s\nwant:\n%s", st.name, got, st.want)
		}
	}

	// Streaming the tasks sample resets the rows.
	r, err := http.Get(srv.URL + "/agent/stream?sample=demo/tasks")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, r.Body)
	r.Body.Close()
	_, got := post(t, srv.URL+"/agent/action", steps[0].body)
	if got != steps[0].want {
		t.Errorf("after reset: body:\n%s\nwant:\n%s", got, steps[0].want)
	}
}

func TestActionBadRequests(t *testing.T) {
	tests := []struct {
		name, method, body string
		status             int
		wantErr            string
	}{
		{"not JSON", http.MethodPost, `{"version":`, 400, "body is not JSON"},
		{"no known message", http.MethodPost, `{"version":"v0.9","hello":{}}`, 400, `message has none of "action", "userAction"`},
		{"action without version", http.MethodPost, `{"action":{"name":"toggle"}}`, 400, `"action" without "version"`},
		{"no name", http.MethodPost, `{"version":"v0.9","action":{"surfaceId":"tasks"}}`, 400, "action has no name"},
		{"action not an object", http.MethodPost, `{"version":"v0.9","action":[1]}`, 400, "bad action object"},
		{"client error answers nothing", http.MethodPost, `{"version":"v0.9","error":{"code":"X","surfaceId":"s","message":"m"}}`, 200, ""},
		{"GET", http.MethodGet, ``, 405, "method not allowed"},
		{"too large", http.MethodPost, `{"version":"v0.9","action":{"name":"` + strings.Repeat("a", agent.DefaultMaxBody) + `"}}`, 413, "cannot read body"},
	}
	_, srv := newTestAgent(t, 0)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL+"/agent/action", strings.NewReader(tc.body))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status || !strings.Contains(string(b), tc.wantErr) || (tc.wantErr == "" && len(b) > 0) {
				t.Errorf("got %d %q, want %d containing %q", resp.StatusCode, b, tc.status, tc.wantErr)
			}
		})
	}
}

func TestStream(t *testing.T) {
	booking, err := os.ReadFile(filepath.Join(samplesDir, "demo", "booking.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var sse strings.Builder
	for i, l := range strings.Split(strings.TrimSpace(string(booking)), "\n") {
		fmt.Fprintf(&sse, "id: %d\ndata: %s\n\n", i+1, l)
	}
	tests := []struct {
		query, status, ctype, body string
	}{
		{"sample=demo/booking", "200", "application/jsonl", string(booking)},
		{"sample=booking", "200", "application/jsonl", string(booking)},
		{"sample=booking.jsonl", "200", "application/jsonl", string(booking)},
		{"sample=booking&transport=sse", "200", "text/event-stream", sse.String()},
		{"sample=nope", "404", "text/plain; charset=utf-8", "no sample \"nope\" in ../../../testdata\n"},
		{"sample=../go", "404", "text/plain; charset=utf-8", "bad sample name \"../go\"\n"},
		{"sample=/etc/passwd", "404", "text/plain; charset=utf-8", "bad sample name \"/etc/passwd\"\n"},
		{"", "404", "text/plain; charset=utf-8", "bad sample name \"\"\n"},
	}
	_, srv := newTestAgent(t, 0)
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			resp, err := http.Get(srv.URL + "/agent/stream?" + tc.query)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if got := resp.Status[:3]; got != tc.status {
				t.Errorf("status %s, want %s", got, tc.status)
			}
			if got := resp.Header.Get("Content-Type"); got != tc.ctype {
				t.Errorf("Content-Type %q, want %q", got, tc.ctype)
			}
			if string(b) != tc.body {
				t.Errorf("body:\n%s\nwant:\n%s", b, tc.body)
			}
		})
	}
}

// TestStreamIsIncremental checks that lines are flushed one by one: the first line
// arrives while the agent still waits its (hour-long) delay before the second.
func TestStreamIsIncremental(t *testing.T) {
	_, srv := newTestAgent(t, time.Hour)
	resp, err := http.Get(srv.URL + "/agent/stream?sample=demo/booking")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	line, err := bufio.NewReader(resp.Body).ReadBytes('\n')
	if err != nil {
		t.Fatalf("first line %q: %v", line, err)
	}
	if !json.Valid(line) || !bytes.Contains(line, []byte(`"createSurface"`)) {
		t.Errorf("first line = %q, want the createSurface message", line)
	}
}

func TestDemoSamplesAreValidV09(t *testing.T) {
	for _, name := range []string{"booking", "tasks"} {
		data, err := os.ReadFile(filepath.Join(samplesDir, "demo", name+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(l, &m); err != nil {
				t.Fatalf("%s:%d: %v", name, i+1, err)
			}
			if string(m["version"]) != `"v0.9"` || len(m) != 2 {
				t.Errorf("%s:%d: want {version:v0.9, <one message>}, got keys %v", name, i+1, keys(m))
			}
		}
	}
	tasks, err := initialTasks(filepath.Join(samplesDir, "demo", "tasks.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if got := taskSummary(tasks); got != "1 of 3 done" {
		t.Errorf("sample summary should match its rows: rows say %q", got)
	}
}

func keys(m map[string]json.RawMessage) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
