package binding_test

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/basic"

	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

type evalCase struct {
	Name       string          `json:"name"`
	Version    string          `json:"version"`
	Data       json.RawMessage `json:"data"`
	Base       string          `json:"base"`
	InTemplate bool            `json:"inTemplate"`
	Value      json.RawMessage `json:"value"`
	Want       json.RawMessage `json:"want"`
	Error      string          `json:"error"`
	Reads      []string        `json:"reads"`
}

var versions = map[string]protocol.Version{
	"": protocol.V09, "v0.8": protocol.V08, "v0.9": protocol.V09, "v0.10": protocol.V010, "v1.0": protocol.V10,
}

// TestEvalCases runs testdata/eval_cases.json: every dynamic-value form and every basic
// function, with the corpus' real templates.
func TestEvalCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/eval_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []evalCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	fns := basic.Functions()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			v, ok := versions[tc.Version]
			if !ok {
				t.Fatalf("unknown version %q", tc.Version)
			}
			data := string(tc.Data)
			if data == "" || data == "null" {
				data = "{}"
			}
			s := binding.Scope{Surface: newSurface(t, v, data), Base: model.MustPointer(tc.Base), InTemplate: tc.InTemplate, Reads: &binding.Reads{}}
			got, err := binding.Eval(s, tc.Value, fns, nil)
			if tc.Error != "" {
				if err == nil {
					t.Fatalf("Eval = %s, want error %s", jsonOf(t, got), tc.Error)
				}
				if codeOf(err) != tc.Error {
					t.Fatalf("error %v has code %q, want %q", err, codeOf(err), tc.Error)
				}
				if !strings.Contains(err.Error(), "[s1]") {
					t.Errorf("error %q does not name the surface", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Eval error: %v", err)
			}
			var want any
			if err := json.Unmarshal(tc.Want, &want); err != nil {
				t.Fatal(err)
			}
			if g, w := jsonOf(t, got), jsonOf(t, want); g != w {
				t.Errorf("Eval = %s, want %s", g, w)
			}
			if tc.Reads != nil {
				var gotReads []string
				for _, p := range s.Reads.Paths {
					gotReads = append(gotReads, p.String())
				}
				if strings.Join(gotReads, " ") != strings.Join(tc.Reads, " ") {
					t.Errorf("Reads = %q, want %q", gotReads, tc.Reads)
				}
			}
		})
	}
}

func TestEvalNoSurface(t *testing.T) {
	got, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"formatString","args":{"value":"[${/a}]"}}`), basic.Functions(), nil)
	if err != nil || got != "[]" {
		t.Fatalf("Eval without surface = %#v, %v; want \"[]\", nil", got, err)
	}
	if _, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"not","args":{"value":true}}`), nil, nil); codeOf(err) != protocol.CodeFunction {
		t.Fatalf("nil registry: err %v, want FUNCTION_FAILED", err)
	}
	if _, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"path":`), nil, nil); codeOf(err) != protocol.CodeValidationFailed {
		t.Fatalf("bad JSON: err %v, want VALIDATION_FAILED", err)
	}
	if got, err := binding.Eval(binding.Scope{}, nil, nil, nil); got != nil || err != nil {
		t.Fatalf("empty raw = %#v, %v; want nil, nil", got, err)
	}
}

func TestEvalReadsAreDeduplicated(t *testing.T) {
	s := binding.Scope{Surface: newSurface(t, protocol.V09, `{"n":2}`), Reads: &binding.Reads{}}
	_, err := binding.Eval(s, json.RawMessage(`{"call":"formatString","args":{"value":"${/n} ${/n} ${pluralize(value: ${/n}, other: 'x')}"}}`), basic.Functions(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Reads.Paths) != 1 || s.Reads.Paths[0].String() != "/n" {
		t.Fatalf("Reads = %v, want [/n]", s.Reads.Paths)
	}
	s.Reads.Reset()
	if len(s.Reads.Paths) != 0 {
		t.Fatal("Reset did not empty Reads")
	}
}

func TestEvalNestingCap(t *testing.T) {
	v := `true`
	for i := 0; i < binding.MaxEvalDepth+2; i++ {
		v = `{"call":"not","args":{"value":` + v + `}}`
	}
	_, err := binding.Eval(binding.Scope{}, json.RawMessage(v), basic.Functions(), nil)
	if codeOf(err) != protocol.CodeFunction || !strings.Contains(err.Error(), "deeper") {
		t.Fatalf("deep nesting: err %v, want FUNCTION_FAILED about depth", err)
	}
	v = `true`
	for i := 0; i < 10; i++ {
		v = `{"call":"not","args":{"value":` + v + `}}`
	}
	got, err := binding.Eval(binding.Scope{}, json.RawMessage(v), basic.Functions(), nil)
	if err != nil || got != true {
		t.Fatalf("10 nested nots = %v, %v; want true", got, err)
	}
}

func TestFunctionsRegistry(t *testing.T) {
	fns := basic.Functions()
	want := "and capitalize email formatCurrency formatDate formatNumber formatString length not numeric openUrl or pluralize regex required"
	if got := strings.Join(fns.Names(), " "); got != want {
		t.Fatalf("Names = %q, want %q", got, want)
	}
	// Register extends; Clone is independent.
	ext := fns.Clone()
	ext.Register("trim", func(c *binding.Context, args map[string]any) (any, error) {
		return strings.TrimSpace(binding.ToString(args["value"])), nil
	})
	got, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"formatString","args":{"value":"[${trim(value: '  x ')}]"}}`), ext, nil)
	if err != nil || got != "[x]" {
		t.Fatalf("custom trim = %#v, %v", got, err)
	}
	if fns.Has("trim") {
		t.Fatal("Clone shares its map with the original")
	}
	// Policy switches functions off with POLICY_DENIED.
	ext.SetPolicy(binding.DenySet{"openUrl": true})
	_, err = binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"openUrl","args":{"url":"https://a.example"}}`), ext, nil)
	if codeOf(err) != protocol.CodePolicy {
		t.Fatalf("denied openUrl: err %v, want POLICY_DENIED", err)
	}
	if ext.Has("openUrl") || !ext.Has("trim") {
		t.Fatal("Has ignores the policy")
	}
	ext.SetPolicy(binding.AllowSet{"not": true})
	if got := strings.Join(ext.Names(), " "); got != "not" {
		t.Fatalf("Names under AllowSet = %q, want \"not\"", got)
	}
	// A panicking custom function is an error, not a crash.
	ext.SetPolicy(nil)
	ext.Register("boom", func(*binding.Context, map[string]any) (any, error) { panic("x") })
	if _, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"boom"}`), ext, nil); codeOf(err) != protocol.CodeFunction {
		t.Fatalf("panicking function: err %v, want FUNCTION_FAILED", err)
	}
	// Custom functions can evaluate further values in the caller's scope.
	ext.Register("first", func(c *binding.Context, args map[string]any) (any, error) {
		return c.Eval(map[string]any{"path": "items/0"})
	})
	s := binding.Scope{Surface: newSurface(t, protocol.V09, `{"list":{"items":["a","b"]}}`), Base: model.MustPointer("/list")}
	if got, err := binding.Eval(s, json.RawMessage(`{"call":"first","args":{}}`), ext, nil); err != nil || got != "a" {
		t.Fatalf("Context.Eval = %#v, %v; want \"a\"", got, err)
	}
}

func TestRegexCacheBounded(t *testing.T) {
	fns := basic.Functions()
	for i := 0; i < binding.RegexCacheSize+50; i++ {
		v := `{"call":"regex","args":{"value":"a","pattern":"^a{` + strconv.Itoa(i) + `}"}}`
		if _, err := binding.Eval(binding.Scope{}, json.RawMessage(v), fns, nil); err != nil {
			t.Fatal(err)
		}
	}
	if n := binding.RegexCacheLen(fns); n != binding.RegexCacheSize {
		t.Fatalf("regex cache holds %d entries, want %d", n, binding.RegexCacheSize)
	}
	// A compile error is cached and still reported.
	for i := 0; i < 2; i++ {
		_, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"regex","args":{"value":"a","pattern":"(?<=a)b"}}`), fns, nil)
		if codeOf(err) != protocol.CodeFunction {
			t.Fatalf("try %d: err %v, want FUNCTION_FAILED", i, err)
		}
	}
}

func BenchmarkEvalFormatString(b *testing.B) {
	s := binding.Scope{Surface: newSurface(b, protocol.V09, `{"reviewCount":2847}`)}
	raw := json.RawMessage(`{"call":"formatString","args":{"value":"(${formatNumber(value: ${/reviewCount})} ${pluralize(value: ${/reviewCount}, one: 'review', other: 'reviews')})"}}`)
	fns := basic.Functions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := binding.Eval(s, raw, fns, nil); err != nil {
			b.Fatal(err)
		}
	}
}
