package openwop

import (
	"strings"
	"sync"
	"unicode"

	"github.com/a2ui-go/a2ui/internal/re"
)

// Redacted replaces secret material in rendered text.
const Redacted = "[redacted]"

// secretText matches secret-shaped material in agent text (the SR-1 redaction the RFC
// requires before anything renders): private key blocks, bearer/basic credentials, JWTs,
// well-known API key formats, and "password: …"-style assignments. internal/re: linear
// time, Go's leftmost-first matches. Compiled on first use, not at package init.
var secretText = sync.OnceValue(func() *re.Regexp { return re.MustCompile(secretPattern) })

const secretPattern = `(?s)-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(-----END [A-Z ]*PRIVATE KEY-----|$)` +
	`|(?i:\b(?:bearer|basic)\s+)[A-Za-z0-9._~+/=-]{8,}` +
	`|\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}` +
	`|\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}` +
	`|\bAKIA[0-9A-Z]{16}\b` +
	`|\bgh[pousr]_[A-Za-z0-9]{30,}` +
	`|\bxox[abprs]-[A-Za-z0-9-]{10,}` +
	`|\bAIza[0-9A-Za-z_-]{35}` +
	`|(?i:\b(?:password|passwd|passphrase|secret|api[_-]?key|access[_-]?token|auth[_-]?token|token|client[_-]?secret)\s*[:=]\s*)\S+`

// Redact returns s with every secret-shaped run replaced by Redacted.
func Redact(s string) string {
	if len(s) < 8 {
		return s
	}
	return secretText().ReplaceAllLiteralString(s, Redacted)
}

// secretTerms are field words that ask the user for a secret.
var secretTerms = map[string]bool{
	"password": true, "passwd": true, "passcode": true, "passphrase": true, "secret": true,
	"token": true, "apikey": true, "pin": true, "otp": true, "cvv": true, "cvc": true,
	"ssn": true, "credential": true, "credentials": true, "privatekey": true, "mfa": true,
}

// solicitsSecret reports whether a field id or label asks for a secret: one of its
// words (split at non-letters and camelCase humps; "api key" and "private key" joined)
// is a secret term.
func solicitsSecret(s string) bool {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			if unicode.IsUpper(r) && prevLower {
				flush()
			}
			cur = append(cur, r)
			prevLower = unicode.IsLower(r)
		default:
			flush()
			prevLower = false
		}
	}
	flush()
	for i, w := range words {
		if secretTerms[w] {
			return true
		}
		if i+1 < len(words) && (w == "api" || w == "private") && words[i+1] == "key" {
			return true
		}
	}
	return false
}
