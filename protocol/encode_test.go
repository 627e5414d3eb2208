package protocol

import (
	"encoding/json"
	"math"
	"runtime"
	"testing"
)

func TestEncodeAction(t *testing.T) {
	base := ActionEvent{
		Name: "submit", SurfaceID: "s1", SourceComponentID: "btn:0", Timestamp: "2026-01-15T12:00:00Z",
		Context:     map[string]any{"zeta": 1.5, "alpha": "a<b>&", "nested": map[string]any{"b": true, "a": nil}, "list": []any{"x", 2.0}},
		UserMessage: "Submitted", ActionID: "act-1", WantResponse: true,
	}
	tests := []struct {
		v    Version
		want string
	}{
		{V08, `{"userAction":{"context":{"alpha":"a<b>&","list":["x",2],"nested":{"a":null,"b":true},"zeta":1.5},"name":"submit","sourceComponentId":"btn:0","surfaceId":"s1","timestamp":"2026-01-15T12:00:00Z"}}`},
		{V09Draft, `{"userAction":{"context":{"alpha":"a<b>&","list":["x",2],"nested":{"a":null,"b":true},"zeta":1.5},"name":"submit","sourceComponentId":"btn:0","surfaceId":"s1","timestamp":"2026-01-15T12:00:00Z"}}`},
		{V09, `{"action":{"context":{"alpha":"a<b>&","list":["x",2],"nested":{"a":null,"b":true},"zeta":1.5},"name":"submit","sourceComponentId":"btn:0","surfaceId":"s1","timestamp":"2026-01-15T12:00:00Z"},"version":"v0.9"}`},
		{V091, `{"action":{"context":{"alpha":"a<b>&","list":["x",2],"nested":{"a":null,"b":true},"zeta":1.5},"name":"submit","sourceComponentId":"btn:0","surfaceId":"s1","timestamp":"2026-01-15T12:00:00Z"},"version":"v0.9.1"}`},
		{V010, `{"action":{"actionId":"act-1","context":{"alpha":"a<b>&","list":["x",2],"nested":{"a":null,"b":true},"zeta":1.5},"name":"submit","sourceComponentId":"btn:0","surfaceId":"s1","timestamp":"2026-01-15T12:00:00Z","wantResponse":true},"version":"v0.10"}`},
		{V10, `{"action":{"context":{"alpha":"a<b>&","list":["x",2],"nested":{"a":null,"b":true},"zeta":1.5},"name":"submit","sourceComponentId":"btn:0","surfaceId":"s1","timestamp":"2026-01-15T12:00:00Z","userMessage":"Submitted"},"version":"v1.0"}`},
	}
	for _, tt := range tests {
		a := base
		a.Version = tt.v
		if got := string(EncodeAction(a)); got != tt.want {
			t.Errorf("%v:\n got %s\nwant %s", tt.v, got, tt.want)
		}
	}
	// nil context is {}; v0.10 without response fields omits them; bytes are stable.
	a := ActionEvent{Version: V010, Name: "n", SurfaceID: "s", SourceComponentID: "c", Timestamp: "t"}
	want := `{"action":{"context":{},"name":"n","sourceComponentId":"c","surfaceId":"s","timestamp":"t"},"version":"v0.10"}`
	for i := 0; i < 20; i++ {
		if got := string(EncodeAction(a)); got != want {
			t.Fatalf("got %s want %s", got, want)
		}
	}
}

// With ContextKeys the context keeps the order it gives, inside objects too; members it
// does not list follow sorted. The message's own members stay sorted.
func TestEncodeActionContextOrder(t *testing.T) {
	nested := map[string]any{"y": 1.0, "b": 2.0}
	ctx := map[string]any{"z": "1", "a": nested, "m": []any{map[string]any{"q": true, "c": false}}, "extra": nil}
	inner := ctx["m"].([]any)[0].(map[string]any)
	keys := func(m map[string]any) []string {
		switch {
		case len(m) == len(ctx) && m["z"] == "1":
			return []string{"z", "a", "m"} // "extra" unlisted: after them
		case len(m) == 2 && m["y"] != nil:
			return []string{"y", "b"}
		case len(m) == 2 && m["q"] != nil && inner != nil:
			return []string{"q", "c"}
		}
		return nil
	}
	for _, c := range []struct {
		v    Version
		want string
	}{
		{V08, `{"userAction":{"context":{"z":"1","a":{"y":1,"b":2},"m":[{"q":true,"c":false}],"extra":null},"name":"n","sourceComponentId":"c","surfaceId":"s","timestamp":"t"}}`},
		{V09, `{"action":{"context":{"z":"1","a":{"y":1,"b":2},"m":[{"q":true,"c":false}],"extra":null},"name":"n","sourceComponentId":"c","surfaceId":"s","timestamp":"t"},"version":"v0.9"}`},
		{V10, `{"action":{"context":{"z":"1","a":{"y":1,"b":2},"m":[{"q":true,"c":false}],"extra":null},"name":"n","sourceComponentId":"c","surfaceId":"s","timestamp":"t"},"version":"v1.0"}`},
	} {
		a := ActionEvent{Version: c.v, Name: "n", SurfaceID: "s", SourceComponentID: "c", Timestamp: "t", Context: ctx, ContextKeys: keys}
		if got := string(EncodeAction(a)); got != c.want {
			t.Errorf("%v:\n got %s\nwant %s", c.v, got, c.want)
		}
	}
}

func TestEncodeValues(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{math.NaN(), `null`},
		{math.Inf(1), `null`},
		{1e21, `1e+21`},
		{1e-7, `1e-7`},
		{0.1, `0.1`},
		{math.Copysign(0, -1), `-0`},
		{int64(42), `42`},
		{uint8(7), `7`},
		{"line\nbreak \"q\" \\ \x01 \u2028 \xff", `"line\nbreak \"q\" \\ \u0001 \u2028 \ufffd"`},
		{json.RawMessage(`{ "b" : 1, "a" : [ 1, 2 ] }`), `{"b":1,"a":[1,2]}`},
		{json.RawMessage(`{bad`), `null`},
		{json.Number("12.50"), `12.50`},
		{json.Number("NaN"), `null`},
		{[]string{"a"}, `["a"]`},
		{map[string]string{"b": "2", "a": "1"}, `{"a":"1","b":"2"}`},
		{[]map[string]any{{"b": 1, "a": nil}, nil}, `[{"a":null,"b":1},{}]`},
		{make(chan int), `null`},
	}
	// Other Go values go through encoding/json on the host only (jsonw_host.go); the
	// wasm build writes null for them (jsonw_wasm.go).
	structWant := `{"a":2,"b":1}`
	if runtime.GOOS == "js" {
		structWant = `null`
	}
	tests = append(tests, struct {
		in   any
		want string
	}{struct {
		B int `json:"b"`
		A int `json:"a"`
	}{1, 2}, structWant})
	for _, tt := range tests {
		if got := string(appendValue(nil, tt.in)); got != tt.want {
			t.Errorf("appendValue(%#v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestEncodeError(t *testing.T) {
	verrE := &Error{Code: CodeValidationFailed, SurfaceID: "s1", Path: "/updateComponents/components/2/id", Message: "\"id\" must be a string, got number"}
	gen := &Error{Code: CodeUnknownSurface, SurfaceID: "s9", Message: "no such surface"}
	fn := &Error{Code: CodeFunction, FunctionCallID: "call-7", Message: "unknown function \"nope\""}
	noSurface := &Error{Code: CodeValidationFailed, Message: "invalid JSON"}
	tests := []struct {
		v    Version
		e    *Error
		want string
	}{
		{V08, verrE, `{"error":{"code":"VALIDATION_FAILED","message":"\"id\" must be a string, got number","path":"/updateComponents/components/2/id","surfaceId":"s1"}}`},
		{V08, noSurface, `{"error":{"code":"VALIDATION_FAILED","message":"invalid JSON"}}`},
		{V09, verrE, `{"error":{"code":"VALIDATION_FAILED","message":"\"id\" must be a string, got number","path":"/updateComponents/components/2/id","surfaceId":"s1"},"version":"v0.9"}`},
		{V09, noSurface, `{"error":{"code":"VALIDATION_FAILED","message":"invalid JSON","path":"","surfaceId":""},"version":"v0.9"}`},
		{V09, gen, `{"error":{"code":"SURFACE_NOT_FOUND","message":"no such surface","surfaceId":"s9"},"version":"v0.9"}`},
		{V09, fn, `{"error":{"code":"FUNCTION_FAILED","functionCallId":"call-7","message":"unknown function \"nope\"","surfaceId":""},"version":"v0.9"}`},
		{V010, fn, `{"error":{"code":"FUNCTION_FAILED","functionCallId":"call-7","message":"unknown function \"nope\""},"version":"v0.10"}`},
		{V010, gen, `{"error":{"code":"SURFACE_NOT_FOUND","message":"no such surface","surfaceId":"s9"},"version":"v0.10"}`},
		{V10, &Error{Code: "UNALLOWED_CHILD", SurfaceID: "s", Path: "/x", Message: "m"}, `{"error":{"code":"UNALLOWED_CHILD","message":"m","path":"/x","surfaceId":"s"},"version":"v1.0"}`},
		{V10, fn, `{"error":{"code":"FUNCTION_FAILED","functionCallId":"call-7","message":"unknown function \"nope\""},"version":"v1.0"}`},
	}
	for _, tt := range tests {
		if got := string(EncodeError(tt.v, tt.e)); got != tt.want {
			t.Errorf("%v %s:\n got %s\nwant %s", tt.v, tt.e.Code, got, tt.want)
		}
	}
}

func TestEncodeFunctionResult(t *testing.T) {
	tests := []struct {
		name string
		got  []byte
		want string
	}{
		{"v0.10 value", EncodeFunctionResult(V010, "c1", "openUrl", nil, nil), `{"functionResponse":{"call":"openUrl","functionCallId":"c1","value":null},"version":"v0.10"}`},
		{"v0.10 raw", EncodeFunctionResponse(V010, "c1", json.RawMessage(`[1, 2]`), nil), `{"functionResponse":{"functionCallId":"c1","value":[1,2]},"version":"v0.10"}`},
		{"v0.10 error", EncodeFunctionResult(V010, "c1", "x", nil, &FunctionError{Code: "FUNCTION_FAILED", Message: "boom"}), `{"error":{"code":"FUNCTION_FAILED","functionCallId":"c1","message":"boom"},"version":"v0.10"}`},
		{"v1.0 value", EncodeFunctionResponse(V10, "c2", map[string]any{"ok": true}, nil), `{"rendererFunctionResponse":{"functionCallId":"c2","value":{"ok":true}},"version":"v1.0"}`},
		{"v1.0 error", EncodeFunctionResponse(V10, "c2", nil, &FunctionError{Code: "E", Message: "m"}), `{"rendererFunctionResponse":{"error":{"code":"E","message":"m"},"functionCallId":"c2"},"version":"v1.0"}`},
	}
	for _, tt := range tests {
		if string(tt.got) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, tt.got, tt.want)
		}
	}
	if got := EncodeFunctionResponse(V09, "c", 1, nil); got != nil {
		t.Errorf("v0.9 has no function responses, got %s", got)
	}
}

func TestEncodeCapabilities(t *testing.T) {
	got := string(EncodeCapabilities([]string{CatalogV09Basic, CatalogV10Basic}))
	ids := `["https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json","https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"]`
	want := `{"supportedCatalogIds":` + ids +
		`,"v0.10":{"supportedCatalogIds":` + ids + `}` +
		`,"v0.9":{"supportedCatalogIds":` + ids + `}` +
		`,"v0.9.1":{"supportedCatalogIds":` + ids + `}` +
		`,"v1.0":{"supportedCatalogIds":` + ids + `}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	inline := json.RawMessage(`{"catalogId":"x","components":{}}`)
	got = string(EncodeCapabilitiesFor([]Version{V08, V09}, nil, inline))
	want = `{"inlineCatalogs":[{"catalogId":"x","components":{}}],"supportedCatalogIds":[],"v0.9":{"inlineCatalogs":[{"catalogId":"x","components":{}}],"supportedCatalogIds":[]}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestEncodeClientDataModelAndA2A(t *testing.T) {
	if EncodeClientDataModel(V09, nil) != nil {
		t.Error("empty data model should encode to nil")
	}
	dm := EncodeClientDataModel(V091, map[string]map[string]any{"s2": {"b": 1.0}, "s1": nil})
	if want := `{"surfaces":{"s1":{},"s2":{"b":1}},"version":"v0.9.1"}`; string(dm) != want {
		t.Errorf("got %s want %s", dm, want)
	}
	act := EncodeAction(ActionEvent{Version: V09, Name: "go", SurfaceID: "s1", SourceComponentID: "b", Timestamp: "t"})
	caps := EncodeCapabilitiesFor([]Version{V09}, []string{CatalogV09Basic})
	got := string(EncodeA2AMessage(V09, [][]byte{act}, caps, dm))
	want := `{"kind":"message","metadata":{"a2uiClientCapabilities":{"supportedCatalogIds":["https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"],"v0.9":{"supportedCatalogIds":["https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"]}},"a2uiClientDataModel":{"surfaces":{"s1":{},"s2":{"b":1}},"version":"v0.9.1"}},"parts":[{"data":[{"action":{"context":{},"name":"go","sourceComponentId":"b","surfaceId":"s1","timestamp":"t"},"version":"v0.9"}],"kind":"data","metadata":{"mimeType":"application/json+a2ui"}}],"role":"user"}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	act08 := EncodeAction(ActionEvent{Version: V08, Name: "go", SurfaceID: "s", SourceComponentID: "b", Timestamp: "t"})
	got = string(EncodeA2AMessage(V08, [][]byte{act08}, nil, nil))
	want = `{"kind":"message","parts":[{"data":{"userAction":{"context":{},"name":"go","sourceComponentId":"b","surfaceId":"s","timestamp":"t"}},"kind":"data","metadata":{"mimeType":"application/json+a2ui"}}],"role":"user"}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if MIMEType(V010) != "application/a2ui+json" {
		t.Error("v0.10 MIME type")
	}
}
