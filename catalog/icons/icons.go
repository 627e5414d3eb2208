package icons

import "sort"

type icon struct {
	name  string
	paths []string
}

// ViewBox is the coordinate box of every embedded icon.
const ViewBox = "0 0 24 24"

// Lookup returns the path data ("d" attributes) of the icon called name. Catalog names are
// camelCase ("accountCircle") and Material names snake_case ("account_circle"); both are
// accepted. Names without an embedded icon return ok == false. The returned slice is
// shared: do not modify it. Safe for concurrent use.
func Lookup(name string) (paths []string, ok bool) {
	n := SnakeCase(name)
	i := sort.Search(len(table), func(i int) bool { return table[i].name >= n })
	if i < len(table) && table[i].name == n {
		return table[i].paths, true
	}
	return nil, false
}

// Names returns the embedded icon names (snake_case, sorted).
func Names() []string {
	out := make([]string, len(table))
	for i := range table {
		out[i] = table[i].name
	}
	return out
}

// SnakeCase converts a camelCase icon name to snake_case ("moreVert" → "more_vert").
// Names that are already snake_case or lowercase come back unchanged.
func SnakeCase(name string) string {
	upper := false
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= 'A' && c <= 'Z' {
			upper = true
			break
		}
	}
	if !upper {
		return name
	}
	b := make([]byte, 0, len(name)+4)
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && name[i-1] != '_' {
				b = append(b, '_')
			}
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}
