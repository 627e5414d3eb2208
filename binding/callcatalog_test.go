package binding_test

import (
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// TestCallCatalogResolution: which catalog a function call runs in. Before v1.0 a call's
// catalogId is ignored; from v1.0 it names the catalog, and without one the surface's
// default is used — a surface created without a catalogId has none, so the call fails
// wherever it sits, while @index itself needs no catalog.
func TestCallCatalogResolution(t *testing.T) {
	other := binding.NewFunctions()
	other.Register("shout", func(c *binding.Context, args map[string]any) (any, error) {
		return strings.ToUpper(binding.ToString(args["value"])) + "!", nil
	})
	funcs := basic.Functions().Clone()
	funcs.SetCatalogs(func(id string) (*binding.Functions, bool) {
		switch id {
		case "basic":
			return funcs, true
		case "custom":
			return other, true
		}
		return nil, false
	})
	surf := func(v protocol.Version, catalogID string) *model.Surface {
		s := newSurface(t, v, `{"items":["a","b"]}`)
		s.CatalogID = catalogID
		return s
	}
	row := func(s *model.Surface) binding.Scope {
		return binding.Scope{Surface: s, Base: model.MustPointer("/items/1"), InTemplate: true}
	}
	const unknown = `"catalogId":"https://example.com/unknown.json"`
	tests := []struct {
		name  string
		scope binding.Scope
		value string
		want  string // JSON of the result, or the error code and a part of its message
	}{
		{"v0.9 ignores the call's catalogId", binding.Scope{Surface: surf(protocol.V09, "basic")},
			`{"call":"formatString","args":{"value":"hi ${/items/0}"},` + unknown + `}`, `"hi a"`},
		{"v0.9 runs in the surface catalog, not the named one", binding.Scope{Surface: surf(protocol.V09, "basic")},
			`{"call":"shout","args":{"value":"x"},"catalogId":"custom"}`, protocol.CodeFunction + ` unknown function "shout"`},
		{"v0.10 ignores it too", binding.Scope{Surface: surf(protocol.V010, "basic")},
			`{"call":"formatString","args":{"value":"ok"},` + unknown + `}`, `"ok"`},
		{"v1.0 runs in the named catalog", binding.Scope{Surface: surf(protocol.V10, "basic")},
			`{"call":"shout","args":{"value":"x"},"catalogId":"custom"}`, `"X!"`},
		{"v1.0 unknown catalog", binding.Scope{Surface: surf(protocol.V10, "basic")},
			`{"call":"formatString","args":{"value":"x"},` + unknown + `}`, protocol.CodeCatalogUnsupported + ` not supported`},
		{"v1.0 no default catalog", binding.Scope{Surface: surf(protocol.V10, "")},
			`{"call":"formatString","args":{"value":"x"}}`, protocol.CodeCatalogUnsupported + ` has no default catalogId`},
		{"v1.0 no default catalog, call naming its catalog", binding.Scope{Surface: surf(protocol.V10, "")},
			`{"call":"formatString","args":{"value":"x"},"catalogId":"basic"}`, `"x"`},
		{"v1.0 no default catalog, nested call naming none", binding.Scope{Surface: surf(protocol.V10, "")},
			`{"call":"shout","catalogId":"custom","args":{"value":{"call":"formatString","args":{"value":"x"}}}}`, protocol.CodeCatalogUnsupported + ` has no default catalogId`},
		{"v1.0 no default catalog, @index alone", row(surf(protocol.V10, "")),
			`{"call":"@index","args":{"offset":1}}`, `2`},
		{"v1.0 no default catalog, call in @index's args", row(surf(protocol.V10, "")),
			`{"call":"@index","args":{"offset":{"call":"formatNumber","args":{"value":1}}}}`, protocol.CodeCatalogUnsupported + ` "formatNumber" names no catalogId and surface "s1" has no default catalogId`},
		{"v1.0 default catalog, call in @index's args", row(surf(protocol.V10, "basic")),
			`{"call":"@index","args":{"offset":{"call":"formatNumber","args":{"value":1}}}}`, `2`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := binding.Eval(tt.scope, []byte(tt.value), funcs, nil)
			if err != nil {
				code, msg, _ := strings.Cut(tt.want, " ")
				if codeOf(err) != code || !strings.Contains(err.Error(), msg) {
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
