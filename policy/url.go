package policy

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/internal/third_party/neturl"
)

// Kind is what a URL is used for; each kind has its own host allowlist.
type Kind uint8

const (
	// Image: Image.url and Video.posterUrl (data:image raster URLs are accepted too).
	Image Kind = iota
	// Media: Video.url and AudioPlayer.url.
	Media
	// Link: Markdown links and openUrl.
	Link
	numKinds
)

var kindNames = [numKinds]string{"images", "media", "links"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "unknown"
}

// MaxURL is the longest URL accepted (data: image URLs excepted: MaxDataURL).
const (
	MaxURL     = 2048
	MaxDataURL = 2 << 20
)

// Hosts is the allowlist of one URL kind. The zero value allows nothing.
type Hosts struct {
	// Any allows every http/https URL (entry "*").
	Any bool
	// Self allows the origin of the stream that created the surface (entry "self").
	Self bool
	// Entries are the other entries, normalized (see ParseHost).
	Entries []HostEntry
}

// HostEntry is one allowlist entry: a host (https, default port unless Port is set),
// a "*.suffix" wildcard (https, any subdomain, not the apex), or an exact origin
// (Scheme set: that scheme, host and port).
type HostEntry struct {
	Scheme   string // "" for host entries (https only)
	Host     string // lower-case ASCII (Punycode for IDN labels)
	Port     string // "" = the scheme's default port
	Wildcard bool   // Host is a suffix: "*.cdn.example" is {Host: "cdn.example", Wildcard: true}
}

// String returns the entry in the syntax ParseHost accepts.
func (e HostEntry) String() string {
	h := e.Host
	if e.Wildcard {
		h = "*." + h
	}
	if e.Port != "" {
		h += ":" + e.Port
	}
	if e.Scheme != "" {
		return e.Scheme + "://" + h
	}
	return h
}

// ParseHost parses one allowlist entry other than "*" and "self": "cdn.example",
// "cdn.example:8443", "*.cdn.example", or an origin "https://cdn.example",
// "http://127.0.0.1:8080" (scheme http or https, no path, query or credentials).
func ParseHost(s string) (HostEntry, error) {
	bad := func(why string) (HostEntry, error) {
		return HostEntry{}, errors.New("bad host " + strconv.Quote(s) + ": " + why)
	}
	if s == "" || len(s) > 300 {
		return bad("empty or longer than 300 bytes")
	}
	for _, r := range s {
		if r <= 0x20 || r == 0x7f || r == '\\' || r == utf8.RuneError || Invisible(r) {
			return bad("control, space, backslash or invisible character")
		}
	}
	var e HostEntry
	hostport := s
	if i := strings.Index(s, "://"); i >= 0 {
		u, err := neturl.ParseURL(s)
		if err != nil {
			return bad(err.Error())
		}
		if u.Scheme != "http" && u.Scheme != "https" {
			return bad("an origin must be http:// or https://")
		}
		if u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
			return bad("an origin has no credentials, path, query or fragment")
		}
		e.Scheme = u.Scheme
		hostport = u.Host
	}
	host, port := hostport, ""
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		if end < 0 || end+1 < len(host) && host[end+1] != ':' {
			return bad("malformed IPv6 literal")
		}
		if end+1 < len(host) {
			port = host[end+2:]
		}
		host = strings.ToLower(host[:end+1])
	} else if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host, port = host[:i], host[i+1:]
	}
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n <= 0 || n > 65535 || strconv.Itoa(n) != port {
			return bad("port must be a number from 1 to 65535")
		}
		if (e.Scheme == "https" || e.Scheme == "") && port == "443" || e.Scheme == "http" && port == "80" {
			port = ""
		}
	}
	e.Port = port
	if strings.HasPrefix(host, "*.") {
		if e.Scheme != "" {
			return bad("wildcards are for host entries, not origins")
		}
		e.Wildcard = true
		host = host[2:]
	}
	if strings.HasPrefix(host, "[") {
		e.Host = host
		return e, nil
	}
	h, ok := asciiHost(host)
	if !ok || h == "" || strings.HasPrefix(h, ".") || strings.HasSuffix(h, ".") || strings.Contains(h, "..") {
		return bad("not a host name")
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return bad("not a host name")
		}
	}
	e.Host = h
	return e, nil
}

// parseHosts parses an allowlist ("*", "self" and ParseHost entries).
func parseHosts(list []string) (Hosts, error) {
	var hs Hosts
	for _, s := range list {
		switch s {
		case "*":
			hs.Any = true
		case "self":
			hs.Self = true
		default:
			e, err := ParseHost(s)
			if err != nil {
				return Hosts{}, err
			}
			hs.Entries = append(hs.Entries, e)
		}
	}
	return hs, nil
}

// List returns the allowlist in the syntax Resolve accepts.
func (hs Hosts) List() []string {
	out := []string{}
	if hs.Any {
		out = append(out, "*")
	}
	if hs.Self {
		out = append(out, "self")
	}
	for _, e := range hs.Entries {
		out = append(out, e.String())
	}
	return out
}

// allows reports whether the absolute http(s) URL u is on the list; base is the stream's
// URL ("self"), nil when unknown.
func (hs Hosts) allows(u, base *url.URL) bool {
	if hs.Any {
		return true
	}
	host, ok := asciiHost(u.Hostname())
	if !ok {
		return false
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	port := u.Port()
	if u.Scheme == "https" && port == "443" || u.Scheme == "http" && port == "80" {
		port = ""
	}
	if hs.Self && base != nil && sameOrigin(u, base) {
		return true
	}
	for _, e := range hs.Entries {
		if e.Port != port {
			continue
		}
		if e.Scheme == "" {
			if u.Scheme != "https" {
				continue
			}
		} else if e.Scheme != u.Scheme {
			continue
		}
		if e.Wildcard {
			if strings.HasSuffix(host, "."+e.Host) {
				return true
			}
		} else if host == e.Host {
			return true
		}
	}
	return false
}

func sameOrigin(a, b *url.URL) bool {
	pa, pb := a.Port(), b.Port()
	def := func(u *url.URL, p string) string {
		if p == "" {
			if u.Scheme == "https" {
				return "443"
			}
			return "80"
		}
		return p
	}
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) &&
		def(a, pa) == def(b, pb)
}

// URLError says why a URL was refused.
type URLError struct {
	Kind   Kind
	Reason string
}

func (e *URLError) Error() string { return e.Kind.String() + " URL refused: " + e.Reason }

// SafeURL returns the re-serialized form of raw when it is an absolute http or https URL
// with a host and no credentials. Control characters, spaces, backslashes and invisible
// characters are refused outright (they hide scheme tricks). It applies no allowlist.
func SafeURL(raw string) (string, bool) {
	u, err := parseHTTP(raw, nil)
	if err != nil {
		return "", false
	}
	out := u.String()
	if len(out) > MaxURL {
		return "", false
	}
	return out, true
}

// parseHTTP checks raw's characters, resolves it against base when it is relative or
// protocol-relative (refused when base is nil) and returns the absolute http(s) URL.
func parseHTTP(raw string, base *url.URL) (*url.URL, error) {
	if raw == "" {
		return nil, errors.New("empty URL")
	}
	if len(raw) > MaxURL {
		return nil, errors.New("longer than " + strconv.Itoa(MaxURL) + " bytes")
	}
	for _, r := range raw {
		if r <= 0x20 || r == 0x7f || r == '\\' || r == utf8.RuneError || Invisible(r) {
			return nil, errors.New("control, space, backslash or invisible character")
		}
	}
	u, err := neturl.ParseURL(raw)
	if err != nil {
		return nil, errors.New("not a URL")
	}
	if u.Scheme == "" {
		if base == nil {
			return nil, errors.New("a relative URL needs the stream's URL to resolve against")
		}
		u = base.ResolveReference(u)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, errors.New("scheme " + strconv.Quote(u.Scheme) + " is not http or https")
	}
	if u.Opaque != "" || u.Host == "" || u.User != nil {
		return nil, errors.New("no host, or credentials in the URL")
	}
	return u, nil
}

// CheckURL is the only way an agent URL reaches the DOM or window.open. It resolves a
// relative or protocol-relative raw against base (the URL of the stream that created the
// surface: "//evil.example/x" is judged as https://evil.example/x under an https stream),
// requires http or https, a host and no credentials, refuses control, space, backslash
// and invisible characters, checks the host against the allowlist of kind, and returns
// the re-serialized absolute URL. For Image, data:image/(png|jpeg|gif|webp);base64 URLs
// up to MaxDataURL bytes are accepted (they load nothing); SVG never.
func (p *Policy) CheckURL(k Kind, raw string, base *url.URL) (string, error) {
	if strings.HasPrefix(raw, "data:") {
		if k != Image {
			return "", &URLError{k, "data: URLs are only accepted for images"}
		}
		if !dataImage(raw) {
			return "", &URLError{k, "only data:image/(png|jpeg|gif|webp);base64 URLs up to 2 MiB are accepted"}
		}
		return raw, nil
	}
	u, err := parseHTTP(raw, base)
	if err != nil {
		return "", &URLError{k, err.Error()}
	}
	if !p.hosts(k).allows(u, base) {
		h, _ := asciiHost(u.Hostname())
		return "", &URLError{k, "host " + strconv.Quote(h) + " is not on the " + k.String() + " allowlist"}
	}
	out := u.String()
	if len(out) > MaxURL {
		// Resolution and re-escaping can lengthen it: the cap holds for what is used.
		return "", &URLError{k, "longer than " + strconv.Itoa(MaxURL) + " bytes once resolved"}
	}
	return out, nil
}

func dataImage(raw string) bool {
	if len(raw) > MaxDataURL {
		return false
	}
	rest := raw[len("data:"):]
	for _, t := range [...]string{"image/png;base64,", "image/jpeg;base64,", "image/gif;base64,", "image/webp;base64,"} {
		if strings.HasPrefix(rest, t) {
			for i := len(t); i < len(rest); i++ {
				c := rest[i]
				if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=') {
					return false
				}
			}
			return true
		}
	}
	return false
}

// DisplayHost returns the host of an absolute URL as the user should read it: lower-case
// ASCII, IDN labels in Punycode ("" when u has none).
func DisplayHost(u string) string {
	pu, err := neturl.ParseURL(u)
	if err != nil {
		return ""
	}
	h, _ := asciiHost(pu.Hostname())
	return h
}
