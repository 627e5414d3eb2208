package openwop

import (
	"regexp"
	"strings"
	"testing"
)

// goSecret is the redaction pattern in Go's regexp: Redact (internal/re) must replace
// exactly the runs Go's ReplaceAllString replaces.
var goSecret = regexp.MustCompile(secretPattern)

var redactSamples = []string{
	"plain words stay", "Bearer abcdefgh12345", "bearer\tabc.def~ghi/j=", "Basic  dXNlcjpwYXNz and more",
	"xBearer abcdefgh1234", "api_key=AbC123xyz", "API-KEY : s3cr3t!", "apikey:x", "client_secret = a b",
	"Password:hunter2 and token=abc", "a token of appreciation", "the secret is out", "passwd=\n",
	"-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY----- after",
	"-----BEGIN PRIVATE KEY-----\nunterminated", "x -----BEGIN EC PRIVATE KEY----- a -----END EC PRIVATE KEY----- b -----END EC PRIVATE KEY-----",
	"jwt eyJhbGciOi.eyJzdWIiOi.SflKxwRJSM end", "eyJabc.def", "sk-abcdefghijklmnop1234", "pk-short", "rk-ABCDEFGHIJKLMNOP_-",
	"AKIAABCDEFGHIJKLMNOP", "AKIAABCDEFGHIJKLMNOPQ", "ghp_" + strings.Repeat("a", 30), "gho_" + strings.Repeat("b", 29),
	"xoxb-1234567890-abcdef", "xoxq-1234567890", "AIza" + strings.Repeat("Z", 35), "AIza" + strings.Repeat("Z", 34),
	"é Bearer ééééééééé", "token:é", "TOKEN = ſecret", "ſecret: x", "\u212aey", "Bearer abcdefgh Bearer ijklmnop",
}

func TestRedactMatchesGoRegexp(t *testing.T) {
	for _, s := range redactSamples {
		want := s
		if len(s) >= 8 {
			want = goSecret.ReplaceAllString(s, Redacted)
		}
		if got := Redact(s); got != want {
			t.Errorf("Redact(%q) = %q, Go's regexp gives %q", s, got, want)
		}
	}
}

func FuzzRedact(f *testing.F) {
	for _, s := range redactSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) < 8 || len(s) > 4096 {
			return
		}
		if got, want := Redact(s), goSecret.ReplaceAllString(s, Redacted); got != want {
			t.Fatalf("Redact(%q) = %q, Go's regexp gives %q", s, got, want)
		}
	})
}

// BenchmarkRedact: a label-sized and a paragraph-sized text, internal/re against Go's
// regexp on the same pattern.
func BenchmarkRedact(b *testing.B) {
	para := strings.Repeat("Please review the quarterly numbers before Friday's meeting. ", 8)
	for _, in := range []struct{ name, s string }{{"label", "Email address for receipts"}, {"paragraph", para}} {
		b.Run(in.name+"/re", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Redact(in.s)
			}
		})
		b.Run(in.name+"/regexp", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				goSecret.ReplaceAllString(in.s, Redacted)
			}
		})
	}
}
