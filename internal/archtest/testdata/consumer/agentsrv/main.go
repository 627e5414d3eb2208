// Command agentsrv is a consumer's agent, the README's "Go library for agents" example.
package main

import (
	"log"
	"net/http"

	"github.com/a2ui-go/a2ui/agent"
)

func main() {
	counter := agent.NewSurface(agent.V09, "counter")
	http.Handle("/agent/", &agent.Server{
		Stream: func(w *agent.Writer, r *http.Request) error {
			return w.Send(counter.Show(map[string]any{"count": 0},
				agent.Row("root", "count", "add"),
				agent.Text("count", agent.Path("/count")),
				agent.Button("add", "add-label", agent.Event("add", map[string]any{"count": agent.Path("/count")})),
				agent.Text("add-label", "+1"),
			)...)
		},
		Respond: func(w *agent.Writer, r *http.Request, m agent.ClientMessage) error {
			if m.Action != nil && m.Action.Name == "add" {
				n, _ := m.Action.Context["count"].(float64)
				return w.Send(counter.Data("/count", n+1))
			}
			return nil
		},
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:8090", nil))
}
