package binding_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/basic"

	"github.com/a2ui-go/a2ui/protocol"
)

func interpolate(t *testing.T, data, tpl string) (string, error) {
	t.Helper()
	s := binding.Scope{Surface: newSurface(t, protocol.V09, data)}
	c := binding.NewContext(s, basic.Functions(), nil)
	return c.Interpolate(tpl)
}

func TestTemplateDepthCap(t *testing.T) {
	nest := func(n int) string {
		return strings.Repeat("${", n) + "/x" + strings.Repeat("}", n)
	}
	got, err := interpolate(t, `{"x":"deep"}`, nest(binding.MaxTemplateDepth))
	if err != nil || got != "deep" {
		t.Fatalf("%d nested blocks = %q, %v; want \"deep\"", binding.MaxTemplateDepth, got, err)
	}
	_, err = interpolate(t, `{"x":"deep"}`, nest(binding.MaxTemplateDepth+1))
	if codeOf(err) != protocol.CodeFunction || !strings.Contains(err.Error(), "depth") {
		t.Fatalf("%d nested blocks: err %v, want FUNCTION_FAILED about depth", binding.MaxTemplateDepth+1, err)
	}
	// Function arguments count as nesting too.
	deepCall := strings.Repeat("capitalize(value: ", binding.MaxTemplateDepth+1) + "'a'" + strings.Repeat(")", binding.MaxTemplateDepth+1)
	if _, err := interpolate(t, `{}`, "${"+deepCall+"}"); codeOf(err) != protocol.CodeFunction {
		t.Fatalf("deep call chain: err %v, want FUNCTION_FAILED", err)
	}
}

func TestTemplateParse(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{in: "", want: ""},
		{in: "plain text", want: "plain text"},
		{in: "$ {not} ${'x'}", want: "$ {not} x"},
		{in: `\${a} \\${'b'}`, want: `${a} \${'b'}`}, // a backslash is not escapable
		{in: "${ /a }|${\t'sp ace'\n}", want: "A|sp ace"},
		{in: "${formatNumber(value:1234,decimals:1)}", want: "1,234.0"},
		{in: "${formatNumber( value : 1 , grouping : false )}", want: "1"},
		{in: "${pluralize(value: 1, one: 'a', other: 'b',)}", want: "a"},
		{in: "${1.}", want: "1"},
		{in: "${truex}", want: ""},
		{in: "${/a}${/a}", want: "AA"},
		{in: "${", err: "unclosed"},
		{in: "x ${/a", err: "unclosed"},
		{in: "${f(}", err: "expected ')'"},
		{in: "${f(a)}", err: "expected ':'"},
		{in: "${true false}", err: "unexpected characters"},
		{in: "${'a'", err: "unclosed"},
	}
	for _, tt := range tests {
		got, err := interpolate(t, `{"a":"A"}`, tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(strings.ToLower(err.Error()), tt.err) {
				t.Errorf("%q: err %v, want containing %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%q = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// FuzzFormatString checks that arbitrary templates never panic, that errors are
// FUNCTION_FAILED protocol errors, and that text without "${" comes back unchanged.
func FuzzFormatString(f *testing.F) {
	for _, s := range []string{
		"${formatNumber(value: ${/reviewCount})} ${pluralize(value: ${/reviewCount}, one: 'review', other: 'reviews')}",
		"${formatCurrency(value: ${/total}, currency: 'USD')}/year",
		"Location: ${/event/location/0}", "${change}%", `\${x}`, "${'}'}", "${${${/a}}}", "${", "${f(a:",
		"${formatDate(value: ${/d}, format: 'EEEE, MMMM d, yyyy \\'at\\' h:mm a')}",
	} {
		f.Add(s)
	}
	fns := basic.Functions()
	surf := newSurface(f, protocol.V09, `{"reviewCount":3,"total":12.5,"event":{"location":["x"]},"a":{"b":1},"d":"2025-01-02"}`)
	f.Fuzz(func(t *testing.T, tpl string) {
		if !utf8.ValidString(tpl) {
			t.Skip("JSON cannot carry invalid UTF-8")
		}
		raw, _ := json.Marshal(map[string]any{"call": "formatString", "args": map[string]any{"value": tpl}})
		got, err := binding.Eval(binding.Scope{Surface: surf}, raw, fns, nil)
		if err != nil {
			if c := codeOf(err); c != protocol.CodeFunction && c != protocol.CodeValidationFailed {
				t.Fatalf("%q: error %v has code %q", tpl, err, c)
			}
			return
		}
		if _, ok := got.(string); !ok {
			t.Fatalf("%q: result %#v is not a string", tpl, got)
		}
		if !strings.Contains(tpl, "${") && got != tpl {
			t.Fatalf("%q without interpolation came back as %q", tpl, got)
		}
	})
}
