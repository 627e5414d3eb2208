package protocol

import "strings"

// v0.8 paths as web_core's v0.8 model reads them (A2uiMessageProcessor.normalizePath): a
// bracketed index "[0]" becomes ".0", then "." separates segments as "/" does, and empty
// segments are dropped. So "/chart.items[0].label" is /chart/items/0/label, and so is the
// data-entry key "chart.items[0].label" (see v08map.go). Only v0.8 is read this way;
// v0.9 and later keep "." and "[" as ordinary key characters, as their spec says.

// NormalizeV08Path returns the v0.8 path p with its segments separated by "/" only:
// "/chart.items[0].label" → "/chart/items/0/label", "item.name" → "item/name". An
// absolute path stays absolute, a relative one relative ("." when nothing is left of it,
// as "./" and ".." are the scope itself in web_core); "" and "." are returned as they
// are. A path that needs no change is returned without allocating.
func NormalizeV08Path(p string) string {
	if p == "" || p == "." || !needsV08Norm(p) {
		return p
	}
	segs := v08Segments(p)
	abs := p[0] == '/'
	if len(segs) == 0 {
		if abs {
			return "/"
		}
		return "."
	}
	var b strings.Builder
	b.Grow(len(p) + 1)
	for i, s := range segs {
		if i > 0 || abs {
			b.WriteByte('/')
		}
		b.WriteString(s)
	}
	return b.String()
}

// needsV08Norm reports whether p has a "." or "[", or an empty segment web_core drops.
func needsV08Norm(p string) bool {
	return strings.ContainsAny(p, ".[") || strings.Contains(p, "//")
}

// v08Segments splits p into web_core's v0.8 path segments: "[digits]" is read as
// ".digits", then the text is split at every "." and "/", empty segments dropped.
func v08Segments(p string) []string {
	if strings.IndexByte(p, '[') >= 0 {
		p = dotBracketIndexes(p)
	}
	segs := make([]string, 0, strings.Count(p, ".")+strings.Count(p, "/")+1)
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '.' && p[i] != '/' {
			continue
		}
		if i > start {
			segs = append(segs, p[start:i])
		}
		start = i + 1
	}
	return segs
}

// dotBracketIndexes rewrites every "[digits]" of p as ".digits" (the regular expression
// /\[(\d+)\]/g of normalizePath); other brackets stay.
func dotBracketIndexes(p string) string {
	var b strings.Builder
	b.Grow(len(p))
	for i := 0; i < len(p); i++ {
		if p[i] == '[' {
			j := i + 1
			for j < len(p) && p[j] >= '0' && p[j] <= '9' {
				j++
			}
			if j > i+1 && j < len(p) && p[j] == ']' {
				b.WriteByte('.')
				b.WriteString(p[i+1 : j])
				i = j
				continue
			}
		}
		b.WriteByte(p[i])
	}
	return b.String()
}
