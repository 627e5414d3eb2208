package render

import (
	"bytes"
	"sort"
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// checkCallCatalogs reports, when components arrive on a v1.0 surface created without a
// catalogId, every function call in their props that names no catalogId: with no
// default catalog it can never run (binding.CallsWithoutCatalog), even in a template row
// that has no data yet. at is the message path of the component list. The components
// are kept; evaluating such a call fails closed as well.
func (r *Renderer) checkCallCatalogs(surfaceID, at string, comps []protocol.Component) {
	ms, ok := r.proc.Surface(surfaceID)
	if !ok || ms.Version != protocol.V10 || ms.CatalogID != "" {
		return
	}
	for i, c := range comps {
		keys := make([]string, 0, len(c.Props))
		for k, raw := range c.Props {
			if bytes.Contains(raw, []byte(`"call"`)) {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, err := jsonscan.Parse(c.Props[k])
			if err != nil {
				continue
			}
			binding.CallsWithoutCatalog(surfaceID, v, func(path string, e *protocol.Error) {
				e.Path = at + "/" + strconv.Itoa(i) + "/" + protocol.EscapeToken(k) + path
				r.Report(e)
			})
		}
	}
}
