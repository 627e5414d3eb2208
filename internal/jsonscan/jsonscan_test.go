package jsonscan

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
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

// strictStd is encoding/json plus the strict rules jsonscan adds: no duplicate key at any
// depth, valid UTF-8, no lone surrogate escape.
func strictStd(b []byte, v *any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return err
	}
	return strictRules(b)
}

// strictRules checks a syntactically valid document against the strict rules only.
func strictRules(b []byte) error {
	if !utf8.Valid(b) {
		return errors.New("invalid UTF-8")
	}
	if loneSurrogate(b) {
		return errors.New("lone surrogate")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	type frame struct {
		obj   bool
		keys  map[string]bool
		isKey bool
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].obj {
				stack[len(stack)-1].isKey = true
			}
			continue
		}
		if top != nil && top.obj && top.isKey {
			k := tok.(string)
			if top.keys[k] {
				return errors.New("duplicate key")
			}
			top.keys[k] = true
			top.isKey = false
			continue
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, &frame{obj: d == '{', keys: map[string]bool{}, isKey: d == '{'})
			continue
		}
		if top != nil && top.obj {
			top.isKey = true
		}
	}
}

// loneSurrogate reports a \uD800-\uDFFF escape not part of a high+low pair.
func loneSurrogate(b []byte) bool {
	hex := func(h []byte) rune {
		var r rune
		for _, c := range h {
			r <<= 4
			switch {
			case c >= '0' && c <= '9':
				r |= rune(c - '0')
			case c >= 'a' && c <= 'f':
				r |= rune(c-'a') + 10
			case c >= 'A' && c <= 'F':
				r |= rune(c-'A') + 10
			}
		}
		return r
	}
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 >= len(b) {
			continue
		}
		if b[i+1] != 'u' || i+6 > len(b) {
			i++
			continue
		}
		r := hex(b[i+2 : i+6])
		i += 5
		if r < 0xD800 || r > 0xDFFF {
			continue
		}
		if r >= 0xDC00 || i+7 > len(b) || b[i+1] != '\\' || b[i+2] != 'u' {
			return true
		}
		if r2 := hex(b[i+3 : i+7]); r2 < 0xDC00 || r2 > 0xDFFF {
			return true
		}
		i += 6
	}
	return false
}

func checkAgainstStd(t *testing.T, b []byte) {
	t.Helper()
	var want any
	werr := strictStd(b, &want)
	got, gerr := Parse(b)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("%q: encoding/json err=%v, jsonscan err=%v", b, werr, gerr)
	}
	if werr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: got %#v, want %#v", b, got, want)
	}
	if want := json.Valid(b) && strictRules(b) == nil; Valid(b) != want {
		t.Fatalf("%q: Valid=%v, want %v", b, Valid(b), want)
	}
}

func TestObjectArrayString(t *testing.T) {
	ms, err := Object([]byte(` {"b": [1, 2] ,"a\u0041":"x","c":3} `))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 3 || ms[0].Key != "b" || string(ms[0].Value) != "[1, 2]" || ms[1].Key != "aA" || string(ms[2].Value) != "3" {
		t.Fatalf("members %q", ms)
	}
	if _, err := ObjectMap([]byte(`{"b":1,"b":2}`)); err == nil {
		t.Fatal("duplicate key accepted")
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
		if strings.Count(string(b), "[")+strings.Count(string(b), "{") > MaxDepth {
			return // encoding/json's own depth limit (10000) differs from MaxDepth
		}
		checkAgainstStd(t, b)
	})
}

// TestStrict pins the strict rules: each input is rejected with the JSON Pointer of the
// offending member, and the near-miss beside it is accepted.
func TestStrict(t *testing.T) {
	for _, c := range []struct{ in, ptr, msg, ok string }{
		{`{"a":1,"a":2}`, "/a", "duplicate object key", `{"a":1,"b":2}`},
		{`{"x":{"y":[{"k":1,"k":1}]}}`, "/x/y/0/k", "duplicate object key", `{"x":{"y":[{"k":1},{"k":1}]}}`},
		{`{"a":1,"\u0061":2}`, "/a", "duplicate object key", `{"a":1,"\u0062":2}`},
		{`{"é":1,"\u00e9":2}`, "/é", "duplicate object key", `{"é":1,"e":2}`},
		{`{"a/b~":{"c":1,"c":1}}`, "/a~1b~0/c", "duplicate object key", `{"a/b~":{"c":1}}`},
		{"{\"s\":[\"ok\",\"\xff\"]}", "/s/1", "invalid UTF-8", `{"s":["ok","\u00ff"]}`},
		{"{\"s\":\"\xed\xa0\x80\"}", "/s", "invalid UTF-8", `{"s":"\ud83d\ude00"}`},
		{`{"s":"\ud800"}`, "/s", "lone UTF-16 surrogate", `{"s":"\ud800\udc00"}`},
		{`["\udc00"]`, "/0", "lone UTF-16 surrogate", `["\u00dc"]`},
		{`["\ud800\u0041"]`, "/0", "lone UTF-16 surrogate", `["\u0041"]`},
	} {
		_, err := Parse([]byte(c.in))
		var je *Error
		if !errors.As(err, &je) || je.Pointer != c.ptr || !strings.Contains(je.Msg, c.msg) {
			t.Errorf("%s: got %v, want %q at %q", c.in, err, c.msg, c.ptr)
		}
		if _, err := Parse([]byte(c.ok)); err != nil {
			t.Errorf("%s: %v", c.ok, err)
		}
	}
	// Duplicates past the linear-compare threshold go through the map.
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < 40; i++ {
		b.WriteString(`"k` + strconv.Itoa(i) + `":1,`)
	}
	b.WriteString(`"k3":2}`)
	if _, err := Parse([]byte(b.String())); err == nil || !strings.Contains(err.Error(), `"k3"`) {
		t.Errorf("duplicate in a large object: %v", err)
	}
}

// BenchmarkNext: the validation pass every line goes through (updateComponents with a
// few components, the stream benchmark's shape).
func BenchmarkNext(b *testing.B) {
	line := []byte(`{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[{"id":"t1","component":"Text","text":"Row 1 of the stream","variant":"body"},{"id":"c","component":"Column","children":["a","b","c"],"align":"start"},{"id":"f","component":"TextField","label":"Name","value":{"path":"/user/name"},"checks":[{"call":"required","args":{"value":{"path":"/user/name"}},"message":"needed"}]}]}}`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := Next(line); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPlainByteTable(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := c >= 0x20 && c < 0x80 && c != '"' && c != '\\'
		if plainByte[c] != want {
			t.Errorf("plainByte[%#x] = %v", c, plainByte[c])
		}
	}
}

func TestParseOrdered(t *testing.T) {
	var got []string
	v, err := ParseOrdered([]byte(`{"z":1,"a":{"y":[{"k2":0,"k1":0}],"b":2},"m":{},"c":3}`), func(m map[string]any, keys []string) {
		if len(keys) != len(m) {
			t.Errorf("keys %v for %v", keys, m)
		}
		got = append(got, strings.Join(keys, ","))
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"k2,k1", "y,b", "", "z,a,m,c"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("orders %q, want %q", got, want)
	}
	if root := v.(map[string]any); len(root) != 4 {
		t.Fatalf("root %v", root)
	}
	if _, err := ParseOrdered([]byte(`{"a":1,"a":2}`), func(map[string]any, []string) {}); err == nil {
		t.Fatal("duplicate key accepted")
	}
}
