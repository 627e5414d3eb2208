package catalog

import (
	"github.com/a2ui-go/a2ui/catalog/markdown"
	"strings"
)

// Policy lets the host switch off components, functions and URLs. The catalog consults it
// on the UI goroutine while building (AllowComponent, AllowURL) and when an action runs a
// local function (AllowFunction). Implementations must be cheap and side-effect free.
type Policy interface {
	// AllowComponent reports whether components of the given type may render. A refused
	// type renders as the inert unknown-component placeholder with a POLICY_DENIED error.
	AllowComponent(typ string) bool
	// AllowFunction reports whether a local function (an Action.functionCall such as
	// openUrl) may run.
	AllowFunction(name string) bool
	// AllowURL reports whether url may be used for prop ("Image.url", "Video.url",
	// "Video.posterUrl", "AudioPlayer.url", "openUrl"). It is only asked about URLs that
	// already passed the catalog's own scheme check (CheckURL).
	AllowURL(prop, url string) bool
}

// DefaultPolicy allows every component and function and every URL that passes CheckURL.
type DefaultPolicy struct{}

func (DefaultPolicy) AllowComponent(string) bool   { return true }
func (DefaultPolicy) AllowFunction(string) bool    { return true }
func (DefaultPolicy) AllowURL(string, string) bool { return true }

// MaxURL is the longest URL the catalog puts into the DOM (data: image URLs excepted,
// which may be up to MaxDataURL bytes).
const (
	MaxURL     = markdown.MaxURL
	MaxDataURL = 2 << 20
)

// CheckURL is the only way an agent URL reaches a DOM attribute. It accepts absolute
// http/https URLs with a host and no credentials, and, when image is true, data: URLs of
// the raster types data:image/(png|jpeg|gif|webp);base64 (never SVG). It refuses control
// characters, whitespace, backslashes, bidi and zero-width characters, and returns the
// re-serialized URL.
func CheckURL(raw string, image bool) (string, bool) {
	if strings.HasPrefix(raw, "data:") {
		if !image || len(raw) > MaxDataURL {
			return "", false
		}
		rest := raw[len("data:"):]
		for _, t := range [...]string{"image/png;base64,", "image/jpeg;base64,", "image/gif;base64,", "image/webp;base64,"} {
			if strings.HasPrefix(rest, t) {
				for i := len(t); i < len(rest); i++ {
					c := rest[i]
					if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=') {
						return "", false
					}
				}
				return raw, true
			}
		}
		return "", false
	}
	// The http(s) rule is the one Markdown links follow (same length cap, characters and
	// re-serialization), so there is one implementation of it.
	return markdown.SafeLink(raw)
}
