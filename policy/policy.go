package policy

import (
	"net/url"
	"slices"
)

// Policy is one renderer's resolved trust policy. Build one with Profile or Resolve (or
// as a literal in Go); the zero value allows nothing remote and every component and
// function, like a strict profile without its other settings.
type Policy struct {
	// Profile is the name of the profile this policy started from.
	Profile string
	// Components, Functions and Actions restrict component types, catalog functions
	// (dynamic values, functionCall actions, the agent's callFunction) and the names of
	// event actions a Button may send.
	Components, Functions, Actions Names
	// Images, Media and Links are the URL allowlists per Kind.
	Images, Media, Links Hosts
	// OpenURL says when openUrl may open a window.
	OpenURL OpenURLMode
	// WholeModelContext allows an action context entry bound to the whole data model
	// ("/", or computed from it: "${/}"); strict refuses such an action (POLICY_DENIED,
	// nothing sent). Obscured fields are left out of such a context either way.
	WholeModelContext bool
	// TrustedClicksOnly ignores synthetic (untrusted) clicks on actions; the renderer
	// applies it through render.Options.TrustedClicksOnly.
	TrustedClicksOnly bool
	// HeadingBase is the heading level of the page around the renderer: agent headings
	// start one below it (HeadingBase 2: "# x" and Text variant h1 become <h3>). 0..5.
	HeadingBase int
	// Limits are the caps on what an agent sends (zero: DefaultLimits' value). A
	// profile may set its own; the page's policy "limits" member and the mount option
	// "limits" override them per cap.
	Limits Limits
}

// Names is an allow/deny list of names. Allow nil admits every name not in Deny; a
// non-nil Allow admits only its names (minus Deny).
type Names struct {
	Allow []string
	Deny  []string
}

// Allows reports whether name passes the list.
func (n Names) Allows(name string) bool {
	if slices.Contains(n.Deny, name) {
		return false
	}
	return n.Allow == nil || slices.Contains(n.Allow, name)
}

// OpenURLMode says when openUrl may open a window.
type OpenURLMode string

const (
	// OpenURLGesture opens only while the page has a user activation (a click in the
	// last few seconds, navigator.userActivation.isActive): a Button's openUrl action, or
	// an agent's callFunction answering one. Otherwise the call is refused and reported.
	OpenURLGesture OpenURLMode = "gesture"
	// OpenURLNever refuses every openUrl.
	OpenURLNever OpenURLMode = "never"
)

// AllowComponent reports whether components of type typ may render.
func (p *Policy) AllowComponent(typ string) bool { return p.Components.Allows(typ) }

// AllowFunction reports whether the catalog function name may run (binding.Policy).
func (p *Policy) AllowFunction(name string) bool { return p.Functions.Allows(name) }

// AllowAction reports whether a Button may send an event action called name.
func (p *Policy) AllowAction(name string) bool { return p.Actions.Allows(name) }

func (p *Policy) hosts(k Kind) Hosts {
	switch k {
	case Image:
		return p.Images
	case Media:
		return p.Media
	}
	return p.Links
}

// CheckLink checks a link destination (Markdown link, openUrl) against the Link list.
func (p *Policy) CheckLink(raw string, base *url.URL) (string, error) {
	return p.CheckURL(Link, raw, base)
}
