package basic

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/policy"
)

// echoPlain is the typing echo's test of a plain value, as web/a2ui-runtime.js has it
// (echoable): letters, digits and marks in words joined by single spaces, at most 256
// UTF-16 units, none of the characters policy.CleanText drops. tests/browser's TestTypingEcho
// holds the page's copy to the same answers.
var echoPlainRE = regexp.MustCompile(`^[\p{L}\p{N}\p{M}]+(?: [\p{L}\p{N}\p{M}]+)*$`)

func echoPlain(v string) bool {
	units := 0
	for _, r := range v {
		units++
		if r > 0xFFFF {
			units++
		}
		if policy.Invisible(r) {
			return false
		}
	}
	return units <= 256 && echoPlainRE.MatchString(v)
}

// echoSamples are plain values: scripts, digits, one and several words, the longest.
var echoSamples = []string{
	"a", "Ada", "Ada Lovelace", "x1 2y 33", "Zoë Ångström", "Ωμέγα", "Привет мир", "日本語 テキスト",
	"한국어", "e\u0301te", "مرحبا بالعالم", "שלום", "हिन्दी", "١٢٣ ٤٥", "ǅemal", "½", "Ⅻ",
	strings.Repeat("w", 256), strings.Repeat("ab ", 85) + "c",
}

// TestEchoPlain: every value the page echoes (echoPlain) is one the Text component
// shows verbatim, in one text node, in every variant and inline: the page's echo and
// the engine's answer show the same text. Such a Text carries dom.EchoProp with its
// absolute path; one showing anything else (Markdown, an empty value) or a literal does not.
func TestEchoPlain(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("abcXYZ019éßøΩжא世ひ한٣")
	values := append([]string(nil), echoSamples...)
	for _, c := range echoTable(t) {
		if c.want {
			values = append(values, c.v)
		}
	}
	for range 200 {
		var words []string
		for range 1 + rnd.IntN(4) {
			var w []rune
			for range 1 + rnd.IntN(6) {
				w = append(w, alphabet[rnd.IntN(len(alphabet))])
			}
			words = append(words, string(w))
		}
		values = append(values, strings.Join(words, " "))
	}
	for _, v := range values {
		if !echoPlain(v) {
			t.Fatalf("sample %q is not plain", v)
		}
	}
	variants := []string{"body", "caption", "h1", "h3", "h5"}
	for _, variant := range variants {
		for _, v := range values {
			data, _ := json.Marshal(map[string]any{"v": v})
			_, s := newSurface(t, `[
				{"id":"root","component":"Column","children":["t","b"]},
				{"id":"t","component":"Text","variant":"`+variant+`","text":{"path":"/v"}},
				{"id":"b","component":"Button","child":"bt","action":{"event":{"name":"go"}}},
				{"id":"bt","component":"Text","text":{"path":"/v"}}
			]`, string(data))
			root, errs := buildSurface(s, testEnv())
			if len(errs) > 0 {
				t.Fatalf("%s %q: errors %v", variant, v, errs)
			}
			for _, key := range []string{"t", "bt"} { // bt: inline, inside the Button
				n := find(root, byKey(key))
				if n == nil || len(n.Children) != 1 || n.Children[0].Kind != dom.Text || n.Children[0].Text != v {
					t.Fatalf("%s %s %q: not one text node showing the value: %s", variant, key, v, dom.HTML(n))
				}
				if p, _ := prop(n, dom.EchoProp); p != "/v" {
					t.Fatalf("%s %s %q: echo prop %q, want /v", variant, key, v, p)
				}
			}
		}
	}
}

// TestEchoPlainTable: testdata/echo_plain.json, the values the page echoes and does not
// (tests/browser's TestTypingEcho holds web/a2ui-runtime.js to the same table):
// Markdown and text cleaning would show the rejected ones otherwise, or the rule is
// simpler than Markdown.
func TestEchoPlainTable(t *testing.T) {
	for _, c := range echoTable(t) {
		if got := echoPlain(c.v); got != c.want {
			t.Errorf("echoPlain(%q) = %v, want %v", c.v, got, c.want)
		}
	}
}

type echoCase struct {
	v    string
	want bool
}

// echoTable reads testdata/echo_plain.json: [value, plain] pairs.
func echoTable(t *testing.T) []echoCase {
	t.Helper()
	b, err := os.ReadFile("testdata/echo_plain.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw [][]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []echoCase
	for _, r := range raw {
		v, ok1 := r[0].(string)
		want, ok2 := r[1].(bool)
		if len(r) != 2 || !ok1 || !ok2 {
			t.Fatalf("bad case %v", r)
		}
		cases = append(cases, echoCase{v, want})
	}
	if len(cases) < 20 {
		t.Fatalf("%d cases", len(cases))
	}
	return cases
}

// TestEchoProp: which nodes carry dom.EchoProp. A Text bound to a path shown as one text
// node carries it whatever the value (the page echoes plain values only); one that
// Markdown shows otherwise, a literal Text, and fields whose keystrokes are not echoed
// (obscured, number, date, with a pattern) carry none; a text field and a Text in a
// template carry the absolute path.
func TestEchoProp(t *testing.T) {
	_, s := newSurface(t, `[
		{"id":"root","component":"Column","children":["md","sp","lit","short","long","pw","num","date","re","list"]},
		{"id":"md","component":"Text","text":{"path":"/md"}},
		{"id":"sp","component":"Text","text":{"path":"/sp"}},
		{"id":"lit","component":"Text","text":"Ada"},
		{"id":"short","component":"TextField","label":"a","value":{"path":"/name"}},
		{"id":"long","component":"TextField","label":"b","variant":"longText","value":{"path":"/bio"}},
		{"id":"pw","component":"TextField","label":"c","variant":"obscured","value":{"path":"/pw"}},
		{"id":"num","component":"TextField","label":"d","variant":"number","value":{"path":"/n"}},
		{"id":"date","component":"TextField","label":"e","variant":"date","value":{"path":"/d"}},
		{"id":"re","component":"TextField","label":"f","validationRegexp":"^a","value":{"path":"/r"}},
		{"id":"list","component":"List","children":{"path":"/rows","componentId":"row"}},
		{"id":"row","component":"Text","text":{"path":"name"}}
	]`, `{"md":"**bold**","sp":"Ada ","name":"A","bio":"B","pw":"p","n":"1","d":"2024-01-02","r":"a","rows":[{"name":"x"},{"name":"y"}]}`)
	root, errs := buildSurface(s, testEnv())
	if len(errs) > 0 {
		t.Fatalf("errors %v", errs)
	}
	echo := func(n *dom.Node) string {
		if n == nil {
			return "<missing>"
		}
		p, _ := prop(n, dom.EchoProp)
		return p
	}
	control := func(id string) *dom.Node {
		return find(find(root, byKey(id)), byKey("control"))
	}
	for _, tc := range []struct {
		name string
		n    *dom.Node
		want string
	}{
		{"Text showing Markdown", find(root, byKey("md")), ""},
		{"Text shown as one text node, not verbatim", find(root, byKey("sp")), "/sp"},
		{"literal Text", find(root, byKey("lit")), ""},
		{"shortText field", control("short"), "/name"},
		{"longText field", control("long"), "/bio"},
		{"obscured field", control("pw"), ""},
		{"number field", control("num"), ""},
		{"date field", control("date"), ""},
		{"field with a pattern", control("re"), ""},
		{"template row Text", find(root, and(byClass("a2ui-text"), func(n *dom.Node) bool { return dom.TextContent(n) == "y" })), "/rows/1/name"},
	} {
		if got := echo(tc.n); got != tc.want {
			t.Errorf("%s: echo prop %q, want %q", tc.name, got, tc.want)
		}
	}
}
