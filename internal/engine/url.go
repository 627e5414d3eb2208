package engine

import (
	"net/url"

	"github.com/a2ui-go/a2ui/internal/third_party/neturl"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// ParseBaseURL parses the URL a surface's relative URLs resolve against (its stream's
// URL) for Env.BaseURL; nil when s is not an absolute URL.
func ParseBaseURL(s string) *url.URL {
	u, err := neturl.ParseURL(s)
	if err != nil || !u.IsAbs() {
		return nil
	}
	return u
}

// OpenURL runs an openUrl under pol: the URL must pass the Link allowlist (relative ones
// resolved against base), the mode must not be "never", and open (the host's window
// opener) must report that it opened, which it does only within a user gesture. Any
// refusal is a POLICY_DENIED error and nothing opens.
func OpenURL(pol *policy.Policy, base *url.URL, raw string, open func(string) bool) *protocol.Error {
	if pol.OpenURL == policy.OpenURLNever {
		return &protocol.Error{Code: protocol.CodePolicy, Message: "openUrl refused: the page's policy never opens URLs"}
	}
	u, err := pol.CheckURL(policy.Link, raw, base)
	if err != nil {
		return &protocol.Error{Code: protocol.CodePolicy, Message: "openUrl refused: " + err.Error()}
	}
	if open == nil || !open(u) {
		return &protocol.Error{Code: protocol.CodePolicy, Message: "openUrl refused: no user gesture"}
	}
	return nil
}
