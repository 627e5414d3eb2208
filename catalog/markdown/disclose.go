package markdown

import (
	"strings"
	"unicode"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/policy"
)

// LinkHostClass is the class of the note that follows a link whose text names another
// host than its destination, or whose destination host is an internationalized one.
const LinkHostClass = "a2ui-link-host"

// discloseHost appends, after the link just appended to out, a note with the real
// destination host of href when the link's text names a different host ("paypal.com"
// linking to evil.example) or when the destination host has IDN labels the text does not
// spell out (homographs). The host is shown in ASCII (Punycode) form.
func discloseHost(out []*dom.Node, text, href string) []*dom.Node {
	dest := policy.DisplayHost(href)
	if dest == "" {
		return out
	}
	named := namedHost(policy.CleanText(text))
	switch {
	case named != "" && !sameSite(named, dest):
	case named == "" && strings.Contains(dest, "xn--"):
	default:
		return out
	}
	note := el("span", textNode(" ("+dest+")"))
	note.Attrs = []dom.Attr{{Name: "class", Value: LinkHostClass}}
	return append(out, note)
}

// sameSite reports whether a link whose text names host named may go to dest: the same
// host, a subdomain of it, or named being dest's "www." form.
func sameSite(named, dest string) bool {
	return named == dest || strings.HasSuffix(dest, "."+named) || named == "www."+dest
}

// namedHost returns the first word of text that reads as a host name or URL
// ("paypal.com", "https://paypal.com/login", "www.bank.example"), in ASCII form, or "".
func namedHost(text string) string {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("()<>[]{}\"'«»,;!", r)
	}) {
		w = strings.TrimRight(w, ".")
		if i := strings.Index(w, "://"); i >= 0 {
			w = w[i+3:]
		}
		if i := strings.IndexAny(w, "/?#"); i >= 0 {
			w = w[:i]
		}
		if i := strings.LastIndexByte(w, '@'); i >= 0 {
			w = w[i+1:] // userinfo tricks: the host is after the last @
		}
		if i := strings.LastIndexByte(w, ':'); i >= 0 {
			w = w[:i]
		}
		if looksLikeHost(w) {
			if h := policy.DisplayHost("https://" + w); h != "" {
				return h
			}
		}
	}
	return ""
}

// looksLikeHost: at least two dot-separated labels of letters, digits and hyphens, the
// last one (the TLD) made of letters only and at least two long.
func looksLikeHost(w string) bool {
	labels := strings.Split(w, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" {
			return false
		}
		for _, r := range l {
			if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-') {
				return false
			}
		}
	}
	tld := []rune(labels[len(labels)-1])
	if len(tld) < 2 {
		return false
	}
	for _, r := range tld {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}
