package engine

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// Theme is the validated subset of a surface's v0.9+ theme or v0.8 styles that the
// stylesheet understands. Empty fields mean "use the default".
type Theme struct {
	PrimaryColor string // a validated CSS colour
	Font         string // a validated font-family list
}

// ThemeVar is catalog.ThemeVar, the type render.Host takes (the same fields; render
// converts with catalog.ThemeVar(v)).
type ThemeVar struct{ Name, Value string }

// Custom property names set from the theme; web/a2ui.css reads them.
const (
	varPrimaryColor     = "--a2ui-primary-color"
	varPrimaryColorDark = "--a2ui-primary-color-dark" // the primary colour lightened for dark mode
	varOnPrimaryColor   = "--a2ui-on-primary-color"   // black or white, whichever contrasts
	varFont             = "--a2ui-font"
)

// ParseTheme validates raw (v0.9 theme {primaryColor, iconUrl, agentDisplayName, ...} or
// v0.8 styles {primaryColor, font}). Values that fail the closed grammars (validColor,
// validFont) are dropped and reported as VALIDATION_FAILED errors with Path "/theme/<key>".
// Identity keys (agentDisplayName, iconUrl) and unknown keys are ignored: identity chrome
// is the host's business (security.md ). Called on the UI goroutine.
func ParseTheme(raw json.RawMessage) (Theme, []*protocol.Error) {
	var th Theme
	if len(raw) == 0 || string(raw) == "null" {
		return th, nil
	}
	m, err := jsonscan.ObjectMap(raw)
	if err != nil {
		return th, []*protocol.Error{{Code: protocol.CodeValidationFailed, Path: "/theme", Message: "theme is not a JSON object"}}
	}
	var errs []*protocol.Error
	bad := func(k, why string) {
		errs = append(errs, &protocol.Error{Code: protocol.CodeValidationFailed, Path: "/theme/" + k, Message: why})
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := m[k]
		switch k {
		case "primaryColor":
			s, err := jsonscan.String(v)
			if err != nil || !validColor(s) {
				bad(k, "primaryColor is not a valid colour")
				continue
			}
			th.PrimaryColor = strings.TrimSpace(s)
		case "font":
			s, err := jsonscan.String(v)
			if err != nil || !validFont(s) {
				bad(k, "font is not a safe font-family list")
				continue
			}
			th.Font = strings.TrimSpace(s)
		}
	}
	return th, errs
}

// Vars returns the custom properties for th, in a fixed order.
func (th Theme) Vars() []ThemeVar {
	var vs []ThemeVar
	if c := th.PrimaryColor; c != "" {
		dark := "color-mix(in oklab, " + c + " 45%, white)"
		// Relative colour syntax: lightness below 0.66 gives white text, above gives black.
		on := func(bg string) string { return "oklch(from " + bg + " clamp(0, (0.66 - l) * 1000, 1) 0 0)" }
		vs = append(vs, ThemeVar{varPrimaryColor, c}, ThemeVar{varPrimaryColorDark, dark},
			ThemeVar{varOnPrimaryColor, "light-dark(" + on(c) + ", " + on(dark) + ")"})
	}
	if th.Font != "" {
		vs = append(vs, ThemeVar{varFont, th.Font})
	}
	return vs
}

// validColor reports whether s is #rgb, #rrggbb, #rrggbbaa, rgb()/rgba()/hsl()/hsla()
// with plain numeric arguments, or a CSS named colour. Nothing else (no url(), var(),
// semicolons, braces or comments) passes.
func validColor(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 64 {
		return false
	}
	if s[0] == '#' {
		h := s[1:]
		if len(h) != 3 && len(h) != 6 && len(h) != 8 {
			return false
		}
		for i := 0; i < len(h); i++ {
			c := h[i]
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
		return true
	}
	ls := strings.ToLower(s)
	for _, fn := range [...]string{"rgba(", "rgb(", "hsla(", "hsl("} {
		if strings.HasPrefix(ls, fn) && strings.HasSuffix(ls, ")") {
			return validColorArgs(ls[len(fn):len(ls)-1], strings.HasPrefix(fn, "hsl"))
		}
	}
	i := sort.SearchStrings(namedColors[:], ls)
	return i < len(namedColors) && namedColors[i] == ls
}

// validColorArgs checks "r, g, b[, a]" or "r g b[ / a]": 3 or 4 numbers, each optionally
// with % (and deg/turn for an hsl hue).
func validColorArgs(args string, hsl bool) bool {
	f := strings.FieldsFunc(args, func(r rune) bool { return r == ',' || r == ' ' || r == '/' })
	if len(f) != 3 && len(f) != 4 {
		return false
	}
	for i, tok := range f {
		num := tok
		switch {
		case strings.HasSuffix(num, "%"):
			num = num[:len(num)-1]
		case hsl && i == 0 && strings.HasSuffix(num, "deg"):
			num = num[:len(num)-3]
		case hsl && i == 0 && strings.HasSuffix(num, "turn"):
			num = num[:len(num)-4]
		}
		if num == "" {
			return false
		}
		for j := 0; j < len(num); j++ {
			c := num[j]
			if !(c >= '0' && c <= '9' || c == '.' || (j == 0 && (c == '-' || c == '+'))) {
				return false
			}
		}
		if _, err := strconv.ParseFloat(num, 64); err != nil {
			return false
		}
	}
	return true
}

// validFont reports whether s is a safe font-family list: at most 128 bytes of letters,
// digits, spaces, commas, hyphens, underscores and balanced single or double quotes.
func validFont(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 128 {
		return false
	}
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == ' ', c == ',', c == '-', c == '_':
		case c == '"' || c == '\'':
			if quote == 0 {
				quote = c
			} else if quote == c {
				quote = 0
			} else {
				return false
			}
		default:
			return false
		}
	}
	return quote == 0
}

// namedColors is the sorted list of CSS named colours (CSS Color 4) plus transparent.
var namedColors = [...]string{
	"aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
	"blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse",
	"chocolate", "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue",
	"darkcyan", "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki",
	"darkmagenta", "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon",
	"darkseagreen", "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise",
	"darkviolet", "deeppink", "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick",
	"floralwhite", "forestgreen", "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod",
	"gray", "green", "greenyellow", "grey", "honeydew", "hotpink", "indianred", "indigo",
	"ivory", "khaki", "lavender", "lavenderblush", "lawngreen", "lemonchiffon", "lightblue",
	"lightcoral", "lightcyan", "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey",
	"lightpink", "lightsalmon", "lightseagreen", "lightskyblue", "lightslategray",
	"lightslategrey", "lightsteelblue", "lightyellow", "lime", "limegreen", "linen", "magenta",
	"maroon", "mediumaquamarine", "mediumblue", "mediumorchid", "mediumpurple",
	"mediumseagreen", "mediumslateblue", "mediumspringgreen", "mediumturquoise",
	"mediumvioletred", "midnightblue", "mintcream", "mistyrose", "moccasin", "navajowhite",
	"navy", "oldlace", "olive", "olivedrab", "orange", "orangered", "orchid", "palegoldenrod",
	"palegreen", "paleturquoise", "palevioletred", "papayawhip", "peachpuff", "peru", "pink",
	"plum", "powderblue", "purple", "rebeccapurple", "red", "rosybrown", "royalblue",
	"saddlebrown", "salmon", "sandybrown", "seagreen", "seashell", "sienna", "silver",
	"skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen", "steelblue", "tan",
	"teal", "thistle", "tomato", "transparent", "turquoise", "violet", "wheat", "white",
	"whitesmoke", "yellow", "yellowgreen",
}
