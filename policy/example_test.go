package policy_test

import (
	"fmt"
	"net/url"

	"github.com/a2ui-go/a2ui/policy"
)

// A page selects the strict profile and lists its image CDN and its own origin.
func ExampleResolve() {
	p, err := policy.Resolve("strict", []byte(`{"urls":{"images":["cdn.example","self"]}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	stream, _ := url.Parse("https://agent.example/stream")
	for _, raw := range []string{"https://cdn.example/cat.png", "/static/logo.png", "//tracker.example/p.gif"} {
		u, err := p.CheckURL(policy.Image, raw, stream)
		fmt.Println(u, err)
	}
	_, err = policy.Resolve("", []byte(`{"urls":{"images":"cdn.example"}}`))
	fmt.Println(err)
	// Output:
	// https://cdn.example/cat.png <nil>
	// https://agent.example/static/logo.png <nil>
	//  images URL refused: host "tracker.example" is not on the images allowlist
	// invalid policy at /urls/images: must be an array of strings
}
