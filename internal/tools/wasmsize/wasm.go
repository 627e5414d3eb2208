package main

import (
	"errors"
	"fmt"

	"github.com/a2ui-go/a2ui/internal/wasmbin"
)

// Module is what the size report needs from a wasm binary: each defined
// function's body size and name, and the data segments' sizes.
type Module struct {
	Funcs   []Func // defined functions, in code-section order
	Data    []int  // byte length of each data segment
	Imports int    // imported functions (they come first in the function index space)
	// Sections maps a section's name ("code", "data", "custom:name", ...) to its size.
	Sections map[string]int
	Total    int // file size
}

// Func is one code-section entry.
type Func struct {
	Index int    // function index (imports included)
	Name  string // from the name section; "" when stripped
	Size  int    // body bytes, size prefix included
}

var sectionNames = [...]string{"custom", "type", "import", "function", "table", "memory",
	"global", "export", "start", "element", "code", "data", "datacount", "tag"}

// Parse reads a wasm binary (version 1).
func Parse(b []byte) (*Module, error) {
	secs, err := wasmbin.Sections(b)
	if err != nil {
		return nil, err
	}
	m := &Module{Sections: map[string]int{}, Total: len(b)}
	var names map[int]string
	for _, s := range secs {
		sec := &wasmbin.Reader{B: s.Body}
		name := "unknown"
		if int(s.ID) < len(sectionNames) {
			name = sectionNames[s.ID]
		}
		switch s.ID {
		case 0:
			name = "custom:" + sec.Name()
			if s.Name == "name" {
				names = parseNames(sec)
			}
		case 2:
			m.Imports = parseImports(sec)
		case 10:
			n := int(sec.U32())
			for i := 0; i < n && sec.Err == nil; i++ {
				start := sec.Off
				sec.Skip(int(sec.U32()))
				m.Funcs = append(m.Funcs, Func{Index: m.Imports + i, Size: sec.Off - start})
			}
		case 11:
			n := int(sec.U32())
			for i := 0; i < n && sec.Err == nil; i++ {
				switch flag := sec.U32(); flag {
				case 0:
					sec.ConstExpr()
				case 1:
				case 2:
					sec.U32()
					sec.ConstExpr()
				default:
					sec.Err = fmt.Errorf("data segment %d: flag %d", i, flag)
				}
				l := int(sec.U32())
				sec.Skip(l)
				m.Data = append(m.Data, l)
			}
		}
		if sec.Err != nil {
			return nil, fmt.Errorf("%s section: %w", name, sec.Err)
		}
		m.Sections[name] += len(s.Body)
	}
	for i := range m.Funcs {
		m.Funcs[i].Name = names[m.Funcs[i].Index]
	}
	return m, nil
}

// parseImports returns the number of imported functions.
func parseImports(r *wasmbin.Reader) int {
	funcs := 0
	n := int(r.U32())
	for i := 0; i < n && r.Err == nil; i++ {
		r.Name()
		r.Name()
		switch kind := r.Byte(); kind {
		case 0: // func: type index
			r.U32()
			funcs++
		case 1: // table: reftype, limits
			r.Byte()
			r.Limits()
		case 2: // memory: limits
			r.Limits()
		case 3: // global: valtype, mutability
			r.Byte()
			r.Byte()
		case 4: // tag: attribute, type index
			r.Byte()
			r.U32()
		default:
			r.Err = fmt.Errorf("import %d: kind %d", i, kind)
		}
	}
	return funcs
}

// parseNames reads the function-names subsection (id 1) of the name section.
func parseNames(r *wasmbin.Reader) map[int]string {
	names := map[int]string{}
	for r.Off < len(r.B) && r.Err == nil {
		id := r.Byte()
		size := int(r.U32())
		end := r.Off + size
		if id == 1 {
			n := int(r.U32())
			for i := 0; i < n && r.Err == nil; i++ {
				idx := int(r.U32())
				names[idx] = r.Name()
			}
		}
		if end > len(r.B) {
			r.Err = errors.New("name subsection past the end")
			break
		}
		r.Off = end
	}
	return names
}
