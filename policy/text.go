package policy

import (
	"strings"
	"unicode/utf8"
)

// Invisible reports whether r is a bidi control or an invisible formatting character
// that can reorder or hide text: U+00AD, U+034F, U+061C, U+115F-1160, U+17B4-17B5,
// U+180B-180F, U+200B-200F, U+202A-202E, U+2060-2064, U+2066-206F, U+3164, U+FEFF,
// U+FFA0, U+FFF9-FFFB and the tag characters U+E0000-E007F.
func Invisible(r rune) bool {
	switch {
	case r < 0xAD:
		return false
	case r == 0xAD, r == 0x34F, r == 0x61C, r == 0x115F, r == 0x1160, r == 0x17B4, r == 0x17B5:
		return true
	case r >= 0x180B && r <= 0x180F:
		return true
	case r >= 0x200B && r <= 0x200F, r >= 0x202A && r <= 0x202E:
		return true
	case r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x206F:
		return true
	case r == 0x3164, r == 0xFEFF, r == 0xFFA0, r >= 0xFFF9 && r <= 0xFFFB:
		return true
	case r >= 0xE0000 && r <= 0xE007F:
		return true
	}
	return false
}

// CleanText returns s without the characters Invisible reports (bidi overrides and
// isolates, zero-width and other invisible characters), so agent text cannot reorder or
// hide what the user reads. ASCII-only text is returned as is without allocating.
func CleanText(s string) string {
	i := 0
	for i < len(s) && s[i] < 0xC2 {
		i++
	}
	if i == len(s) {
		return s
	}
	// Find the first invisible rune; most non-ASCII text has none.
	for j := i; j < len(s); {
		r, n := utf8.DecodeRuneInString(s[j:])
		if Invisible(r) {
			var b strings.Builder
			b.Grow(len(s))
			b.WriteString(s[:j])
			for k := j; k < len(s); {
				r, n := utf8.DecodeRuneInString(s[k:])
				if !Invisible(r) {
					b.WriteString(s[k : k+n])
				}
				k += n
			}
			return b.String()
		}
		j += n
	}
	return s
}
