package policy

import (
	"sort"
)

// profiles are the built-in profiles by name. Each call returns a fresh Policy.
// To add one (say "openwop"), add an entry here and a row to the README's Policy table.
var profiles = map[string]func() Policy{
	// default: as the renderer always behaved: every component and function, any
	// http(s) URL, relative URLs resolved against the stream, openUrl within a user
	// gesture, whole-model contexts allowed.
	"default": func() Policy {
		all := Hosts{Any: true}
		return Policy{Images: all, Media: all, Links: all, OpenURL: OpenURLGesture, WholeModelContext: true}
	},
	// strict: nothing remote unless listed (every allowlist empty, not even "self"),
	// no whole-model action contexts, untrusted clicks ignored, agent headings start
	// at <h4> (security.md ).
	"strict": func() Policy {
		return Policy{OpenURL: OpenURLGesture, TrustedClicksOnly: true, HeadingBase: 3}
	},
}

// DefaultProfile is the profile used when the page names none.
const DefaultProfile = "default"

// Profiles returns the names of the built-in profiles, sorted.
func Profiles() []string {
	out := make([]string, 0, len(profiles))
	for n := range profiles {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Profile returns the built-in profile name ("" is DefaultProfile).
func Profile(name string) (*Policy, error) {
	if name == "" {
		name = DefaultProfile
	}
	f, ok := profiles[name]
	if !ok {
		return nil, &Error{Path: "/profile", Message: "unknown profile " + quote(name) + " (known: " + join(Profiles()) + ")"}
	}
	p := f()
	p.Profile = name
	return &p, nil
}

// Default returns the default profile.
func Default() *Policy {
	p, _ := Profile(DefaultProfile)
	return p
}
