package basic

import (
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/internal/third_party/neturl"
)

// openUrl: returns OpenURL{URL} for an http or https URL with a host (the href as parsed
// by net/url), or for a relative or protocol-relative one, which the renderer resolves
// against the stream's URL and checks against its policy's link allowlist; any other
// scheme or an unparsable URL is an error. The renderer performs the effect; nothing is
// opened here.
func fnOpenURL(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "url")
	if err != nil {
		return nil, err
	}
	s, ok := v.(string)
	if !ok {
		return nil, binding.FuncError(c, "url must be a string")
	}
	u, perr := neturl.ParseURL(strings.TrimSpace(s))
	if perr != nil {
		return nil, binding.FuncError(c, "invalid URL "+strconv.Quote(s))
	}
	scheme := strings.ToLower(u.Scheme)
	if u.Scheme == "" && u.Opaque == "" && strings.TrimSpace(s) != "" {
		return binding.OpenURL{URL: u.String()}, nil // relative: resolved by the renderer
	}
	if scheme != "http" && scheme != "https" {
		return nil, binding.FuncError(c, "unsupported URL scheme "+strconv.Quote(u.Scheme+":"))
	}
	if u.Host == "" {
		return nil, binding.FuncError(c, "URL has no host: "+strconv.Quote(s))
	}
	u.Scheme = scheme
	return binding.OpenURL{URL: u.String()}, nil
}

// boolValues reads the values array of and/or: at least two items, each through ToBool
// (so the string "false" is false, unlike web_core's JavaScript truthiness).
func boolValues(c *binding.Context, args map[string]any) ([]bool, error) {
	v, err := need(c, args, "values")
	if err != nil {
		return nil, err
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, binding.FuncError(c, "values must be an array")
	}
	if len(arr) < 2 {
		return nil, binding.FuncError(c, "values needs at least 2 items")
	}
	out := make([]bool, len(arr))
	for i, e := range arr {
		out[i] = binding.ToBool(e)
	}
	return out, nil
}

func fnAnd(c *binding.Context, args map[string]any) (any, error) {
	vs, err := boolValues(c, args)
	if err != nil {
		return nil, err
	}
	for _, b := range vs {
		if !b {
			return false, nil
		}
	}
	return true, nil
}

func fnOr(c *binding.Context, args map[string]any) (any, error) {
	vs, err := boolValues(c, args)
	if err != nil {
		return nil, err
	}
	for _, b := range vs {
		if b {
			return true, nil
		}
	}
	return false, nil
}

func fnNot(c *binding.Context, args map[string]any) (any, error) {
	v, err := need(c, args, "value")
	if err != nil {
		return nil, err
	}
	return !binding.ToBool(v), nil
}
