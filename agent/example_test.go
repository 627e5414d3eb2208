package agent_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/a2ui-go/a2ui/agent"
)

// A surface is built from component values and plain Go data; Show returns the
// messages that put it on screen.
func ExampleSurface_Show() {
	form := agent.NewSurface(agent.V09, "greeting")
	msgs := form.Show(map[string]any{"name": "Ada"},
		agent.Column("root", "title", "name", "send"),
		agent.Text("title", "Hello").Variant("h2"),
		agent.TextField("name", "Your name", agent.Path("/name")),
		agent.Button("send", "send-label", agent.Event("greet", map[string]any{"name": agent.Path("/name")})),
		agent.Text("send-label", "Greet"),
	)
	agent.NewWriter(os.Stdout, agent.JSONL).Send(msgs...)
	// Output:
	// {"version":"v0.9","createSurface":{"surfaceId":"greeting","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
	// {"version":"v0.9","updateDataModel":{"surfaceId":"greeting","value":{"name":"Ada"}}}
	// {"version":"v0.9","updateComponents":{"surfaceId":"greeting","components":[{"id":"root","component":"Column","children":["title","name","send"]},{"id":"title","component":"Text","text":"Hello","variant":"h2"},{"id":"name","component":"TextField","label":"Your name","value":{"path":"/name"}},{"id":"send","component":"Button","child":"send-label","action":{"event":{"name":"greet","context":{"name":{"path":"/name"}}}}},{"id":"send-label","component":"Text","text":"Greet"}]}}
}

// The same components and data in v0.8: the standard catalog's shapes, typed data
// contents, and beginRendering last.
func ExampleSurface_Show_v08() {
	s := agent.NewSurface(agent.V08, "greeting")
	msgs := s.Show(map[string]any{"name": "Ada", "tags": []string{"new"}},
		agent.Text("root", agent.Path("/name")).Variant("h2"),
	)
	for _, m := range msgs {
		fmt.Println(m)
	}
	// Output:
	// {"dataModelUpdate":{"surfaceId":"greeting","contents":[{"key":"name","valueString":"Ada"},{"key":"tags","valueString":"[\"new\"]"}]}}
	// {"surfaceUpdate":{"surfaceId":"greeting","components":[{"id":"root","component":{"Text":{"text":{"path":"/name"},"usageHint":"h2"}}}]}}
	// {"beginRendering":{"surfaceId":"greeting","root":"root"}}
}

// A Server streams a surface on GET …/stream and answers the client's actions on
// POST …/action with more messages in the response body.
func ExampleServer() {
	counter := agent.NewSurface(agent.V09, "counter")
	srv := httptest.NewServer(&agent.Server{
		Stream: func(w *agent.Writer, r *http.Request) error {
			return w.Send(counter.Show(map[string]any{"count": 0},
				agent.Row("root", "count", "add"),
				agent.Text("count", agent.Path("/count")),
				agent.Button("add", "add-label", agent.Event("add", map[string]any{"count": agent.Path("/count")})),
				agent.Text("add-label", "+1"),
			)...)
		},
		Respond: func(w *agent.Writer, r *http.Request, m agent.ClientMessage) error {
			if m.Action == nil || m.Action.Name != "add" {
				return nil // errors and other actions: nothing to say
			}
			n, _ := m.Action.Context["count"].(float64)
			return w.Send(counter.Data("/count", n+1))
		},
	})
	defer srv.Close()

	resp, _ := http.Get(srv.URL + "/agent/stream")
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Printf("stream: %d messages, %s\n", strings.Count(string(body), "\n"), resp.Header.Get("Content-Type"))

	// What the renderer POSTs when the button is pressed:
	resp, _ = http.Post(srv.URL+"/agent/action", "application/json", strings.NewReader(
		`{"version":"v0.9","action":{"name":"add","surfaceId":"counter","sourceComponentId":"add","timestamp":"2026-01-15T12:00:00Z","context":{"count":41}}}`))
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Printf("answer: %s", body)
	// Output:
	// stream: 3 messages, application/jsonl
	// answer: {"version":"v0.9","updateDataModel":{"surfaceId":"counter","path":"/count","value":42}}
}

// ParseClientMessages decodes any client message of any version; answer an action in
// the version it came in.
func ExampleParseClientMessages() {
	msgs, err := agent.ParseClientMessages([]byte(`{"version":"v0.10","action":{"name":"suggest","surfaceId":"search",` +
		`"sourceComponentId":"q","timestamp":"2026-01-15T12:00:00Z","context":{"q":"ap"},"actionId":"search-1","wantResponse":true}}`))
	if err != nil {
		panic(err)
	}
	a := msgs[0].Action
	fmt.Println(a.Name, a.Context["q"], a.WantResponse)
	fmt.Println(agent.ActionResponse(msgs[0].Version, a.ActionID, []string{"apple", "apricot"}))
	// Output:
	// suggest ap true
	// {"version":"v0.10","actionId":"search-1","actionResponse":{"value":["apple","apricot"]}}
}

// In SSE each message is an event with an id.
func ExampleWriter() {
	s := agent.NewSurface(agent.V10, "note")
	w := agent.NewWriter(os.Stdout, agent.SSE)
	w.Send(s.CreateWith(map[string]any{"text": "Hi"}, agent.Text("root", agent.Path("/text"))), s.Delete())
	// Output:
	// id: 1
	// data: {"version":"v1.0","createSurface":{"surfaceId":"note","catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json","components":[{"id":"root","component":"Text","text":{"path":"/text"}}],"dataModel":{"text":"Hi"}}}
	//
	// id: 2
	// data: {"version":"v1.0","deleteSurface":{"surfaceId":"note"}}
}

// A message its version cannot express carries an error instead of wrong JSON.
func ExampleMessage_Err() {
	m := agent.NewSurface(agent.V08, "s").Remove("/draft")
	fmt.Println(m.Err())
	// Output:
	// dataModelUpdate (v0.8): v0.8 cannot delete data; write an empty value instead
}
