package catalog

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/model"
)

func TestRedact(t *testing.T) {
	u := newUIState()
	for _, p := range []string{"/a/pin", "/list/1/pin", "/x"} {
		u.markSecret(model.MustPointer(p))
	}
	v := map[string]any{"a": map[string]any{"pin": "1", "k": "v"}, "list": []any{map[string]any{"pin": "0"}, map[string]any{"pin": "1", "n": 2.0}}, "x": "s", "y": "t"}
	got, _ := json.Marshal(u.Redact(nil, v))
	if string(got) != `{"a":{"k":"v"},"list":[{"pin":"0"},{"n":2}],"y":"t"}` {
		t.Errorf("Redact = %s", got)
	}
	if orig, _ := json.Marshal(v); !strings.Contains(string(orig), `"pin":"1"`) {
		t.Error("input modified")
	}
	sub, _ := json.Marshal(u.Redact(model.MustPointer("/a"), v["a"]))
	if string(sub) != `{"k":"v"}` {
		t.Errorf("Redact(/a) = %s", sub)
	}
}
