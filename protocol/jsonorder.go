package protocol

import "sort"

// AppendJSONOrdered is AppendJSON writing each map[string]any's members in the order
// keys(m) gives (as JavaScript's JSON.stringify writes an object's keys in its own order):
// names keys lists that m lacks are skipped, members it does not list follow in sorted
// order; keys returning nil means sorted order. Other values are written as AppendJSON
// writes them.
func AppendJSONOrdered(b []byte, v any, keys func(map[string]any) []string) []byte {
	switch x := v.(type) {
	case map[string]any:
		order := keys(x)
		if order == nil {
			order = keysSorted(x, nil)
		}
		b = append(b, '{')
		n := 0
		for _, k := range order {
			e, ok := x[k]
			if !ok {
				continue
			}
			b = appendMember(b, n, k, e, keys)
			n++
		}
		if n < len(x) { // members the order does not list
			listed := make(map[string]bool, len(order))
			for _, k := range order {
				listed[k] = true
			}
			for _, k := range keysSorted(x, listed) {
				b = appendMember(b, n, k, x[k], keys)
				n++
			}
		}
		return append(b, '}')
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendJSONOrdered(b, e, keys)
		}
		return append(b, ']')
	}
	return appendValue(b, v)
}

func appendMember(b []byte, n int, k string, v any, keys func(map[string]any) []string) []byte {
	if n > 0 {
		b = append(b, ',')
	}
	b = appendString(b, k)
	b = append(b, ':')
	return AppendJSONOrdered(b, v, keys)
}

// keysSorted returns m's keys not in skip, sorted.
func keysSorted(m map[string]any, skip map[string]bool) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		if !skip[k] {
			ks = append(ks, k)
		}
	}
	sort.Strings(ks)
	return ks
}
