package binding

import (
	"math"
	"reflect"
	"testing"
)

func TestToString(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{nil, ""},
		{"", ""},
		{"héllo", "héllo"},
		{true, "true"},
		{false, "false"},
		{0.0, "0"},
		{math.Copysign(0, -1), "0"},
		{1.0, "1"},
		{-42.0, "-42"},
		{1.5, "1.5"},
		{0.30000000000000004, "0.30000000000000004"},
		{1188.0, "1188"},
		{123456789012345680000.0, "123456789012345680000"},
		{1e21, "1e+21"},
		{1.5e-7, "1.5e-7"},
		{0.000001, "0.000001"},
		{-2.5e30, "-2.5e+30"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "Infinity"},
		{math.Inf(-1), "-Infinity"},
		{7, "7"},
		{int64(-9), "-9"},
		{[]any{"a", 1.0, true, nil}, `["a",1,true,null]`},
		{map[string]any{"b": 1.0, "a": "<x>"}, `{"a":"<x>","b":1}`},
		{[]any{}, `[]`},
		{OpenURL{URL: "https://x"}, ""},
	}
	for _, tt := range tests {
		if got := ToString(tt.in); got != tt.want {
			t.Errorf("ToString(%#v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestToNumber(t *testing.T) {
	tests := []struct {
		in   any
		want float64
	}{
		{nil, 0},
		{"", 0},
		{"42", 42},
		{" 3.5 ", 3.5},
		{"-1e3", -1000},
		{"+7", 7},
		{"abc", 0},
		{"12abc", 0},
		{"0x10", 0},
		{"inf", 0},
		{"NaN", 0},
		{"1_000", 0},
		{"Infinity", math.Inf(1)},
		{true, 1},
		{false, 0},
		{2.25, 2.25},
		{[]any{1.0}, 0},
		{map[string]any{}, 0},
	}
	for _, tt := range tests {
		if got := ToNumber(tt.in); got != tt.want {
			t.Errorf("ToNumber(%#v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if _, ok := ParseNumber(""); ok {
		t.Error(`ParseNumber("") ok, want not a number`)
	}
	if _, ok := ParseNumber(nil); ok {
		t.Error(`ParseNumber(nil) ok, want not a number`)
	}
	if f, ok := ParseNumber("1e400"); !ok || !math.IsInf(f, 1) {
		t.Errorf(`ParseNumber("1e400") = %v, %v; want +Inf, true`, f, ok)
	}
}

func TestToBool(t *testing.T) {
	tests := []struct {
		in   any
		want bool
	}{
		{true, true},
		{false, false},
		{"true", true},
		{"TRUE", true},
		{"True", true},
		{"false", false},
		{"FALSE", false},
		{"yes", false},
		{"1", false},
		{"", false},
		{1.0, true},
		{-0.5, true},
		{0.0, false},
		{math.NaN(), false},
		{nil, false},
		{[]any{true}, false},
		{map[string]any{"a": true}, false},
		{3, true},
	}
	for _, tt := range tests {
		if got := ToBool(tt.in); got != tt.want {
			t.Errorf("ToBool(%#v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestToStringList(t *testing.T) {
	tests := []struct {
		in   any
		want []string
	}{
		{[]any{"a", 2.0, nil, true}, []string{"a", "2", "", "true"}},
		{[]string{"x"}, []string{"x"}},
		{"single", []string{"single"}},
		{"", nil},
		{nil, nil},
		{3.0, nil},
		{map[string]any{"a": "b"}, nil},
		{[]any{}, []string{}},
	}
	for _, tt := range tests {
		if got := ToStringList(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ToStringList(%#v) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}
