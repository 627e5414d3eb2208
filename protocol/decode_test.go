package protocol

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDecodeErrors: each bad message is rejected alone with a JSON Pointer to the field.
func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, line    string
		surface, path string
		msgContains   string
	}{
		{"invalid JSON", `{"version":"v0.9",`, "", "", "invalid JSON"},
		{"not an object", `42`, "", "", "must be a JSON object, got number"},
		{"empty object", `{}`, "", "", "empty message"},
		{"no message key", `{"version":"v0.9","surface":{}}`, "", "/surface", "unknown message type"},
		{"version only", `{"version":"v0.9"}`, "", "", "no message type"},
		{"several message keys", `{"version":"v0.9","createSurface":{"surfaceId":"a","catalogId":"c"},"deleteSurface":{"surfaceId":"a"}}`, "a", "/createSurface", "several message types"},
		{"unknown envelope key", `{"version":"v0.9","deleteSurface":{"surfaceId":"a"},"extra":1}`, "a", "/extra", "unknown property"},
		{"bad version type", `{"version":9,"deleteSurface":{"surfaceId":"a"}}`, "a", "/version", "must be a string"},
		{"unknown version", `{"version":"v2.0","deleteSurface":{"surfaceId":"a"}}`, "a", "/version", "unsupported version"},
		{"v0.9 with v0.8 key", `{"version":"v0.9","surfaceUpdate":{"surfaceId":"a","components":[]}}`, "a", "/surfaceUpdate", "not a v0.9 message"},
		{"v0.9 callFunction", `{"version":"v0.9","callFunction":{"call":"x"},"functionCallId":"1"}`, "", "/callFunction", "not a v0.9 message"},
		{"missing version", `{"updateComponents":{"surfaceId":"a","components":[{"id":"root","component":"Text"}]}}`, "a", "", "missing required property \"version\""},
		{"surfaceId type", `{"version":"v0.9","updateComponents":{"surfaceId":5,"components":[{"id":"root","component":"Text"}]}}`, "", "/updateComponents/surfaceId", "must be a string, got number"},
		{"components not array", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":{}}}`, "s", "/updateComponents/components", "must be an array, got object"},
		{"components empty", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[]}}`, "s", "/updateComponents/components", "must not be empty"},
		{"component id type", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text"},{"id":"b","component":"Text"},{"id":3,"component":"Text"}]}}`, "s", "/updateComponents/components/2/id", "\"id\" must be a string, got number"},
		{"component name missing", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","text":"x"}]}}`, "s", "/updateComponents/components/0", "missing required property \"component\""},
		{"component name type", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":{"Text":{}}}]}}`, "s", "/updateComponents/components/0/component", "must be a string, got object"},
		{"unknown key in updateComponents", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text"}],"x":1}}`, "s", "/updateComponents/x", "unknown property"},
		{"createSurface missing catalogId", `{"version":"v0.9","createSurface":{"surfaceId":"s"}}`, "s", "/createSurface", "missing required property \"catalogId\""},
		{"sendDataModel type", `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c","sendDataModel":"yes"}}`, "s", "/createSurface/sendDataModel", "must be a boolean"},
		{"theme type", `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c","theme":[]}}`, "s", "/createSurface/theme", "must be an object"},
		{"v1.0 createSurface has no theme", `{"version":"v1.0","createSurface":{"surfaceId":"s","theme":{}}}`, "s", "/createSurface/theme", "unknown property"},
		{"path type", `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":1}}`, "s", "/updateDataModel/path", "must be a string"},
		{"empty surfaceId", `{"version":"v0.9","deleteSurface":{"surfaceId":""}}`, "", "/deleteSurface/surfaceId", "must not be empty"},
		{"callableFrom out of range", `{"version":"v0.10","functionCallId":"f1","callFunction":{"call":"openUrl","returnType":"void","callableFrom":"clientOnly"}}`, "", "/callFunction/callableFrom", "cannot be called by the agent"},
		{"returnType out of range", `{"version":"v0.10","functionCallId":"f1","callFunction":{"call":"x","returnType":"date"}}`, "", "/callFunction/returnType", "unknown returnType"},
		{"actionResponse both", `{"version":"v0.10","actionId":"a","actionResponse":{"value":1,"error":{"code":"x","message":"y"}}}`, "", "/actionResponse", "exactly one of"},
		{"actionResponse missing id", `{"version":"v0.10","actionResponse":{"value":1}}`, "", "", "missing required property \"actionId\""},
		{"actionId on other message", `{"version":"v0.10","actionId":"a","deleteSurface":{"surfaceId":"s"}}`, "s", "/actionId", "unknown property"},
		{"v1.0 callRendererFunction needs catalogId", `{"version":"v1.0","callRendererFunction":{"functionCallId":"f","callFunction":{"call":"x"}}}`, "", "/callRendererFunction/callFunction", "missing required property \"catalogId\""},
		{"agentFunctionResponse error shape", `{"version":"v1.0","agentFunctionResponse":{"functionCallId":"f","error":{"code":"E"}}}`, "", "/agentFunctionResponse/error", "missing required property \"message\""},
		// v0.8
		{"v0.8 beginRendering missing root", `{"beginRendering":{"surfaceId":"s"}}`, "s", "/beginRendering", "missing required property \"root\""},
		{"v0.8 component wrapper with two keys", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Text":{},"Image":{}}}]}}`, "s", "/surfaceUpdate/components/0/component", "exactly one key"},
		{"v0.8 component unknown key", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Text":{}},"style":1}]}}`, "s", "/surfaceUpdate/components/0/style", "unknown property"},
		{"v0.8 weight type", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","weight":"1","component":{"Text":{}}}]}}`, "s", "/surfaceUpdate/components/0/weight", "must be a number"},
		{"v0.8 props not object", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Text":"hi"}}]}}`, "s", "/surfaceUpdate/components/0/component/Text", "must be an object"},
		{"v0.8 literalString type", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Text":{"text":{"literalString":5}}}}]}}`, "s", "/surfaceUpdate/components/0/component/Text/text/literalString", "must be a string, got number"},
		{"v0.8 two literals", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Text":{"text":{"literalString":"a","literalNumber":1}}}}]}}`, "s", "/surfaceUpdate/components/0/component/Text/text/literalNumber", "several literals"},
		{"v0.8 explicitList type", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Column":{"children":{"explicitList":"b"}}}}]}}`, "s", "/surfaceUpdate/components/0/component/Column/children/explicitList", "must be an array"},
		{"v0.8 template missing dataBinding", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"List":{"children":{"template":{"componentId":"b"}}}}}]}}`, "s", "/surfaceUpdate/components/0/component/List/children/template", "missing required property \"dataBinding\""},
		{"v0.8 action context value missing", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Button":{"child":"l","action":{"name":"go","context":[{"key":"k"}]}}}}]}}`, "s", "/surfaceUpdate/components/0/component/Button/action/context/0", "missing required property \"value\""},
		{"v0.8 data entry no value", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a"}]}}`, "s", "/dataModelUpdate/contents/0", "has no value"},
		{"v0.8 data entry two values", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueString":"x","valueNumber":1}]}}`, "s", "/dataModelUpdate/contents/0/valueNumber", "exactly one value"},
		{"v0.8 valueArray with an array element", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueArray":[1,[2]]}]}}`, "s", "/dataModelUpdate/contents/0/valueArray/1", "got array"},
		{"v0.8 valueArray element with two values", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueArray":[{"valueString":"x","valueNumber":1}]}]}}`, "s", "/dataModelUpdate/contents/0/valueArray/0/valueNumber", "exactly one value"},
		{"v0.8 valueArray element with a key", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueArray":[{"key":"k","valueString":"x"}]}]}}`, "s", "/dataModelUpdate/contents/0/valueArray/0/key", "unknown property"},
		{"v0.8 nested entry type", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueMap":[{"key":"b","valueNumber":"1"}]}]}}`, "s", "/dataModelUpdate/contents/0/valueMap/0/valueNumber", "must be a number, got string"},
		{"v0.8 dot idiom at root", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":".","valueString":"x"}]}}`, "s", "/dataModelUpdate/contents/0", "must be a map"},
		{"draft props without component", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","props":{"text":"x"}}]}}`, "s", "/surfaceUpdate/components/0/props", "missing required property \"component\""},
		{"draft contents scalar", `{"dataModelUpdate":{"surfaceId":"s","contents":"x"}}`, "s", "/dataModelUpdate/contents", "must be an array, got string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msgs, errs := NewDecoder().Decode([]byte(tt.line))
			if len(msgs) != 0 || len(errs) != 1 {
				t.Fatalf("got %d messages, errors %v", len(msgs), errs)
			}
			e := errs[0]
			if e.Code != CodeValidationFailed || e.SurfaceID != tt.surface || e.Path != tt.path || !strings.Contains(e.Message, tt.msgContains) {
				t.Errorf("got %+v\nwant surface %q path %q message containing %q", *e, tt.surface, tt.path, tt.msgContains)
			}
		})
	}
}

// TestDecodeBatch: array, wrapper and DataPart forms; one bad message does not stop the
// others; several JSON values on one line.
func TestDecodeBatch(t *testing.T) {
	tests := []struct {
		name string
		line string
		n    int
		errs []string // "path: message prefix"
	}{
		{"array", `[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c"}},{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}]`, 2, nil},
		{"wrapper with a bad one", `{"messages":[{"version":"v0.9","deleteSurface":{"surfaceId":1}},{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}]}`, 1, []string{"/deleteSurface/surfaceId: message 0: "}},
		{"example file", `{"name":"Card","description":"A card.","messages":[{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}]}`, 1, nil},
		{"wrapper with another member", `{"name":"Card","extra":1,"messages":[{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}]}`, 0, []string{"/extra: unknown message type"}},
		{"example file with a non-string name", `{"name":1,"messages":[{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}]}`, 0, []string{"/messages: unknown message type"}},
		{"A2A DataPart", `{"kind":"data","data":[{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}],"metadata":{"mimeType":"application/a2ui+json"}}`, 1, nil},
		{"v0.8 DataPart", `{"kind":"data","data":{"deleteSurface":{"surfaceId":"s"}}}`, 1, nil},
		{"concatenated values", "{\"deleteSurface\":{\"surfaceId\":\"a\"}}\n{\"deleteSurface\":{\"surfaceId\":\"b\"}}", 2, nil},
		{"trailing garbage", `{"deleteSurface":{"surfaceId":"a"}} x`, 0, []string{": invalid JSON: unexpected data after the JSON value (offset 35)"}},
		{"two values on one line", `{"deleteSurface":{"surfaceId":"a"}} {"deleteSurface":{"surfaceId":"b"}}`, 0, []string{": invalid JSON: unexpected data after the JSON value"}},
		{"garbage after a second value", "{\"deleteSurface\":{\"surfaceId\":\"a\"}}\n{\"deleteSurface\":{\"surfaceId\":\"b\"}}]", 0, []string{": invalid JSON: unexpected data"}},
		{"bad second value", "{\"deleteSurface\":{\"surfaceId\":\"a\"}}\n{\"deleteSurface\":{\"surfaceId\":\"b\",\"surfaceId\":\"c\"}}", 0, []string{"/deleteSurface/surfaceId: value 1: invalid JSON: duplicate object key"}},
		{"duplicate envelope key", `{"deleteSurface":{"surfaceId":"a"},"deleteSurface":{"surfaceId":"b"}}`, 0, []string{"/deleteSurface: invalid JSON: duplicate object key \"deleteSurface\""}},
		{"duplicate deep key", `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a","value":{"x":[{"k":1,"k":2}]}}}`, 0, []string{"/updateDataModel/value/x/0/k: invalid JSON: duplicate object key \"k\""}},
		{"invalid UTF-8", "{\"version\":\"v0.9\",\"updateDataModel\":{\"surfaceId\":\"s\",\"path\":\"/a\",\"value\":[\"\xc3\x28\"]}}", 0, []string{"/updateDataModel/value/0: invalid JSON: invalid UTF-8 in string"}},
		{"lone surrogate", `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a","value":"\udead"}}`, 0, []string{"/updateDataModel/value: invalid JSON: lone UTF-16 surrogate"}},
		{"nested array", `[[{"deleteSurface":{"surfaceId":"a"}}]]`, 0, []string{": message 0: a message must be a JSON object, got array"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msgs, errs := NewDecoder().Decode([]byte(tt.line))
			if len(msgs) != tt.n {
				t.Errorf("got %d messages, want %d", len(msgs), tt.n)
			}
			if len(errs) != len(tt.errs) {
				t.Fatalf("errors %v, want %v", errs, tt.errs)
			}
			for i, e := range errs {
				if got := e.Path + ": " + e.Message; !strings.HasPrefix(got, tt.errs[i]) {
					t.Errorf("error %q, want prefix %q", got, tt.errs[i])
				}
			}
		})
	}
}

// TestDecodeVersions: detection by field and by shape, and the per-stream memory.
func TestDecodeVersions(t *testing.T) {
	d := NewDecoder()
	steps := []struct {
		line string
		want Version
	}{
		{`{"deleteSurface":{"surfaceId":"x"}}`, V08},
		{`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","props":{"component":"Text","text":{"literalString":"x"}}}]}}`, V09Draft},
		{`{"dataModelUpdate":{"surfaceId":"s","contents":{"a":1}}}`, V09Draft},
		{`{"createSurface":{"surfaceId":"s"}}`, V09Draft},
		{`{"deleteSurface":{"surfaceId":"s"}}`, V09Draft},
		{`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Text":{"text":{"literalString":"x"}}}}]}}`, V08},
		{`{"dataModelUpdate":{"surfaceId":"s","contents":[]}}`, V08},
		{`{"version":"v0.9.1","createSurface":{"surfaceId":"s","catalogId":"c"}}`, V091},
		{`{"updateDataModel":{"surfaceId":"s","value":{}}}`, V091},
		{`{"createSurface":{"surfaceId":"t","catalogId":"c"}}`, V091},
		{`{"version":"0.10","updateDataModel":{"surfaceId":"s"}}`, V010},
		{`{"version":"v1.0","deleteSurface":{"surfaceId":"s"}}`, V10},
		{`{"version":"v0.8","beginRendering":{"surfaceId":"s","root":"r"}}`, V08},
	}
	for i, s := range steps {
		msgs, errs := d.Decode([]byte(s.line))
		if len(errs) > 0 || len(msgs) != 1 {
			t.Fatalf("step %d: %v", i, errs)
		}
		if msgs[0].Ver() != s.want || d.Version() != s.want {
			t.Errorf("step %d: version %v (decoder %v), want %v", i, msgs[0].Ver(), d.Version(), s.want)
		}
	}
}

// TestDecodeDataModelValues covers delete-vs-null per version and the v0.8 value forms.
func TestDecodeDataModelValues(t *testing.T) {
	tests := []struct {
		line, path, value string // value "" = delete (nil)
	}{
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a"}}`, "/a", ""},
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a","value":null}}`, "/a", "null"},
		{`{"version":"v0.10","updateDataModel":{"surfaceId":"s","path":"/a","value":null}}`, "/a", ""},
		{`{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/a","value":null}}`, "/a", ""},
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{ "x" : [1, 2] }}}`, "/", `{"x":[1,2]}`},
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"","value":1}}`, "/", `1`},
		{`{"dataModelUpdate":{"surfaceId":"s","path":"user","contents":[{"key":"name","valueString":"Ann"},{"key":"age","valueNumber":41},{"key":"vip","valueBoolean":true}]}}`, "/user", `{"name":"Ann","age":41,"vip":true}`},
		{`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"b","valueString":"1"},{"key":"a","valueString":"2"},{"key":"b","valueString":"3"}]}}`, "/", `{"b":"3","a":"2"}`},
		{`{"dataModelUpdate":{"surfaceId":"s","path":"/m","contents":[{"key":".","valueMap":[{"key":"k","valueString":"v"}]}]}}`, "/m", `{"k":"v"}`},
		{`{"dataModelUpdate":{"surfaceId":"s","path":"/n","contents":[{"key":".","valueNumber":3}]}}`, "/n", `3`},
		{`{"dataModelUpdate":{"surfaceId":"s","path":"/l","contents":[{"key":".","valueString":"[1,2]"}]}}`, "/l", `[1,2]`},
		{`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"j","valueString":"[not json]"},{"key":"md","valueString":"[More](https://x.y)"},{"key":"o","valueString":" {\"a\": {\"b\": 1}} "}]}}`, "/", `{"j":"[not json]","md":"[More](https://x.y)","o":{"a":{"b":1}}}`},
		{`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueMap":[{"key":"b","valueMap":[{"key":"c","valueMap":[{"key":"d","valueBoolean":false}]}]}]}]}}`, "/", `{"a":{"b":{"c":{"d":false}}}}`},
		{`{"dataModelUpdate":{"surfaceId":"s","contents":[]}}`, "/", `{}`},
	}
	for _, tt := range tests {
		msgs, errs := NewDecoder().Decode([]byte(tt.line))
		if len(errs) > 0 || len(msgs) != 1 {
			t.Fatalf("%s: %v", tt.line, errs)
		}
		m := msgs[0].(*UpdateDataModel)
		if m.Path != tt.path || string(m.Value) != tt.value || (tt.value == "") != (m.Value == nil) {
			t.Errorf("%s:\n got path %q value %q (nil %v), want %q %q", tt.line, m.Path, m.Value, m.Value == nil, tt.path, tt.value)
		}
	}
	deep := `{"key":"x","valueString":"v"}`
	for i := 0; i < 50; i++ {
		deep = `{"key":"x","valueMap":[` + deep + `]}`
	}
	_, errs := NewDecoder().Decode([]byte(`{"dataModelUpdate":{"surfaceId":"s","contents":[` + deep + `]}}`))
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "nested deeper than 48") {
		t.Errorf("deep valueMap: %v", errs)
	}
}

// TestDecodeValueArray: v0.8 valueArray (seed 000, WinUI) in all its element forms.
func TestDecodeValueArray(t *testing.T) {
	for _, c := range []struct{ contents, want string }{
		{`[{"key":"l","valueArray":[{"valueString":"a"},{"valueString":"b"}]}]`, `{"l":["a","b"]}`},
		{`[{"key":"l","valueArray":[{"valueString":"a"},{"valueNumber":2},{"valueBoolean":false}]}]`, `{"l":["a",2,false]}`},
		{`[{"key":"l","valueArray":[{"valueMap":[{"key":"n","valueString":"x"}]},{"valueMap":[]}]}]`, `{"l":[{"n":"x"},{}]}`},
		{`[{"key":"l","valueArray":[{"valueArray":[{"valueNumber":1}]},{"valueArray":[]}]}]`, `{"l":[[1],[]]}`},
		{`[{"key":"l","valueArray":["bare",3,true]}]`, `{"l":["bare",3,true]}`},
		{`[{"key":"l","valueArray":[]}]`, `{"l":[]}`},
		{`[{"key":"l","valueArray":[null,{"valueString":"x"},null]}]`, `{"l":[null,"x",null]}`},
		{`[{"key":"m","valueMap":[{"key":"l","valueArray":[{"valueString":"in"}]}]}]`, `{"m":{"l":["in"]}}`},
	} {
		msgs, errs := NewDecoder().Decode([]byte(`{"dataModelUpdate":{"surfaceId":"s","contents":` + c.contents + `}}`))
		if len(errs) > 0 || len(msgs) != 1 {
			t.Fatalf("%s: %v", c.contents, errs)
		}
		if got := string(msgs[0].(*UpdateDataModel).Value); got != c.want {
			t.Errorf("%s: got %s, want %s", c.contents, got, c.want)
		}
	}
}

// TestDecodeEntryIsolation: one malformed v0.8 entry is reported and skipped, its siblings
// decode; with none left the message is rejected.
func TestDecodeEntryIsolation(t *testing.T) {
	msgs, errs := NewDecoder().Decode([]byte(`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueString":"ok"},{"key":"b","valueNumber":"NaN"},{"key":"c"},{"key":"d","valueBoolean":true}]}}`))
	if len(msgs) != 1 || len(errs) != 2 {
		t.Fatalf("msgs %v errs %v", msgs, errs)
	}
	m := msgs[0].(*UpdateDataModel)
	if string(m.Value) != `{"a":"ok","d":true}` || strings.Join(m.EntryKeys, ",") != "a,,,d" {
		t.Errorf("value %s keys %q", m.Value, m.EntryKeys)
	}
	if errs[0].Path != "/dataModelUpdate/contents/1/valueNumber" || errs[1].Path != "/dataModelUpdate/contents/2" ||
		errs[0].Code != CodeValidationFailed || errs[0].SurfaceID != "s" {
		t.Errorf("errors %+v %+v", *errs[0], *errs[1])
	}
	msgs, errs = NewDecoder().Decode([]byte(`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"b","valueNumber":"x"},{"key":"c"}]}}`))
	if len(msgs) != 0 || len(errs) != 1 || errs[0].Path != "/dataModelUpdate/contents/0/valueNumber" ||
		!strings.Contains(errs[0].Message, "/dataModelUpdate/contents/1: ") {
		t.Errorf("all entries bad: msgs %v errs %v", msgs, errs)
	}
}

// TestLiftV08 checks the v0.8 -> v0.9 component normalization prop by prop.
func TestLiftV08(t *testing.T) {
	tests := []struct {
		typ, props string
		wantType   string
		want       string // props as sorted JSON
	}{
		{"Text", `{"text":{"literalString":"Hi"},"usageHint":"h1"}`, "Text", `{"text":"Hi","variant":"h1"}`},
		{"Text", `{"text":{"path":"/a"}}`, "Text", `{"text":{"path":"/a"}}`},
		{"Text", `{"text":{"path":"/a","literalString":"init"}}`, "Text", `{"text":{"literal":"init","path":"/a"}}`},
		{"Text", `{"text":{"literalString":"{\"path\":\"/x\"}"}}`, "Text", `{"text":"{\"path\":\"/x\"}"}`},
		{"Text", `{"text":{}}`, "Text", `{"text":""}`},
		{"Text", `{"text":{"literal":"lit"}}`, "Text", `{"text":"lit"}`},
		{"Image", `{"url":{"literalString":"u"},"altText":{"literalString":"a"},"fit":"scale-down","usageHint":"avatar"}`, "Image", `{"description":"a","fit":"scaleDown","url":"u","variant":"avatar"}`},
		{"Row", `{"children":{"explicitList":["a","b"]},"distribution":"spaceBetween","alignment":"center"}`, "Row", `{"align":"center","children":["a","b"],"justify":"spaceBetween"}`},
		{"List", `{"children":{"template":{"componentId":"item","dataBinding":"/items"}},"alignment":"start","direction":"horizontal"}`, "List", `{"align":"start","children":{"componentId":"item","path":"/items"},"direction":"horizontal"}`},
		{"Tabs", `{"tabItems":[{"title":{"literalString":"A"},"child":"a"},{"title":{"path":"/t"},"child":"b"}]}`, "Tabs", `{"tabs":[{"child":"a","title":"A"},{"child":"b","title":{"path":"/t"}}]}`},
		{"Modal", `{"entryPointChild":"open","contentChild":"body"}`, "Modal", `{"content":"body","trigger":"open"}`},
		{"Button", `{"child":"l","primary":true,"action":{"name":"go","context":[{"key":"a","value":{"path":"/x"}},{"key":"b","value":{"literalNumber":1.5}},{"key":"c","value":{"literalBoolean":false}},{"key":"d","value":{"literalString":"s"}}]}}`, "Button", `{"action":{"event":{"context":{"a":{"path":"/x"},"b":1.5,"c":false,"d":"s"},"name":"go"}},"child":"l","variant":"primary"}`},
		{"Button", `{"child":"l","primary":false,"action":{"name":"go"}}`, "Button", `{"action":{"event":{"name":"go"}},"child":"l"}`},
		{"CheckBox", `{"label":{"literalString":"L"},"value":{"literalBoolean":true}}`, "CheckBox", `{"label":"L","value":true}`},
		{"CheckBox", `{"label":{"literalString":"L"},"value":{}}`, "CheckBox", `{"label":"L","value":false}`},
		{"TextField", `{"label":{"literalString":"L"},"text":{"path":"/v"},"textFieldType":"obscured","validationRegexp":"^a$"}`, "TextField", `{"label":"L","validationRegexp":"^a$","value":{"path":"/v"},"variant":"obscured"}`},
		{"TextField", `{"label":{"literalString":"D"},"text":{"path":"/d"},"textFieldType":"date"}`, "DateTimeInput", `{"enableDate":true,"label":"D","value":{"path":"/d"}}`},
		{"DateTimeInput", `{"value":{"path":"/t"},"enableDate":false,"enableTime":true}`, "DateTimeInput", `{"enableDate":false,"enableTime":true,"value":{"path":"/t"}}`},
		{"MultipleChoice", `{"selections":{"literalArray":["a"]},"options":[{"label":{"literalString":"A"},"value":"a"}],"maxAllowedSelections":1}`, "ChoicePicker", `{"options":[{"label":"A","value":"a"}],"value":["a"],"variant":"mutuallyExclusive"}`},
		{"MultipleChoice", `{"selections":{"path":"/s"},"options":[],"maxAllowedSelections":3,"variant":"chips","filterable":true}`, "ChoicePicker", `{"displayStyle":"chips","filterable":true,"options":[],"value":{"path":"/s"},"variant":"multipleSelection"}`},
		{"Slider", `{"value":{"literalNumber":5},"minValue":0,"maxValue":10,"label":{"literalString":"Vol"}}`, "Slider", `{"label":"Vol","max":10,"min":0,"value":5}`},
		{"Divider", `{"axis":"vertical"}`, "Divider", `{"axis":"vertical"}`},
		{"Card", `{"child":"c"}`, "Card", `{"child":"c"}`},
		{"Icon", `{"name":{"literalString":"star"}}`, "Icon", `{"name":"star"}`},
		{"Video", `{"url":{"path":"/v"}}`, "Video", `{"url":{"path":"/v"}}`},
		{"AudioPlayer", `{"url":{"literalString":"a.mp3"},"description":{"path":"/d"}}`, "AudioPlayer", `{"description":{"path":"/d"},"url":"a.mp3"}`},
		{"MyWidget", `{"title":{"literalString":"T"},"style":{},"config":{"a":1}}`, "MyWidget", `{"config":{"a":1},"style":{},"title":"T"}`},
	}
	for _, tt := range tests {
		line := `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"c","weight":2,"component":{"` + tt.typ + `":` + tt.props + `}}]}}`
		msgs, errs := NewDecoder().Decode([]byte(line))
		if len(errs) > 0 || len(msgs) != 1 {
			t.Fatalf("%s %s: %v", tt.typ, tt.props, errs)
		}
		c := msgs[0].(*UpdateComponents).Components[0]
		var want map[string]json.RawMessage
		if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
			t.Fatal(err)
		}
		want["weight"] = json.RawMessage("2")
		got, wantS := canon(t, c.Props), canon(t, want)
		if c.Type != tt.wantType || got != wantS {
			t.Errorf("%s %s:\n got %s %s\nwant %s %s", tt.typ, tt.props, c.Type, got, tt.wantType, wantS)
		}
	}
}

func TestDecodeFunctionMessages(t *testing.T) {
	msgs, errs := NewDecoder().Decode([]byte(`[` +
		`{"version":"v0.10","functionCallId":"f1","wantResponse":true,"callFunction":{"call":"openUrl","args":{"url":"https://example.com"},"returnType":"void","callableFrom":"clientOrRemote"}},` +
		`{"version":"v0.10","actionId":"a1","actionResponse":{"value":null}},` +
		`{"version":"v0.10","actionId":"a2","actionResponse":{"error":{"code":"E","message":"m"}}},` +
		`{"version":"v1.0","callRendererFunction":{"functionCallId":"f2","callFunction":{"call":"now","catalogId":"cat"}}},` +
		`{"version":"v1.0","agentFunctionResponse":{"functionCallId":"f3","value":[1]}}]`))
	if len(errs) > 0 || len(msgs) != 5 {
		t.Fatalf("%d messages, %v", len(msgs), errs)
	}
	cf := msgs[0].(*CallFunction)
	if cf.Version != V010 || cf.FunctionCallID != "f1" || cf.Name != "openUrl" || !cf.WantResponse || string(cf.Args["url"]) != `"https://example.com"` || cf.CallableFrom != "clientOrRemote" || cf.ReturnType != "void" {
		t.Errorf("callFunction: %+v", cf)
	}
	if ar := msgs[1].(*ActionResponse); ar.ActionID != "a1" || string(ar.Value) != "null" || ar.Error != nil {
		t.Errorf("actionResponse: %+v", ar)
	}
	if ar := msgs[2].(*ActionResponse); ar.Value != nil || ar.Error == nil || *ar.Error != (FunctionError{"E", "m"}) {
		t.Errorf("actionResponse error: %+v", ar)
	}
	if cr := msgs[3].(*CallFunction); cr.Version != V10 || cr.FunctionCallID != "f2" || cr.CatalogID != "cat" || !cr.WantResponse || cr.Args != nil {
		t.Errorf("callRendererFunction: %+v", cr)
	}
	if fr := msgs[4].(*FunctionResponse); fr.FunctionCallID != "f3" || string(fr.Value) != "[1]" {
		t.Errorf("agentFunctionResponse: %+v", fr)
	}
}

// canon renders v as JSON with every object's keys sorted.
func canon(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var g any
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return string(appendValue(nil, g))
}

// A v0.8 action context, a list of {key, value} (or an object), becomes the v0.9 object
// with its entries in the order written.
func TestV08ActionContextOrder(t *testing.T) {
	for _, ctx := range []string{
		`[{"key":"z","value":{"literalString":"1"}},{"key":"a","value":{"path":"/a"}},{"key":"m","value":{"literalNumber":3}}]`,
		`{"z":{"literalString":"1"},"a":{"path":"/a"},"m":{"literalNumber":3}}`,
	} {
		line := `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"b","component":{"Button":{"child":"l","action":{"name":"go","context":` + ctx + `}}}}]}}`
		msgs, errs := NewDecoder().Decode([]byte(line))
		if len(errs) > 0 || len(msgs) != 1 {
			t.Fatalf("%s: %v", ctx, errs)
		}
		got := string(msgs[0].(*UpdateComponents).Components[0].Props["action"])
		if want := `{"event":{"name":"go","context":{"z":"1","a":{"path":"/a"},"m":3}}}`; got != want {
			t.Errorf("%s:\n got  %s\n want %s", ctx, got, want)
		}
	}
}
