package mountopts

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/openwop"
	"github.com/a2ui-go/a2ui/transport/agui"
)

// loaderJSON is what JSON.stringify makes of the object web/a2ui.js passes to
// __a2uiGo.create today: the JSON-valued members as their text.
const loaderJSON = `{"actionURL":"/agent/action","headers":{"Authorization":"Bearer t","X-N":5,"X-On":true},
 "trustedClicksOnly":true,"inlineCatalogs":false,"actionTimeout":2500,"renderBudget":0,
 "messages":"{\"close\":\"Fermer\",\"n\":3}","dir":"rtl","transport":"agui",
 "agui":"{\"tools\":[{\"name\":\"t\"}],\"context\":[],\"forwardedProps\":{\"a\":1}}",
 "agent":"https://agent.example/run","message":"hi","resource":"a2ui://r","tool":"show",
 "arguments":"{\"sample\":\"booking\"}","profile":"strict","policy":"{\"headingBase\":2}",
 "functions":"web_core","baseURL":"https://page.example/x","openwop":{"targets":["resume","exchange"],"approval":true},
 "limits":"{\"maxLine\":4096}","catalogs":"[]","defaultCatalog":"cat:1","someFutureOption":{"x":[1]}}`

func TestParseLoaderShape(t *testing.T) {
	o, err := Parse([]byte(loaderJSON))
	if err != nil {
		t.Fatal(err)
	}
	want := &Options{
		ActionURL:         "/agent/action",
		Headers:           map[string]string{"Authorization": "Bearer t", "X-N": "5", "X-On": "true"},
		TrustedClicksOnly: true,
		ActionTimeout:     2500 * time.Millisecond,
		Messages:          map[string]string{"close": "Fermer"},
		Dir:               "rtl",
		Transport:         "agui",
		AGUI:              agui.Input{Tools: []byte(`[{"name":"t"}]`), Context: []byte(`[]`), ForwardedProps: []byte(`{"a":1}`)},
		Agent:             "https://agent.example/run",
		Message:           "hi",
		Resource:          "a2ui://r",
		Tool:              "show",
		Arguments:         `{"sample":"booking"}`,
		Profile:           "strict",
		Policy:            []byte(`{"headingBase":2}`),
		Functions:         "web_core",
		BaseURL:           "https://page.example/x",
		OpenWOP:           openwop.Config{Targets: []string{"resume", "exchange"}, Approval: true},
		Limits:            []byte(`{"maxLine":4096}`),
		Catalogs:          []byte(`[]`),
		DefaultCatalog:    "cat:1",
	}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("Parse(loader JSON) =\n%+v\nwant\n%+v", o, want)
	}
}

// The JSON-valued members may be given as values instead of their text.
func TestParseJSONValuedMembers(t *testing.T) {
	o, err := Parse([]byte(`{"policy":{"profile":"strict"},"limits":{"maxLine":10},"catalogs":[{"catalogId":"c"}],
		"messages":{"retry":"Encore"},"agui":{"tools":[]},"arguments":{"a":[1,2]}}`))
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string][2]string{
		"policy":    {string(o.Policy), `{"profile":"strict"}`},
		"limits":    {string(o.Limits), `{"maxLine":10}`},
		"catalogs":  {string(o.Catalogs), `[{"catalogId":"c"}]`},
		"messages":  {o.Messages["retry"], "Encore"},
		"agui":      {string(o.AGUI.Tools), `[]`},
		"arguments": {o.Arguments, `{"a":[1,2]}`},
	} {
		if c[0] != c[1] {
			t.Errorf("%s = %s, want %s", name, c[0], c[1])
		}
	}
}

// Absent, null and "" leave an option at its zero value.
func TestParseAbsent(t *testing.T) {
	for _, doc := range []string{`{}`, ` { } `,
		`{"actionURL":null,"headers":null,"policy":null,"openwop":null,"transport":null,"trustedClicksOnly":null}`,
		`{"actionURL":"","policy":"","limits":"","catalogs":"","messages":"","agui":"","arguments":"","transport":"","openwop":{}}`} {
		o, err := Parse([]byte(doc))
		if err != nil {
			t.Errorf("Parse(%s): %v", doc, err)
			continue
		}
		if !reflect.DeepEqual(o, &Options{}) {
			t.Errorf("Parse(%s) = %+v, want the zero Options", doc, o)
		}
	}
}

// The millisecond options keep the loader's rule: a number in (0, 1e9) ms, else the
// default (0), whatever the page passed.
func TestParseMillis(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want time.Duration
	}{
		{`5000`, 5 * time.Second},
		{`0.5`, 500 * time.Microsecond},
		{`1.5e3`, 1500 * time.Millisecond},
		{`999999999`, 999999999 * time.Millisecond},
		{`0`, 0}, {`-1`, 0}, {`1e9`, 0}, {`1e300`, 0}, {`"5000"`, 0}, {`true`, 0}, {`{}`, 0}, {`[5]`, 0},
	} {
		o, err := Parse([]byte(`{"actionTimeout":` + tc.v + `,"renderBudget":` + tc.v + `}`))
		if err != nil {
			t.Errorf("%s: %v", tc.v, err)
			continue
		}
		if o.ActionTimeout != tc.want || o.RenderBudget != tc.want {
			t.Errorf("actionTimeout/renderBudget %s = %v/%v, want %v", tc.v, o.ActionTimeout, o.RenderBudget, tc.want)
		}
	}
}

func TestParseTransports(t *testing.T) {
	for _, tr := range Transports {
		o, err := Parse([]byte(`{"transport":"` + tr + `"}`))
		if err != nil || o.Transport != tr {
			t.Errorf("transport %q: %+v, %v", tr, o, err)
		}
	}
}

// What Parse refuses: the error names the option and says what is wrong.
func TestParseRefuses(t *testing.T) {
	for _, tc := range []struct{ doc, msg string }{
		{``, "the options are not a JSON object"},
		{`[]`, "the options are not a JSON object"},
		{`"{}"`, "the options are not a JSON object"},
		{`{"a":1,"a":2}`, "the options are not a JSON object"},
		{`{"transport":"A2A"}`, `mount option "transport": unknown transport "A2A" (known: a2a, agui, mcp, jsonl, sse)`},
		{`{"transport":"websocket"}`, `unknown transport "websocket"`},
		{`{"actionURL":5}`, `mount option "actionURL": must be a string`},
		{`{"profile":["strict"]}`, `mount option "profile": must be a string`},
		{`{"trustedClicksOnly":"yes"}`, `mount option "trustedClicksOnly": must be true or false`},
		{`{"inlineCatalogs":1}`, `mount option "inlineCatalogs": must be true or false`},
		{`{"headers":[]}`, `mount option "headers": must be an object of strings`},
		{`{"headers":{"X":{"a":1}}}`, `mount option "headers": header "X" must be a string`},
		{`{"headers":{"X":null}}`, `header "X" must be a string`},
		{`{"openwop":"resume"}`, `mount option "openwop": must be an object`},
		{`{"openwop":{"targets":"resume"}}`, `mount option "openwop": targets must be an array of strings`},
		{`{"openwop":{"targets":["resume",1]}}`, `targets must be an array of strings`},
		{`{"openwop":{"approval":"yes"}}`, `mount option "openwop": approval must be true or false`},
		{`{"agui":"[1]"}`, `mount option "agui": must be an object`},
		{`{"agui":"{"}`, `mount option "agui": must be an object`},
		{`{"messages":"[]"}`, `mount option "messages": must be an object of strings`},
		{`{"policy":5}`, ``}, // a JSON value: policy.Resolve refuses it (TestRender)
	} {
		_, err := Parse([]byte(tc.doc))
		if tc.msg == "" {
			if err != nil {
				t.Errorf("Parse(%s): %v", tc.doc, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != "POLICY_INVALID" || !strings.Contains(e.Message, tc.msg) {
			t.Errorf("Parse(%s) = %v, want a POLICY_INVALID error containing %q", tc.doc, err, tc.msg)
		}
	}
}
