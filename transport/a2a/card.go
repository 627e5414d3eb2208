package a2a

import (
	"errors"
	"sort"
	"strings"

	"github.com/a2ui-go/a2ui/protocol"
)

// A2A protocol versions a Session speaks.
const (
	V10 = "1.0"
	V03 = "0.3"
)

// ExtensionPrefix starts every A2UI extension URI; the version follows it.
const ExtensionPrefix = "https://a2ui.org/a2a-extension/a2ui/"

// extensionVersions are the A2UI versions with an A2A extension URI, newest first.
var extensionVersions = []protocol.Version{protocol.V010, protocol.V091, protocol.V09, protocol.V08}

// ExtensionURI returns the A2UI extension URI of v ("" when v has none).
func ExtensionURI(v protocol.Version) string {
	for _, e := range extensionVersions {
		if e == v {
			return ExtensionPrefix + v.String()
		}
	}
	return ""
}

// WellKnownPath is where an agent publishes its card.
const WellKnownPath = "/.well-known/agent-card.json"

// splitURL cuts an absolute http(s) URL into its origin ("https://host:port") and the
// rest (path, query, fragment). The browser glue hands over absolute URLs (the loader
// resolves the page's relative ones), so no general URL parser is linked in.
func splitURL(u string) (origin, rest string, ok bool) {
	var after string
	switch {
	case strings.HasPrefix(u, "https://"):
		after = u[len("https://"):]
	case strings.HasPrefix(u, "http://"):
		after = u[len("http://"):]
	default:
		return "", "", false
	}
	i := strings.IndexAny(after, "/?#")
	if i < 0 {
		i = len(after)
	}
	if i == 0 || strings.ContainsAny(after[:i], " \t\n\\") {
		return "", "", false
	}
	return u[:len(u)-len(after)+i], after[i:], true
}

// resolve resolves ref against the absolute URL base: an absolute http(s) URL as is,
// "/path" against base's origin.
func resolve(ref, base string) (string, bool) {
	if _, _, ok := splitURL(ref); ok {
		return ref, true
	}
	origin, _, ok := splitURL(base)
	if !ok || !strings.HasPrefix(ref, "/") || strings.HasPrefix(ref, "//") {
		return "", false
	}
	return origin + ref, true
}

// CardURLs returns the URLs to try, in order, for the card of agent (an absolute
// http(s) URL): agent itself when its path names a .json file; otherwise agent's path
// joined with WellKnownPath (as the A2A SDKs resolve a base URL), then the origin's
// WellKnownPath.
func CardURLs(agent string) ([]string, error) {
	origin, rest, ok := splitURL(agent)
	if !ok {
		return nil, errors.New("agent must be an absolute http(s) URL: " + agent)
	}
	path := rest
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	if strings.HasSuffix(path, ".json") {
		if i := strings.IndexByte(rest, '#'); i >= 0 {
			rest = rest[:i]
		}
		return []string{origin + rest}, nil
	}
	joined := origin + strings.TrimSuffix(path, "/") + WellKnownPath
	if root := origin + WellKnownPath; joined != root {
		return []string{joined, root}, nil
	}
	return []string{joined}, nil
}

// Card is what a Session needs from an agent card.
type Card struct {
	Name string
	// Endpoint is the absolute URL of the chosen JSON-RPC interface.
	Endpoint string
	// Version is the A2A protocol version of that interface: V10 or V03.
	Version string
	// Streaming: the agent streams (SendStreamingMessage / message/stream); otherwise
	// turns use SendMessage / message/send.
	Streaming bool
	// A2UI is the newest A2UI extension the card declares (zero Version when none).
	A2UI Extension
}

// Extension is an A2UI extension entry of the card's capabilities.extensions.
type Extension struct {
	URI     string
	Version protocol.Version
	// CatalogIDs and AcceptsInlineCatalogs are the extension's params.
	CatalogIDs            []string
	AcceptsInlineCatalogs bool
	Required              bool
}

// iface is one JSON-RPC interface candidate of a card.
type iface struct{ url, binding, version string }

// cardJSON is what ParseCard reads of a card.
type cardJSON struct {
	name, url, protocolVersion, preferredTransport string
	supported, additional                          []iface
	streaming                                      bool
	extensions                                     []extJSON
}

type extJSON struct {
	uri      string
	required bool
	catalogs []string
	inline   bool
}

// readCard reads body the way encoding/json filled the card struct (jsonread.go).
func readCard(body []byte) (cardJSON, bool) {
	r := reader{ok: true}
	var c cardJSON
	o := r.object(body)
	if !r.ok || o == nil && !isNull(body) {
		return c, false
	}
	c.name, c.url = r.str(o, "name"), r.str(o, "url")
	c.protocolVersion, c.preferredTransport = r.str(o, "protocolVersion"), r.str(o, "preferredTransport")
	for _, in := range r.objects(o, "supportedInterfaces") {
		c.supported = append(c.supported, iface{url: r.str(in, "url"), binding: r.str(in, "protocolBinding"), version: r.str(in, "protocolVersion")})
	}
	for _, in := range r.objects(o, "additionalInterfaces") {
		c.additional = append(c.additional, iface{url: r.str(in, "url"), binding: r.str(in, "transport")})
	}
	caps := r.obj(o, "capabilities")
	c.streaming = r.boolean(caps, "streaming")
	for _, e := range r.objects(caps, "extensions") {
		params := r.obj(e, "params")
		c.extensions = append(c.extensions, extJSON{uri: r.str(e, "uri"), required: r.boolean(e, "required"),
			catalogs: r.strings(params, "supportedCatalogIds"), inline: r.boolean(params, "acceptsInlineCatalogs")})
	}
	return c, r.ok
}

// major maps a protocolVersion to V10 or V03 ("" when neither).
func major(v string) string {
	v = strings.TrimPrefix(strings.TrimSpace(v), "v")
	switch {
	case v == "1" || strings.HasPrefix(v, "1."):
		return V10
	case strings.HasPrefix(v, "0."):
		return V03
	}
	return ""
}

// ParseCard reads an agent card (A2A 1.0, or 0.3 with url/preferredTransport/
// additionalInterfaces) fetched from cardURL. The JSON-RPC interface is taken from
// supportedInterfaces first, A2A 1.0 preferred over 0.3; a card without one there falls
// back to its 0.3 url fields (protocolVersion, default "0.3"). Interface URLs must be
// absolute http(s) URLs or "/path"s (resolved against cardURL's origin).
func ParseCard(body []byte, cardURL string) (*Card, error) {
	if err := validJSON(body); err != nil {
		return nil, errors.New("agent card is not valid JSON: " + err.Error())
	}
	c, ok := readCard(body)
	if !ok {
		return nil, errors.New("agent card has a member of the wrong type")
	}
	card := &Card{Name: c.name, Streaming: c.streaming}
	pick := func(raw, version string) bool {
		if raw == "" || version == "" {
			return false
		}
		u, ok := resolve(raw, cardURL)
		if !ok {
			return false
		}
		card.Endpoint, card.Version = u, version
		return true
	}
	for _, want := range []string{V10, V03} {
		for _, in := range c.supported {
			if strings.EqualFold(in.binding, "JSONRPC") && major(in.version) == want && pick(in.url, want) {
				break
			}
		}
		if card.Endpoint != "" {
			break
		}
	}
	if card.Endpoint == "" {
		v := major(c.protocolVersion)
		if c.protocolVersion == "" {
			v = V03
		}
		if c.preferredTransport == "" || strings.EqualFold(c.preferredTransport, "JSONRPC") {
			pick(c.url, v)
		}
		for _, in := range c.additional {
			if card.Endpoint != "" {
				break
			}
			if strings.EqualFold(in.binding, "JSONRPC") {
				pick(in.url, v)
			}
		}
	}
	if card.Endpoint == "" {
		return nil, errors.New("agent card has no JSON-RPC interface for A2A 1.0 or 0.3")
	}
	rank := func(v protocol.Version) int {
		for i, e := range extensionVersions {
			if e == v {
				return len(extensionVersions) - i
			}
		}
		return 0
	}
	for _, e := range c.extensions {
		if !strings.HasPrefix(e.uri, ExtensionPrefix) {
			continue
		}
		v, ok := protocol.ParseVersion(strings.TrimPrefix(e.uri, ExtensionPrefix))
		if !ok || ExtensionURI(v) == "" || rank(v) <= rank(card.A2UI.Version) {
			continue
		}
		card.A2UI = Extension{URI: ExtensionURI(v), Version: v, Required: e.required,
			CatalogIDs: e.catalogs, AcceptsInlineCatalogs: e.inline}
	}
	return card, nil
}

// announce returns the A2UI versions and catalog ids to put in a2uiClientCapabilities:
// the card's A2UI version (every version with capabilities when the card names none)
// and the renderer's catalogs the agent supports (all of the renderer's when the card
// lists none of them).
func (c *Card) announce(ours []string) ([]protocol.Version, []string) {
	versions := protocol.CapabilityVersions
	if c.A2UI.Version != protocol.VersionUnknown {
		versions = []protocol.Version{c.A2UI.Version}
	}
	var both []string
	for _, id := range ours {
		for _, theirs := range c.A2UI.CatalogIDs {
			if id == theirs {
				both = append(both, id)
				break
			}
		}
	}
	if len(both) == 0 {
		both = append([]string(nil), ours...)
	}
	sort.Strings(both)
	return versions, both
}

// extensionURIs is the A2UI extension list the Session requests: the card's A2UI URI
// first, then every other version the renderer speaks.
func (c *Card) extensionURIs() []string {
	var out []string
	if c.A2UI.URI != "" {
		out = append(out, c.A2UI.URI)
	}
	for _, v := range extensionVersions {
		if v != c.A2UI.Version {
			out = append(out, ExtensionURI(v))
		}
	}
	return out
}
