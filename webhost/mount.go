//go:build js && wasm

package webhost

import (
	"github.com/a2ui-go/a2ui/internal/mountopts"
	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
	"github.com/a2ui-go/a2ui/policy"
)

// mountOptions reads the options of __a2uiGo.create: one JSON string (plain data, what
// a worker can be sent), or an object, which the page's JSON.stringify makes that string
// first (web/a2ui.js passes one). mountopts.Parse checks it.
func mountOptions(v safejs.Value) (*mountopts.Options, error) {
	var s string
	switch v.Type() {
	case safejs.TypeString:
		s, _ = v.String()
	case safejs.TypeObject:
		j, err := safejs.Global().Get("JSON")
		var out safejs.Value
		if err == nil {
			out, err = j.Call("stringify", v)
		}
		if err != nil {
			return nil, &mountopts.Error{Code: policy.Code, Message: "the options cannot be made JSON: " + err.Error()}
		}
		s, _ = out.String()
	}
	return mountopts.Parse([]byte(s))
}

// refused is createRenderer's answer when an option is refused: {error, code}, which the
// loader shows (the renderer fails closed).
func refused(err error) any {
	e, ok := err.(*mountopts.Error)
	if !ok {
		e = &mountopts.Error{Code: policy.Code, Message: err.Error()}
	}
	obj, _ := safejs.ValueOf(map[string]any{"error": e.Message, "code": e.Code})
	return obj
}
