// Package wasmftab moves the Go runtime's findfunctab out of a GOOS=js wasm's data
// section into a compact custom section, which web/a2ui.js expands into the instance's
// memory before the Go runtime starts. It runs after the link (make build, through
// internal/tools/wasmftab) and is not linked into the wasm.
//
// On wasm a Go "PC" is the function index << 16, so the table that maps a PC to its
// function (20 bytes per 4,096 PCs) spans 1.6 MB of memory, almost all of it zero; the
// linker writes its few non-zero bytes as some 80,000 data segments, 800 KB of the file
// (80 KB brotli). Its records repeat (a function covers 16 buckets, the next one has
// the next idx), so a few groups of equal runs of equal records describe it in bytes.
//
// Pack finds the table through the runtime's pcHeader and moduledata (Go 1.20+ layout,
// 64-bit), checks that the module it writes gives back the original memory image byte
// for byte, and fails rather than write one it cannot prove equal.
package wasmftab

import (
	"errors"
	"fmt"

	"github.com/a2ui-go/a2ui/internal/wasmbin"
)

// SectionName is the custom section the loader reads.
const SectionName = "a2ui.findfunctab"

const (
	version    = 1
	recordSize = 20   // runtime.findfuncbucket: idx uint32, subbuckets [16]byte
	bucketSize = 4096 // abi.FuncTabBucketSize
	magic      = 0xfffffff1
)

// Stats says what Pack moved.
type Stats struct {
	Buckets, Segments, SegmentBytes, Runs, SectionBytes int
}

// Pack returns the module with the findfunctab's data segments removed and the
// custom section SectionName appended.
func Pack(wasm []byte) ([]byte, Stats, error) {
	var st Stats
	secs, err := wasmbin.Sections(wasm)
	if err != nil {
		return nil, st, err
	}
	di := -1
	for i, s := range secs {
		if s.ID == 11 {
			di = i
		}
		if s.ID == 0 && s.Name == SectionName {
			return nil, st, errors.New("already packed")
		}
	}
	if di < 0 {
		return nil, st, errors.New("no data section")
	}
	segs, err := dataSegments(secs[di].Body)
	if err != nil {
		return nil, st, err
	}
	mem := image(segs)
	addr, n, err := findFuncTab(mem)
	if err != nil {
		return nil, st, err
	}
	lo, hi := addr, addr+uint64(n)*recordSize
	table := mem.read(lo, hi-lo)
	var kept []segment
	for _, s := range segs {
		end := s.off + uint64(len(s.data))
		switch {
		case end <= lo || s.off >= hi:
			kept = append(kept, s)
		case s.off >= lo && end <= hi:
			st.Segments++
			st.SegmentBytes += s.size()
		default: // keep the parts outside the table
			st.Segments++
			st.SegmentBytes += s.size()
			if s.off < lo {
				kept = append(kept, segment{off: s.off, data: s.data[:lo-s.off]})
			}
			if end > hi {
				kept = append(kept, segment{off: hi, data: s.data[hi-s.off:]})
			}
		}
	}
	runs := tableRuns(table)
	sec := wasmbin.AppendU32([]byte{version}, uint32(addr))
	sec = wasmbin.AppendU32(sec, uint32(n))
	sec = append(sec, encodeRuns(runs)...)
	if got, err := Expand(sec); err != nil || got.Addr != addr || string(got.Table) != string(table) {
		return nil, st, fmt.Errorf("the runs do not give the table back (%v)", err)
	}
	// The kept segments with the table written back must be the memory the module had.
	rebuilt := image(kept).read(mem.base, uint64(len(mem.b)))
	copy(rebuilt[lo-mem.base:], table)
	if string(rebuilt) != string(mem.b) {
		return nil, st, errors.New("repacked data differs from the original memory image")
	}
	st.Buckets, st.SectionBytes = n, len(sec)
	st.Runs = len(runs)

	out := append([]byte{}, wasm[:8]...)
	for i, s := range secs {
		if i == di {
			out = wasmbin.AppendSection(out, 11, encodeSegments(kept))
			continue
		}
		out = append(out, s.Raw...)
	}
	custom := wasmbin.AppendU32(nil, uint32(len(SectionName)))
	custom = append(custom, SectionName...)
	custom = append(custom, sec...)
	out = wasmbin.AppendSection(out, 0, custom)
	return out, st, nil
}

// findFuncTab finds runtime.firstmoduledata through the pcHeader it points to and
// returns its findfunctab address and bucket count.
func findFuncTab(mem *memory) (addr uint64, buckets int, err error) {
	var found []uint64
	for o := (mem.base + 7) &^ 7; o+72 <= mem.base+uint64(len(mem.b)); o += 8 {
		if mem.u32(o) == magic && mem.u32(o+4) == 0x08010000 { // pad1, pad2 0; minLC 1; ptrSize 8
			found = append(found, o)
		}
	}
	for _, pch := range found {
		nfunc := mem.u64(pch + 8)
		funcnameOff := mem.u64(pch + 32)
		for o := (mem.base + 7) &^ 7; o+184 <= mem.base+uint64(len(mem.b)); o += 8 {
			if mem.u64(o) != pch || mem.u64(o+8) != pch+funcnameOff {
				continue
			}
			// moduledata: pcHeader, 6 slices (ftab the last, at 128), findfunctab at
			// 152, minpc 160, maxpc 168.
			ftabLen := mem.u64(o + 136)
			ffb, minpc, maxpc := mem.u64(o+152), mem.u64(o+160), mem.u64(o+168)
			if ftabLen != nfunc+1 || maxpc <= minpc || ffb == 0 {
				continue
			}
			if addr != 0 {
				return 0, 0, errors.New("two moduledata candidates")
			}
			addr, buckets = ffb, int((maxpc-minpc+bucketSize-1)/bucketSize)
		}
	}
	if addr == 0 {
		return 0, 0, errors.New("no Go 1.20+ pcHeader/moduledata found (not a Go wasm?)")
	}
	return addr, buckets, nil
}

// A run is a stretch of equal records: count, the idx delta from the previous run
// (records' idx never decrease) and the subbucket bytes.
type run struct {
	count, delta uint32
	sub          [16]byte
}

func tableRuns(table []byte) []run {
	var runs []run
	prev := uint32(0)
	for i := 0; i < len(table); {
		j := i + recordSize
		for j < len(table) && string(table[j:j+recordSize]) == string(table[i:i+recordSize]) {
			j += recordSize
		}
		r := run{count: uint32((j - i) / recordSize), delta: le32(table[i:]) - prev}
		copy(r.sub[:], table[i+4:i+recordSize])
		prev += r.delta
		runs = append(runs, r)
		i = j
	}
	return runs
}

// encodeRuns writes the runs as groups of equal runs (on wasm nearly all runs are
// 16 buckets, idx + 1): repeat, count, delta, a 16-bit mask of the non-zero
// subbuckets, their bytes.
func encodeRuns(runs []run) []byte {
	var groups [][2]int // first run, repeat
	for i, r := range runs {
		if i > 0 && r == runs[i-1] {
			groups[len(groups)-1][1]++
			continue
		}
		groups = append(groups, [2]int{i, 1})
	}
	out := wasmbin.AppendU32(nil, uint32(len(groups)))
	for _, g := range groups {
		r := runs[g[0]]
		out = wasmbin.AppendU32(out, uint32(g[1]))
		out = wasmbin.AppendU32(out, r.count)
		out = wasmbin.AppendU32(out, r.delta)
		mask := 0
		for k, b := range r.sub {
			if b != 0 {
				mask |= 1 << k
			}
		}
		out = append(out, byte(mask), byte(mask>>8))
		for _, b := range r.sub {
			if b != 0 {
				out = append(out, b)
			}
		}
	}
	return out
}

// Expanded is a decoded SectionName section.
type Expanded struct {
	Addr  uint64
	Table []byte
}

// Expand decodes a SectionName section's contents the way web/a2ui.js does.
func Expand(sec []byte) (Expanded, error) {
	r := &wasmbin.Reader{B: sec}
	if r.Byte() != version {
		return Expanded{}, errors.New("unknown version")
	}
	addr, n, groups := uint64(r.U32()), uint64(r.U32()), r.U32()
	if r.Err != nil || n > 1<<24 {
		return Expanded{}, errors.New("bad header")
	}
	table := make([]byte, 0, n*recordSize)
	idx := uint32(0)
	for ; groups > 0 && r.Err == nil; groups-- {
		repeat, count, delta := uint64(r.U32()), uint64(r.U32()), r.U32()
		mask := int(r.Byte()) | int(r.Byte())<<8
		var rec [recordSize]byte
		for k := 0; k < 16; k++ {
			if mask&(1<<k) != 0 {
				rec[4+k] = r.Byte()
			}
		}
		if count > n || repeat > n || repeat*count > n-uint64(len(table))/recordSize {
			return Expanded{}, errors.New("runs beyond the table")
		}
		for ; repeat > 0; repeat-- {
			idx += delta
			putLE32(rec[:], idx)
			for c := count; c > 0; c-- {
				table = append(table, rec[:]...)
			}
		}
	}
	if r.Err != nil || uint64(len(table)) != n*recordSize || r.Off != len(sec) {
		return Expanded{}, errors.New("runs do not cover the table")
	}
	return Expanded{Addr: addr, Table: table}, nil
}
