package prerender_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/prerender"
)

// A server renders the agent's first answer into the page it serves: the surface shows at
// HTML parse time and the runtime takes it over when it is up.
func ExampleRender() {
	stream := strings.NewReader(`{"version":"v0.9","createSurface":{"surfaceId":"hi","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"hi","components":[{"id":"root","component":"Text","text":"Hello, **world** & <b>co</b>"}]}}
not a message
`)
	var html strings.Builder
	err := prerender.Render(&html, stream, prerender.Options{
		StyleHref: "/a2ui.css", // default: web/a2ui.css inline in a <style>
		NoStream:  true,        // default: the stream inline, for the takeover
		Attrs:     []dom.Attr{{Name: "src", Value: "/agent/stream"}},
		OnError:   func(detail []byte) { fmt.Fprintf(os.Stdout, "error: %s\n", detail) },
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(html.String())
	// Output:
	// error: {"error":{"code":"VALIDATION_FAILED","message":"invalid JSON: invalid character 'o' in literal null (expecting 'u') (offset 2)","path":"","surfaceId":""},"version":"v0.9"}
	// <a2ui-renderer locale="en-US" prerendered="" src="/agent/stream"><template shadowrootmode="open"><link data-a2ui="" rel="stylesheet" href="/a2ui.css"><div class="a2ui-root" dir="ltr" lang="en-US" part="root"><section class="a2ui-surface" data-a2ui-prerendered="" data-heading-base="1" data-surface-id="hi"><div class="a2ui-surface"><p class="a2ui-text a2ui-text-body" part="text">Hello, <strong>world</strong> &amp; co</p></div></section></div></template></a2ui-renderer>
}
