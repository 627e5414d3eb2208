package demoagent_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/agent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
)

func ExampleAgent_Respond() {
	a, err := demoagent.NewAgent("../../../testdata", 0)
	if err != nil {
		panic(err)
	}
	in, err := agent.ParseClientMessages([]byte(`{"version":"v0.9","action":{"name":"toggle","surfaceId":"tasks","sourceComponentId":"toggle-btn","timestamp":"2026-01-15T12:00:00Z","context":{"id":"t3"}}}`))
	if err != nil {
		panic(err)
	}
	for _, m := range a.Respond(in[0]) {
		fmt.Println(m)
	}
	// Output:
	// {"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/tasks/2","value":{"id":"t3","title":"Call Ana","done":true,"state":"done"}}}
	// {"version":"v0.9","updateDataModel":{"surfaceId":"tasks","path":"/summary","value":"2 of 3 done"}}
}
