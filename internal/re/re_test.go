package re

import (
	"regexp"
	"strings"
	"testing"
)

// patterns agents write (and corner cases of the syntax); inputs below run against each.
var diffPatterns = []string{
	``, `a`, `abc`, `^abc$`, `^$`, `a|b|c`, `a|`, `|a`, `(a|ab)(c|bcd)(d*)`, `x*`, `x+`, `x?`,
	`a*?`, `a+?b`, `a??b`, `a{2}`, `a{2,}`, `a{2,3}`, `a{2,3}?`, `a{0}`, `a{,3}`, `a{`, `a{1`, `{`, `}`, `]`,
	`a{01}`, `x{1000}`, `.`, `.*`, `(?s).`, `(?s).*`, `^.*$`, `(?m)^b$`, `(?m)^$`, `(?m)a$`, `a$`, `^a`,
	`\d+`, `\D`, `\w+`, `\W`, `\s`, `\S+`, `\bfoo\b`, `\Bo\B`, `\b`, `\B`, `\Aab\z`,
	`[abc]`, `[^abc]`, `[a-z]+`, `[^a-z]`, `[]a]`, `[^]a]`, `[a-]`, `[-a]`, `[a\-z]`, `[\d\s]`, `[^\D]`, `[\w.-]`,
	`[[:alpha:]]+`, `[[:^digit:]]`, `[[:word:]]`, `[[:punct:]]`, `[[:space:]]`, `[[:xdigit:]]+`, `[[:upper:][:digit:]]`, `[[:]`,
	`(?i)abc`, `(?i)[a-z]+`, `(?i)[^a-z]`, `(?i)\W`, `(?i)K`, `(?i)s`, `(?i)[k]`, `(?i)ǅ`, `(?i)Σ`, `(?i:a)b`, `a(?i)b|c`, `(?i)(?-i)a`,
	`(?U)a+`, `(?U)a+?`, `(?ms)^.$`, `(?i-s:a.)`,
	`\p{L}+`, `\p{Lu}`, `\p{Ll}`, `\pL`, `\PL`, `\p{^L}`, `\P{^L}`, `\p{N}`, `\p{Nd}+`, `\p{P}`, `\p{S}`, `\p{Z}`, `[\p{L}\p{N}]+`, `[^\p{L}]`, `(?i)\p{Lu}`, `(?i)\P{Lu}`, `(?i)[^\p{Ll}]`,
	`\x41`, `\x{263a}`, `\x{10FFFF}`, `\0`, `\012`, `\101`, `\.`, `\*`, `\\`, `\/`, `\-`, `\_`, `\t\n\r\f\v\a`,
	`(a)`, `(?:a)`, `(?P<n>a)`, `(?<n>a+)b`, `((a)|b)+`, `(a*)*`, `(a*)+`, `(|a)*`, `(a|b)*abb`, `(a+|b+)*c`,
	`^*`, `$*`, `\b+`, `(?:)`, `()`, `(()|a)+b`,
	`^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`, `^[0-9]{5}$`, `^\+?[0-9 ()-]{7,}$`, `^\d{3}-\d{2}-\d{4}$`,
	`^(?:[01]\d|2[0-3]):[0-5]\d$`, `^https?://[^\s/$.?#].[^\s]*$`, `^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$`, `^.{8,}$`, `^(?=.*\d)`,
	`(?i)^(?:bearer|basic)\s+\S+`, `.*?x`, `(a|b)*?b`, `a.*?b|c`, `(?s)B.*?(E|$)`,
}

var diffInputs = []string{
	"", "a", "ab", "abc", "xabcx", "b", "c", "abcd", "abbcd", "x", "xxx", "aa", "aaa", "aaaa", "a{", "a{,3}", "{", "}", "]",
	"a{01}", "\n", "a\nb", "b\n", "\nb\n", "a\n", "foo", "a foo b", "foobar", "123", "12345", "1234", "x 12 y", " ", "\t", "A",
	"K", "k", "\u212a", "s", "S", "\u017f", "ǅ", "ǆ", "Ǆ", "σ", "ς", "Σ", "-", "_", ".", "a-z", "é", "É", "ß", "日本", "٣", "½",
	"!", "€", "\u00a0", "\u2028", "☺", "\U0010FFFF", "\x00", "\xff", "a\xffb", "\xe2\x98", "ab\\", "*", "/", "abb", "aabb", "aabbc",
	"user@example.com", "a.b@c.io", "bad@", "@x.com", "x@y.z", "12:59", "24:00", "https://a.b/c", "http://", "DE44500105175407324931",
	"password1", "Bearer abcdefgh", "basic  xyz", "B...E", "B..", "\r\n", "+1 (555) 010-0000", "123-45-6789",
}

func TestDifferential(t *testing.T) {
	for _, p := range diffPatterns {
		goRE, gerr := regexp.Compile(p)
		mine, err := Compile(p)
		if gerr != nil {
			if err == nil && !strings.Contains(p, `\u`) {
				t.Errorf("%q: Go rejects (%v), re accepts", p, gerr)
			}
			continue
		}
		if err != nil {
			if p == `x{1000}` {
				continue
			}
			t.Errorf("%q: Go accepts, re rejects: %v", p, err)
			continue
		}
		for _, in := range diffInputs {
			compare(t, goRE, mine, in)
		}
	}
}

func compare(t *testing.T, goRE *regexp.Regexp, mine *Regexp, in string) {
	t.Helper()
	if g, m := goRE.MatchString(in), mine.MatchString(in); g != m {
		t.Errorf("%q on %q: MatchString Go %v, re %v", goRE, in, g, m)
		return
	}
	if g, m := goRE.FindStringIndex(in), mine.FindStringIndex(in); !equalIdx(g, m) {
		t.Errorf("%q on %q: FindStringIndex Go %v, re %v", goRE, in, g, m)
		return
	}
	if g, m := goRE.ReplaceAllLiteralString(in, "<>"), mine.ReplaceAllLiteralString(in, "<>"); g != m {
		t.Errorf("%q on %q: ReplaceAllLiteralString Go %q, re %q", goRE, in, g, m)
	}
}

func equalIdx(a, b []int) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a[0] == b[0] && a[1] == b[1]
}

// What Go's syntax lacks and agents write (JavaScript's \u), and what must fail closed.
func TestExtensionsAndErrors(t *testing.T) {
	for _, tc := range []struct {
		p, in string
		want  bool
	}{
		{`^\u00e9$`, "é", true},
		{`^\u00E9+$`, "éé", true},
		{`[\u0041-\u005a]+`, "xyz", false},
		{`[\u0041-\u005a]+`, "xYz", true},
	} {
		r, err := Compile(tc.p)
		if err != nil {
			t.Fatalf("%q: %v", tc.p, err)
		}
		if got := r.MatchString(tc.in); got != tc.want {
			t.Errorf("%q on %q = %v, want %v", tc.p, tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ p, msg string }{
		{`(?=a)`, "look-around"}, {`(?!a)`, "look-around"}, {`(?<=a)b`, "look-around"}, {`(?<!a)b`, "look-around"},
		{`(a)\1`, "back-references"}, {`(a{1000}){1000}`, "too large"}, {`a{1001}`, "repeat count"}, {`a{3,2}`, "repeat count"},
		{`a**`, "nested repetition"}, {`*a`, "missing argument"}, {`(?i)*`, "missing argument"}, {`(a`, "missing closing )"},
		{`a)`, "unexpected )"}, {`[a`, "missing closing ]"}, {`[z-a]`, "class range"}, {`\p{Greek}`, "unsupported Unicode class"},
		{`\q`, "invalid escape"}, {`a\`, "trailing backslash"}, {`(?P<>a)`, "named capture"}, {`(?x)a`, "Perl syntax"},
		{`\u12`, "invalid escape"}, {`[[:foo:]]`, "class range"}, {"\xff", "UTF-8"}, {strings.Repeat("(", 1001), "nests"},
	} {
		_, err := Compile(tc.p)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("Compile(%q) = %v, want an error containing %q", tc.p, err, tc.msg)
		}
	}
}

// The program cap bounds the work per input rune, and MatchStringLimit the total: a
// costly pattern over a long input is an error, not seconds of main thread.
func TestLinearTime(t *testing.T) {
	r := MustCompile(`(a?){1000}a{1000}$`)
	if !r.MatchString(strings.Repeat("a", 4<<10)) {
		t.Fatal("no match")
	}
	if ok, err := r.MatchStringLimit(strings.Repeat("a", 64<<10), 1<<20); ok || err == nil || !strings.Contains(err.Error(), "too costly") {
		t.Fatalf("over the limit: %v, %v", ok, err)
	}
	if ok, err := r.MatchStringLimit(strings.Repeat("a", 1500), 1<<22); !ok || err != nil {
		t.Fatalf("under the limit: %v, %v", ok, err)
	}
	if ok, err := MustCompile(`^\d{5}$`).MatchStringLimit("12345", 100); !ok || err != nil {
		t.Fatalf("zip: %v, %v", ok, err)
	}
	if MustCompile(`(x+x+)+y`).MatchString(strings.Repeat("x", 64<<10)) {
		t.Fatal("match")
	}
}

func FuzzDifferential(f *testing.F) {
	for i, p := range diffPatterns {
		f.Add(p, diffInputs[i%len(diffInputs)])
	}
	f.Fuzz(func(t *testing.T, p, in string) {
		if len(p) > 256 || len(in) > 1024 {
			return
		}
		mine, err := Compile(p)
		goRE, gerr := regexp.Compile(p)
		if gerr != nil {
			if err == nil && !strings.Contains(p, `\u`) {
				t.Fatalf("%q: Go rejects (%v), re accepts", p, gerr)
			}
			return
		}
		if err != nil { // syntax Go has and re leaves out (\Q, \p{Greek}, ...); the table covers re's
			return
		}
		compare(t, goRE, mine, in)
	})
}

// Benchmarks against Go's regexp on a typical validation pattern (compile once, match per
// keystroke) and on the OpenWOP-sized alternation.
func BenchmarkMatch(b *testing.B) {
	for _, tc := range []struct{ name, p, in string }{
		{"zip", `^[0-9]{5}$`, "12345"},
		{"email", `^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`, "someone.long@example.co.uk"},
		{"password", `^(?:[A-Za-z0-9]*[0-9])[A-Za-z0-9!@#]{7,}$`, "hunter2hunter2"},
	} {
		mine, goRE := MustCompile(tc.p), regexp.MustCompile(tc.p)
		b.Run(tc.name+"/re", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				mine.MatchString(tc.in)
			}
		})
		b.Run(tc.name+"/regexp", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				goRE.MatchString(tc.in)
			}
		})
	}
}
