package mcp

import (
	"encoding/base64"
	"slices"
	"testing"
)

func TestIsA2UIType(t *testing.T) {
	for _, tc := range []struct {
		mt   string
		want bool
	}{
		{"application/a2ui+json", true},
		{"application/json+a2ui", true},
		{"Application/A2UI+JSON; charset=utf-8", true},
		{" application/json+a2ui ;version=0.9", true},
		{"application/json", false},
		{"application/a2ui+jsonl", false},
		{"text/plain", false},
		{"", false},
	} {
		if got := IsA2UIType(tc.mt); got != tc.want {
			t.Errorf("IsA2UIType(%q) = %v", tc.mt, got)
		}
	}
}

func TestMessages(t *testing.T) {
	a, b := `{"version":"v0.9","deleteSurface":{"surfaceId":"a"}}`, `{"version":"v0.9","deleteSurface":{"surfaceId":"b"}}`
	for _, tc := range []struct {
		name, in string
		msgs     []string
		bad      []string
	}{
		{"list", "[" + a + "," + b + "]", []string{a, b}, nil},
		{"one", a, []string{a}, nil},
		{"messages", `{"messages":[` + a + `]}`, []string{a}, nil},
		{"pretty", "[\n  {\"version\": \"v0.9\",\n   \"deleteSurface\": {\"surfaceId\": \"a\"}}\n]", []string{a}, nil},
		{"non-object skipped", `[1,` + a + `]`, []string{a}, []string{"an A2UI message must be an object"}},
		{"not JSON", `[{`, nil, []string{"the A2UI payload is not JSON: " + jsonErr(`[{`)}},
		{"trailing", a + ` x`, nil, []string{"the A2UI payload has data after its JSON value"}},
		{"messages not a list", `{"messages":{}}`, nil, []string{`the A2UI payload's "messages" is not a list`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msgs, bad := Messages([]byte(tc.in))
			var got []string
			for _, m := range msgs {
				got = append(got, string(m))
			}
			if !slices.Equal(got, tc.msgs) || !slices.Equal(bad, tc.bad) {
				t.Errorf("Messages = %q, %q; want %q, %q", got, bad, tc.msgs, tc.bad)
			}
		})
	}
}

func jsonErr(s string) string {
	_, bad := Messages([]byte(s))
	if len(bad) == 0 {
		return ""
	}
	return bad[0][len("the A2UI payload is not JSON: "):]
}

func TestReadToolResult(t *testing.T) {
	msg := `{"version":"v0.9","deleteSurface":{"surfaceId":"a"}}`
	blob := base64.StdEncoding.EncodeToString([]byte("[" + msg + "]"))
	res := func(extra string) string {
		return `{"type":"resource","resource":{"uri":"a2ui://r","mimeType":"application/a2ui+json","text":"[` +
			`{\"version\":\"v0.9\",\"deleteSurface\":{\"surfaceId\":\"a\"}}]"}` + extra + `}`
	}
	for _, tc := range []struct {
		name, in string
		msgs     int
		texts    []string
		links    []string
		isError  bool
		bad      int
	}{
		{"text and resource", `{"content":[{"type":"text","text":"hi"},` + res("") + `]}`, 1, []string{"hi"}, nil, false, 0},
		{"audience user", `{"content":[` + res(`,"annotations":{"audience":["user","assistant"]}`) + `]}`, 1, nil, nil, false, 0},
		{"audience assistant", `{"content":[` + res(`,"annotations":{"audience":["assistant"]}`) + `,{"type":"text","text":"for the model","annotations":{"audience":["assistant"]}}]}`, 0, nil, nil, false, 0},
		{"empty audience", `{"content":[` + res(`,"annotations":{"audience":[]}`) + `]}`, 0, nil, nil, false, 0},
		{"blob, old type", `{"content":[{"type":"resource","resource":{"uri":"a2ui://b","mimeType":"application/json+a2ui","blob":"` + blob + `"}}]}`, 1, nil, nil, false, 0},
		{"bad blob", `{"content":[{"type":"resource","resource":{"uri":"a2ui://b","mimeType":"application/json+a2ui","blob":"!!"}}]}`, 0, nil, nil, false, 1},
		{"other type ignored", `{"content":[{"type":"resource","resource":{"uri":"x","mimeType":"text/html","text":"<b>"}},{"type":"image","data":"","mimeType":"image/png"}]}`, 0, nil, nil, false, 0},
		{"resource link", `{"content":[{"type":"resource_link","uri":"a2ui://l","name":"l","mimeType":"application/a2ui+json"},{"type":"resource_link","uri":"file:///x","name":"x"}]}`, 0, nil, []string{"a2ui://l"}, false, 0},
		{"isError", `{"isError":true,"content":[{"type":"text","text":"no"}]}`, 0, []string{"no"}, nil, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ReadToolResult([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if len(c.A2UI) != tc.msgs || !slices.Equal(c.Texts, tc.texts) || !slices.Equal(c.Links, tc.links) ||
				c.IsError != tc.isError || len(c.Bad) != tc.bad {
				t.Errorf("got %+v", c)
			}
			if tc.msgs == 1 && string(c.A2UI[0]) != msg {
				t.Errorf("message = %s", c.A2UI[0])
			}
		})
	}
	if _, err := ReadToolResult([]byte(`[]`)); err == nil {
		t.Error("a list read as a result")
	}
}

func TestReadResourceResult(t *testing.T) {
	in := `{"contents":[` +
		`{"uri":"a2ui://a","mimeType":"application/a2ui+json","text":"{\"version\":\"v0.9\",\"deleteSurface\":{\"surfaceId\":\"a\"}}"},` +
		`{"uri":"a2ui://hidden","mimeType":"application/a2ui+json","text":"{\"version\":\"v0.9\",\"deleteSurface\":{\"surfaceId\":\"h\"}}"},` +
		`{"uri":"a2ui://model","mimeType":"application/a2ui+json","annotations":{"audience":["assistant"]},"text":"{}"},` +
		`{"uri":"a2ui://t","mimeType":"text/plain","text":"hello"}],"ttlMs":0,"cacheScope":"public"}`
	c, err := ReadResourceResult([]byte(in), func(u string) bool { return u == "a2ui://hidden" })
	if err != nil {
		t.Fatal(err)
	}
	if len(c.A2UI) != 1 || string(c.A2UI[0]) != `{"version":"v0.9","deleteSurface":{"surfaceId":"a"}}` || len(c.Texts) != 0 {
		t.Errorf("got %+v", c)
	}
}
