package binding_test

import (
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/basic"

	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// TestIndexFunction follows upstream's index_function.yaml: @index is the row index of the
// innermost template (plus offset), an error outside a template, and unknown before v1.0.
func TestIndexFunction(t *testing.T) {
	row := func(v protocol.Version, base string) binding.Scope {
		return binding.Scope{Surface: newSurface(t, v, `{"tasks":["a","b","c"],"n":2}`), Base: model.MustPointer(base), InTemplate: true}
	}
	tests := []struct {
		name  string
		scope binding.Scope
		value string
		want  string // JSON of the result, or the error code
	}{
		{"first row", row(protocol.V10, "/tasks/0"), `{"call":"@index","args":{}}`, `0`},
		{"third row", row(protocol.V10, "/tasks/2"), `{"call":"@index"}`, `2`},
		{"offset 1", row(protocol.V10, "/tasks/1"), `{"call":"@index","args":{"offset":1}}`, `2`},
		{"bound offset", row(protocol.V10, "/tasks/1"), `{"call":"@index","args":{"offset":{"path":"/n"}}}`, `3`},
		{"null offset is 0", row(protocol.V10, "/tasks/1"), `{"call":"@index","args":{"offset":null}}`, `1`},
		{"nested template: innermost row", row(protocol.V10, "/groups/3/items/5"), `{"call":"@index"}`, `5`},
		{"as an argument", row(protocol.V10, "/tasks/2"), `{"call":"formatNumber","args":{"value":{"call":"@index"}}}`, `"2"`},
		{"bad offset", row(protocol.V10, "/tasks/0"), `{"call":"@index","args":{"offset":"x"}}`, protocol.CodeFunction},
		{"outside a template", binding.Scope{Surface: newSurface(t, protocol.V10, `{}`)}, `{"call":"@index","args":{}}`, protocol.CodeValidationFailed},
		{"v0.9 has no @index", row(protocol.V09, "/tasks/0"), `{"call":"@index"}`, protocol.CodeFunction},
		{"v0.10 has no @index", row(protocol.V010, "/tasks/0"), `{"call":"@index"}`, protocol.CodeFunction},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := binding.Eval(tt.scope, []byte(tt.value), basic.Functions(), nil)
			if err != nil {
				if got := codeOf(err); got != tt.want {
					t.Fatalf("error %v, want %s", err, tt.want)
				}
				return
			}
			if got := jsonOf(t, v); got != tt.want {
				t.Fatalf("got %s, want %s", got, tt.want)
			}
		})
	}
}
