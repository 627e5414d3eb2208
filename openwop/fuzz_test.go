package openwop

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/render"
)

// FuzzDecode feeds arbitrary payloads to the profile: it never panics, an accepted
// envelope's own A2UI messages decode and apply without error, and no rendered element
// carries a URL attribute.
func FuzzDecode(f *testing.F) {
	f.Add(envelope("e", p1Surface))
	f.Add(envelope("e", `{"components":[{"component":"text","text":"<img src=x>"}]}`))
	f.Add(strings.Replace(envelope("e", p1Surface), `"partial":false`, `"partial":true`, 1))
	f.Add(`{"type":"ui.a2ui-surface"}`)
	f.Add(`[1,2]`)
	f.Fuzz(func(t *testing.T, data string) {
		p := New(Config{Targets: []string{"resume", "exchange"}, Approval: true})
		var opts render.Options
		p.Apply(&opts)
		h := newHost(t, opts)
		r := h.R
		r.Process([]byte(data))
		r.Frame()
		_, ref := Parse([]byte(data))
		if IsEnvelope([]byte(data)) && ref == nil {
			for _, c := range h.ErrorCodes() {
				if c != CodeSecret && c != CodeCorrelationConflict {
					t.Fatalf("an accepted envelope produced error %s: %v", c, h.EventsOf("a2ui-error"))
				}
			}
		}
		for _, id := range r.Surfaces() {
			for _, n := range h.FindAll(id, func(*memdom.Node) bool { return true }) {
				for _, a := range []string{"src", "href", "srcset", "poster", "action"} {
					if _, ok := n.Attr(a); ok {
						t.Fatalf("<%s %s> rendered", n.Tag, a)
					}
				}
			}
		}
		if len(left(h)) != 0 {
			t.Fatalf("sent %v", left(h))
		}
	})
}
