package neturl

import "net/url"

// ParseURL is Parse returning the standard library's *url.URL, for the APIs that take
// one. Only parsing goes through this copy: net/url's own Parse would link its fmt-based
// Error.Error into the wasm (PATCHES.md); its other methods do not.
func ParseURL(raw string) (*url.URL, error) {
	u, err := Parse(raw)
	if err != nil {
		return nil, err
	}
	out := &url.URL{
		Scheme: u.Scheme, Opaque: u.Opaque, Host: u.Host, Path: u.Path, RawPath: u.RawPath,
		OmitHost: u.OmitHost, ForceQuery: u.ForceQuery, RawQuery: u.RawQuery,
		Fragment: u.Fragment, RawFragment: u.RawFragment,
	}
	if u.User != nil {
		if p, ok := u.User.Password(); ok {
			out.User = url.UserPassword(u.User.Username(), p)
		} else {
			out.User = url.User(u.User.Username())
		}
	}
	return out, nil
}
