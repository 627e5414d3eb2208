// Command wasmsize attributes a wasm binary's code bytes to Go packages and
// functions (make size-report). The wasm must be built without -s, so that the
// linker writes the name section; -base compares with an older build.
//
//	wasmsize [-top N] [-deps PKGLIST] [-base OLD.wasm] A.wasm
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("top", 15, "rows in each table")
	base := flag.String("base", "", "older wasm to compare with (adds a delta column)")
	deps := flag.String("deps", "", "file listing the linked packages' import paths (go list -deps)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] [-deps PKGLIST] [-base OLD.wasm] A.wasm")
		os.Exit(2)
	}
	m, err := load(flag.Arg(0))
	if err == nil {
		var b *Module
		if *base != "" {
			b, err = load(*base)
		}
		var pkgs []string
		if err == nil && *deps != "" {
			var raw []byte
			raw, err = os.ReadFile(*deps)
			pkgs = strings.Split(string(raw), "\n")
		}
		if err == nil {
			err = report(os.Stdout, m, b, NewPackages(pkgs), *top)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

func load(path string) (*Module, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// The linker writes names with every byte outside [A-Za-z0-9_.] replaced by '_'
// ("github.com/x/y.(*T).M" -> "github.com_x_y.__T_.M"), so a name's package is found
// by the longest known package path, mangled the same way, that prefixes it.
func mangle(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}

// Packages attributes mangled function names to packages.
type Packages struct{ mangled map[string]string }

// NewPackages knows the import paths pkgs (go list -deps output).
func NewPackages(pkgs []string) *Packages {
	p := &Packages{mangled: map[string]string{}}
	for _, s := range pkgs {
		if s = strings.TrimSpace(s); s != "" {
			p.mangled[mangle(s)] = s
		}
	}
	return p
}

// Of returns the package of a mangled name: the longest known package whose mangled
// path is followed by '.'; else the name up to its first '.' after the last '_'-free
// prefix ("type_.eq.X" -> "type_"); names without '.' are "(runtime asm)".
func (p *Packages) Of(name string) string {
	for i := len(name) - 1; i > 0; i-- {
		if name[i] == '.' {
			if pkg, ok := p.mangled[name[:i]]; ok {
				return pkg
			}
		}
	}
	if i := strings.IndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return "(runtime asm)"
}

type row struct {
	name       string
	size, base int
}

func sums(m *Module, key func(Func) string) map[string]int {
	out := map[string]int{}
	if m != nil {
		for _, f := range m.Funcs {
			out[key(f)] += f.Size
		}
	}
	return out
}

func rows(m, b *Module, key func(Func) string) []row {
	cur, old := sums(m, key), sums(b, key)
	var rs []row
	for k, v := range cur {
		rs = append(rs, row{k, v, old[k]})
	}
	for k, v := range old {
		if _, ok := cur[k]; !ok {
			rs = append(rs, row{k, 0, v})
		}
	}
	sort.Slice(rs, func(i, j int) bool {
		if rs[i].size != rs[j].size {
			return rs[i].size > rs[j].size
		}
		return rs[i].name < rs[j].name
	})
	return rs
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func report(w io.Writer, m, b *Module, pkgs *Packages, top int) error {
	if len(m.Funcs) > 0 && m.Funcs[0].Name == "" {
		return fmt.Errorf("no name section (built with -s?)")
	}
	code := 0
	for _, f := range m.Funcs {
		code += f.Size
	}
	fmt.Fprintf(w, "wasm %d bytes: code %d (%d functions), data %d (%d segments)", m.Total, code, len(m.Funcs), sum(m.Data), len(m.Data))
	if b != nil {
		bcode := 0
		for _, f := range b.Funcs {
			bcode += f.Size
		}
		fmt.Fprintf(w, "\nbase %d bytes: code %d (%d functions), data %d", b.Total, bcode, len(b.Funcs), sum(b.Data))
	}
	fmt.Fprintln(w)
	table := func(title string, rs []row) {
		fmt.Fprintf(w, "\n%s\n", title)
		if b != nil {
			fmt.Fprintf(w, "%10s %10s %9s  %s\n", "bytes", "base", "delta", "name")
		} else {
			fmt.Fprintf(w, "%10s %6s  %s\n", "bytes", "%code", "name")
		}
		for i, r := range rs {
			if i == top {
				rest, restBase := 0, 0
				for _, r := range rs[i:] {
					rest += r.size
					restBase += r.base
				}
				r = row{fmt.Sprintf("(%d more)", len(rs)-i), rest, restBase}
			}
			if b != nil {
				fmt.Fprintf(w, "%10d %10d %+9d  %s\n", r.size, r.base, r.size-r.base, r.name)
			} else {
				fmt.Fprintf(w, "%10d %5.1f%%  %s\n", r.size, 100*float64(r.size)/float64(code), r.name)
			}
			if i == top {
				break
			}
		}
	}
	table("top packages by code bytes", rows(m, b, func(f Func) string { return pkgs.Of(f.Name) }))
	table("top functions by code bytes", rows(m, b, func(f Func) string { return f.Name }))
	if b != nil {
		// The packages that changed most, either way.
		rs := rows(m, b, func(f Func) string { return pkgs.Of(f.Name) })
		sort.SliceStable(rs, func(i, j int) bool { return abs(rs[i].size-rs[i].base) > abs(rs[j].size-rs[j].base) })
		table("packages by change", rs)
	}
	names := make([]string, 0, len(m.Sections))
	for k := range m.Sections {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return m.Sections[names[i]] > m.Sections[names[j]] })
	fmt.Fprintln(w, "\nsections")
	for _, k := range names {
		fmt.Fprintf(w, "%10d  %s\n", m.Sections[k], k)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
