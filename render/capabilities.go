package render

import (
	"encoding/json"
	"strings"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/protocol"
)

// Capabilities returns the a2uiClientCapabilities object for the renderer's catalogs, in
// the per-version and the flat form (agents read both); transports put it in their
// metadata. supportedCatalogIds lists every catalog's ids; with Options.InlineCatalogs
// the catalogs that are not official A2UI ones are also described inline, in each
// version's catalog shape.
func (r *Renderer) Capabilities() []byte {
	ids := r.CatalogIDs()
	var inline func(protocol.Version) []json.RawMessage
	if r.opts.InlineCatalogs {
		inline = r.InlineCatalogDocs
	}
	b := protocol.EncodeCapabilitiesInline(protocol.CapabilityVersions, ids, inline)
	if p := r.opts.Profile; p != nil {
		if extra := p.Capabilities(); len(extra) > 0 && len(b) > 1 && b[len(b)-1] == '}' {
			b = append(append(append(b[:len(b)-1:len(b)-1], ','), extra...), '}')
		}
	}
	return b
}

// CatalogIDs returns the ids every catalog of the renderer accepts, catalog by catalog
// (each sorted), without repeats: the supportedCatalogIds of its capabilities.
func (r *Renderer) CatalogIDs() []string {
	var ids []string
	seen := map[string]bool{}
	for _, c := range r.opts.Catalogs {
		for _, id := range c.CatalogIDs() {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// InlineCatalogDocs returns the catalog documents (version v's shape) of the catalogs
// that are not official A2UI ones: the inlineCatalogs of capabilities sent to an agent
// that accepts them.
func (r *Renderer) InlineCatalogDocs(v protocol.Version) []json.RawMessage {
	var out []json.RawMessage
	for _, c := range r.opts.Catalogs {
		if official(c) {
			continue
		}
		if doc, err := c.Document(v); err == nil {
			out = append(out, doc)
		}
	}
	return out
}

// official reports whether every id of c is an official A2UI catalog's (the agent knows
// those by id).
func official(c *catalog.Catalog) bool {
	for _, id := range c.CatalogIDs() {
		if !strings.HasPrefix(id, "https://a2ui.org/specification/") && !strings.HasPrefix(id, "https://a2ui.dev/specification/") {
			return false
		}
	}
	return true
}

// ClientDataModel returns the a2uiClientDataModel of the surfaces created with
// sendDataModel (nil when there are none): what an A2A message to their agent carries
// in its metadata (transport/a2a).
func (r *Renderer) ClientDataModel() []byte {
	var v protocol.Version
	var m map[string]map[string]any
	for _, id := range r.order {
		ms, ok := r.proc.Surface(id)
		if !ok || !ms.SendDataModel {
			continue
		}
		if m == nil {
			m, v = map[string]map[string]any{}, ms.Version
		}
		snap := ms.Data.Snapshot()
		if s := r.surf[id]; s != nil {
			// Obscured fields never leave with the model.
			snap, _ = s.env.State.Redact(nil, snap).(map[string]any)
		}
		m[id] = snap
	}
	return protocol.EncodeClientDataModel(v, m)
}
