package protocol

import (
	"strings"
	"testing"
)

// TestReservedKeys: v1.0 props spell bindings "@path" and calls "@call" (upstream's
// reserved_keys.yaml); the decoder hands them on as "path"/"call" and unescapes "@@".
// Earlier versions keep such keys as literal data.
func TestReservedKeys(t *testing.T) {
	tests := []struct {
		name, version, text string
		want                string // the "text" prop after decoding
	}{
		{"@path", "v1.0", `{"@path":"/user/name"}`, `{"path":"/user/name"}`},
		{"@call with nested @path", "v1.0", `{"@call":"formatString","args":{"value":{"@path":"/x"}}}`, `{"args":{"value":{"path":"/x"}},"call":"formatString"}`},
		{"@call @index", "v1.0", `{"@call":"@index","args":{"offset":1}}`, `{"args":{"offset":1},"call":"@index"}`},
		{"inside an array", "v1.0", `["a",{"@path":"/b"}]`, `["a",{"path":"/b"}]`},
		{"@@ unescapes", "v1.0", `{"@@path":"/static/file","@@type":"R"}`, `{"@path":"/static/file","@type":"R"}`},
		{"@@ beside @path", "v1.0", `{"@@path":"lit","@path":"/p"}`, `{"@path":"lit","path":"/p"}`},
		{"plain spelling unchanged", "v1.0", `{"path":"/a"}`, `{"path":"/a"}`},
		{"string values untouched", "v1.0", `"@path"`, `"@path"`},
		{"other @ keys untouched", "v1.0", `{"@if":true}`, `{"@if":true}`},
		{"v0.9 keeps @path as data", "v0.9", `{"@path":"/a"}`, `{"@path":"/a"}`},
		{"v0.10 keeps @call as data", "v0.10", `{"@call":"f"}`, `{"@call":"f"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := `{"version":"` + tt.version + `","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":` + tt.text + `}]}}`
			msgs, errs := NewDecoder().Decode([]byte(line))
			if len(errs) != 0 || len(msgs) != 1 {
				t.Fatalf("messages %d, errors %v", len(msgs), errs)
			}
			got := string(msgs[0].(*UpdateComponents).Components[0].Props["text"])
			if got != tt.want {
				t.Fatalf("text %s, want %s", got, tt.want)
			}
		})
	}
}

func TestReservedKeyErrors(t *testing.T) {
	tests := []struct{ name, line, path, msg string }{
		{"both spellings", `{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"a","component":"Text","text":{"k":[{"@path":"/a","path":"/b"}]}}]}}`,
			"/updateComponents/components/0/text/k/0", `both "@path" and "path"`},
		{"escaped key beside its literal", `{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"a","component":"Text","text":{"@@x":1,"@x":2}}]}}`,
			"/updateComponents/components/0/text", `both "@@x" and "@x"`},
		{"callFunction with both", `{"version":"v1.0","callRendererFunction":{"functionCallId":"f","callFunction":{"@call":"now","call":"now","catalogId":"c"}}}`,
			"/callRendererFunction/callFunction", `both "@call" and "call"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msgs, errs := NewDecoder().Decode([]byte(tt.line))
			if len(msgs) != 0 || len(errs) != 1 {
				t.Fatalf("messages %d, errors %v", len(msgs), errs)
			}
			if e := errs[0]; e.Code != CodeValidationFailed || e.Path != tt.path || !strings.Contains(e.Message, tt.msg) {
				t.Fatalf("got %+v, want %s %q", *e, tt.path, tt.msg)
			}
		})
	}
}

func TestReservedCallFunction(t *testing.T) {
	line := `{"version":"v1.0","callRendererFunction":{"functionCallId":"f","callFunction":{"@call":"formatString","catalogId":"c","args":{"value":{"@path":"/x"}}}}}`
	msgs, errs := NewDecoder().Decode([]byte(line))
	if len(errs) != 0 || len(msgs) != 1 {
		t.Fatalf("messages %d, errors %v", len(msgs), errs)
	}
	m := msgs[0].(*CallFunction)
	if m.Name != "formatString" || string(m.Args["value"]) != `{"path":"/x"}` {
		t.Fatalf("call %q args %s", m.Name, m.Args["value"])
	}
}
