package a2aagent_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/a2ui-go/a2ui/cmd/demo-agent/a2aagent"
)

// script is a minimal Script: one sample, no answers.
type script struct{}

func (script) Sample(name string) ([][]byte, error) {
	return [][]byte{[]byte(`{"version":"v0.9","deleteSurface":{"surfaceId":"x"}}`)}, nil
}
func (script) Respond([]byte) ([][]byte, error) { return nil, nil }

// NewHandler serves a Script over A2A 1.0 and 0.3; its card lists both interfaces and
// the A2UI v0.9 extension.
func ExampleNewHandler() {
	srv := httptest.NewServer(a2aagent.NewHandler(script{}, a2aagent.Options{}))
	defer srv.Close()
	resp, err := http.Get(srv.URL + a2aagent.PathCardBoth)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var card struct {
		SupportedInterfaces []struct{ ProtocolVersion string } `json:"supportedInterfaces"`
		Capabilities        struct{ Extensions []struct{ URI string } }
	}
	if err := json.NewDecoder(resp.Body).Decode(&card); err != nil {
		panic(err)
	}
	for _, in := range card.SupportedInterfaces {
		fmt.Println("A2A", in.ProtocolVersion)
	}
	fmt.Println(card.Capabilities.Extensions[0].URI)
	// Output:
	// A2A 1.0
	// A2A 0.3
	// https://a2ui.org/a2a-extension/a2ui/v0.9
}
