package wasmftab

import (
	"encoding/binary"
	"errors"
	"fmt"
)

type section struct {
	id   byte
	name string // custom sections
	body []byte
	raw  []byte // id, size and body as read
}

func sections(b []byte) ([]section, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" || binary.LittleEndian.Uint32(b[4:8]) != 1 {
		return nil, errors.New("not a wasm module (version 1)")
	}
	var out []section
	r := &reader{b: b, i: 8}
	for r.i < len(b) && r.err == nil {
		start := r.i
		id := r.byte()
		n := r.uleb()
		if r.err != nil || n > uint64(len(b)-r.i) {
			return nil, fmt.Errorf("section at %d: truncated", start)
		}
		body := b[r.i : r.i+int(n)]
		r.i += int(n)
		s := section{id: id, body: body, raw: b[start:r.i]}
		if id == 0 {
			nr := &reader{b: body}
			l := nr.uleb()
			if nr.err == nil && l <= uint64(len(body)-nr.i) {
				s.name = string(body[nr.i : nr.i+int(l)])
			}
		}
		out = append(out, s)
	}
	return out, r.err
}

// segment is an active data segment of memory 0 at a constant offset (all the Go
// linker writes).
type segment struct {
	off  uint64
	data []byte
}

// size is the segment's encoded size.
func (s segment) size() int {
	return len(encodeSegment(nil, s))
}

func dataSegments(body []byte) ([]segment, error) {
	r := &reader{b: body}
	n := r.uleb()
	var segs []segment
	for i := uint64(0); i < n && r.err == nil; i++ {
		if flag := r.uleb(); flag != 0 {
			return nil, fmt.Errorf("data segment %d: flag %d, want an active segment of memory 0", i, flag)
		}
		if r.byte() != 0x41 { // i32.const
			return nil, fmt.Errorf("data segment %d: offset is not an i32.const", i)
		}
		off := r.uleb()
		if r.byte() != 0x0b {
			return nil, fmt.Errorf("data segment %d: offset expression not ended", i)
		}
		l := r.uleb()
		if r.err != nil || l > uint64(len(body)-r.i) {
			return nil, fmt.Errorf("data segment %d: truncated", i)
		}
		segs = append(segs, segment{off: off, data: body[r.i : r.i+int(l)]})
		r.i += int(l)
	}
	if r.err != nil || r.i != len(body) {
		return nil, errors.New("data section: malformed")
	}
	return segs, nil
}

func encodeSegment(out []byte, s segment) []byte {
	out = append(out, 0, 0x41)
	out = appendSleb(out, int64(s.off))
	out = append(out, 0x0b)
	out = appendUleb(out, uint64(len(s.data)))
	return append(out, s.data...)
}

func encodeSegments(segs []segment) []byte {
	out := appendUleb(nil, uint64(len(segs)))
	for _, s := range segs {
		out = encodeSegment(out, s)
	}
	return out
}

func appendSection(out []byte, id byte, body []byte) []byte {
	out = append(out, id)
	out = appendUleb(out, uint64(len(body)))
	return append(out, body...)
}

// memory is the initial linear memory the data segments describe (zero elsewhere),
// from the lowest segment's offset on.
type memory struct {
	base uint64
	b    []byte
}

func image(segs []segment) *memory {
	if len(segs) == 0 {
		return &memory{}
	}
	lo, hi := segs[0].off, uint64(0)
	for _, s := range segs {
		lo, hi = min(lo, s.off), max(hi, s.off+uint64(len(s.data)))
	}
	m := &memory{base: lo, b: make([]byte, hi-lo)}
	for _, s := range segs {
		copy(m.b[s.off-lo:], s.data)
	}
	return m
}

// read returns n bytes at addr (zero outside the image).
func (m *memory) read(addr, n uint64) []byte {
	out := make([]byte, n)
	if addr+n > m.base && addr < m.base+uint64(len(m.b)) {
		lo := max(addr, m.base)
		copy(out[lo-addr:], m.b[lo-m.base:min(addr+n, m.base+uint64(len(m.b)))-m.base])
	}
	return out
}

func (m *memory) u32(addr uint64) uint32 { return le32(m.read(addr, 4)) }
func (m *memory) u64(addr uint64) uint64 { return binary.LittleEndian.Uint64(m.read(addr, 8)) }

func le32(b []byte) uint32       { return binary.LittleEndian.Uint32(b) }
func putLE32(b []byte, v uint32) { binary.LittleEndian.PutUint32(b, v) }
func appendUleb(out []byte, v uint64) []byte {
	for v >= 0x80 {
		out = append(out, byte(v)|0x80)
		v >>= 7
	}
	return append(out, byte(v))
}

func appendSleb(out []byte, v int64) []byte {
	for {
		b := byte(v & 0x7f)
		v >>= 7
		if v == 0 && b&0x40 == 0 || v == -1 && b&0x40 != 0 {
			return append(out, b)
		}
		out = append(out, b|0x80)
	}
}

type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.err = errors.New("unexpected end")
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) uleb() uint64 {
	var v uint64
	for s := 0; s < 64; s += 7 {
		b := r.byte()
		v |= uint64(b&0x7f) << s
		if b < 0x80 {
			return v
		}
	}
	r.err = errors.New("LEB128 too long")
	return 0
}
