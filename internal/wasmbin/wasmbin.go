package wasmbin

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Reader reads a binary's primitives from B at Off. The first error sticks: later reads
// return zero values.
type Reader struct {
	B   []byte
	Off int
	Err error
}

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if r.Err != nil {
		return 0
	}
	if r.Off >= len(r.B) {
		r.Err = errors.New("unexpected end")
		return 0
	}
	c := r.B[r.Off]
	r.Off++
	return c
}

// U32 reads an unsigned LEB128 of at most 32 bits.
func (r *Reader) U32() uint32 {
	var v uint32
	for shift := uint(0); shift < 35; shift += 7 {
		c := r.Byte()
		if r.Err != nil {
			return 0
		}
		v |= uint32(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
	r.Err = errors.New("LEB128 too long")
	return 0
}

// Skip skips n bytes.
func (r *Reader) Skip(n int) {
	if r.Err != nil {
		return
	}
	if n < 0 || n > len(r.B)-r.Off {
		r.Err = errors.New("unexpected end")
		return
	}
	r.Off += n
}

// Bytes reads n bytes (a subslice of B).
func (r *Reader) Bytes(n int) []byte {
	start := r.Off
	r.Skip(n)
	if r.Err != nil {
		return nil
	}
	return r.B[start:r.Off]
}

// Name reads a length-prefixed name.
func (r *Reader) Name() string { return string(r.Bytes(int(r.U32()))) }

// Limits skips a table's or memory's limits.
func (r *Reader) Limits() {
	if r.Byte()&1 != 0 {
		r.U32()
	}
	r.U32()
}

// ConstExpr skips an offset expression (a data segment's i32.const N; end).
func (r *Reader) ConstExpr() {
	for r.Err == nil {
		switch op := r.Byte(); op {
		case 0x0b: // end
			return
		case 0x41, 0x42, 0x23: // i32.const, i64.const (signed LEB), global.get
			for r.Err == nil && r.Byte()&0x80 != 0 {
			}
		default:
			r.Err = fmt.Errorf("offset expression: opcode %#x", op)
		}
	}
}

// Section is one section of a binary.
type Section struct {
	ID   byte
	Name string // a custom section's name
	Body []byte // after the size (a custom section's name included)
	Raw  []byte // id, size and body, as in the binary
}

// Sections splits a binary (version 1) into its sections.
func Sections(b []byte) ([]Section, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" || binary.LittleEndian.Uint32(b[4:8]) != 1 {
		return nil, errors.New("not a wasm module (version 1)")
	}
	var out []Section
	r := &Reader{B: b, Off: 8}
	for r.Off < len(b) {
		start := r.Off
		id := r.Byte()
		size := int(r.U32())
		if r.Err != nil {
			return nil, fmt.Errorf("section at %d: truncated (%w)", start, r.Err)
		}
		if size > len(b)-r.Off {
			return nil, fmt.Errorf("section %d at %d: truncated (size %d past the end)", id, start, size)
		}
		s := Section{ID: id, Body: b[r.Off : r.Off+size]}
		r.Off += size
		s.Raw = b[start:r.Off]
		if id == 0 {
			s.Name = (&Reader{B: s.Body}).Name()
		}
		out = append(out, s)
	}
	return out, nil
}

// AppendU32 appends v as an unsigned LEB128.
func AppendU32(out []byte, v uint32) []byte {
	for v >= 0x80 {
		out = append(out, byte(v)|0x80)
		v >>= 7
	}
	return append(out, byte(v))
}

// AppendS32 appends v as a signed LEB128 (an i32.const's operand).
func AppendS32(out []byte, v int32) []byte {
	for {
		b := byte(v & 0x7f)
		v >>= 7
		if v == 0 && b&0x40 == 0 || v == -1 && b&0x40 != 0 {
			return append(out, b)
		}
		out = append(out, b|0x80)
	}
}

// AppendSection appends a section of id with body.
func AppendSection(out []byte, id byte, body []byte) []byte {
	out = append(out, id)
	out = AppendU32(out, uint32(len(body)))
	return append(out, body...)
}
