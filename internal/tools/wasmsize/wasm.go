package main

import (
	"encoding/binary"
	"errors"
	"fmt"
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
	if len(b) < 8 || string(b[:4]) != "\x00asm" || binary.LittleEndian.Uint32(b[4:8]) != 1 {
		return nil, errors.New("not a wasm version 1 binary")
	}
	m := &Module{Sections: map[string]int{}, Total: len(b)}
	var names map[int]string
	r := &reader{b: b, off: 8}
	for r.off < len(b) {
		id := r.byte()
		size := int(r.u32())
		if r.err != nil {
			return nil, r.err
		}
		if size > len(b)-r.off {
			return nil, fmt.Errorf("section %d at %d: size %d past the end", id, r.off, size)
		}
		sec := &reader{b: b[:r.off+size], off: r.off}
		r.off += size
		name := "unknown"
		if int(id) < len(sectionNames) {
			name = sectionNames[id]
		}
		switch id {
		case 0:
			cname := sec.name()
			name = "custom:" + cname
			if cname == "name" {
				names = parseNames(sec)
			}
		case 2:
			m.Imports = parseImports(sec)
		case 10:
			n := int(sec.u32())
			for i := 0; i < n && sec.err == nil; i++ {
				start := sec.off
				body := int(sec.u32())
				sec.skip(body)
				m.Funcs = append(m.Funcs, Func{Index: m.Imports + i, Size: sec.off - start})
			}
		case 11:
			n := int(sec.u32())
			for i := 0; i < n && sec.err == nil; i++ {
				switch flag := sec.u32(); flag {
				case 0:
					sec.constExpr()
				case 1:
				case 2:
					sec.u32()
					sec.constExpr()
				default:
					sec.err = fmt.Errorf("data segment %d: flag %d", i, flag)
				}
				l := int(sec.u32())
				sec.skip(l)
				m.Data = append(m.Data, l)
			}
		}
		if sec.err != nil {
			return nil, fmt.Errorf("%s section: %w", name, sec.err)
		}
		m.Sections[name] += size
	}
	for i := range m.Funcs {
		m.Funcs[i].Name = names[m.Funcs[i].Index]
	}
	return m, nil
}

// parseImports returns the number of imported functions.
func parseImports(r *reader) int {
	funcs := 0
	n := int(r.u32())
	for i := 0; i < n && r.err == nil; i++ {
		r.name()
		r.name()
		switch kind := r.byte(); kind {
		case 0: // func: type index
			r.u32()
			funcs++
		case 1: // table: reftype, limits
			r.byte()
			r.limits()
		case 2: // memory: limits
			r.limits()
		case 3: // global: valtype, mutability
			r.byte()
			r.byte()
		case 4: // tag: attribute, type index
			r.byte()
			r.u32()
		default:
			r.err = fmt.Errorf("import %d: kind %d", i, kind)
		}
	}
	return funcs
}

// parseNames reads the function-names subsection (id 1) of the name section.
func parseNames(r *reader) map[int]string {
	names := map[int]string{}
	for r.off < len(r.b) && r.err == nil {
		id := r.byte()
		size := int(r.u32())
		end := r.off + size
		if id == 1 {
			n := int(r.u32())
			for i := 0; i < n && r.err == nil; i++ {
				idx := int(r.u32())
				names[idx] = r.name()
			}
		}
		if end > len(r.b) {
			r.err = errors.New("name subsection past the end")
			break
		}
		r.off = end
	}
	return names
}

type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if r.off >= len(r.b) {
		r.err = errors.New("unexpected end")
		return 0
	}
	c := r.b[r.off]
	r.off++
	return c
}

// u32 reads an unsigned LEB128.
func (r *reader) u32() uint32 {
	var v uint32
	for shift := uint(0); shift < 35; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= uint32(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
	r.err = errors.New("LEB128 too long")
	return 0
}

func (r *reader) skip(n int) {
	if r.err != nil {
		return
	}
	if n < 0 || n > len(r.b)-r.off {
		r.err = errors.New("unexpected end")
		return
	}
	r.off += n
}

func (r *reader) name() string {
	n := int(r.u32())
	start := r.off
	r.skip(n)
	if r.err != nil {
		return ""
	}
	return string(r.b[start:r.off])
}

func (r *reader) limits() {
	if r.byte()&1 != 0 {
		r.u32()
	}
	r.u32()
}

// constExpr skips an offset expression (the data segments' i32.const N; end).
func (r *reader) constExpr() {
	for r.err == nil {
		switch op := r.byte(); op {
		case 0x0b: // end
			return
		case 0x41, 0x42, 0x23: // i32.const, i64.const (signed LEB), global.get
			for r.err == nil && r.byte()&0x80 != 0 {
			}
		default:
			r.err = fmt.Errorf("offset expression: opcode %#x", op)
		}
	}
}
