package a2a_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/transport/a2a"
)

// A Session builds the JSON-RPC request of a turn for the card's A2A version and
// reads the agent's events into A2UI payloads, texts and the task state.
func ExampleSession() {
	card, err := a2a.ParseCard([]byte(`{
		"name": "Demo",
		"supportedInterfaces": [{"url": "/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
		"capabilities": {"streaming": true, "extensions": [{"uri": "https://a2ui.org/a2a-extension/a2ui/v0.9"}]}
	}`), "https://agent.example/.well-known/agent-card.json")
	if err != nil {
		panic(err)
	}
	s := a2a.NewSession(card, []string{"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"})
	req := s.Send("booking", nil, nil)
	fmt.Println(req.URL, req.Headers["A2A-Version"], req.Headers["A2A-Extensions"][:40])

	res := s.Event([]byte(`{"jsonrpc":"2.0","id":1,"result":{"artifactUpdate":{"taskId":"T1","contextId":"C1",
		"artifact":{"artifactId":"a","parts":[{"data":[{"version":"v0.9","deleteSurface":{"surfaceId":"old"}}],"mediaType":"application/json+a2ui"}]}}}}`))
	fmt.Println(string(res.A2UI[0]))
	fmt.Println(s.TaskID(), s.ContextID())
	// Output:
	// https://agent.example/a2a/v1 1.0 https://a2ui.org/a2a-extension/a2ui/v0.9
	// [{"version":"v0.9","deleteSurface":{"surfaceId":"old"}}]
	// T1 C1
}
