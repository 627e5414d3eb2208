//go:build js && wasm

package webhost

import "github.com/a2ui-go/a2ui/internal/third_party/safejs"

// pageClock reads performance.now(), the clock of DOM events' timeStamp
// (render.Options.PageClock); 0 when the page has none.
func pageClock() float64 {
	p, err := safejs.Global().Get("performance")
	if err != nil || p.Type() != safejs.TypeObject {
		return 0
	}
	v, err := p.Call("now")
	if err != nil || v.Type() != safejs.TypeNumber {
		return 0
	}
	f, _ := v.Float()
	return f
}
