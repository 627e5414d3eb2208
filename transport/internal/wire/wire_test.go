package wire

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"
)

func TestErrorJSON(t *testing.T) {
	for _, tc := range []struct {
		code, msg, key string
		value          []byte
		want           string
	}{
		{"A2A_CARD", "offline", "a2aCode", nil, `{"error":{"code":"A2A_CARD","message":"offline"}}`},
		{"MCP_ERROR", "no such tool", "mcpCode", []byte("-32602"), `{"error":{"code":"MCP_ERROR","mcpCode":-32602,"message":"no such tool"}}`},
		{"AGUI_RUN_ERROR", "boom \"x\"\n", "aguiCode", []byte(`"demo_error"`), `{"error":{"code":"AGUI_RUN_ERROR","aguiCode":"demo_error","message":"boom \"x\"\n"}}`},
	} {
		got := ErrorJSON(tc.code, tc.msg, tc.key, tc.value)
		if !json.Valid(got) || string(got) != tc.want {
			t.Errorf("ErrorJSON(%q, %q, %q, %s) = %s, want %s", tc.code, tc.msg, tc.key, tc.value, got, tc.want)
		}
	}
}

// ObjectJSON skips empty values and escapes what JSON and script contexts need.
func TestObjectJSON(t *testing.T) {
	var text map[string]string
	if err := json.Unmarshal(ObjectJSON("text", "line\x1b[0m\x00end", "taskId", "t\u2028", "contextId", ""), &text); err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"text": "line\x1b[0m\x00end", "taskId": "t\u2028"}; !maps.Equal(text, want) {
		t.Errorf("ObjectJSON = %q, want %q", text, want)
	}
	if got := string(ObjectJSON()); got != "{}" {
		t.Errorf("ObjectJSON() = %s", got)
	}
}

// Obj reads leniently: a member of the wrong type reads as missing.
func TestObj(t *testing.T) {
	o, ok := Object([]byte(`{"s":"x","n":7,"f":1.5,"b":true,"z":null,"o":{"k":"v"},"a":[1,"two",3],"ss":["p",4,"q"]}`))
	if !ok {
		t.Fatal("not an object")
	}
	type row struct {
		what string
		got  any
		want any
	}
	strs, present := o.Strings("ss")
	noStrs, absent := o.Strings("s")
	for _, r := range []row{
		{"Str s", o.Str("s"), "x"},
		{"Str n", o.Str("n"), ""},
		{"Str missing", o.Str("nope"), ""},
		{"Integer n", o.Integer("n"), 7},
		{"Integer f", o.Integer("f"), 0},
		{"Integer s", o.Integer("s"), 0},
		{"Boolean b", o.Boolean("b"), true},
		{"Boolean s", o.Boolean("s"), false},
		{"Has z", o.Has("z"), false},
		{"Has n", o.Has("n"), true},
		{"Has missing", o.Has("nope"), false},
		{"Obj o", o.Obj("o").Str("k"), "v"},
		{"Obj s", o.Obj("s") == nil, true},
		{"Array a", len(o.Array("a")), 3},
		{"Array o", o.Array("o") == nil, true},
		{"Strings ss", slices.Equal(strs, []string{"p", "q"}) && present, true},
		{"Strings s", noStrs == nil && !absent, true},
	} {
		if r.got != r.want {
			t.Errorf("%s = %v, want %v", r.what, r.got, r.want)
		}
	}
	for _, raw := range []string{``, `[]`, `"x"`, `{"a":}`, `{"a":1,"a":2}`} {
		if _, ok := Object([]byte(raw)); ok {
			t.Errorf("Object(%s) ok", raw)
		}
	}
}
