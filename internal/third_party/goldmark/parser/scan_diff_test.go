package parser_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/third_party/goldmark/parser"
	"github.com/a2ui-go/a2ui/internal/third_party/goldmark/text"
	"github.com/a2ui-go/a2ui/internal/third_party/goldmark/util"
)

// The regexps goldmark v1.8.7 used (parser/raw_html.go, parser/html_block.go,
// util/util.go), which internal/third_party/goldmark replaced with hand-written scanners: each
// scanner must accept the same inputs with the same match length and submatches.
const (
	tagnamePattern    = `([A-Za-z][A-Za-z0-9-]*)`
	spaceOrOneNewline = `(?:[ \t]|(?:\r\n|\n){0,1})`
	attributePattern  = `(?:[\r\n \t]+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:[\r\n \t]*=[\r\n \t]*(?:[^\"'=<>` + "`" + `\x00-\x20]+|'[^']*'|"[^"]*"))?)`
)

var (
	reOpenTag    = regexp.MustCompile("^<" + tagnamePattern + attributePattern + `*` + spaceOrOneNewline + `*/?>`)
	reCloseTag   = regexp.MustCompile("^</" + tagnamePattern + spaceOrOneNewline + `*>`)
	reType1Open  = regexp.MustCompile(`(?i)^[ ]{0,3}<(script|pre|style|textarea)(?:\s.*|>.*|/>.*|)(?:\r\n|\n)?$`)
	reType1Close = regexp.MustCompile(`(?i)^.*</(?:script|pre|style|textarea)>.*`)
	reType2      = regexp.MustCompile(`^[ ]{0,3}<!\-\-`)
	reType3      = regexp.MustCompile(`^[ ]{0,3}<\?`)
	reType4      = regexp.MustCompile(`^[ ]{0,3}<![A-Z]+.*(?:\r\n|\n)?$`)
	reType5      = regexp.MustCompile(`^[ ]{0,3}<\!\[CDATA\[`)
	reType6      = regexp.MustCompile(`^[ ]{0,3}<(?:/[ ]*)?([a-zA-Z]+[a-zA-Z0-9\-]*)(?:[ ].*|>.*|/>.*|)(?:\r\n|\n)?$`)
	reType7      = regexp.MustCompile(`^[ ]{0,3}<(/[ ]*)?([a-zA-Z]+[a-zA-Z0-9\-]*)(` + attributePattern + `*)[ ]*(?:>|/>)[ ]*(?:\r\n|\n)?$`)
	reEmailDom   = regexp.MustCompile(`^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*`)
)

var scanSamples = []string{
	"", "<", "<a>", "<a/>", "<a />", "<a  >", "<a\t>", "<a\n>", "<a\r\n>", "<a\r>", "<a\n\n>", "<a \n \n/>", "<1>", "<a-1 b>",
	"<a b>", "<a b=c>", "<a b=c/>", "<a b=c/ >", "<a b = c>", "<a b\n=\n'c'>", "<a b='c>'>", "<a b=\"c'>\">", "<a b='x", "<a b=`x`>",
	"<a _:.-b>", "<a b=c d='e' f=\"g\" h>", "<a b=c\"d>", "<a b='c'd>", "<a b=>", "<a =b>", "<a b=c=d>", "<a b=ü>", "<a b='ü\n'>",
	"<a b='\xff'>", "<a b='\ufffd'>", "<a\xff>", "<a b>x", "<a/ >", "<a b/>", "<a b/ >", "<a b / >", "</a>", "</a >", "</a\n>",
	"</a\r\n>", "</a\r>", "</a b>", "</ a>", "</a-b-1\t\n>", "</", "</>", "<!-- x -->", "<!--", "  <!--", "    <!--", "<?x", "<![CDATA[",
	"<!A", "<!AB x\n", "<!A\nx", "<!a", " <!DOCTYPE html>\r\n", "<script>", "<SCRIPT>\n", "<ſcript>", "<Script x", "<script\n",
	"<script\nx", "<script\nx\n", "<scripts>", "<pre/>y", "<pre\t", "<textarea>\r\n", "<style\f>", "x </script> y", "</STYLE>",
	"</ſtyle>", "x\n</pre>", "</pre", "<div>", "<div>\n", "<div x>\n", "<div\n", "</div>", "</  div>", "< div>", "<div/>x", "<div a='1'>\n",
	"<div-x>", "<custom-el a=\"1\">\n", "<x a=\"1\" />  \n", "<x a=\"1\"> x\n", "</x a>\n", "</x>\r\n", "</x>\r", "<x\ta=1>\n",
	"<x a\n=1>\n", "<x>\n\n", "   <x>", "    <x>", "<x >", "<x/ >", "<x a='>'>\n", "<x a=b/>\n", "<x a=b/ >\n", "<x a= b >\n",
}

func TestScannersMatchRegexps(t *testing.T) {
	for _, s := range scanSamples {
		checkScanners(t, s)
	}
}

func FuzzScanners(f *testing.F) {
	for _, s := range scanSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 512 {
			return
		}
		checkScanners(t, s)
	})
}

func checkScanners(t *testing.T, s string) {
	t.Helper()
	sc := parser.A2UIScanners()
	line := []byte(s)
	for _, tc := range []struct {
		name string
		re   *regexp.Regexp
		scan func(func() int) int
	}{{"open tag", reOpenTag, sc.OpenTag}, {"close tag", reCloseTag, sc.CloseTag}} {
		m := tc.re.FindReaderSubmatchIndex(text.NewReader(line)) // as text.Reader.Match did
		got := -2
		text.NewReader(line).MatchScan(func(next func() int) int { got = tc.scan(next); return got })
		want := -1
		if m != nil {
			want = m[1] - m[0]
		}
		if got != want {
			t.Errorf("%s on %q: scanner %d, regexp %d", tc.name, s, got, want)
		}
	}
	for _, tc := range []struct {
		name string
		re   *regexp.Regexp
		scan func([]byte) bool
	}{{"type 1 open", reType1Open, sc.Type1Open}, {"type 1 close", reType1Close, sc.Type1Close}, {"type 2", reType2, sc.Type2},
		{"type 3", reType3, sc.Type3}, {"type 4", reType4, sc.Type4}, {"type 5", reType5, sc.Type5Open}} {
		if got, want := tc.scan(line), tc.re.Match(line); got != want {
			t.Errorf("%s on %q: scanner %v, regexp %v", tc.name, s, got, want)
		}
	}
	m := reType6.FindSubmatchIndex(line)
	name, ok := sc.Type6(line)
	if ok != (m != nil) || ok && !bytes.Equal(name, line[m[2]:m[3]]) {
		t.Errorf("type 6 on %q: scanner %q %v, regexp %v", s, name, ok, m)
	}
	m = reType7.FindSubmatchIndex(line)
	closeGroup, name, hasAttr, ok := sc.Type7(line)
	if ok != (m != nil) {
		t.Errorf("type 7 on %q: scanner %v, regexp %v", s, ok, m)
	} else if ok {
		wantClose := []byte(nil)
		if m[2] >= 0 {
			wantClose = line[m[2]:m[3]]
		}
		if !bytes.Equal(closeGroup, wantClose) || (closeGroup == nil) != (wantClose == nil) ||
			!bytes.Equal(name, line[m[4]:m[5]]) || hasAttr != (m[6] != m[7]) {
			t.Errorf("type 7 on %q: scanner %q %q %v, regexp %v", s, closeGroup, name, hasAttr, m)
		}
	}
	if i := strings.IndexByte(s, '@'); i >= 0 {
		if got, want := util.FindEmailIndex(line), findEmailIndexRegexp(line); got != want {
			t.Errorf("FindEmailIndex(%q) = %d, with the regexp %d", s, got, want)
		}
	}
}

// findEmailIndexRegexp is goldmark v1.8.7's FindEmailIndex (with its domain regexp).
func findEmailIndexRegexp(b []byte) int {
	i := 0
	lim := min(len(b), 64)
	for ; i < lim; i++ {
		c := b[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-/=?^_`{|}~.", c) >= 0) {
			break
		}
	}
	if i == 0 || i >= len(b) || b[i] != '@' {
		return -1
	}
	i++
	if i >= len(b) {
		return -1
	}
	m := reEmailDom.FindSubmatchIndex(b[i:min(len(b), i+256)])
	if m == nil || m[1] > 255 {
		return -1
	}
	return i + m[1]
}

func TestFindEmailIndex(t *testing.T) {
	long := strings.Repeat("a", 70)
	for _, s := range []string{"me@mail.example", "me@-bad", "me@a", "me@a-", "me@a-b.c-", "me@a..b", "me@a.b.", "me@" + long,
		"me@" + long + ".com", "me@a." + long, "me@" + strings.Repeat("ab.", 90), "a.b+c@x_y", "@x", "x@", "me@ü", "me@a.ü"} {
		if got, want := util.FindEmailIndex([]byte(s)), findEmailIndexRegexp([]byte(s)); got != want {
			t.Errorf("FindEmailIndex(%q) = %d, with the regexp %d", s, got, want)
		}
	}
}
