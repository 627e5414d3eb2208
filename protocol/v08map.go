package protocol

import (
	"encoding/json"
	"strings"
)

// v0.8 data entries are written the way web_core's v0.8 model writes them
// (convertKeyValueArrayToMap, then setDataByPath for each entry): an entry's key is a
// path (v08path.go), so {"key":"chart.items[0].label",…} writes /chart/items/0/label
// into the map being built, and the maps made on the way are objects ({"0":{…}}), as
// web_core makes Maps. Maps made on the way and valueMaps take later entries; a string,
// number or boolean met on the way is replaced by a new map, as in web_core. JSON text
// (an object or array from a valueString, or a valueArray) met on the way is kept and the
// entry is reported and skipped (web_core drops such a write without a word).

// v08Map is a map being built from v0.8 entries: members in insertion order, a replaced
// member keeping its place (a JavaScript Map).
type v08Map struct {
	keys []string
	vals map[string]v08Val
}

// v08Val is a member value: a map still taking entries, or finished JSON.
type v08Val struct {
	m   *v08Map
	raw json.RawMessage
}

func newV08Map(n int) *v08Map {
	return &v08Map{keys: make([]string, 0, n), vals: make(map[string]v08Val, n)}
}

func (m *v08Map) put(k string, v v08Val) {
	if _, ok := m.vals[k]; !ok {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
}

// set writes v at segs (the segments of an entry key) and returns "" or why the entry
// cannot be written. No segments ("." or "") replaces the whole map by v, which must be a
// map (web_core ignores anything else).
func (m *v08Map) set(segs []string, v v08Val) string {
	if len(segs) == 0 {
		if v.m == nil {
			return "a key naming no member (\".\" among other entries) must hold a valueMap"
		}
		*m = *v.m
		return ""
	}
	cur := m
	for i, s := range segs[:len(segs)-1] {
		next, ok := cur.vals[s]
		if ok && next.m != nil {
			cur = next.m
			continue
		}
		if ok && (firstByte(next.raw) == '{' || firstByte(next.raw) == '[') {
			return "\"" + strings.Join(segs[:i+1], ".") + "\" holds JSON text, not a map the key can write into"
		}
		nm := newV08Map(1)
		cur.put(s, v08Val{m: nm})
		cur = nm
	}
	cur.put(segs[len(segs)-1], v)
	return ""
}

// json returns the JSON of v.
func (v v08Val) json() json.RawMessage {
	if v.m == nil {
		return v.raw
	}
	members := make([]kv, len(v.m.keys))
	for i, k := range v.m.keys {
		members[i] = kv{k, v.m.vals[k].json()}
	}
	return objectRaw(members)
}

// isMap reports whether v is a map (built, or JSON object text).
func (v v08Val) isMap() bool { return v.m != nil || firstByte(v.raw) == '{' }
