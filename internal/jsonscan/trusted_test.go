package jsonscan

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

var trustedCases = []string{
	`{}`, `[]`, `""`, ` { "a" : [ 1 , 2 ] , "b" : { "c" : "}" } } `,
	`{"a":"x\"y","b\\":"\\","c":"\\\"]","d":[{"e":"[{"}],"f":-1.5e3,"g":true,"h":null}`,
	`["a\\\\",{"k":"v"},[[]],"\u00e9\ud83d\ude00",0,false]`,
	`{"\u0061":1,"b":"é中"}`, "{ \"a\" :\n[ 1 ,\t\"x y\" ] }", `"\"quoted\" \\ and \n"`, `[1,2,3]`, `{"a":[],"b":{}}`,
}

// TestTrustedAgreesWithValidating: on valid input the Trusted functions return what
// Object, Array and String return.
func TestTrustedAgreesWithValidating(t *testing.T) {
	for _, c := range trustedCases {
		checkTrusted(t, []byte(c))
	}
}

func checkTrusted(t *testing.T, b []byte) {
	t.Helper()
	if want, err := Object(b); err == nil {
		got, ok := TrustedObject(b)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("TrustedObject(%s) = %q %v, want %q", b, got, ok, want)
		}
		for _, m := range want {
			checkTrusted(t, m.Value)
		}
	} else if v, _, err := Next(b); err == nil && len(v) > 0 && v[0] != '{' {
		if _, ok := TrustedObject(b); ok {
			t.Errorf("TrustedObject(%s) ok on a non-object", b)
		}
	}
	if want, err := Array(b); err == nil {
		got, ok := TrustedArray(b)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("TrustedArray(%s) = %q %v, want %q", b, got, ok, want)
		}
		for _, e := range want {
			checkTrusted(t, e)
		}
	}
	var want bytes.Buffer
	if json.Compact(&want, b) == nil {
		if got := TrustedCompact(b); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("TrustedCompact(%s) = %s, want %s", b, got, want.Bytes())
		}
	}
	if want, wantRest, err := Next(b); err == nil {
		if got, rest := TrustedNext(b); !bytes.Equal(got, want) || !bytes.Equal(rest, wantRest) {
			t.Errorf("TrustedNext(%s) = %s, %s; want %s, %s", b, got, rest, want, wantRest)
		}
	}
	if want, err := String(b); err == nil {
		got, ok := TrustedString(b)
		if !ok || got != want {
			t.Errorf("TrustedString(%s) = %q %v, want %q", b, got, ok, want)
		}
	}
}

// FuzzTrusted: the Trusted functions never panic or hang on any input, and agree with
// the validating ones on valid input.
func FuzzTrusted(f *testing.F) {
	for _, c := range append(trustedCases, cases...) {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		TrustedObject(b)
		TrustedArray(b)
		TrustedString(b)
		TrustedCompact(b)
		TrustedNext(b)
		if Valid(b) {
			checkTrusted(t, b)
		}
	})
}

var benchObject = []byte(`{"id":"row-1","component":"Text","text":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx","usageHint":"body","nested":{"a":[1,2,3],"b":"c"}}`)

func BenchmarkTrustedObject(b *testing.B) {
	b.SetBytes(int64(len(benchObject)))
	for i := 0; i < b.N; i++ {
		TrustedObject(benchObject)
	}
}

func BenchmarkObject(b *testing.B) {
	b.SetBytes(int64(len(benchObject)))
	for i := 0; i < b.N; i++ {
		_, _ = Object(benchObject)
	}
}

// TestPaused: NextPaused and ParseOrderedPaused call pause about every PauseEvery bytes
// of a large value, and return what Next and ParseOrdered return.
func TestPaused(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"rows":[`)
	for i := 0; i < 20000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"id":"row","n":[1,2,{"k":"` + strings.Repeat("x", 40) + `"}]}`)
	}
	b.WriteString(`],"tail":true}`)
	doc := b.Bytes()
	want := len(doc) / PauseEvery
	pauses := 0
	pause := func() { pauses++ }
	v, rest, err := NextPaused(doc, pause)
	if err != nil || len(rest) != 0 || !bytes.Equal(v, doc) {
		t.Fatalf("NextPaused: %v, %d bytes left", err, len(rest))
	}
	if pauses < want-1 || pauses > want+1 {
		t.Errorf("NextPaused paused %d times over %d bytes, want about %d", pauses, len(doc), want)
	}
	pauses = 0
	got, err := ParseOrderedPaused(doc, func(map[string]any, []string) {}, pause)
	if err != nil {
		t.Fatal(err)
	}
	if pauses < 2*want-2 || pauses > 2*want+2 { // validation, then decoding
		t.Errorf("ParseOrderedPaused paused %d times, want about %d", pauses, 2*want)
	}
	plain, _ := Parse(doc)
	if !reflect.DeepEqual(got, plain) {
		t.Error("ParseOrderedPaused decoded a different value")
	}
	pauses = 0
	if _, _, err := NextPaused([]byte(`{"small":[1,2,3]}`), pause); err != nil || pauses != 0 {
		t.Errorf("a small value paused %d times (%v)", pauses, err)
	}
}
