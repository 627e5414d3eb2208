package wasmftab

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/a2ui-go/a2ui/internal/wasmbin"
)

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
	r := &wasmbin.Reader{B: body}
	n := r.U32()
	var segs []segment
	for i := uint32(0); i < n && r.Err == nil; i++ {
		if flag := r.U32(); flag != 0 {
			return nil, fmt.Errorf("data segment %d: flag %d, want an active segment of memory 0", i, flag)
		}
		if r.Byte() != 0x41 { // i32.const
			return nil, fmt.Errorf("data segment %d: offset is not an i32.const", i)
		}
		off := r.U32() // a signed LEB128: offsets below 2^31 read the same
		if r.Byte() != 0x0b {
			return nil, fmt.Errorf("data segment %d: offset expression not ended", i)
		}
		data := r.Bytes(int(r.U32()))
		if r.Err != nil {
			return nil, fmt.Errorf("data segment %d: truncated", i)
		}
		segs = append(segs, segment{off: uint64(off), data: data})
	}
	if r.Err != nil || r.Off != len(body) {
		return nil, errors.New("data section: malformed")
	}
	return segs, nil
}

func encodeSegment(out []byte, s segment) []byte {
	out = append(out, 0, 0x41)
	out = wasmbin.AppendS32(out, int32(s.off))
	out = append(out, 0x0b)
	out = wasmbin.AppendU32(out, uint32(len(s.data)))
	return append(out, s.data...)
}

func encodeSegments(segs []segment) []byte {
	out := wasmbin.AppendU32(nil, uint32(len(segs)))
	for _, s := range segs {
		out = encodeSegment(out, s)
	}
	return out
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

// at returns the n bytes at addr, without copying when the image holds them all.
func (m *memory) at(addr, n uint64) []byte {
	if addr >= m.base && addr+n <= m.base+uint64(len(m.b)) {
		return m.b[addr-m.base : addr-m.base+n]
	}
	return m.read(addr, n)
}

func (m *memory) u32(addr uint64) uint32 { return le32(m.at(addr, 4)) }
func (m *memory) u64(addr uint64) uint64 { return binary.LittleEndian.Uint64(m.at(addr, 8)) }

func le32(b []byte) uint32       { return binary.LittleEndian.Uint32(b) }
func putLE32(b []byte, v uint32) { binary.LittleEndian.PutUint32(b, v) }
