package policy

import (
	"math"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// Error is a policy the page got wrong: Path is a JSON Pointer into the policy object.
// The renderer refuses to start with it (fail closed) and reports code "POLICY_INVALID".
type Error struct {
	Path    string
	Message string
}

// Code is the error code a renderer reports for an invalid policy.
const Code = "POLICY_INVALID"

func (e *Error) Error() string {
	if e.Path == "" {
		return "invalid policy: " + e.Message
	}
	return "invalid policy at " + e.Path + ": " + e.Message
}

func quote(s string) string { return strconv.Quote(s) }

func join(ss []string) string { return strings.Join(ss, ", ") }

// Resolve returns the policy a page asked for: the profile named by profile (or by the
// JSON's own "profile" member; "" and absent mean DefaultProfile; naming two different
// profiles is an error), with the members of the JSON object overrides replacing the
// profile's values. overrides may be empty. Any unknown member, wrong type, bad host or
// out-of-range number is an *Error naming its JSON Pointer: a policy is never applied in
// part. The members (all optional):
//
//	"profile":           "default" | "strict" | another Profiles() name
//	"components":        {"allow": [types], "deny": [types]}
//	"functions":         {"allow": [names], "deny": [names]}
//	"actions":           {"allow": [names], "deny": [names]}
//	"urls":              {"images": [hosts], "media": [hosts], "links": [hosts]}
//	"openUrl":           "gesture" | "never"
//	"wholeModelContext": bool
//	"trustedClicksOnly": bool
//	"headingBase":       0..5
//	"limits":            {LimitNames(): positive integers (at most 2^30)}
//
// A hosts list holds "*" (any http/https URL), "self" (the origin of the stream that
// created the surface) and ParseHost entries. Within "components", "functions",
// "actions" and "urls", a member that is absent keeps the profile's value.
func Resolve(profile string, overrides []byte) (*Policy, error) {
	var ms []jsonscan.Member
	if len(strings.TrimSpace(string(overrides))) > 0 {
		var err error
		ms, err = members(overrides, "")
		if err != nil {
			return nil, err
		}
	}
	for _, m := range ms {
		if m.Key != "profile" {
			continue
		}
		name, err := jsonscan.String(m.Value)
		if err != nil {
			return nil, &Error{Path: "/profile", Message: "must be a string"}
		}
		if profile != "" && name != profile {
			return nil, &Error{Path: "/profile", Message: "names " + quote(name) + " but the profile option names " + quote(profile)}
		}
		profile = name
	}
	p, err := Profile(profile)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		path := "/" + m.Key
		var err error
		switch m.Key {
		case "profile":
		case "components":
			err = names(m.Value, path, &p.Components)
		case "functions":
			err = names(m.Value, path, &p.Functions)
		case "actions":
			err = names(m.Value, path, &p.Actions)
		case "urls":
			err = urls(m.Value, path, p)
		case "openUrl":
			var s string
			if s, err = str(m.Value, path); err == nil {
				switch OpenURLMode(s) {
				case OpenURLGesture, OpenURLNever:
					p.OpenURL = OpenURLMode(s)
				default:
					err = &Error{Path: path, Message: "must be \"gesture\" or \"never\""}
				}
			}
		case "wholeModelContext":
			p.WholeModelContext, err = boolean(m.Value, path)
		case "trustedClicksOnly":
			p.TrustedClicksOnly, err = boolean(m.Value, path)
		case "headingBase":
			p.HeadingBase, err = integer(m.Value, path, 0, 5)
		case "limits":
			err = limits(m.Value, path, &p.Limits)
		default:
			err = &Error{Path: path, Message: "unknown member (known: profile, components, functions, actions, urls, openUrl, wholeModelContext, trustedClicksOnly, headingBase, limits)"}
		}
		if err != nil {
			return nil, err
		}
	}
	return p, nil
}

// members splits an object, refusing duplicate keys.
func members(b []byte, path string) ([]jsonscan.Member, error) {
	ms, err := jsonscan.Object(b)
	if err != nil {
		// jsonscan refuses duplicate keys at any depth itself, with their pointer.
		if je, ok := err.(*jsonscan.Error); ok && strings.HasPrefix(je.Msg, "duplicate object key") {
			return nil, &Error{Path: path + je.Pointer, Message: "duplicate member"}
		}
		return nil, &Error{Path: path, Message: "must be a JSON object"}
	}
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.Key] {
			return nil, &Error{Path: path + "/" + m.Key, Message: "duplicate member"}
		}
		seen[m.Key] = true
	}
	return ms, nil
}

func str(b []byte, path string) (string, error) {
	s, err := jsonscan.String(b)
	if err != nil {
		return "", &Error{Path: path, Message: "must be a string"}
	}
	return s, nil
}

func boolean(b []byte, path string) (bool, error) {
	switch string(b) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, &Error{Path: path, Message: "must be true or false"}
}

func integer(b []byte, path string, lo, hi int) (int, error) {
	v, err := jsonscan.Parse(b)
	f, ok := v.(float64)
	if err != nil || !ok || f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		return 0, &Error{Path: path, Message: "must be an integer from " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi)}
	}
	return int(f), nil
}

func stringList(b []byte, path string) ([]string, error) {
	es, err := jsonscan.Array(b)
	if err != nil {
		return nil, &Error{Path: path, Message: "must be an array of strings"}
	}
	out := make([]string, 0, len(es))
	for i, e := range es {
		s, err := str(e, path+"/"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func names(b []byte, path string, n *Names) error {
	ms, err := members(b, path)
	if err != nil {
		return err
	}
	for _, m := range ms {
		switch m.Key {
		case "allow":
			if n.Allow, err = stringList(m.Value, path+"/allow"); err != nil {
				return err
			}
		case "deny":
			if n.Deny, err = stringList(m.Value, path+"/deny"); err != nil {
				return err
			}
		default:
			return &Error{Path: path + "/" + m.Key, Message: "unknown member (known: allow, deny)"}
		}
	}
	return nil
}

func urls(b []byte, path string, p *Policy) error {
	ms, err := members(b, path)
	if err != nil {
		return err
	}
	for _, m := range ms {
		mp := path + "/" + m.Key
		var dst *Hosts
		switch m.Key {
		case "images":
			dst = &p.Images
		case "media":
			dst = &p.Media
		case "links":
			dst = &p.Links
		default:
			return &Error{Path: mp, Message: "unknown URL kind (known: images, media, links)"}
		}
		list, err := stringList(m.Value, mp)
		if err != nil {
			return err
		}
		hs, err := parseHosts(list)
		if err != nil {
			return &Error{Path: mp, Message: err.Error()}
		}
		*dst = hs
	}
	return nil
}

func limits(b []byte, path string, l *Limits) error {
	ms, err := members(b, path)
	if err != nil {
		return err
	}
	for _, m := range ms {
		mp := path + "/" + m.Key
		dst := l.field(m.Key)
		if dst == nil {
			return &Error{Path: mp, Message: "unknown limit (known: " + join(LimitNames()) + ")"}
		}
		if *dst, err = integer(m.Value, mp, 1, 1<<30); err != nil {
			return err
		}
	}
	return nil
}
