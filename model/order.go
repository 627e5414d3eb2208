package model

import (
	"sort"
	"strconv"
	"unsafe"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// Key order. A JavaScript object keeps its keys in insertion order (array-index keys
// first, ascending) and JSON.stringify writes them so; a Go map has no order. The model
// records, beside the tree, the stream order of every object an agent sent (decoded with
// jsonscan.ParseOrdered), appends keys that later writes add and removes deleted ones.
// Objects it has no record of (written through the Go API, auto-created by a path) list
// their keys sorted, with keys added later after them. AppendJSON writes with this order;
// formatString uses it to render objects as JavaScript would.
//
// Records are keyed by the map's identity and hold the map, so a record never outlives
// its map's address. Records of maps that left the tree are dropped in batches: when the
// table holds more records than the tree has nodes (plus slack), one walk keeps only the
// maps still reachable, so the work is amortized O(1) per removed object.

type orderRec struct {
	m    map[string]any
	keys []string
}

// orderSlack is how many stale records may pile up before a prune walk.
const orderSlack = 64

// mapID is the map's identity: a map value is a pointer to its runtime header, what
// reflect.Value.Pointer returns (reflect is kept out of the wasm).
func mapID(m map[string]any) uintptr { return uintptr(*(*unsafe.Pointer)(unsafe.Pointer(&m))) }

// parseOrdered decodes raw like jsonscan.Parse and returns the key orders of its objects,
// to hand to adoptOrder once the value is stored.
func parseOrdered(raw []byte) (any, []orderRec, error) { return parseOrderedPaused(raw, nil) }

// parseOrderedPaused is parseOrdered calling pause like jsonscan.ParseOrderedPaused.
func parseOrderedPaused(raw []byte, pause func()) (any, []orderRec, error) {
	var recs []orderRec
	var arena []string // the recorded keys share a few backing arrays
	v, err := jsonscan.ParseOrderedPaused(raw, func(m map[string]any, keys []string) {
		if !needsRecord(keys) {
			return
		}
		if cap(arena)-len(arena) < len(keys) {
			arena = make([]string, 0, max(64, 2*cap(arena), len(keys)))
		}
		start := len(arena)
		arena = append(arena, keys...)
		recs = append(recs, orderRec{m, arena[start:len(arena):len(arena)]})
	}, pause)
	return v, recs, err
}

// needsRecord reports whether keys (in stream order) differ from the order an object
// without a record is written in: ascending, with no array-index key (those go first,
// numerically). Most agent objects with one or two keys need none.
func needsRecord(keys []string) bool {
	if len(keys) < 2 {
		return false
	}
	for i, k := range keys {
		if i > 0 && keys[i-1] >= k {
			return true
		}
		if k != "" && k[0] >= '0' && k[0] <= '9' && isArrayIndex(k) {
			return true
		}
	}
	return false
}

// adoptOrder records the key orders of objects just stored in the tree.
func (d *DataModel) adoptOrder(recs []orderRec) {
	if len(recs) == 0 {
		return
	}
	if d.order == nil {
		d.order = make(map[uintptr]orderRec, len(recs))
	}
	for _, r := range recs {
		if len(r.keys) != len(r.m) { // the processor skipped over-cap entries after parsing
			kept := r.keys[:0]
			for _, k := range r.keys {
				if _, ok := r.m[k]; ok {
					kept = append(kept, k)
				}
			}
			r.keys = kept
		}
		d.order[mapID(r.m)] = r
	}
	d.pruneOrder()
}

// keyAdded notes that key was just added to m (it was absent before).
func (d *DataModel) keyAdded(m map[string]any, key string) {
	if len(m) < 2 {
		return
	}
	id := mapID(m)
	r, ok := d.order[id]
	if !ok {
		r = orderRec{m: m, keys: make([]string, 0, len(m))}
		for k := range m {
			if k != key {
				r.keys = append(r.keys, k)
			}
		}
		sort.Strings(r.keys)
		if d.order == nil {
			d.order = map[uintptr]orderRec{}
		}
		defer d.pruneOrder()
	}
	r.keys = append(r.keys, key)
	d.order[id] = r
}

// keyDeleted notes that key was removed from m.
func (d *DataModel) keyDeleted(m map[string]any, key string) {
	id := mapID(m)
	r, ok := d.order[id]
	if !ok {
		return
	}
	for i, k := range r.keys {
		if k == key {
			r.keys = append(r.keys[:i:i], r.keys[i+1:]...)
			break
		}
	}
	d.order[id] = r
}

// pruneOrder drops the records of maps no longer in the tree once they outnumber its nodes.
func (d *DataModel) pruneOrder() {
	if len(d.order) <= d.nodes+orderSlack {
		return
	}
	live := make(map[uintptr]orderRec, len(d.order)/2)
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if r, ok := d.order[mapID(x)]; ok {
				live[mapID(x)] = r
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(d.root)
	d.order = live
}

// Keys returns the keys of m, an object of this model, in JavaScript's order: array-index
// keys ascending, then the others in insertion order (see the file comment). nil means
// no record: sorted order.
func (d *DataModel) Keys(m map[string]any) []string {
	if d == nil {
		return nil
	}
	r, ok := d.order[mapID(m)]
	if !ok {
		return nil
	}
	nIdx := 0
	for _, k := range r.keys {
		if isArrayIndex(k) {
			nIdx++
		}
	}
	if nIdx == 0 {
		return r.keys
	}
	out := make([]string, 0, len(r.keys))
	for _, k := range r.keys {
		if isArrayIndex(k) {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, _ := strconv.ParseUint(out[i], 10, 32)
		b, _ := strconv.ParseUint(out[j], 10, 32)
		return a < b
	})
	for _, k := range r.keys {
		if !isArrayIndex(k) {
			out = append(out, k)
		}
	}
	return out
}

// InsertionKeys returns the keys of m, an object of this model, in the order they were
// added, array-index keys included (a JavaScript Map's order, which web_core's v0.8 model
// iterates in templates). nil means no record: sorted order. The slice is the model's
// own; callers must not modify it.
func (d *DataModel) InsertionKeys(m map[string]any) []string {
	if d == nil {
		return nil
	}
	if r, ok := d.order[mapID(m)]; ok {
		return r.keys
	}
	return nil
}

// isArrayIndex reports whether k is a canonical array index ("0", "17", < 2^32-1), the
// keys JavaScript orders first.
func isArrayIndex(k string) bool {
	if k == "" || len(k) > 10 || (k[0] == '0' && len(k) > 1) {
		return false
	}
	n, err := strconv.ParseUint(k, 10, 32)
	return err == nil && n < 1<<32-1
}

// AppendJSON appends v — the model's root or a value read from it — as compact JSON with
// every object's keys in JavaScript's order (Keys), the way JSON.stringify would write it
// in a JavaScript renderer.
func (d *DataModel) AppendJSON(b []byte, v any) []byte {
	return protocol.AppendJSONOrdered(b, v, d.Keys)
}
