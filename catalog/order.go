package catalog

import (
	"unsafe"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// Key order of action contexts. An action's context reaches the agent (and the page's
// a2ui-action event) with its entries in the order the component declared them, then
// the members an element's event added, in the event's order; objects inside keep the
// order they had: a literal its component's, a data-model value the model's, an event
// detail the element's.

// Orders records the key order of objects by identity (a decoded object has no order
// of its own). Each record holds its object, so an identity is never reused while
// recorded.
type Orders struct {
	recs map[uintptr]ordered
}

type ordered struct {
	m    map[string]any
	keys []string
}

// mapID is m's identity: a map value is a pointer to its runtime header (reflect is
// kept out of the wasm).
func mapID(m map[string]any) uintptr { return uintptr(*(*unsafe.Pointer)(unsafe.Pointer(&m))) }

// Record notes keys (copied) as m's order.
func (o *Orders) Record(m map[string]any, keys []string) {
	if o.recs == nil {
		o.recs = map[uintptr]ordered{}
	}
	o.recs[mapID(m)] = ordered{m, append([]string(nil), keys...)}
}

// Keys returns m's recorded order, or nil.
func (o *Orders) Keys(m map[string]any) []string {
	if o == nil {
		return nil
	}
	return o.recs[mapID(m)].keys
}

// ParseOrdered decodes raw JSON like jsonscan.Parse, recording the order of its objects.
func (o *Orders) ParseOrdered(raw []byte) (any, error) {
	return jsonscan.ParseOrdered(raw, o.Record)
}

// firstKeys returns the order function that asks each of fns in turn (nil ones
// skipped) and takes the first answer.
func firstKeys(fns ...func(map[string]any) []string) func(map[string]any) []string {
	return func(m map[string]any) []string {
		for _, f := range fns {
			if f == nil {
				continue
			}
			if k := f(m); k != nil {
				return k
			}
		}
		return nil
	}
}
