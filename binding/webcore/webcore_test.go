package webcore

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// TestCases runs testdata/cases.json, whose expectations were checked against web_core's
// own implementations (testdata/check.mjs). "Infinity" in want is the number.
func TestCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Call  string         `json:"call"`
		Args  map[string]any `json:"args"`
		Want  any            `json:"want"`
		Error bool           `json:"error"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	fns := binding.NewFunctions()
	Register(fns)
	for _, c := range cases {
		in, _ := json.Marshal(c.Args)
		t.Run(c.Call+" "+string(in), func(t *testing.T) {
			v, err := binding.EvalValue(binding.Scope{}, map[string]any{"call": c.Call, "args": c.Args}, fns, nil)
			if c.Error {
				if pe, ok := err.(*protocol.Error); !ok || pe.Code != protocol.CodeFunction {
					t.Fatalf("got %v, %v; want FUNCTION_FAILED", v, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := c.Want
			if want == "Infinity" {
				want = math.Inf(1)
			}
			if v != want {
				t.Fatalf("got %#v, want %#v", v, want)
			}
		})
	}
}

// TestEqualsIdentity: === compares objects and arrays by identity, so the same
// data-model value read through two bindings is equal and equal-looking values are not.
func TestEqualsIdentity(t *testing.T) {
	s := &model.Surface{ID: "s", Version: protocol.V09, Data: model.NewDataModel()}
	if err := s.Data.Set(nil, map[string]any{"o": map[string]any{"k": 1.0}, "p": map[string]any{"k": 1.0}, "l": []any{"x"}, "m": []any{"x"}}); err != nil {
		t.Fatal(err)
	}
	fns := binding.NewFunctions()
	Register(fns)
	for _, tt := range []struct {
		a, b string
		want bool
	}{{"/o", "/o", true}, {"/o", "/p", false}, {"/l", "/l", true}, {"/l", "/m", false}, {"/o", "/l", false}} {
		v, err := binding.Eval(binding.Scope{Surface: s}, []byte(`{"call":"equals","args":{"a":{"path":"`+tt.a+`"},"b":{"path":"`+tt.b+`"}}}`), fns, nil)
		if err != nil || v != tt.want {
			t.Errorf("equals(%s, %s) = %v, %v; want %v", tt.a, tt.b, v, err, tt.want)
		}
	}
}

// TestOptIn: the basic registry does not know web_core's names until Register.
func TestOptIn(t *testing.T) {
	fns := basic.Functions()
	_, err := binding.Eval(binding.Scope{}, []byte(`{"call":"add","args":{"a":1,"b":2}}`), fns, nil)
	if pe, ok := err.(*protocol.Error); !ok || pe.Code != protocol.CodeFunction {
		t.Fatalf("add without opt-in: %v", err)
	}
	Register(fns)
	for _, n := range Names {
		if !fns.Has(n) {
			t.Errorf("%s not registered", n)
		}
	}
	v, err := binding.Eval(binding.Scope{}, []byte(`{"call":"formatString","args":{"value":"${add(a: 1, b: 2)}"}}`), fns, nil)
	if err != nil || v != "3" {
		t.Fatalf("formatString with add: %v, %v", v, err)
	}
}
