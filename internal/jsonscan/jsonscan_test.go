package jsonscan

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

var cases = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e3`, `-12.25E-2`, `true`, `false`, `null`,
	`{"a":1,"b":[true,false,null],"c":{"d":"e"}}`,
	` { "a" : [ 1 , 2 ] , "a" : "dup" } `,
	`"\u00e9\u4e2d\ud83d\ude00 \n\t\"\\\/"`,
	`"\ud800"`, `"\udc00x"`, "\"\xff\xfe invalid utf8\"",
	`{"__proto__":{"x":1},"constructor":2}`,
	`[[[[[[[[[[1]]]]]]]]]]`,
	`1e309`, `01`, `1.`, `.5`, `-`, `+1`, `[1,]`, `{"a":1,}`, `{"a"}`, `{a:1}`, `"abc`,
	"\"tab\tinside\"", `tru`, `nul`, `[1 2]`, `{"a":1 "b":2}`, `"\x"`, `"\u12"`, `[`, `{`,
	`1 2`, ``, `   `,
}

// TestAgreesWithEncodingJSON checks Parse against encoding/json on valid and invalid input.
func TestAgreesWithEncodingJSON(t *testing.T) {
	for _, c := range cases {
		checkAgainstStd(t, []byte(c))
	}
}

func checkAgainstStd(t *testing.T, b []byte) {
	t.Helper()
	var want any
	werr := json.Unmarshal(b, &want)
	got, gerr := Parse(b)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("%q: encoding/json err=%v, jsonscan err=%v", b, werr, gerr)
	}
	if werr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: got %#v, want %#v", b, got, want)
	}
	if Valid(b) != json.Valid(b) {
		t.Fatalf("%q: Valid=%v, json.Valid=%v", b, Valid(b), json.Valid(b))
	}
}

func TestObjectArrayString(t *testing.T) {
	ms, err := Object([]byte(` {"b": [1, 2] ,"a\u0041":"x","b":3} `))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 3 || ms[0].Key != "b" || string(ms[0].Value) != "[1, 2]" || ms[1].Key != "aA" || string(ms[2].Value) != "3" {
		t.Fatalf("members %q", ms)
	}
	m, _ := ObjectMap([]byte(`{"b":1,"b":2}`))
	if string(m["b"]) != "2" {
		t.Fatalf("last duplicate must win: %q", m)
	}
	els, err := Array([]byte(`[ {"a":[1]}, "x" ,null]`))
	if err != nil || len(els) != 3 || string(els[0]) != `{"a":[1]}` || string(els[2]) != "null" {
		t.Fatalf("elements %q %v", els, err)
	}
	if _, err := Object([]byte(`[1]`)); err == nil {
		t.Fatal("an array is not an object")
	}
	if s, err := String([]byte(`"a\nb"`)); err != nil || s != "a\nb" {
		t.Fatalf("string %q %v", s, err)
	}
	v, rest, err := Next([]byte(` {"a":1} [2]`))
	if err != nil || string(v) != `{"a":1}` || strings.TrimSpace(string(rest)) != "[2]" {
		t.Fatalf("next %q %q %v", v, rest, err)
	}
}

func TestDepthLimit(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	if _, err := Parse([]byte(deep)); err == nil {
		t.Fatal("nesting beyond MaxDepth accepted")
	}
	ok := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if _, err := Parse([]byte(ok)); err != nil {
		t.Fatal(err)
	}
}

func FuzzParse(f *testing.F) {
	for _, c := range cases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if strings.Count(string(b), "[")+strings.Count(string(b), "{") > 400 {
			return // encoding/json's own depth limit (10000) differs from MaxDepth
		}
		checkAgainstStd(t, b)
	})
}
