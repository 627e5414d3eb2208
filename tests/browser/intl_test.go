//go:build browser

package browser

import (
	"strconv"
	"strings"
	"testing"
)

// TestPluralizeUsesIntl: pluralize picks the category from the browser's
// Intl.PluralRules for the renderer's locale (made on the first use, not at mount), so
// Arabic's two/few/many show, which the pure-Go fallback does not know (it says "other").
func TestPluralizeUsesIntl(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, `{locale: "ar"}`)
	text := func(id string, n int) string {
		return `{"id":"` + id + `","component":"Text","text":{"call":"pluralize","args":{"value":` + strconv.Itoa(n) +
			`,"one":"one","two":"two","few":"few","many":"many","other":"other"}}}`
	}
	process(ctx, "host", jsString(strings.Join([]string{
		v09create("s"),
		v09comps("s", `[{"id":"root","component":"Column","children":["a","b","c","d"]},`+
			text("a", 1)+`,`+text("b", 2)+`,`+text("c", 3)+`,`+text("d", 11)+`]`),
	}, "\n")+"\n"))
	if got := hostText(ctx, "host"); got != "onetwofewmany" {
		t.Errorf("ar: plural texts %q, want %q (Intl.PluralRules(\"ar\"))", got, "onetwofewmany")
	}
}
